// Package lobby is the lobby page of a session: the list of tables (a
// table on two lines when the window is upright), the new-table form, the
// prompts for a table's code and a display name, and the invitation to a
// table with its QR code.
//
// Its narrow interface: New(shell, hub, host) makes the lobby's State over
// the session's shell.Shell; it lists and creates tables, invitations and
// names through Hub (four methods of the session's hub) and asks the session
// holding it to open a table, join one by a code typed or quit through
// Host. The session feeds it keys (HandleKey), taps (Tap) and draws it
// (View). It never imports session or a table's page.
//
// # Keys
//
// Lobby: ↑↓/jk table · enter join · w watch · n new table (tab/↑↓ field,
// ←→ change, enter create, esc cancel) · c join by code · i invitation to
// the table under the cursor (the text of `ssh HOST invite CODE`, with the
// table's browser link as a QR code beside or below it where it fits, else
// c shows the code alone; any other key goes back) · e display name.
//
// # Status line
//
// Lobby: "Choose a table: enter to join, w to watch, n to create a new one."
// or "No tables yet. Press n to create one, or c to join one by code."
package lobby
