// Package web is the browser way in: with --web, the server also answers
// HTTP with one page, a terminal (xterm.js, vendored and embedded, nothing
// fetched at run time), and a WebSocket that carries that terminal's keys
// and screen. A browser session is a session like an SSH one: the page's
// socket becomes a term.Client and the server runs it (Backend, which
// *server.Server implements) with the same program, screen writer, key
// reader, sanitiser, limits per address and hub. There is no SSH inside the
// process and no second copy of any screen.
//
// The protocol on the socket, deliberately small: the page's first message
// is a JSON hello (its secret, name, table and terminal size); then binary
// messages are keys one way and screen bytes the other, and text messages
// are JSON control (a resize or a heartbeat from the page; the current
// screen's keys to the page).
//
// A browser is known by a random secret it keeps in its storage; the server
// only ever sees it to hash it into the player's identity (identity.go).
package web
