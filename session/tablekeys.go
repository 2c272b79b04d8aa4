package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
)

// handleKey is the table's key map; see the package comment for the list.
func (ts *tableState) handleKey(k keymap.Key) tea.Cmd {
	m := ts.m
	key := k.String()

	if ts.role() == roleWaiting && key != "q" {
		// Typed before the table's first update arrived: kept and replayed
		// once the screen they were meant for is up.
		if len(ts.pending) < 32 {
			ts.pending = append(ts.pending, k)
		}
		return nil
	}
	// A zoomed card, a question and a text field have the keys first,
	// each from its key map (screenkeys.go).
	keys := screenKeys{m}
	if ts.zoom.id != "" {
		if cmd, ok := keys.zoom(ts).Run(key); ok {
			return cmd
		}
		// Any other key closes the card.
		ts.zoom.id = ""
		return nil
	}
	if ts.confirm != "" {
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
	if ts.chat.shut {
		// t was pressed where chat is closed: letters are the player typing
		// a message, never commands; esc, enter or any other key ends it.
		if k.Typed() != "" {
			m.setFlash(ts.chat.closedReason()+m.lang().T(" Typing is ignored: esc goes back."), true)
			return nil
		}
		if cmd, ok := keys.chatShut(ts).Run(key); ok {
			return cmd
		}
		ts.chat.shut = false
	}
	if ts.note.on {
		return ts.note.key(k)
	}
	if ts.chat.on {
		if cmd, ok := keys.chat(ts).Run(key); ok {
			return cmd
		}
		ts.chat.line.Update(k)
		if pastedLine(k) {
			// A line pasted with its newline: the newline is the enter the
			// player copied, as a terminal without bracketed paste would
			// send it.
			cmd, _ := keys.chat(ts).Run("enter")
			return cmd
		}
		return nil
	}
	if n := &ts.scr.ghost.note; n.takes(k) {
		return n.handle(k)
	}
	if d := &ts.scr.ghost.drop; d.on && ts.role() == roleGhost {
		if cmd, ok := d.keys().Run(key); ok {
			return cmd
		}
		// Any other key ends the marking and acts as usual.
		d.on = false
	}
	km := ts.keyMap()
	cmd, ok := km.Run(key)
	if !ok {
		ts.notNow(km, key)
	}
	if ts.role() == rolePsychic {
		// The card under the cursor is where this psychic points.
		return tea.Batch(cmd, ts.point(ts.scr.psychic.cursorCard()))
	}
	return cmd
}

// sharedKeys are the keys every table screen has: chat, panes, leaving.
// They follow the screen's own keys in the bar and the help.
// They are kept while the role and whether chat is open stay (mapMemo).
func (ts *tableState) sharedKeys() keymap.Map {
	in := sharedKeysIn{r: ts.role(), open: ts.chat.open()}
	return ts.sharedMemo.get(in, func() keymap.Map { return ts.buildSharedKeys(in) })
}

// sharedKeysIn is what decides the shared keys.
type sharedKeysIn struct {
	r    role
	open bool
}

func (ts *tableState) buildSharedKeys(in sharedKeysIn) keymap.Map {
	m := ts.m
	r, open := in.r, in.open
	return keymap.Map{
		keymap.Bind([]string{"t"}, "t", i18n.N("chat"), i18n.N("write in the chat (enter sends, esc stops)"), func() tea.Cmd {
			ts.chat.on = true
			ts.chat.line.Focus()
			if !ts.large() {
				ts.tab = ts.paneCount() - 1
			}
			return nil
		}).When(open),
		// Where chat is closed t says why, and what is typed next is not
		// taken as keys.
		keymap.Bind([]string{"t"}, "", "", "", func() tea.Cmd {
			if reason := ts.chat.closedReason(); reason != "" {
				ts.chat.shut = true
				m.setFlash(reason, true)
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
		keymap.Bind([]string{"esc"}, "", "", "", ts.askLeave).When(r == roleSeating || r == roleSpectator || r == roleWaiting),
		// esc elsewhere does nothing (it closes what is open: zoom, chat).
		keymap.Bind([]string{"esc"}, "", "", "", nil),
	}
}

// askLeave leaves the table, asking first while a game is on and this
// player has a part in it.
func (ts *tableState) askLeave() tea.Cmd {
	switch ts.role() {
	case roleGhost, rolePsychic:
		ts.confirm = "leave"
		return nil
	}
	return ts.leave()
}

func (ts *tableState) leave() tea.Cmd {
	m := ts.m
	// Leaving before the game frees the seat for someone else.
	if ts.role() == roleSeating && ts.pub != nil && ts.pub.SeatOf(m.who.ID) != game.NoSeat && ts.t != nil {
		_ = ts.t.Submit(m.who.ID, game.Stand{})
	}
	return m.leaveTable()
}

func (ts *tableState) confirmed(q string) tea.Cmd {
	switch q {
	case "leave":
		return ts.leave()
	case "discard":
		return ts.scr.ghost.discard()
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
func (ts *tableState) notNow(km keymap.Map, key string) {
	hintKey, word, ok := km.Idle(key)
	if !ok {
		return
	}
	l := ts.m.lang()
	what := keymap.KeyLabel(l, hintKey)
	if word != "" {
		what += " (" + keymap.HintText(l, word) + ")"
	}
	if ts.role() == roleSpectator {
		ts.m.setFlash(l.F("You are watching: %s is for the players.", what), true)
		return
	}
	if (hintKey == "p" || hintKey == "+") && ts.role() == roleGhost && ts.pub != nil && ts.pub.Timer > 0 {
		// The ghost's seat never works the sand timer (game.State.timerHands):
		// "see the line below" named no reason, and that line is about visions.
		if ts.pub.Host == ts.m.who.ID {
			ts.m.setFlash(l.T("The ghost never works the sand timer: the psychics have p and +."), true)
		} else {
			ts.m.setFlash(l.T("The ghost never works the sand timer: the host has p and +."), true)
		}
		return
	}
	ts.m.setFlash(l.F("%s does nothing now: see the line below.", what), true)
}
