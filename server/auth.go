package server

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/keys"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/session"
)

// extGuest is the permissions extension the keyboard-interactive handler sets
// to the guest identity it made up for the connection. Permissions returned by
// the auth callback that succeeded are the ones golang.org/x/crypto/ssh keeps,
// so a guest id can never be attached to a connection that signed with a key.
const extGuest = "mysterium-guest"

// keyboardInteractiveAuth lets clients without a key in as guests, without
// asking anything. With an allowlist, it refuses them politely instead: the
// instruction text is the only place SSH lets a server explain a refusal.
func (s *Server) keyboardInteractiveAuth(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	if s.keys.allowed() != nil {
		s.metrics.Refuse(metrics.NotListed)
		_, _ = challenge("mysterium", inEveryLang(notListed), nil, nil)
		return false
	}
	perms := ctx.Permissions()
	if perms.Extensions == nil {
		perms.Extensions = map[string]string{}
	}
	perms.Extensions[extGuest] = newGuestID()
	return true
}

// notListed refuses a client without a listed key. It is said during
// authentication, before the client sends its LANG, hence in every language.
var notListed = i18n.N("This server only admits the keys on its list. Ask its host to add yours.")

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
		if admins := s.keys.adminList(); admins != nil && admins.Contains(pk) {
			who.Admin = true
		}
	} else if g := sess.Permissions().Extensions[extGuest]; g != "" {
		who.ID = game.PlayerID(g)
		who.Guest = true
		// The reclaim code is made when the session is headed for a
		// screen (parseStart): a plain command needs none.
	} else {
		return who, errNoIdentity
	}
	who.Name = s.hub.welcome(who.ID, who.Name)
	who.Lang = s.hub.langFor(who.ID, sess.Environ())
	return who, nil
}

// takeOver ends every live session of a guest identity that a new connection
// just claimed: one seat, one player. The newest claim wins, as the one
// holding the code now is the one at the keyboard.
func (s *Server) takeOver(id game.PlayerID) int {
	n := 0
	for _, ls := range s.live() {
		if ls.who.ID == id {
			ls.end(endReclaimed)
			n++
		}
	}
	return n
}
