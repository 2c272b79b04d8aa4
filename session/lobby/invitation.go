package lobby

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/invite"
)

// Invitation is the hub's invitation to a table: its text and, apart, the
// browser link the invitation screen draws as a QR code (ui/invite).
type Invitation = invite.Invitation

// inviteKeys are the invitation's keys: c shows the link's QR code alone
// when it does not fit beside or below the text; any other key goes back
// to the tables (esc is the one a key bar offers).
func (l *State) inviteKeys() keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"c"}, "c", i18n.N("QR code"), i18n.N("the link's QR code alone, for a phone's camera"), func() tea.Cmd {
			l.QRAlone = !l.QRAlone
			return nil
		}).When(l.Invite.Link != "" && (l.QRAlone || l.inviteScreen().Where(l.Invite) == invite.Apart)),
		keymap.Bind([]string{"esc"}, "any key", i18n.N("goes back to the tables"), "", func() tea.Cmd {
			l.Mode, l.QRAlone = LobbyList, false
			return nil
		}),
	}
}

func (l *State) inviteScreen() invite.Screen {
	m := l.m
	return invite.Screen{St: m.St, L: m.Lang(), W: m.W, H: m.H, Clean: m.Cleaned.Line}
}

// inviteView writes the invitation screen's body to b and returns its
// status line.
func (l *State) inviteView(b *strings.Builder) string {
	return l.inviteScreen().Body(b, l.Invite, l.QRAlone)
}
