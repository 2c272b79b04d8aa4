package session

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// pureTable is a table for tests built straight on the pure engine: it
// implements what the session needs of a *table.Table and its
// Subscription (Submit, Next, Close) with no goroutine and no clock, so a
// test controls exactly which state each model sees.
type pureTable struct {
	mu       sync.Mutex
	st       *game.State
	code     string
	name     string
	version  uint64
	deadline time.Time
	changed  chan struct{}
	// seen records every view handed to each player, for the
	// hidden-information checks.
	seen map[game.PlayerID][]game.View
	// presence is what the updates say of each seated player's connection
	// (everyone present when not listed, as an empty map says nothing).
	presence map[game.PlayerID]game.Presence
	// cfg is what Config returns, as a *table.Table's would.
	cfg game.TableConfig
	// hold keeps a vision on its way until deliver, as a table does for
	// game.VisionHold; without it a vision arrives as soon as it is given,
	// as if the hold were over before anybody looked.
	hold bool
}

// deliver ends the hold of the vision on its way, as the table does.
func (p *pureTable) deliver(t *testing.T) {
	t.Helper()
	p.must(t, game.SystemPlayer, game.DeliverVision{})
}

// Config is the table's configuration (the session reads the bot takeover).
func (p *pureTable) Config() game.TableConfig { return p.cfg }

// setPresence changes one player's presence and announces it, as the
// actor does when a connection comes or goes.
func (p *pureTable) setPresence(pl game.PlayerID, pr game.Presence) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.presence == nil {
		p.presence = map[game.PlayerID]game.Presence{}
	}
	p.presence[pl] = pr
	p.bump()
}

func newPureTable(t *testing.T, opts game.Options, host game.PlayerID, seed uint64) *pureTable {
	t.Helper()
	st, err := game.New(opts, game.TestPools(), host, seed)
	if err != nil {
		t.Fatal(err)
	}
	return &pureTable{st: st, code: "K7QX", name: "Samhain at Warwick", version: 1,
		changed: make(chan struct{}), seen: map[game.PlayerID][]game.View{}}
}

func (p *pureTable) Submit(pl game.PlayerID, c game.Command) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := p.st.Apply(pl, c); err != nil {
		return err
	}
	if !p.hold && p.st.ViewFor("").Public().Sending != nil {
		if _, err := p.st.Apply(game.SystemPlayer, game.DeliverVision{}); err != nil {
			return err
		}
	}
	p.bump()
	return nil
}

func (p *pureTable) Announce(n game.Notice) error {
	return p.Submit(game.SystemPlayer, game.Announce{Notice: n})
}

func (p *pureTable) bump() {
	p.version++
	close(p.changed)
	p.changed = make(chan struct{})
}

// must applies commands that a test scenario needs to succeed.
func (p *pureTable) must(t *testing.T, pl game.PlayerID, cs ...game.Command) {
	t.Helper()
	for _, c := range cs {
		if err := p.Submit(pl, c); err != nil {
			t.Fatalf("%s %s: %v", pl, c.Type(), err)
		}
	}
}

func (p *pureTable) update(pl game.PlayerID) game.Update {
	p.mu.Lock()
	defer p.mu.Unlock()
	v := p.st.ViewFor(pl)
	p.seen[pl] = append(p.seen[pl], v)
	pres := map[game.PlayerID]game.Presence{}
	for k, v := range p.presence {
		pres[k] = v
	}
	return game.Update{Code: p.code, Name: p.name, Version: p.version, View: v, Deadline: p.deadline,
		Presence: pres}
}

type pureSub struct {
	t      *pureTable
	p      game.PlayerID
	seen   uint64
	mu     sync.Mutex
	closed bool
}

func (p *pureTable) subscribe(pl game.PlayerID) *pureSub { return &pureSub{t: p, p: pl} }

func (s *pureSub) Next(ctx context.Context) (game.Update, error) {
	for {
		s.mu.Lock()
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return game.Update{}, errors.New("closed")
		}
		s.t.mu.Lock()
		v, ch := s.t.version, s.t.changed
		s.t.mu.Unlock()
		if v > s.seen {
			s.seen = v
			return s.t.update(s.p), nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return game.Update{}, ctx.Err()
		}
	}
}

func (s *pureSub) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.t.mu.Lock()
	s.t.bump()
	s.t.mu.Unlock()
}

// Players of the test scenarios.
const (
	pGhost game.PlayerID = "SHA256:ghost"
	pAnn   game.PlayerID = "SHA256:ann"
	pBen   game.PlayerID = "SHA256:ben"
	pCat   game.PlayerID = "SHA256:cat"
	pDan   game.PlayerID = "SHA256:dan"
	pWatch game.PlayerID = "SHA256:watcher"
)

var names = map[game.PlayerID]string{pGhost: "gwen", pAnn: "ann", pBen: "ben", pCat: "cat", pDan: "dan", pWatch: "walt"}

// seatScenario is a classic table during seating: gwen hosts and is the
// ghost, ann and ben sit as yellow and red, one bot as blue.
func seatScenario(t *testing.T) *pureTable {
	pt := newPureTable(t, game.DefaultOptions(game.Classic), pGhost, 7)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Yellow), Name: "ann"})
	pt.must(t, pBen, game.Sit{Seat: game.SeatOf(game.Red), Name: "ben"})
	pt.must(t, pGhost, game.SetBot{Seat: game.SeatOf(game.Blue), On: true})
	return pt
}

