package server_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestPointingReachesTheOthersThrottled: a psychic sweeps the cursor over
// the table cards as fast as SSH carries the keys; the other psychic's
// table and the spectator's screen show the card finally pointed at, and the
// table announced the sweep at most once per throttle interval (150 ms).
func TestPointingReachesTheOthersThrottled(t *testing.T) {
	if testing.Short() {
		t.Skip("a game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 2, watch: []bool{false}})
	// Wait until both have their vision: nothing else moves the table then.
	r.play(func(u game.Update) bool { return len(u.View.Public().WaitingVisions) == 0 })
	psy1, psy2 := r.psychics[0], r.psychics[1]
	u0, _ := psy2.latest()
	cards := u0.View.Public().TableCards[u0.View.Public().Psychic(r.colourOf(0)).Category]
	spectator := r.watch[0]
	spectator.Screen.Mark()

	// The sweep ends on a card psy1 is not pointing at yet (the second or third).
	me := game.SeatOf(r.colourOf(0))
	final := 1
	if slices.Contains(u0.Pointing, game.Pointer{Seat: me, Card: cards[1]}) {
		final = 2
	}
	start := time.Now()
	psy1.c.Type(strings.Repeat("h", 10) + strings.Repeat("lh", 15) + strings.Repeat("l", final)) // 30+ moves
	deadline := time.Now().Add(wait)
	var u game.Update
	for {
		u, _ = psy2.latest()
		if slices.Contains(u.Pointing, game.Pointer{Seat: me, Card: cards[final]}) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("psy2 never saw psy1 point at %s: %+v", cards[final], u.Pointing)
		}
		select {
		case <-r.changed:
		case <-time.After(100 * time.Millisecond):
		}
	}
	took := time.Since(start)
	announced := u.Version - u0.Version
	// Throttled: at most one announcement per 150 ms of the sweep, plus the
	// first and the last, and a few changes of the others' (the other
	// psychic's last keys, a bot) landing in the same window. Unthrottled,
	// the 31 moves alone would be 31.
	if limit := uint64(took/(150*time.Millisecond)) + 5; announced > limit {
		t.Errorf("the moves in %v were announced %d times (more than %d)", took, announced, limit)
	}
	t.Logf("the moves in %v: %d announcements", took.Round(time.Millisecond), announced)
	if err := spectator.Screen.WaitUntil(func(string) bool { return strings.Contains(spectator.Screen.Since(), "looking") },
		"the spectator sees the pointing", wait); err != nil {
		t.Fatal(err)
	}
}
