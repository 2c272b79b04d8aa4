// Package term is the terminal plumbing every interactive session shares,
// whichever way it came in (SSH today, a browser's WebSocket next): the
// KeyReader that hands Bubble Tea one key at a time under a keys-per-second
// limit, the event-driven Screen that writes only the lines that changed
// (Bubble Tea's own renderer is off), the Frame that lays a one-line notice
// over the screen, the per-client colour renderer and background query, and
// the stall clock (OutputWatch, WatchStall) that notices a client that
// stopped reading.
//
// It knows nothing of SSH: a session is an io.Reader of keys, an io.Writer
// for the screen, and a size. The server adapts an SSH channel to that.
package term

// Size is a terminal's size in cells.
type Size struct{ Width, Height int }
