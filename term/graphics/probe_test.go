package graphics

import (
	"bytes"
	"strings"
	"testing"
)

// replies as real terminals send them (kitty, xterm -ti vt340, a terminal
// without images).
const (
	kittyReplies = "\x1b_Gi=31;OK\x1b\\\x1b[6;20;10t\x1b[4;480;800t\x1b[?62;22;52c"
	xtermReplies = "\x1b[6;17;9t\x1b[4;408;720t\x1b[?63;1;2;4;6;9;15;16;22;28c"
	plainReplies = "\x1b[?1;2c"
)

func TestProbeLearnsFromEachTerminalsReplies(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     Caps
		proto    Protocol
	}{
		{"kitty", kittyReplies, Caps{Kitty: true, Answered: true, Cell: Pixels{10, 20}, Win: Pixels{800, 480}}, Kitty},
		{"xterm", xtermReplies, Caps{Sixel: true, Answered: true, Cell: Pixels{9, 17}, Win: Pixels{720, 408}}, Sixel},
		{"plain", plainReplies, Caps{Answered: true}, None},
		{"kitty error", "\x1b_Gi=31;ENOTSUPPORTED:no\x1b\\" + plainReplies, Caps{Answered: true}, None},
		{"another id", "\x1b_Gi=32;OK\x1b\\" + plainReplies, Caps{Answered: true}, None},
		{"absurd cells", "\x1b[6;99999999999999999999;0t\x1b[6;1;1t\x1b[4;0;5t" + plainReplies, Caps{Answered: true}, None},
		{"vt100 class 4", "\x1b[?4c", Caps{Answered: true}, None},
	} {
		var p Probe
		out := p.Feed(nil, []byte(tc.in))
		if len(out) != 0 {
			t.Errorf("%s: passed on %q", tc.name, out)
		}
		if p.Caps != tc.want || p.Protocol() != tc.proto {
			t.Errorf("%s: learnt %+v (%v), want %+v (%v)", tc.name, p.Caps, p.Protocol(), tc.want, tc.proto)
		}
	}
}

func TestProbePassesKeysOnAndReadsRepliesCutAnywhere(t *testing.T) {
	// Keys typed around the replies: letters, arrows, a function key, an
	// escape, a paste's brackets, a mouse report.
	in := "ab\x1b[A" + kittyReplies[:20] + kittyReplies[20:] + "\x1b[15~x\x1b[200~hi\x1b[201~\x1b[<0;3;4M" + "\x1bq" + xtermReplies
	keys := "ab\x1b[A\x1b[15~x\x1b[200~hi\x1b[201~\x1b[<0;3;4M\x1bq"
	for cut1 := 0; cut1 <= len(in); cut1++ {
		for _, cut2 := range []int{cut1, min(cut1+1, len(in)), min(cut1+7, len(in))} {
			var p Probe
			out := p.Feed(nil, []byte(in[:cut1]))
			out = p.Feed(out, []byte(in[cut1:cut2]))
			out = p.Feed(out, []byte(in[cut2:]))
			out = p.Flush(out)
			if string(out) != keys {
				t.Fatalf("cut at %d,%d: passed on %q, want %q", cut1, cut2, out, keys)
			}
			if !p.Kitty || !p.Sixel || p.Cell != (Pixels{9, 17}) {
				t.Fatalf("cut at %d,%d: learnt %+v", cut1, cut2, p.Caps)
			}
		}
	}
}

func TestProbeHoldsLittleOfAHostileReply(t *testing.T) {
	var p Probe
	long := "\x1b_G" + strings.Repeat("i=31,", 10000) + ";OK\x1b\\"
	out := p.Feed(nil, []byte(long))
	out = p.Flush(out)
	if p.Kitty {
		t.Error("an overlong reply was believed")
	}
	if string(out) != long {
		t.Errorf("an overlong sequence was not passed on as input (%d bytes of %d)", len(out), len(long))
	}
	// A reply that never ends is held at most maxSeq bytes at a time.
	for range 1000 {
		out = p.Feed(out[:0], []byte("\x1b[?6"))
		if p.nheld > maxSeq {
			t.Fatalf("holding %d bytes", p.nheld)
		}
	}
	if CellSize := (Caps{Win: Pixels{1 << 15, 1 << 15}}).CellSize(1, 1); CellSize != (Pixels{}) {
		t.Errorf("a 32768-pixel cell was believed: %v", CellSize)
	}
	if c := (Caps{Win: Pixels{800, 480}}).CellSize(80, 24); c != (Pixels{10, 20}) {
		t.Errorf("cell size from the window: %v", c)
	}
}

func TestQueryAsksEachQuestionOnceDeviceAttributesLast(t *testing.T) {
	for _, q := range []string{"a=q", "i=31", "\x1b[16t", "\x1b[14t"} {
		if strings.Count(Query, q) != 1 {
			t.Errorf("Query asks %q %d times", q, strings.Count(Query, q))
		}
	}
	if !strings.HasSuffix(Query, "\x1b[c") {
		t.Errorf("Query does not end with the device attributes: %q", Query)
	}
}

// FuzzProbe feeds the Probe anything, cut anywhere: it must not panic,
// hold more than maxSeq bytes, believe an absurd size, or invent input:
// what it passes on is the input with some replies taken out, in order.
func FuzzProbe(f *testing.F) {
	for _, s := range []string{kittyReplies, xtermReplies, plainReplies, "abc\x1b[A\x1b", "\x1b_Gi=31;OK\x1b", "\x1b[6;99;99999t", "\x1b[?;;;;4c", "\x1b_G;\x1b\\", "\x1b[4;;t"} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint8) {
		c := min(int(cut), len(in))
		var p Probe
		out := p.Feed(nil, in[:c])
		if p.nheld > maxSeq {
			t.Fatalf("holding %d bytes", p.nheld)
		}
		out = p.Feed(out, in[c:])
		out = p.Flush(out)
		if len(out) > len(in) {
			t.Fatalf("passed on %d bytes of %d", len(out), len(in))
		}
		// out is a subsequence of in.
		j := 0
		for i := 0; i < len(in) && j < len(out); i++ {
			if in[i] == out[j] {
				j++
			}
		}
		if j != len(out) {
			t.Fatalf("passed on bytes that were not in the input: %q from %q", out, in)
		}
		for _, px := range []Pixels{p.Cell, p.CellSize(80, 24)} {
			if px != (Pixels{}) && (px.W < MinCell.W || px.H < MinCell.H || px.W > MaxCell.W || px.H > MaxCell.H) {
				t.Fatalf("believed a cell of %v", px)
			}
		}
		if p.Win.W > MaxWin.W || p.Win.H > MaxWin.H || p.Win.W < 0 || p.Win.H < 0 {
			t.Fatalf("believed a window of %v", p.Win)
		}
		if bytes.Contains(out, []byte("\x1b_Gi=31;OK\x1b\\")) && !p.Kitty && len(in) < maxSeq {
			t.Fatalf("passed on the kitty reply %q", out)
		}
	})
}
