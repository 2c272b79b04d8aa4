// Package session is the Bubble Tea program of one SSH session: the lobby, the
// seat picker, the ghost's, psychics' and spectators' screens, the final phase
// and the replay.
package session
