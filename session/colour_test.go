package session

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// hexColour must draw exactly the bytes lipgloss.Color(hex) draws, in
// every colour profile: it only moves the conversion out of Render.
func TestHexColourDrawsLikeLipglossColor(t *testing.T) {
	hexes := append([]string{"#c9a0ff", "#ffffff", "#5b4a8a", "#ffd75f", "#ff5f5f", "#87d7ff", "#5fd75f",
		"#6c6c8a", "#3a2a55", "#b8a4d8", "#9fd8ff", "#000000", "#808080", "#0000ff"}, psychicHex[:]...)
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		r := testRenderer(p)
		for _, hex := range hexes {
			want := r.NewStyle().Bold(true).Foreground(lipgloss.Color(hex)).Background(lipgloss.Color(hex)).Render("● x")
			got := r.NewStyle().Bold(true).Foreground(hexColour(hex)).Background(hexColour(hex)).Render("● x")
			if got != want {
				t.Errorf("profile %v, %s: %q, want %q", p, hex, got, want)
			}
		}
	}
	// A profile change after the styles were built still applies (the T key).
	r := testRenderer(termenv.ANSI256)
	st := r.NewStyle().Foreground(hexColour("#c9a0ff"))
	before := st.Render("x")
	r.SetColorProfile(termenv.TrueColor)
	if after := st.Render("x"); after == before {
		t.Errorf("switching to truecolor did not change the colour: %q", after)
	}
}

func BenchmarkStyledHexRender(b *testing.B) {
	r := testRenderer(termenv.ANSI256)
	plain := r.NewStyle().Bold(true).Foreground(lipgloss.Color("#a06cd5"))
	cached := r.NewStyle().Bold(true).Foreground(hexColour("#a06cd5"))
	b.Run("lipgloss.Color", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = plain.Render("● Conrad")
		}
	})
	b.Run("hexColour", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_ = cached.Render("● Conrad")
		}
	})
}
