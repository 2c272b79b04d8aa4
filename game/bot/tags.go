package bot

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/mysterium-ssh/mysterium/game"
)

// Tagged plays by the cards' tags, the way people play by what the pictures
// share. As the ghost it gives the hand subset whose tags point at the target
// more than at any other card on the table; as a psychic it places its
// intuition on the card most like its vision, avoiding cards it already knows
// are wrong and cards other psychics of the same category have claimed; in
// the final phase it votes for the group most like the shared vision. Where
// tags say nothing it falls back to the random bot's choices.
//
// Its level (skill) makes it play like a person: it takes in some of each
// picture's features, not all, and weighs close choices by feel. Every such
// draw comes from newDecision, so the same situation gives the same choice.
type Tagged struct {
	seed     uint64
	level    game.BotLevel
	skill    skill // the level's, at the table's player count (Act)
	tags     Tags
	fallback *Random
	cache    map[game.CardID]tagSet
	bit      map[string]int
}

// Act returns the command the tag-reading bot chooses for v, or nil.
func (t *Tagged) Act(v game.View) game.Command {
	if t.tags == nil {
		return t.fallback.Act(v)
	}
	t.skill = skillOf(t.level, players(v.Public()))
	return act(t, v)
}

// tagSet is a set of tags as a bitset: each distinct tag the bot meets gets
// a bit (beyond tagBits tags, bits are shared, which only blurs the
// reading; the built-in deck has about 650 distinct tags). Bitsets keep the
// subset search of the ghost cheap.
type tagSet [tagBits / 64]uint64

// tagBits is how many distinct tags a tagSet tells apart.
const tagBits = 1024

func (a tagSet) or(b tagSet) tagSet {
	for i := range a {
		a[i] |= b[i]
	}
	return a
}

// has reports whether the set holds bit b.
func (a *tagSet) has(b int) bool { return a[b/64]&(1<<(b%64)) != 0 }

// add puts bit b in the set.
func (a *tagSet) add(b int) { a[b/64] |= 1 << (b % 64) }

// overlap counts the distinct tags two sets share.
func overlap(a, b tagSet) int {
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] & b[i])
	}
	return n
}

// card returns one card's tag set, computed once per card.
func (t *Tagged) card(id game.CardID) tagSet {
	if s, ok := t.cache[id]; ok {
		return s
	}
	if t.cache == nil {
		t.cache, t.bit = map[game.CardID]tagSet{}, map[string]int{}
	}
	var s tagSet
	for _, tag := range t.tags(id) {
		b, ok := t.bit[tag]
		if !ok {
			b = len(t.bit) % tagBits
			t.bit[tag] = b
		}
		s.add(b)
	}
	t.cache[id] = s
	return s
}

// set is the union of the cards' tags.
func (t *Tagged) set(ids ...game.CardID) tagSet {
	var s tagSet
	for _, id := range ids {
		s = s.or(t.card(id))
	}
	return s
}

// noticed is the part of a card's tags taken in at one look: each tag with
// chance p. It draws one number per tag whatever p is, so the draws that
// follow do not depend on the level.
func (t *Tagged) noticed(rng *rand.Rand, id game.CardID, p float64) tagSet {
	full := t.card(id)
	var s tagSet
	for _, tag := range t.tags(id) {
		if rng.Float64() < p {
			b := t.bit[tag]
			s.add(b)
		}
	}
	if p >= 1 {
		return full
	}
	return s
}

// perceive is what a psychic takes in of a vision: the noticed tags of each
// card, and the one feature it fixes on when its level anchors (else empty).
func (t *Tagged) perceive(rng *rand.Rand, vision []game.CardID) ([]tagSet, tagSet) {
	sets := make([]tagSet, len(vision))
	var all []int
	for i, id := range vision {
		sets[i] = t.noticed(rng, id, t.skill.notice)
		for _, tag := range t.tags(id) {
			b := t.bit[tag]
			if sets[i].has(b) {
				all = append(all, b)
			}
		}
	}
	var anchor tagSet
	if t.skill.anchor > 0 && len(all) > 0 {
		b := all[rng.IntN(len(all))]
		anchor.add(b)
	}
	return sets, anchor
}

// likeness is how much a card looks like what a psychic took in of a
// vision: the tags it shares with each card, summed (a motif repeated across
// a vision's cards says more), plus the anchored feature's weight.
func (t *Tagged) likeness(seen []tagSet, anchor, card tagSet) float64 {
	n := 0
	for _, s := range seen {
		n += overlap(s, card)
	}
	return float64(n) + t.skill.anchor*float64(overlap(anchor, card))
}

// ---- ghost ----

