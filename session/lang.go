package session

// switchLang is the L key (listed in the lobby and ? help): the next
// language for this session's every screen at once, kept in the player's
// profile. Only this session changes: the others at the table each draw
// in their own language.
func (m *Model) switchLang() {
	m.sh.Who.Lang = m.sh.Who.Lang.Next()
	kept := ""
	if m.hub != nil && m.sh.Who.ID != "" {
		// A guest's choice lasts as long as their connection (the hub's
		// rule); only a player with a key has a profile to keep it in.
		if err := m.hub.SetLang(m.sh.Who.ID, m.sh.Lang()); err == nil && !m.sh.Who.Guest {
			kept = m.sh.Lang().T(" (kept in your profile)")
		}
	}
	m.sh.SetFlash(m.sh.Lang().F("%s%s. L switches to %s.", m.sh.Lang().Name(), kept, m.sh.Lang().Next().Name()), false)
}
