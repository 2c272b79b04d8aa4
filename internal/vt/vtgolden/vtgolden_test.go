package vtgolden

import (
	"fmt"
	"strings"
	"testing"
)

// A screen as a model draws it: styled words, a wide rune, a blank line.
const view = "\x1b[1;38;5;183m MYSTERIUM\x1b[m  \x1b[38;5;244mclassic\x1b[m\n\n\x1b[48;5;60m▸ 日本\x1b[m ok\n"

func TestFilesAreTheScreensTextAndStyles(t *testing.T) {
	text, style := Files([]byte(view))
	if want := " MYSTERIUM  classic\n\n▸ 日本 ok\n"; string(text) != want {
		t.Errorf("text %q, want %q", text, want)
	}
	want := "a fg=183 bold\nb fg=244\nc bg=60\n\naaaaaaaaaa  bbbbbbb\n\ncccccc\n"
	if string(style) != want {
		t.Errorf("style:\n%s\nwant:\n%s", style, want)
	}
}

// recorder is a test that notes its failures instead of failing.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(f string, a ...any) {
	r.failed = append(r.failed, fmt.Sprintf(f, a...))
}
func (r *recorder) Fatalf(f string, a ...any) {
	r.failed = append(r.failed, fmt.Sprintf(f, a...))
	panic(r)
}

func check(t *testing.T, v string) []string {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != r {
				panic(p)
			}
		}()
		RequireEqual(r, []byte(v))
	}()
	return r.failed
}

// The goldens of this test (testdata/TestOneColourChangedFails.txt and
// .style) are those of view: the same screen passes, written with other
// bytes too, and one colour changed fails on the styles alone.
func TestOneColourChangedFails(t *testing.T) {
	if updating() {
		RequireEqual(t, []byte(view))
		return
	}
	if f := check(t, view); len(f) != 0 {
		t.Fatalf("the same screen failed: %q", f)
	}
	same := strings.Replace(view, "\x1b[1;38;5;183m", "\x1b[38;5;183m\x1b[1m", 1)
	if f := check(t, same); len(f) != 0 {
		t.Errorf("the same screen in other bytes failed: %q", f)
	}
	changed := strings.Replace(view, "38;5;244m", "38;5;245m", 1)
	f := check(t, changed)
	if len(f) != 1 || !strings.Contains(f[0], "styles differ") || !strings.Contains(f[0], "b fg=245") {
		t.Errorf("one colour changed: failures %q, want one about the styles", f)
	}
	if f := check(t, strings.Replace(view, "ok", "ko", 1)); len(f) != 1 || !strings.Contains(f[0], "text differ") {
		t.Errorf("one word changed: failures %q, want one about the text", f)
	}
}
