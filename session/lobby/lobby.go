package lobby

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
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

type LobbyMode int

const (
	LobbyList LobbyMode = iota
	LobbyCreate
	LobbyCode
	LobbyName
	LobbyInvite
)

// lobbyState is the lobby: the list of tables, the new-table form, the
// code and name prompts and the invitation, over the session's shell.
type State struct {
	m      *shell.Shell
	hub    Hub
	host   Host
	Tables []TableInfo
	// rev is the list's revision for the frame memo: bumped when a
	// refresh brings a different list.
	Rev    uint64
	Cursor int
	// parked is the code under the cursor when the list was let go (park).
	parked string
	Mode   LobbyMode
	Form   createForm
	Input  input.Field
	// invite is the invitation shown in lobbyInvite mode.
	Invite  Invitation
	QRAlone bool // the invitation's QR code on its own (invitation.go)
	// hits are where the list drawn last put each table (taps.go).
	Hits shell.Hits
}

// The create form's fields, in tab order.
const (
	FieldName = iota
	FieldEdition
	FieldDifficulty
	FieldTimer
	FieldPrivate
	fieldCount
)

type createForm struct {
	Field   int
	Name    input.Field
	Edition int
	Diff    int
	Timer   int
	Private bool
}

var Editions = game.Editions

// difficultiesFor lists an edition's difficulties (docs/rules.md); modern has none.
func DifficultiesFor(e game.Edition) []game.Difficulty {
	ds := game.Difficulties(e)
	if len(ds) == 1 && ds[0] == game.NoDifficulty {
		return nil
	}
	return ds
}

// defaultDifficulty is the index of the edition's default difficulty.
func defaultDifficulty(e game.Edition) int {
	d := game.DefaultOptions(e).Difficulty
	for i, x := range DifficultiesFor(e) {
		if x == d {
			return i
		}
	}
	return 0
}

// timers are the sand-timer choices; 0 switches it off. Classic's rulebook
// timer is 2 minutes; the other editions have none by default.
var Timers = []time.Duration{0, 30 * time.Second, 60 * time.Second, 90 * time.Second,
	120 * time.Second, 180 * time.Second, 300 * time.Second, 600 * time.Second}

// defaultTimer is the index of the sand timer the form proposes: the
// edition's default, or for an edition that has one, the server's own
// default when the hub offers it (the server's --timer).
func (l *State) defaultTimer(e game.Edition) int {
	d := game.DefaultOptions(e).Timer
	if h, ok := l.hub.(interface{ DefaultTimer() time.Duration }); ok && d != 0 {
		if i := slices.Index(Timers, h.DefaultTimer()); i >= 0 {
			return i
		}
	}
	return max(0, slices.Index(Timers, d))
}

// park lets go of the table list while the session is at a table, keeping
// the code under the cursor: a list is a few kilobytes per session (12 MB at
// 1,000 sessions), and entering the lobby fetches a fresh one anyway.
func (l *State) Park() {
	if l.Cursor < len(l.Tables) {
		l.parked = l.Tables[l.Cursor].Code
	}
	l.Tables = nil
}

func New(m *shell.Shell, hub Hub, host Host) State {
	return State{m: m, hub: hub, host: host, Hits: shell.Hits{On: m.Start.Taps}}
}

// Hub is what the lobby asks of the hub: the tables, a new one, an
// invitation, a display name (the session's Hub has them all).
type Hub interface {
	Tables(viewer shell.Identity) []TableInfo
	CreateTable(owner shell.Identity, spec TableSpec) (TableInfo, error)
	Invite(who shell.Identity, code string) (Invitation, error)
	SetName(id game.PlayerID, name string) (string, error)
}

// lobbyHost is what the lobby asks of the session holding it: open a
// table (to play or to watch), join one by a code typed, quit.
type Host interface {
	OpenTable(code string, watch bool) tea.Cmd
	JoinByCode(code string) tea.Cmd
	Quit() tea.Cmd
}

