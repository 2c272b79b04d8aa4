package game

import (
	"strings"
	"testing"
)

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

func TestChat(t *testing.T) {
	s, _ := New(classic(Medium), TestPools(), "host", 1)
	mustRefuse(t, s, "watcher", Chat{Text: "hi"}, ErrChat)
	mustApply(t, s, "host", Sit{Seat: GhostSeat, Name: "Gaston"})
	mustApply(t, s, "host", Chat{Text: "before the game the ghost may talk"})
	mustApply(t, s, "alice", Sit{Seat: SeatOf(Red), Name: "Alice"})
	mustApply(t, s, "host", SetBot{Seat: SeatOf(Blue), On: true})
	mustApply(t, s, "host", SetBot{Seat: SeatOf(Green), On: true})
	mustApply(t, s, "host", Start{})
	cases := []struct {
		name string
		p    PlayerID
		text string
		code ErrorCode
	}{
		{"a psychic talks", "alice", "the red door!", ""},
		{"the ghost never speaks", "host", "boo", ErrChat},
		{"spectators cannot write during a game", "watcher", "hi", ErrChat},
		{"an empty line", "alice", "   ", ErrChat},
		{"a line too long", "alice", strings.Repeat("x", MaxChatLen+1), ErrChat},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.code != "" {
				mustRefuse(t, s, tc.p, Chat{Text: tc.text}, tc.code)
				return
			}
			ev := mustApply(t, s, tc.p, Chat{Text: tc.text})
			if len(ev) != 1 || ev[0].Kind != EvChat {
				t.Errorf("events %+v", ev)
			}
			last := s.chat[len(s.chat)-1]
			if last.Name != "Alice" || last.Seat != SeatOf(Red) || last.Text != tc.text || last.Round != 1 {
				t.Errorf("line %+v", last)
			}
		})
	}
	for i := 0; i < 2*ChatKeep; i++ {
		mustApply(t, s, "alice", Chat{Text: strings.Repeat("a", i%5+1)})
	}
	if len(s.chat) != ChatKeep {
		t.Errorf("%d lines kept, want %d", len(s.chat), ChatKeep)
	}
	// After the game everybody may talk.
	s.phase = PhaseFinished
	mustApply(t, s, "host", Chat{Text: "I was the butler"})
	mustApply(t, s, "watcher", Chat{Text: "well played"})
	if last := s.chat[len(s.chat)-1]; last.Seat != NoSeat || last.Name != "spectator" {
		t.Errorf("line %+v", last)
	}
}
