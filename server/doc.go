// Package server is the Wish SSH daemon: middleware, authentication, routing to
// the lobby, a table or a plain command, the registry of tables, and limits.
package server
