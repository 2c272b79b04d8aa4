package game

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Command is something a player asks the engine to do. The concrete types
// below are the only commands; (*State).Apply checks that the sender may
// send it now and either applies it completely or returns a *RuleError.
type Command interface {
	// Type is the command's type tag in the journal ("give-vision").
	Type() string
	isCommand()
}

// Sit puts the sender in a free seat (during seating). A player already
// seated elsewhere moves. Name is the display name shown at the table;
// callers sanitise it first.
type Sit struct {
	Seat Seat   `json:"seat"`
	Name string `json:"name,omitempty"`
}

// Stand takes the sender out of their seat (during seating).
type Stand struct{}

// SetBot (host only, during seating) seats a bot in an empty seat (On) or
// removes the bot from a seat (!On). Level is how well the bot plays ("":
// DefaultBotLevel); On with a level on a seat that already has a bot
// changes its level.
type SetBot struct {
	Seat  Seat     `json:"seat"`
	On    bool     `json:"on"`
	Level BotLevel `json:"level,omitempty"`
}

// Start (host only) deals the game once the seats are legal for the edition:
// the ghost's seat is taken and the player count is one the edition allows.
// In the 2- and 3-player variants psychic players get a second colour here.
type Start struct{}

// GiveVision (ghost, step 1) gives Cards from hand to the psychic of colour
// To, who has not had a vision this round. Classic and original: one or more
// cards. Modern: 1 to 7 cards in all; a psychic who failed last round has
// their vision completed: Drop lists old vision cards to discard first, and at
// least one new card must be added. The ghost then draws back to 7. Note is
// the ghost's private reason (GhostNote), "" for none; a bot ghost gives
// its reason as Bot instead, for each reader to read in their language.
type GiveVision struct {
	To    Colour   `json:"to"`
	Cards []CardID `json:"cards"`
	Drop  []CardID `json:"drop,omitempty"`
	Note  string   `json:"note,omitempty"`
	Bot   *BotNote `json:"bot,omitempty"`
}

// Discard (ghost) throws cards away and draws back to 7, within the
// difficulty's allowance: classic crow (any cards), modern candle (up to 7
// cards), original whole hand (leave Cards empty or list the whole hand).
type Discard struct {
	Cards []CardID `json:"cards,omitempty"`
}

// PlaceIntuition puts (or moves) the intuition of the sender's psychic on a
// table card of the category that psychic is guessing. Moving clears ready.
type PlaceIntuition struct {
	Psychic Colour `json:"psychic"`
	Card    CardID `json:"card"`
}

// SetReady marks the sender's psychic ready (or not). A psychic must have an
// intuition to be ready. The step ends early when every unfinished psychic is ready.
type SetReady struct {
	Psychic Colour `json:"psychic"`
	Ready   bool   `json:"ready"`
}

// PlaceToken (classic, 4+ players) puts one of psychic From's clairvoyance
// tokens on the intuition of psychic On (never From's own). A token From
// already has on that intuition is replaced.
type PlaceToken struct {
	From Colour    `json:"from"`
	On   Colour    `json:"on"`
	Kind TokenKind `json:"kind"`
}

// TakeToken takes psychic From's token back from psychic On's intuition.
// Moving a token is TakeToken then PlaceToken.
type TakeToken struct {
	From Colour `json:"from"`
	On   Colour `json:"on"`
}

// Reveal (ghost, step 2) reveals psychic's result.
type Reveal struct {
	Psychic Colour `json:"psychic"`
}

// RevealAll (ghost, step 2) lets the engine reveal every remaining result in seat order.
type RevealAll struct{}

// EndStep ends step 1 when the sand timer runs out. Only the table actor
// sends it, as SystemPlayer; it is refused when no timer is running.
type EndStep struct{}

// ChooseCulprit (ghost, final phase, classic and original) chooses the
// culprit's group by its number (1-based). Modern draws the culprit at random.
type ChooseCulprit struct {
	Group int `json:"group"`
}

// GiveSharedVision (ghost, final phase) gives exactly 3 cards from hand, one
// meant for each element of the culprit's group; the engine shuffles them.
type GiveSharedVision struct {
	Cards []CardID `json:"cards"`
}

// Vote (psychic player, final phase) votes for a group by its number. In the
// secret straw poll a vote is final; in the open votes it can be changed.
type Vote struct {
	Group int `json:"group"`
}

// Chat says a line at the table (psychics only during the game; never the
// ghost, never during the straw poll). Callers sanitise Text first.
type Chat struct {
	Text string `json:"text"`
}

// Announce puts a notice of the table itself in the chat, such as where the
// next game is. Only SystemPlayer sends it (Table.Announce): no player's
// command can make one, so nothing a player types is ever taken for it.
type Announce struct {
	Notice Notice `json:"notice"`
}

