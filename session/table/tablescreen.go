package table

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// content is the table screen's body, key hints and status line, as
// remembered in the model's bodyMemo: frames that differ only in the sand
// timer's second (the header) or the knock banner's pulse redraw neither.
func (ts *TableState) content() (body, keys, status string) {
	m := ts.Shell
	k := bodyKey{shell: m.Key(), table: ts.Key()}
	k.table.countdown, k.table.knockFrame = 0, 0
	if !m.NoMemo && m.Body.OK && ts.bodyAt == k {
		ts.Hits.List = m.Body.Hits
		return m.Body.Body, m.Body.Keys, m.Body.Status
	}
	ts.Hits.List = nil
	body, keys, status = ts.draw()
	m.Body = shell.BodyMemo{Body: body, Keys: keys, Status: status, Hits: ts.Hits.List, OK: true}
	ts.bodyAt = k
	return body, keys, status
}

// writeTabBar writes the tab bar to b, a tap on a tab choosing its pane.
func (ts *TableState) WriteTabBar(b *strings.Builder) {
	mark, y := ts.Hits.Start(b)
	x := 1
	for i, n := range ts.paneNames() {
		w := len(n) + 2 // " Cards "
		ts.Hits.Line(shell.HitPane, i, x, 0, w)
		x += w + 1
	}
	ts.Hits.Shift(mark, 0, y)
	b.WriteString(ts.tabBar())
}

