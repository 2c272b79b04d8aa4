package server

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"

	"github.com/mysterium-ssh/mysterium/keys"
)

// keyLists are the key files a host keeps: --allow-keys (who may connect;
// no list lets everyone in) and --admin-keys (who may run the admins'
// commands). Both are read at start, again on SIGHUP (Server.ReloadKeys),
// and whenever a file changes (watch); a file that cannot be read keeps the
// previous list. Sessions read them at every authentication.
type keyLists struct {
	allowPath, adminPath string
	log                  *log.Logger

	// allow and admins hold *keys.KeySet (nil when not configured); atomic so
	// that reload can swap them while sessions read them.
	allow  atomic.Pointer[keys.KeySet]
	admins atomic.Pointer[keys.KeySet]
}

// reload re-reads both files; a file that cannot be read keeps its
// previous list and returns the error.
func (k *keyLists) reload() error {
	load := func(path string, into *atomic.Pointer[keys.KeySet], what string) error {
		if path == "" {
			into.Store(nil)
			return nil
		}
		if cur := into.Load(); cur != nil {
			// Reload in place, so the watcher (watch) keeps watching it.
			if err := cur.Reload(); err != nil {
				return fmt.Errorf("server: %s keys: %w", what, err)
			}
			return nil
		}
		ks, err := keys.LoadAuthorized(path)
		if err != nil {
			return fmt.Errorf("server: %s keys: %w", what, err)
		}
		into.Store(ks)
		return nil
	}
	return errors.Join(
		load(k.allowPath, &k.allow, "allowed"),
		load(k.adminPath, &k.admins, "admin"),
	)
}

// publicKeyAuth admits any public key, or only the allowed ones when an
// allowlist is configured. Identity is NOT taken here: this callback also runs
// for keys the client merely offers without proving it holds them; the
// identity is read from the session after authentication (identify).
func (k *keyLists) publicKeyAuth(_ ssh.Context, key ssh.PublicKey) bool {
	if allow := k.allowed(); allow != nil {
		return allow.Contains(key)
	}
	return true
}

// keyWatchInterval is how often the key files are checked for changes (a
// variable only so that a test need not wait 2 s for a reload).
var keyWatchInterval = 2 * time.Second

// watch re-reads the allow and admin files when they change (a host
// edits them without a restart; SIGHUP re-reads at once), until ctx ends. A broken
// file is logged and the previous keys stay.
func (k *keyLists) watch(ctx context.Context) {
	for what, ks := range map[string]*keys.KeySet{"allowed": k.allow.Load(), "admin": k.admins.Load()} {
		if ks == nil {
			continue
		}
		go ks.Watch(ctx, keyWatchInterval, func(err error) {
			if err != nil {
				k.log.Error("key file changed but cannot be used; the previous keys stay", "keys", what, "err", err)
				return
			}
			k.log.Info("key file reloaded", "keys", what, "path", ks.Path(), "count", ks.Len())
		})
	}
}

// allowed is the allowlist, nil when every key may connect.
func (k *keyLists) allowed() *keys.KeySet { return k.allow.Load() }

// adminList is the admins' keys, nil when there are none.
func (k *keyLists) adminList() *keys.KeySet { return k.admins.Load() }