func (Sit) Type() string              { return "sit" }
func (Stand) Type() string            { return "stand" }
func (SetBot) Type() string           { return "set-bot" }
func (Start) Type() string            { return "start" }
func (GiveVision) Type() string       { return "give-vision" }
func (Discard) Type() string          { return "discard" }
func (PlaceIntuition) Type() string   { return "place-intuition" }
func (SetReady) Type() string         { return "set-ready" }
func (PlaceToken) Type() string       { return "place-token" }
func (TakeToken) Type() string        { return "take-token" }
func (Reveal) Type() string           { return "reveal" }
func (RevealAll) Type() string        { return "reveal-all" }
func (EndStep) Type() string          { return "end-step" }
func (ChooseCulprit) Type() string    { return "choose-culprit" }
func (GiveSharedVision) Type() string { return "give-shared-vision" }
func (Vote) Type() string             { return "vote" }
func (Chat) Type() string             { return "chat" }
func (TakeBack) Type() string         { return "take-back" }
func (DeliverVision) Type() string    { return "deliver-vision" }
func (PauseTimer) Type() string       { return "pause-timer" }
func (ResumeTimer) Type() string      { return "resume-timer" }
func (AddTime) Type() string          { return "add-time" }
func (Mark) Type() string             { return "mark" }
func (Note) Type() string             { return "note" }
func (Announce) Type() string         { return "announce" }

func (Sit) isCommand()              {}
func (Stand) isCommand()            {}
func (SetBot) isCommand()           {}
func (Start) isCommand()            {}
func (GiveVision) isCommand()       {}
func (Discard) isCommand()          {}
func (PlaceIntuition) isCommand()   {}
func (SetReady) isCommand()         {}
func (PlaceToken) isCommand()       {}
func (TakeToken) isCommand()        {}
func (Reveal) isCommand()           {}
func (RevealAll) isCommand()        {}
func (EndStep) isCommand()          {}
func (ChooseCulprit) isCommand()    {}
func (GiveSharedVision) isCommand() {}
func (Vote) isCommand()             {}
func (Chat) isCommand()             {}
func (TakeBack) isCommand()         {}
func (DeliverVision) isCommand()    {}
func (PauseTimer) isCommand()       {}
func (ResumeTimer) isCommand()      {}
func (AddTime) isCommand()          {}
func (Mark) isCommand()             {}
func (Note) isCommand()             {}
func (Announce) isCommand()         {}

// commandTypes finds a command's type by its type tag, for decoding. It is
// built from one value of each command so that each tag is written once,
// in the command's Type method.
var commandTypes = func() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, c := range []Command{Sit{}, Stand{}, SetBot{}, Start{}, GiveVision{}, Discard{}, PlaceIntuition{}, SetReady{},
		PlaceToken{}, TakeToken{}, Reveal{}, RevealAll{}, EndStep{}, ChooseCulprit{}, GiveSharedVision{}, Vote{}, Chat{},
		TakeBack{}, DeliverVision{}, PauseTimer{}, ResumeTimer{}, AddTime{}, Mark{}, Note{}, Announce{}} {
		m[c.Type()] = reflect.TypeOf(c)
	}
	return m
}()

type envelope struct {
	Type string          `json:"type"`
	Args json.RawMessage `json:"args,omitempty"`
}

// MarshalCommand encodes a command as JSON with a type tag, for the journal:
// {"type":"give-vision","args":{"to":"red","cards":["V03"]}}.
func MarshalCommand(c Command) ([]byte, error) {
	if c == nil {
		return nil, fmt.Errorf("game: marshal nil command")
	}
	c = deref(c)
	if c == nil {
		return nil, fmt.Errorf("game: marshal nil command")
	}
	args, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("game: marshal %s: %w", c.Type(), err)
	}
	if string(args) == "{}" {
		args = nil
	}
	return json.Marshal(envelope{Type: c.Type(), Args: args})
}

// UnmarshalCommand decodes what MarshalCommand wrote. It returns the command
// as a value (Sit, not *Sit).
func UnmarshalCommand(b []byte) (Command, error) {
	var env envelope
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, fmt.Errorf("game: unmarshal command: %w", err)
	}
	t, ok := commandTypes[env.Type]
	if !ok {
		return nil, fmt.Errorf("game: unknown command type %q", env.Type)
	}
	c := reflect.New(t).Interface().(Command)
	if len(env.Args) > 0 {
		if err := json.Unmarshal(env.Args, c); err != nil {
			return nil, fmt.Errorf("game: unmarshal %s: %w", env.Type, err)
		}
	}
	return deref(c), nil
}

// Deref turns a pointer to a command into the command value (nil for a
// nil pointer), as the engine does before it looks at a command: the
// table actor's type switches see what the engine sees.
func Deref(c Command) Command { return deref(c) }

// deref turns a pointer to a command into the command value (nil for a nil
// pointer), so that the engine's type switches only see values. Every
// pointer that is a Command points to one of the command types above.
func deref(c Command) Command {
	if c == nil || reflect.TypeOf(c).Kind() != reflect.Pointer {
		return c
	}
	v := reflect.ValueOf(c)
	if v.IsNil() {
		return nil
	}
	return v.Elem().Interface().(Command)
}
