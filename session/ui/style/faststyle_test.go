package style

import (
	"strconv"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/mysterium-ssh/mysterium/term"
)

// all lists every style of a session, for the byte-for-byte checks.
func (s Styles) all() map[string]style {
	out := map[string]style{
		"title": s.Title, "dim": s.Dim, "bold": s.Bold, "sel": s.Sel, "cursor": s.Cursor, "err": s.Err,
		"note": s.Note, "ok": s.OK, "bad": s.Bad, "rule": s.Rule, "keys": s.Keys, "status": s.Status,
		"section": s.Section, "box": s.Box, "boxSel": s.boxSel, "input": s.Input, "ghost": s.Ghost,
	}
	for i, p := range s.Psychic {
		out["psychic"+strconv.Itoa(i)] = p
	}
	return out
}

var styleSamples = []string{
	"", " ", "x", "▸ ✔ 12 · Alma", " MYSTERIUM", "two\nlines", "tab\there", "cr\r\nlf", "\r",
	"wide 漢字", "\x1b[1malready styled\x1b[0m", "   ", strings63(),
}

func strings63() string {
	b := make([]byte, 63)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}

// A session's styles draw exactly the bytes term.Style draws, in every
// colour profile, for single lines and for everything drawn by it
// (several lines, tabs, carriage returns), also after the
// renderer's profile changed under styles built for another (the T key
// rebuilds them, but a text field keeps the copies it was made with).
func TestInlineStyleDrawsLikeTheStyle(t *testing.T) {
	profiles := []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.ASCII}
	inline := 0
	for _, built := range profiles {
		for _, now := range profiles {
			r := term.PlainRenderer(built)
			st := newStyles(r)
			r.SetColorProfile(now)
			for name, s := range st.all() {
				if s.inline {
					inline++
				}
				for _, sample := range styleSamples {
					// Twice: the second comes from a box's cache.
					for range 2 {
						if got, want := s.Render(sample), s.Style.Render(now, sample); got != want {
							t.Errorf("built %v, drawn %v, %s.Render(%q) = %q, want %q", built, now, name, sample, got, want)
						}
					}
				}
			}
		}
	}
	if inline == 0 {
		t.Error("no style takes the inline path: the test checks nothing")
	}
}

func BenchmarkInlineStyleRender(b *testing.B) {
	st := newStyles(term.PlainRenderer(colorprofile.ANSI256))
	b.Run("style", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = st.Psychic[0].Style.Render(colorprofile.ANSI256, "● Conrad")
		}
	})
	b.Run("inline", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = st.Psychic[0].Render("● Conrad")
		}
	})
}
