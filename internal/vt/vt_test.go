package vt

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func feed(s *Screen, in string) *Screen {
	_, _ = s.Write([]byte(in))
	return s
}

func TestWideRunesTakeTwoCells(t *testing.T) {
	s := feed(New(10, 2), "日本x\r\n✔é|")
	if got := s.Line(0); got != "日本x" {
		t.Errorf("row 0 = %q", got)
	}
	if r, c := s.Cursor(); r != 1 || c != 3 {
		t.Errorf("cursor after ✔é| at (%d,%d), want (1,3): ✔ and é are one cell each", r, c)
	}
	// 日 takes cells 0 and 1, 本 2 and 3: x is in cell 4.
	if c := s.Cell(0, 4); c.Text != "x" {
		t.Errorf("cell 4 = %q, want x after two wide runes", c.Text)
	}
	if c := s.Cell(0, 1); c.Text != "" {
		t.Errorf("cell 1 = %q, want the empty second half of 日", c.Text)
	}
	// Writing over half of a wide rune erases its other half.
	feed(s, "\x1b[1;2Hz")
	if got := s.Line(0); got != " z本x" {
		t.Errorf("after z over 日's second half: %q", got)
	}
	feed(s, "\x1b[1;3Hy")
	if got := s.Line(0); got != " zy x" {
		t.Errorf("after y over 本's first half: %q", got)
	}
}

func TestCombiningMarksJoinTheirCell(t *testing.T) {
	// e + U+0301 (combining acute), then a heart with VS16, then a ZWJ.
	s := feed(New(10, 1), "e\u0301a\u2764\ufe0fb")
	if got := s.Line(0); got != "e\u0301a\u2764\ufe0fb" {
		t.Errorf("row = %q", got)
	}
	if c := s.Cell(0, 0); c.Text != "e\u0301" {
		t.Errorf("cell 0 = %q, want e with its accent", c.Text)
	}
	if _, c := s.Cursor(); c != 4 {
		t.Errorf("cursor at column %d, want 4 (marks take no cell)", c)
	}
}

func TestAWideRuneAtTheMarginWraps(t *testing.T) {
	s := feed(New(5, 2), "abcd日")
	if got := s.Text(); got != "abcd\n日" {
		t.Errorf("text %q: a wide rune that does not fit goes to the next line", got)
	}
	s = feed(New(5, 2), "\x1b[?7labcd日")
	if got := s.Text(); got != "abcd\n" {
		t.Errorf("without autowrap %q: the wide rune is not drawn", got)
	}
	// Autowrap: the last column is written, the next rune wraps.
	s = feed(New(3, 2), "abcde")
	if got := s.Text(); got != "abc\nde" {
		t.Errorf("autowrap: %q", got)
	}
	s = feed(New(3, 2), "\x1b[?7labcde")
	if got := s.Text(); got != "abe\n" {
		t.Errorf("no autowrap: %q", got)
	}
}

func TestSGRColoursAndAttributes(t *testing.T) {
	s := feed(New(20, 1), "\x1b[1;31ma\x1b[22;38;5;99mb\x1b[38;2;1;2;3;48;5;236mc\x1b[0m d\x1b[4;97;44me\x1b[mf\x1b[38:2::10:20:30mg\x1b[4:3;7mh")
	want := []string{"bold fg=1", "fg=99", "fg=#010203 bg=236", "", "", "fg=15 bg=4 underline", "", "fg=#0a141e", "fg=#0a141e underline reverse"}
	for i, w := range want {
		if got := s.Cell(0, i).Style.String(); got != strings.Join(order(w), " ") {
			t.Errorf("cell %d (%q): style %q, want %q", i, s.Cell(0, i).Text, got, w)
		}
	}
}

// order puts "bold fg=1" as Style.String does: colours first.
func order(w string) []string {
	var cols, attrs []string
	for _, f := range strings.Fields(w) {
		if strings.Contains(f, "=") {
			cols = append(cols, f)
		} else {
			attrs = append(attrs, f)
		}
	}
	return append(cols, attrs...)
}

