// Package seat is the seat picker, the table's screen before the game: the
// seats and who sits in them, the host's bots and their levels, the table's
// rules beside them (SeatPanel), and the keys to sit, stand, get ready and
// start.
//
// Its narrow interface: NewSeatScreen(ts) over the table's state.Table,
// and what the table's page asks of every screen (Keys, Draw, Panes,
// Title, Tap, Clamp); it reads the table and sends its commands through
// state.Table only, and never imports the table's page or session.
//
// # Status lines (the bottom line, stable prefixes)
//
// Seat picker: "Choose a seat: ↑↓ then enter." · "You sit as ▲ Alma Salvador.
// Press r when you are ready." · "You sit as …, ready. Waiting for the host to
// start." · host: "Press s to start the game: N players seated. Not ready yet:
// …" (when the names do not fit: "N seated, M not ready yet (…)"; or
// ", everyone ready.") · "Seat the ghost (…)" · "Waiting for players: …".
package seat
