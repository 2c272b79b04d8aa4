package session

import (
	"strings"
	"testing"
)

// A frame with a banner is the frame of the banner's line above the body,
// whatever the body's height and width, with or without a message line;
// also when the same body comes again (fitMemo.write remembers it).
func TestFrameWithBannerIsBannerAboveBody(t *testing.T) {
	m := newTestModel(t, newFakeHub(), alice, 80, 24)
	long := strings.Repeat("▀\x1b[38;5;12mx", 60)
	bodies := []string{"", "one line", strings.Repeat("a line\n", 18) + "last", strings.Repeat("row\n", 30),
		long + "\n" + long, strings.Repeat(long+"\n", 25)}
	banners := []string{"✔ knock — ▲ Alma is right.", strings.Repeat("✘ knock knock ", 12)}
	for _, flash := range []string{"", "a message"} {
		m.sh.Flash = flash
		for _, body := range bodies {
			for _, banner := range banners {
				want := m.sh.Frame("head", banner+"\n"+body, "keys", "status")
				for range 2 {
					if got := m.sh.FrameWithBanner("head", banner, body, "keys", "status"); got != want {
						t.Fatalf("flash %q, body %q, banner %q:\n%s\nwant:\n%s", flash, body, banner, got, want)
					}
				}
			}
		}
	}
}
