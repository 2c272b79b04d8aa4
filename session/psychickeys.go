package session

// A psychic's key map (a spectator's: its looking part) and what its keys act on.

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
)

// keys is the psychic's key map during the rounds; a spectator's is the
// looking part of it.
// It is kept while what enables its keys is unchanged (mapMemo).
func (ps *psychicScreen) keys() keymap.Map {
	ts := ps.ts
	spectator := ts.psy == nil
	playing := !spectator && ts.pub.Phase == game.PhaseVision
	in := psychicKeysIn{
		spectator: spectator,
		playing:   playing,
		tokens:    playing && ts.pub.Clairvoyance,
		two:       !spectator && len(ts.psy.Colours) > 1,
	}
	return ps.keyMemo.get(in, func() keymap.Map { return ps.buildKeys(in) })
}

// psychicKeysIn is what decides the psychic's key map.
type psychicKeysIn struct{ spectator, playing, tokens, two bool }

func (ps *psychicScreen) buildKeys(in psychicKeysIn) keymap.Map {
	ts := ps.ts
	m := ts.m
	spectator, playing, tokens, two := in.spectator, in.playing, in.tokens, in.two
	side := func(d int) func() tea.Cmd {
		return func() tea.Cmd {
			if ts.pane() == "psychics" {
				move(&ps.visCur, d, len(ts.visionOf(ps.target)))
			} else {
				move(&ps.cardCur, d, len(ps.tableCards()))
			}
			return nil
		}
	}
	token := func(kind game.TokenKind) func() tea.Cmd {
		return func() tea.Cmd {
			me, _ := ps.myColour()
			p := ps.tokenTarget()
			if p == nil {
				return nil
			}
			return ts.out.submit(game.PlaceToken{From: me, On: p.Colour, Kind: kind},
				m.lang().F("Your %s token is on %s's intuition.", kind.Symbol(), p.Colour.Character()))
		}
	}
	takeBack := func() tea.Cmd {
		me, _ := ps.myColour()
		p := ps.tokenTarget()
		if p == nil {
			return nil
		}
		return ts.out.submit(game.TakeToken{From: me, On: p.Colour}, m.lang().T("Token taken back."))
	}
	return keymap.Map{
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("card"), i18n.N("move over the table cards (the vision in the psychics pane)"), side(-1)),
		keymap.Bind([]string{"right", "l"}, "", "", "", side(1)),
		keymap.Bind([]string{"i"}, "i", i18n.N("intuition"), i18n.N("put your intuition on the card under the cursor"), func() tea.Cmd {
			cards := ps.tableCards()
			me, _ := ps.myColour()
			if ps.cardCur < len(cards) {
				card := cards[ps.cardCur]
				return ts.out.submit(game.PlaceIntuition{Psychic: me, Card: card}, m.lang().F("Your intuition is on %s.", m.cardName(card)))
			}
			return nil
		}).When(playing),
		keymap.Bind([]string{"r"}, "r", i18n.N("ready"), i18n.N("ready / not ready (moving your intuition clears it)"), func() tea.Cmd {
			me, _ := ps.myColour()
			p := ts.pub.Psychic(me)
			ready := p == nil || !p.Ready
			done := m.lang().T("You are ready.")
			if !ready {
				done = m.lang().T("You are no longer ready.")
			}
			return ts.out.submit(game.SetReady{Psychic: me, Ready: ready}, done)
		}).When(playing),
		keymap.Bind([]string{"up", "k"}, "↑↓", i18n.N("psychic"), i18n.N("choose a psychic (their vision is shown)"), func() tea.Cmd {
			ps.step(-1)
			return nil
		}),
		keymap.Bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			ps.step(1)
			return nil
		}),
		keymap.Bind([]string{"c"}, "c", i18n.N("other colour"), i18n.N("switch to your other colour"), func() tea.Cmd {
			// Everything follows the colour: its category's cards, its
			// vision in the psychics list, the cursors at their starts.
			ps.active = (ps.active + 1) % len(ts.psy.Colours)
			ps.cardCur, ps.visCur = 0, 0
			ps.enter()
			return nil
		}).When(two),
		keymap.Bind([]string{"c"}, "c", i18n.N("follow another psychic"), i18n.N("follow another psychic's category"), func() tea.Cmd {
			ps.follow = (ps.follow + 1) % max(1, len(ts.pub.Psychics))
			return nil
		}).When(spectator),
		keymap.Bind([]string{"y"}, "y/n", i18n.N("✔/✘ token"), i18n.N("put your ✔ / ✘ clairvoyance token on their intuition"), token(game.TokenYes)).When(tokens),
		keymap.Bind([]string{"n"}, "", "", "", token(game.TokenNo)).When(tokens),
		keymap.Bind([]string{"x", "backspace"}, "x", i18n.N("take back"), i18n.N("take your token back from their intuition"), takeBack).When(tokens),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the card under the cursor"), func() tea.Cmd {
			if ts.pane() == "psychics" {
				v := ts.visionOf(ps.target)
				if ps.visCur < len(v) {
					ts.zoom.on(v[ps.visCur], v)
				}
			} else if cards := ps.tableCards(); ps.cardCur < len(cards) {
				ts.zoom.on(cards[ps.cardCur], cards)
			}
			return nil
		}),
	}
}

// markKey is m: rule the table card under the cursor out, or back in.
func (ps *psychicScreen) markKey() tea.Cmd {
	ts := ps.ts
	m := ts.m
	cards := ps.tableCards()
	if ts.pane() == "psychics" || ps.cardCur >= len(cards) {
		m.setFlash(m.lang().T("Only the cards on the table can be ruled out: ←→ to one, then m."), true)
		return nil
	}
	card := cards[ps.cardCur]
	out := !ts.note.of(card).Out
	done := m.lang().F("%s is ruled out (only you see it).", m.cardName(card))
	if !out {
		done = m.lang().F("%s is back in.", m.cardName(card))
	}
	return ts.out.submit(game.Mark{Card: card, Out: out}, done)
}
