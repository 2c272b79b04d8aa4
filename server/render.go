package server

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/muesli/termenv"
)

// newRenderer builds the session's own lipgloss renderer, so that colour is
// detected per client (TERM and COLORTERM from the SSH session, never the
// server's environment).
//
// It is what wish's bubbletea.MakeRenderer builds, minus its background
// query: MakeRenderer asks the terminal for its background colour and device
// attributes and then reads the session until the answer comes. A client that
// never answers blocks the session until its first keystroke, which the query
// then swallows. Here the question is asked without waiting (askBackground)
// and the answer is read by the session's keyReader, which adjusts the
// renderer when it arrives; until then the background counts as dark.
func newRenderer(sess ssh.Session) *lipgloss.Renderer {
	pty, _, ok := sess.Pty()
	if !ok || pty.Term == "" || pty.Term == "dumb" {
		r := lipgloss.NewRenderer(sess, termenv.WithProfile(termenv.Ascii))
		r.SetHasDarkBackground(true)
		return r
	}
	env := sshEnviron(append(sess.Environ(), "TERM="+pty.Term))
	r := lipgloss.NewRenderer(sess, termenv.WithEnvironment(env), termenv.WithUnsafe(), termenv.WithColorCache(true))
	r.SetHasDarkBackground(true)
	return r
}

// bgQuery asks the terminal for its background colour (OSC 11).
const bgQuery = "\x1b]11;?\a"

// sshEnviron is the session's environment as termenv reads it.
type sshEnviron []string

func (e sshEnviron) Environ() []string { return e }

func (e sshEnviron) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(e[i], k+"="); ok {
			return v
		}
	}
	return ""
}

// parseBackground reads a terminal's answer to bgQuery
// ("\x1b]11;rgb:RRRR/GGGG/BBBB" ended by BEL or ST) and reports whether the
// background is dark (HSL lightness below one half).
func parseBackground(reply []byte) (dark, ok bool) {
	s := string(reply)
	s, found := strings.CutPrefix(s, "\x1b]11;")
	if !found {
		return false, false
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, "\a"), "\x1b\\")
	s, found = strings.CutPrefix(s, "rgb:")
	if !found {
		s, found = strings.CutPrefix(s, "rgba:")
		if !found {
			return false, false
		}
	}
	parts := strings.Split(s, "/")
	if len(parts) < 3 {
		return false, false
	}
	var c [3]float64
	for i := range 3 {
		p := parts[i]
		if len(p) == 0 || len(p) > 4 {
			return false, false
		}
		v, err := strconv.ParseUint(p, 16, 16)
		if err != nil {
			return false, false
		}
		c[i] = float64(v) / float64(uint64(1)<<(4*len(p))-1)
	}
	lo, hi := min(c[0], c[1], c[2]), max(c[0], c[1], c[2])
	return (lo+hi)/2 < 0.5, true
}
