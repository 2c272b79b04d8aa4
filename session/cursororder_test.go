package session

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
)

// cursorAt is where the first list cursor (▸) is drawn at or below the
// line holding after ("" for the whole frame): its row and column.
func cursorAt(view, after string) (row, col int, ok bool) {
	lines := strings.Split(view, "\n")
	from := 0
	if after != "" {
		from = -1
		for i, l := range lines {
			if strings.Contains(l, after) {
				from = i
				break
			}
		}
		if from < 0 {
			return 0, 0, false
		}
	}
	for i := from; i < len(lines); i++ {
		if j := strings.Index(lines[i], "▸"); j >= 0 {
			return i, ansi.StringWidth(lines[i][:j]), true
		}
	}
	return 0, 0, false
}

// TestCursorFollowsDrawnOrder checks every list's cursor: from the first
// drawn row, each press of the key moves the cursor to the next row drawn
// (down the screen, or right across the ghost's columns), until it has
// been on every row. A list whose cursor moved in another order (the
// psychics list showed you first but ↓ went in seat order) visits fewer
// rows or goes back up.
func TestCursorFollowsDrawnOrder(t *testing.T) {
	type list struct {
		name    string
		setup   func(t *testing.T) *pureTable
		player  game.PlayerID
		w, h    int
		prepare []string // keys that show the list and put the cursor on its first row
		next    string
		after   string // the list's heading
		rows    int
		across  bool // rows are columns, left to right
	}
	started := func(t *testing.T) *pureTable { return playScenario(t, game.DefaultOptions(game.Classic)) }
	given := func(t *testing.T) *pureTable {
		pt := started(t)
		ghostGiveAll(t, pt)
		return pt
	}
	final := func(t *testing.T) *pureTable {
		pt := started(t)
		playToFinal(t, pt, true)
		return pt
	}
	up := []string{"up", "up", "up", "up", "up", "up", "up", "up"}
	lists := []list{
		{name: "seats", setup: seatScenario, player: pAnn, w: 120, h: 40, prepare: up, next: "down", after: "CHOOSE YOUR SEAT", rows: 7},
		{name: "seats small", setup: seatScenario, player: pAnn, w: 80, h: 24, prepare: up, next: "down", after: "CHOOSE YOUR SEAT", rows: 7},
	}
	// Every psychic, wherever they sit, walks the list as it is drawn.
	for _, p := range []game.PlayerID{pAnn, pBen, pCat, pDan} {
		lists = append(lists,
			list{name: "psychics of " + names[p], setup: given, player: p, w: 140, h: 45, prepare: up, next: "down", after: "PSYCHICS AND VISIONS", rows: 4},
			list{name: "psychics small of " + names[p], setup: given, player: p, w: 80, h: 24, prepare: append([]string{"tab"}, up...), next: "down", after: "PSYCHICS AND VISIONS", rows: 4})
	}
	lists = append(lists,
		list{name: "spectator psychics", setup: given, player: pWatch, w: 140, h: 45, prepare: up, next: "down", after: "PSYCHICS AND VISIONS", rows: 4},
		list{name: "ghost columns", setup: started, player: pGhost, w: 140, h: 45, prepare: up, next: "down", rows: 4, across: true},
		list{name: "ghost psychics small", setup: started, player: pGhost, w: 80, h: 24, prepare: append([]string{"tab"}, up...), next: "down", after: "PSYCHICS", rows: 4},
		list{name: "groups", setup: final, player: pAnn, w: 140, h: 45, prepare: up, next: "down", after: "SUSPECT GROUPS", rows: 4},
		list{name: "groups small", setup: final, player: pAnn, w: 80, h: 24, prepare: up, next: "down", after: "SUSPECT GROUPS", rows: 4},
		list{name: "ghost groups", setup: final, player: pGhost, w: 140, h: 45, prepare: up, next: "down", after: "SUSPECT GROUPS", rows: 4},
	)
	for _, l := range lists {
		t.Run(l.name, func(t *testing.T) {
			pt := l.setup(t)
			m := modelAt(t, pt, l.player, l.w, l.h)
			for _, k := range l.prepare {
				press(m, k)
			}
			var seen []int
			for i := 0; i < l.rows; i++ {
				if i > 0 {
					press(m, l.next)
				}
				row, col, ok := cursorAt(plainView(m), l.after)
				if !ok {
					t.Fatalf("no cursor under %q after %d moves:\n%s", l.after, i, plainView(m))
				}
				pos := row
				if l.across {
					pos = col
				}
				if len(seen) > 0 && pos <= seen[len(seen)-1] {
					t.Fatalf("move %d put the cursor at %d, not past %d (positions %v):\n%s", i, pos, seen[len(seen)-1], seen, plainView(m))
				}
				seen = append(seen, pos)
			}
			// One more press stays on the last row.
			press(m, l.next)
			if row, col, _ := cursorAt(plainView(m), l.after); (l.across && col != seen[len(seen)-1]) || (!l.across && row != seen[len(seen)-1]) {
				t.Errorf("the cursor left the last row")
			}
		})
	}
}
