package main

import (
	"os"
	"runtime/debug"
)

// serveGCPercent is the garbage collector's target for the server when the
// environment does not set GOGC. Most of what a session allocates is the
// garbage of drawing frames; at Go's default (100) the heap may grow to
// twice the live data between collections, and with a thousand sessions
// that headroom was a fifth of the server's memory. 50 measured 325 KiB per
// session instead of 412 at 300 sessions, for about one more percent of a
// core in collection (docs/performance.md).
const serveGCPercent = 50

// tuneGC applies serveGCPercent unless GOGC is set (an operator's choice
// wins). It returns the percent in force.
func tuneGC() int {
	if v, ok := os.LookupEnv("GOGC"); ok && v != "" {
		prev := debug.SetGCPercent(100)
		debug.SetGCPercent(prev)
		return prev
	}
	debug.SetGCPercent(serveGCPercent)
	return serveGCPercent
}
