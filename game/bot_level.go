package game

import (
	"fmt"
	"strings"
)

// BotLevel is how well a bot plays a seat: the host chooses it per bot seat,
// and the server has a default for bots that stand in for an away player.
// The engine only stores and shows it; package game/bot gives it meaning.
type BotLevel string

// The bot levels, weakest first.
const (
	// BotNovice notices few of a card's features, anchors on one of them and
	// as the ghost gives clues without checking what else they point at.
	BotNovice BotLevel = "novice"
	// BotSeasoned plays like a group that knows the game: it wins most easy
	// games, not all.
	BotSeasoned BotLevel = "seasoned"
	// BotExpert notices nearly everything and weighs it carefully.
	BotExpert BotLevel = "expert"
)

// BotLevels lists the levels weakest first (for flags and menus).
var BotLevels = []BotLevel{BotNovice, BotSeasoned, BotExpert}

// DefaultBotLevel is the level of a bot nobody chose a level for.
const DefaultBotLevel = BotSeasoned

// Valid reports whether l is one of BotLevels.
func (l BotLevel) Valid() bool {
	for _, x := range BotLevels {
		if l == x {
			return true
		}
	}
	return false
}

// ParseBotLevel reads a level name (any case); "" gives DefaultBotLevel.
func ParseBotLevel(s string) (BotLevel, error) {
	if s == "" {
		return DefaultBotLevel, nil
	}
	l := BotLevel(strings.ToLower(strings.TrimSpace(s)))
	if !l.Valid() {
		return "", fmt.Errorf("unknown bot level %q (choose novice, seasoned or expert)", s)
	}
	return l, nil
}
