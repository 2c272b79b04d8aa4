// Command v1hello is the hello shape of the Mysterium server on Bubble Tea
// v1 and Wish v1, as go.mod pins them: an ed25519 host key, every public key
// let in, one Bubble Tea program per terminal session without Bubble Tea's
// renderer, keys through term.KeyReader (the per-second limit), frames
// written by term.Screen, window changes forwarded by a goroutine of their
// own. A session's model redraws on each key and tells the other sessions
// of its room (the command line) about it. v2hello is the same on v2; the
// load tool (../load) measures both. See docs/performance.md.
package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/test/v2hello/hello"
)

// keysPerSecond is the server's default limit (server.Limits).
const keysPerSecond = 40

type program = tea.Program

var rooms hello.Rooms[program]

// pressed tells a session that its partner pressed a key.
type pressed struct{ n int }

type model struct {
	header        func(string) string // the header's style (hello.Inline)
	room          string
	self          *tea.Program
	keys, partner int
	w, h          int
}

func (m *model) Init() tea.Cmd { return nil }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if msg.String() == "q" || msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
		m.keys++
		n := m.keys
		rooms.Others(m.room, m.self, func(p *tea.Program) { go p.Send(pressed{n}) })
	case pressed:
		m.partner = msg.n
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	}
	return m, nil
}

func (m *model) View() string {
	return hello.Frame(m.header, m.room, m.keys, m.partner, m.w, m.h)
}

func handler(sess ssh.Session) {
	pty, windows, ok := sess.Pty()
	if !ok {
		wish.Fatalln(sess, "a terminal is needed (ssh -t)")
		return
	}
	room := strings.Join(sess.Command(), " ")
	r := term.NewRenderer(sess, pty.Term, sess.Environ())
	m := &model{
		header: hello.Inline(func(s string) string {
			return r.NewStyle().Bold(true).Foreground(lipgloss.Color("#f0c674")).Background(lipgloss.Color("#373b41")).Render(s)
		}),
		room: room, w: pty.Window.Width, h: pty.Window.Height,
	}
	keys := term.NewKeyReader(sess)
	keys.Limit(keysPerSecond, func() {})
	scr := term.NewScreen(sess, pty.Window.Width, pty.Window.Height)
	p := tea.NewProgram(term.OnScreen(m, scr),
		tea.WithInput(keys),
		tea.WithOutput(io.Discard),
		tea.WithoutRenderer(),
		tea.WithoutSignalHandler(),
		tea.WithFilter(func(_ tea.Model, msg tea.Msg) tea.Msg { return msg }),
	)
	m.self = p
	leave := rooms.Join(room, p)
	defer leave()
	ctx, stop := context.WithCancel(sess.Context())
	defer stop()
	stopQuit := context.AfterFunc(ctx, p.Quit)
	defer stopQuit()
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case w, ok := <-windows:
				if !ok {
					return
				}
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			}
		}
	}()
	if _, err := p.Run(); err != nil {
		log.Printf("program: %v", err)
	}
	p.Kill()
	scr.Close(term.CloseWait)
	_ = sess.Exit(0)
}

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "SSH address")
	flag.Parse()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(key, "")
	if err != nil {
		log.Fatal(err)
	}
	srv, err := wish.NewServer(
		wish.WithHostKeyPEM(pem.EncodeToMemory(block)),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithMiddleware(func(ssh.Handler) ssh.Handler { return handler }),
	)
	if err != nil {
		log.Fatal(err)
	}
	debug, err := hello.Serve()
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("ssh=%s debug=%s\n", ln.Addr(), debug)
	go func() { _ = srv.Serve(ln) }()
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	<-c
}
