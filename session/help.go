package session

import (
	"strings"
)

// helpView is the `?` overlay: every key of the current screen, in words.
func (m *Model) helpView() string {
	var sections []string
	add := func(title string, lines ...string) {
		sections = append(sections, m.st.section.Render(" "+title)+"\n"+strings.Join(lines, "\n"))
	}
	everywhere := []string{
		"  ?          this help (any key closes it)",
		"  q          in the lobby, quit",
		"  ctrl+c     quit at once",
		"  P          linear mode for screen readers: each change said as a line",
		"  R          in linear mode, say again where you are and what to do",
		"  T          switch between 256 colours and truecolor",
		"  enter      zoom the card under the cursor; esc goes back"}
	add("EVERYWHERE", everywhere...)
	switch {
	case m.screen == screenLobby:
		add("LOBBY", m.lobby.keys().helpLines()...)
	case m.table != nil:
		// The screen's key map, as the key bar has it: only the keys that
		// apply at this table now.
		if scr := m.table.screen(); scr != nil {
			lines := m.table.keyMap().helpLines()
			if reason := m.table.chat.closedReason(); reason != "" && !m.table.chat.open() {
				lines = append(lines, "  t          "+reason)
			}
			add(scr.title(), lines...)
		}
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
