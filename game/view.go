package game

import (
	"slices"
	"time"
)

// A View is what one seat may know of a table, computed by (*State).ViewFor.
// It is one of *GhostView, *PsychicView, *SpectatorView (also used for
// seated players before Start) or *FinishedView (everybody, once the game is
// over). Secrets are absent from the types that must not carry them: neither
// TableView nor PsychicView nor SpectatorView has a field able to hold the
// ghost's hand, an unfound trail card, the culprit, somebody else's secret
// vote or a shared-vision card the viewer may not see.
//
// Views never alias the state: callers may keep them and read them from
// any goroutine. The views one Views makes (the table actor's, one per
// change, for all its subscribers) share their public part's slices, so
// nobody modifies a view.
type View interface {
	// Public returns the part of the view every seat sees.
	Public() *TableView
	// Viewer is the player the view was computed for ("" for an anonymous spectator).
	Viewer() PlayerID
	isView()
}

// TableView is the public part of every view: what a spectator may see.
// It is enough to draw the table, the psychics, the visions, the clock, the
// reveal and the final phase as far as everybody may see them.
type TableView struct {
	Me PlayerID // the viewer ("" for an anonymous spectator)

	Edition    Edition
	Difficulty Difficulty
	Timer      time.Duration // sand timer, 0 = off
	Order      [3]Category

	Phase Phase
	Round int // 1..7 (the clock); 0 during seating
	Host  PlayerID

	// Seats lists the seven seats, ghost first, occupied or not.
	Seats []SeatView
	// Psychics lists the psychics in play in colour order (empty before Start).
	Psychics []PsychicPublic
	// TableCards are the suspect cards still face up on the table, by
	// Category (index with Character, Location, Object), in table order.
	TableCards [3][]CardID

	// Ghost's discards: the kind and the allowance left: in the whole game,
	// or, when DiscardsRound (easy: once per round), in this round (1 or 0).
	// Very hard original has 0 from the start.
	DiscardKind   DiscardKind
	DiscardsLeft  int
	DiscardsRound bool // the allowance is once per round (easy)
	// DiscardedThisRound is true when a once-per-round allowance is used up.
	DiscardedThisRound bool

	DeckSize    int // vision cards left in the deck
	DiscardSize int // vision cards in the discard pile
	HandSize    int // cards in the ghost's hand, a vision on its way counted in (the cards are secret)

	// Clairvoyance is true when the table plays clairvoyance tokens and the track (classic, 4+ players).
	Clairvoyance bool
	// TokensPerPsychic is each psychic's full set (4 or 6), half ✓ half ✗.
	TokensPerPsychic int

	// TimerRunning is true while the sand timer runs (the actor owns the
	// deadline), paused or not.
	TimerRunning bool
	// TimerPaused is true while the host holds the sand timer.
	TimerPaused bool
	// TimerNote says who last paused, resumed or gave time to the running
	// sand timer (Say: "alice paused the sand timer"); zero when nobody has.
	TimerNote TimerNote
	// TakenBack is set when the ghost took a vision back this step, until
	// the next vision is given.
	TakenBack *TakenBack
	// Sending is set while a vision is on its way to its psychic
	// (VisionHold): who it goes to, nothing of its cards. That psychic is
	// still in WaitingVisions.
	Sending *Sending
	// WaitingVisions lists the unfinished psychics who have not had a vision this round.
	WaitingVisions []Colour
	// Reveals are the results revealed so far in the current round's step 2, in order.
	// The last result of a round ends the round, so it is then found in History.
	Reveals []RevealResult
	// RevealCount counts every result revealed since the game began. It
	// grows by one per knock, so a screen can tell new results from those it
	// has already shown (LatestReveals returns them), even across rounds.
	RevealCount int

	// Final is the final phase as everybody sees it (nil before it).
	Final *FinalPublic

	// Chat holds the last lines said at the table (at most ChatKeep), oldest first.
	Chat []ChatLine
	// History is every completed round, for the replay (visions, intuitions, results).
	History []RoundRecord
	// Outcome is set when the game is over.
	Outcome *Outcome
}

// SeatView is one seat as everybody sees it.
type SeatView struct {
	Seat   Seat
	Player PlayerID // "" when free
	Name   string
	Bot    bool
	// BotLevel is how well the seat's bot plays ("" when no bot sits there).
	BotLevel BotLevel
	Host     bool
	// Ready is true once the seated player said they are ready to play
	// (bots always are). Only meaningful before Start; it does not gate it.
	Ready bool
	// Order is when the player sat down (1 = earliest); the straw poll's last
	// tie-break goes to the earliest seated ("eldest player"). 0 when free.
	Order int
	// Colours the seat's player controls once the game has started (two in
	// the 2- and 3-player variants); empty for the ghost and before Start.
	Colours []Colour
}

