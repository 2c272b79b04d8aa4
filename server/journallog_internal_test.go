package server

import (
	"errors"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

type switchJournal struct{ err error }

func (j *switchJournal) Append(game.JournalEntry) error { return j.err }

// A table whose journal keeps failing (bots and the sand timer retry every
// second) is logged once a minute, each line with the failures it stands
// for; each table on its own; recovery once.
func TestJournalFailuresAreLoggedOnceAMinute(t *testing.T) {
	var out strings.Builder
	now := time.Unix(1000, 0)
	inner := &switchJournal{err: errors.New("disk full")}
	j := newJournalLog(inner, log.NewWithOptions(&out, log.Options{}), func() time.Time { return now })
	lines := func() int { return strings.Count(out.String(), "journal write failed") }
	for _, tc := range []struct {
		table string
		after time.Duration
		fail  bool
		lines int
		want  string // in the last line
	}{
		{"K7QX", 0, true, 1, "table=K7QX err=\"disk full\" failed=1"},
		{"K7QX", time.Second, true, 1, ""},
		{"P2MD", 0, true, 2, "table=P2MD"},
		{"K7QX", 58 * time.Second, true, 2, ""},
		{"K7QX", time.Second, true, 3, "table=K7QX err=\"disk full\" failed=3"},
		{"K7QX", time.Second, false, 3, "journal writes work again table=K7QX failed=4"},
		{"K7QX", time.Second, true, 4, "table=K7QX err=\"disk full\" failed=1"},
	} {
		now = now.Add(tc.after)
		inner.err = nil
		if tc.fail {
			inner.err = errors.New("disk full")
		}
		if err := j.Append(game.JournalEntry{Table: tc.table}); (err != nil) != tc.fail {
			t.Fatalf("%s: Append returned %v", tc.table, err)
		}
		if lines() != tc.lines {
			t.Fatalf("%s after %s: %d failure lines, want %d:\n%s", tc.table, tc.after, lines(), tc.lines, out.String())
		}
		all := strings.Split(strings.TrimSpace(out.String()), "\n")
		if last := all[len(all)-1]; tc.want != "" && !strings.Contains(last, tc.want) {
			t.Fatalf("%s: last line %q, want %q", tc.table, last, tc.want)
		}
	}
}
