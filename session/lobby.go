package session

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

type lobbyMode int

const (
	lobbyList lobbyMode = iota
	lobbyCreate
	lobbyCode
	lobbyName
	lobbyInvite
)

// lobbyPollInterval is how often the lobby re-reads the table list. Reading
// is cheap and an unchanged list repaints nothing (the renderer skips
// identical frames), so other players' new tables simply appear.
const lobbyPollInterval = 2 * time.Second

type lobbyPollMsg struct{ gen int }

type lobbyState struct {
	m      *Model
	tables []TableInfo
	// rev is the list's revision for the frame memo: bumped when a
	// refresh brings a different list.
	rev    uint64
	cursor int
	// parked is the code under the cursor when the list was let go (park).
	parked string
	mode   lobbyMode
	form   createForm
	input  input.Field
	// invite is the invitation shown in lobbyInvite mode.
	invite  Invitation
	qrAlone bool // the invitation's QR code on its own (invitation.go)
	// hits are where the list drawn last put each table (taps.go).
	hits hits
}

// The create form's fields, in tab order.
const (
	fieldName = iota
	fieldEdition
	fieldDifficulty
	fieldTimer
	fieldPrivate
	fieldCount
)

type createForm struct {
	field   int
	name    input.Field
	edition int
	diff    int
	timer   int
	private bool
}

var editions = game.Editions

// difficultiesFor lists an edition's difficulties (docs/rules.md); modern has none.
func difficultiesFor(e game.Edition) []game.Difficulty {
	ds := game.Difficulties(e)
	if len(ds) == 1 && ds[0] == game.NoDifficulty {
		return nil
	}
	return ds
}

// defaultDifficulty is the index of the edition's default difficulty.
func defaultDifficulty(e game.Edition) int {
	d := game.DefaultOptions(e).Difficulty
	for i, x := range difficultiesFor(e) {
		if x == d {
			return i
		}
	}
	return 0
}

// timers are the sand-timer choices; 0 switches it off. Classic's rulebook
// timer is 2 minutes; the other editions have none by default.
var timers = []time.Duration{0, 30 * time.Second, 60 * time.Second, 90 * time.Second,
	120 * time.Second, 180 * time.Second, 300 * time.Second, 600 * time.Second}

// defaultTimer is the index of the sand timer the form proposes: the
// edition's default, or for an edition that has one, the server's own
// default when the hub offers it (the server's --timer).
func (l *lobbyState) defaultTimer(e game.Edition) int {
	d := game.DefaultOptions(e).Timer
	if h, ok := l.m.hub.(interface{ DefaultTimer() time.Duration }); ok && d != 0 {
		if i := slices.Index(timers, h.DefaultTimer()); i >= 0 {
			return i
		}
	}
	return max(0, slices.Index(timers, d))
}

// park lets go of the table list while the session is at a table, keeping
// the code under the cursor: a list is a few kilobytes per session (12 MB at
// 1,000 sessions), and entering the lobby fetches a fresh one anyway.
func (l *lobbyState) park() {
	if l.cursor < len(l.tables) {
		l.parked = l.tables[l.cursor].Code
	}
	l.tables = nil
}

func newLobby(m *Model) lobbyState {
	return lobbyState{m: m, hits: hits{on: m.start.Taps}}
}

// enterLobby shows the lobby and starts its slow poll of the table list.
func (m *Model) enterLobby() tea.Cmd {
	m.screen = screenLobby
	m.lobby.mode = lobbyList
	m.lobby.refresh()
	m.gen++
	return m.lobbyPoll()
}

func (m *Model) lobbyPoll() tea.Cmd {
	gen := m.gen
	return tea.Tick(lobbyPollInterval, func(time.Time) tea.Msg { return lobbyPollMsg{gen: gen} })
}

// refresh reads the table list again, keeping the cursor on its table.
func (l *lobbyState) refresh() {
	m := l.m
	if m.hub == nil {
		return
	}
	code := l.parked
	l.parked = ""
	if l.cursor < len(l.tables) {
		code = l.tables[l.cursor].Code
	}
	tables := m.hub.Tables(m.who)
	if !slices.Equal(tables, l.tables) {
		l.rev++
	}
	l.tables = tables
	// Keep the cursor on the same table when the list changes under it.
	l.cursor = min(l.cursor, max(0, len(l.tables)-1))
	for i, t := range l.tables {
		if t.Code == code {
			l.cursor = i
		}
	}
}

