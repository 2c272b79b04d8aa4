package game

// This file holds the edition tables of docs/rules.md, each in one place so
// a misread number is corrected once.

// classicTableCards is the classic number of cards per category on the
// table, by difficulty, indexed by total players - 2 (2..7 players).
var classicTableCards = map[Difficulty][6]int{
	Easy:   {4, 5, 5, 6, 6, 7},
	Medium: {5, 6, 6, 7, 8, 8},
	Hard:   {6, 7, 7, 8, 9, 9},
}

// originalTableCards is the original's number of cards per category, by
// difficulty, indexed by total players - 2. (The printed rulebook's 9
// for 7 players on normal is read as a misprint for 10: docs/rules.md,
// "Decisions".)
var originalTableCards = map[Difficulty][6]int{
	Easy:     {4, 5, 6, 7, 8, 9},
	Normal:   {5, 6, 7, 8, 9, 10},
	Hard:     {6, 7, 8, 9, 10, 11},
	VeryHard: {7, 8, 9, 10, 11, 12},
}

// modernTableCards: modern always lays 8 cards per category.
const modernTableCards = 8

// TableCards returns how many cards of each category are laid on the table
// for the options and total player count (ghost included), or 0 if the
// edition does not allow that many players.
func TableCards(o Options, players int) int {
	if players < o.Edition.MinPlayers() || players > o.Edition.MaxPlayers() {
		return 0
	}
	switch o.Edition {
	case Classic:
		return classicTableCards[o.Difficulty][players-2]
	case Original:
		return originalTableCards[o.Difficulty][players-2]
	case Modern:
		return modernTableCards
	}
	return 0
}

// editionPools is how many cards of each category (by Category) an edition
// uses out of the deck's: classic and modern 18/18/18, original 19 characters,
// 19 locations, 20 objects.
var editionPools = map[Edition][3]int{
	Classic:  {18, 18, 18},
	Modern:   {18, 18, 18},
	Original: {19, 19, 20},
}

// HandSize is the ghost's hand.
const HandSize = 7

// MaxModernVision is the most cards a modern vision may hold.
const MaxModernVision = 7

// ChatKeep is how many chat lines a table keeps.
const ChatKeep = 50

// MaxChatLen is the longest chat line accepted, in bytes.
const MaxChatLen = 400

// DiscardRule is an edition and difficulty's discard allowance.
type DiscardRule struct {
	Kind     DiscardKind
	PerRound bool // once per round (easy); otherwise PerGame times in the whole game
	PerGame  int
}

// discardRules is the ghost's discard allowance by edition and difficulty.
var discardRules = map[Edition]map[Difficulty]DiscardRule{
	Classic: {
		Easy:   {Kind: DiscardCrow, PerRound: true},
		Medium: {Kind: DiscardCrow, PerGame: 3},
		Hard:   {Kind: DiscardCrow, PerGame: 1},
	},
	Modern: {
		NoDifficulty: {Kind: DiscardCandle, PerGame: 3},
	},
	Original: {
		Easy:     {Kind: DiscardWholeHand, PerRound: true},
		Normal:   {Kind: DiscardWholeHand, PerGame: 3},
		Hard:     {Kind: DiscardWholeHand, PerGame: 1},
		VeryHard: {Kind: DiscardWholeHand, PerGame: 0},
	},
}

// Discards returns the options' discard allowance.
func Discards(o Options) DiscardRule { return discardRules[o.Edition][o.Difficulty] }

// PsychicsPerPlayer is how many colours each psychic player controls: two in
// classic with 2 or 3 players, modern with 3, original with 2; else one.
func PsychicsPerPlayer(e Edition, players int) int {
	switch {
	case e == Classic && (players == 2 || players == 3),
		e == Modern && players == 3,
		e == Original && players == 2:
		return 2
	}
	return 1
}

// HasClairvoyance reports whether the table plays clairvoyance tokens and
// the track: classic with 4 or more players.
func HasClairvoyance(e Edition, players int) bool { return e == Classic && players >= 4 }

// TokensPerPsychic is each psychic's clairvoyance tokens, half ✓ and half ✗:
// 4 with 4-5 players, 6 with 6-7 (0 without clairvoyance).
func TokensPerPsychic(e Edition, players int) int {
	switch {
	case !HasClairvoyance(e, players):
		return 0
	case players >= 6:
		return 6
	}
	return 4
}

// TokensBackRound is the round at whose start discarded tokens return.
const TokensBackRound = 4

// LastRound is the clock's last round.
const LastRound = 7

// clairvoyanceLevels is the one table of clairvoyance thresholds (a
// decision: the printed track's marks are not in the rulebook's text;
// docs/rules.md): for tables of at least MinPlayers, level 2 starts at
// Level2 and level 3 at Level3. Rows are tried from the last.
var clairvoyanceLevels = []struct{ MinPlayers, Level2, Level3 int }{
	{MinPlayers: 4, Level2: 5, Level3: 9},
	{MinPlayers: 6, Level2: 6, Level3: 11},
}

// ClairvoyanceLevel returns the level (1 low, 2 intermediate, 3 high) of a
// psychic at space track on the clairvoyance track, at a table of players.
func ClairvoyanceLevel(players, track int) int {
	row := clairvoyanceLevels[0]
	for _, r := range clairvoyanceLevels {
		if players >= r.MinPlayers {
			row = r
		}
	}
	switch {
	case track >= row.Level3:
		return 3
	case track >= row.Level2:
		return 2
	}
	return 1
}

// voteKind is the final vote an edition and player count use.
func voteKind(e Edition, players int) VoteKind {
	switch e {
	case Modern:
		return VoteMajority
	case Original:
		return VoteDaily
	}
	switch players {
	case 2:
		return VoteSingle
	case 3:
		return VoteAgreed
	}
	return VoteStaged
}
