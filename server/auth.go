package server

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/keys"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session"
)

// extGuest is the permissions extension the keyboard-interactive handler sets
// to the guest identity it made up for the connection. Permissions returned by
// the auth callback that succeeded are the ones golang.org/x/crypto/ssh keeps,
// so a guest id can never be attached to a connection that signed with a key.
const extGuest = "mysterium-guest"

// publicKeyAuth admits any public key, or only the allowed ones when an
// allowlist is configured. Identity is NOT taken here: this callback also runs
// for keys the client merely offers without proving it holds them; the
// identity is read from the session after authentication (identify).
func (s *Server) publicKeyAuth(_ ssh.Context, key ssh.PublicKey) bool {
	if allow := s.allowKeys(); allow != nil {
		return allow.Contains(key)
	}
	return true
}

// keyboardInteractiveAuth lets clients without a key in as guests, without
// asking anything. With an allowlist, it refuses them politely instead: the
// instruction text is the only place SSH lets a server explain a refusal.
func (s *Server) keyboardInteractiveAuth(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	if s.allowKeys() != nil {
		_, _ = challenge("mysterium", "This server only admits the keys on its list. Ask its host to add yours.", nil, nil)
		return false
	}
	perms := ctx.Permissions()
	if perms.Extensions == nil {
		perms.Extensions = map[string]string{}
	}
	perms.Extensions[extGuest] = newGuestID()
	return true
}

// newGuestID returns a fresh, unguessable guest identity.
func newGuestID() string {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: no randomness for a guest id: %v", err))
	}
	return "guest:" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// errNoIdentity means a session reached the handler without a key or a guest
// id, which the auth callbacks make impossible; it is checked anyway so that a
// future change there fails closed.
var errNoIdentity = errors.New("server: session has neither a public key nor a guest identity")

// identify establishes who a session is, after authentication: the SHA256
// fingerprint of the key that signed (sess.PublicKey is set from the
// permissions of the auth method that succeeded), or the guest id the
// keyboard-interactive handler attached. The SSH user name is only the
// display name, sanitised, and only on a first visit: a name the player is
// known by (chosen in the lobby, kept in their profile) wins.
func (s *Server) identify(sess ssh.Session) (session.Identity, error) {
	who := session.Identity{Name: sanitize.Name(sess.User())}
	if pk := sess.PublicKey(); pk != nil {
		fp := keys.Fingerprint(pk)
		who.ID = game.PlayerID(fp)
		who.Fingerprint = fp
		if admins := s.adminKeys(); admins != nil && admins.Contains(pk) {
			who.Admin = true
		}
	} else if g := sess.Permissions().Extensions[extGuest]; g != "" {
		who.ID = game.PlayerID(g)
		who.Guest = true
		who.Claim = s.guests.codeFor(who.ID)
	} else {
		return who, errNoIdentity
	}
	who.Name = s.hub.welcome(who.ID, who.Name)
	return who, nil
}

// guestBook maps reclaim codes to guest identities, so a guest whose
// connection dropped can take their seat back with `ssh -t host CODE claim
// 4821`. Codes are four digits, as the design shows them: easy to read off a
// screen and type, and the connection rate limit makes guessing one slow
// (and a code only matters while its guest has a seat).
type guestBook struct {
	mu     sync.Mutex
	byCode map[string]guestEntry
	byID   map[game.PlayerID]string
	now    func() time.Time
	ttl    time.Duration
}

type guestEntry struct {
	id   game.PlayerID
	seen time.Time
}

func newGuestBook() *guestBook {
	return &guestBook{
		byCode: map[string]guestEntry{},
		byID:   map[game.PlayerID]string{},
		now:    time.Now,
		ttl:    7 * 24 * time.Hour,
	}
}

// codeFor returns the reclaim code of a guest, making one up the first time.
func (g *guestBook) codeFor(id game.PlayerID) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if c, ok := g.byID[id]; ok {
		g.byCode[c] = guestEntry{id: id, seen: now}
		return c
	}
	g.expireLocked(now)
	for {
		var b [2]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(fmt.Sprintf("server: no randomness for a reclaim code: %v", err))
		}
		c := fmt.Sprintf("%04d", (int(b[0])<<8|int(b[1]))%10000)
		if _, taken := g.byCode[c]; taken {
			if len(g.byCode) >= 9000 {
				// Nearly every code is taken: recycle the oldest rather than loop.
				g.dropOldestLocked()
			}
			continue
		}
		g.byCode[c] = guestEntry{id: id, seen: now}
		g.byID[id] = c
		return c
	}
}

// claim returns the guest identity behind a reclaim code.
func (g *guestBook) claim(code string) (game.PlayerID, bool) {
	code = strings.TrimSpace(code)
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.byCode[code]
	if !ok {
		return "", false
	}
	e.seen = g.now()
	g.byCode[code] = e
	return e.id, true
}

func (g *guestBook) expireLocked(now time.Time) {
	for c, e := range g.byCode {
		if now.Sub(e.seen) > g.ttl {
			delete(g.byCode, c)
			delete(g.byID, e.id)
		}
	}
}

func (g *guestBook) dropOldestLocked() {
	var oc string
	var ot time.Time
	for c, e := range g.byCode {
		if oc == "" || e.seen.Before(ot) {
			oc, ot = c, e.seen
		}
	}
	if oc != "" {
		delete(g.byID, g.byCode[oc].id)
		delete(g.byCode, oc)
	}
}
