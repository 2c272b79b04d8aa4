package state

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// drawTabBar draws the pane names, the one at cur highlighted (a plain
// function: tableState's methods are at the house's limit of 40).
func DrawTabBar(st *style.Styles, l i18n.Lang, names []string, cur int) string {
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

func Move(v *int, d, n int) {
	*v += d
	if *v >= n {
		*v = n - 1
	}
	if *v < 0 {
		*v = 0
	}
}

func Window(n, slots, cur int) (from, to int) {
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
func ThumbSlots(w int) int {
	return max(1, w/(layout.ThumbW+1))
}

// header is the top line of every table screen. Narrow windows get the
// short forms ("HOUR I/VII", "crows 3").
//
// After a table update every seat draws its header again, and it is the
// same but for the sand timer's second: it is drawn again only when one of
// its inputs changed (headerKey), the timer's line among them.
func (ts *Table) Header() string {
	m := ts.Shell
	k := headerKey{st: m.St, lang: m.Lang(), w: m.W, h: m.H, code: ts.Code, name: ts.U.Name}
	if p := ts.Pub; p != nil {
		k.pub = true
		k.edition, k.difficulty, k.phase, k.round, k.deck = p.Edition, p.Difficulty, p.Phase, p.Round, p.DeckSize
		k.discardKind, k.discardsLeft, k.discardsRound, k.discarded = p.DiscardKind, p.DiscardsLeft, p.DiscardsRound, p.DiscardedThisRound
		k.timer = ts.Timer.view()
	}
	if c := &ts.header; c.ok && c.key == k && !m.NoMemo {
		return c.line
	}
	line := ts.drawHeader(k.timer)
	ts.header = headerMemo{key: k, line: line, ok: true}
	return line
}

// headerMemo is the header drawn last, and what it was drawn from.
type headerMemo struct {
	key  headerKey
	line string
	ok   bool
}

// headerKey is everything drawHeader reads: the viewer's styles, language
// and window, the table's code and name, the view's facts the header
// shows, and the sand timer's line.
type headerKey struct {
	st                        *style.Styles
	lang                      i18n.Lang
	w, h                      int
	code, name                string
	pub                       bool
	edition                   game.Edition
	difficulty                game.Difficulty
	phase                     game.Phase
	round, deck, discardsLeft int
	discardKind               game.DiscardKind
	discardsRound, discarded  bool
	timer                     string
}

// drawHeader draws Header, timer being the sand timer's line.
func (ts *Table) drawHeader(timer string) string {
	m := ts.Shell
	st := m.St
	l := m.Lang()
	wide := m.W >= 120
	left := st.Title.Render(" MYSTERIUM") + "  " + st.Bold.Render(ts.Code)
	if m.Portrait() && m.W < 48 {
		left = " " + st.Bold.Render(ts.Code) // the phone's tab says Mysterium
	}
	if ts.U.Name != "" && wide {
		left += " " + fmt.Sprintf("%q", layout.Cut(ts.U.Name, 28))
	}
	p := ts.Pub
	if p == nil {
		return left
	}
	ed := words.EditionWord(l, p.Edition)
	if p.Difficulty != "" {
		ed += " · " + words.DifficultyWord(l, p.Difficulty)
	}
	if !m.Portrait() {
		left += "  " + st.Dim.Render(ed)
	}
	var right []string
	if p.Phase != game.PhaseSeating && p.Round > 0 {
		if wide {
			right = append(right, l.F("%s %s of VII", words.ClockWord(l, ts.Pub), words.RomanNum(p.Round)))
		} else {
			right = append(right, fmt.Sprintf("%s %s/VII", words.ClockWord(l, ts.Pub), words.RomanNum(p.Round)))
		}
	}
	if timer != "" {
		right = append(right, timer)
	}
	if p.Phase != game.PhaseSeating && p.Phase != game.PhaseFinished {
		right = append(right, words.DiscardText(l, ts.Pub, wide))
		if wide {
			right = append(right, l.F("deck %d", p.DeckSize))
		}
	}
	gap := "   "
	if !wide {
		gap = "  "
	}
	return m.Spread(left, strings.Join(right, gap)+" ", m.W)
}

// lastHourLine recalls the results of the hour that just ended, while the
// next hour's visions are being given (the knock itself lasts seconds).
func (ts *Table) LastHourLine() string {
	p := ts.Pub
	if p == nil || len(p.History) == 0 || len(p.Reveals) > 0 || p.Phase != game.PhaseVision {
		return ""
	}
	m := ts.Shell
	st := m.St
	r := p.History[len(p.History)-1]
	if len(r.Results) == 0 {
		return ""
	}
	// Each screen asks for the line several times a frame; it changes only
	// with an update, the width, the language or the styles.
	key := hourLineKey{applied: ts.Applied, w: m.W, lang: m.Lang(), st: st}
	if ts.hourLine.ok && ts.hourLine.key == key {
		return ts.hourLine.line
	}
	head := st.Section.Render(fmt.Sprintf(" %s %s ", words.ClockWord(m.Lang(), ts.Pub), words.RomanNum(r.Round))) + " "
	names := make([]string, len(r.Results))
	widths := make([]int, len(r.Results))
	sum := 0
	for i, res := range r.Results {
		names[i] = "—"
		if res.Intuition != "" {
			names[i] = m.CardName(res.Intuition)
		}
		widths[i] = layout.TextWidth(names[i])
		sum += widths[i]
	}
	// Every psychic's result must show, six of them at 80 columns too: when
	// the whole titles do not fit, they get the unique short forms the table's
	// cards use, each at most as wide as the widest that lets the line fit.
	room := m.W - layout.TextWidth(hourResults(st, head, r.Results, make([]string, len(names))))
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
	line := m.Cut(hourResults(st, head, r.Results, names), m.W)
	ts.hourLine = hourLineMemo{key: key, line: line, ok: true}
	return line
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

// layoutRows is how many rows of the body a screen plans its pictures for:
// the rows there are with no message shown. A message comes and goes with
// every move; were the pictures sized to the rows of the moment, the whole
// board would jump to other sizes and places each time. While a message
// is shown, the chat below the pictures gives up a row instead.
func LayoutRows(h int, sofar string) int {
	return h - 4 - strings.Count(sofar, "\n")
}

// clamp keeps a cursor inside a list of n rows.
func Clamp(v *int, n int) {
	if *v >= n {
		*v = n - 1
	}
	if *v < 0 {
		*v = 0
	}
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