func (l *lobbyState) typing() bool { return l.mode != lobbyList }

func (l *lobbyState) handleKey(k keymap.Key) tea.Cmd {
	if l.mode == lobbyInvite {
		// Any key goes back to the list (the text stays selectable in the
		// terminal until then), but the invitation's own (invitation.go).
		if _, ok := l.keys().Run(k.String()); !ok {
			l.keys().Run("esc")
		}
		return nil
	}
	if cmd, ok := l.keys().Run(k.String()); ok {
		return cmd
	}
	switch {
	case l.mode == lobbyCreate && l.form.field == fieldName:
		l.form.name.Update(k)
	case l.mode == lobbyCode || l.mode == lobbyName:
		l.input.Update(k)
	}
	return nil
}

// joinTyped joins the table whose code was typed (an empty code goes back
// to the list).
func (l *lobbyState) joinTyped(v string) tea.Cmd {
	v = strings.TrimSpace(v)
	if v == "" {
		l.mode = lobbyList
		return nil
	}
	cmd := l.m.joinByCode(v)
	if cmd != nil {
		l.mode = lobbyList
	}
	return cmd
}

// moveField moves the form's cursor to the next (step 1) or previous
// field, over the difficulty of an edition that has none.
func (l *lobbyState) moveField(step int) {
	f := &l.form
	ed := editions[f.edition]
	f.field = (f.field + step + fieldCount) % fieldCount
	if f.field == fieldDifficulty && difficultiesFor(ed) == nil {
		f.field = (f.field + step + fieldCount) % fieldCount
	}
}

// changeField steps the chosen field's value.
func (l *lobbyState) changeField(step int) {
	f := &l.form
	ed := editions[f.edition]
	switch f.field {
	case fieldEdition:
		f.edition = (f.edition + step + len(editions)) % len(editions)
		ne := editions[f.edition]
		f.diff = defaultDifficulty(ne)
		f.timer = l.defaultTimer(ne)
	case fieldDifficulty:
		if ds := difficultiesFor(ed); len(ds) > 0 {
			f.diff = (f.diff + step + len(ds)) % len(ds)
		}
	case fieldTimer:
		f.timer = (f.timer + step + len(timers)) % len(timers)
	case fieldPrivate:
		f.private = !f.private
	}
}

func (l *lobbyState) submitForm() tea.Cmd {
	m := l.m
	f := &l.form
	name := sanitize.Line(f.name.Value(), 40)
	if name == "" {
		name = m.lang().F("%s's table", m.who.Name)
	}
	ed := editions[f.edition]
	opts := game.Options{Edition: ed, Timer: timers[f.timer]}
	if ds := difficultiesFor(ed); len(ds) > 0 {
		opts.Difficulty = ds[f.diff]
	}
	info, err := m.hub.CreateTable(m.who, TableSpec{Name: name, Options: opts, Private: f.private})
	if err != nil {
		m.setFlash(m.lang().F("Table not created: %s", hubText(m.lang(), err)), true)
		return nil
	}
	l.mode = lobbyList
	return m.openTable(info.Code, false)
}

func timerText(l i18n.Lang, d time.Duration) string {
	if d == 0 {
		return l.T("off")
	}
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d min", int(d/time.Minute))
	}
	return fmt.Sprintf("%d s", int(d/time.Second))
}

