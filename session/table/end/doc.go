// Package end is the table's screen after the game: the outcome, every
// psychic's trail, the shared vision and the votes, the replay hour by
// hour with the ghost's notes, and the keys to the next game or the lobby.
//
// Its narrow interface: New(ts, page) over the table's state.Table and the
// page around it (the tab bar, the rows left, whether the window is large,
// the pane shown, a suspect group's words as the final draws them), and
// what the table's page asks of every screen (Keys, Draw, Panes, Title,
// Tap, Clamp); it sends the next game through the session's shell.Host and
// never imports the table's page or session.
package end
