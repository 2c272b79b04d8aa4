package layout

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// textWidthRef is TextWidth without its fast path for block elements:
// every non-ASCII rune decoded.
func textWidthRef(s string) int {
	w := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			i++
			if i < len(s) && s[i] == '[' {
				i++
				for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
					i++
				}
			} else if i < len(s) && s[i] == '_' {
				// An APC string (a card's mark for the screen, see
				// term.MarkPicture): nothing drawn, up to its ESC \.
				for i++; i < len(s) && s[i] != 0x1b; i++ {
				}
				i++
			}
			i++
		case c < 0x80:
			if c >= 0x20 && c != 0x7f {
				w++
			}
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			if r >= 0x2500 && r <= 0x259f {
				w++
			} else {
				w += runewidth.RuneWidth(r)
			}
		}
	}
	return w
}

// The half-block fast path measures exactly what decoding measures, for
// every rune around the block elements and for broken UTF-8.
func TestTextWidthBlockElements(t *testing.T) {
	var b strings.Builder
	for r := rune(0x2400); r < 0x2700; r++ {
		b.WriteRune(r)
		b.WriteString("\x1b[38;5;12m")
	}
	all := b.String()
	if got, want := TextWidth(all), textWidthRef(all); got != want {
		t.Fatalf("runes U+2400..U+26FF: width %d, want %d", got, want)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"\xe2", "\x94", "\x96", "\x9f", "\xa0", "\xbf", "▀", "▄", "█", "─", "a", "\x1b[0m", "漢", "\xff"}
	for i := 0; i < 5000; i++ {
		var s strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			s.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if got, want := TextWidth(s.String()), textWidthRef(s.String()); got != want {
			t.Fatalf("%q: width %d, want %d", s.String(), got, want)
		}
	}
}

// JoinWrap breaks a list between its parts only, each line within w, the
// separator gone where a line ends; Hang puts a help line's further words
// under its first ones.
func TestJoinWrapAndHang(t *testing.T) {
	parts := []string{"The Coachman (I)", "The Library (II)", "\x1b[2mThe Rope\x1b[0m (III)"}
	got := JoinWrap(parts, " · ", 35)
	want := []string{"The Coachman (I) · The Library (II)", "\x1b[2mThe Rope\x1b[0m (III)"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("JoinWrap = %q, want %q", got, want)
	}
	if got := JoinWrap(parts, " · ", 80); len(got) != 1 {
		t.Errorf("a list that fits is cut: %q", got)
	}
	line := "  " + Pad("g", 10) + " give the selection (or the card under the cursor) as a vision"
	got = Hang(line, 40, 13)
	if len(got) < 2 || !strings.HasPrefix(got[0], "  g          give") || !strings.HasPrefix(got[1], strings.Repeat(" ", 13)+"card") {
		t.Fatalf("Hang = %q", got)
	}
	for _, l := range got {
		if TextWidth(l) > 40 {
			t.Errorf("%q is wider than 40", l)
		}
	}
	if got := Hang("  short", 40, 13); len(got) != 1 || got[0] != "  short" {
		t.Errorf("a line that fits changed: %q", got)
	}
}
