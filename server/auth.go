package server

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/keys"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/server/store"
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

// guestBook maps reclaim codes to guest identities, so a guest whose
// connection dropped (or whose server restarted) can take their identity,
// and with it their seats, back with `ssh -t host CODE claim K7QX-M2PD`.
//
// A code is a bearer secret for a seat: whoever has it plays it, and a
// psychic who claimed the ghost's seat would see every secret. So it is 8
// characters of the table codes' alphabet (40 random bits), shown as two
// groups of four: easy to read off a screen and type, accepted in any case
// with or without the dash, and far beyond guessing at the rate the failed
// claims limit allows (Limits.ClaimFailuresPerIP).
//
// With a store, the book is written through to it (a guest is durable before
// their code is shown) and loaded from it at start, so guests outlive a
// restart. Only a hash of each code is kept, in memory as on disk; the code
// itself is remembered only once this process has shown it or been given it
// in a claim, so that it can be shown again. (A guest loaded from the store
// comes back only through a claim, which gives the code; were their code
// asked for before that, they would get a new one.)
type guestBook struct {
	mu     sync.Mutex
	byHash map[codeHash]*guestEntry
	byID   map[game.PlayerID]*guestEntry
	now    func() time.Time
	ttl    time.Duration
	store  guestStore // nil: memory only
	log    *log.Logger
	// swept is when expired guests were last deleted from the store.
	swept time.Time
}

// guestStore is what the guest book needs of the store; *store.Store has it.
type guestStore interface {
	SaveGuest(g store.Guest) error
	TouchGuest(id game.PlayerID, at time.Time) error
	Guests(since time.Time) ([]store.Guest, error)
	ForgetGuests(before time.Time) (int, error)
}

var _ guestStore = (*store.Store)(nil)

type codeHash [sha256.Size]byte

type guestEntry struct {
	id    game.PlayerID
	hash  codeHash
	code  string // the normalised code; "" when only its hash is known
	seen  time.Time
	saved time.Time // the seen time last written to the store
}

// guestTTL is how long a guest not seen is remembered.
const guestTTL = 7 * 24 * time.Hour

// touchEvery bounds how often a guest's last visit is written to the store:
// it only matters for forgetting them after guestTTL, so a write (an fsync)
// per connection would buy nothing.
const touchEvery = time.Hour

// newGuestBook returns a book kept in st (nil: in memory only), loaded with
// the guests st remembers.
func newGuestBook(st Store, logger *log.Logger) (*guestBook, error) {
	g := &guestBook{
		byHash: map[codeHash]*guestEntry{},
		byID:   map[game.PlayerID]*guestEntry{},
		now:    time.Now,
		ttl:    guestTTL,
		log:    logger,
	}
	if gs, ok := st.(guestStore); ok {
		g.store = gs
		now := g.now()
		if _, err := gs.ForgetGuests(now.Add(-g.ttl)); err != nil {
			return nil, fmt.Errorf("server: guests: %w", err)
		}
		g.swept = now
		saved, err := gs.Guests(now.Add(-g.ttl))
		if err != nil {
			return nil, fmt.Errorf("server: guests: %w", err)
		}
		for _, sg := range saved {
			var h codeHash
			if copy(h[:], sg.CodeHash) != len(h) {
				continue // not a hash this server wrote
			}
			e := &guestEntry{id: sg.ID, hash: h, seen: sg.Seen, saved: sg.Seen}
			g.byHash[h] = e
			g.byID[sg.ID] = e
		}
	}
	return g, nil
}

// reclaimAlphabet is the table codes' alphabet: no 0/O or 1/I to confuse.
const reclaimAlphabet = codeAlphabet

// reclaimLen is the number of characters of a code (5 bits each).
const reclaimLen = 8

