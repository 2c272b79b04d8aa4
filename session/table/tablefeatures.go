package table

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// What a real table gives a group beyond the rules: the host's hand on the
// sand timer (sandtimer.go), the ghost's take-back, a psychic's finger on a
// card (pointing.go), and the marks and notes a psychic keeps for themself
// (notebox.go). Here: their keys, and the notices of what they did.

// tableNotices shows, once, what the table says happened that nobody's
// screen would otherwise tell: a vision taken back, the host working the
// sand timer. prev is the public table before the update.
func (ts *TableState) tableNotices(prev *game.TableView) {
	p := ts.Pub
	// The linear mode says both from the table's events, in its own words
	// (linearview.go): a message too would say them twice.
	if p == nil || prev == nil || ts.Shell.Host.Linear() {
		return
	}
	if tb := p.TakenBack; tb != nil && (prev.TakenBack == nil || *prev.TakenBack != *tb) {
		ts.Shell.SetFlash(ts.Shell.Lang().F("The ghost took the vision back from %s.", tb.Psychic.Symbol()+" "+tb.Psychic.Character()), false)
	}
	if p.TimerNote.Kind != "" && p.TimerNote != prev.TimerNote {
		ts.Shell.SetFlash(words.TimerSentence(p.TimerNote, ts.Shell.Lang(), ts.Shell.Cleaned.Text(p.TimerNote.Say(ts.Shell.Lang()), 80)), false)
	}
}

// takeBackKey is the ghost's u: take back the vision on its way. When
// there is none the table says why ("The vision has reached ● Conrad; it
// can no longer be taken back."), in the player's language.
func (g *ghostScreen) takeBackKey() tea.Cmd {
	ts := g.ts
	if ts.Ghost == nil || !ts.Ghost.CanTakeBack {
		return ts.Out.Submit(game.TakeBack{}, "")
	}
	c := ts.Ghost.TakeBackFrom
	return ts.Out.Submit(game.TakeBack{Cards: ts.Ghost.Held}, ts.Shell.Lang().F("You took the vision back from %s: its cards are in your hand.", c.Symbol()+" "+c.Character()))
}

// tableKeys are the keys of what a real table allows beyond the rules:
// the ghost's u, a psychic's m and w, the host's p and +. They come last
// in the bar (a narrow bar drops them first; ? lists them all).
func (ts *TableState) tableKeys() keymap.Map {
	r := ts.Role()
	ghost := r == state.RoleGhost && ts.Ghost != nil && ts.Ghost.Phase == game.PhaseVision
	in := tableKeysIn{
		ghost:    ghost,
		takeBack: ghost && ts.Ghost.CanTakeBack,
		// Marks and notes on the psychic's own screen (the rounds), not the final's.
		psychic: r == state.RolePsychic && ts.Screen() == tableScreen(&ts.Scr.Psychic),
		timer:   ts.Timer.Host(),
	}
	return ts.tableMemo.Get(in, func() keymap.Map { return ts.buildTableKeys(in) })
}

// tableKeysIn is what decides the table's feature keys (mapMemo).
type tableKeysIn struct{ ghost, takeBack, psychic, timer bool }

func (ts *TableState) buildTableKeys(in tableKeysIn) keymap.Map {
	ghost, psychic := in.ghost, in.psychic
	return keymap.Map{
		keymap.Bind([]string{"u"}, "u", i18n.N("take back"), i18n.N("take back the vision on its way (a vision arrives 5 s after it is given; 2 take-backs an hour)"), ts.Scr.Ghost.takeBackKey).When(ghost).BarIf(in.takeBack),
		keymap.Bind([]string{"m"}, "m", i18n.N("rule out"), i18n.N("rule the table card out: dimmed and ✗ for you alone until the game is over"), ts.Scr.Psychic.markKey).When(psychic),
		keymap.Bind([]string{"w"}, "w", i18n.N("note"), i18n.N("a short note on the card under the cursor (yours alone until the game is over)"), func() tea.Cmd {
			ts.Note.Start(ts.Scr.Psychic.CursorCard())
			return nil
		}).When(psychic),
		keymap.Bind([]string{"p"}, "p", i18n.N("pause"), i18n.N("pause / resume the sand timer (the host; the psychics when the host is the ghost)"), ts.Timer.PauseKey).When(in.timer),
		keymap.Bind([]string{"+"}, "+", i18n.N("30 s"), i18n.N("30 s more on the sand timer, up to 10 minutes left (the host; the psychics when the host is the ghost)"), ts.Timer.AddTimeKey).When(in.timer),
	}
}
