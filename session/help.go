package session

import "strings"

// helpView is the `?` overlay: every key of the current screen, in words.
func (m *Model) helpView() string {
	var sections []string
	add := func(title string, lines ...string) {
		sections = append(sections, m.st.section.Render(" "+title)+"\n"+strings.Join(lines, "\n"))
	}
	add("EVERYWHERE",
		"  ?          this help (any key closes it)",
		"  q          leave the table (asks first during a game); in the lobby, quit",
		"  ctrl+c     quit at once",
		"  P          plain mode: cards as their descriptions (screen readers, few colours)",
		"  T          switch between 256 colours and truecolor",
		"  tab        next pane (at 80x24 the panes are tabs)",
		"  enter      zoom the card under the cursor; esc goes back")
	r := roleWaiting
	if m.screen == screenTable && m.table != nil {
		r = m.table.role()
	}
	switch {
	case m.screen == screenLobby:
		add("LOBBY",
			"  ↑↓ / j k   choose a table",
			"  enter      join it (take a seat, or watch a game already running)",
			"  w          watch it as a spectator",
			"  n          create a new table (name, edition, difficulty, timer, public/private)",
			"  c          join a table by its code (private tables)",
			"  e          change your display name")
	case r == roleSeating:
		add("SEATS",
			"  ↑↓         choose a seat: the ghost or a psychic colour",
			"  enter      sit there            u   stand up",
			"  b          (host) put a bot in the seat, or take it out",
			"  s          (host) start the game once the seats are legal",
			"  t          write in the chat")
	case r == roleGhost:
		add("GHOST",
			"  ←→         move in your hand       space   select / unselect a card",
			"  ↑↓         choose a psychic        g       give the selection as a vision",
			"  f          zoom the card the chosen psychic must find",
			"  d          (modern) drop old vision cards: all marked, ←→ and space keep some, g gives",
			"  x          discard: crow (classic), candle (modern), new hand (original)",
			"  r / a      reveal the chosen psychic's result / all of them in seat order",
			"  final:     ↑↓ or 1-9 a group, c make it the culprit, select 3 cards and g",
			"  The ghost never speaks: there is no chat input for you.")
	case r == rolePsychic:
		lines := []string{
			"  ←→         move over the table cards   i   put your intuition there",
			"  r          ready / not ready (moving your intuition clears it)",
			"  ↑↓         choose a psychic (their vision is shown)"}
		if pub := m.table.pub; pub != nil && pub.Clairvoyance {
			// Only where the table plays clairvoyance (classic, 4+ players).
			lines = append(lines,
				"  y / n      put your ✔ / ✘ clairvoyance token on their intuition",
				"  x          take your token back from their intuition")
		}
		if psy := m.table.psy; psy != nil && len(psy.Colours) > 1 {
			lines = append(lines, "  c          switch to your other colour")
		}
		add("PSYCHIC", append(lines,
			"  t          write in the chat (enter sends, esc stops)",
			"  final:     ↑↓ or 1-9 a group, v vote, ←→ the shared-vision cards,",
			"             z the group's three cards full screen")...)
	case r == roleSpectator:
		add("SPECTATOR",
			"  ←→ ↑↓      look at the cards and the psychics",
			"  c          follow another psychic's category",
			"  You can read the chat; spectators do not write during a game.")
	case r == roleFinished:
		add("AFTER THE GAME",
			"  ←/→        step through the replay, hour by hour",
			"  n          a new game at this table (or join the one already opened)",
			"  l          back to the lobby",
			"  t          write in the chat")
	}
	// The screen's own keys first: on a small window the general ones,
	// which the key hints partly repeat, are what gets cut.
	if len(sections) > 1 {
		sections = append(sections[1:], sections[0])
	}
	if line := m.reclaimLine(m.w); line != "" {
		// Only this guest's own session ever draws their code. Before the
		// keys: a guest who lost the connection needs it most.
		sections = append([]string{m.st.section.Render(" YOUR GUEST SEAT") + "\n" + line}, sections...)
	}
	body := strings.Join(sections, "\n\n")
	return m.frame(m.st.title.Render(" MYSTERIUM")+m.st.dim.Render(" — keys"), body, "any key closes this help", "Press any key to go back.")
}

// reclaimLine tells a guest their reclaim code and how to use it, fitted
// to w; "" for a player with a key. It draws m.who only: no other
// session's code is ever in reach.
func (m *Model) reclaimLine(w int) string {
	if !m.who.Guest || m.who.Claim == "" {
		return ""
	}
	code := "CODE"
	if m.screen == screenTable && m.table != nil && m.table.code != "" {
		code = m.table.code
	}
	long := "  Your reclaim code: " + m.who.Claim + " (ssh -t <server> " + code + " claim " + m.who.Claim + " takes your seat back)"
	if textWidth(long) <= w {
		return long
	}
	return m.cut("  Your reclaim code: "+m.who.Claim+" (ssh -t … "+code+" claim "+m.who.Claim+")", w)
}
