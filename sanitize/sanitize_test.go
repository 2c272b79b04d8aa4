package sanitize

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

func TestLine(t *testing.T) {
	tests := []struct {
		name, in string
		width    int
		want     string
	}{
		{"plain", "alice", 20, "alice"},
		{"trim and collapse", "  a \t\n b\r\n  c  ", 20, "a b c"},
		{"unicode spaces", "a\u00a0\u2003\u2028\u3000b", 20, "a b"},
		{"C0 controls", "a\x00b\x07c\x08d", 20, "abcd"},
		{"DEL", "ab\x7fc", 20, "abc"},
		{"C1 controls", "a\u0080b\u0085c\u009cd", 20, "ab cd"},
		{"SGR", "\x1b[31;1mred\x1b[0m", 20, "red"},
		{"CSI with private prefix", "a\x1b[?1049hb", 20, "ab"},
		{"cursor moves", "x\x1b[2J\x1b[H\x1b[10;10Hy", 20, "xy"},
		{"OSC title with BEL", "a\x1b]0;pwned\x07b", 20, "ab"},
		{"OSC hyperlink with ST", "\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\", 20, "click"},
		{"OSC 52 clipboard", "hi\x1b]52;c;cm0gLXJmIH4=\x07", 20, "hi"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", 20, "ab"},
		{"APC", "a\x1b_Gf=24;AAAA\x1b\\b", 20, "ab"},
		{"unterminated OSC eats the rest", "a\x1b]0;title and more", 20, "a"},
		{"C1 CSI", "a\u009b31mb", 20, "ab"},
		{"C1 OSC", "a\u009d0;x\u009cb", 20, "ab"},
		{"charset designation", "a\x1b(0b", 20, "ab"},
		{"keypad mode", "a\x1b=b", 20, "ab"},
		{"lone ESC at end", "ab\x1b", 20, "ab"},
		{"ESC split by invalid byte leaves harmless text", "\x1b\xff[31mx", 20, "[31mx"},
		{"invalid UTF-8", "a\xffb\xc3(c\xed\xa0\x80d", 20, "ab(cd"},
		{"bidi override", "alice\u202egnp.exe", 30, "alicegnp.exe"},
		{"bidi embeddings", "\u202a\u202b\u202cx\u202d", 20, "x"},
		{"bidi isolates", "\u2066a\u2067b\u2068c\u2069", 20, "abc"},
		{"bidi marks", "a\u200eb\u200fc\u061cd", 20, "abcd"},
		{"zero width space, BOM, word joiner, soft hyphen", "a\u200bb\ufeffc\u2060d\u00ade", 20, "abcde"},
		{"private use", "a\ue000b", 20, "ab"},
		{"noncharacters", "a\ufffeb\uffffc\U0001fffed", 20, "abcd"},
		{"accents kept", "Zoë Ménard", 20, "Zoë Ménard"},
		{"combining accent kept", "Zoe\u0308", 20, "Zoe\u0308"},
		{"CJK", "幽霊の館", 20, "幽霊の館"},
		{"emoji ZWJ sequence kept", "👨\u200d👩\u200d👧\u200d👦", 20, "👨\u200d👩\u200d👧\u200d👦"},
		{"flag kept", "🇫🇷", 20, "🇫🇷"},
		{"truncate ASCII", "abcdefghij", 5, "abcd…"},
		{"truncate drops trailing space", "abc defgh", 5, "abc…"},
		{"truncate wide", "幽霊の館です", 5, "幽霊…"},
		{"exact fit", "abcde", 5, "abcde"},
		{"width one", "abc", 1, "…"},
		{"zalgo capped", "z" + strings.Repeat("\u0301", 200) + "a", 20, "za"},
		{"empty", "", 20, ""},
		{"only controls", "\x1b[31m\x00\t\n", 20, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Line(tt.in, tt.width)
			if got != tt.want {
				t.Errorf("Line(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
			}
		})
	}
}

func TestLineWidthDefault(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, w := range []int{0, -1, MaxWidth + 1} {
		got := Line(long, w)
		if gw := ansi.StringWidth(got); gw != MaxWidth {
			t.Errorf("Line(5000 x, %d) has width %d, want %d", w, gw, MaxWidth)
		}
	}
}

func TestLineBoundsBytes(t *testing.T) {
	// Tag characters are kept (flags) and have no width; without a byte
	// budget a run of them could be arbitrarily long.
	in := "a" + strings.Repeat("b\U000e0041", 100000)
	got := Line(in, 20)
	if len(got) > maxCluster*21 {
		t.Errorf("Line kept %d bytes for width 20", len(got))
	}
}

func TestName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"alice", "alice"},
		{"", DefaultName},
		{"   ", DefaultName},
		{"\x1b[31m\u202e", DefaultName},
		{"a very long display name indeed", "a very long display…"},
		{"  Bob\n", "Bob"},
		{"\u0301\u0302", DefaultName},
		{"\u3164\u3164", DefaultName},
		{"al\u3164ice", "al ice"},
	}
	for _, tt := range tests {
		if got := Name(tt.in); got != tt.want {
			t.Errorf("Name(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	got := Text("hello\n\x1b[2Jworld\u202e!", 40)
	if got != "hello world!" {
		t.Errorf("Text = %q", got)
	}
}

// check verifies every promise of Line on one output.
func check(t *testing.T, in string, width int) {
	t.Helper()
	out := Line(in, width)
	if !utf8.ValidString(out) {
		t.Fatalf("Line(%q, %d) = %q: invalid UTF-8", in, width, out)
	}
	for _, r := range out {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			t.Fatalf("Line(%q, %d) = %q: control character %U survived", in, width, out, r)
		}
		if (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c {
			t.Fatalf("Line(%q, %d) = %q: bidi control %U survived", in, width, out, r)
		}
		if unicode.IsSpace(r) && r != ' ' {
			t.Fatalf("Line(%q, %d) = %q: whitespace %U survived", in, width, out, r)
		}
	}
	if strings.Contains(out, "  ") || strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") {
		t.Fatalf("Line(%q, %d) = %q: whitespace not collapsed", in, width, out)
	}
	limit := width
	if limit <= 0 || limit > MaxWidth {
		limit = MaxWidth
	}
	if w := ansi.StringWidth(out); w > limit {
		t.Fatalf("Line(%q, %d) = %q: width %d", in, width, out, w)
	}
	if len(out) > maxCluster*(limit+1)+len(ellipsis) {
		t.Fatalf("Line(%q, %d): %d bytes", in, width, len(out))
	}
	if again := Line(out, width); again != out {
		t.Fatalf("not idempotent: Line(%q, %d) = %q, then %q", in, width, out, again)
	}
	if n := Name(in); ansi.StringWidth(n) == 0 || ansi.StringWidth(n) > NameWidth {
		t.Fatalf("Name(%q) = %q", in, n)
	}
}

func FuzzSanitize(f *testing.F) {
	seeds := []string{
		"alice", "\x1b[31mred", "\x1b]0;t\x07", "\x1bP\x1b\\", "a\u202eb", "\u2066x\u2069",
		"\xff\xfe", "幽霊", "👨\u200d👩\u200d👧", "🇫🇷🇩🇪", "z\u0301\u0301\u0301", " \u0301 ",
		"\u1100\u1161\u11a8", "a\tb\nc", "\u009b1m", "\u009dx\u009c", "\U000e0067\U000e0062",
		strings.Repeat("ab", 50),
	}
	for _, s := range seeds {
		f.Add(s, 20)
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, width int) {
		check(t, s, width%(MaxWidth+50))
	})
}

func BenchmarkLine(b *testing.B) {
	inputs := map[string]string{
		"name":    "alice",
		"chat":    "I think the vision with the clock points to the library, not the kitchen!",
		"hostile": strings.Repeat("\x1b[31m\u202ez\u0301\u0301\u0301\xff幽", 4000),
		"zalgo":   strings.Repeat("0\uabe4", 30000),
	}
	for name, in := range inputs {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Line(in, 200)
			}
		})
	}
}