func (l *lobbyState) listView() string {
	m := l.m
	st := m.st
	lang := m.lang()
	if m.portrait() {
		return l.portraitListView()
	}
	var b strings.Builder
	b.WriteString(st.Section.Render(lang.T(" TABLES")) + "\n")
	if len(l.tables) == 0 {
		b.WriteString(st.Dim.Render(lang.T("  No table is open. Press n to start one and invite your friends.")) + "\n")
		return b.String()
	}
	nameW := 22
	wide := m.w >= 120
	if wide {
		nameW = 36
	}
	hostCol := ""
	if wide {
		hostCol = layout.Pad(lang.T("HOST"), 14) + " "
	}
	b.WriteString(st.Dim.Render("  "+layout.Pad(lang.T("CODE"), 6)+" "+layout.Pad(lang.T("NAME"), nameW)+" "+hostCol+layout.Pad(lang.T("EDITION"), 9)+" "+
		layout.Pad(lang.T("LEVEL"), 10)+" "+layout.Pad(lang.T("TIMER"), 6)+" "+layout.Pad(lang.T("SEATS"), 6)+" "+lang.T("STATUS")) + "\n")
	for i, t := range l.tables {
		// The title and the columns' heads are the list's first two rows.
		l.hits.line(hitLobbyTable, i, 0, 2+i, m.w)
		diff := words.DifficultyWord(lang, t.Options.Difficulty)
		if diff == "" {
			diff = "—"
		}
		seats := fmt.Sprintf("%d/%d", t.SeatsTaken, t.SeatsTaken+t.SeatsOpen)
		// The hub sanitises names; drawing them through the sanitiser again
		// costs little and keeps a terminal safe from any that slipped by.
		name := m.cleaned.line(t.Name, nameW)
		if t.Private {
			name += lang.T(" (private)")
		}
		host := ""
		if wide {
			host = layout.Pad(m.cleaned.line(t.Host, 14), 14) + " "
		}
		row := t.Code + strings.Repeat(" ", max(0, 6-len(t.Code))) + " " + layout.Pad(name, nameW) + " " + host + layout.Pad(words.EditionWord(lang, t.Options.Edition), 9) + " " +
			layout.Pad(diff, 10) + " " + layout.Pad(timerText(lang, t.Options.Timer), 6) + " " + layout.Pad(seats, 6) + " " + lang.T(t.Status)
		if i == l.cursor {
			b.WriteString(st.Cursor.Render("▸ ") + st.Sel.Render(row) + "\n")
		} else {
			b.WriteString("  " + row + "\n")
		}
	}
	return b.String()
}

func (l *lobbyState) formView() string {
	m := l.m
	st := m.st
	f := &l.form
	ed := editions[f.edition]
	var b strings.Builder
	lang := m.lang()
	b.WriteString(st.Section.Render(lang.T(" NEW TABLE")) + "\n\n")
	rows := 2 // the title and a blank line
	row := func(field int, label, value string) {
		l.hits.line(hitFormField, field, 0, rows, m.w)
		rows++
		mark := "  "
		lab := layout.Pad(lang.T(label), 12)
		if f.field == field {
			mark = st.Cursor.Render("▸ ")
			lab = st.Bold.Render(lab)
		}
		b.WriteString(" " + mark + lab + value + "\n")
	}
	choice := func(field int, v string) string {
		if f.field == field {
			return st.Cursor.Render("◂ ") + st.Bold.Render(v) + st.Cursor.Render(" ▸")
		}
		return "  " + v
	}
	nameView := f.name.View(40)
	if f.field != fieldName {
		nameView = "  " + f.name.Value()
		if f.name.Value() == "" {
			nameView = st.Dim.Render("  " + lang.F("%s's table", m.who.Name))
		}
	}
	row(fieldName, i18n.N("Name"), nameView)
	row(fieldEdition, i18n.N("Edition"), choice(fieldEdition, words.EditionWord(lang, ed))+st.Dim.Render("   "+editionBlurb(lang, ed)))
	if ds := difficultiesFor(ed); len(ds) > 0 {
		row(fieldDifficulty, i18n.N("Difficulty"), choice(fieldDifficulty, words.DifficultyWord(lang, ds[f.diff])))
	} else {
		row(fieldDifficulty, i18n.N("Difficulty"), st.Dim.Render(lang.T("  — (this edition has none)")))
	}
	row(fieldTimer, i18n.N("Sand timer"), choice(fieldTimer, timerText(lang, timers[f.timer])))
	vis := lang.T("public: listed in the lobby")
	if f.private {
		vis = lang.T("private: join by code only")
	}
	row(fieldPrivate, i18n.N("Visibility"), choice(fieldPrivate, vis))
	return b.String()
}

