package bot

import (
	"math/rand/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// Random plays random legal moves for any seat. It sees only its seat's view.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed^0x626f74))}
}

// Act returns a random legal command for the seat whose view v is, or nil.
func (r *Random) Act(v game.View) game.Command { return act(r, v) }

// vision sometimes discards, else gives a waiting psychic a random vision.
func (r *Random) vision(v *game.GhostView) game.Command {
	tv := &v.TableView
	if canDiscard(tv, v.Hand) && r.rng.IntN(10) == 0 {
		return r.discard(tv, v.Hand)
	}
	to := tv.WaitingVisions[r.rng.IntN(len(tv.WaitingVisions))]
	return r.visionFor(tv, v.Hand, to)
}

// reveal sometimes reveals every result left, else one of them.
func (r *Random) reveal(left []game.Colour) game.Command {
	if r.rng.IntN(4) == 0 {
		return game.RevealAll{}
	}
	return game.Reveal{Psychic: left[r.rng.IntN(len(left))]}
}

func (r *Random) culprit(v *game.GhostView) int { return r.group(v.Final) }

func (r *Random) shared(v *game.GhostView) game.Command {
	return game.GiveSharedVision{Cards: r.pick(v.Hand, 3)}
}

func (r *Random) vote(v *game.PsychicView) int { return r.group(v.Final) }

// group is one of the line-up's open groups, at random.
func (r *Random) group(f *game.FinalPublic) int {
	gs := openGroups(f)
	return gs[r.rng.IntN(len(gs))]
}

// visionFor gives psychic `to` a random vision of one or two cards (modern:
// completing a failed vision, dropping old cards at random first).
func (r *Random) visionFor(tv *game.TableView, hand []game.CardID, to game.Colour) game.Command {
	gv := game.GiveVision{To: to}
	room := len(hand)
	if tv.Edition == game.Modern {
		old := tv.Psychic(to).Vision
		if len(old) > 0 && (len(old) >= game.MaxModernVision || r.rng.IntN(3) == 0) {
			gv.Drop = r.pick(old, 1+r.rng.IntN(len(old)))
		}
		room = min(room, game.MaxModernVision-len(old)+len(gv.Drop))
	}
	if room == 0 {
		return gv // an empty hand (deck and discard exhausted): an empty vision
	}
	gv.Cards = r.pick(hand, 1+r.rng.IntN(min(2, room)))
	return gv
}

func (r *Random) discard(tv *game.TableView, hand []game.CardID) game.Command {
	if tv.DiscardKind == game.DiscardWholeHand {
		return game.Discard{}
	}
	return game.Discard{Cards: r.pick(hand, 1+r.rng.IntN(len(hand)))}
}

// intuitions places intuitions, tokens and ready marks for the viewer's psychics.
func (r *Random) intuitions(v *game.PsychicView) game.Command {
	tv := &v.TableView
	for _, c := range mine(v) {
		p := tv.Psychic(c)
		if p != nil && canPlace(tv, p) && p.Intuition == "" {
			cards := tv.TableCards[guessing(tv, p)]
			if len(cards) > 0 {
				return game.PlaceIntuition{Psychic: c, Card: cards[r.rng.IntN(len(cards))]}
			}
		}
	}
	if cmd := r.token(v); cmd != nil {
		return cmd
	}
	for _, c := range mine(v) {
		p := tv.Psychic(c)
		if p == nil || !canPlace(tv, p) || p.Intuition == "" || p.Ready {
			continue
		}
		cards := tv.TableCards[guessing(tv, p)]
		if len(cards) > 1 && r.rng.IntN(8) == 0 {
			others := remove(cards, []game.CardID{p.Intuition})
			return game.PlaceIntuition{Psychic: c, Card: others[r.rng.IntN(len(others))]}
		}
		return game.SetReady{Psychic: c, Ready: true}
	}
	return nil
}

// token sometimes puts one of the viewer's clairvoyance tokens on another
// psychic's intuition.
func (r *Random) token(v *game.PsychicView) game.Command {
	tv := &v.TableView
	if !tv.Clairvoyance || r.rng.IntN(2) == 0 {
		return nil
	}
	for _, c := range mine(v) {
		from := tv.Psychic(c)
		if from == nil {
			continue
		}
		targets := tokenTargets(tv, from)
		if len(targets) == 0 {
			continue
		}
		kind := game.TokenYes
		if from.TokensYes == 0 || (from.TokensNo > 0 && r.rng.IntN(2) == 0) {
			kind = game.TokenNo
		}
		return game.PlaceToken{From: c, On: targets[r.rng.IntN(len(targets))], Kind: kind}
	}
	return nil
}

// pick returns n distinct cards of ids chosen at random, in ids' order.
func (r *Random) pick(ids []game.CardID, n int) []game.CardID {
	idx := r.rng.Perm(len(ids))[:n]
	chosen := make([]bool, len(ids))
	for _, i := range idx {
		chosen[i] = true
	}
	out := make([]game.CardID, 0, n)
	for i, id := range ids {
		if chosen[i] {
			out = append(out, id)
		}
	}
	return out
}
