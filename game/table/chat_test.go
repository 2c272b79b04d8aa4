package table

import (
	"errors"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestChatIsPacedPerIdentity: the table paces chat per identity, not per
// connection: one key writing from six sessions (six subscriptions, the
// same PlayerID) gets game.ChatBurst lines, then one every game.ChatEvery, while
// another player at the table is not slowed by it; a refused line costs no
// token, and the buckets of those who went quiet are forgotten.
func TestChatIsPacedPerIdentity(t *testing.T) {
	checkNoLeak(t)
	cfg := testConfig()
	clock := cfg.Clock.(*ManualClock)
	tb := newTestTable(t, cfg)
	for i, p := range []game.PlayerID{"host", "alice"} {
		if err := tb.Submit(p, game.Sit{Seat: game.SeatOf(game.Colours[i]), Name: string(p)}); err != nil {
			t.Fatal(err)
		}
	}
	for range 6 {
		s := tb.Subscribe("alice")
		defer s.Close()
	}
	said := 0
	for i := range 2 * game.ChatBurst {
		err := tb.Submit("alice", game.Chat{Text: "line"})
		if i < game.ChatBurst {
			if err != nil {
				t.Fatalf("line %d of the burst: %v", i+1, err)
			}
			said++
			continue
		}
		var re *game.RuleError
		if !errors.As(err, &re) || re.Code != game.ErrChat {
			t.Fatalf("line %d past the burst: %v", i+1, err)
		}
	}
	if err := tb.Submit("host", game.Chat{Text: "and me"}); err != nil {
		t.Fatalf("another player was slowed down: %v", err)
	}
	clock.Advance(game.ChatEvery)
	if err := tb.Submit("alice", game.Chat{Text: ""}); err == nil {
		t.Fatal("an empty line was accepted")
	}
	if err := tb.Submit("alice", game.Chat{Text: "one more"}); err != nil {
		t.Fatalf("after %v: %v (a refused line spent the token?)", game.ChatEvery, err)
	}
	if err := tb.Submit("alice", game.Chat{Text: "and another"}); err == nil {
		t.Fatal("two lines for one refill")
	}
	said++
	if got := len(tb.Public().Chat); got != said+1 {
		t.Fatalf("%d lines at the table, want %d", got, said+1)
	}
	clock.Advance(time.Duration(game.ChatBurst) * game.ChatEvery)
	if err := tb.Submit("host", game.Chat{Text: "quiet now"}); err != nil {
		t.Fatal(err)
	}
	tb.inspect(func(tb *Table) {
		if len(tb.chat) != 1 {
			t.Errorf("%d chat buckets kept, want the host's only", len(tb.chat))
		}
	})
}
