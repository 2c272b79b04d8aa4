package term

import (
	"io"
	"testing"

	"github.com/muesli/termenv"
)

// Each common terminal type gets the colours it has: GNU screen and tmux
// (TERM=screen is tmux's default) have 8/16 and got none, so their
// players saw no colour and text cards.
func TestColourProfileOfCommonTerminals(t *testing.T) {
	for _, c := range []struct {
		term string
		env  []string
		want termenv.Profile
	}{
		{"screen", nil, termenv.ANSI},
		{"screen-bce", nil, termenv.ANSI},
		{"screen.linux", nil, termenv.ANSI},
		{"screen-256color", nil, termenv.ANSI256},
		{"screen.xterm-256color", nil, termenv.ANSI256},
		{"tmux", nil, termenv.ANSI},
		{"tmux-256color", nil, termenv.ANSI256},
		{"tmux-direct", nil, termenv.TrueColor},
		{"xterm", nil, termenv.ANSI},
		{"xterm-new", nil, termenv.ANSI},
		{"xterm-256color", nil, termenv.ANSI256},
		{"xterm-256color", []string{"COLORTERM=truecolor"}, termenv.TrueColor},
		{"xterm-kitty", nil, termenv.TrueColor},
		{"xterm-mono", nil, termenv.Ascii},
		{"linux", nil, termenv.ANSI},
		{"rxvt-unicode", nil, termenv.ANSI},
		{"rxvt-unicode-256color", nil, termenv.ANSI256},
		{"putty", nil, termenv.ANSI},
		{"konsole", nil, termenv.ANSI},
		{"cygwin", nil, termenv.ANSI},
		{"vt100", nil, termenv.Ascii},
		{"vt220", nil, termenv.Ascii},
		{"screen", []string{"NO_COLOR=1"}, termenv.Ascii},
		{"tmux", []string{"CLICOLOR=0"}, termenv.Ascii},
	} {
		r := NewRenderer(io.Discard, c.term, c.env)
		if got := r.ColorProfile(); got != c.want {
			t.Errorf("TERM=%s %v: profile %v, want %v", c.term, c.env, got, c.want)
		}
	}
}