// refresh reads the table list again, keeping the cursor on its table.
func (l *State) Refresh() {
	m := l.m
	if l.hub == nil {
		return
	}
	code := l.parked
	l.parked = ""
	if l.Cursor < len(l.Tables) {
		code = l.Tables[l.Cursor].Code
	}
	tables := l.hub.Tables(m.Who)
	if !slices.Equal(tables, l.Tables) {
		l.Rev++
	}
	l.Tables = tables
	// Keep the cursor on the same table when the list changes under it.
	l.Cursor = min(l.Cursor, max(0, len(l.Tables)-1))
	for i, t := range l.Tables {
		if t.Code == code {
			l.Cursor = i
		}
	}
}

func (l *State) Typing() bool { return l.Mode != LobbyList }

func (l *State) HandleKey(k keymap.Key) tea.Cmd {
	if l.Mode == LobbyInvite {
		// Any key goes back to the list (the text stays selectable in the
		// terminal until then), but the invitation's own (invitation.go).
		if _, ok := l.Keys().Run(k.String()); !ok {
			l.Keys().Run("esc")
		}
		return nil
	}
	if cmd, ok := l.Keys().Run(k.String()); ok {
		return cmd
	}
	switch {
	case l.Mode == LobbyCreate && l.Form.Field == FieldName:
		l.Form.Name.Update(k)
	case l.Mode == LobbyCode || l.Mode == LobbyName:
		l.Input.Update(k)
	}
	return nil
}

// joinTyped joins the table whose code was typed (an empty code goes back
// to the list).
func (l *State) joinTyped(v string) tea.Cmd {
	v = strings.TrimSpace(v)
	if v == "" {
		l.Mode = LobbyList
		return nil
	}
	cmd := l.host.JoinByCode(v)
	if cmd != nil {
		l.Mode = LobbyList
	}
	return cmd
}

// moveField moves the form's cursor to the next (step 1) or previous
// field, over the difficulty of an edition that has none.
func (l *State) moveField(step int) {
	f := &l.Form
	ed := Editions[f.Edition]
	f.Field = (f.Field + step + fieldCount) % fieldCount
	if f.Field == FieldDifficulty && DifficultiesFor(ed) == nil {
		f.Field = (f.Field + step + fieldCount) % fieldCount
	}
}

// changeField steps the chosen field's value.
func (l *State) changeField(step int) {
	f := &l.Form
	ed := Editions[f.Edition]
	switch f.Field {
	case FieldEdition:
		f.Edition = (f.Edition + step + len(Editions)) % len(Editions)
		ne := Editions[f.Edition]
		f.Diff = defaultDifficulty(ne)
		f.Timer = l.defaultTimer(ne)
	case FieldDifficulty:
		if ds := DifficultiesFor(ed); len(ds) > 0 {
			f.Diff = (f.Diff + step + len(ds)) % len(ds)
		}
	case FieldTimer:
		f.Timer = (f.Timer + step + len(Timers)) % len(Timers)
	case FieldPrivate:
		f.Private = !f.Private
	}
}

func (l *State) submitForm() tea.Cmd {
	m := l.m
	f := &l.Form
	name := sanitize.Line(f.Name.Value(), 40)
	if name == "" {
		name = m.Lang().F("%s's table", m.Who.Name)
	}
	ed := Editions[f.Edition]
	opts := game.Options{Edition: ed, Timer: Timers[f.Timer]}
	if ds := DifficultiesFor(ed); len(ds) > 0 {
		opts.Difficulty = ds[f.Diff]
	}
	info, err := l.hub.CreateTable(m.Who, TableSpec{Name: name, Options: opts, Private: f.Private})
	if err != nil {
		m.SetFlash(m.Lang().F("Table not created: %s", state.HubText(m.Lang(), err)), true)
		return nil
	}
	l.Mode = LobbyList
	return l.host.OpenTable(info.Code, false)
}

