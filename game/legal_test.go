package game

import (
	"fmt"
	"testing"
)

// checkLegal applies every command LegalCommands lists for p to a copy of
// s: each must be accepted. It returns the list.
func checkLegal(t *testing.T, s *State, p PlayerID) []Command {
	t.Helper()
	cmds := s.LegalCommands(p)
	for _, c := range cmds {
		if _, err := s.Clone().Apply(p, c); err != nil {
			t.Errorf("listed %#v for %s refused: %v", c, p, err)
		}
	}
	return cmds
}

func has(cmds []Command, want Command) bool {
	for _, c := range cmds {
		if c.Type() == want.Type() && fmt.Sprint(c) == fmt.Sprint(want) {
			return true
		}
	}
	return false
}

func countType(cmds []Command, typ string) int {
	n := 0
	for _, c := range cmds {
		if c.Type() == typ {
			n++
		}
	}
	return n
}

func TestLegalCommandsSeating(t *testing.T) {
	s, _ := New(classic(Medium), TestPools(), "host", 1)
	cmds := checkLegal(t, s, "host")
	if countType(cmds, "sit") != 7 || countType(cmds, "set-bot") != 7 || has(cmds, Start{}) || has(cmds, Stand{}) {
		t.Errorf("empty table, host: %v", cmds)
	}
	mustApply(t, s, "alice", Sit{Seat: GhostSeat})
	mustApply(t, s, "host", SetBot{Seat: SeatOf(Red), On: true})
	cmds = checkLegal(t, s, "host")
	if !has(cmds, Start{}) || !has(cmds, SetBot{Seat: SeatOf(Red), On: false}) || has(cmds, SetBot{Seat: GhostSeat, On: true}) {
		t.Errorf("host: %v", cmds)
	}
	cmds = checkLegal(t, s, "alice")
	if !has(cmds, Stand{}) || has(cmds, Start{}) || countType(cmds, "set-bot") != 0 {
		t.Errorf("alice: %v", cmds)
	}
	if cmds := checkLegal(t, s, BotPlayer(SeatOf(Red))); len(cmds) != 1 || !has(cmds, Stand{}) {
		t.Errorf("a bot only stands: %v", cmds)
	}
	if cmds := s.LegalCommands(SystemPlayer); cmds != nil {
		t.Errorf("the system: %v", cmds)
	}
	if cmds := s.LegalCommands(""); cmds != nil {
		t.Errorf("nobody: %v", cmds)
	}
}

func TestLegalCommandsInPlay(t *testing.T) {
	s := started(t, classic(Medium), 5)
	g := ghostOf(s)
	cmds := checkLegal(t, s, g)
	if countType(cmds, "give-vision") < 4*7 || countType(cmds, "discard") < 7 {
		t.Errorf("ghost at the start: %d commands", len(cmds))
	}
	if cmds := checkLegal(t, s, ownerOf(s, Red)); len(cmds) != 0 {
		t.Errorf("red before the vision: %v", cmds)
	}
	giveAll(t, s)
	place(t, s, only(Purple))
	cmds = checkLegal(t, s, ownerOf(s, Red))
	if !has(cmds, SetReady{Psychic: Red, Ready: true}) || countType(cmds, "place-intuition") != len(s.table[Character])-1 ||
		countType(cmds, "place-token") != 2*3 {
		t.Errorf("red with an intuition: %v", cmds)
	}
	mustApply(t, s, ownerOf(s, Red), PlaceToken{From: Red, On: Purple, Kind: TokenYes})
	mustApply(t, s, ownerOf(s, Red), SetReady{Psychic: Red, Ready: true})
	cmds = checkLegal(t, s, ownerOf(s, Red))
	if !has(cmds, SetReady{Psychic: Red, Ready: false}) || !has(cmds, TakeToken{From: Red, On: Purple}) ||
		has(cmds, PlaceToken{From: Red, On: Purple, Kind: TokenYes}) || !has(cmds, PlaceToken{From: Red, On: Purple, Kind: TokenNo}) {
		t.Errorf("red ready: %v", cmds)
	}
	if cmds := s.LegalCommands("watcher"); cmds != nil {
		t.Errorf("spectator: %v", cmds)
	}
	readyAll(t, s)
	cmds = checkLegal(t, s, g)
	if countType(cmds, "reveal") != 4 || !has(cmds, RevealAll{}) {
		t.Errorf("ghost at the reveal: %v", cmds)
	}
	mustApply(t, s, g, Reveal{Psychic: Blue})
	if cmds := checkLegal(t, s, g); countType(cmds, "reveal") != 3 {
		t.Errorf("after one reveal: %v", cmds)
	}
	// An empty hand: a vision of no card is the only way on.
	mustApply(t, s, g, RevealAll{})
	s.deck, s.discard = nil, nil
	mustApply(t, s, g, GiveVision{To: Purple, Cards: cloneIDs(s.hand)})
	if cmds := checkLegal(t, s, g); !has(cmds, GiveVision{To: Yellow}) {
		t.Errorf("empty hand: %v", cmds)
	}
}

