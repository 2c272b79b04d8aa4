// Package guests keeps the reclaim codes of the players who come without
// an SSH key. Such a guest gets a made-up identity at every connection; the
// code shown on their screen lets them take it back (and their seats with
// it) after a dropped connection or a restart. The server asks the Book for
// a guest's code (CodeFor) and for the guest a typed code names (Claim);
// how often a client may guess is the server's per-address limit, not this
// package's.
package guests

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/store"
)

// Book maps reclaim codes to guest identities, so a guest whose
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
type Book struct {
	mu     sync.Mutex
	byHash map[codeHash]*entry
	byID   map[game.PlayerID]*entry
	now    func() time.Time
	ttl    time.Duration
	store  Store // nil: memory only
	log    *log.Logger
	// swept is when expired guests were last deleted from the store.
	swept time.Time
}

// Store is what the guest book needs of the store; *store.Store has it.
type Store interface {
	SaveGuest(g store.Guest) error
	TouchGuest(id game.PlayerID, at time.Time) error
	Guests(since time.Time) ([]store.Guest, error)
	ForgetGuests(before time.Time) (int, error)
}

var _ Store = (*store.Store)(nil)

type codeHash [sha256.Size]byte

type entry struct {
	id    game.PlayerID
	hash  codeHash
	code  string // the normalised code; "" when only its hash is known
	seen  time.Time
	saved time.Time // the seen time last written to the store
}

// TTL is how long a guest not seen is remembered.
const TTL = 7 * 24 * time.Hour

// touchEvery bounds how often a guest's last visit is written to the store:
// it only matters for forgetting them after TTL, so a write (an fsync)
// per connection would buy nothing.
const touchEvery = time.Hour

// New returns a book kept in st (nil: in memory only), loaded with
// the guests st remembers.
func New(st Store, logger *log.Logger) (*Book, error) {
	g := &Book{
		byHash: map[codeHash]*entry{},
		byID:   map[game.PlayerID]*entry{},
		now:    time.Now,
		ttl:    TTL,
		log:    logger,
	}
	if gs := st; gs != nil {
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
			e := &entry{id: sg.ID, hash: h, seen: sg.Seen, saved: sg.Seen}
			g.byHash[h] = e
			g.byID[sg.ID] = e
		}
	}
	return g, nil
}

// Alphabet is the codes' alphabet, the table codes' too: no 0/O or 1/I to
// confuse.
const Alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// CodeLen is the number of characters of a code (5 bits each).
const CodeLen = 8

// newCode returns a fresh normalised code: 8 characters, no dash.
func newCode() string {
	var b [CodeLen * 5 / 8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: no randomness for a reclaim code: %v", err))
	}
	bits := uint64(0)
	for _, c := range b {
		bits = bits<<8 | uint64(c)
	}
	out := make([]byte, CodeLen)
	for i := range out {
		out[i] = Alphabet[bits>>(5*(CodeLen-1-i))&31]
	}
	return string(out)
}

// Normalise turns what a player typed into a code's normal form
// (upper case, no dash or spaces); ok is false for anything that cannot be a
// code.
func Normalise(s string) (string, bool) {
	s = strings.ToUpper(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '-' || r == ' ':
			continue
		case r < 0x80 && strings.IndexByte(Alphabet, byte(r)) >= 0:
			b.WriteRune(r)
		default:
			return "", false
		}
		if b.Len() > CodeLen {
			return "", false
		}
	}
	if b.Len() != CodeLen {
		return "", false
	}
	return b.String(), true
}

// show is how a code is shown: K7QX-M2PD.
func show(code string) string {
	if len(code) != CodeLen {
		return code
	}
	return code[:CodeLen/2] + "-" + code[CodeLen/2:]
}

func hash(code string) codeHash {
	return sha256.Sum256([]byte("mysterium reclaim code\x00" + code))
}

// CodeFor returns the reclaim code of a guest, as shown, making one up the
// first time (or when only the hash of their code is known).
func (g *Book) CodeFor(id game.PlayerID) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if e, ok := g.byID[id]; ok && e.code != "" {
		g.touchLocked(e, now)
		return show(e.code)
	}
	g.expireLocked(now)
	var code string
	var h codeHash
	for {
		code = newCode()
		h = hash(code)
		if _, taken := g.byHash[h]; !taken {
			break
		}
	}
	e, ok := g.byID[id]
	if ok {
		delete(g.byHash, e.hash)
	} else {
		e = &entry{id: id}
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
	return show(code)
}

// Claim returns the guest identity behind a reclaim code (typed in any case,
// with or without the dash).
func (g *Book) Claim(typed string) (game.PlayerID, bool) {
	code, ok := Normalise(typed)
	if !ok {
		return "", false
	}
	h := hash(code)
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
func (g *Book) touchLocked(e *entry, now time.Time) {
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
func (g *Book) expireLocked(now time.Time) {
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
