package term

import (
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// Each common terminal type gets the colours it has: GNU screen and tmux
// (TERM=screen is tmux's default) have 8/16 and got none, so their
// players saw no colour and text cards.
func TestColourProfileOfCommonTerminals(t *testing.T) {
	for _, c := range []struct {
		term string
		env  []string
		want colorprofile.Profile
	}{
		{"screen", nil, colorprofile.ANSI},
		{"screen-bce", nil, colorprofile.ANSI},
		{"screen.linux", nil, colorprofile.ANSI},
		{"screen-256color", nil, colorprofile.ANSI256},
		{"screen.xterm-256color", nil, colorprofile.ANSI256},
		{"tmux", nil, colorprofile.ANSI},
		{"tmux-256color", nil, colorprofile.ANSI256},
		{"tmux-direct", nil, colorprofile.TrueColor},
		{"xterm", nil, colorprofile.ANSI},
		{"xterm-new", nil, colorprofile.ANSI},
		{"xterm-256color", nil, colorprofile.ANSI256},
		{"xterm-256color", []string{"COLORTERM=truecolor"}, colorprofile.TrueColor},
		{"xterm-kitty", nil, colorprofile.TrueColor},
		{"xterm-mono", nil, colorprofile.ASCII},
		{"linux", nil, colorprofile.ANSI},
		{"rxvt-unicode", nil, colorprofile.ANSI},
		{"rxvt-unicode-256color", nil, colorprofile.ANSI256},
		{"putty", nil, colorprofile.ANSI},
		{"konsole", nil, colorprofile.ANSI},
		{"cygwin", nil, colorprofile.ANSI},
		{"vt100", nil, colorprofile.ASCII},
		{"vt220", nil, colorprofile.ASCII},
		{"screen", []string{"NO_COLOR=1"}, colorprofile.ASCII},
		{"tmux", []string{"CLICOLOR=0"}, colorprofile.ASCII},
	} {
		r := NewRenderer(c.term, c.env)
		if got := r.ColorProfile(); got != c.want {
			t.Errorf("TERM=%s %v: profile %v, want %v", c.term, c.env, got, c.want)
		}
	}
}