// PsychicPublic is one psychic (one colour) as everybody sees it.
type PsychicPublic struct {
	Colour Colour
	// Owner is the seat of the player who controls this psychic (its own
	// seat, or the other colour's seat in the 2- and 3-player variants).
	Owner    Seat
	Category Category // the category being guessed (meaningless once finished)
	Step     int      // 0, 1, 2: how many cards found; 3 = finished
	Found    []FoundCard
	Finished bool
	// Vision is the psychic's current vision cards, oldest first.
	Vision []CardID
	// ReceivedThisRound is true once the ghost has given this round's vision.
	ReceivedThisRound bool
	// ToReveal is true in step 2 until the ghost reveals this psychic's result.
	ToReveal  bool
	Intuition CardID // "" when none
	Ready     bool

	// Clairvoyance (zero when the table does not play it).
	Track       int
	Level       int // 1..3 from Track, see ClairvoyanceLevel
	TokensYes   int // ✓ tokens in hand (available)
	TokensNo    int // ✗ tokens in hand
	TokensSpent int // used tokens discarded, back at the start of round 4
	// TokensOn are the tokens other psychics have placed on this psychic's intuition.
	TokensOn []TokenPlacement
}

// FoundCard is a trail card a psychic has found (public from then on).
type FoundCard struct {
	Category Category
	Card     CardID
	Round    int
}

// TokenPlacement is one clairvoyance token on an intuition.
type TokenPlacement struct {
	From Colour
	Kind TokenKind
}

// RevealResult is one psychic's result in step 2 (the knock: ✔ one, ✘ two).
type RevealResult struct {
	Psychic   Colour
	Category  Category
	Intuition CardID // "" when the psychic had none (wrong)
	Correct   bool
	Finished  bool // the psychic found their last card
	// Gains are the track moves this result caused (tokens and finishing bonus).
	Gains []TrackGain
}

// TrackGain is a move on the clairvoyance track.
type TrackGain struct {
	Psychic Colour
	Delta   int
	Why     string // "token" or "finish"
}

// RoundRecord is a completed round, public, for the replay.
type RoundRecord struct {
	Round   int
	Visions []VisionRecord
	Results []RevealResult
	// Tokens used in this round, by target psychic.
	Tokens []UsedToken
}

// VisionRecord is a vision given (or completed) in a round.
type VisionRecord struct {
	To      Colour
	Cards   []CardID // the cards added
	Dropped []CardID // old cards discarded first (modern completion)
}

// UsedToken is a token left on an intuition at the end of step 1.
type UsedToken struct {
	From Colour
	On   Colour
	Kind TokenKind
}

// ChatLine is one line of table chat: a player's (Name and Text), or when
// Notice.Kind is set, a notice of the table itself, which no player can
// write (see Announce) and which screens draw unlike any player's line.
type ChatLine struct {
	Seat   Seat
	Name   string
	Text   string
	Round  int
	Notice Notice
}

// NoticeKind is what a notice of the table says.
type NoticeKind string

// The notices a table makes.
const (
	// NoticeNextGame: the next game is at table Notice.Table.
	NoticeNextGame NoticeKind = "next-game"
)

// Notice is a line of the table itself in its chat; its zero value is no
// notice (a player's line).
type Notice struct {
	Kind  NoticeKind `json:"kind"`
	Table string     `json:"table,omitempty"`
}

// Group is one suspect group of the line-up (docs/rules.md, "The final phase").
type Group struct {
	Number int // 1-based, as players call it
	// Owner is the psychic whose trail it is, unless Extra is true: a group
	// made at random from unassigned table cards (classic, 2 players).
	Owner Colour
	Extra bool
	Cards [3]CardID // by Category
	// Removed is true for a group judged wrong in the original's daily votes.
	Removed bool
}

// FinalPublic is the final phase as everybody sees it.
type FinalPublic struct {
	Groups   []Group
	VoteKind VoteKind
	// CulpritSet is true once the culprit is chosen (or drawn): which one stays secret.
	CulpritSet bool
	// SharedGiven is true once the ghost has given the 3 shared-vision cards.
	SharedGiven bool
	// SharedVisible are the shared-vision cards everybody may see now (all 3
	// in open votes, the first during the straw poll), in the shuffled order.
	SharedVisible []CardID
	// Stage is the straw poll's stage (1..3: which level votes now), 0 otherwise.
	Stage int
	// MustVote lists the psychics (their vote seat) who may vote now and have not.
	MustVote []Colour
	// Voted lists who has voted (not what) in the secret straw poll.
	Voted []Colour
	// OpenVotes are the current votes in the open votes (agreed, majority,
	// daily, single), by voter; empty in the secret straw poll.
	OpenVotes []CastVote
	// Day is the original's current day of voting (the clock), else 0.
	Day int
}

