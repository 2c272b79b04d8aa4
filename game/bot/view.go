package bot

import (
	"slices"

	"github.com/mysterium-ssh/mysterium/game"
)

// This file reads views: what is there to do for this seat, right now. It
// holds only the rules a seat can see for itself (whose vision is due, which
// cards are on the table, who may vote); the engine stays the judge.

// mine returns the colours the viewer controls in a psychic view.
func mine(v *game.PsychicView) []game.Colour { return v.Colours }

// guessing returns the category psychic p is guessing.
func guessing(tv *game.TableView, p *game.PsychicPublic) game.Category { return p.Category }

// canPlace reports whether psychic p may place an intuition now.
func canPlace(tv *game.TableView, p *game.PsychicPublic) bool {
	return tv.Phase == game.PhaseVision && !p.Finished && p.ReceivedThisRound
}

// toReveal lists the psychics whose result the ghost has not revealed yet.
func toReveal(tv *game.TableView) []game.Colour {
	if tv.Phase != game.PhaseReveal {
		return nil
	}
	var out []game.Colour
	for _, p := range tv.Psychics {
		if p.Finished {
			continue
		}
		done := slices.ContainsFunc(tv.Reveals, func(r game.RevealResult) bool { return r.Psychic == p.Colour })
		if !done {
			out = append(out, p.Colour)
		}
	}
	return out
}

// canDiscard reports whether the ghost may discard now.
func canDiscard(tv *game.TableView, hand []game.CardID) bool {
	return tv.DiscardsLeft > 0 && len(hand) > 0 &&
		tv.Phase != game.PhaseSeating && tv.Phase != game.PhaseFinished
}

// tokenTargets lists the intuitions psychic from may put a token on:
// another unfinished psychic's placed intuition without a token from it.
func tokenTargets(tv *game.TableView, from *game.PsychicPublic) []game.Colour {
	if !tv.Clairvoyance || tv.Phase != game.PhaseVision || from.TokensYes+from.TokensNo == 0 {
		return nil
	}
	var out []game.Colour
	for _, on := range tv.Psychics {
		if on.Colour == from.Colour || on.Finished || on.Intuition == "" {
			continue
		}
		has := slices.ContainsFunc(on.TokensOn, func(t game.TokenPlacement) bool { return t.From == from.Colour })
		if !has {
			out = append(out, on.Colour)
		}
	}
	return out
}

// openGroups lists the line-up's groups still in play.
func openGroups(f *game.FinalPublic) []int {
	var out []int
	for _, g := range f.Groups {
		if !g.Removed {
			out = append(out, g.Number)
		}
	}
	return out
}

// group returns the line-up's group number n (the zero Group if there is none).
func group(f *game.FinalPublic, n int) game.Group {
	for _, g := range f.Groups {
		if g.Number == n {
			return g
		}
	}
	return game.Group{}
}

// openVote reports whether the final vote is open (votes can be moved).
func openVote(k game.VoteKind) bool {
	return k == game.VoteAgreed || k == game.VoteMajority || k == game.VoteDaily
}

// voter returns the colour a psychic player votes with: their own seat's.
func voter(v *game.PsychicView) (game.Colour, bool) { return v.Seat.Colour() }

// mustVote reports whether the viewer is asked to vote now (the straw poll's
// stage, the single vote, or an open vote they have not joined).
func mustVote(v *game.PsychicView) bool {
	f := v.Final
	if v.Phase != game.PhaseVote || f == nil {
		return false
	}
	c, ok := voter(v)
	if !ok {
		return false
	}
	if openVote(f.VoteKind) {
		return v.MyVote == 0
	}
	return slices.Contains(f.MustVote, c)
}

// leader is the group with the most open votes (ties to the lowest number),
// or 0 when nobody has voted. Bots in open votes rally to it so that the
// table reaches the agreement or majority it needs.
func leader(f *game.FinalPublic) (group, votes int) {
	counts := map[int]int{}
	for _, cv := range f.OpenVotes {
		if cv.Group > 0 {
			counts[cv.Group]++
		}
	}
	for g, n := range counts {
		if n > votes || (n == votes && g < group) {
			group, votes = g, n
		}
	}
	return group, votes
}

// rally returns the vote that moves the viewer to the leading group in an
// open vote, or nil when they are already there (or nobody leads).
func rally(v *game.PsychicView) game.Command {
	f := v.Final
	if v.Phase != game.PhaseVote || f == nil || !openVote(f.VoteKind) || v.MyVote == 0 {
		return nil
	}
	if _, ok := voter(v); !ok {
		return nil
	}
	g, _ := leader(f)
	if g == 0 || g == v.MyVote {
		return nil
	}
	return game.Vote{Group: g}
}

// wrongBefore lists the cards psychic c has already been told were wrong
// for category cat (from the public history and this round's reveals).
func wrongBefore(tv *game.TableView, c game.Colour, cat game.Category) map[game.CardID]bool {
	out := map[game.CardID]bool{}
	add := func(rs []game.RevealResult) {
		for _, r := range rs {
			if r.Psychic == c && r.Category == cat && !r.Correct && r.Intuition != "" {
				out[r.Intuition] = true
			}
		}
	}
	for _, h := range tv.History {
		add(h.Results)
	}
	add(tv.Reveals)
	return out
}

// remove returns ids without the cards in drop.
func remove(ids []game.CardID, drop []game.CardID) []game.CardID {
	out := make([]game.CardID, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(drop, id) {
			out = append(out, id)
		}
	}
	return out
}