func TestLegalCommandsModernCompletion(t *testing.T) {
	s := started(t, modern(), 4)
	round(t, s, none)
	cmds := checkLegal(t, s, ghostOf(s))
	n := 0
	for _, c := range cmds {
		if gv, ok := c.(GiveVision); ok && len(gv.Drop) > 0 {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d completions that drop old cards, want one per psychic", n)
	}
}

func TestLegalCommandsOriginalDiscard(t *testing.T) {
	s := started(t, original(Easy), 4)
	if cmds := checkLegal(t, s, ghostOf(s)); !has(cmds, Discard{}) || countType(cmds, "discard") != 1 {
		t.Errorf("original discards the whole hand: %v", cmds)
	}
	v := started(t, original(VeryHard), 4)
	if cmds := checkLegal(t, v, ghostOf(v)); countType(cmds, "discard") != 0 {
		t.Errorf("very hard: %v", cmds)
	}
}

func TestLegalCommandsFinal(t *testing.T) {
	s := started(t, classic(Medium), 5)
	toFinal(t, s)
	g := ghostOf(s)
	if cmds := checkLegal(t, s, g); countType(cmds, "choose-culprit") != 4 || countType(cmds, "give-shared-vision") != 0 {
		t.Errorf("ghost, culprit: %v", cmds)
	}
	mustApply(t, s, g, ChooseCulprit{Group: 1})
	if cmds := checkLegal(t, s, g); countType(cmds, "give-shared-vision") != 2 {
		t.Errorf("ghost, shared vision: %v", cmds)
	}
	s.psy(Red).track = 9
	mustApply(t, s, g, GiveSharedVision{Cards: cloneIDs(s.hand[:3])})
	if cmds := checkLegal(t, s, voter(s, Purple)); countType(cmds, "vote") != 4 {
		t.Errorf("level 1 at stage 1: %v", cmds)
	}
	if cmds := checkLegal(t, s, voter(s, Red)); len(cmds) != 0 {
		t.Errorf("level 3 at stage 1: %v", cmds)
	}
	mustApply(t, s, voter(s, Purple), Vote{Group: 2})
	if cmds := checkLegal(t, s, voter(s, Purple)); len(cmds) != 0 {
		t.Errorf("after voting: %v", cmds)
	}
	if cmds := checkLegal(t, s, g); countType(cmds, "discard") == 0 {
		t.Errorf("the ghost may still crow: %v", cmds)
	}

	o := started(t, original(Normal), 4)
	toFinal(t, o)
	shared(t, o, 2)
	mustApply(t, o, voter(o, Purple), Vote{Group: 1})
	if cmds := checkLegal(t, o, voter(o, Purple)); countType(cmds, "vote") != 2 || has(cmds, Vote{Group: 1}) {
		t.Errorf("open vote, moving: %v", cmds)
	}
	mustApply(t, o, voter(o, Yellow), Vote{Group: 1})
	if cmds := checkLegal(t, o, voter(o, Yellow)); has(cmds, Vote{Group: 1}) || countType(cmds, "vote") != 2 {
		t.Errorf("a removed group is not offered: %v", cmds)
	}
	round2 := started(t, classic(Medium), 4)
	for i := 0; i < 7; i++ {
		round(t, round2, none)
	}
	if cmds := round2.LegalCommands(ghostOf(round2)); cmds != nil {
		t.Errorf("finished: %v", cmds)
	}
}
