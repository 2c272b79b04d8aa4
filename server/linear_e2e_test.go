package server_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// noise is what a screen reader hears as noise in a linear session: cursor
// movement (CUP, CUU..CUB, CHA, VPA), erasing (ED, EL), scrolling regions,
// the alternate screen, and box-drawing or block characters.
var noise = regexp.MustCompile(`\x1b\[[0-9;]*[HJKABCDGdfr]|\x1b\[\?(1049|1047|47)[hl]|[\x{2500}-\x{259F}]`)

// echoed is the chat line typed in TestLinearPsychicGame as the terminal
// shows it: "hi" on the open line (other lines may come between the two
// letters), the deletion said on a line of its own, "ho" whole on a new
// line, and the line sent.
var echoed = regexp.MustCompile(`hi\r\n(?:[^\r\n]*\r\n)*?\a?Erased: i\.\r\n(?:[^\r\n]*\r\n)*?ho\r\n(?:[^\r\n]*\r\n)*?[^\r\n]*says: ho\r\n`)

// TestLinearPsychicGame plays a whole classic game in which one human
// psychic plays over SSH in the linear mode (--plain) and another with the
// screens: the linear psychic's bytes hold no cursor movement, erasing,
// alternate screen or drawing characters, and every event the others saw
// was said to it as a line: each vision given (with its cards), each result,
// the other psychic's chat, the final phase's groups and the outcome.
func TestLinearPsychicGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 2, bots: 1, plain: true, smart: true})
	other := r.psychics[1]
	// The linear psychic types in the chat, letter by letter, and mends a
	// typo: each letter is echoed on the line being typed, the deletion is
	// said in words, the next letter says the whole line again below it.
	me := r.psychic.c
	me.Type("t")
	me.WaitFor("esc to stop typing", wait)
	me.Type("h")
	me.Type("i")
	me.Type("\x7f")
	me.WaitFor("Erased: i.", wait)
	me.Type("o")
	me.Type("\r")
	me.WaitFor("says: ho", wait)
	me.Type("\x1b")
	other.c.Type("thello from the screens\r\x1b")
	fin := r.finish()

	raw := string(r.psychic.c.Screen.Raw())
	if m := noise.FindStringIndex(raw); m != nil {
		t.Fatalf("the linear session wrote %q: …%q…", raw[m[0]:m[1]], raw[max(0, m[0]-80):min(len(raw), m[1]+80)])
	}
	if !echoed.MatchString(raw) {
		t.Errorf("the typing was not echoed on the line typed: %q", raw[max(0, strings.Index(raw, "Erased")-300):min(len(raw), strings.Index(raw, "Erased")+300)])
	}
	text := r.psychic.c.Screen.Text()
	// A turn alert's bell may come before a line.
	lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\a", ""), "\r\n", "\n"), "\n")
	said := func(what string, ok func(line string) bool) {
		t.Helper()
		for _, l := range lines {
			if ok(l) {
				return
			}
		}
		t.Errorf("the linear psychic was never told %s", what)
	}
	colourOf := func(c game.Colour) string {
		// "alice (purple)" or "the purple bot"
		return map[game.Colour]string{game.Purple: "purple", game.Yellow: "yellow", game.Red: "red",
			game.Blue: "blue", game.White: "white", game.Green: "green"}[c]
	}
	results, visions := 0, 0
	for _, rr := range fin.History {
		for _, v := range rr.Visions {
			for _, c := range v.Cards {
				visions++
				said(fmt.Sprintf("vision card %s given to %s in hour %d", c, v.To, rr.Round), func(l string) bool {
					return strings.Contains(l, "received a vision of") && strings.Contains(l, string(c)+", ") &&
						(strings.HasPrefix(l, "You ") || strings.Contains(l, colourOf(v.To)))
				})
			}
		}
		for _, res := range rr.Results {
			results++
			said(fmt.Sprintf("the result of %s in hour %d", res.Psychic, rr.Round), func(l string) bool {
				return strings.HasPrefix(l, "Knock") && strings.Contains(l, colourOf(res.Psychic))
			})
		}
	}
	if visions == 0 || results == 0 {
		t.Fatalf("the game had %d vision cards and %d results: nothing to check", visions, results)
	}
	said("the other psychic's chat", func(l string) bool { return strings.HasSuffix(l, "says: hello from the screens") })
	if fin.Final != nil {
		for _, g := range fin.Final.Groups {
			said(fmt.Sprintf("group %d", g.Number), func(l string) bool { return strings.HasPrefix(l, fmt.Sprintf("Group %d", g.Number)) })
		}
	}
	said("the outcome", func(l string) bool {
		return strings.HasPrefix(l, "THE PSYCHICS WON") || strings.HasPrefix(l, "THE PSYCHICS LOST")
	})
	t.Logf("the linear psychic received %d bytes in %d lines; %d vision cards and %d results announced; final phase: %v", len(raw), len(lines), visions, results, fin.Final != nil)
}
