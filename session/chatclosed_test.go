package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// During the secret straw poll t says chat is closed, and what the player
// types next is not taken as commands (a v would cast a vote).
func TestStrawPollTypingIsNotCommands(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	f := pt.st.ViewFor(pAnn).Public().Final
	if f == nil || f.VoteKind != game.VoteStaged || f.Stage == 0 {
		t.Fatalf("not in the straw poll: %+v", f)
	}
	m := modelAt(t, pt, pAnn, 80, 24)
	act(t, m, pt, "t")
	if !strings.Contains(m.sh.Flash, "Chat is closed during the secret vote") {
		t.Fatalf("t said %q", m.sh.Flash)
	}
	if !strings.Contains(plainView(m), "Chat is closed during the secret vote") {
		t.Errorf("the reason is not on screen:\n%s", plainView(m))
	}
	for _, r := range "it is group 2 v" {
		if err := act(t, m, pt, string(r)); err != nil {
			t.Fatalf("%q sent a command: %v", r, err)
		}
	}
	if m.table.Scr.Final.GroupCur != 0 || m.table.Zoom.ID != "" || m.sh.Plain {
		t.Errorf("typing acted: group %d, zoom %q, plain %v", m.table.Scr.Final.GroupCur, m.table.Zoom.ID, m.sh.Plain)
	}
	if v := pt.st.ViewFor(pAnn).(*game.PsychicView); v.MyVote != 0 {
		t.Errorf("typing cast a vote for group %d", v.MyVote)
	}
	if !strings.Contains(statusLine(m), "what you type is ignored") {
		t.Errorf("status %q", statusLine(m))
	}
	act(t, m, pt, "enter")
	if m.table.Zoom.ID != "" || m.table.Chat.Shut {
		t.Error("enter did not just end the typing")
	}
	act(t, m, pt, "2")
	if m.table.Scr.Final.GroupCur != 1 {
		t.Error("keys are not commands again after enter")
	}
}
