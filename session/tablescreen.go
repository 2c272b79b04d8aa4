package session

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// content is the table screen's body, key hints and status line, as
// remembered in the model's bodyMemo: frames that differ only in the sand
// timer's second (the header) or the knock banner's pulse redraw neither.
func (ts *tableState) content() (body, keys, status string) {
	m := ts.m
	k := m.bodyKey()
	if !m.noMemo && m.body.ok && m.body.key == k {
		ts.hits.list = m.body.hits
		return m.body.body, m.body.keys, m.body.status
	}
	ts.hits.list = nil
	body, keys, status = ts.draw()
	m.body = bodyMemo{key: k, body: body, keys: keys, status: status, hits: ts.hits.list, ok: true}
	return body, keys, status
}

// writeTabBar writes the tab bar to b, a tap on a tab choosing its pane.
func (ts *tableState) writeTabBar(b *strings.Builder) {
	mark, y := ts.hits.start(b)
	x := 1
	for i, n := range ts.paneNames() {
		w := len(n) + 2 // " Cards "
		ts.hits.line(hitPane, i, x, 0, w)
		x += w + 1
	}
	ts.hits.shift(mark, 0, y)
	b.WriteString(ts.tabBar())
}

// tabBar shows the panes at small sizes, the current one highlighted.
//
// It is drawn again only when the panes, the one shown, the language or
// the styles changed (tabBarMemo).
func (ts *tableState) tabBar() string {
	names := ts.paneNames()
	k := tabBarKey{st: ts.m.st, lang: ts.m.lang(), n: len(names)}
	if len(names) > 0 {
		// A screen's pane list is one shared slice: the same array, the
		// same names.
		k.names, k.cur = &names[0], ts.tab%len(names)
	}
	if c := &ts.tabs; c.ok && c.key == k {
		return c.bar
	}
	bar := drawTabBar(ts.m.st, ts.m.lang(), names, k.cur)
	ts.tabs = tabBarMemo{key: k, bar: bar, ok: true}
	return bar
}

// tabBarMemo is the tab bar drawn last and what it was drawn from.
type tabBarMemo struct {
	key tabBarKey
	bar string
	ok  bool
}

type tabBarKey struct {
	st     *style.Styles
	lang   i18n.Lang
	names  *string
	n, cur int
}

// drawTabBar draws the pane names, the one at cur highlighted (a plain
// function: tableState's methods are at the house's limit of 40).
func drawTabBar(st *style.Styles, l i18n.Lang, names []string, cur int) string {
	var parts []string
	for i, n := range names {
		n = l.T(n)
		label := " " + strings.ToUpper(n[:1]) + n[1:] + " "
		if i == cur {
			parts = append(parts, st.Sel.Render(label))
		} else {
			parts = append(parts, st.Dim.Render(label))
		}
	}
	return " " + strings.Join(parts, " ") + st.Dim.Render(l.T("   tab: next pane"))
}

// large is the one-screen layout; below it the panes become tabs.
func (ts *tableState) large() bool {
	// Upright, the game's screens stack their panes in a column; the end's
	// summary, replay and chat stay tabs (portrait.go).
	return ts.m.w >= 120 && ts.m.h >= 40 || ts.m.portrait() && ts.role() != roleFinished
}

// paneCount is how many panes tab cycles through on the current screen.
func (ts *tableState) paneCount() int {
	return max(1, len(ts.paneNames()))
}

func (ts *tableState) paneNames() []string {
	if scr := ts.screen(); scr != nil {
		return scr.panes()
	}
	return nil
}

func move(v *int, d, n int) {
	*v += d
	if *v >= n {
		*v = n - 1
	}
	if *v < 0 {
		*v = 0
	}
}

func window(n, slots, cur int) (from, to int) {
	if n <= slots {
		return 0, n
	}
	from = cur - slots/2
	from = max(0, min(from, n-slots))
	return from, from + slots
}

// window picks which of n items fit in slots, keeping cur visible.
// thumbSlots is how many thumbnails fit in a row w cells wide: a one-cell
// indent, then tiles separated by one blank column (n tiles take
// n*(layout.ThumbW+1) cells), so a 120-column window shows a whole hand of 7.
func thumbSlots(w int) int {
	return max(1, w/(layout.ThumbW+1))
}