// vision serves first the waiting psychic for whom the hand has the
// clearest message; when no hand card says anything, it discards first.
func (t *Tagged) vision(v *game.GhostView) game.Command {
	bestScore, bestCmd := 0.0, game.Command(nil)
	for i, c := range v.WaitingVisions {
		cmd, score := t.visionFor(v, c)
		if i == 0 || score > bestScore {
			bestScore, bestCmd = score, cmd
		}
	}
	if bestScore <= 0 && canDiscard(&v.TableView, v.Hand) {
		return t.crow(v)
	}
	return bestCmd
}

// reveal reveals every result left at once.
func (t *Tagged) reveal([]game.Colour) game.Command { return game.RevealAll{} }

// culprit is the open group the hand can point at most clearly.
func (t *Tagged) culprit(v *game.GhostView) int {
	best, bestScore := 0, 0.0
	for _, g := range openGroups(v.Final) {
		_, score := t.sharedFor(v, g)
		if best == 0 || score > bestScore {
			best, bestScore = g, score
		}
	}
	return best
}

// shared gives the cards that best point at the culprit's group.
func (t *Tagged) shared(v *game.GhostView) game.Command {
	cards, score := t.sharedFor(v, v.Culprit)
	if score < 3 && canDiscard(&v.TableView, v.Hand) {
		// Less than one tag of separation per element: draw
		// fresh cards first, keeping the ones that do point.
		return t.sharedCrow(v, cards)
	}
	return game.GiveSharedVision{Cards: cards}
}

// target returns psychic c's card to find and the other cards of its category.
func target(v *game.GhostView, c game.Colour) (game.CardID, []game.CardID, game.Category) {
	p := v.Psychic(c)
	cat := p.Category
	var card game.CardID
	for _, tr := range v.Trails {
		if tr.Psychic == c {
			card = tr.Cards[cat]
		}
	}
	return card, remove(v.TableCards[cat], []game.CardID{card}), cat
}

// visionFor chooses the cards to give psychic c and scores the message:
// tags shared with the target minus the most shared with any rival card,
// counting the vision the psychic already holds.
//
// The level shows here: the ghost takes in only some of its hand cards'
// tags, checks the rival cards only partly, and has a feeling about each
// choice; the score it returns (to decide whether to discard instead) is the
// separation it believes in, without the feeling.
func (t *Tagged) visionFor(v *game.GhostView, c game.Colour) (game.Command, float64) {
	tv := &v.TableView
	goal, rivals, cat := target(v, c)
	wrong := wrongBefore(tv, c, cat)
	var live []game.CardID // rivals the psychic has not ruled out
	for _, r := range rivals {
		if !wrong[r] {
			live = append(live, r)
		}
	}
	old := tv.Psychic(c).Vision
	gv := game.GiveVision{To: c}
	if tv.Edition == game.Modern && len(old) > 0 {
		// Completing a vision: first drop the old cards that point elsewhere.
		for _, id := range old {
			if t.separation(t.set(id), goal, live) < 0 {
				gv.Drop = append(gv.Drop, id)
			}
		}
		if len(old)-len(gv.Drop) >= game.MaxModernVision {
			gv.Drop = append(gv.Drop, remove(old, gv.Drop)[0])
		}
	}
	room := len(v.Hand)
	if tv.Edition == game.Modern {
		room = min(room, game.MaxModernVision-len(old)+len(gv.Drop))
	}
	if room == 0 {
		return gv, 0
	}
	rng := newDecision(t.seed, "give", tv.Round, c, v.Hand, old)
	seen := map[game.CardID]tagSet{}
	for _, id := range v.Hand {
		seen[id] = t.noticed(rng, id, t.skill.ghostNotice)
	}
	base := t.set(remove(old, gv.Drop)...)
	goalSet, liveSets := t.card(goal), t.sets(live)
	bestScore, bestFelt := 0.0, 0.0
	var best []game.CardID
	forSubsets(v.Hand, min(t.skill.maxCards, room), func(sub []game.CardID) {
		s := base
		for _, id := range sub {
			s = s.or(seen[id])
		}
		// Fewer cards for the same message.
		score := t.weighedSeparation(s, goalSet, liveSets) - 0.25*float64(len(sub))
		felt := score + t.skill.ghostNoise*rng.NormFloat64()
		if best == nil || felt > bestFelt {
			bestScore, bestFelt, best = score, felt, slices.Clone(sub)
		}
	})
	gv.Cards = best
	gv.Bot = t.note(append(remove(old, gv.Drop), best...), goal, live)
	return gv, bestScore
}

// weighedSeparation is separation as the ghost's level weighs it: the tags
// shared with the goal minus the level's share of the most shared with a rival.
func (t *Tagged) weighedSeparation(s, goal tagSet, rivals []tagSet) float64 {
	top := 0
	for _, r := range rivals {
		top = max(top, overlap(s, r))
	}
	return float64(overlap(s, goal)) - t.skill.rival*float64(top)
}

