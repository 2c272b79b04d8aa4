package table

import (
	"reflect"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// One change of the table computes the presence of the seats once for all
// its subscribers: every seat's update shares it read-only, rather than
// each subscriber building its own copy of the same map.
func TestBroadcastSharesThePresence(t *testing.T) {
	checkNoLeak(t)
	tb := newTestTable(t, testConfig())
	a, b := tb.Subscribe("alice"), tb.Subscribe("bob")
	defer a.Close()
	defer b.Close()
	if err := tb.Submit("alice", game.Sit{Seat: game.GhostSeat, Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	if err := tb.Submit("bob", game.Sit{Seat: game.SeatOf(game.Purple), Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	// Submit returns once the move is applied; the broadcast may follow.
	ub := next(t, b)
	for len(ub.Presence) < 2 {
		ub = next(t, b)
	}
	ua := next(t, a)
	for ua.Version < ub.Version {
		ua = next(t, a)
	}
	if ua.Version != ub.Version {
		t.Fatalf("versions %d and %d: not one broadcast", ua.Version, ub.Version)
	}
	if len(ua.Presence) != 2 || !ua.Presence["bob"].Present {
		t.Fatalf("presence = %v, want alice and bob present", ua.Presence)
	}
	if reflect.ValueOf(ua.Presence).UnsafePointer() != reflect.ValueOf(ub.Presence).UnsafePointer() {
		t.Errorf("each subscriber got its own copy of the presence map")
	}
	if ua.View.Viewer() != "alice" || ub.View.Viewer() != "bob" {
		t.Errorf("views are %s's and %s's, want each its own", ua.View.Viewer(), ub.View.Viewer())
	}
}
