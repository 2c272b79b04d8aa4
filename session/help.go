package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
)

// helpView is the `?` overlay: every key of the current screen, in words.
func (m *Model) helpView() string {
	var sections []string
	add := func(title string, lines ...string) {
		sections = append(sections, m.sh.St.Section.Render(" "+title)+"\n"+strings.Join(lines, "\n"))
	}
	l := m.sh.Lang()
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
		add(l.T("LOBBY"), m.lobby.Keys().HelpLines(l)...)
	case m.table != nil:
		// The screen's key map, as the key bar has it: only the keys that
		// apply at this table now.
		if scr := m.table.Screen(); scr != nil {
			lines := m.table.KeyMap().HelpLines(l)
			if reason := m.table.Chat.ClosedReason(); reason != "" && !m.table.Chat.Open() {
				lines = append(lines, "  t          "+reason)
			}
			add(l.T(scr.Title()), lines...)
		}
	}
	// The screen's own keys first: on a small window the general ones,
	// which the key hints partly repeat, are what gets cut.
	if len(sections) > 1 {
		sections = append(sections[1:], sections[0])
	}
	if line := m.reclaimLine(m.sh.W); line != "" {
		// Only this guest's own session ever draws their code. Before the
		// keys: a guest who lost the connection needs it most.
		sections = append([]string{m.sh.St.Section.Render(l.T(" YOUR GUEST SEAT")) + "\n" + line}, sections...)
	}
	body := strings.Join(sections, "\n\n")
	if portrait.Is(m.sh.W, m.sh.H) { // a phone held upright: what a key does goes on under its first words
		var lines []string
		for _, s := range strings.Split(body, "\n") {
			lines = append(lines, layout.Hang(s, m.sh.W, 13)...)
		}
		body = strings.Join(lines, "\n")
	}
	return m.sh.Frame(m.sh.St.Title.Render(" MYSTERIUM")+m.sh.St.Dim.Render(l.T(" — keys")), body, screenKeys{m}.help().Hints(l), l.T("Press any key to go back."))
}

// reclaimLine tells a guest their reclaim code and how to use it, fitted
// to w; "" for a player with a key. It draws m.who only: no other
// session's code is ever in reach.
func (m *Model) reclaimLine(w int) string {
	if !m.sh.Who.Guest || m.sh.Who.Claim == "" {
		return ""
	}
	code := "CODE"
	if m.screen == screenTable && m.table != nil && m.table.Code != "" {
		code = m.table.Code
	}
	l := m.sh.Lang()
	if m.sh.Start.Taps {
		// A browser's guest: the page's link, which the page makes a link
		// to tap (the table's code without its dash, the lobby's /).
		page := "/"
		if code != "CODE" {
			page += strings.ReplaceAll(code, "-", "")
		}
		long := l.F("  Your reclaim code: %s (the link %s?claim=%s takes your seat back)", m.sh.Who.Claim, page, m.sh.Who.Claim)
		if layout.TextWidth(long) <= w {
			return long
		}
		return m.sh.Cut(l.F("  Your reclaim code: %s (%s?claim=%s)", m.sh.Who.Claim, page, m.sh.Who.Claim), w)
	}
	long := l.F("  Your reclaim code: %s (ssh -t <server> %s claim %s takes your seat back)", m.sh.Who.Claim, code, m.sh.Who.Claim)
	if layout.TextWidth(long) <= w {
		return long
	}
	return m.sh.Cut(l.F("  Your reclaim code: %s (ssh -t … %s claim %s)", m.sh.Who.Claim, code, m.sh.Who.Claim), w)
}