// header is the top line of every table screen. Narrow windows get the
// short forms ("HOUR I/VII", "crows 3").
func (ts *tableState) header() string {
	m := ts.m
	st := m.st
	l := m.lang()
	wide := m.w >= 120
	left := st.Title.Render(" MYSTERIUM") + "  " + st.Bold.Render(ts.code)
	if m.portrait() && m.w < 48 {
		left = " " + st.Bold.Render(ts.code) // the phone's tab says Mysterium
	}
	if ts.u.Name != "" && wide {
		left += " " + fmt.Sprintf("%q", layout.Cut(ts.u.Name, 28))
	}
	p := ts.pub
	if p == nil {
		return left
	}
	ed := words.EditionWord(l, p.Edition)
	if p.Difficulty != "" {
		ed += " · " + words.DifficultyWord(l, p.Difficulty)
	}
	if !m.portrait() {
		left += "  " + st.Dim.Render(ed)
	}
	var right []string
	if p.Phase != game.PhaseSeating && p.Round > 0 {
		if wide {
			right = append(right, l.F("%s %s of VII", words.ClockWord(l, ts.pub), words.RomanNum(p.Round)))
		} else {
			right = append(right, fmt.Sprintf("%s %s/VII", words.ClockWord(l, ts.pub), words.RomanNum(p.Round)))
		}
	}
	if t := ts.timer.view(); t != "" {
		right = append(right, t)
	}
	if p.Phase != game.PhaseSeating && p.Phase != game.PhaseFinished {
		right = append(right, words.DiscardText(l, ts.pub, wide))
		if wide {
			right = append(right, l.F("deck %d", p.DeckSize))
		}
	}
	gap := "   "
	if !wide {
		gap = "  "
	}
	return m.spread(left, strings.Join(right, gap)+" ", m.w)
}

// lastHourLine recalls the results of the hour that just ended, while the
// next hour's visions are being given (the knock itself lasts seconds).
func (ts *tableState) lastHourLine() string {
	p := ts.pub
	if p == nil || len(p.History) == 0 || len(p.Reveals) > 0 || p.Phase != game.PhaseVision {
		return ""
	}
	m := ts.m
	st := m.st
	r := p.History[len(p.History)-1]
	if len(r.Results) == 0 {
		return ""
	}
	// Each screen asks for the line several times a frame; it changes only
	// with an update, the width, the language or the styles.
	key := hourLineKey{applied: ts.applied, w: m.w, lang: m.lang(), st: st}
	if ts.hourLine.ok && ts.hourLine.key == key {
		return ts.hourLine.line
	}
	head := st.Section.Render(fmt.Sprintf(" %s %s ", words.ClockWord(m.lang(), ts.pub), words.RomanNum(r.Round))) + " "
	names := make([]string, len(r.Results))
	widths := make([]int, len(r.Results))
	sum := 0
	for i, res := range r.Results {
		names[i] = "—"
		if res.Intuition != "" {
			names[i] = m.cardName(res.Intuition)
		}
		widths[i] = layout.TextWidth(names[i])
		sum += widths[i]
	}
	// Every psychic's result must show, six of them at 80 columns too: when
	// the whole titles do not fit, they get the unique short forms the table's
	// cards use, each at most as wide as the widest that lets the line fit.
	room := m.w - layout.TextWidth(hourResults(st, head, r.Results, make([]string, len(names))))
	if sum > room {
		limit := slices.Max(widths)
		for ; limit > 3; limit-- {
			n := 0
			for _, w := range widths {
				n += min(w, limit)
			}
			if n <= room {
				break
			}
		}
		names = layout.ShortTitles(names, limit)
	}
	line := m.cut(hourResults(st, head, r.Results, names), m.w)
	ts.hourLine = hourLineMemo{key: key, line: line, ok: true}
	return line
}

// hourLineMemo is the last lastHourLine drawn, and what it was drawn for.
type hourLineMemo struct {
	key  hourLineKey
	line string
	ok   bool
}

type hourLineKey struct {
	applied uint64
	w       int
	lang    i18n.Lang
	st      *style.Styles
}

// hourResults is lastHourLine's line with the intuitions named as names says.
func hourResults(st *style.Styles, head string, results []game.RevealResult, names []string) string {
	var b strings.Builder
	b.WriteString(head)
	for i, res := range results {
		if i > 0 {
			b.WriteString("   ")
		}
		if res.Correct {
			b.WriteString(st.OK.Render("✔"))
		} else {
			b.WriteString(st.Bad.Render("✘"))
		}
		b.WriteString(" " + st.Sym(res.Psychic) + " " + names[i])
	}
	return b.String()
}

