// Package server is the Wish SSH daemon: middleware, authentication, routing to
// the lobby, a table or a plain command, the registry of tables, and limits.
//
// Its parts, each a type of its own: Server (the daemon: listening, the
// middleware chain, shutdown), Hub (the lobby's registry of tables; the
// players' names, languages and alerts are its embedded players), the
// moderator (the admins' commands and bans), keyLists (the allow and admin
// key files), gate (the per-address limits) and webGate (which browsers
// come in). The packages under it take what has a narrow door of its own:
// store (the state on disk), guests (the keyless players' reclaim codes),
// metrics (the Prometheus series), relay (the PROXY protocol's trusted
// relays), weblink (the browser invitation links' tokens) and sshtest (an
// SSH client for the tests). None of them imports server.
package server
