package linear

import (
	"slices"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// The linear mode's events: what changed at the table between two views
// of it, as one sentence each. The function is pure (old view, new view →
// lines): it reads only the views, which hold nothing the player may not
// know, and the deck's words. Views come through a mailbox of one, so two
// views may be several moves apart: every event is found by comparing
// what the views keep (visions, history, the chat), not by counting steps.

// Words is what the sentences need besides the views: the language
// and the cards' words.
type Words struct {
	L     i18n.Lang
	Cards cardface.Source
}

// Card names a card for the ear: a suspect's title, or a vision card's id
// and its description.
func (w Words) Card(id game.CardID) string {
	if t := w.title(id); t != "" {
		return t
	}
	if a := w.alt(id); a != "" {
		// The sentence around it ends it.
		return string(id) + ", " + a
	}
	return string(id)
}

// CardFull is a card with its description, a suspect's too: what a
// player choosing among the table's cards needs to hear.
func (w Words) CardFull(id game.CardID) string {
	t := w.title(id)
	if t == "" {
		return w.Card(id)
	}
	if a := w.alt(id); a != "" {
		return t + ", " + a
	}
	return t
}

// title is a card's title in the player's language ("" for a vision card).
func (w Words) title(id game.CardID) string { return w.Cards.Title(id, w.L) }

// alt is a card's description in the player's language, without its
// final full stop (the sentence around it ends it).
func (w Words) alt(id game.CardID) string {
	return strings.TrimSuffix(w.Cards.Alt(id, w.L), ".")
}

// CardListFull is several cards with their descriptions.
func (w Words) CardListFull(ids []game.CardID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = w.CardFull(id)
	}
	return strings.Join(parts, w.sep())
}

// CardList is several cards, separated so that a screen reader pauses.
func (w Words) CardList(ids []game.CardID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = w.Card(id)
	}
	return strings.Join(parts, w.sep())
}

// sep separates the cards of a list: a semicolon, with French's space
// before it in French.
func (w Words) sep() string {
	if w.L == i18n.French {
		return " ; "
	}
	return "; "
}

// Fix mends what putting a name into a sentence breaks: in French "de le
// robot rouge" is "du robot rouge", "à le" is "au".
func (w Words) Fix(s string) string {
	if w.L != i18n.French {
		return s
	}
	return strings.NewReplacer(" de le ", " du ", " à le ", " au ", "(de le ", "(du ").Replace(s)
}

// colour is a psychic colour's name.
func (w Words) colour(c game.Colour) string { return c.Name(w.L) }

// Category is a suspect category's name.
func (w Words) Category(c game.Category) string {
	switch c {
	case game.Character:
		return w.L.T("a character")
	case game.Location:
		return w.L.T("a place")
	}
	return w.L.T("an object")
}

// words.SeatName is who sits in a seat, by name ("a bot" for a bot).
func (w Words) SeatName(s game.SeatView) string {
	if s.Bot {
		return w.L.T("a bot")
	}
	return sanitize.Line(s.Name, 40)
}

// SeatWord names a seat: "the ghost's seat", "the purple seat".
func (w Words) SeatWord(s game.Seat) string {
	if c, ok := s.Colour(); ok {
		return w.L.F("the %s seat", w.colour(c))
	}
	return w.L.T("the ghost's seat")
}

// Psychic names a psychic: "Alma (yellow)" (the viewer's own too: the
// sentences stay the same for everybody, and a player knows their name).
func (w Words) Psychic(v *game.TableView, c game.Colour) string {
	owner := game.SeatOf(c)
	if p := v.Psychic(c); p != nil {
		owner = p.Owner
	}
	name := w.colour(c)
	for _, s := range v.Seats {
		if s.Seat == owner && s.Player != "" {
			if s.Bot {
				return w.L.F("the %s bot", name)
			}
			return w.SeatName(s) + " (" + name + ")"
		}
	}
	return name
}

// Subject is psychic for the start of a sentence: our own words ("the
// yellow bot") get their capital, a player's name stays as they wrote it.
func (w Words) Subject(v *game.TableView, c game.Colour) string {
	return upBot(w.Psychic(v, c))
}

// seatSubject is words.SeatName for the start of a sentence.
func (w Words) seatSubject(s game.SeatView) string {
	if s.Bot {
		return words.UpFirst(w.SeatName(s))
	}
	return w.SeatName(s)
}

// upBot capitalises a psychic's name that is our words: a bot's.
func upBot(name string) string {
	if strings.HasSuffix(name, ")") {
		return name // a player's "name (colour)"
	}
	return words.UpFirst(name)
}

// mine reports whether psychic c is played by the viewer.
func mineIn(v *game.TableView, c game.Colour) bool {
	p := v.Psychic(c)
	if p == nil || v.Me == "" {
		return false
	}
	for _, s := range v.Seats {
		if s.Seat == p.Owner {
			return s.Player == v.Me
		}
	}
	return false
}