func editionBlurb(l i18n.Lang, e game.Edition) string {
	switch e {
	case game.Classic:
		return l.T("crows, sand timer, clairvoyance, straw poll (2-7 players)")
	case game.Modern:
		return l.T("candles, random culprit, open majority vote (3-7 players)")
	case game.Original:
		return l.T("object first, four difficulties, repeated votes (2-7 players)")
	}
	return ""
}

// aboutLines explain the game in the lobby's spare room.
var aboutLines = []string{
	i18n.N(" HOW IT GOES"),
	i18n.N("  Warwick Manor, Samhain night, 1922. A ghost cannot speak: it sends dreams."),
	i18n.N("  One player is the ghost. It knows who, where and with what for each psychic,"),
	i18n.N("  and gives them vision cards from its hand. The psychics read the visions,"),
	i18n.N("  put their intuition on a suspect, a place, an object, and help each other."),
	i18n.N("  Find your three cards before the seventh hour, then agree on the culprit."),
	i18n.N("  Seats left empty can be played by bots. Press ? at any time for the keys."),
}

func (l *lobbyState) view() string {
	m := l.m
	st := m.st
	lang := m.lang()
	who := m.who.Name
	switch {
	case m.who.Guest && m.who.Claim != "":
		who += lang.F(" (guest · reclaim code %s)", m.who.Claim)
	case m.who.Guest:
		who += lang.T(" (guest)")
	case m.who.Fingerprint != "":
		who += " (" + layout.Cut(m.who.Fingerprint, 14) + ")"
	}
	header := m.spread(st.Title.Render(" MYSTERIUM")+st.Dim.Render(lang.T(" — a séance over SSH")), lang.F("you: %s ", who), m.w)

	var b strings.Builder
	// Only the list, drawn below, is tapped on.
	l.hits.list = l.hits.list[:0]
	// The bar from the mode's key map; in a field, ? is a letter.
	keys := l.keys().Hints(lang)
	if l.mode == lobbyList {
		keys = l.keys().Bar(lang)
	}
	var status string
	switch l.mode {
	case lobbyCreate:
		b.WriteString(l.formView())
		status = lang.T("Fill in the new table, then press enter to create it.")
	case lobbyCode:
		b.WriteString(st.Section.Render(lang.T(" JOIN BY CODE")) + "\n\n")
		b.WriteString(lang.T(" Type the table's code (private tables can only be joined this way).") + "\n\n ")
		b.WriteString(l.input.View(40))
		status = lang.T("Type a table code and press enter.")
	case lobbyInvite:
		status = l.inviteView(&b)
		keys = l.keys().Hints(lang)
	case lobbyName:
		b.WriteString(st.Section.Render(lang.T(" YOUR DISPLAY NAME")) + "\n\n")
		b.WriteString(lang.T(" Other players see this name. Your identity stays your SSH key.") + "\n\n ")
		b.WriteString(l.input.View(40))
		status = lang.T("Type your new name and press enter.")
	default:
		list := l.listView()
		b.WriteString(list)
		// The language item: what the screens are drawn in, and the key
		// that changes it (anywhere, not only here).
		b.WriteString("\n" + st.Dim.Render(lang.F("  Language: %s · L switches to %s", lang.Name(), lang.Next().Name())) + "\n")
		about := make([]string, len(aboutLines))
		for i, line := range aboutLines {
			about[i] = m.st.Dim.Render(lang.T(line))
		}
		if m.portrait() {
			about = l.portraitAbout()
		}
		if m.h-layout.LineCount(list)-8 >= len(about)+2 {
			b.WriteString("\n")
			for _, line := range about {
				b.WriteString(line + "\n")
			}
		}
		if len(l.tables) == 0 {
			status = lang.T("No tables yet. Press n to create one, or c to join one by code.")
		} else {
			status = lang.T("Choose a table: enter to join, w to watch, n to create a new one.")
		}
	}
	return m.frame(header, b.String(), keys, status)
}
