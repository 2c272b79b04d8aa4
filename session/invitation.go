package session

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
func (l *lobbyState) inviteKeys() keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"c"}, "c", i18n.N("QR code"), i18n.N("the link's QR code alone, for a phone's camera"), func() tea.Cmd {
			l.qrAlone = !l.qrAlone
			return nil
		}).When(l.invite.Link != "" && (l.qrAlone || l.inviteScreen().Where(l.invite) == invite.Apart)),
		keymap.Bind([]string{"esc"}, "any key", i18n.N("goes back to the tables"), "", func() tea.Cmd {
			l.mode, l.qrAlone = lobbyList, false
			return nil
		}),
	}
}

func (l *lobbyState) inviteScreen() invite.Screen {
	m := l.m
	return invite.Screen{St: m.st, L: m.lang(), W: m.w, H: m.h, Clean: m.cleaned.line}
}

// inviteView writes the invitation screen's body to b and returns its
// status line.
func (l *lobbyState) inviteView(b *strings.Builder) string {
	return l.inviteScreen().Body(b, l.invite, l.qrAlone)
}