// playScenario is a started classic game with five humans (clairvoyance on).
func playScenario(t *testing.T, opts game.Options) *pureTable {
	pt := newPureTable(t, opts, pGhost, 7)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"})
	pt.must(t, pBen, game.Sit{Seat: game.SeatOf(game.Yellow), Name: "ben"})
	pt.must(t, pCat, game.Sit{Seat: game.SeatOf(game.Red), Name: "cat"})
	pt.must(t, pDan, game.Sit{Seat: game.SeatOf(game.Blue), Name: "dan"})
	pt.must(t, pGhost, game.Start{})
	return pt
}

// modelAt is a session for player p looking at the pure table, fed its
// first update.
func modelAt(t *testing.T, pt *pureTable, p game.PlayerID, w, h int) *Model {
	t.Helper()
	who := Identity{ID: p, Name: names[p], Fingerprint: string(p)}
	m := newTestModel(t, newFakeHub(), who, w, h)
	m.attach(pt.code, pt, nil, false)
	refresh(m, pt)
	return m
}

// refresh hands the model the newest update, as the pump would.
func refresh(m *Model, pt *pureTable) {
	m.Update(state.UpdateMsg{Gen: m.gen, U: pt.update(m.sh.Who.ID)})
}

// act presses keys, runs the submit a key may return, feeds its result
// back, then refreshes the view. It returns the submit's error, if any.
func act(t *testing.T, m *Model, pt *pureTable, keys ...string) error {
	t.Helper()
	var err error
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		// Run the submit a key returned, and the next queued one its answer
		// returns, until the queue is empty.
		for cmd != nil {
			msg, ok := runQuick(cmd).(state.SubmitMsg)
			if !ok {
				break
			}
			_, cmd = m.Update(msg)
			if msg.Err != nil {
				err = msg.Err
			}
		}
		refresh(m, pt)
	}
	return err
}

// runQuick runs a command that returns at once (a submit); commands that
// would wait (ticks, the pump) are not run.
func runQuick(cmd tea.Cmd) tea.Msg {
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		return msg
	case <-time.After(200 * time.Millisecond):
		return nil
	}
}

// ghostGiveAll has the ghost give every waiting psychic the first card of
// the hand, straight through the engine.
func ghostGiveAll(t *testing.T, pt *pureTable) {
	t.Helper()
	for {
		v := pt.st.ViewFor(pGhost).(*game.GhostView)
		var to []game.Colour
		for _, c := range v.WaitingVisions {
			if v.Sending == nil || v.Sending.Psychic != c {
				to = append(to, c)
			}
		}
		if len(to) == 0 {
			return // none, or only the vision on its way (pt.hold)
		}
		pt.must(t, pGhost, game.GiveVision{To: to[0], Cards: v.Hand[:1]})
	}
}

// playRandomly plays legal commands for every seat until the game ends
// or the step budget runs out; the same seed gives the same game.
func playRandomly(t *testing.T, pt *pureTable, seed uint64, steps int, stop func() bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	players := []game.PlayerID{pGhost, pAnn, pBen, pCat, pDan}
	for i := 0; i < steps && pt.st.Phase() != game.PhaseFinished; i++ {
		if stop != nil && stop() {
			return
		}
		p := players[rng.IntN(len(players))]
		cmds := pt.st.LegalCommands(p)
		var usable []game.Command
		for _, c := range cmds {
			switch c.(type) {
			case game.Chat, game.TakeToken, game.Discard:
				continue
			}
			usable = append(usable, c)
		}
		if len(usable) == 0 {
			continue
		}
		_ = pt.Submit(p, usable[rng.IntN(len(usable))])
	}
}

// playToFinal plays perfect rounds (each psychic puts the intuition on
// the trail card) until the final phase; with culprit and shared it also
// has the ghost choose group 1 and give three cards.
func playToFinal(t *testing.T, pt *pureTable, shared bool) {
	t.Helper()
	psychics := map[game.Colour]game.PlayerID{}
	for _, s := range pt.st.ViewFor(pGhost).Public().Seats {
		for _, c := range s.Colours {
			psychics[c] = s.Player
		}
	}
	for i := 0; i < 40; i++ {
		g := pt.st.ViewFor(pGhost).(*game.GhostView)
		switch g.Phase {
		case game.PhaseVision:
			ghostGiveAll(t, pt)
			g = pt.st.ViewFor(pGhost).(*game.GhostView)
			for _, tr := range g.Trails {
				p := g.Psychic(tr.Psychic)
				if p.Finished {
					continue
				}
				pt.must(t, psychics[tr.Psychic], game.PlaceIntuition{Psychic: tr.Psychic, Card: tr.Cards[p.Category]},
					game.SetReady{Psychic: tr.Psychic, Ready: true})
			}
		case game.PhaseReveal:
			pt.must(t, pGhost, game.RevealAll{})
		case game.PhaseCulprit:
			if !shared {
				return
			}
			if !g.Final.CulpritSet {
				pt.must(t, pGhost, game.ChooseCulprit{Group: 1})
				continue
			}
			pt.must(t, pGhost, game.GiveSharedVision{Cards: g.Hand[:3]})
		default:
			return
		}
	}
}

// voteAll has every psychic who must vote vote for group.
func voteAll(t *testing.T, pt *pureTable, group int) {
	t.Helper()
	for i := 0; i < 10; i++ {
		g := pt.st.ViewFor(pGhost)
		if g.Public().Phase != game.PhaseVote {
			return
		}
		for _, c := range g.Public().Final.MustVote {
			for _, s := range g.Public().Seats {
				for _, sc := range s.Colours {
					if sc == c {
						pt.must(t, s.Player, game.Vote{Group: group})
					}
				}
			}
		}
	}
}
