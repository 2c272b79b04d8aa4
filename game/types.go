package game

import (
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// PlayerID is a stable identity: an SSH key fingerprint ("SHA256:..."), a
// guest id ("guest:...") or a bot ("bot:..."). The engine only compares them.
type PlayerID string

// SystemPlayer is the identity the table actor uses for commands nobody at
// the table sends, such as EndStep when the sand timer runs out. No session
// may ever submit as SystemPlayer.
const SystemPlayer PlayerID = "system:"

// BotPlayer returns the identity the engine gives a bot seated at s by SetBot.
func BotPlayer(s Seat) PlayerID { return PlayerID("bot:" + s.String()) }

// Edition is one of the three rule sets of docs/rules.md, chosen when a table is created.
type Edition string

// The editions the engine plays.
const (
	Classic  Edition = "classic"  // Libellud 2015: crows, sand timer, clairvoyance, straw poll
	Modern   Edition = "modern"   // Libellud new edition: candles, random culprit
	Original Edition = "original" // Portal Games 2013: object first, whole-hand discards, daily votes
)

// Editions lists every edition in a stable order (for menus).
var Editions = []Edition{Classic, Modern, Original}

// Difficulty is the edition's difficulty. Classic uses easy/medium/hard,
// original easy/normal/hard/very-hard; modern has none (the empty string).
type Difficulty string

// The difficulties, by edition.
const (
	Easy         Difficulty = "easy"
	Medium       Difficulty = "medium" // classic only
	Normal       Difficulty = "normal" // original only
	Hard         Difficulty = "hard"
	VeryHard     Difficulty = "very-hard" // original only
	NoDifficulty Difficulty = ""          // modern
)

// Difficulties returns the difficulties an edition accepts, easiest first.
func Difficulties(e Edition) []Difficulty {
	switch e {
	case Classic:
		return []Difficulty{Easy, Medium, Hard}
	case Original:
		return []Difficulty{Easy, Normal, Hard, VeryHard}
	case Modern:
		return []Difficulty{NoDifficulty}
	}
	return nil
}

// Category is a kind of suspect card.
type Category uint8

// The three suspect categories. Their numeric order is the classic order of
// play; an edition's own order is Edition.Order().
const (
	Character Category = iota
	Location
	Object
)

// Categories lists the categories in numeric order (character, location, object).
var Categories = [3]Category{Character, Location, Object}

var categoryNames = [3]string{i18n.N("character"), i18n.N("location"), i18n.N("object")}

func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return fmt.Sprintf("category(%d)", int(c))
}

// MarshalText writes the category's name ("character", "location", "object").
func (c Category) MarshalText() ([]byte, error) {
	if int(c) >= len(categoryNames) {
		return nil, fmt.Errorf("game: bad category %d", int(c))
	}
	return []byte(categoryNames[c]), nil
}

// UnmarshalText reads a category's name.
func (c *Category) UnmarshalText(b []byte) error {
	for i, n := range categoryNames {
		if string(b) == n {
			*c = Category(i)
			return nil
		}
	}
	return fmt.Errorf("game: unknown category %q", b)
}

// Order is the order in which an edition's psychics guess the categories:
// character → location → object, except original's object → location → character.
func (e Edition) Order() [3]Category {
	if e == Original {
		return [3]Category{Object, Location, Character}
	}
	return [3]Category{Character, Location, Object}
}

// CardID names a card of the deck: "V01".."V84" (visions), "C01".."C20",
// "L01".."L20", "O01".."O20" (suspects). Custom decks use the same scheme.
type CardID string

// Colour is a psychic's colour, 0..5. Each colour also has a symbol (never
// colour alone, for colour-blind players) and a character name.
type Colour int8

// The six psychic colours, in seat order.
const (
	Purple Colour = iota
	Yellow
	Red
	Blue
	White
	Green
)

// NumColours is the number of psychic colours (and of psychic seats).
const NumColours = 6

// Colours lists the six colours in seat order.
var Colours = [NumColours]Colour{Purple, Yellow, Red, Blue, White, Green}

var colourInfo = [NumColours]struct {
	name, symbol, character string
	gender                  i18n.Gender
}{
	{i18n.N("purple"), "●", "Conrad MacDowell", i18n.Masculine},
	{i18n.N("yellow"), "▲", "Alma Salvador", i18n.Feminine},
	{i18n.N("red"), "◆", "Madam Wang", i18n.Feminine},
	{i18n.N("blue"), "■", "Alphonse de Belcour", i18n.Masculine},
	{i18n.N("white"), "★", "Ardashir", i18n.Masculine},
	{i18n.N("green"), "✚", "Jessalyn Smith", i18n.Feminine},
}

// Valid reports whether c is one of the six colours.
func (c Colour) Valid() bool { return c >= 0 && c < NumColours }

