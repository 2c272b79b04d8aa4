package game

import "testing"

// TestOnlyTheTableAnnounces: players cannot make a notice of the table, in
// any role; the table itself can, with a valid notice, and everyone sees it
// as a notice (no name, no text), never as a player's line.
func TestOnlyTheTableAnnounces(t *testing.T) {
	next := Announce{Notice: Notice{Kind: NoticeNextGame, Table: "K7QXM2"}}
	s := started(t, classic(Easy), 4)
	for _, p := range []PlayerID{ghostOf(s), ownerOf(s, Purple), "someone watching", BotPlayer(SeatOf(Yellow))} {
		mustRefuse(t, s, p, next, ErrBadCommand)
	}
	for _, tc := range []struct {
		name string
		n    Notice
	}{
		{"no kind", Notice{Table: "K7QX"}},
		{"unknown kind", Notice{Kind: "lottery", Table: "K7QX"}},
		{"no table", Notice{Kind: NoticeNextGame}},
		{"lower case", Notice{Kind: NoticeNextGame, Table: "k7qx"}},
		{"not a code", Notice{Kind: NoticeNextGame, Table: "K7 QX: press n"}},
		{"too long", Notice{Kind: NoticeNextGame, Table: "ABCDEFGHIJKLMNOPQ"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mustRefuse(t, s, SystemPlayer, Announce{Notice: tc.n}, ErrBadCommand)
		})
	}
	// The table's identity does nothing else.
	mustRefuse(t, s, SystemPlayer, Chat{Text: "hello"}, ErrBadCommand)

	mustApply(t, s, SystemPlayer, next)
	for _, p := range []PlayerID{ghostOf(s), ownerOf(s, Purple), "someone watching"} {
		chat := s.ViewFor(p).Public().Chat
		last := chat[len(chat)-1]
		if last.Notice != next.Notice || last.Name != "" || last.Text != "" || last.Seat != NoSeat {
			t.Errorf("%s sees the notice as %+v", p, last)
		}
	}
	// It is journaled like any command.
	b, err := MarshalCommand(next)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalCommand(b)
	if err != nil || back != Command(next) {
		t.Fatalf("round trip of %s gave %#v, %v", b, back, err)
	}
}
