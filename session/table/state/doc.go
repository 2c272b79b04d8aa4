// Package state is what a session keeps at one table, below the screens
// that draw it: Table holds the newest update from the table's actor and
// its view by type, and what every screen shares, each its own type: the
// chat line and its rate limit (chatBox, ChatBucket), the command outbox,
// a psychic's notes and finger on a card (noteBox, pointing), the sand
// timer, the knock of a revealed result, who sits where (seats), the turn
// alerts it raises and the rectangles taps land in. It also holds the
// pump's messages and what a session needs of the table actor's Table and
// its Subscription (package game/table: Submitter, Subscription, Pump), and the table's
// header (the hour that ended, the countdown).
//
// Its narrow interface: NewTable, the Table's exported fields read by the
// screens, and Out.Submit to send a command; it imports shell and the ui
// packages, never a screen, the table's page or session.
package state