// String is the colour's name ("purple").
func (c Colour) String() string {
	if !c.Valid() {
		return fmt.Sprintf("colour(%d)", int(c))
	}
	return colourInfo[c].name
}

// Symbol is the colour's symbol (● ▲ ◆ ■ ★ ✚), shown next to the colour everywhere.
func (c Colour) Symbol() string {
	if !c.Valid() {
		return "?"
	}
	return colourInfo[c].symbol
}

// Character is the psychic's name for this colour ("Madam Wang").
func (c Colour) Character() string {
	if !c.Valid() {
		return "?"
	}
	return colourInfo[c].character
}

// Gender is the character's, for the sentences about them that agree in
// French (i18n.Lang.G): "Alma s'est trompée".
func (c Colour) Gender() i18n.Gender {
	if !c.Valid() {
		return i18n.Masculine
	}
	return colourInfo[c].gender
}

// MarshalText writes the colour's name.
func (c Colour) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("game: bad colour %d", int(c))
	}
	return []byte(colourInfo[c].name), nil
}

// UnmarshalText reads a colour's name.
func (c *Colour) UnmarshalText(b []byte) error {
	for i, in := range colourInfo {
		if string(b) == in.name {
			*c = Colour(i)
			return nil
		}
	}
	return fmt.Errorf("game: unknown colour %q", b)
}

// Seat is a place at the table: the ghost's seat or one colour's seat.
// Colour seats have the colour's number (0..5), so Seat(c) is colour c's seat.
type Seat int8

// Special seats.
const (
	GhostSeat Seat = 6  // the ghost's seat
	NoSeat    Seat = -1 // not seated (spectators)
)

// Seats lists every seat: the ghost first, then the colours in order.
var Seats = [7]Seat{GhostSeat, 0, 1, 2, 3, 4, 5}

// SeatOf returns colour c's seat.
func SeatOf(c Colour) Seat { return Seat(c) }

// Colour returns the seat's colour, and false for the ghost's seat or NoSeat.
func (s Seat) Colour() (Colour, bool) {
	if s >= 0 && s < NumColours {
		return Colour(s), true
	}
	return 0, false
}

// Valid reports whether s is the ghost's seat or a colour seat.
func (s Seat) Valid() bool { return s >= 0 && s <= GhostSeat }

// String is "ghost", a colour name, or "none".
func (s Seat) String() string {
	switch {
	case s == GhostSeat:
		return i18n.N("ghost")
	case s == NoSeat:
		return i18n.N("none")
	case s.Valid():
		return Colour(s).String()
	}
	return fmt.Sprintf("seat(%d)", int(s))
}