// CastVote is one vote: by the psychic player's first colour.
type CastVote struct {
	Voter Colour
	Group int
	Day   int // the original's daily vote: the day it was cast on (else 0)
}

// Outcome is how the game ended.
type Outcome struct {
	Won   bool
	Cause LossCause
	// Chosen is the group the psychics chose in the end (0 if the clock ran out).
	Chosen int
	Round  int // the round (day) the game ended on
}

// GhostView is the ghost's view: the public table plus the hand, the
// trails, the culprit and the shared-vision cards. Never the psychics'
// secret votes.
type GhostView struct {
	TableView
	Hand   []CardID
	Trails []Trail
	// Culprit is the culprit's group number, 0 until chosen.
	Culprit int
	// Shared are the 3 shared-vision cards in the shuffled order shown to psychics.
	Shared []CardID
	// CanTakeBack is true while a vision is on its way (VisionHold) and can
	// be taken back (TakeBack); TakeBackFrom is the psychic it goes to,
	// Held its cards and HeldDrop the old cards it will drop (modern).
	CanTakeBack  bool
	TakeBackFrom Colour
	Held         []CardID
	HeldDrop     []CardID
	// TakeBacks are the visions taken back so far.
	TakeBacks []TakeBackRecord
	// GhostNotes are the ghost's own notes on its visions (only the ghost's view
	// holds them during the game).
	GhostNotes []GhostNote
}

// Trail is one psychic's secret trail.
type Trail struct {
	Psychic Colour
	Cards   [3]CardID // by Category
	// FoundRound is the round each card was found (0 = not found), by Category.
	FoundRound [3]int
}

// PsychicView is a seated psychic player's view: the public table plus their
// own seat, colours, own vote and the shared-vision cards shown to them.
type PsychicView struct {
	TableView
	Seat    Seat
	Colours []Colour // the psychics this player controls
	// MyVote is this player's vote (0 = none).
	MyVote int
	// SharedSeen are the shared-vision cards shown to this player so far.
	SharedSeen []CardID
	// Level is the clairvoyance level that sets when this player votes in the straw poll.
	Level int
	// Notes are this player's own marks and notes (Mark, Note); nobody
	// else's view holds them before the game is over.
	Notes []CardNote
}

// SpectatorView is a spectator's view (and a seated player's before Start):
// exactly the public table.
type SpectatorView struct {
	TableView
	Seat Seat // the viewer's seat before Start, else NoSeat
}

// FinishedView is everybody's view once the game is over: everything.
type FinishedView struct {
	TableView
	Seat    Seat // the viewer's seat, NoSeat for spectators
	Hand    []CardID
	Deck    []CardID // the deck in draw order
	Discard []CardID
	Trails  []Trail
	Culprit int
	Shared  []CardID
	Votes   []CastVote // every vote cast (the straw poll's too)
	Colours []Colour   // the viewer's psychics, if any
	// Notes are every psychic player's marks and notes, for the replay.
	Notes []SeatNotes
	// GhostNotes are the ghost's notes on its visions, shown in the replay.
	GhostNotes []GhostNote
	// TakeBacks are the visions the ghost took back, for the replay.
	TakeBacks []TakeBackRecord
}

// Public returns the public part of the view.
func (v *TableView) Public() *TableView { return v }

// Viewer is the player the view was computed for.
func (v *TableView) Viewer() PlayerID { return v.Me }

func (*GhostView) isView()     {}
func (*PsychicView) isView()   {}
func (*SpectatorView) isView() {}
func (*FinishedView) isView()  {}

// Psychic returns the public psychic of colour c, or nil.
func (v *TableView) Psychic(c Colour) *PsychicPublic {
	for i := range v.Psychics {
		if v.Psychics[i].Colour == c {
			return &v.Psychics[i]
		}
	}
	return nil
}

// LatestReveals returns the last n results revealed in the game, oldest
// first, from History and the current round's Reveals (fewer if there are
// fewer). With n = RevealCount - (the count a screen saw before) it gives
// exactly the results to knock for.
func (v *TableView) LatestReveals(n int) []RevealResult {
	if n <= 0 {
		return nil
	}
	all := make([]RevealResult, 0, v.RevealCount)
	for _, h := range v.History {
		all = append(all, h.Results...)
	}
	all = append(all, v.Reveals...)
	return slices.Clone(all[len(all)-min(n, len(all)):])
}

// SeatOf returns the seat p sits in, or NoSeat.
func (v *TableView) SeatOf(p PlayerID) Seat {
	if p == "" {
		return NoSeat
	}
	for _, s := range v.Seats {
		if s.Player == p {
			return s.Seat
		}
	}
	return NoSeat
}