// separation is how much more the tags point at goal than at the closest rival.
func (t *Tagged) separation(s tagSet, goal game.CardID, rivals []game.CardID) int {
	return separation(s, t.card(goal), t.sets(rivals))
}

func separation(s, goal tagSet, rivals []tagSet) int {
	top := 0
	for _, r := range rivals {
		top = max(top, overlap(s, r))
	}
	return overlap(s, goal) - top
}

// sets returns each card's tag set.
func (t *Tagged) sets(ids []game.CardID) []tagSet {
	out := make([]tagSet, len(ids))
	for i, id := range ids {
		out[i] = t.card(id)
	}
	return out
}

// crow discards the hand cards that share the fewest tags with any waiting
// psychic's target, keeping the useful ones.
func (t *Tagged) crow(v *game.GhostView) game.Command {
	tv := &v.TableView
	if tv.DiscardKind == game.DiscardWholeHand {
		return game.Discard{}
	}
	var drop []game.CardID
	for _, id := range v.Hand {
		useful := false
		for _, c := range tv.WaitingVisions {
			goal, rivals, _ := target(v, c)
			if t.separation(t.set(id), goal, rivals) > 0 {
				useful = true
			}
		}
		if !useful {
			drop = append(drop, id)
		}
	}
	if len(drop) == 0 {
		drop = v.Hand[:1]
	}
	return game.Discard{Cards: drop}
}

// sharedFor picks 3 hand cards, one per element of group g, each the card that
// points at that element more than at the same category's card of any other
// group, and scores the choice.
// The level weighs it as in visionFor.
func (t *Tagged) sharedFor(v *game.GhostView, g int) ([]game.CardID, float64) {
	f := v.Final
	goal := group(f, g)
	rng := newDecision(t.seed, "shared", g, 0, v.Hand)
	seen := map[game.CardID]tagSet{}
	for _, id := range v.Hand {
		seen[id] = t.noticed(rng, id, t.skill.ghostNotice)
	}
	var out []game.CardID
	total := 0.0
	for _, cat := range game.Categories {
		var rivals []game.CardID
		for _, gr := range f.Groups {
			if gr.Number != g && !gr.Removed {
				rivals = append(rivals, gr.Cards[cat])
			}
		}
		best, bestScore, bestFelt := game.CardID(""), 0.0, 0.0
		for _, id := range v.Hand {
			feel := t.skill.ghostNoise * rng.NormFloat64()
			if slices.Contains(out, id) {
				continue
			}
			score := t.weighedSeparation(seen[id], t.card(goal.Cards[cat]), t.sets(rivals))
			if best == "" || score+feel > bestFelt {
				best, bestScore, bestFelt = id, score, score+feel
			}
		}
		out = append(out, best)
		total += bestScore
	}
	return out, total
}

// sharedCrow discards the hand but the chosen shared-vision cards that
// point at their element (the whole hand where the edition says so).
func (t *Tagged) sharedCrow(v *game.GhostView, chosen []game.CardID) game.Command {
	if v.DiscardKind == game.DiscardWholeHand {
		return game.Discard{}
	}
	culprit := group(v.Final, v.Culprit)
	var keep []game.CardID
	for i, id := range chosen {
		if i < len(game.Categories) && overlap(t.card(id), t.card(culprit.Cards[game.Categories[i]])) > 0 {
			keep = append(keep, id)
		}
	}
	drop := remove(v.Hand, keep)
	if len(drop) == 0 {
		drop = v.Hand[:1]
	}
	return game.Discard{Cards: drop}
}

// forSubsets calls f with every non-empty subset of ids of at most k cards,
// in a fixed order (the slice is reused between calls).
func forSubsets(ids []game.CardID, k int, f func([]game.CardID)) {
	sub := make([]game.CardID, 0, k)
	var rec func(start int)
	rec = func(start int) {
		if len(sub) > 0 {
			f(sub)
		}
		if len(sub) == k {
			return
		}
		for i := start; i < len(ids); i++ {
			sub = append(sub, ids[i])
			rec(i + 1)
			sub = sub[:len(sub)-1]
		}
	}
	rec(0)
}

// ---- psychics ----

