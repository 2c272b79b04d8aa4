package bot

import (
	"hash/fnv"
	"math/rand/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// skill is what a level changes in the tag bot: how much of each card it
// takes in and how carefully it weighs what it saw. A person at a real table
// does not list every feature of every picture; they notice some, fix on
// one, and choose between two close readings by feel.
type skill struct {
	// notice is the chance a psychic takes in each tag of a vision card.
	notice float64
	// anchor is the extra weight, in shared tags, of the one feature a
	// psychic fixes on (0: no anchoring).
	anchor float64
	// noise is the spread (standard deviation, in shared tags) of the
	// feeling a psychic adds to each candidate's score: near-ties go
	// either way.
	noise float64
	// rival is how much the ghost checks its clue against the other table
	// cards: 1 counts every tag a rival shares, 0 looks at the target only.
	rival float64
	// ghostNotice is the chance the ghost takes in each tag of a hand card.
	ghostNotice float64
	// ghostNoise is the spread of the ghost's feeling about each choice of
	// cards, in tags of separation.
	ghostNoise float64
	// maxCards is the most cards the ghost weighs giving at once.
	maxCards int
}

// skills are the levels' settings, calibrated on the simulator (docs/bots.md).
var skills = map[game.BotLevel]skill{
	game.BotNovice:   {notice: 0.5, anchor: 2, noise: 1.1, rival: 0.5, ghostNotice: 0.75, ghostNoise: 1.1, maxCards: 2},
	game.BotSeasoned: {notice: 0.65, anchor: 0, noise: 1.0, rival: 0.7, ghostNotice: 0.85, ghostNoise: 0.6, maxCards: 3},
	game.BotExpert:   {notice: 0.95, anchor: 0, noise: 0.2, rival: 1, ghostNotice: 1, ghostNoise: 0.1, maxCards: 3},
}

// seasonedNotice is a seasoned psychic's notice by the table's player count
// (ghost included). With fewer players there are fewer suspects to tell apart
// (4 a category on classic easy at 2 players, 7 at 7) and each psychic
// player reads two psychics' visions at 2 and 3, so the same eye wins more:
// calibrated so that seasoned bots win about two classic easy games in three
// at every player count (docs/bots.md). Other counts keep skills' setting.
var seasonedNotice = map[int]float64{2: 0.45, 3: 0.45, 4: 0.57, 5: 0.65, 6: 0.55, 7: 0.55}

// skillOf returns a level's settings at a table of players players (ghost
// included; 0 when unknown); an unknown level plays seasoned.
func skillOf(l game.BotLevel, players int) skill {
	if !l.Valid() {
		l = game.DefaultBotLevel
	}
	s := skills[l]
	if n, ok := seasonedNotice[players]; ok && l == game.BotSeasoned {
		s.notice = n
	}
	return s
}

// players counts the seated players of a table, ghost included.
func players(tv *game.TableView) int {
	n := 0
	for _, s := range tv.Seats {
		if s.Player != "" {
			n++
		}
	}
	return n
}

// newDecision returns the random source of one choice. It is seeded from the bot's
// seed and what the choice is about (the round, the psychic, the cards in
// play), not from the bot's history: the same situation gives the same
// choice, so a bot rebuilt after a restart plays exactly as the one before
// it would have, and asking twice (the bot is asked on every change of the
// table) never changes its mind.
func newDecision(seed uint64, what string, round int, c game.Colour, ids ...[]game.CardID) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(what))
	h.Write([]byte{byte(round), byte(round >> 8), 0})
	h.Write([]byte{byte(c)})
	for _, list := range ids {
		h.Write([]byte{0})
		for _, id := range list {
			h.Write([]byte(id))
			h.Write([]byte{1})
		}
	}
	s := seed ^ h.Sum64()
	return rand.New(rand.NewPCG(s, s*0x9e3779b97f4a7c15+0x6c766c))
}