func (l *State) listView() string {
	m := l.m
	st := m.St
	lang := m.Lang()
	if m.Portrait() {
		return l.portraitListView()
	}
	var b strings.Builder
	b.WriteString(st.Section.Render(lang.T(" TABLES")) + "\n")
	if len(l.Tables) == 0 {
		b.WriteString(st.Dim.Render(lang.T("  No table is open. Press n to start one and invite your friends.")) + "\n")
		return b.String()
	}
	nameW := 22
	wide := m.W >= 120
	if wide {
		nameW = 36
	}
	hostCol := ""
	if wide {
		hostCol = layout.Pad(lang.T("HOST"), 14) + " "
	}
	b.WriteString(st.Dim.Render("  "+layout.Pad(lang.T("CODE"), 6)+" "+layout.Pad(lang.T("NAME"), nameW)+" "+hostCol+layout.Pad(lang.T("EDITION"), 9)+" "+
		layout.Pad(lang.T("LEVEL"), 10)+" "+layout.Pad(lang.T("TIMER"), 6)+" "+layout.Pad(lang.T("SEATS"), 6)+" "+lang.T("STATUS")) + "\n")
	for i, t := range l.Tables {
		// The title and the columns' heads are the list's first two rows.
		l.Hits.Line(shell.HitLobbyTable, i, 0, 2+i, m.W)
		diff := words.DifficultyWord(lang, t.Options.Difficulty)
		if diff == "" {
			diff = "—"
		}
		seats := fmt.Sprintf("%d/%d", t.SeatsTaken, t.SeatsTaken+t.SeatsOpen)
		// The hub sanitises names; drawing them through the sanitiser again
		// costs little and keeps a terminal safe from any that slipped by.
		name := m.Cleaned.Line(t.Name, nameW)
		if t.Private {
			name += lang.T(" (private)")
		}
		host := ""
		if wide {
			host = layout.Pad(m.Cleaned.Line(t.Host, 14), 14) + " "
		}
		row := t.Code + strings.Repeat(" ", max(0, 6-len(t.Code))) + " " + layout.Pad(name, nameW) + " " + host + layout.Pad(words.EditionWord(lang, t.Options.Edition), 9) + " " +
			layout.Pad(diff, 10) + " " + layout.Pad(words.TimerText(lang, t.Options.Timer), 6) + " " + layout.Pad(seats, 6) + " " + lang.T(t.Status)
		if i == l.Cursor {
			b.WriteString(st.Cursor.Render("▸ ") + st.Sel.Render(row) + "\n")
		} else {
			b.WriteString("  " + row + "\n")
		}
	}
	return b.String()
}

func (l *State) formView() string {
	m := l.m
	st := m.St
	f := &l.Form
	ed := Editions[f.Edition]
	var b strings.Builder
	lang := m.Lang()
	b.WriteString(st.Section.Render(lang.T(" NEW TABLE")) + "\n\n")
	rows := 2 // the title and a blank line
	row := func(field int, label, value string) {
		l.Hits.Line(shell.HitFormField, field, 0, rows, m.W)
		rows++
		mark := "  "
		lab := layout.Pad(lang.T(label), 12)
		if f.Field == field {
			mark = st.Cursor.Render("▸ ")
			lab = st.Bold.Render(lab)
		}
		b.WriteString(" " + mark + lab + value + "\n")
	}
	choice := func(field int, v string) string {
		if f.Field == field {
			return st.Cursor.Render("◂ ") + st.Bold.Render(v) + st.Cursor.Render(" ▸")
		}
		return "  " + v
	}
	nameView := f.Name.View(40)
	if f.Field != FieldName {
		nameView = "  " + f.Name.Value()
		if f.Name.Value() == "" {
			nameView = st.Dim.Render("  " + lang.F("%s's table", m.Who.Name))
		}
	}
	row(FieldName, i18n.N("Name"), nameView)
	row(FieldEdition, i18n.N("Edition"), choice(FieldEdition, words.EditionWord(lang, ed))+st.Dim.Render("   "+words.EditionBlurb(lang, ed)))
	if ds := DifficultiesFor(ed); len(ds) > 0 {
		row(FieldDifficulty, i18n.N("Difficulty"), choice(FieldDifficulty, words.DifficultyWord(lang, ds[f.Diff])))
	} else {
		row(FieldDifficulty, i18n.N("Difficulty"), st.Dim.Render(lang.T("  — (this edition has none)")))
	}
	row(FieldTimer, i18n.N("Sand timer"), choice(FieldTimer, words.TimerText(lang, Timers[f.Timer])))
	vis := lang.T("public: listed in the lobby")
	if f.Private {
		vis = lang.T("private: join by code only")
	}
	row(FieldPrivate, i18n.N("Visibility"), choice(FieldPrivate, vis))
	return b.String()
}

