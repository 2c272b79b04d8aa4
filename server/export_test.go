package server

// TableStatuses is tableStatuses for the external tests.
var TableStatuses = tableStatuses

// LiveSessions is the number of sessions registered now: a test waits on it
// to know the server's end of its sessions is over.
func (s *Server) LiveSessions() int { return len(s.live()) }
