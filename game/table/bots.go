package table

import (
	"hash/fnv"
	"sort"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// botPlayers lists the players bots play for now, in a stable order.
func (t *attendance) botPlayers(pub *game.TableView) []seatedPlayer {
	var out []seatedPlayer
	for _, sp := range seated(pub) {
		if sp.bot || t.takeover[sp.id] {
			out = append(out, sp)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// botHands is the bots the actor drives: the bot playing for each player,
// which of them the rules refused at which version, when the next bot acts
// (with a BotDelay), and their pace while a person plays: what each bot
// means to do and since when, and when each psychic's vision reached them.
type botHands struct {
	bots       map[game.PlayerID]tableBot
	botStuck   map[game.PlayerID]uint64 // version at which the bot's last command was refused
	botAt      time.Time                // next bot action, when BotDelay > 0
	botIntents map[game.PlayerID]botIntent
	visionSeen map[game.Colour]visionSeen
}

// tableBot is the bot playing for one player, and the level it was made at
// (the host may change a bot seat's level until the game starts).
type tableBot struct {
	bot   game.Bot
	level game.BotLevel
}

// maxBotBurst bounds how many bot commands run back to back without a delay,
// so that a bot that keeps finding something to do cannot hold the actor.
const maxBotBurst = 2000

// runBots lets bots act: at once and until they are idle when BotDelay is 0,
// otherwise one action per BotDelay.
func (t *Table) runBots() {
	if t.cfg.Bots == nil {
		return
	}
	if t.cfg.BotDelay > 0 {
		t.wakeBots()
		return
	}
	for i := 0; i < maxBotBurst; i++ {
		acted, stalled, _ := t.botStep(false)
		if stalled {
			t.botAt = t.now.Add(t.retryDelay())
		}
		if !acted {
			return
		}
		t.version++
		t.broadcast()
	}
}

// wakeBots has the bots look at the table BotDelay from now (sooner if they
// were to already): after a change, a bot that was waiting for a later
// moment may have something else to do, or no longer be paced.
func (t *Table) wakeBots() {
	if t.cfg.Bots == nil || t.cfg.BotDelay <= 0 || len(t.botPlayers(t.pub)) == 0 {
		return
	}
	if at := t.now.Add(t.cfg.BotDelay); t.botAt.IsZero() || at.Before(t.botAt) {
		t.botAt = at
	}
}

// botStep asks each bot in turn for a command and applies the first one
// offered; it reports whether a command was accepted, and whether a bot's
// command could not be journaled (to be retried). A bot whose command is
// refused by the rules is not asked again until the table changes. paced,
// a bot's command waits for its time (botDue), and wake is the earliest
// moment one is due.
func (t *Table) botStep(paced bool) (acted, stalled bool, wake time.Time) {
	for _, sp := range t.botPlayers(t.pub) {
		p := sp.id
		if stuck, ok := t.botStuck[p]; ok && stuck == t.version {
			continue
		}
		level := game.BotLevel("") // a takeover: the factory's default
		if sp.bot {
			level = sp.level
		}
		b := t.bots[p]
		if b.bot == nil || b.level != level {
			b = tableBot{bot: t.cfg.Bots(p, botSeed(t.cfg.Seed, p), level), level: level}
			if b.bot == nil {
				continue
			}
			t.bots[p] = b
		}
		cmd := b.bot.Act(t.state.ViewFor(p))
		if cmd == nil {
			delete(t.botIntents, p)
			continue
		}
		if paced {
			if due := t.botDue(p, cmd, t.now, t.pub, &t.attendance); t.now.Before(due) {
				if wake.IsZero() || due.Before(wake) {
					wake = due
				}
				continue
			}
		}
		if err := t.apply(p, cmd); err != nil {
			if _, refused := game.AsRuleError(err); !refused {
				return false, true, time.Time{} // journal trouble: retry soon
			}
			t.botStuck[p] = t.version
			continue
		}
		delete(t.botStuck, p)
		delete(t.botIntents, p)
		return true, false, time.Time{}
	}
	return false, false, wake
}

// botSeed derives a bot's seed from the table's seed and the player's identity.
func botSeed(seed uint64, p game.PlayerID) uint64 {
	h := fnv.New64a()
	h.Write([]byte(p))
	return seed ^ h.Sum64()
}
