package state

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
)

// knock is the knock of a revealed result, as a real ghost knocks on the
// table: ✔ once for right, ✘ twice for wrong, a banner that pulses for a
// few frames above the status line. It counts the reveals it has heard, so
// that each is knocked once and a player who joins late hears no old
// knock. It is the session's, touched only on its goroutine.
type knock struct {
	ts *Table
	// n numbers the knocks, so a frame of an older one is dropped; frame is
	// the banner's frame, text what it says ("": no knock now).
	N     int
	Frame int
	Text  string
	// short and symbols are the same results in fewer cells, for a banner
	// too narrow for text (6 psychics revealed at once): "knock — ✔ ● Conrad
	// ✘ ▲ Alma …", then "knock — ✔● ✘▲ …". Each result has its own colour.
	short, symbols string
	// heard is the table's reveal count last seen, once seen is set (the
	// first update gives it).
	heard int
	seen  bool
}

// Knock animation: a few frames when the ghost reveals a result.
const (
	KnockFrames   = 8
	knockInterval = 350 * time.Millisecond
)

// knockDoneMsg ends frame of knock n at table gen.
type KnockDoneMsg struct {
	Gen, Knock int
}

// hear takes the reveal count of a new update: new results knock. The
// first update only sets the count.
func (k *knock) Hear() tea.Cmd {
	ts := k.ts
	if ts.Pub == nil {
		return nil
	}
	var cmd tea.Cmd
	n := ts.Pub.RevealCount
	if k.seen && n > k.heard {
		latest := ts.Pub.LatestReveals(n - k.heard)
		if len(latest) > 0 {
			var parts []string
			for _, r := range latest {
				parts = append(parts, KnockSentence(ts.Shell.Lang(), r))
			}
			k.N++
			k.Frame = 0
			k.Text = strings.Join(parts, "   ")
			k.short, k.symbols = knockShortForms(ts.Shell.Lang(), ts.Shell.St, latest)
			// The knock takes the message line's place while it lasts.
			ts.Shell.Flash, ts.Shell.FlashErr = "", false
			cmd = k.next()
		}
	}
	k.heard, k.seen = n, true
	return cmd
}

// next asks for the banner's next frame.
func (k *knock) next() tea.Cmd {
	gen, n := k.ts.Gen, k.N
	return tea.Tick(knockInterval, func(time.Time) tea.Msg { return KnockDoneMsg{Gen: gen, Knock: n} })
}

// done steps the banner a frame, and ends it after the last.
func (k *knock) Done(msg KnockDoneMsg) tea.Cmd {
	if msg.Gen != k.ts.Gen || msg.Knock != k.N {
		return nil
	}
	k.Frame++
	if k.Frame >= KnockFrames {
		k.Frame = 0
		k.Text, k.short, k.symbols = "", "", ""
		return nil
	}
	return k.next()
}

// banner is the knock as drawn above the status line ("" without one):
// every other frame it moves, so it pulses while it lasts.
func (k *knock) Banner() string {
	if k.Text == "" {
		return ""
	}
	m := k.ts.Shell
	st := m.St.OK
	if strings.HasPrefix(k.Text, "✘") {
		st = m.St.Bad
	}
	text := st.Render(k.Text)
	// The banner keeps every result: with the pulse's two cells it must
	// fit, else the shorter forms stand in (the last knock was cut).
	if room := m.W - 3; layout.TextWidth(k.Text) > room && k.short != "" {
		text = k.short
		if layout.TextWidth(text) > room {
			text = k.symbols
		}
	}
	if k.Frame%2 == 1 {
		text = "  " + text
	}
	return " " + text
}

// knockShortForms are the results in fewer cells than their sentences:
// each with its short label, then with its symbol alone.
func knockShortForms(l i18n.Lang, st *style.Styles, rs []game.RevealResult) (short, symbols string) {
	var a, b strings.Builder
	a.WriteString(l.T("knock — "))
	b.WriteString(l.T("knock — "))
	for i, r := range rs {
		mark, s := "✘", st.Bad
		if r.Correct {
			mark, s = "✔", st.OK
		}
		if i > 0 {
			a.WriteString("  ")
			b.WriteString(" ")
		}
		name := r.Psychic.Character()
		if j := strings.IndexByte(name, ' '); j > 0 && r.Psychic != game.Red {
			name = name[:j] // "Alma", as the ghost's columns name her
		}
		one := mark + " " + r.Psychic.Symbol() + " " + name
		if r.Finished {
			one += " · " + l.G(r.Psychic.Gender(), "done")
		}
		a.WriteString(s.Render(one))
		b.WriteString(s.Render(mark + r.Psychic.Symbol()))
	}
	return a.String(), b.String()
}

func KnockSentence(l i18n.Lang, r game.RevealResult) string {
	name := r.Psychic.Symbol() + " " + r.Psychic.Character()
	if r.Correct {
		if r.Finished {
			return l.F("✔ knock — %s is right and has finished the trail!", name)
		}
		return l.F("✔ knock — %s is right.", name)
	}
	// French agrees with the character: "s'est trompée" for Alma.
	return l.G(r.Psychic.Gender(), "✘ knock knock — %s is wrong.", name)
}
