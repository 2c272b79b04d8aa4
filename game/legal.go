package game

import "strings"

// LegalCommands lists commands the viewer of v may send now, each of which
// (*State).Apply would accept from them. It needs nothing but the view, so
// bots that only see views can use it.
//
// It enumerates every seating command (sit in each free seat, stand, the
// host's bots and start), every intuition placement, ready/unready, every
// token placement and take-back, every reveal, every culprit choice and
// every vote. For the ghost's combinatorial choices (which cards of the hand
// to give or discard, which 3 make the shared vision) it lists a sample:
// each single card, the first 2 and 3 cards, and the whole hand where
// allowed (modern: completions that drop every old card too). It never
// lists EndStep (only the table actor sends it) nor Chat.
func LegalCommands(v View) []Command {
	pub := v.Public()
	switch pub.Phase {
	case PhaseSeating:
		return legalSeating(pub)
	case PhaseFinished:
		return nil
	}
	switch v := v.(type) {
	case *GhostView:
		return legalGhost(v)
	case *PsychicView:
		return legalPsychic(v)
	}
	return nil
}

func legalSeating(pub *TableView) []Command {
	var out []Command
	me := pub.Me
	mine := pub.SeatOf(me)
	isBot := strings.HasPrefix(string(me), "bot:")
	if me == "" || me == SystemPlayer {
		return nil
	}
	seated, ghost := 0, false
	for _, sv := range pub.Seats {
		if sv.Player == "" {
			if !isBot {
				out = append(out, Sit{Seat: sv.Seat})
			}
			continue
		}
		seated++
		if sv.Seat == GhostSeat {
			ghost = true
		}
	}
	if mine != NoSeat {
		out = append(out, Stand{})
	}
	if me == pub.Host {
		for _, sv := range pub.Seats {
			switch {
			case sv.Player == "":
				out = append(out, SetBot{Seat: sv.Seat, On: true})
			case sv.Bot:
				out = append(out, SetBot{Seat: sv.Seat, On: false})
			}
		}
		if ghost && seated >= pub.Edition.MinPlayers() {
			out = append(out, Start{})
		}
	}
	return out
}

// handSamples returns sample subsets of the hand: each card alone, the
// first 2 and 3 cards, and the whole hand, at most limit cards each.
func handSamples(hand []CardID, limit int) [][]CardID {
	var out [][]CardID
	if limit <= 0 {
		return nil
	}
	for _, id := range hand {
		out = append(out, []CardID{id})
	}
	for _, n := range []int{2, 3, len(hand)} {
		if n > 1 && n <= len(hand) && n <= limit && (n == 2 || n > len(out[len(out)-1])) {
			out = append(out, cloneIDs(hand[:n]))
		}
	}
	return out
}

func legalGhost(v *GhostView) []Command {
	var out []Command
	switch v.Phase {
	case PhaseVision:
		for _, c := range v.WaitingVisions {
			if v.Sending != nil && v.Sending.Psychic == c {
				continue // its vision is on its way
			}
			ps := v.Psychic(c)
			if len(v.Hand) == 0 && v.Sending != nil {
				continue // the whole hand is on its way: the new hand comes when it arrives
			}
			if len(v.Hand) == 0 {
				out = append(out, GiveVision{To: c})
				continue
			}
			limit := len(v.Hand)
			if v.Edition == Modern {
				limit = min(limit, MaxModernVision-len(ps.Vision))
			}
			for _, cards := range handSamples(v.Hand, limit) {
				out = append(out, GiveVision{To: c, Cards: cards})
			}
			if v.Edition == Modern && len(ps.Vision) > 0 {
				out = append(out, GiveVision{To: c, Cards: cloneIDs(v.Hand[:1]), Drop: cloneIDs(ps.Vision)})
			}
		}
	case PhaseReveal:
		for _, p := range v.Psychics {
			if p.ToReveal {
				out = append(out, Reveal{Psychic: p.Colour})
			}
		}
		out = append(out, RevealAll{})
	case PhaseCulprit:
		switch {
		case !v.Final.CulpritSet:
			for _, g := range v.Final.Groups {
				out = append(out, ChooseCulprit{Group: g.Number})
			}
		case len(v.Hand) >= 3:
			out = append(out, GiveSharedVision{Cards: cloneIDs(v.Hand[:3])})
			if len(v.Hand) >= 6 {
				out = append(out, GiveSharedVision{Cards: cloneIDs(v.Hand[3:6])})
			}
		}
	}
	if v.DiscardsLeft > 0 && len(v.Hand) > 0 {
		switch v.DiscardKind {
		case DiscardWholeHand:
			out = append(out, Discard{})
		default:
			for _, cards := range handSamples(v.Hand, HandSize) {
				out = append(out, Discard{Cards: cards})
			}
		}
	}
	return out
}

func legalPsychic(v *PsychicView) []Command {
	var out []Command
	switch v.Phase {
	case PhaseVision:
		for _, c := range v.Colours {
			ps := v.Psychic(c)
			if ps.Finished || !ps.ReceivedThisRound {
				continue
			}
			for _, id := range v.TableCards[ps.Category] {
				if id != ps.Intuition {
					out = append(out, PlaceIntuition{Psychic: c, Card: id})
				}
			}
			switch {
			case ps.Ready:
				out = append(out, SetReady{Psychic: c, Ready: false})
			case ps.Intuition != "":
				out = append(out, SetReady{Psychic: c, Ready: true})
			}
		}
		if !v.Clairvoyance {
			break
		}
		for _, c := range v.Colours {
			from := v.Psychic(c)
			for _, on := range v.Psychics {
				if on.Colour == c || on.Finished || on.Intuition == "" {
					continue
				}
				var have TokenKind
				for _, t := range on.TokensOn {
					if t.From == c {
						have = t.Kind
					}
				}
				if have != 0 {
					out = append(out, TakeToken{From: c, On: on.Colour})
				}
				if have != TokenYes && from.TokensYes > 0 {
					out = append(out, PlaceToken{From: c, On: on.Colour, Kind: TokenYes})
				}
				if have != TokenNo && from.TokensNo > 0 {
					out = append(out, PlaceToken{From: c, On: on.Colour, Kind: TokenNo})
				}
			}
		}
	case PhaseVote:
		f := v.Final
		me, ok := v.Seat.Colour()
		if !ok {
			break
		}
		mustVote := false
		for _, c := range f.MustVote {
			if c == me {
				mustVote = true
			}
		}
		if f.VoteKind == VoteStaged && !mustVote {
			break
		}
		for _, g := range f.Groups {
			if !g.Removed && g.Number != v.MyVote {
				out = append(out, Vote{Group: g.Number})
			}
		}
	}
	return out
}
