package server

import (
	"context"
	"io"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/term"
)

// client is one session's client as the rest of the server sees it,
// whichever way it came in (an SSH channel, or a browser's WebSocket through
// ServeTerminal): its keys, its screen behind a stall clock, its terminal's
// size and type, and how to tell it things or hang up on it.
type client struct {
	ctx   context.Context // ends with the client's connection
	in    io.Reader       // keys
	out   io.Writer       // the screen; every write passes through watch
	watch *term.OutputWatch

	terminal bool // the client has a terminal (an SSH pty; a browser always)
	termType string
	environ  []string
	size     term.Size
	// pixels is the terminal's text area in pixels as the pty request
	// gave it (OpenSSH sends it); zero when unknown.
	pixels term.Size
	// resizes calls each with the terminal's size, then with every window
	// change, from a goroutine that exists anyway (an SSH channel's request
	// guard), until stop is called; nil when there are none. each must not
	// block.
	resizes func(each func(term.Size)) (stop func())

	ip     string
	hangUp func() // closes the connection at once: the one way to free a writer stuck on a client that stopped reading

	refuse func(msg string) // tells the client why it is turned away and ends the session with a failure status
	exit   func(code int)   // ends the session with an exit status

	ssh ssh.Session // the watched SSH session, for plain commands; nil for other clients

	hints func([]term.KeyHint) // see term.Client.Hints; nil for SSH
	taps  bool                 // see term.Client.Taps; never for SSH

	// only is the one table a browser let in by an invitation may open
	// (webaccess.go); "" for every other client.
	only string
}

// sshClient adapts an SSH session.
func sshClient(sess ssh.Session) *client {
	pty, _, hasPty := sess.Pty()
	watch := term.NewOutputWatch(sess)
	watched := watchedSession{sess, watch}
	c := &client{
		ctx:      sess.Context(),
		in:       sess,
		out:      watched,
		watch:    watch,
		terminal: hasPty,
		environ:  sess.Environ(),
		size:     term.Size{Width: pty.Window.Width, Height: pty.Window.Height},
		pixels:   term.Size{Width: pty.Window.WidthPixels, Height: pty.Window.HeightPixels},
		ip:       hostOf(sess.RemoteAddr()),
		hangUp:   func() { closeConn(sess) },
		refuse:   func(msg string) { wish.Fatalln(watched, msg) },
		exit:     func(code int) { _ = sess.Exit(code) },
		ssh:      watched,
	}
	if hasPty {
		c.termType = pty.Term
		// The window changes never reach the SSH library's channel of
		// them (read by nobody): the request guard takes them.
		if g := guardOf(sess.Context()); g != nil {
			c.resizes = g.sizes.follow
		}
	}
	return c
}

// closeConn closes the session's SSH connection. It is the connection, not
// the channel, because closing a channel needs the client's answer, and a
// writer blocked on a stuck transport or an exhausted channel window is only
// freed when the connection goes. Other sessions multiplexed on that
// connection end too; on a stuck transport they could not have gone on anyway.
func closeConn(sess ssh.Session) {
	if c, ok := sess.Context().Value(ssh.ContextKeyConn).(io.Closer); ok {
		_ = c.Close()
	}
}

// watchedSession is an SSH session whose writes go through a stall clock's
// OutputWatch; everything else is the session's.
type watchedSession struct {
	ssh.Session
	out *term.OutputWatch
}

func (w watchedSession) Write(p []byte) (int, error) { return w.out.Write(p) }

// way is the way the client came in, for the metrics.
func (c *client) way() string {
	if c.ssh != nil {
		return metrics.WaySSH
	}
	return metrics.WayWeb
}