// newReclaimCode returns a fresh normalised code: 8 characters, no dash.
func newReclaimCode() string {
	var b [reclaimLen * 5 / 8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: no randomness for a reclaim code: %v", err))
	}
	bits := uint64(0)
	for _, c := range b {
		bits = bits<<8 | uint64(c)
	}
	out := make([]byte, reclaimLen)
	for i := range out {
		out[i] = reclaimAlphabet[bits>>(5*(reclaimLen-1-i))&31]
	}
	return string(out)
}

// normaliseReclaim turns what a player typed into a code's normal form
// (upper case, no dash or spaces); ok is false for anything that cannot be a
// code.
func normaliseReclaim(s string) (string, bool) {
	s = strings.ToUpper(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '-' || r == ' ':
			continue
		case r < 0x80 && strings.IndexByte(reclaimAlphabet, byte(r)) >= 0:
			b.WriteRune(r)
		default:
			return "", false
		}
		if b.Len() > reclaimLen {
			return "", false
		}
	}
	if b.Len() != reclaimLen {
		return "", false
	}
	return b.String(), true
}

// showReclaim is how a code is shown: K7QX-M2PD.
func showReclaim(code string) string {
	if len(code) != reclaimLen {
		return code
	}
	return code[:reclaimLen/2] + "-" + code[reclaimLen/2:]
}

func hashReclaim(code string) codeHash {
	return sha256.Sum256([]byte("mysterium reclaim code\x00" + code))
}

// codeFor returns the reclaim code of a guest, as shown, making one up the
// first time (or when only the hash of their code is known).
func (g *guestBook) codeFor(id game.PlayerID) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if e, ok := g.byID[id]; ok && e.code != "" {
		g.touchLocked(e, now)
		return showReclaim(e.code)
	}
	g.expireLocked(now)
	var code string
	var h codeHash
	for {
		code = newReclaimCode()
		h = hashReclaim(code)
		if _, taken := g.byHash[h]; !taken {
			break
		}
	}
	e, ok := g.byID[id]
	if ok {
		delete(g.byHash, e.hash)
	} else {
		e = &guestEntry{id: id}
		g.byID[id] = e
	}
	e.hash, e.code, e.seen, e.saved = h, code, now, now
	g.byHash[h] = e
	if g.store != nil {
		// Before the code is shown: a code promised to keep the seat must
		// still work after a crash.
		if err := g.store.SaveGuest(store.Guest{ID: id, CodeHash: h[:], Created: now, Seen: now}); err != nil {
			g.log.Error("guest not saved: their reclaim code works until the server restarts", "id", id, "err", err)
		}
	}
	return showReclaim(code)
}

// claim returns the guest identity behind a reclaim code (typed in any case,
// with or without the dash).
func (g *guestBook) claim(typed string) (game.PlayerID, bool) {
	code, ok := normaliseReclaim(typed)
	if !ok {
		return "", false
	}
	h := hashReclaim(code)
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.byHash[h]
	if !ok {
		return "", false
	}
	e.code = code // known again: it can be shown to its guest
	g.touchLocked(e, g.now())
	return e.id, true
}

// touchLocked records a visit of e's guest, in the store at most every
// touchEvery.
func (g *guestBook) touchLocked(e *guestEntry, now time.Time) {
	e.seen = now
	if g.store == nil || now.Sub(e.saved) < touchEvery {
		return
	}
	e.saved = now
	if err := g.store.TouchGuest(e.id, now); err != nil {
		g.log.Error("guest visit not saved", "id", e.id, "err", err)
	}
}

// expireLocked forgets the guests not seen for ttl, in the store at most
// every touchEvery.
func (g *guestBook) expireLocked(now time.Time) {
	for id, e := range g.byID {
		if now.Sub(e.seen) > g.ttl {
			delete(g.byHash, e.hash)
			delete(g.byID, id)
		}
	}
	if g.store != nil && now.Sub(g.swept) >= touchEvery {
		g.swept = now
		if _, err := g.store.ForgetGuests(now.Add(-g.ttl)); err != nil {
			g.log.Error("forget old guests", "err", err)
		}
	}
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
