package session

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/deck"
)

// TestEveryScreenFitsThroughWholeGames plays random legal games of every
// edition and player count and, after every command, draws every seat's
// screen (and a spectator's) at 80x24 and 140x45: no panic, and every
// frame exactly fills the window.
func TestEveryScreenFitsThroughWholeGames(t *testing.T) {
	if testing.Short() {
		t.Skip("many whole games")
	}
	players := []game.PlayerID{pGhost, pAnn, pBen, pCat, pDan, "SHA256:eve", "SHA256:fay"}
	cases := []struct {
		ed game.Edition
		n  int
	}{{game.Classic, 2}, {game.Classic, 3}, {game.Classic, 5}, {game.Classic, 7}, {game.Modern, 3}, {game.Modern, 5},
		{game.Original, 2}, {game.Original, 4}, {game.Original, 7}}
	for ci, c := range cases {
		t.Run(fmt.Sprintf("%s-%d", c.ed, c.n), func(t *testing.T) {
			opts := game.DefaultOptions(c.ed)
			pt := newPureTable(t, opts, pGhost, uint64(100+ci))
			pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
			for i := 1; i < c.n; i++ {
				pt.must(t, players[i], game.Sit{Seat: game.Seat(i - 1), Name: fmt.Sprintf("p%d", i)})
			}
			pt.must(t, pGhost, game.Start{})
			var models []*Model
			for _, sz := range [][2]int{{80, 24}, {140, 45}} {
				for _, p := range append(append([]game.PlayerID{}, players[:c.n]...), pWatch) {
					models = append(models, modelAt(t, pt, p, sz[0], sz[1]))
				}
			}
			rng := rand.New(rand.NewPCG(uint64(ci), 9))
			bots := map[game.PlayerID]game.Bot{}
			for i, p := range players[:c.n] {
				b, err := bot.New(bot.KindTags, uint64(ci*10+i), bot.DeckTags(deck.Builtin()))
				if err != nil {
					t.Fatal(err)
				}
				bots[p] = b
			}
			phases := map[game.Phase]bool{}
			for step := 0; step < 3000 && pt.st.Phase() != game.PhaseFinished; step++ {
				p := players[rng.IntN(c.n)]
				cmd := bots[p].Act(pt.st.ViewFor(p))
				if cmd == nil {
					continue
				}
				if err := pt.Submit(p, cmd); err != nil {
					continue
				}
				phases[pt.st.Phase()] = true
				if step%4 != 0 {
					continue
				}
				for _, m := range models {
					refresh(m, pt)
					for _, k := range []string{"tab", "right", "down"} {
						m.Update(keyMsg(k))
					}
					checkFrame(t, m.View(), m.sh.W, m.sh.H)
				}
			}
			for _, m := range models {
				refresh(m, pt)
				checkFrame(t, m.View(), m.sh.W, m.sh.H)
			}
			t.Logf("ended in phase %s, round %d; phases seen %v", pt.st.Phase(), pt.st.Round(), phases)
			if pt.st.Phase() != game.PhaseFinished {
				t.Errorf("the bots did not finish the game")
			}
		})
	}
}
