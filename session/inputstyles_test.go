package session

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
)

// A text field made before T draws with the styles T switched to: the
// chat line of a table is made once, and kept pointing at the 256-colour
// styles it would write 256-colour escapes in a truecolor frame.
func TestTextFieldsFollowT(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 120, 40)
	press(m, "t", "Z", "e", "d")
	const c256, c24 = "\x1b[38;5;231mZed", "\x1b[38;2;255;255;255mZed"
	if v := m.View(); !strings.Contains(v, c256) {
		t.Fatalf("the chat line does not draw Zed in 256 colours:\n%q", v)
	}
	m.sh.R.SetColorProfile(colorprofile.TrueColor)
	m.sh.St = style.For(m.sh.R)
	m.memo.ok = false
	if v := m.View(); !strings.Contains(v, c24) {
		t.Errorf("after T the chat line still draws with the old styles:\n%q", v)
	}
}
