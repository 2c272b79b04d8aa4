package term

import (
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// readAll reads k until EOF and returns what each Read returned.
func readAll(t *testing.T, k *KeyReader, size int) []string {
	t.Helper()
	var got []string
	buf := make([]byte, size)
	for {
		n, err := k.Read(buf)
		if n > 0 {
			got = append(got, string(buf[:n]))
		}
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// splitReader returns its chunks one per Read, then the rest one byte per
// Read, as a slow link might deliver them.
type splitReader struct {
	chunks []string
	rest   string
}

func (r *splitReader) Read(p []byte) (int, error) {
	if len(r.chunks) > 0 {
		n := copy(p, r.chunks[0])
		r.chunks = r.chunks[1:]
		return n, nil
	}
	if r.rest == "" {
		return 0, io.EOF
	}
	p[0] = r.rest[0]
	r.rest = r.rest[1:]
	return 1, nil
}

// A bracketed paste of a few hundred characters passes whole at 40 keys a
// second, taking one key's allowance, in one go or split into single bytes;
// typed keys around it are still limited.
func TestKeyReaderPassesAPasteAsOneInput(t *testing.T) {
	text := strings.Repeat("Ghost night 👻 ", 25) // 400 bytes
	in := "a" + pasteStart + text + pasteEnd + "b" + strings.Repeat("j", 100)
	for name, r := range map[string]func() io.Reader{
		"whole": func() io.Reader { return strings.NewReader(in) },
		// The start marker split after 3 bytes, the text inside a
		// character, then the text and the end marker byte by byte.
		"split": func() io.Reader {
			return &splitReader{[]string{"a\x1b[2", "00~" + text[:99]}, text[99:] + pasteEnd + "b" + strings.Repeat("j", 100)}
		},
	} {
		t.Run(name, func(t *testing.T) {
			k := NewKeyReader(r())
			now := time.Unix(0, 0)
			k.now = func() time.Time { return now }
			warned := make(chan struct{}, 10)
			k.Limit(40, func() { warned <- struct{}{} })
			got := readAll(t, k, 256)
			all := strings.Join(got, "")
			want := "a" + pasteStart + text + pasteEnd + "b" + strings.Repeat("j", 37)
			if all != want {
				t.Fatalf("passed %d bytes %q\nwant %d bytes %q", len(all), all, len(want), want)
			}
			// The markers reach Bubble Tea whole (it waits for the end marker).
			if got[1] != pasteStart {
				t.Fatalf("the start marker was split: %q", got[:3])
			}
			<-warned // the 100 j's are still cut, and the player told
		})
	}
}

// A paste over maxPaste is cut, its end marker sent at the cut, and the
// keys after the real end marker pass again; a paste that comes when the
// key allowance is used up is dropped whole, markers and all.
func TestKeyReaderBoundsPastes(t *testing.T) {
	huge := strings.Repeat("x", 3*maxPaste)
	k := NewKeyReader(strings.NewReader(pasteStart + huge + pasteEnd + "q"))
	got := strings.Join(readAll(t, k, 256), "")
	if want := pasteStart + huge[:maxPaste] + pasteEnd + "q"; got != want {
		t.Fatalf("a %d-byte paste passed as %d bytes (ends %q), want %d", len(huge), len(got), got[max(0, len(got)-12):], len(want))
	}

	k = NewKeyReader(strings.NewReader("jj" + pasteStart + "dropped" + pasteEnd + "q"))
	now := time.Unix(0, 0)
	k.now = func() time.Time { return now }
	k.Limit(2, func() {})
	if got := strings.Join(readAll(t, k, 256), ""); got != "jj" {
		t.Fatalf("over the allowance, passed %q, want only the allowed jj", got)
	}
}

// ruleModel draws a header, a rule and a body, like the session's screens.
type ruleModel struct{}

func (ruleModel) Init() tea.Cmd                   { return nil }
func (ruleModel) Update(tea.Msg) (Model, tea.Cmd) { return ruleModel{}, nil }
func (ruleModel) View() string {
	return " MYSTERIUM  K7QX  classic\n" + strings.Repeat("─", 40) + "\nbody line\nlast line"
}

type plainModel struct{ ruleModel }

func (plainModel) View() string { return "header K7QX\nbody line" }

// A notice goes over the rule under the header, never over the header with
// the table code; without a rule it takes the top line, as before.
func TestNoticeLeavesTheHeaderVisible(t *testing.T) {
	r := PlainRenderer(colorprofile.ASCII)
	f := NewFrame(ruleModel{}, r, 40)
	f.Update(NoticeMsg{Text: "Too many keys at once"})
	lines := strings.Split(f.View(), "\n")
	if len(lines) != 4 || lines[0] != " MYSTERIUM  K7QX  classic" || !strings.Contains(lines[1], "⚑ Too many keys at once") || lines[2] != "body line" {
		t.Fatalf("notice placed wrong:\n%s", strings.Join(lines, "\n"))
	}
	f = NewFrame(plainModel{}, r, 40)
	f.Update(NoticeMsg{Text: "hello"})
	lines = strings.Split(f.View(), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "⚑ hello") || lines[1] != "body line" {
		t.Fatalf("notice without a rule:\n%s", strings.Join(lines, "\n"))
	}
}