func TestCursorMovesAndErases(t *testing.T) {
	s := feed(New(8, 4), "abcdefgh\r\n12345678\r\nABCDEFGH")
	feed(s, "\x1b[1;3H\x1b[K")        // erase to the end of row 0 from column 2
	feed(s, "\x1b[2;4H\x1b[1K")       // erase row 1 up to column 3
	feed(s, "\x1b[3;2H\x1b[2X")       // erase two characters
	feed(s, "\x1b[4;1Hxy\x1b[2Dz")    // back two
	feed(s, "\x1b[A\x1b[5G\x1b[1P")   // up to row 2, column 4, delete one
	feed(s, "\x1b[2;8H\x1b[B\x1b[2@") // down to row 2, column 7, insert two
	want := "ab\n    5678\nA  DFGH\nzy"
	if got := s.Text(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
	feed(s, "\x1b[2J")
	if got := s.Text(); got != "\n\n\n" {
		t.Errorf("after ED 2: %q", got)
	}
}

func TestRepeatScrollRegionAndLines(t *testing.T) {
	s := feed(New(6, 4), "a\x1b[4b\r\nb\r\nc\r\nd")
	if got := s.Line(0); got != "aaaaa" {
		t.Errorf("REP: %q", got)
	}
	// Scroll only rows 2-3 (1-based): row 0 stays.
	feed(s, "\x1b[2;3r\x1b[3;1H\ne")
	if got := s.Text(); got != "aaaaa\nc\ne\nd" {
		t.Errorf("scroll region:\n%s", got)
	}
	feed(s, "\x1b[r\x1b[2;1H\x1b[L")
	if got := s.Text(); got != "aaaaa\n\nc\ne" {
		t.Errorf("insert line:\n%s", got)
	}
	feed(s, "\x1b[1;1H\x1b[2M")
	if got := s.Text(); got != "c\ne\n\n" {
		t.Errorf("delete lines:\n%s", got)
	}
	feed(s, "\x1b[1;1H\x1bM")
	if got := s.Text(); got != "\nc\ne\n" {
		t.Errorf("reverse index at the top:\n%s", got)
	}
}

func TestTheAlternateScreenKeepsTheMainOne(t *testing.T) {
	s := feed(New(10, 2), "$ ssh")
	feed(s, "\x1b[?1049h\x1b[Hgame")
	if got := s.Text(); got != "game\n" {
		t.Errorf("alternate screen: %q", got)
	}
	feed(s, "\x1b[?1049l")
	if got := s.Text(); got != "$ ssh\n" {
		t.Errorf("back on the main screen: %q", got)
	}
	if r, c := s.Cursor(); r != 0 || c != 5 {
		t.Errorf("cursor (%d,%d), want it restored to (0,5)", r, c)
	}
}

func TestSplitWritesAndQueries(t *testing.T) {
	s := New(10, 2)
	in := []byte("\x1b]11;?\x07\x1b[c\x1b[2;1H\x1b[38;5;99m✔ ok\x1b[6n\x1bP+q544e\x1b\\")
	// Byte by byte: escape sequences and UTF-8 cut anywhere.
	for i := range in {
		_, _ = s.Write(in[i : i+1])
	}
	if got := s.Line(1); got != "✔ ok" {
		t.Errorf("row 1 = %q", got)
	}
	if got := s.Cell(1, 0).Style.String(); got != "fg=99" {
		t.Errorf("style %q", got)
	}
	got := strings.Join(s.TakeReplies(), "|")
	want := "\x1b]11;rgb:0000/0000/0000\a|\x1b[?62;22c|\x1b[2;5R"
	if got != want {
		t.Errorf("replies %q, want %q", got, want)
	}
	if r := s.TakeReplies(); len(r) != 0 {
		t.Errorf("replies given twice: %q", r)
	}
}

// A frame as a line renderer writes it in the alternate screen: home, each
// changed line followed by erase-to-end, unchanged lines skipped with a
// bare line feed.
func frame(lines []string, prev []string) string {
	var b strings.Builder
	b.WriteString("\x1b[H")
	for i, l := range lines {
		if prev != nil && i < len(prev) && prev[i] == l {
			if i < len(lines)-1 {
				b.WriteString("\n")
			}
			continue
		}
		b.WriteString("\x1b[38;5;99m" + l + "\x1b[m\x1b[K")
		if i < len(lines)-1 {
			b.WriteString("\r\n")
		}
	}
	b.WriteString("\x1b[4;0H")
	return b.String()
}

func TestVersionCountsTextChangesOnly(t *testing.T) {
	s := feed(New(20, 4), "\x1b[?1049h\x1b[?25l")
	f1 := []string{" MYSTERIUM  K7QX", "────", "▸ ● Conrad · ready", "Waiting for ▲ Alma."}
	feed(s, frame(f1, nil))
	if got := s.Text(); got != strings.Join(f1, "\n") {
		t.Fatalf("first frame:\n%s", got)
	}
	v := s.Version(1)
	feed(s, frame(f1, nil))
	if s.Version(1) != v {
		t.Errorf("an identical repaint moved the version")
	}
	// Only the header changes (a sand timer): the version from row 1 stays.
	f2 := append([]string{" MYSTERIUM  K7QX ⏳"}, f1[1:]...)
	feed(s, frame(f2, f1))
	if s.Version(1) != v || s.Line(0) != f2[0] {
		t.Errorf("a header-only change: version %d (was %d), row 0 %q", s.Version(1), v, s.Line(0))
	}
	if s.Version(0) == v {
		t.Errorf("the version from row 0 did not see the header change")
	}
	// Colours alone: no change.
	feed(s, "\x1b[2;1H\x1b[31m────")
	if s.Version(1) != v {
		t.Errorf("a change of colour alone moved the version")
	}
	f3 := append(append([]string{}, f2[:3]...), "You are ready.")
	feed(s, frame(f3, f2))
	if s.Version(1) == v || s.Line(3) != "You are ready." {
		t.Errorf("a changed status line: version %d, row 3 %q", s.Version(1), s.Line(3))
	}
}

func TestTheStyleLayer(t *testing.T) {
	s := feed(New(8, 3), "\x1b[1;35mMY\x1b[m \x1b[38;2;255;0;0m日\x1b[m\r\n\r\n\x1b[44m  \x1b[1;35mX")
	want := "a fg=5 bold\nb fg=#ff0000\nc bg=4\nd fg=5 bg=4 bold\n\naa bb\n\nccd"
	if got := s.Styles(); got != want {
		t.Errorf("styles:\n%s\nwant:\n%s", got, want)
	}
	// One colour changed: the layer changes.
	s2 := feed(New(8, 3), "\x1b[1;35mMY\x1b[m \x1b[38;2;255;0;1m日\x1b[m\r\n\r\n\x1b[44m  \x1b[1;35mX")
	if s2.Text() != s.Text() || s2.Styles() == s.Styles() {
		t.Errorf("a changed colour: same text %v, same styles %v", s2.Text() == s.Text(), s2.Styles() == s.Styles())
	}
}

func TestResizeKeepsTheTopLeft(t *testing.T) {
	s := feed(New(6, 3), "abc日\r\nxyz")
	s.Resize(4, 2)
	if got := s.Text(); got != "abc\nxyz" {
		t.Errorf("after a smaller size: %q (a wide rune cut by the margin is erased)", got)
	}
	s.Resize(10, 4)
	feed(s, "\x1b[4;10Hq")
	if got := s.Line(3); got != "         q" {
		t.Errorf("after a larger size: %q", got)
	}
}

// A screen of a thousand styles (a card's picture in truecolor) still has
// a grid of one letter a cell.
func TestAThousandStylesKeepTheGrid(t *testing.T) {
	s := New(100, 10)
	for i := range 1000 {
		feed(s, fmt.Sprintf("\x1b[38;2;%d;%d;0m▀", i%256, i/256))
	}
	grid := strings.Split(s.Styles(), "\n\n")[1]
	seen := map[rune]bool{}
	for i, line := range strings.Split(grid, "\n") {
		if n := utf8.RuneCountInString(line); n != 100 {
			t.Fatalf("grid row %d has %d letters, want 100", i, n)
		}
		for _, r := range line {
			if runeWidth(r) != 1 {
				t.Fatalf("key %q takes %d cells", r, runeWidth(r))
			}
			seen[r] = true
		}
	}
	if len(seen) != 1000 {
		t.Errorf("%d keys for 1000 styles", len(seen))
	}
}
