package server

import (
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"

	"github.com/mysterium-ssh/mysterium/term"
)

// newRenderer builds the session's own lipgloss renderer from what the SSH
// client said about its terminal (the pty's TERM and the session's
// environment); see term.NewRenderer.
func newRenderer(sess ssh.Session) *lipgloss.Renderer {
	pty, _, ok := sess.Pty()
	if !ok {
		return term.NewRenderer(sess, "", nil)
	}
	return term.NewRenderer(sess, pty.Term, sess.Environ())
}