// aboutLines explain the game in the lobby's spare room.
var AboutLines = []string{
	i18n.N(" HOW IT GOES"),
	i18n.N("  Warwick Manor, Samhain night, 1922. A ghost cannot speak: it sends dreams."),
	i18n.N("  One player is the ghost. It knows who, where and with what for each psychic,"),
	i18n.N("  and gives them vision cards from its hand. The psychics read the visions,"),
	i18n.N("  put their intuition on a suspect, a place, an object, and help each other."),
	i18n.N("  Find your three cards before the seventh hour, then agree on the culprit."),
	i18n.N("  Seats left empty can be played by bots. Press ? at any time for the keys."),
}

func (l *State) View() string {
	m := l.m
	st := m.St
	lang := m.Lang()
	who := m.Who.Name
	switch {
	case m.Who.Guest && m.Who.Claim != "":
		who += lang.F(" (guest · reclaim code %s)", m.Who.Claim)
	case m.Who.Guest:
		who += lang.T(" (guest)")
	case m.Who.Fingerprint != "":
		who += " (" + layout.Cut(m.Who.Fingerprint, 14) + ")"
	}
	header := m.Spread(st.Title.Render(" MYSTERIUM")+st.Dim.Render(lang.T(" — a séance over SSH")), lang.F("you: %s ", who), m.W)

	var b strings.Builder
	// Only the list, drawn below, is tapped on.
	l.Hits.List = l.Hits.List[:0]
	// The bar from the mode's key map; in a field, ? is a letter.
	keys := l.Keys().Hints(lang)
	if l.Mode == LobbyList {
		keys = l.Keys().Bar(lang)
	}
	var status string
	switch l.Mode {
	case LobbyCreate:
		b.WriteString(l.formView())
		status = lang.T("Fill in the new table, then press enter to create it.")
	case LobbyCode:
		b.WriteString(st.Section.Render(lang.T(" JOIN BY CODE")) + "\n\n")
		b.WriteString(lang.T(" Type the table's code (private tables can only be joined this way).") + "\n\n ")
		b.WriteString(l.Input.View(40))
		status = lang.T("Type a table code and press enter.")
	case LobbyInvite:
		status = l.inviteView(&b)
		keys = l.Keys().Hints(lang)
	case LobbyName:
		b.WriteString(st.Section.Render(lang.T(" YOUR DISPLAY NAME")) + "\n\n")
		b.WriteString(lang.T(" Other players see this name. Your identity stays your SSH key.") + "\n\n ")
		b.WriteString(l.Input.View(40))
		status = lang.T("Type your new name and press enter.")
	default:
		list := l.listView()
		b.WriteString(list)
		// The language item: what the screens are drawn in, and the key
		// that changes it (anywhere, not only here).
		b.WriteString("\n" + st.Dim.Render(lang.F("  Language: %s · L switches to %s", lang.Name(), lang.Next().Name())) + "\n")
		about := make([]string, len(AboutLines))
		for i, line := range AboutLines {
			about[i] = m.St.Dim.Render(lang.T(line))
		}
		if m.Portrait() {
			about = l.portraitAbout()
		}
		if m.H-layout.LineCount(list)-8 >= len(about)+2 {
			b.WriteString("\n")
			for _, line := range about {
				b.WriteString(line + "\n")
			}
		}
		if len(l.Tables) == 0 {
			status = lang.T("No tables yet. Press n to create one, or c to join one by code.")
		} else {
			status = lang.T("Choose a table: enter to join, w to watch, n to create a new one.")
		}
	}
	return m.Frame(header, b.String(), keys, status)
}

// TableSpec is what the lobby's "new table" form asks the hub to create.
type TableSpec struct {
	Name    string
	Options game.Options
	Private bool
}

// TableInfo is one row of the lobby's table list.
type TableInfo struct {
	Code       string
	Name       string
	Options    game.Options
	Private    bool
	Host       string
	SeatsTaken int
	SeatsOpen  int
	Status     string
}
