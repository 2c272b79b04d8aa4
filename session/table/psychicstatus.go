package table

// A psychic's clairvoyance track and status line, and whose tokens they place.

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// clairvoyanceLine is the track and this player's tokens (classic, 4+ players).
func (ps *psychicScreen) clairvoyanceLine() string {
	ts := ps.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	if ts.Pub == nil || !ts.Pub.Clairvoyance {
		return ""
	}
	track := ps.ClairvoyanceTrack
	mine := ""
	if c, ok := ps.MyColour(); ok {
		if p := ts.Pub.Psychic(c); p != nil {
			toks := strings.Repeat("✔", p.TokensYes) + " " + strings.Repeat("✘", p.TokensNo)
			mine = l.T("    your tokens: ") + toks
			switch {
			case p.TokensSpent > 0 && ts.Pub.Round < words.TokensBackRound:
				mine += st.Dim.Render(l.F(" (%d used, back at hour IV)", p.TokensSpent))
			case p.TokensSpent > 0:
				// Tokens used from hour IV on never come back.
				mine += st.Dim.Render(l.F(" (%d used)", p.TokensSpent))
			}
		}
	}
	// One line in the words that fit, else the short form on two lines.
	for _, narrow := range []bool{false, true} {
		if line := track(narrow) + mine; layout.TextWidth(line) <= ts.Shell.W {
			return line
		}
	}
	return track(true) + "\n" + mine
}

// clairvoyanceTrack is the clairvoyance line's track, the same for every
// seat at the table: drawn once for all of them (layout.SharedLines).
func (ps *psychicScreen) ClairvoyanceTrack(narrow bool) string {
	m := ps.ts.Shell
	psychics := ps.ts.Pub.Psychics
	if len(psychics) > len(trackKey{}.psychics) || m.NoMemo {
		return ps.drawTrack(narrow)
	}
	k := trackKey{st: m.St, lang: m.Lang(), narrow: narrow, n: len(psychics)}
	for i, p := range psychics {
		k.psychics[i] = trackPlace{p.Colour, p.Track, p.Level}
	}
	if line, ok := tracks.Load(k); ok {
		return line
	}
	line := ps.drawTrack(narrow)
	tracks.Store(k, line)
	return line
}

// tracks are the clairvoyance tracks drawn last, for every session.
var tracks = layout.SharedLines[trackKey]{Max: layout.SharedLinesMax}

// trackKey is everything drawTrack reads: the viewer's styles and
// language, the short or long form, and each psychic's place on the track.
type trackKey struct {
	st       *style.Styles
	lang     i18n.Lang
	narrow   bool
	n        int
	psychics [6]trackPlace
}

type trackPlace struct {
	colour       game.Colour
	track, level int
}

// drawTrack draws clairvoyanceTrack; it reads nothing that is not in
// trackKey.
func (ps *psychicScreen) drawTrack(narrow bool) string {
	ts := ps.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	parts := make([]string, 0, len(ts.Pub.Psychics))
	for _, p := range ts.Pub.Psychics {
		if narrow {
			parts = append(parts, l.F("%s %d L%d", st.Sym(p.Colour), p.Track, p.Level))
		} else {
			parts = append(parts, l.F("%s %d (level %d)", st.Sym(p.Colour), p.Track, p.Level))
		}
	}
	return st.Section.Render(l.T(" CLAIRVOYANCE ")) + " " + strings.Join(parts, "  ")
}

// psychicStatus is the status line of the psychic and spectator screens.
func (ps *psychicScreen) psychicStatus() string {
	ts := ps.ts
	p := ts.Pub
	l := ts.Shell.Lang()
	if ts.Psy == nil {
		if away := ts.Seats.GhostAway(); away != "" {
			return away
		}
		return l.F("Watching %s.", words.PhaseSentence(l, ts.Pub))
	}
	me := ps.viewpoint()
	if away := ts.Seats.GhostAway(); away != "" && me != nil &&
		(p.Phase != game.PhaseVision || !me.ReceivedThisRound || me.Finished || me.Ready) {
		// Nothing this psychic can do moves the game on: say what it waits for.
		return away
	}
	switch p.Phase {
	case game.PhaseVision:
		switch {
		case me == nil:
			return ""
		case me.Finished && ps.otherColourWaits() != nil:
			return l.F("Your trail is complete. Your %s still waits for you: press c.", ps.otherColourName())
		case me.Finished:
			return l.F("Your trail is complete. Help the others%s; waiting for %s.", ps.tokenHint(), words.WaitingReady(l, ts.Pub))
		case !me.ReceivedThisRound && words.SendingTo(p, me.Colour):
			return l.T("The ghost is giving you a vision: it arrives in a moment.")
		case !me.ReceivedThisRound:
			return l.F("Waiting for the ghost's vision (%s).", words.WaitingVisionsText(l, ts.Pub))
		case me.Intuition == "":
			return l.T("Place your intuition: ←→ to a card, then i.")
		case !me.Ready:
			return l.T("Press r when you are sure (you can still move your intuition).")
		case ps.otherColourWaits() != nil:
			// The player's other colour is the one holding the table up:
			// naming it as someone else's would leave them waiting on themselves.
			return l.F("You are ready. Your %s still waits for you: press c.", ps.otherColourName())
		default:
			return l.F("You are ready. Waiting for %s.", words.WaitingReady(l, ts.Pub))
		}
	case game.PhaseReveal:
		return l.F("The ghost is revealing the results (%d of %d).", len(p.Reveals), ps.unfinishedCount())
	}
	return words.PhaseSentence(l, ts.Pub)
}

func (ps *psychicScreen) tokenHint() string {
	ts := ps.ts
	if ts.Pub.Clairvoyance {
		return ts.Shell.Lang().T(" with your clairvoyance tokens (y/n)")
	}
	return ""
}

func (ps *psychicScreen) unfinishedCount() int {
	ts := ps.ts
	n := 0
	for _, p := range ts.Pub.Psychics {
		if !p.Finished || p.ReceivedThisRound {
			n++
		}
	}
	return n
}

// tokenTarget is the psychic whose intuition a token would go on: the one
// selected in the psychics list.
func (ps *psychicScreen) TokenTarget() *game.PsychicPublic {
	ts := ps.ts
	if ps.Target < len(ts.Pub.Psychics) {
		return &ts.Pub.Psychics[ps.Target]
	}
	return nil
}
