package session

import "github.com/mysterium-ssh/mysterium/i18n"

// lang is the language the player reads: every sentence of this session's
// screens and lines is in it.
func (m *Model) lang() i18n.Lang { return m.who.Lang }

// switchLang is the L key (listed in the lobby and ? help): the next
// language for this session's every screen at once, kept in the player's
// profile. Only this session changes: the others at the table each draw
// in their own language.
func (m *Model) switchLang() {
	m.who.Lang = m.who.Lang.Next()
	kept := ""
	if m.hub != nil && m.who.ID != "" {
		// A guest's choice lasts as long as their connection (the hub's
		// rule); only a player with a key has a profile to keep it in.
		if err := m.hub.SetLang(m.who.ID, m.lang()); err == nil && !m.who.Guest {
			kept = m.lang().T(" (kept in your profile)")
		}
	}
	m.setFlash(m.lang().F("%s%s. L switches to %s.", m.lang().Name(), kept, m.lang().Next().Name()), false)
}
