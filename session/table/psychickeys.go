package table

// A psychic's key map (a spectator's: its looking part) and what its keys act on.

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// keys is the psychic's key map during the rounds; a spectator's is the
// looking part of it.
// It is kept while what enables its keys is unchanged (mapMemo).
func (ps *psychicScreen) Keys() keymap.Map {
	ts := ps.ts
	spectator := ts.Psy == nil
	playing := !spectator && ts.Pub.Phase == game.PhaseVision
	in := psychicKeysIn{
		spectator: spectator,
		playing:   playing,
		tokens:    playing && ts.Pub.Clairvoyance,
		two:       !spectator && len(ts.Psy.Colours) > 1,
	}
	return ps.keyMemo.Get(in, func() keymap.Map { return ps.buildKeys(in) })
}

// psychicKeysIn is what decides the psychic's key map.
type psychicKeysIn struct{ spectator, playing, tokens, two bool }

func (ps *psychicScreen) buildKeys(in psychicKeysIn) keymap.Map {
	ts := ps.ts
	m := ts.Shell
	spectator, playing, tokens, two := in.spectator, in.playing, in.tokens, in.two
	side := func(d int) func() tea.Cmd {
		return func() tea.Cmd {
			if ts.Pane() == "psychics" {
				state.Move(&ps.VisCur, d, len(ts.VisionOf(ps.Target)))
			} else {
				state.Move(&ps.CardCur, d, len(ps.TableCards()))
			}
			return nil
		}
	}
	token := func(kind game.TokenKind) func() tea.Cmd {
		return func() tea.Cmd {
			me, _ := ps.MyColour()
			p := ps.TokenTarget()
			if p == nil {
				return nil
			}
			return ts.Out.Submit(game.PlaceToken{From: me, On: p.Colour, Kind: kind},
				m.Lang().F("Your %s token is on %s's intuition.", kind.Symbol(), p.Colour.Character()))
		}
	}
	takeBack := func() tea.Cmd {
		me, _ := ps.MyColour()
		p := ps.TokenTarget()
		if p == nil {
			return nil
		}
		return ts.Out.Submit(game.TakeToken{From: me, On: p.Colour}, m.Lang().T("Token taken back."))
	}
	return keymap.Map{
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("card"), i18n.N("move over the table cards (the vision in the psychics pane)"), side(-1)),
		keymap.Bind([]string{"right", "l"}, "", "", "", side(1)),
		keymap.Bind([]string{"i"}, "i", i18n.N("intuition"), i18n.N("put your intuition on the card under the cursor"), func() tea.Cmd {
			cards := ps.TableCards()
			me, _ := ps.MyColour()
			if ps.CardCur < len(cards) {
				card := cards[ps.CardCur]
				return ts.Out.Submit(game.PlaceIntuition{Psychic: me, Card: card}, m.Lang().F("Your intuition is on %s.", m.CardName(card)))
			}
			return nil
		}).When(playing),
		keymap.Bind([]string{"r"}, "r", i18n.N("ready"), i18n.N("ready / not ready (moving your intuition clears it)"), func() tea.Cmd {
			me, _ := ps.MyColour()
			p := ts.Pub.Psychic(me)
			ready := p == nil || !p.Ready
			done := m.Lang().T("You are ready.")
			if !ready {
				done = m.Lang().T("You are no longer ready.")
			}
			return ts.Out.Submit(game.SetReady{Psychic: me, Ready: ready}, done)
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
			ps.active = (ps.active + 1) % len(ts.Psy.Colours)
			ps.CardCur, ps.VisCur = 0, 0
			ps.enter()
			return nil
		}).When(two),
		keymap.Bind([]string{"c"}, "c", i18n.N("follow another psychic"), i18n.N("follow another psychic's category"), func() tea.Cmd {
			ps.follow = (ps.follow + 1) % max(1, len(ts.Pub.Psychics))
			return nil
		}).When(spectator),
		keymap.Bind([]string{"y"}, "y/n", i18n.N("✔/✘ token"), i18n.N("put your ✔ / ✘ clairvoyance token on their intuition"), token(game.TokenYes)).When(tokens),
		keymap.Bind([]string{"n"}, "", "", "", token(game.TokenNo)).When(tokens),
		keymap.Bind([]string{"x", "backspace"}, "x", i18n.N("take back"), i18n.N("take your token back from their intuition"), takeBack).When(tokens),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the card under the cursor"), func() tea.Cmd {
			if ts.Pane() == "psychics" {
				v := ts.VisionOf(ps.Target)
				if ps.VisCur < len(v) {
					ts.Zoom.on(v[ps.VisCur], v)
				}
			} else if cards := ps.TableCards(); ps.CardCur < len(cards) {
				ts.Zoom.on(cards[ps.CardCur], cards)
			}
			return nil
		}),
	}
}

// markKey is m: rule the table card under the cursor out, or back in.
func (ps *psychicScreen) markKey() tea.Cmd {
	ts := ps.ts
	m := ts.Shell
	cards := ps.TableCards()
	if ts.Pane() == "psychics" || ps.CardCur >= len(cards) {
		m.SetFlash(m.Lang().T("Only the cards on the table can be ruled out: ←→ to one, then m."), true)
		return nil
	}
	card := cards[ps.CardCur]
	out := !ts.Note.Of(card).Out
	done := m.Lang().F("%s is ruled out (only you see it).", m.CardName(card))
	if !out {
		done = m.Lang().F("%s is back in.", m.CardName(card))
	}
	return ts.Out.Submit(game.Mark{Card: card, Out: out}, done)
}
