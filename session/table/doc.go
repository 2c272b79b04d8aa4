// Package table is the page of one table in a session: the state a
// session keeps at a table (TableState: the newest update from the
// table's actor, the pane shown, the chat, the zoomed card, the sand timer,
// the knock of a result, who sits where) and the screens it drives, one per
// seat and phase: the seat picker, the ghost's, the psychics' and
// spectators', the final phase and the end screen with the replay.
//
// Its narrow interface: the session makes a TableState with NewTableState
// (the session's shell.Shell, the table as a state.Submitter, its
// state.Subscription), feeds it the pump's messages (HandleMsg:
// state.UpdateMsg, state.SubEndMsg, state.TickMsg, ...) and the keys
// (HandleKey), taps (Tap) and draws it (View); what it needs from the
// session above it, leaving the table, the linear mode, the whole frame for
// a tap, it asks through shell.Host. It never imports session. Below it:
// state (state.Table, what the session keeps at the table and every
// screen shares, embedded in TableState), seat (the seat picker) and end
// (the end screen and the replay, which asks the page around it for its
// tab bar and rows); each screen is a tableScreen (Keys, Draw, Panes,
// Title). A screen never sees the game's State: it draws only the View its
// Subscription hands it.
//
// # Keys
//
// At a table each screen's key map is the single source of its keys: the
// keys() method of seatScreen, ghostScreen (and dropMarks.keys while it
// marks old cards to drop), psychicScreen (spectators: the looking part),
// finalScreen and endScreen, then the shared keys (TableState.sharedKeys:
// t chat, tab pane, q leave), then the table's own (TableState.tableKeys:
// u, m, w, the host's p and +). Bindings are bubbles/key bindings enabled by
// phase, edition and seat; the key bar, the ? help and Model.Keys (for a
// browser's key bar) are generated from them. Where chat is closed (the
// ghost, spectators during a game, the secret straw poll) t says so, and
// letters typed next are ignored, not taken as keys, until esc or enter.
// What takes the keys from a screen has its own key map (takenkeys.go): a
// zoomed card, a y/n question, the chat line and the note lines (enter,
// esc, no letters: they go into the line), the ? help, a window too small
// and a table not joined yet; Model.Keys is the map of whatever the
// session shows, the lobby's modes included.
// A key of the screen's map that is not enabled now (a psychic's i during
// the reveal, a guest's host key) says so in the flash line, "i
// (intuition) does nothing now: see the line below" (a spectator reads
// that it is for the players), rather than being ignored; a key no
// binding has stays silent (notNow). A chat line pasted with its newline
// is sent: the newline is the enter the player copied.
//
// What a real table allows beyond the rules (their keys: tablefeatures.go):
// the ghost's u takes back the vision on its way (a vision arrives
// game.VisionHold after it is given; until then its psychic sees only that
// it is coming), and its w writes a note on the
// vision it gives next that everybody reads after the game (enter gives the
// vision with it, esc drops it; ghostnote.go); a psychic's m rules the table
// card out (dimmed, ✗, for them alone) and w writes a note on the card
// under the cursor (a line input like chat's: enter keeps it, esc drops it;
// notebox.go); the card under a psychic's cursor is where they point, and
// the others see "■ looking" beside it (the ghost a "looking at" line;
// pointing.go); the host's p pauses the sand timer and + adds 30 s, or
// every psychic's when the host is the ghost, never the ghost's
// (sandtimer.go). Turn alerts
// (alerts.go) ring once per event and set the window title while it is the
// player's move.
//
// # Status lines (the bottom line, stable prefixes)
//
// Seat picker: see package seat.
// Ghost (80x24 hand pane also shows "To ◆ Madam Wang: must find <title>
// (character)"; 120x40+ columns show "must find <title>"):
// "Give ◆ Madam Wang a vision (N selected)." · "Choose a psychic who
// still needs a vision (↑↓): …" · (modern, after d) "Dropping N of M old
// cards of ● Conrad (✗): …" · "Waiting for … to be ready." · "Reveal the
// results: …" · "Choose the culprit's group: ↑↓ then c." · "Select 3 cards
// for the shared vision (N selected), then press g." · "The psychics are
// voting. …".
// Psychic: "Waiting for the ghost's vision (…)." · "Place your intuition: ←→
// to a card, then i." · "Press r when you are sure (…)." · "You are ready.
// Waiting for …." · "The ghost is revealing the results (…)." · "Your trail
// is complete. …" · "Waiting for the ghost's shared vision." · "Vote now: you
// see N of 3 cards. …" · "Vote for a group: ↑↓ then v. …" · "You voted for
// group N. …". While the game waits on a ghost whose connection is gone,
// psychics and spectators read "The ghost is away; …" (and the psychics
// pane names the ghost's player with "(away)", as it does for psychics).
// Spectator: "Watching …". After the game: "The psychics won! n: …" or "The
// game is over. n: a new game at this table · l: back to the lobby."
// A discard asks "Confirm the discard: y …".
// A refused command shows the engine's sentence on the line above the keys
// and keeps the selection; "Leave the game? Press y to leave, …" asks before
// leaving a game.
package table
