package main

import (
	"strings"
	"testing"
)

// A frame as Bubble Tea's standard renderer writes it in the alternate
// screen: home, each changed line followed by erase-to-end, unchanged lines
// skipped with a bare line feed, then the cursor to the last row.
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

func TestVScreenFollowsTheRenderer(t *testing.T) {
	s := newVScreen(20, 4)
	s.Write([]byte("\x1b[?1049h\x1b[?25l"))
	f1 := []string{" MYSTERIUM  K7QX", "────", "▸ ● Conrad · ready", "Waiting for ▲ Alma."}
	s.Write([]byte(frame(f1, nil)))
	if got := s.Text(); got != strings.Join(f1, "\n") {
		t.Fatalf("first frame:\n%s", got)
	}
	v := s.version
	// The same frame again moves nothing.
	s.Write([]byte(frame(f1, nil)))
	if s.version != v {
		t.Errorf("an identical repaint moved the version")
	}
	// Only the header changes (a sand timer): the version stays.
	f2 := append([]string{" MYSTERIUM  K7QX ⏳"}, f1[1:]...)
	s.Write([]byte(frame(f2, f1)))
	if s.version != v || s.Row(0) != f2[0] {
		t.Errorf("a header-only change: version %d (was %d), row 0 %q", s.version, v, s.Row(0))
	}
	// A shorter status line: the rest is erased, the version moves.
	f3 := append(append([]string{}, f2[:3]...), "You are ready.")
	s.Write([]byte(frame(f3, f2)))
	if s.version == v {
		t.Errorf("a changed status line did not move the version")
	}
	if got := s.Row(3); got != "You are ready." {
		t.Errorf("status row = %q", got)
	}
	if got := s.Row(2); got != f1[2] {
		t.Errorf("a skipped row changed: %q", got)
	}
}

func TestVScreenSplitWritesAndQueries(t *testing.T) {
	s := newVScreen(10, 2)
	in := []byte("\x1b]11;?\x07\x1b[c\x1b[2;1H✔ ok\x1b[6n")
	// Byte by byte: escape sequences and UTF-8 cut anywhere.
	for i := range in {
		s.Write(in[i : i+1])
	}
	if got := s.Row(1); got != "✔ ok" {
		t.Errorf("row 1 = %q", got)
	}
	got := strings.Join(s.takeReplies(), "|")
	want := "\x1b]11;rgb:0000/0000/0000\a|\x1b[?62;22c|\x1b[2;5R"
	if got != want {
		t.Errorf("replies %q, want %q", got, want)
	}
	if r := s.takeReplies(); len(r) != 0 {
		t.Errorf("replies given twice: %q", r)
	}
	// Erase in display clears everything.
	s.Write([]byte("\x1b[2J"))
	if s.Text() != "\n" {
		t.Errorf("after ED 2: %q", s.Text())
	}
}

func TestGhostMoveTowardsAWaitingPsychic(t *testing.T) {
	rows := []string{
		" PSYCHICS",
		"  ● Conrad · character · waiting for your vision",
		"    finds x · 0 vision cards",
		"▸ ▲ Alma · character · vision given · thinking",
		"    finds y · 1 vision card",
		"  ◆ Madam Wang · character · waiting for your vision",
	}
	if got := ghostMove(rows, "Choose a psychic who still needs a vision (↑↓): ● Conrad, ◆ Madam Wang."); got != keyDown {
		t.Errorf("one waiting below: %q, want down", got)
	}
	if got := ghostMove(rows, "Choose a psychic who still needs a vision (↑↓): ● Conrad."); got != keyUp {
		t.Errorf("only one above: %q, want up", got)
	}
}

func TestCardsListAndGhostTarget(t *testing.T) {
	psychic := strings.Join([]string{
		" MYSTERIUM  K7QX  classic · medium",
		"────",
		" You are ▲ Alma Salvador (yellow). Find your CHARACTER.",
		"  Cards   Psychics   Chat    tab: next pane",
		" CHARACTERS ON THE TABLE                                      ╭──────────────╮",
		"  1 The Gardener           ●                                 │              │",
		"▸ 2 The Lighthouse Keep…   ▲(you)                            │              │",
		"  3 The Maid                                                 │              │",
		"",
		"←→ card · i intuition · ? keys",
		"Place your intuition: ←→ to a card, then i.",
	}, "\n")
	cur, names := cardsList(strings.Split(psychic, "\n"))
	if cur != 1 || len(names) != 3 || names[0] != "The Gardener" || names[1] != "The Lighthouse Keep" || names[2] != "The Maid" {
		t.Fatalf("cardsList = %d %q", cur, names)
	}
	if cur, _ := cardsList([]string{" PSYCHICS AND VISIONS", "▸ ● Conrad (you) · character"}); cur != -1 {
		t.Errorf("the psychics pane read as a cards list: %d", cur)
	}
	ghost := strings.Join([]string{
		" PSYCHICS",
		"  ● Conrad · character · vision given · thinking",
		"    finds The Maid · 1 vision card · on The Gardener",
		"▸ ▲ Alma · character · waiting for your vision",
		"    finds The Lighthouse Keeper · 0 vision cards",
	}, "\n")
	if got := ghostTarget(ghost, 1); got != "The Lighthouse Keeper" {
		t.Errorf("ghostTarget(yellow) = %q", got)
	}
	if got := ghostTarget(ghost, 0); got != "The Maid" {
		t.Errorf("ghostTarget(purple) = %q", got)
	}
	if got := ghostTarget(ghost, 2); got != "" {
		t.Errorf("ghostTarget(red), not at the table = %q", got)
	}
}

// The host starts once everyone is seated, whichever form of the status
// line the width allows (at 80 columns six names do not fit, and the line
// counts them instead).
func TestSeatedCount(t *testing.T) {
	for _, tc := range []struct {
		status string
		n      int
		ok     bool
	}{
		{"Press s to start the game: 4 players seated. Not ready yet: p0001, p0002, p0003.", 4, true},
		{"Press s to start the game: 7 seated, 6 not ready yet (no ✔ by their names).", 7, true},
		{"Press s to start the game: 5 players seated, everyone ready.", 5, true},
		{"Seat the ghost (sit there, or press b for a bot), then press s to start.", 0, false},
	} {
		n, ok := seatedCount(tc.status)
		if n != tc.n || ok != tc.ok {
			t.Errorf("seatedCount(%q) = %d, %v; want %d, %v", tc.status, n, ok, tc.n, tc.ok)
		}
	}
}
