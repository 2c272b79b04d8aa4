package session

import (
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/pictures"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
)

// frameMemo is the last frame View() drew and the inputs it was drawn
// from. Bubble Tea calls View() after every message — each key, each
// timer tick, each table update — and most of those change nothing on
// screen; at 1,000 sessions redrawing them from scratch was the largest
// share of the server's CPU (docs/performance.md). View() returns the
// remembered frame while its key is unchanged.
//
// What invalidates it: any change of a frameKey field, which holds every
// input the drawing code reads (see frameKey). It is per model, so it is
// touched only by the session's Bubble Tea loop: no lock, no sharing, and
// freed with the session. TestFrameMemoNeverStale checks, screen by screen
// and key by key, that the remembered frame always equals a fresh drawing.
type frameMemo struct {
	key   frameKey
	frame string
	pics  term.Pictures // the cards of frame drawn as images
	ok    bool
}

// frameKey is everything a frame is drawn from. Values and revision
// numbers only, so that comparing two keys is cheap and allocation-free.
// Anything the drawing code reads must be here, or a frame goes stale.
// Not here because they never change once the model is built: the card
// source (m.cards), the hub, the identity's ID, the table's code and its
// bot takeover delay (seats.takeover).
type frameKey struct {
	w, h int
	// The renderer's colour profile decides every escape sequence (the T
	// key switches it), the background the adaptive colours.
	profile     colorprofile.Profile
	dark        bool
	plain, help bool
	screen      screen
	flash       string
	flashErr    bool
	// who is drawn in the lobby's header and the form's default name;
	// e changes the name.
	who   Identity
	lobby lobbyKey
	table tableKey
	img   pictures.Way // half blocks, or images at a cell size
}

// lobbyKey is the lobby's part of the key (zero on a table screen).
type lobbyKey struct {
	// tables is the list's revision: lobbyState.refresh bumps it only when the
	// hub returned a different list.
	tables                      uint64
	cursor                      int
	mode                        lobbyMode
	field, edition, diff, timer int
	private                     bool
	// Revisions of the form's name field and of the code/name input.
	name, input uint64
	invite      Invitation
	qrAlone     bool
}

// tableKey is the table screen's part of the key (zero in the lobby).
type tableKey struct {
	// ts is the table being shown (a new one on every attach); the key
	// keeps it alive, so its address is never reused while remembered.
	ts *tableState
	// applied counts the updates taken from the pump: the view, the
	// table's name, presence and sand-timer deadline all come with one.
	applied          uint64
	tab              int
	screens          screensKey // every screen's cursors and the ghost's selection
	chat             uint64     // the chat line's revision
	chatOn, chatShut bool
	note             uint64 // the note line's revision
	noteOn           bool
	confirm          string
	zoom             game.CardID
	zoomDesc         bool
	knockFrame       int
	knockText        string
	countdown        int // whole seconds shown, -1 without a timer
}

// frameKey collects the current inputs of the frame.
func (m *Model) frameKey() frameKey {
	k := frameKey{
		w: m.w, h: m.h,
		profile: m.r.ColorProfile(), dark: m.r.HasDarkBackground(),
		plain: m.plain, help: m.help, screen: m.screen,
		flash: m.flash, flashErr: m.flashErr,
		who: m.who,
	}
	k.img = m.img.Way(wordsOnly(m), m.w, m.h)
	if m.screen == screenTable && m.table != nil {
		k.table = m.table.key()
	} else {
		l := &m.lobby
		k.lobby = lobbyKey{
			tables: l.rev, cursor: l.cursor, mode: l.mode,
			field: l.form.field, edition: l.form.edition, diff: l.form.diff, timer: l.form.timer,
			private: l.form.private, name: l.form.name.Rev, input: l.input.Rev, invite: l.invite, qrAlone: l.qrAlone,
		}
	}
	return k
}

func (ts *tableState) key() tableKey {
	k := tableKey{
		ts: ts, applied: ts.applied, tab: ts.tab, screens: ts.scr.key(),
		chat: ts.chat.line.Rev, chatOn: ts.chat.on, chatShut: ts.chat.shut, note: ts.note.line.Rev, noteOn: ts.note.on, confirm: ts.confirm, zoom: ts.zoom.id, zoomDesc: ts.zoom.desc,
		knockFrame: ts.knock.frame, knockText: ts.knock.text,
		countdown: -1,
	}
	if d := ts.timer.deadline(); !d.IsZero() {
		k.countdown = countdownSecs(d.Sub(ts.m.now()))
	}
	return k
}

// countdownSecs is the sand timer's whole seconds as the header shows
// them (rounded up, never below zero).
func countdownSecs(left time.Duration) int {
	if left < 0 {
		left = 0
	}
	return int((left + time.Second - 1) / time.Second)
}

// bodyMemo is the table screen's body, key hints and status line (what
// tableState.draw returns) and the key they were drawn for: the frame's
// key without the two inputs only the rest of the frame shows, the sand
// timer's second (in the header) and the knock's pulse (in the banner
// above the body). It is per model like frameMemo; noMemo (tests) turns
// both off.
type bodyMemo struct {
	key                frameKey
	body, keys, status string
	hits               []hit // where the body put what a tap chooses
	ok                 bool
}

// bodyKey is the frame's key without the countdown and the knock's frame.
func (m *Model) bodyKey() frameKey {
	k := m.frameKey()
	k.table.countdown, k.table.knockFrame = 0, 0
	return k
}

// frameHint is a size to reserve for a new frame's body: the last
// frame's, which the next one is usually close to.
func (m *Model) frameHint() int { return len(m.memo.frame) }

// View implements tea.Model: the remembered frame when nothing it was
// drawn from has changed, else a new drawing (see frameMemo).
func (m *Model) View() string {
	k := m.frameKey()
	if !m.noMemo && m.memo.ok && m.memo.key == k {
		m.img.Last = m.memo.pics
		return m.memo.frame
	}
	if m.st.Profile != m.r.ColorProfile() {
		// The renderer's profile changed under the model (the T key sets
		// it too): the styles follow.
		m.st = style.For(m.r)
	}
	f, pics := m.img.Frame(m.render(), k.img, m.cards)
	m.memo = frameMemo{key: k, frame: f, pics: pics, ok: true}
	return f
}