// guess ranks psychic c's candidates: the card most like the vision, never a
// card already shown wrong, and (mildly) not one another psychic guessing the
// same category sits on, since no card is in two trails. It reads the
// vision as its level does (perceive), with a feeling for each candidate.
func (t *Tagged) guess(tv *game.TableView, c game.Colour) game.CardID {
	p := tv.Psychic(c)
	cat := p.Category
	wrong := wrongBefore(tv, c, cat)
	claimed := map[game.CardID]int{}
	for _, o := range tv.Psychics {
		if o.Colour != c && !o.Finished && o.Category == cat && o.Intuition != "" {
			claimed[o.Intuition]++
		}
	}
	rng := newDecision(t.seed, "guess", tv.Round, c, p.Vision)
	seen, anchor := t.perceive(rng, p.Vision)
	best, bestScore := game.CardID(""), 0.0
	for _, id := range tv.TableCards[cat] {
		feel := t.skill.noise * rng.NormFloat64()
		if wrong[id] {
			continue
		}
		score := t.likeness(seen, anchor, t.card(id)) + feel - 0.5*float64(claimed[id])
		if best == "" || score > bestScore {
			best, bestScore = id, score
		}
	}
	if best == "" && len(tv.TableCards[cat]) > 0 {
		best = tv.TableCards[cat][0]
	}
	return best
}

func (t *Tagged) intuitions(v *game.PsychicView) game.Command {
	tv := &v.TableView
	for _, c := range mine(v) {
		p := tv.Psychic(c)
		if p == nil || !canPlace(tv, p) {
			continue
		}
		want := t.guess(tv, c)
		if want != "" && p.Intuition != want && p.Intuition == "" {
			return game.PlaceIntuition{Psychic: c, Card: want}
		}
	}
	if cmd := t.token(v); cmd != nil {
		return cmd
	}
	for _, c := range mine(v) {
		p := tv.Psychic(c)
		if p != nil && canPlace(tv, p) && p.Intuition != "" && !p.Ready {
			return game.SetReady{Psychic: c, Ready: true}
		}
	}
	return nil
}

// token judges another psychic's intuition by the same reading: ✓ when it
// sits on the card this bot would have chosen for them, ✗ otherwise.
func (t *Tagged) token(v *game.PsychicView) game.Command {
	tv := &v.TableView
	for _, c := range mine(v) {
		from := tv.Psychic(c)
		if from == nil {
			continue
		}
		for _, on := range tokenTargets(tv, from) {
			op := tv.Psychic(on)
			kind := game.TokenNo
			if t.guess(tv, on) == op.Intuition {
				kind = game.TokenYes
			}
			if kind == game.TokenYes && from.TokensYes == 0 || kind == game.TokenNo && from.TokensNo == 0 {
				continue
			}
			return game.PlaceToken{From: c, On: on, Kind: kind}
		}
	}
	return nil
}

// vote is the open group the shared-vision cards the viewer has seen
// point at most clearly. The ghost meant one card for each element of the
// culprit's group, chosen to tell that element apart from the same element
// of the other groups; so each group is scored by the best assignment of the
// seen cards to distinct elements, counting for each card the tags it shares
// with the group's element minus the most it shares with that element of
// any other group.
func (t *Tagged) vote(v *game.PsychicView) int {
	f := v.Final
	seen := slices.Clone(f.SharedVisible)
	for _, id := range v.SharedSeen {
		if !slices.Contains(seen, id) {
			seen = append(seen, id)
		}
	}
	var open []game.Group
	for _, g := range f.Groups {
		if !g.Removed {
			open = append(open, g)
		}
	}
	var who game.Colour
	if len(v.Colours) > 0 {
		who = v.Colours[0]
	}
	rng := newDecision(t.seed, "vote", v.Round, who, seen)
	took, _ := t.perceive(rng, seen)
	best, bestScore := 0, 0.0
	for _, g := range open {
		// fit[i][c]: how well seen card i points at g's element c.
		fit := make([][3]int, len(seen))
		for i := range seen {
			s := took[i]
			for _, cat := range game.Categories {
				top := 0
				for _, h := range open {
					if h.Number != g.Number {
						top = max(top, overlap(s, t.card(h.Cards[cat])))
					}
				}
				fit[i][cat] = overlap(s, t.card(g.Cards[cat])) - top
			}
		}
		score := float64(bestAssignment(fit, 0, [3]bool{})) + t.skill.noise*rng.NormFloat64()
		if best == 0 || score > bestScore {
			best, bestScore = g.Number, score
		}
	}
	return best
}

// bestAssignment is the highest total fit of cards i.. to distinct elements.
func bestAssignment(fit [][3]int, i int, used [3]bool) int {
	if i >= len(fit) || i >= 3 {
		return 0
	}
	best := 0
	first := true
	for c := 0; c < 3; c++ {
		if used[c] {
			continue
		}
		used[c] = true
		score := fit[i][c] + bestAssignment(fit, i+1, used)
		used[c] = false
		if first || score > best {
			best, first = score, false
		}
	}
	return best
}
