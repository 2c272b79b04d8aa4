package term

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// replies as real terminals send them to graphics.Query.
const (
	kittyAnswers = "\x1b_Gi=31;OK\x1b\\\x1b[6;20;10t\x1b[4;480;800t\x1b[?62;22;52c"
	xtermAnswers = "\x1b[6;17;9t\x1b[4;408;720t\x1b[?63;1;2;4;6;9;15;16;22;28c"
)

// pieces reads its chunks one per Read: input cut where a network cuts it.
type pieces []string

func (p *pieces) Read(b []byte) (int, error) {
	if len(*p) == 0 {
		return 0, io.EOF
	}
	n := copy(b, (*p)[0])
	if n == len((*p)[0]) {
		*p = (*p)[1:]
	} else {
		(*p)[0] = (*p)[0][n:]
	}
	return n, nil
}

// readKeys reads every key k hands on.
func readKeys(k *KeyReader) []string {
	var keys []string
	buf := make([]byte, 256)
	for {
		n, err := k.Read(buf)
		if n > 0 {
			keys = append(keys, string(buf[:n]))
		}
		if err != nil {
			return keys
		}
	}
}

// TestKeyReaderTakesTheGraphicsReplies: the replies to the graphics query,
// cut anywhere between reads and mixed with keys, never reach the program
// as keys (not even over the key limit); what they said is told once, when
// the device attributes came; keys around them pass as before.
func TestKeyReaderTakesTheGraphicsReplies(t *testing.T) {
	keys := []string{"j", "\x1b[A", "é", "\x1bx", "\x1b[1;5C", "q"}
	for _, tc := range []struct {
		name, answers string
		want          graphics.Caps
	}{
		{"kitty", kittyAnswers, graphics.Caps{Kitty: true, Answered: true, Cell: graphics.Pixels{W: 10, H: 20}, Win: graphics.Pixels{W: 800, H: 480}}},
		{"xterm", xtermAnswers, graphics.Caps{Sixel: true, Answered: true, Cell: graphics.Pixels{W: 9, H: 17}, Win: graphics.Pixels{W: 720, H: 408}}},
	} {
		in := keys[0] + keys[1] + tc.answers[:7] + tc.answers[7:] + keys[2] + keys[3] + keys[4] + keys[5]
		// Cut anywhere in the replies but right after their first ESC (a
		// terminal sends them at once; see KeyReader.OnCaps).
		for cut := len(keys[0]+keys[1]) + 2; cut < len(keys[0]+keys[1]+tc.answers); cut++ {
			r := pieces{in[:cut], in[cut:]}
			k := NewKeyReader(&r)
			k.Limit(2, func() {}) // the replies are not keys: none is dropped for them
			var told []graphics.Caps
			k.OnCaps(func(c graphics.Caps) { told = append(told, c) })
			got := readKeys(k)
			if strings.Contains(strings.Join(got, ""), "\x1b[?") || strings.Contains(strings.Join(got, ""), "\x1b_G") || strings.Contains(strings.Join(got, ""), "t") {
				t.Fatalf("%s, cut at %d: a reply was passed on as keys: %q", tc.name, cut, got)
			}
			if len(told) != 1 || told[0] != tc.want {
				t.Fatalf("%s, cut at %d: told %+v, want once %+v", tc.name, cut, told, tc.want)
			}
			// Two keys a second: the first two pass.
			if strings.Join(got, "|") != strings.Join(keys[:2], "|") {
				t.Fatalf("%s, cut at %d: keys %q, want %q", tc.name, cut, got, keys[:2])
			}
		}
		// Without a limit, every key passes.
		k := NewKeyReader(strings.NewReader(in))
		k.OnCaps(func(graphics.Caps) {})
		if got := readKeys(k); strings.Join(got, "|") != strings.Join(keys, "|") {
			t.Fatalf("%s: keys %q, want %q", tc.name, got, keys)
		}
	}
}

