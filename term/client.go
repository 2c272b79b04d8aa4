package term

import (
	"context"
	"io"
)

// Client is an interactive client as a session needs it, whichever way it
// came in: keys to read, a screen to write, a terminal's size and type, and
// a way to hang up. The server adapts an SSH channel to it internally; the
// browser way in (package web) hands one to the server.
type Client struct {
	// Keys is what the client types, as a terminal sends it.
	Keys io.Reader
	// Screen is the client's terminal. A write may block for as long as the
	// client does not read: the session's stall clock watches it.
	Screen io.Writer
	// Type is the terminal type (TERM) and Environ the client's
	// environment entries that tell colours (COLORTERM=truecolor).
	Type    string
	Environ []string
	// Size is the terminal's size when the session starts.
	Size Size
	// Resizes, when set, calls each with every change of the terminal's
	// size until ctx ends or the client is gone.
	Resizes func(ctx context.Context, each func(Size))
	// Addr is the client's real address (an IP), which the limits per
	// address and the log use.
	Addr string
	// HangUp closes the client's connection at once. It is how a session
	// whose client stopped reading is freed.
	HangUp func()
	// Hints, when set, is told the letter keys of the current screen each
	// time they change. It is called from the session's event loop and
	// must not block.
	Hints func([]KeyHint)
	// Taps: the client's terminal reports clicks and taps when asked (a
	// browser's xterm.js does), and the session asks it to.
	Taps bool
	// Invitation is the token of the table invitation the client came
	// with (a browser link's ?invite=), which lets it in to that table on
	// a server whose keys are listed; "" without one. A credential: never
	// logged.
	Invitation string
}

// KeyHint is one key of the session's current screen, for a client that
// draws its own key buttons (a browser on a phone): Send is what pressing
// it types, Desc what it does.
type KeyHint struct {
	Send string
	Desc string
}
