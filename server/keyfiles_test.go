package server_test

// Tests of the allow (--allow-keys) and admin (--admin-keys) key files
// through real SSH connections: who gets in, who is an admin, what a reload
// (SIGHUP) changes, and that both are decided by the key that signed, never
// by a key that was merely offered.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// roleModel shows the identity the server gave the session, admin flag included.
type roleModel struct{ who session.Identity }

func newRoleModel(_ context.Context, _ session.Hub, who session.Identity, _ session.Start, _ *term.Renderer, _, _ int) term.Model {
	return roleModel{who: who}
}

func (m roleModel) Init() tea.Cmd                        { return nil }
func (m roleModel) Update(tea.Msg) (term.Model, tea.Cmd) { return m, nil }
func (m roleModel) View() string {
	return fmt.Sprintf("WHO id=%s\nadmin=%v guest=%v", m.who.ID, m.who.Admin, m.who.Guest)
}

// writeKeyFile writes an authorized_keys file with a comment, a blank line,
// and options on the first key, as admins write them.
func writeKeyFile(t *testing.T, path string, ks ...sshtest.Key) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# friends of the house\n\n")
	for i, k := range ks {
		if i == 0 {
			b.WriteString(`no-port-forwarding,from="127.0.0.1" `)
		}
		b.WriteString(strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k.Signer.PublicKey()))))
		fmt.Fprintf(&b, " player%d@laptop\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// role connects with o and returns the session's WHO screen.
func role(t *testing.T, addr string, o sshtest.Options) string {
	t.Helper()
	o.Pty = true
	c := sshtest.Dial(t, addr, o)
	c.WaitFor("guest=", wait)
	text := c.Screen.Text()
	c.Close()
	return text[strings.Index(text, "WHO"):]
}

func refused(t *testing.T, addr string, o sshtest.Options) bool {
	t.Helper()
	o.Pty = true
	c, err := sshtest.DialErr(t, addr, o)
	if err != nil {
		return true
	}
	c.Close()
	return false
}

func TestAllowKeysAdmitOnlyListedKeys(t *testing.T) {
	dir := t.TempDir()
	allow := filepath.Join(dir, "allow_keys")
	friend, other, stranger := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	writeKeyFile(t, allow, friend, other)
	h := start(t, server.Config{NewModel: newRoleModel, AllowKeysFile: allow})

	if got := role(t, h.addr, sshtest.Options{Key: &friend}); !strings.Contains(got, "id="+friend.Fingerprint()) {
		t.Errorf("listed key: %q", got)
	}
	if got := role(t, h.addr, sshtest.Options{Key: &other}); !strings.Contains(got, "id="+other.Fingerprint()) {
		t.Errorf("second listed key: %q", got)
	}
	if !refused(t, h.addr, sshtest.Options{Key: &stranger}) {
		t.Error("a key that is not on the list got in")
	}
	if !refused(t, h.addr, sshtest.Options{}) {
		t.Error("a guest without a key got in despite the allow list")
	}
	// Without a list everyone gets in (the same keys, a fresh server).
	open := start(t, server.Config{NewModel: newRoleModel})
	if got := role(t, open.addr, sshtest.Options{Key: &stranger}); !strings.Contains(got, "id="+stranger.Fingerprint()) {
		t.Errorf("no allow list, stranger: %q", got)
	}
}

func TestAllowKeysReload(t *testing.T) {
	dir := t.TempDir()
	allow := filepath.Join(dir, "allow_keys")
	alice, bob := sshtest.NewKey(t), sshtest.NewKey(t)
	writeKeyFile(t, allow, alice)
	h := start(t, server.Config{NewModel: newRoleModel, AllowKeysFile: allow})
	if refused(t, h.addr, sshtest.Options{Key: &alice}) || !refused(t, h.addr, sshtest.Options{Key: &bob}) {
		t.Fatal("initial list not applied")
	}

	// The host swaps alice for bob and sends SIGHUP.
	writeKeyFile(t, allow, bob)
	if err := h.srv.ReloadKeys(); err != nil {
		t.Fatal(err)
	}
	if !refused(t, h.addr, sshtest.Options{Key: &alice}) {
		t.Error("alice still gets in after being removed")
	}
	if refused(t, h.addr, sshtest.Options{Key: &bob}) {
		t.Error("bob is refused after being added")
	}

	// A typo: the reload fails with the line number and bob keeps access.
	if err := os.WriteFile(allow, []byte(string(gossh.MarshalAuthorizedKey(bob.Signer.PublicKey()))+"ssh-ed25519 AAAA-oops\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := h.srv.ReloadKeys()
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), allow) {
		t.Fatalf("reload of a broken file: %v", err)
	}
	if refused(t, h.addr, sshtest.Options{Key: &bob}) {
		t.Error("a broken reload locked bob out")
	}
	if !refused(t, h.addr, sshtest.Options{Key: &alice}) {
		t.Error("a broken reload let alice back in")
	}
}

func TestAdminKeys(t *testing.T) {
	dir := t.TempDir()
	admins := filepath.Join(dir, "admin_keys")
	boss, player := sshtest.NewKey(t), sshtest.NewKey(t)
	writeKeyFile(t, admins, boss)
	h := start(t, server.Config{NewModel: newRoleModel, AdminKeysFile: admins})

	if got := role(t, h.addr, sshtest.Options{Key: &boss}); !strings.Contains(got, "admin=true") {
		t.Errorf("admin key: %q", got)
	}
	if got := role(t, h.addr, sshtest.Options{Key: &player}); !strings.Contains(got, "admin=false") {
		t.Errorf("player key: %q", got)
	}
	// An admin file is not an allow list: guests still get in, not as admins.
	if got := role(t, h.addr, sshtest.Options{}); !strings.Contains(got, "admin=false guest=true") {
		t.Errorf("guest: %q", got)
	}
	// The user name means nothing: "admin" with a player key is a player.
	if got := role(t, h.addr, sshtest.Options{User: "admin", Key: &player}); !strings.Contains(got, "admin=false") {
		t.Errorf("user name admin: %q", got)
	}

	// Reload: the boss hands over to the player.
	writeKeyFile(t, admins, player)
	if err := h.srv.ReloadKeys(); err != nil {
		t.Fatal(err)
	}
	if got := role(t, h.addr, sshtest.Options{Key: &boss}); !strings.Contains(got, "admin=false") {
		t.Errorf("removed admin: %q", got)
	}
	if got := role(t, h.addr, sshtest.Options{Key: &player}); !strings.Contains(got, "admin=true") {
		t.Errorf("new admin: %q", got)
	}
}

func TestBrokenKeyFileStopsTheStart(t *testing.T) {
	dir := t.TempDir()
	for _, which := range []string{"allow", "admin"} {
		path := filepath.Join(dir, which+"_keys")
		if err := os.WriteFile(path, []byte("# ok\nnot a key\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := server.Config{DataDir: t.TempDir(), Listen: "127.0.0.1:0", NewModel: newRoleModel}
		if which == "allow" {
			cfg.AllowKeysFile = path
		} else {
			cfg.AdminKeysFile = path
		}
		_, err := server.New(cfg)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%s file with a bad line: err = %v, want the path and line 2", which, err)
		}
	}
	_, err := server.New(server.Config{DataDir: t.TempDir(), Listen: "127.0.0.1:0", NewModel: newRoleModel, AllowKeysFile: filepath.Join(dir, "missing")})
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing allow file: err = %v", err)
	}
}

// offerOnly is a signer for a key the client does not hold: the server sees
// the public key offered (the "may I use this key?" query, which needs no
// signature and which the server answers yes), and then the client cannot
// sign, gives up on public keys, and falls back to keyboard-interactive. This
// is the pattern of CVE-2024-45337: a server that remembers the last key its
// public-key callback approved would take this client for the key's owner.
type offerOnly struct{ pub gossh.PublicKey }

func (o offerOnly) PublicKey() gossh.PublicKey { return o.pub }
func (o offerOnly) Sign(io.Reader, []byte) (*gossh.Signature, error) {
	return nil, errors.New("no private key here")
}

// TestOfferedKeysGrantNothing: public keys are public, so anyone can offer
// the admin's. The admin role, the identity and the allow list must follow
// only a key whose owner signed.
func TestOfferedKeysGrantNothing(t *testing.T) {
	dir := t.TempDir()
	admins := filepath.Join(dir, "admin_keys")
	allow := filepath.Join(dir, "allow_keys")
	boss := sshtest.NewKey(t)
	writeKeyFile(t, admins, boss)
	writeKeyFile(t, allow, boss)

	offerThenGuest := []gossh.AuthMethod{
		gossh.PublicKeys(offerOnly{boss.Signer.PublicKey()}),
		gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil }),
	}

	h := start(t, server.Config{NewModel: newRoleModel, AdminKeysFile: admins})
	got := role(t, h.addr, sshtest.Options{Auth: offerThenGuest})
	if strings.Contains(got, boss.Fingerprint()) || !strings.Contains(got, "admin=false guest=true") {
		t.Errorf("offering the admin's key, then logging in as a guest, gave %q", got)
	}

	g := start(t, server.Config{NewModel: newRoleModel, AllowKeysFile: allow})
	if !refused(t, g.addr, sshtest.Options{Auth: offerThenGuest}) {
		t.Error("offering an allowed key without its private half got in")
	}
}
