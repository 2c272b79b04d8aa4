package table

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// handleKey is the table's key map; see the package comment for the list.
func (ts *TableState) HandleKey(k keymap.Key) tea.Cmd {
	m := ts.Shell
	key := k.String()

	if ts.Role() == state.RoleWaiting && key != "q" {
		// Typed before the table's first update arrived: kept and replayed
		// once the screen they were meant for is up.
		if len(ts.pending) < 32 {
			ts.pending = append(ts.pending, k)
		}
		return nil
	}
	// A zoomed card, a question and a text field have the keys first,
	// each from its key map (screenkeys.go).
	keys := TakenKeys{m}
	if ts.Zoom.ID != "" {
		if cmd, ok := keys.zoom(ts).Run(key); ok {
			return cmd
		}
		// Any other key closes the card.
		ts.Zoom.ID = ""
		return nil
	}
	if ts.Confirm != "" {
		if key == "Y" {
			key = "y" // caps lock on
		}
		if cmd, ok := keys.confirm(ts).Run(key); ok {
			return cmd
		}
		// Any other key is a no.
		cmd, _ := keys.confirm(ts).Run("n")
		return cmd
	}
	if ts.Chat.Shut {
		// t was pressed where chat is closed: letters are the player typing
		// a message, never commands; esc, enter or any other key ends it.
		if k.Typed() != "" {
			m.SetFlash(ts.Chat.ClosedReason()+m.Lang().T(" Typing is ignored: esc goes back."), true)
			return nil
		}
		if cmd, ok := keys.chatShut(ts).Run(key); ok {
			return cmd
		}
		ts.Chat.Shut = false
	}
	if ts.Note.On {
		return ts.Note.Key(k)
	}
	if ts.Chat.On {
		if cmd, ok := keys.chat(ts).Run(key); ok {
			return cmd
		}
		ts.Chat.Line.Update(k)
		if pastedLine(k) {
			// A line pasted with its newline: the newline is the enter the
			// player copied, as a terminal without bracketed paste would
			// send it.
			cmd, _ := keys.chat(ts).Run("enter")
			return cmd
		}
		return nil
	}
	if n := &ts.Scr.Ghost.Note; n.takes(k) {
		return n.handle(k)
	}
	if d := &ts.Scr.Ghost.Drop; d.On && ts.Role() == state.RoleGhost {
		if cmd, ok := d.Keys().Run(key); ok {
			return cmd
		}
		// Any other key ends the marking and acts as usual.
		d.On = false
	}
	km := ts.KeyMap()
	cmd, ok := km.Run(key)
	if !ok {
		ts.notNow(km, key)
	}
	if ts.Role() == state.RolePsychic {
		// The card under the cursor is where this psychic points.
		return tea.Batch(cmd, ts.Point(ts.Scr.Psychic.CursorCard()))
	}
	return cmd
}

// sharedKeys are the keys every table screen has: chat, panes, leaving.
// They follow the screen's own keys in the bar and the help.
// They are kept while the role and whether chat is open stay (mapMemo).
func (ts *TableState) sharedKeys() keymap.Map {
	in := sharedKeysIn{r: ts.Role(), open: ts.Chat.Open()}
	return ts.sharedMemo.Get(in, func() keymap.Map { return ts.buildSharedKeys(in) })
}

// sharedKeysIn is what decides the shared keys.
type sharedKeysIn struct {
	r    state.Role
	open bool
}

