// Package session is the Bubble Tea program of one SSH session: the lobby, the
// seat picker, the ghost's, psychics' and spectators' screens, the final phase
// and the replay.
//
// One Model serves one SSH session. It never sees the game's State: it
// subscribes to the table actor (a game/table.Table) and draws only the
// View its Subscription hands it, so a psychic's session cannot show what
// its view type cannot hold.
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
// change said as a line, no frame drawn; R says where you are again; package linear) ·
// T truecolor on/off · A turn alerts on/off (alerts.go) · enter zoom the card under the cursor (esc, enter or
// any other key goes back; ←→ steps through its row). Keys typed while a
// table is still loading are kept and replayed once it shows.
//
// Lobby: see package lobby.
//
// At a table each screen's key map is the single source of its keys (see
// package table).
//
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
// # Status lines (the bottom line, stable prefixes)
//
// Lobby: see package lobby.
// At a table: see package table.
//
// # Drawing a frame (what is remembered, and the rule that keeps it right)
//
// Bubble Tea calls View after every message, so drawing is remembered at
// several levels, per model (one goroutine) but for the card-art cache of
// cardart and the shared lines:
//
//   - frameMemo (memo.go): the whole frame, returned while frameKey is
//     unchanged. frameKey must hold every input the drawing code reads: a
//     new field of the model, of the shell (its ShellKey), of table.TableState
//     (its TableKey) or of a screen's cursor struct
//     (seatCursor, ghostCursor, …: screensKey holds them by value) that
//     changes what is drawn needs its place there (TestFrameMemoNeverStale walks every screen
//     with random keys and fails on a stale frame).
//   - shell.BodyMemo: a table screen's body, keys and status, kept across frames
//     in which only the header's countdown or the knock banner moved.
//   - style.Styles (ui/style): inline styles draw one line as a prefix and a
//     suffix worked out once per renderer and colour profile; boxes remember
//     their drawings.
//   - the shell's keysMemo, cuts, spreads (frame.go), cleaned (cleaned.go),
//     fitted (fitmemo.go): results keyed by their whole input, so they cannot go
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
//   - lobby: the lobby page (the tables, the new-table form, the code and
//     name prompts, the invitation).
//   - table: the page of one table, TableState and the screens it drives
//     (the ghost's, psychics' and spectators' screens, the final phase),
//     with their keys, status lines and French.
//   - table/seat: the seat picker, the table's screen before the game.
//   - table/end: the end screen and the replay, after the game.
//   - table/state: what a session keeps at one table and every screen
//     shares (state.Table: the update and its view, the chat, the outbox,
//     the notes, the sand timer, the knock, the seats), the pump's
//     messages and the table's header.
//   - shell: what every page of one session shares (Shell: who plays, the
//     window, the styles, the flash line, the clock, the turn alerts, the
//     frame and its memos) and what a page asks of the session (Host).
//   - ui/style: the colours (Styles, per colour profile, shared).
//   - ui/layout: measuring, cutting, wrapping and fitting text, rows of card
//     tiles, the card sizes, lines shared by every seat; nothing of a session.
//   - words: the game's words and sentences, and their French.
//   - keymap: a screen's key map (bindings: action, bar and help from one
//     list) and the key a session receives.
//   - ui/input: the one-line text field (chat, notes, prompts).
//   - ui/cardface: a card's words and picture, and its tiles.
//   - linear: the linear mode for screen readers (Mode), a table's changes
//     said as lines and the mode's words.
//   - cardart: the card art drawn in a terminal.
//
// This package keeps the Model: the connection's glue (the hub, the pump,
// joining and leaving a table), the keys that work everywhere, the help,
// the frame memo, and the routing between the pages.
package session