// ViewLines are the events between two updates of one table, in the order
// they happened where it can tell. A nil old view (the first update) says
// nothing: the summary (linearSummary) tells where the player arrives.
func ViewLines(w Words, old, cur game.Update) []string {
	if old.View == nil || cur.View == nil {
		return nil
	}
	l := w.L
	o, n := old.View.Public(), cur.View.Public()
	var out []string
	say := func(s string) { out = append(out, w.Fix(s)) }

	// Seats, before the game.
	if o.Phase == game.PhaseSeating {
		for i := range n.Seats {
			if i >= len(o.Seats) {
				break
			}
			os, ns := o.Seats[i], n.Seats[i]
			switch {
			case ns.Player != "" && ns.Player != os.Player:
				say(l.F("%s sits in %s.", w.seatSubject(ns), w.SeatWord(ns.Seat)))
			case ns.Player == "" && os.Player != "":
				say(l.F("%s left %s.", w.seatSubject(os), w.SeatWord(os.Seat)))
			case ns.Player != "" && ns.Ready && !os.Ready && !ns.Bot:
				say(l.F("%s is ready.", w.seatSubject(ns)))
			}
		}
	}
	if o.Phase == game.PhaseSeating && n.Phase != game.PhaseSeating && n.Phase != game.PhaseFinished {
		say(l.T("The game begins."))
		for _, p := range n.Psychics {
			say(l.F("%s looks for %s.", w.Subject(n, p.Colour), w.Category(p.Category)))
		}
	}

	// Results revealed since the old view (they may close a round).
	if n.RevealCount > o.RevealCount {
		for _, r := range n.LatestReveals(n.RevealCount - o.RevealCount) {
			who := w.Psychic(n, r.Psychic)
			switch {
			case r.Correct && r.Finished:
				say(l.F("Knock: %s is right about %s and has found all three cards.", who, w.Card(r.Intuition)))
			case r.Correct:
				say(l.F("Knock: %s is right about %s.", who, w.Card(r.Intuition)))
			case r.Intuition != "":
				say(l.F("Knock knock: %s is wrong about %s.", who, w.Card(r.Intuition)))
			default:
				say(l.F("Knock knock: %s had no intuition.", who))
			}
		}
	}

	if n.Round > o.Round && o.Round > 0 && n.Phase != game.PhaseFinished {
		say(l.F("Hour %d of 7 begins.", n.Round))
	}

	// Visions: the cards a psychic holds now and did not before. A round
	// that ended between the two views left its visions in the history.
	said := map[game.Colour][]game.CardID{}
	oldVision := func(c game.Colour) []game.CardID {
		if p := o.Psychic(c); p != nil {
			return p.Vision
		}
		return nil
	}
	gift := func(c game.Colour, cards []game.CardID) {
		var fresh []game.CardID
		for _, id := range cards {
			if !slices.Contains(oldVision(c), id) && !slices.Contains(said[c], id) {
				fresh = append(fresh, id)
			}
		}
		if len(fresh) == 0 {
			return
		}
		said[c] = append(said[c], fresh...)
		if mineIn(n, c) {
			say(l.F("You received a vision of %d cards: %s.", len(fresh), w.CardList(fresh)))
		} else {
			say(l.F("%s received a vision of %d cards: %s.", w.Subject(n, c), len(fresh), w.CardList(fresh)))
		}
	}
	if len(n.History) > len(o.History) {
		for _, rr := range n.History[len(o.History):] {
			if rr.Round < o.Round {
				continue
			}
			for _, vr := range rr.Visions {
				gift(vr.To, vr.Cards)
			}
		}
	}
	for _, p := range n.Psychics {
		gift(p.Colour, p.Vision)
	}
	if n.Sending != nil && (o.Sending == nil || *o.Sending != *n.Sending) {
		switch {
		case mineIn(n, n.Sending.Psychic):
			say(l.T("The ghost is giving you a vision: it arrives in a moment."))
		case n.SeatOf(n.Me) == game.GhostSeat:
			say(l.F("Your vision is on its way to %s: u takes it back before it arrives.", w.Psychic(n, n.Sending.Psychic)))
		default:
			say(l.F("The ghost is giving %s a vision.", w.Psychic(n, n.Sending.Psychic)))
		}
	}
	if n.TakenBack != nil && (o.TakenBack == nil || *o.TakenBack != *n.TakenBack) {
		say(l.F("The ghost took back the vision given to %s.", w.Psychic(n, n.TakenBack.Psychic)))
	}

	// Intuitions, readiness and tokens, within one round.
	if n.Round == o.Round && n.RevealCount == o.RevealCount && n.Phase != game.PhaseFinished {
		for _, p := range n.Psychics {
			op := o.Psychic(p.Colour)
			if op == nil {
				continue
			}
			who := w.Psychic(n, p.Colour)
			switch {
			case p.Intuition != "" && p.Intuition != op.Intuition:
				say(l.F("%s placed an intuition on %s.", upBot(who), w.Card(p.Intuition)))
			case p.Intuition == "" && op.Intuition != "":
				say(l.F("%s took their intuition back.", upBot(who)))
			}
			if p.Ready && !op.Ready {
				say(l.F("%s is ready.", upBot(who)))
			}
			for _, t := range p.TokensOn {
				if !slices.Contains(op.TokensOn, t) {
					if t.Kind == game.TokenYes {
						say(l.F("%s put a yes token on the intuition of %s.", w.Subject(n, t.From), who))
					} else {
						say(l.F("%s put a no token on the intuition of %s.", w.Subject(n, t.From), who))
					}
				}
			}
		}
	}

	// The sand timer.
	if n.TimerRunning && !o.TimerRunning {
		say(l.T("The sand timer is running."))
	}
	if n.TimerNote.Kind != "" && n.TimerNote != o.TimerNote {
		say(words.TimerSentence(n.TimerNote, l, sanitize.Line(n.TimerNote.Say(l), 120)))
	}

	// The final phase.
	if n.Final != nil {
		f, of := n.Final, o.Final
		if of == nil {
			say(l.T("The final phase begins. The groups of suspects:"))
			for _, g := range f.Groups {
				say(w.Group(n, g))
			}
			of = &game.FinalPublic{}
		}
		if f.SharedGiven && !of.SharedGiven {
			say(l.T("The ghost has chosen the shared vision."))
		}
		for i, id := range f.SharedVisible {
			if !slices.Contains(of.SharedVisible, id) {
				say(l.F("Shared vision, card %d: %s.", i+1, w.Card(id)))
			}
		}
		for _, c := range f.Voted {
			if !slices.Contains(of.Voted, c) {
				say(l.F("%s has voted.", w.Subject(n, c)))
			}
		}
		for _, v := range f.OpenVotes {
			if !slices.Contains(of.OpenVotes, v) {
				say(l.F("%s votes for group %d.", w.Subject(n, v.Voter), v.Group))
			}
		}
		for _, g := range f.Groups {
			if g.Removed && !slices.ContainsFunc(of.Groups, func(x game.Group) bool { return x.Number == g.Number && x.Removed }) {
				say(l.F("Group %d was not the culprit's.", g.Number))
			}
		}
	}

	// The chat: the lines after the longest run the two views share.
	for _, c := range newChat(o.Chat, n.Chat) {
		switch {
		case c.Notice.Kind == game.NoticeNextGame:
			say(l.F("The next game is at table %s.", sanitize.Line(c.Notice.Table, 12)))
		case c.Notice.Kind != "":
		default:
			say(l.F("%s says: %s", sanitize.Line(c.Name, 40), sanitize.Line(c.Text, 400)))
		}
	}

	// Who left and who came back.
	for _, s := range n.Seats {
		if s.Player == "" || s.Bot {
			continue
		}
		op, had := old.Presence[s.Player]
		np, has := cur.Presence[s.Player]
		if !had || !has {
			continue
		}
		switch {
		case np.Bot && !op.Bot:
			say(l.F("A bot plays for %s while they are away.", w.SeatName(s)))
		case !np.Present && op.Present:
			say(l.F("%s is away.", w.seatSubject(s)))
		case np.Present && !op.Present:
			say(l.F("%s is back.", w.seatSubject(s)))
		}
	}

	// The end.
	if n.Outcome != nil && o.Outcome == nil {
		if n.Outcome.Won {
			say(l.T("THE PSYCHICS WON: they found the culprit."))
		} else if n.Outcome.Cause == game.LossClock {
			say(l.T("THE PSYCHICS LOST: the clock ran out."))
		} else {
			say(l.T("THE PSYCHICS LOST: they chose the wrong group."))
		}
	}

	// Moves that cannot be saved, and when they can again.
	if cur.Unsaved && !old.Unsaved {
		say(l.T(words.UnsavedText))
	} else if old.Unsaved && !cur.Unsaved {
		say(l.T(words.SavedAgainText))
	}

	// The ghost's own hand.
	if og, ok := old.View.(*game.GhostView); ok {
		if ng, ok := cur.View.(*game.GhostView); ok {
			var drawn []game.CardID
			for _, id := range ng.Hand {
				if !slices.Contains(og.Hand, id) {
					drawn = append(drawn, id)
				}
			}
			if len(drawn) > 0 {
				say(l.F("You drew %d cards: %s.", len(drawn), w.CardList(drawn)))
			}
		}
	}
	return out
}

// Group is one group of the line-up as a sentence.
func (w Words) Group(v *game.TableView, g game.Group) string {
	cards := w.Card(g.Cards[game.Character]) + ", " + w.Card(g.Cards[game.Location]) + ", " + w.Card(g.Cards[game.Object])
	if g.Extra {
		return w.L.F("Group %d: %s.", g.Number, cards)
	}
	return w.L.F("Group %d, the trail of %s: %s.", g.Number, w.Psychic(v, g.Owner), cards)
}

// newChat returns the lines of cur after those it shares with old: the
// chat keeps its last lines only, so the two overlap at old's end.
func newChat(old, cur []game.ChatLine) []game.ChatLine {
	for k := min(len(old), len(cur)); k > 0; k-- {
		if slices.Equal(old[len(old)-k:], cur[:k]) {
			return cur[k:]
		}
	}
	if len(old) == 0 {
		return cur
	}
	// Nothing shared: more lines came than the chat keeps.
	return cur
}