// tabBar shows the panes at small sizes, the current one highlighted.
//
// It is drawn again only when the panes, the one shown, the language or
// the styles changed (tabBarMemo).
func (ts *TableState) tabBar() string {
	names := ts.paneNames()
	k := tabBarKey{st: ts.Shell.St, lang: ts.Shell.Lang(), n: len(names)}
	if len(names) > 0 {
		// A screen's pane list is one shared slice: the same array, the
		// same names.
		k.names, k.cur = &names[0], ts.tab%len(names)
	}
	if c := &ts.tabs; c.ok && c.key == k {
		return c.bar
	}
	bar := state.DrawTabBar(ts.Shell.St, ts.Shell.Lang(), names, k.cur)
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

// large is the one-screen layout; below it the panes become tabs.
func (ts *TableState) Large() bool {
	// Upright, the game's screens stack their panes in a column; the end's
	// summary, replay and chat stay tabs (portrait.go).
	return ts.Shell.W >= 120 && ts.Shell.H >= 40 || ts.Shell.Portrait() && ts.Role() != state.RoleFinished
}

// paneCount is how many panes tab cycles through on the current screen.
func (ts *TableState) paneCount() int {
	return max(1, len(ts.paneNames()))
}

func (ts *TableState) paneNames() []string {
	if scr := ts.Screen(); scr != nil {
		return scr.Panes()
	}
	return nil
}

// rowsLeft is how many rows of the body are still free after the text
// written so far (which ends with a newline): the frame takes 4 rows
// (header, rule, keys, status), and one more while a message or a knock
// is shown.
func (ts *TableState) RowsLeft(sofar string) int {
	left := ts.Shell.H - 4 - strings.Count(sofar, "\n")
	if ts.Shell.Flash != "" || ts.Knock.Text != "" {
		left--
	}
	return left
}

// view draws the table screen the current view calls for.
func (ts *TableState) View() string {
	m := ts.Shell
	if ts.Zoom.ID != "" {
		return ts.Zoom.view()
	}
	banner := ts.Knock.Banner()
	if banner == "" {
		if bw, k, ok := ts.bodyToWrite(); ok {
			// The body straight into the frame (shell.BodyFrame), kept
			// as the body memo as content keeps a body drawn.
			f := m.StartBody(ts.Header(), &ts.Hits)
			ts.Hits.List = nil
			status := bw.WriteBody(f.B)
			keys := TakenKeys{m}.TableBar(ts)
			body := m.EndBody(&f)
			m.Body = shell.BodyMemo{Body: body, Keys: keys, Status: status, Hits: ts.Hits.List, OK: true}
			ts.bodyAt = k
			keys, status = ts.foot(keys, status)
			return m.EndFrame(&f, keys, status)
		}
	}
	body, keys, status := ts.content()
	keys, status = ts.foot(keys, status)
	return m.FrameWithBanner(ts.Header(), banner, body, keys, status)
}

// bodyWriter is a screen that writes its body into the frame's builder
// (the ghost's and the psychic's, whose frames every seat draws after
// every update).
type bodyWriter interface {
	WriteBody(b *strings.Builder) (status string)
}

// bodyToWrite is the screen to write the body of the frame, and the body
// memo's key, when the frame draws its body anew and the screen can write
// it into the frame.
func (ts *TableState) bodyToWrite() (bodyWriter, bodyKey, bool) {
	m := ts.Shell
	k := bodyKey{shell: m.Key(), table: ts.Key()}
	k.table.countdown, k.table.knockFrame = 0, 0
	if !m.NoMemo && m.Body.OK && ts.bodyAt == k {
		return nil, k, false // content has it
	}
	if ts.Role() == state.RoleWaiting {
		return nil, k, false
	}
	bw, ok := ts.Screen().(bodyWriter)
	return bw, k, ok
}

// foot is the keys and status a frame shows for the screen's: a question
// asked or the server unable to save take their place.
func (ts *TableState) foot(keys, status string) (string, string) {
	m := ts.Shell
	if ts.Confirm != "" || ts.Chat.Shut {
		// The question's keys, or esc and enter where chat is closed.
		keys = TakenKeys{m}.TableBar(ts)
	}
	if ts.U.Unsaved {
		// Whatever the screen waits for, nothing moves until the server
		// can save again (a question below still needs its answer).
		status = state.NoticeMark + " " + m.Lang().T(words.UnsavedText)
	}
	if ts.Confirm == "leave" {
		status = m.Lang().T("Leave the game? Press y to leave, any other key to stay.")
	} else if ts.Confirm == "discard" {
		status = m.Lang().T("Confirm the discard: y to discard, any other key to cancel.")
	} else if ts.Chat.Shut {
		status = m.Lang().T("No chat here now: what you type is ignored. esc or enter goes back.")
	}
	return keys, status
}

// draw draws the body, key hints and status of the screen the role calls for.
func (ts *TableState) draw() (body, keys, status string) {
	m := ts.Shell
	switch ts.Role() {
	case state.RoleWaiting:
		body = "\n  " + m.St.Dim.Render(m.Lang().T("Joining the table…"))
		keys = ts.KeyMap().Hints(m.Lang())
		status = m.Lang().F("Joining table %s…", ts.Code)
	default:
		if scr := ts.Screen(); scr != nil {
			body, status = scr.Draw()
			keys = TakenKeys{m}.TableBar(ts)
		}
	}
	return body, keys, status
}

func (ts *TableState) Pane() string {
	n := ts.paneNames()
	if len(n) == 0 {
		return ""
	}
	return n[ts.tab%len(n)]
}

// keymap.Map is every key the table screen has now: the screen's own (the
// ghost's drop keys while it marks old cards), then the shared ones.
//
// It is built once per update, drop mode and window size (what enables its
// bindings), not on every key: the bindings read the cursors when a key
// runs them.
func (ts *TableState) KeyMap() keymap.Map {
	g := &ts.Scr.Ghost
	drop := g.Drop.On && ts.Role() == state.RoleGhost
	k := keyMapKey{applied: ts.Applied, drop: drop, w: ts.Shell.W, h: ts.Shell.H}
	if ts.keys.ok && ts.keys.key == k {
		return ts.keys.km
	}
	scr := ts.Screen()
	if scr == nil {
		// Not joined yet: only q, to leave.
		return TakenKeys{ts.Shell}.waiting(ts)
	}
	var own keymap.Map
	if drop {
		own = g.Drop.Keys()
	} else {
		own = scr.Keys()
	}
	shared, table := ts.sharedKeys(), ts.tableKeys()
	c := &ts.keys
	if c.ok && state.SameMap(c.own, own) && state.SameMap(c.shared, shared) && state.SameMap(c.table, table) {
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

// GroupText is suspect group g's words as the final phase draws them (the
// end screen's endPage).
func (ts *TableState) GroupText(g game.Group) string { return ts.Scr.Final.groupText(g) }
