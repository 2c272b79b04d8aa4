package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// TestChatIsPacedPerKey: one key with six sessions at a table writes
// game.ChatBurst lines in all, not that many per session: the sixth
// session's first line is refused with the reason, and kept on its line.
// The tables' clock stands still, so no line is refilled meanwhile.
func TestChatIsPacedPerKey(t *testing.T) {
	clock := table.NewManualClock(time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC))
	h := start(t, server.Config{Clock: clock})
	k := sshtest.NewKey(t)
	alice := game.PlayerID(k.Fingerprint())
	opts := game.DefaultOptions(game.Classic)
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: alice, Name: "alice"}, session.TableSpec{Name: "talk", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := h.srv.Hub().Table(info.Code)
	if err := tb.Submit(alice, game.Sit{Seat: game.SeatOf(game.Colours[0]), Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	const sessions = 6
	if sessions <= game.ChatBurst {
		t.Fatal("the test needs more sessions than a burst")
	}
	var cs []*sshtest.Client
	for range sessions {
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true, Width: 120, Height: 40, Command: info.Code})
		c.WaitFor("CHOOSE YOUR SEAT", wait)
		cs = append(cs, c)
	}
	for i, c := range cs {
		line := fmt.Sprintf("line %d from session %d", i+1, i+1)
		c.Screen.Mark()
		c.Type("t")
		c.WaitFor("esc to stop typing", wait)
		c.Type(line + "\r")
		if i < game.ChatBurst {
			c.WaitFor(line, wait)
			continue
		}
		c.WaitFor("Slow down: one chat line every 2 s from you", wait)
	}
	chat := tb.Public().Chat
	if len(chat) != game.ChatBurst {
		t.Fatalf("%d lines at the table from one key, want %d: %+v", len(chat), game.ChatBurst, chat)
	}
	// The refused line is still typed: enter sends it once a line is due.
	last := cs[sessions-1]
	clock.Advance(game.ChatEvery)
	last.Screen.Mark()
	last.Type("\r")
	last.WaitFor(fmt.Sprintf("line %d from session %d", sessions, sessions), wait)
	if got := len(tb.Public().Chat); got != game.ChatBurst+1 {
		t.Fatalf("%d lines after the refill", got)
	}
}
