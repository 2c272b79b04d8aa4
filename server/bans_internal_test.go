package server

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestSeatOfReadsWhatAdminsType: a seat as an admin types it after the
// table's code, by symbol, number, colour name in either language, or the
// ghost's word.
func TestSeatOfReadsWhatAdminsType(t *testing.T) {
	for spec, want := range map[string]game.Seat{
		"●": game.SeatOf(game.Purple), "1": game.SeatOf(game.Purple), "purple": game.SeatOf(game.Purple), "violet": game.SeatOf(game.Purple),
		"▲": game.SeatOf(game.Yellow), "2": game.SeatOf(game.Yellow), "Yellow": game.SeatOf(game.Yellow), "jaune": game.SeatOf(game.Yellow),
		"◆": game.SeatOf(game.Red), "rouge": game.SeatOf(game.Red),
		"✚": game.SeatOf(game.Green), "6": game.SeatOf(game.Green), "vert": game.SeatOf(game.Green),
		"ghost": game.GhostSeat, "Fantôme": game.GhostSeat, "fantome": game.GhostSeat, "☾": game.GhostSeat,
	} {
		if got, ok := seatOf(spec); !ok || got != want {
			t.Errorf("seatOf(%q) = %v, %v; want %v", spec, got, ok, want)
		}
	}
	for _, spec := range []string{"0", "7", "pink", "", "▲▲"} {
		if got, ok := seatOf(spec); ok {
			t.Errorf("seatOf(%q) = %v", spec, got)
		}
	}
}

// TestBanDurations: ban's last argument, when it reads as a duration, is
// how long (30m, 12h, 7d), within 1 min and banMax; else it is part of the
// target.
func TestBanDurations(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		target int
		d      time.Duration
		bad    bool
	}{
		{[]string{"alice"}, 1, banDefault, false},
		{[]string{"alice", "30m"}, 1, 30 * time.Minute, false},
		{[]string{"K7QX", "▲", "7d"}, 2, 7 * 24 * time.Hour, false},
		{[]string{"K7QX", "▲"}, 2, banDefault, false},
		{[]string{"alice", "30s"}, 0, 0, true},
		{[]string{"alice", "400d"}, 0, 0, true},
	} {
		aim, d, err := parseBan(tc.args)
		if (err != nil) != tc.bad || !tc.bad && (len(aim) != tc.target || d != tc.d) {
			t.Errorf("parseBan(%q) = %q, %s, %v", tc.args, aim, d, err)
		}
	}
}
