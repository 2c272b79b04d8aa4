package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// helpView is the `?` overlay: every key of the current screen, in words.
func (m *Model) helpView() string {
	var sections []string
	add := func(title string, lines ...string) {
		sections = append(sections, m.st.Section.Render(" "+title)+"\n"+strings.Join(lines, "\n"))
	}
	l := m.lang()
	line := func(k, desc string) string { return "  " + layout.Pad(keymap.KeyLabel(l, k), 10) + " " + l.T(desc) }
	everywhere := []string{
		line("?", i18n.N("this help (any key closes it)")),
		line("q", i18n.N("in the lobby, quit")),
		line("ctrl+c", i18n.N("quit at once")),
		line("P", i18n.N("linear mode for screen readers: each change said as a line")),
		line("R", i18n.N("in linear mode, say again where you are and what to do")),
		line("T", i18n.N("switch between 256 colours and truecolor")),
		line("I", i18n.N("cards as images or in half blocks (kept in your profile)")),
		line("L", i18n.N("Français / English: the language of your screens (kept in your profile)")),
		line("enter", i18n.N("zoom the card under the cursor; esc goes back"))}
	add(l.T("EVERYWHERE"), everywhere...)
	switch {
	case m.screen == screenLobby:
		add(l.T("LOBBY"), m.lobby.keys().HelpLines(l)...)
	case m.table != nil:
		// The screen's key map, as the key bar has it: only the keys that
		// apply at this table now.
		if scr := m.table.screen(); scr != nil {
			lines := m.table.keyMap().HelpLines(l)
			if reason := m.table.chat.closedReason(); reason != "" && !m.table.chat.open() {
				lines = append(lines, "  t          "+reason)
			}
			add(l.T(scr.title()), lines...)
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
		sections = append([]string{m.st.Section.Render(l.T(" YOUR GUEST SEAT")) + "\n" + line}, sections...)
	}
	body := strings.Join(sections, "\n\n")
	return m.frame(m.st.Title.Render(" MYSTERIUM")+m.st.Dim.Render(l.T(" — keys")), body, screenKeys{m}.help().Hints(l), l.T("Press any key to go back."))
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
	l := m.lang()
	if m.start.Taps {
		// A browser's guest: the page's link, which the page makes a link
		// to tap (the table's code without its dash, the lobby's /).
		page := "/"
		if code != "CODE" {
			page += strings.ReplaceAll(code, "-", "")
		}
		long := l.F("  Your reclaim code: %s (the link %s?claim=%s takes your seat back)", m.who.Claim, page, m.who.Claim)
		if layout.TextWidth(long) <= w {
			return long
		}
		return m.cut(l.F("  Your reclaim code: %s (%s?claim=%s)", m.who.Claim, page, m.who.Claim), w)
	}
	long := l.F("  Your reclaim code: %s (ssh -t <server> %s claim %s takes your seat back)", m.who.Claim, code, m.who.Claim)
	if layout.TextWidth(long) <= w {
		return long
	}
	return m.cut(l.F("  Your reclaim code: %s (ssh -t … %s claim %s)", m.who.Claim, code, m.who.Claim), w)
}
