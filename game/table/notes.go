package table

import (
	"sort"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Marks and notes are a psychic's scribbles, not moves: they change no rule
// and nobody else sees them during the game. A psychic who toggles a mark
// with every key press must not make the journal grow with each one (1,239
// rows in 30 s once), so the table keeps them as the latest value per
// player and card, and journals that value coalesced:
//
//   - A Mark or Note is applied to the state at once (its player sees it at
//     once) but not journaled; the table remembers which player's cards
//     changed, and what they were when last journaled.
//   - The changes are journaled, as one Mark and/or one Note per card whose
//     value differs from the one journaled (a mark put on and taken off
//     again writes nothing), notesEvery after the first of them, before any
//     other command is journaled (so the journal keeps the order of what
//     happened), and when the table stops.
//
// What this promises: every move that matters to the game is on disk before
// anyone sees it, as before; marks and notes are on disk within notesEvery,
// so a kill -9 or a power cut loses at most the last notesEvery of them
// (never a move), and a clean stop loses none. The state holds one mark and
// one note per player and card, so they are bounded as well.

// notesEvery is how long a mark or note may wait to be journaled.
const notesEvery = 5 * time.Second

// noteQueue is the marks and notes not journaled yet: what each changed
// card held when last journaled, and when they are journaled at the latest.
type noteQueue struct {
	notesWas map[noteKey]game.CardNote
	notesAt  time.Time
}

// noteKey is one player's card.
type noteKey struct {
	p    game.PlayerID
	card game.CardID
}

// privateCard is the card a private command is about.
func privateCard(c game.Command) game.CardID {
	switch c := game.Deref(c).(type) {
	case game.Mark:
		return c.Card
	case game.Note:
		return c.Card
	}
	return ""
}

// applyPrivate applies a mark or note without journaling it, remembering
// what its card held when last journaled.
func (t *Table) applyPrivate(p game.PlayerID, cmd game.Command) error {
	key := noteKey{p: p, card: privateCard(cmd)}
	before := t.state.NoteOf(p, key.card)
	if _, err := t.state.Apply(p, cmd); err != nil {
		return err
	}
	if _, ok := t.notesWas[key]; !ok {
		t.notesWas[key] = before
	}
	if t.notesAt.IsZero() {
		t.notesAt = t.now.Add(notesEvery)
	}
	return nil
}

// flushNotes journals the marks and notes that changed since they were last
// journaled (see above). On a journal failure what is not written stays to
// be written, and the error is returned.
func (t *Table) flushNotes() error {
	if len(t.notesWas) == 0 {
		return nil
	}
	keys := make([]noteKey, 0, len(t.notesWas))
	for k := range t.notesWas {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].p != keys[j].p {
			return keys[i].p < keys[j].p
		}
		return keys[i].card < keys[j].card
	})
	for _, k := range keys {
		was := t.notesWas[k]
		now := t.state.NoteOf(k.p, k.card)
		if now.Out != was.Out {
			if err := t.record(k.p, game.Mark{Card: k.card, Out: now.Out}); err != nil {
				return err
			}
			was.Out = now.Out
			t.notesWas[k] = was
		}
		if now.Text != was.Text {
			if err := t.record(k.p, game.Note{Card: k.card, Text: now.Text}); err != nil {
				return err
			}
		}
		delete(t.notesWas, k)
	}
	t.notesAt = time.Time{}
	return nil
}

// record journals a command the state already holds (a coalesced mark or
// note) and adds it to the history.
func (t *Table) record(p game.PlayerID, cmd game.Command) error {
	data, err := game.MarshalCommand(cmd)
	if err != nil {
		return err
	}
	e := game.JournalEntry{Table: t.cfg.Code, Seq: uint64(len(t.history)) + 1, Player: p, Command: data, At: t.now}
	if t.cfg.Journal != nil {
		if err := t.cfg.Journal.Append(e); err != nil {
			t.unsaved = true
			return &game.SaveError{Table: t.cfg.Code, Err: err}
		}
	}
	t.saved()
	t.history = append(t.history, e)
	return nil
}
