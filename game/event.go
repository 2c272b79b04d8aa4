package game

// EventKind says what happened.
type EventKind string

// The events Apply reports. They carry only public information, so the actor
// may announce them to every seat (for example the knock of a reveal).
const (
	EvSeated       EventKind = "seated"
	EvStood        EventKind = "stood"
	EvBot          EventKind = "bot"
	EvStarted      EventKind = "started"
	EvVisionSent   EventKind = "vision-sent"   // a vision is on its way (VisionHold)
	EvVision       EventKind = "vision"        // a vision reached its psychic
	EvDiscard      EventKind = "discard"       // the ghost discarded (crow, candle, whole hand)
	EvReshuffle    EventKind = "reshuffle"     // the discard pile became the deck
	EvIntuition    EventKind = "intuition"     // an intuition was placed or moved
	EvReady        EventKind = "ready"         // a psychic became ready or not
	EvToken        EventKind = "token"         // a token was placed or taken
	EvTimerStarted EventKind = "timer-started" // the sand timer starts now (the actor sets the deadline)
	EvStepEnded    EventKind = "step-ended"    // step 1 is over; reveal begins
	EvReveal       EventKind = "reveal"        // one result (Correct: one knock, else two)
	EvRoundEnded   EventKind = "round-ended"   // the clock advanced
	EvTokensBack   EventKind = "tokens-back"   // round 4: discarded tokens returned
	EvFinalStarted EventKind = "final-started" // the line-up is on the table
	EvCulprit      EventKind = "culprit"       // the culprit is set (which stays secret)
	EvSharedVision EventKind = "shared-vision" // the 3 cards are given
	EvStage        EventKind = "stage"         // the straw poll moved to the next stage
	EvVote         EventKind = "vote"          // somebody voted
	EvGroupRemoved EventKind = "group-removed" // original: a wrong group is out, a new day
	EvGameOver     EventKind = "game-over"     // see the Outcome
	EvChat         EventKind = "chat"
	EvTakeBack     EventKind = "take-back"     // the ghost took the last vision back
	EvTimerPaused  EventKind = "timer-paused"  // the host paused the sand timer
	EvTimerResumed EventKind = "timer-resumed" // the sand timer runs again
	EvTimerAdded   EventKind = "timer-added"   // the host added AddTimeStep
)

// Event is something that happened, public to every seat.
type Event struct {
	Kind    EventKind
	Seat    Seat   // who acted, when it is a seat (NoSeat otherwise)
	Psychic Colour // the psychic concerned, when there is one
	Correct bool   // EvReveal: the intuition was right
	Round   int
	Group   int    // EvVote in open votes, EvGroupRemoved, EvGameOver (chosen group)
	Text    string // a short public description
}
