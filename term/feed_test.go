package term

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// feedAll runs Feed over in and names what it sends.
func feedAll(k *KeyReader) []string {
	var got []string
	Feed(k, func(m tea.Msg) {
		switch e := m.(type) {
		case uv.KeyPressEvent:
			got = append(got, "key "+e.String())
		case uv.PasteEvent:
			got = append(got, fmt.Sprintf("paste %q", e.Content))
		case uv.MouseClickEvent:
			got = append(got, fmt.Sprintf("click %d,%d %v", e.X, e.Y, e.Button))
		case uv.BackgroundColorEvent:
			got = append(got, fmt.Sprintf("background dark=%v", e.IsDark()))
		default:
			got = append(got, fmt.Sprintf("%T", m))
		}
	})
	return got
}

// What a session's program is sent for its input: one key per keystroke
// of a burst that came in one read, a bracketed paste as one paste, a tap
// as a click at 0-based cells, the background's answer as itself when the
// reader does not take it.
func TestFeedSendsOneEventPerInput(t *testing.T) {
	in := "jj\x1b[A \x1bx" + "\x1b[200~hello\nworld\x1b[201~" + "q" + "\x1b[<0;3;4M" + "\x1b]11;rgb:ffff/ffff/ffff\a"
	got := feedAll(NewKeyReader(strings.NewReader(in)))
	want := []string{"key j", "key j", "key up", "key space", "key alt+x", `paste "hello\nworld"`, "key q",
		"click 2,3 left", "background dark=false"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
}

// The per-second key limit holds through the feed: keys beyond it are
// never sent; a paste counts as one key; a paste beyond 4 KiB is cut.
func TestFeedKeepsTheKeyLimit(t *testing.T) {
	long := strings.Repeat("x", 3*maxPaste)
	k := NewKeyReader(strings.NewReader("\x1b[200~" + long + "\x1b[201~" + "abcdef"))
	now := time.Unix(0, 0)
	k.now = func() time.Time { return now }
	k.Limit(3, func() {})
	got := feedAll(k)
	want := []string{fmt.Sprintf("paste %q", long[:maxPaste]), "key a", "key b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %d events, want %q", len(got), []string{"paste (4096 x)", "key a", "key b"})
	}
}
