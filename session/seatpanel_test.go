package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// On a big terminal the seat picker's empty half says what the seat under
// the cursor does and how a game of the table's edition goes; it follows
// the cursor. Below 150x40 the picker stays a list (the goldens keep it).
func TestSeatPanelOnBigScreens(t *testing.T) {
	for _, tc := range []struct {
		ed   game.Edition
		w, h int
		flow string // a few words of the edition's flow, "" for no panel
	}{
		{game.Classic, 200, 60, "HOW A GAME GOES · classic"},
		{game.Modern, 200, 60, "HOW A GAME GOES · modern"},
		{game.Original, 160, 50, "HOW A GAME GOES · original"},
		{game.Classic, 140, 45, ""},
		{game.Classic, 120, 40, ""},
	} {
		pt := seatedWith(t, tc.ed, 3)
		m := newTestModel(t, newFakeHub(), Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost)}, tc.w, tc.h)
		m.sh.Cards = fakeCards{}
		m.attach(pt.code, pt, nil, false)
		feed(m, pt, func(*game.TableView) {})
		v := plainView(m)
		checkFrame(t, m.View(), tc.w, tc.h)
		if tc.flow == "" {
			if strings.Contains(v, "GAME GOES") {
				t.Errorf("%s %dx%d: a panel where there is no room:\n%s", tc.ed, tc.w, tc.h, v)
			}
			continue
		}
		if !strings.Contains(v, tc.flow) || !strings.Contains(v, "☾ THE GHOST") {
			t.Errorf("%s %dx%d: no panel for the ghost's seat under the cursor:\n%s", tc.ed, tc.w, tc.h, v)
		}
		press(m, "j")
		v = plainView(m)
		if !strings.Contains(v, "CONRAD MACDOWELL · a psychic") || strings.Contains(v, "☾ THE GHOST") || !strings.Contains(v, "an object") || strings.Contains(v, "a object") {
			t.Errorf("%s %dx%d: the panel does not follow the cursor to the first psychic:\n%s", tc.ed, tc.w, tc.h, v)
		}
	}
}
