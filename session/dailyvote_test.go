package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// The original's daily vote says what happened when a majority judged a
// group wrong (which group, the new day, choose again), the old "You
// voted" does not stay, and v on a ruled-out group says why nothing is
// cast.
func TestDailyVoteIsAnnounced(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Original))
	playToFinal(t, pt, true)
	f := pt.st.ViewFor(pAnn).Public().Final
	if f == nil || f.VoteKind != game.VoteDaily {
		t.Fatalf("final %+v", f)
	}
	m := modelAt(t, pt, pAnn, 120, 40)
	if got := statusLine(m); !strings.HasPrefix(got, "Day ") {
		t.Errorf("status %q", got)
	}
	// Everyone votes group 2, which is not the culprit's (group 1).
	if err := act(t, m, pt, "2", "v"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []game.PlayerID{pBen, pCat} {
		pt.must(t, p, game.Vote{Group: 2})
	}
	refresh(m, pt)
	if pt.st.Phase() != game.PhaseVote {
		t.Fatalf("phase %v", pt.st.Phase())
	}
	v := plainView(m)
	if !strings.Contains(v, "Group 2 was not the culprit's. Day") || strings.Contains(v, "You voted for group 2") {
		t.Errorf("no announcement of the ruled-out group:\n%s", v)
	}
	if got := statusLine(m); !strings.Contains(got, "Ruled out: 2.") {
		t.Errorf("status %q", got)
	}
	press(m, "2", "v")
	if !strings.Contains(m.sh.Flash, "judged wrong") {
		t.Errorf("v on a ruled-out group: flash %q", m.sh.Flash)
	}
}

// After the game the end screen shows the daily votes day by day.
func TestEndScreenVotesByDay(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Original))
	playToFinal(t, pt, true)
	day := pt.st.ViewFor(pAnn).Public().Final.Day
	for _, p := range []game.PlayerID{pAnn, pBen, pCat} {
		pt.must(t, p, game.Vote{Group: 2})
	}
	for _, p := range []game.PlayerID{pAnn, pBen, pCat} {
		pt.must(t, p, game.Vote{Group: 1})
	}
	if pt.st.Phase() != game.PhaseFinished {
		t.Fatalf("phase %v", pt.st.Phase())
	}
	m := modelAt(t, pt, pAnn, 140, 45)
	v := plainView(m)
	first, next := "\n DAY "+words.RomanNum(day)+"  ", "\n DAY "+words.RomanNum(day+1)+"  "
	if !strings.Contains(v, first) || !strings.Contains(v, next) || strings.Index(v, first) > strings.Index(v, next) {
		t.Errorf("the votes are not split by day (%q, %q):\n%s", first, next, v)
	}
}

// A changed vote is listed once, with the group last voted for: the end
// screen read "▲ → 1 ▲ → 2".
func TestEndScreenListsTheLastVote(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Modern))
	playToFinal(t, pt, true)
	pt.must(t, pBen, game.Vote{Group: 2})
	pt.must(t, pBen, game.Vote{Group: 1})
	for _, p := range []game.PlayerID{pAnn, pCat, pDan} {
		if pt.st.Phase() == game.PhaseVote {
			pt.must(t, p, game.Vote{Group: 1})
		}
	}
	if pt.st.Phase() != game.PhaseFinished {
		t.Fatalf("phase %v", pt.st.Phase())
	}
	var ben game.Colour
	for _, s := range pt.st.ViewFor(pBen).Public().Seats {
		if s.Player == pBen {
			ben = s.Colours[0]
		}
	}
	m := modelAt(t, pt, pAnn, 140, 45)
	v := plainView(m)
	if strings.Contains(v, ben.Symbol()+" → 2") || !strings.Contains(v, ben.Symbol()+" → 1") {
		t.Errorf("%s's votes: want the last only (→ 1):\n%s", ben.Symbol(), v)
	}
}