// TestKeyReaderFollowsTheCellSize: once the terminal answered, a cell size
// it reports again, changed (a browser's page that chose a larger font
// says so), tells the caps again with it; the same size again tells
// nothing; a report over the key limit is not believed; keys around them
// pass.
func TestKeyReaderFollowsTheCellSize(t *testing.T) {
	in := xtermAnswers + "j" + "\x1b[6;17;9t" + "\x1b[6;34;18t" + "k" + "\x1b[6;34;18t"
	k := NewKeyReader(strings.NewReader(in))
	var told []graphics.Pixels
	k.OnCaps(func(c graphics.Caps) { told = append(told, c.Cell) })
	if got := readKeys(k); strings.Join(got, "|") != "j|k" {
		t.Fatalf("keys %q", got)
	}
	if want := []graphics.Pixels{{W: 9, H: 17}, {W: 18, H: 34}}; !slices.Equal(told, want) {
		t.Fatalf("told the cell sizes %v, want %v", told, want)
	}
	// One key a second: the first key takes it, and the report after it
	// is not believed, nor the key after that.
	k = NewKeyReader(strings.NewReader(xtermAnswers + "j" + "\x1b[6;34;18t" + "k"))
	k.Limit(1, func() {})
	told = nil
	k.OnCaps(func(c graphics.Caps) { told = append(told, c.Cell) })
	if got := readKeys(k); strings.Join(got, "|") != "j" {
		t.Fatalf("keys over the limit %q", got)
	}
	if want := []graphics.Pixels{{W: 9, H: 17}}; !slices.Equal(told, want) {
		t.Fatalf("over the limit, told the cell sizes %v, want %v", told, want)
	}
}

// TestSilenceIsNoImages: a terminal that answers nothing is never told
// anything, and its keys pass as before.
func TestSilenceIsNoImages(t *testing.T) {
	k := NewKeyReader(strings.NewReader("ab\x1b[Ac"))
	k.OnCaps(func(c graphics.Caps) { t.Errorf("told %+v by a terminal that said nothing", c) })
	if got := readKeys(k); strings.Join(got, "|") != "a|b|\x1b[A|c" {
		t.Fatalf("keys %q", got)
	}
}

// FuzzKeyReaderWithTheProbe: whatever a client sends, the reader never
// hands on more than it got, tells what the terminal can draw once and
// again only with a new cell size,
// and a reply put between two keys of plain text is taken out whole.
func FuzzKeyReaderWithTheProbe(f *testing.F) {
	f.Add([]byte("ab"+kittyAnswers), 3)
	f.Add([]byte(xtermAnswers+"\x1b[1;5Cx"), 10)
	f.Add([]byte("\x1b_Gi=31;OK\x1b[6;99999999999;1t\x1b[?4c"), 0)
	f.Add([]byte("\x1b[?"+strings.Repeat("9", 200)+"c"), 1)
	f.Fuzz(func(t *testing.T, in []byte, cut int) {
		cut = min(max(cut, 0), len(in))
		r := pieces{string(in[:cut]), string(in[cut:])}
		k := NewKeyReader(&r)
		var told []graphics.Caps
		k.OnCaps(func(c graphics.Caps) { told = append(told, c) })
		got := readKeys(k)
		if n := len(strings.Join(got, "")); n > len(in) {
			t.Fatalf("handed on %d bytes of %d", n, len(in))
		}
		for i := 1; i < len(told); i++ {
			if told[i].Cell == told[i-1].Cell || told[i].Cell == (graphics.Pixels{}) {
				t.Fatalf("told again without a new cell size: %+v", told)
			}
		}
		// Plain text around a reply: the text alone comes out.
		var text []byte
		for _, c := range in {
			if c >= 'a' && c <= 'z' {
				text = append(text, c)
			}
		}
		at := cut % (len(text) + 1)
		with := string(text[:at]) + xtermAnswers + string(text[at:])
		split := at + 2 + cut%(len(xtermAnswers)-2) // in the replies, past their first ESC
		r = pieces{with[:split], with[split:]}
		k = NewKeyReader(&r)
		k.OnCaps(func(graphics.Caps) {})
		if got := strings.Join(readKeys(k), ""); got != string(text) {
			t.Fatalf("%q gave keys %q", with, got)
		}
	})
}
