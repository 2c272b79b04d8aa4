package session

import (
	"testing"
	"unsafe"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// After a table update, the line of a psychic in the psychics list is
// drawn by the first seat that draws it and taken as it is by every other
// seat that draws the same (the same string, not a copy); the psychic's
// own player draws their own ("(you)"). The clairvoyance track likewise.
func TestSharedLinesDrawnOnceForTheTable(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	// A state no other test reaches, so that the lines are new: blue's
	// intuition, with a token of yellow's on it.
	blue := pt.st.ViewFor(pDan).Public().Psychic(game.Blue)
	pt.must(t, pDan, game.PlaceIntuition{Psychic: game.Blue, Card: pt.st.ViewFor(pDan).Public().TableCards[blue.Category][2]})
	pt.must(t, pBen, game.PlaceToken{From: game.Yellow, On: game.Blue, Kind: game.TokenNo})

	lineOf := func(p game.PlayerID) (string, string) {
		m := modelAt(t, pt, p, 80, 24)
		ps := &m.table.Scr.Psychic
		pub := m.table.Pub.Psychic(game.Blue)
		return ps.PsychicLine(pub, 40, 0), ps.ClairvoyanceTrack(false)
	}
	ann, annTrack := lineOf(pAnn)
	watcher, watcherTrack := lineOf(pWatch)
	dan, _ := lineOf(pDan)
	if ann != watcher {
		t.Fatalf("two seats draw blue's line differently:\n%q\n%q", ann, watcher)
	}
	if unsafe.StringData(ann) != unsafe.StringData(watcher) {
		t.Errorf("the spectator drew blue's line again instead of taking the one ann's seat drew")
	}
	if unsafe.StringData(annTrack) != unsafe.StringData(watcherTrack) {
		t.Errorf("the spectator drew the clairvoyance track again instead of taking ann's")
	}
	if dan == ann {
		t.Errorf("blue's own player got the others' line for blue: %q", dan)
	}
}

// A shared line goes only to a seat that draws the very same: seats at
// different sizes, colour profiles and languages, psychics and a
// spectator, at two tables in different states, play on while players
// come and go; after every update each seat's frame is the one it draws
// from scratch (fresh, which bypasses the shared lines). A key that missed
// an input (whose psychic it is, the player's presence, the width, the
// language, a token) would hand one seat another's line, and this fails.
func TestSharedLinesNeverCross(t *testing.T) {
	type seat struct {
		p       game.PlayerID
		w, h    int
		profile colorprofile.Profile
		lang    i18n.Lang
		tab     bool // on the pane that lists the psychics
	}
	seats := []seat{
		{pAnn, 80, 24, colorprofile.ANSI256, i18n.English, true},
		{pBen, 80, 24, colorprofile.ANSI256, i18n.English, true},
		{pCat, 80, 24, colorprofile.TrueColor, i18n.English, true},
		{pDan, 80, 24, colorprofile.ANSI256, i18n.French, true},
		{pWatch, 80, 24, colorprofile.ANSI256, i18n.English, true},
		{pAnn, 120, 40, colorprofile.ANSI256, i18n.English, false},
		{pWatch, 140, 45, colorprofile.ANSI256, i18n.French, false},
	}
	for table, seed := range []uint64{3, 11} {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		ms := make([]*Model, len(seats))
		for i, s := range seats {
			m := modelAt(t, pt, s.p, s.w, s.h)
			m.sh.R.SetColorProfile(s.profile)
			m.sh.Who.Lang = s.lang
			if s.tab {
				press(m, "tab")
			}
			ms[i] = m
		}
		for step := range 60 {
			playRandomly(t, pt, seed+uint64(step), 2, nil)
			// Players come and go: the list names them "(away)".
			away := []game.PlayerID{pBen, pCat, pGhost}[step%3]
			pt.setPresence(away, game.Presence{Present: step%2 == 0, AwaySince: fixedNow})
			for i, m := range ms {
				refresh(m, pt)
				if got, want := m.View(), fresh(m); got != want {
					s := seats[i]
					t.Fatalf("table %d, step %d: %s at %dx%d (%v, %v) shows a line it did not draw.\ngot:\n%s\nwant:\n%s",
						table, step, s.p, s.w, s.h, s.profile, s.lang, plainText(got), plainText(want))
				}
			}
		}
		if pt.st.Phase() == game.PhaseSeating {
			t.Fatal("the game never started")
		}
	}
}
