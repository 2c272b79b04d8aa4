package server

import "time"

// TableStatuses is tableStatuses for the external tests.
var TableStatuses = tableStatuses

// LiveSessions is the number of sessions registered now: a test waits on it
// to know the server's end of its sessions is over.
func (s *Server) LiveSessions() int { return len(s.live()) }

// SetKeyWatchInterval makes the servers started from now on check their key
// files every d; the returned func restores the interval (for t.Cleanup).
func SetKeyWatchInterval(d time.Duration) (restore func()) {
	old := keyWatchInterval
	keyWatchInterval = d
	return func() { keyWatchInterval = old }
}