// rowsLeft is how many rows of the body are still free after the text
// written so far (which ends with a newline): the frame takes 4 rows
// (header, rule, keys, status), and one more while a message or a knock
// is shown.
func (ts *tableState) rowsLeft(sofar string) int {
	left := ts.m.h - 4 - strings.Count(sofar, "\n")
	if ts.m.flash != "" || ts.knock.text != "" {
		left--
	}
	return left
}

// layoutRows is how many rows of the body a screen plans its pictures for:
// the rows there are with no message shown. A message comes and goes with
// every move; were the pictures sized to the rows of the moment, the whole
// board would jump to other sizes and places each time. While a message
// is shown, the chat below the pictures gives up a row instead.
func layoutRows(h int, sofar string) int {
	return h - 4 - strings.Count(sofar, "\n")
}

// view draws the table screen the current view calls for.
func (ts *tableState) view() string {
	m := ts.m
	if ts.zoom.id != "" {
		return ts.zoom.view()
	}
	body, keys, status := ts.content()
	banner := ts.knock.banner()
	if ts.confirm != "" || ts.chat.shut {
		// The question's keys, or esc and enter where chat is closed.
		keys = screenKeys{m}.tableBar(ts)
	}
	if ts.u.Unsaved {
		// Whatever the screen waits for, nothing moves until the server
		// can save again (a question below still needs its answer).
		status = noticeMark + " " + m.lang().T(words.UnsavedText)
	}
	if ts.confirm == "leave" {
		status = m.lang().T("Leave the game? Press y to leave, any other key to stay.")
	} else if ts.confirm == "discard" {
		status = m.lang().T("Confirm the discard: y to discard, any other key to cancel.")
	} else if ts.chat.shut {
		status = m.lang().T("No chat here now: what you type is ignored. esc or enter goes back.")
	}
	return m.frameWithBanner(ts.header(), banner, body, keys, status)
}

// draw draws the body, key hints and status of the screen the role calls for.
func (ts *tableState) draw() (body, keys, status string) {
	m := ts.m
	switch ts.role() {
	case roleWaiting:
		body = "\n  " + m.st.Dim.Render(m.lang().T("Joining the table…"))
		keys = ts.keyMap().Hints(m.lang())
		status = m.lang().F("Joining table %s…", ts.code)
	default:
		if scr := ts.screen(); scr != nil {
			body, status = scr.draw()
			keys = screenKeys{m}.tableBar(ts)
		}
	}
	return body, keys, status
}

func (ts *tableState) pane() string {
	n := ts.paneNames()
	if len(n) == 0 {
		return ""
	}
	return n[ts.tab%len(n)]
}

// clamp keeps a cursor inside a list of n rows.
func clamp(v *int, n int) {
	if *v >= n {
		*v = n - 1
	}
	if *v < 0 {
		*v = 0
	}
}

// keymap.Map is every key the table screen has now: the screen's own (the
// ghost's drop keys while it marks old cards), then the shared ones.
//
// It is built once per update, drop mode and window size (what enables its
// bindings), not on every key: the bindings read the cursors when a key
// runs them.
func (ts *tableState) keyMap() keymap.Map {
	g := &ts.scr.ghost
	drop := g.drop.on && ts.role() == roleGhost
	k := keyMapKey{applied: ts.applied, drop: drop, w: ts.m.w, h: ts.m.h}
	if ts.keys.ok && ts.keys.key == k {
		return ts.keys.km
	}
	scr := ts.screen()
	if scr == nil {
		// Not joined yet: only q, to leave.
		return screenKeys{ts.m}.waiting(ts)
	}
	var own keymap.Map
	if drop {
		own = g.drop.keys()
	} else {
		own = scr.keys()
	}
	shared, table := ts.sharedKeys(), ts.tableKeys()
	c := &ts.keys
	if c.ok && sameMap(c.own, own) && sameMap(c.shared, shared) && sameMap(c.table, table) {
		// An update that changed none of the three (they are kept while
		// what enables their keys stays: mapMemo): the same map.
		c.key = k
		return c.km
	}
	// One slice of the final size: appending to the screen's own map
	// copied it twice.
	km := make(keymap.Map, 0, len(own)+len(shared)+len(table))
	km = append(append(append(km, own...), shared...), table...)
	ts.keys = keyMapMemo{key: k, km: km, ok: true, own: own, shared: shared, table: table}
	return km
}

// keyMapMemo is the key map built last, what it was built for and the
// three maps it joins.
type keyMapMemo struct {
	key                keyMapKey
	km                 keymap.Map
	ok                 bool
	own, shared, table keymap.Map
}

type keyMapKey struct {
	applied uint64
	drop    bool
	w, h    int
}