func (ts *TableState) buildSharedKeys(in sharedKeysIn) keymap.Map {
	m := ts.Shell
	r, open := in.r, in.open
	return keymap.Map{
		keymap.Bind([]string{"t"}, "t", i18n.N("chat"), i18n.N("write in the chat (enter sends, esc stops)"), func() tea.Cmd {
			ts.Chat.On = true
			ts.Chat.Line.Focus()
			if !ts.Large() {
				ts.tab = ts.paneCount() - 1
			}
			return nil
		}).When(open),
		// Where chat is closed t says why, and what is typed next is not
		// taken as keys.
		keymap.Bind([]string{"t"}, "", "", "", func() tea.Cmd {
			if reason := ts.Chat.ClosedReason(); reason != "" {
				ts.Chat.Shut = true
				m.SetFlash(reason, true)
			}
			return nil
		}).When(!open),
		keymap.Bind([]string{"tab"}, "tab", i18n.N("pane"), i18n.N("next pane (below 120x40 the panes are tabs; above, the pane ←→ moves in)"), func() tea.Cmd {
			ts.tab = (ts.tab + 1) % ts.paneCount()
			return nil
		}),
		keymap.Bind([]string{"shift+tab"}, "", "", "", func() tea.Cmd {
			ts.tab = (ts.tab + ts.paneCount() - 1) % ts.paneCount()
			return nil
		}),
		keymap.Bind([]string{"q"}, "q", i18n.N("leave"), i18n.N("leave the table (asks first while you play)"), ts.askLeave),
		keymap.Bind([]string{"esc"}, "", "", "", ts.askLeave).When(r == state.RoleSeating || r == state.RoleSpectator || r == state.RoleWaiting),
		// esc elsewhere does nothing (it closes what is open: zoom, chat).
		keymap.Bind([]string{"esc"}, "", "", "", nil),
	}
}

// askLeave leaves the table, asking first while a game is on and this
// player has a part in it.
func (ts *TableState) askLeave() tea.Cmd {
	switch ts.Role() {
	case state.RoleGhost, state.RolePsychic:
		ts.Confirm = "leave"
		return nil
	}
	return ts.leave()
}

func (ts *TableState) leave() tea.Cmd {
	m := ts.Shell
	// Leaving before the game frees the seat for someone else.
	if ts.Role() == state.RoleSeating && ts.Pub != nil && ts.Pub.SeatOf(m.Who.ID) != game.NoSeat && ts.Submitter != nil {
		_ = ts.Submitter.Submit(m.Who.ID, game.Stand{})
	}
	return m.Host.LeaveTable()
}

func (ts *TableState) confirmed(q string) tea.Cmd {
	switch q {
	case "leave":
		return ts.leave()
	case "discard":
		return ts.Scr.Ghost.discard()
	}
	return nil
}

// pastedLine reports whether k is a paste whose text ends with a newline.
func pastedLine(k keymap.Key) bool {
	n := len(k.Text)
	return k.Paste && n > 0 && (k.Text[n-1] == '\n' || k.Text[n-1] == '\r')
}

// notNow says why a key of this screen does nothing at this moment (a
// psychic's i during the reveal, the ghost's g in the final, a guest's
// host key): it was ignored without a word, and the player wondered
// whether the key or the connection was broken. A key the screen never
// uses stays silent.
func (ts *TableState) notNow(km keymap.Map, key string) {
	hintKey, word, ok := km.Idle(key)
	if !ok {
		return
	}
	l := ts.Shell.Lang()
	what := keymap.KeyLabel(l, hintKey)
	if word != "" {
		what += " (" + keymap.HintText(l, word) + ")"
	}
	if ts.Role() == state.RoleSpectator {
		ts.Shell.SetFlash(l.F("You are watching: %s is for the players.", what), true)
		return
	}
	if (hintKey == "p" || hintKey == "+") && ts.Role() == state.RoleGhost && ts.Pub != nil && ts.Pub.Timer > 0 {
		// The ghost's seat never works the sand timer (game.State.timerHands):
		// "see the line below" named no reason, and that line is about visions.
		if ts.Pub.Host == ts.Shell.Who.ID {
			ts.Shell.SetFlash(l.T("The ghost never works the sand timer: the psychics have p and +."), true)
		} else {
			ts.Shell.SetFlash(l.T("The ghost never works the sand timer: the host has p and +."), true)
		}
		return
	}
	ts.Shell.SetFlash(l.F("%s does nothing now: see the line below.", what), true)
}
