// Package session is the Bubble Tea program of one SSH session: the lobby, the
// seat picker, the ghost's, psychics' and spectators' screens, the final phase
// and the replay.
//
// One Model serves one SSH session. It never sees the game's State: it
// subscribes to a *table.Table and draws only the View its Subscription hands
// it, so a psychic's session cannot show what its view type cannot hold.
// Updates arrive through the pump (a tea.Cmd waiting on Subscription.Next,
// re-armed after each update); the actor never calls Program.Send. The
// screen ticks once a second only while a sand timer is shown, and the
// knock animation runs a few frames when a result is revealed; nothing
// else repaints an unchanged screen.
//
// # Sizes
//
// Every screen fits 80x24, and 40x36 held upright (narrower than 80 but
// tall: a phone's browser; the one-screen layouts stacked in a column,
// portrait.go); below that a "Window too small" screen says what to do.
// Under 120x40 the panes of a screen become tabs (tab cycles them); from
// 120x40 up everything is on one screen. Resizing re-lays out at once.
//
// # Keys (stable: the SSH end-to-end tests script them)
//
// Everywhere: ? help (any key closes it) · q leave the table (asks y/n while
// you play; standing up first if the game has not started), quit in the
// lobby · ctrl+c quit at once · P the linear mode for screen readers (each
// change said as a line, no frame drawn; R says where you are again; linearmode.go) ·
// T truecolor on/off · A turn alerts on/off (alerts.go) · enter zoom the card under the cursor (esc, enter or
// any other key goes back; ←→ steps through its row). Keys typed while a
// table is still loading are kept and replayed once it shows.
//
// Lobby: ↑↓/jk table · enter join · w watch · n new table (tab/↑↓ field,
// ←→ change, enter create, esc cancel) · c join by code · i invitation to
// the table under the cursor (the text of `ssh HOST invite CODE`, with the
// table's browser link as a QR code beside or below it where it fits, else
// c shows the code alone; any other key goes back) · e display name.
//
// At a table each screen's key map is the single source of its keys: the
// keys() method of seatScreen, ghostScreen (and dropMarks.keys while it
// marks old cards to drop), psychicScreen (spectators: the looking part),
// finalScreen and endScreen, then the shared keys (tableState.sharedKeys:
// t chat, tab pane, q leave), then the table's own (tableState.tableKeys:
// u, m, w, the host's p and +). Bindings are bubbles/key bindings enabled by
// phase, edition and seat; the key bar, the ? help and Model.Keys (for a
// browser's key bar) are generated from them. Where chat is closed (the
// ghost, spectators during a game, the secret straw poll) t says so, and
// letters typed next are ignored, not taken as keys, until esc or enter.
// What takes the keys from a screen has its own key map (screenkeys.go): a
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
// In a browser (Start.Taps) a tap selects what it lands on as the arrows
// would, and a second tap presses the screen's key for it (taps.go): cards,
// psychics, groups, tabs, the lobby's tables (a second tap joins), the
// new-table form's fields (a second tap takes the next value), the seat
// picker's seats (a second tap sits; the host's on a bot changes its
// level) and the replay's header (◂ an hour back, ▸ on); the rectangles
// come from the drawing itself, never from a second layout.
// After a ghost's gift or reveal the cursor moves to the next psychic who
// needs one, whichever of the table's update and the command's answer
// comes first; after a gift or a discard the hand's cursor is on the new
// hand's first card. A player with two colours who presses c sees the
// other colour's cards, vision and cursor at once. Lists' cursors move through the rows in the order they are
// drawn (TestCursorFollowsDrawnOrder). After the game n starts the next
// game at this same table (the hub resets it in place: everyone at it is
// back at the seat picker, with the bots and the players still there in
// their seats). Notices of the table itself are drawn from the first
// column with ⚑ in the status bar's colours; no player's chat line can
// make one or look like one.
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
// Lobby: "Choose a table: enter to join, w to watch, n to create a new one."
// or "No tables yet. Press n to create one, or c to join one by code."
// Seat picker: "Choose a seat: ↑↓ then enter." · "You sit as ▲ Alma Salvador.
// Press r when you are ready." · "You sit as …, ready. Waiting for the host to
// start." · host: "Press s to start the game: N players seated. Not ready yet:
// …" (when the names do not fit: "N seated, M not ready yet (…)"; or
// ", everyone ready.") · "Seat the ghost (…)" · "Waiting for players: …".
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
//
// # Drawing a frame (what is remembered, and the rule that keeps it right)
//
// Bubble Tea calls View after every message, so drawing is remembered at
// several levels, per model (one goroutine) but for the card-art cache of
// cardart and the shared lines:
//
//   - frameMemo (memo.go): the whole frame, returned while frameKey is
//     unchanged. frameKey must hold every input the drawing code reads: a
//     new field of the model, of tableState or of a screen's cursor struct
//     (seatCursor, ghostCursor, …: screensKey holds them by value) that
//     changes what is drawn needs its place there (TestFrameMemoNeverStale walks every screen
//     with random keys and fails on a stale frame).
//   - bodyMemo: a table screen's body, keys and status, kept across frames
//     in which only the header's countdown or the knock banner moved.
//   - style.Styles (ui/style): inline styles draw one line as a prefix and a
//     suffix worked out once per renderer and colour profile; boxes remember
//     their drawings.
//   - keysMemo, cuts, spreads (frame.go), cleaned (cleaned.go), fitted
//     (fitmemo.go): results keyed by their whole input, so they cannot go
//     stale.
//   - layout.SharedLines (ui/layout): lines every seat drawing the same input
//     draws the same (another psychic's line in the list, the clairvoyance
//     track), drawn once for all sessions. Keyed by the whole input, by
//     value (styles, language, width, the psychic's public facts), so a
//     seat only ever gets the line it would draw itself: a new input of
//     such a line needs its place in the key (TestSharedLinesNeverCross).
//
// A frame is drawn on the session's own goroutine. Handing it to a few
// shared drawer goroutines saved about 23 KiB of stack a session at 1,000
// sessions but queued every seat's frame behind the others': p99 from an
// action to every seat went from 35 to 70 ms (docs/performance.md).
//
// Rows of cards are joined by layout's tile rows without measuring the art:
// every tile line is exactly the tile's width (the tests check it,
// layout.VerifyTiles).
//
// # Rooms
//
// The session is split along its seams into packages below it, each with
// its own doc; none imports session, and they import each other downwards
// only:
//
//   - ui/style: the colours (Styles, per colour profile, shared).
//   - ui/layout: measuring, cutting, wrapping and fitting text, rows of card
//     tiles, the card sizes, lines shared by every seat; nothing of a session.
//   - words: the game's words and sentences, and their French.
//   - keymap: a screen's key map (bindings: action, bar and help from one
//     list) and the key a session receives.
//   - ui/input: the one-line text field (chat, notes, prompts).
//   - ui/cardface: a card's words and picture, and its tiles.
//   - linear: a table's changes said as lines, the linear mode's words.
//   - cardart: the card art drawn in a terminal.
//
// This package keeps the Model (the connection's glue, the lobby, the
// table's screens, the linear mode and the routing between them).
package session