// MarshalText writes "ghost", a colour's name, or "none".
func (s Seat) MarshalText() ([]byte, error) {
	if !s.Valid() && s != NoSeat {
		return nil, fmt.Errorf("game: bad seat %d", int(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads "ghost", a colour's name or "none".
func (s *Seat) UnmarshalText(b []byte) error {
	switch string(b) {
	case "ghost":
		*s = GhostSeat
		return nil
	case "none":
		*s = NoSeat
		return nil
	}
	var c Colour
	if err := c.UnmarshalText(b); err != nil {
		return fmt.Errorf("game: unknown seat %q", b)
	}
	*s = Seat(c)
	return nil
}

// Sand-timer bounds: the creator may set 30-600 s or switch it off (docs/rules.md, "The sand timer").
const (
	MinTimer     = 30 * time.Second
	MaxTimer     = 600 * time.Second
	DefaultTimer = 120 * time.Second
)

// Options are chosen when a table is created and never change.
type Options struct {
	Edition    Edition
	Difficulty Difficulty
	// Timer is the sand timer of step 1, started when the last vision of a
	// round is given; 0 switches it off. The engine only keeps a flag; the
	// actor keeps the deadline and sends EndStep when it passes.
	Timer time.Duration
}

// DefaultOptions returns the usual options of an edition: classic medium with
// the 120 s sand timer, modern without timer, original normal without timer.
func DefaultOptions(e Edition) Options {
	switch e {
	case Classic:
		return Options{Edition: Classic, Difficulty: Medium, Timer: DefaultTimer}
	case Original:
		return Options{Edition: Original, Difficulty: Normal}
	}
	return Options{Edition: Modern}
}

// Validate checks the options and says in a sentence what is wrong.
func (o Options) Validate() error {
	ds := Difficulties(o.Edition)
	if ds == nil {
		return ruleErrorf(ErrBadOptions, "There is no edition called %q (choose classic, modern or original).", string(o.Edition))
	}
	ok := false
	for _, d := range ds {
		if d == o.Difficulty {
			ok = true
		}
	}
	if !ok {
		if o.Edition == Modern {
			return ruleErrorf(ErrBadOptions, "The modern edition has no difficulty levels.")
		}
		return ruleErrorf(ErrBadOptions, "The %s edition has no %q difficulty.", o.Edition, string(o.Difficulty))
	}
	if o.Timer != 0 && (o.Timer < MinTimer || o.Timer > MaxTimer) {
		return ruleErrorf(ErrBadOptions, "The sand timer must be between 30 and 600 seconds, or off.")
	}
	return nil
}

// MinPlayers and MaxPlayers give the player counts (ghost included, bots
// included) an edition allows: classic and original 2-7, modern 3-7.
func (e Edition) MinPlayers() int {
	if e == Modern {
		return 3
	}
	return 2
}

// MaxPlayers is 7 for every edition (one ghost and six psychics).
func (e Edition) MaxPlayers() int { return 7 }

// Pools are the card ids the engine may use, per kind, usually from the
// built-in deck (BuiltinPools) or a custom one. Each edition draws its own
// pools from them at Start (classic and modern 18/18/18 suspects, original
// 19 characters, 19 locations, 20 objects) and uses every vision card.
type Pools struct {
	Visions    []CardID
	Characters []CardID
	Locations  []CardID
	Objects    []CardID
}

// Of returns the pool of a suspect category.
func (p Pools) Of(c Category) []CardID {
	switch c {
	case Character:
		return p.Characters
	case Location:
		return p.Locations
	default:
		return p.Objects
	}
}

// Phase is where the game stands.
type Phase string

// The phases, in the order a game goes through them.
const (
	// PhaseSeating: players sit and stand; bots are set; the host starts.
	PhaseSeating Phase = "seating"
	// PhaseVision is a round's step 1: the ghost gives visions, psychics place
	// intuitions (and clairvoyance tokens), get ready; the sand timer may run.
	PhaseVision Phase = "vision"
	// PhaseReveal is step 2: the ghost reveals each psychic's result.
	PhaseReveal Phase = "reveal"
	// PhaseCulprit is the start of the final phase: the ghost chooses the
	// culprit (classic, original; drawn at random in modern) and gives the
	// 3 shared-vision cards.
	PhaseCulprit Phase = "culprit"
	// PhaseVote: the psychics vote on the groups of the line-up.
	PhaseVote Phase = "vote"
	// PhaseFinished: the game is over; everybody sees everything.
	PhaseFinished Phase = "finished"
)

// TokenKind is a clairvoyance token: ✓ (the intuition is right) or ✗ (wrong).
type TokenKind uint8

// The two kinds of clairvoyance token.
const (
	TokenYes TokenKind = 1 // ✓
	TokenNo  TokenKind = 2 // ✗
)

// String is "yes" or "no".
func (k TokenKind) String() string {
	switch k {
	case TokenYes:
		return "yes"
	case TokenNo:
		return "no"
	}
	return fmt.Sprintf("token(%d)", int(k))
}

// Symbol is ✔ or ✘.
func (k TokenKind) Symbol() string {
	if k == TokenYes {
		return "✔"
	}
	return "✘"
}

// MarshalText writes "yes" or "no".
func (k TokenKind) MarshalText() ([]byte, error) {
	if k != TokenYes && k != TokenNo {
		return nil, fmt.Errorf("game: bad token kind %d", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads "yes" or "no".
func (k *TokenKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "yes":
		*k = TokenYes
	case "no":
		*k = TokenNo
	default:
		return fmt.Errorf("game: unknown token kind %q", b)
	}
	return nil
}

// DiscardKind is how the ghost discards in an edition.
type DiscardKind string

// The three kinds of discard.
const (
	DiscardCrow      DiscardKind = "crow"       // classic: any cards, draw back to 7
	DiscardCandle    DiscardKind = "candle"     // modern: up to 7 cards, draw as many
	DiscardWholeHand DiscardKind = "whole-hand" // original: the whole hand, draw 7
)

// VoteKind is how the final vote works at this table.
type VoteKind string

// The final votes (docs/rules.md, "The final phase").
const (
	// VoteStaged: classic 4-7 players, the secret straw poll by clairvoyance level.
	VoteStaged VoteKind = "staged"
	// VoteSingle: classic 2 players, the psychic player casts one vote.
	VoteSingle VoteKind = "single"
	// VoteAgreed: classic 3 players, open vote; both psychic players must agree.
	VoteAgreed VoteKind = "agreed"
	// VoteMajority: modern, open vote decided by a strict majority of psychic players.
	VoteMajority VoteKind = "majority"
	// VoteDaily: original, a strict majority judges a group; a wrong one is removed
	// and the day advances.
	VoteDaily VoteKind = "daily"
)

// LossCause says why the psychics lost.
type LossCause string

// The ways a game can be lost.
const (
	LossNone LossCause = ""
	// LossClock: a trail was still unfinished at the end of round 7.
	LossClock LossCause = "clock"
	// LossWrongCulprit: the chosen group is not the culprit's (in original:
	// a wrong group judged on day 7).
	LossWrongCulprit LossCause = "wrong-culprit"
)
