package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/coder/websocket"

	"github.com/mysterium-ssh/mysterium/term"
)

// hello is the page's first message on a socket.
type hello struct {
	Secret string `json:"secret"` // the browser's secret; "" without storage
	Name   string `json:"name"`   // the display name the player gave
	Table  string `json:"table"`  // the table code of the page's path; "" for the lobby
	Claim  string `json:"claim"`  // a guest's reclaim code (?claim= on the page)
	Invite string `json:"invite"` // the table invitation's token (?invite= on the page)
	Lang   string `json:"lang"`   // the browser's language (navigator.language)
	Cols   int    `json:"cols"`
	Rows   int    `json:"rows"`
}

// control is a text message from the page after its hello.
type control struct {
	Cols int  `json:"cols"` // a resize, with Rows
	Rows int  `json:"rows"`
	Ping bool `json:"ping"` // the page's heartbeat: it only keeps the socket alive
}

// Terminal sizes a page may ask for, as the SSH side clamps them.
const (
	maxCols, maxRows = 500, 200
	minCols, minRows = 10, 5
)

func clampSize(cols, rows int) term.Size {
	return term.Size{Width: min(max(cols, minCols), maxCols), Height: min(max(rows, minRows), maxRows)}
}

// socket is one browser's session: a term.Client over the socket, run by
// the backend until it ends.
func (w *Web) socket(rw http.ResponseWriter, r *http.Request) {
	addr := clientAddr(r, w.cfg.TrustedProxies)
	conn, err := websocket.Accept(rw, r, &websocket.AcceptOptions{
		// Only pages of this server may open a socket (Accept answers 403
		// to others): a socket carries the browser's secret and its seat.
		OriginPatterns: w.origins,
		// Compression keeps a window per socket, which would cost more
		// than the screens it saves: they send only changed lines.
		CompressionMode: websocket.CompressionDisabled,
	})
	if err != nil {
		w.log.Debug("socket refused", "remote", addr, "err", err)
		return
	}
	defer conn.CloseNow()
	conn.SetReadLimit(w.cfg.MaxMessage)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()

	hctx, hcancel := context.WithTimeout(ctx, w.cfg.HelloTimeout)
	typ, data, err := conn.Read(hctx)
	hcancel()
	var h hello
	if err != nil || typ != websocket.MessageText || json.Unmarshal(data, &h) != nil {
		w.log.Debug("socket without a hello", "remote", addr, "err", err)
		conn.Close(websocket.StatusPolicyViolation, "a hello was expected")
		return
	}
	var args []string
	if h.Table != "" {
		args = append(args, h.Table)
	}
	if h.Claim != "" {
		args = append(args, "claim", h.Claim)
	}

	// The sizes the backend lays its screens out for go with the keys,
	// once a screen is drawn (a refusal is a sentence the page shows as
	// it is), with each list (a newer list replaces one not sent yet): the
	// page chooses its font by them, and a phone held upright gets the
	// upright layout's.
	fits := w.cfg.Fits

	keys, typed := io.Pipe()
	resized := make(chan term.Size, 1)
	go w.read(ctx, conn, typed, resized, cancel)
	// The current screen's letter keys, for the page's key bar: the newest
	// list waits in a one-slot mailbox for a writer of its own, so that the
	// session's event loop never waits on the socket.
	hints := make(chan []byte, 1)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case m := <-hints:
				if conn.Write(ctx, websocket.MessageText, m) != nil {
					return
				}
			}
		}
	}()
	again := w.cfg.Backend.ServeTerminal(ctx, term.Client{
		Keys:    keys,
		Screen:  screen{ctx, conn},
		Type:    "xterm-256color",
		Environ: langEnv(h.Lang, r.Header.Get("Accept-Language")),
		Size:    clampSize(h.Cols, h.Rows),
		Resizes: func(ctx context.Context, each func(term.Size)) {
			for {
				select {
				case <-ctx.Done():
					return
				case sz := <-resized:
					each(sz)
				}
			}
		},
		Addr:   addr,
		HangUp: func() { _ = conn.CloseNow() },
		// xterm.js reports clicks and taps once the screen asks: a tap on
		// a card selects it.
		Taps:       true,
		Invitation: h.Invite,
		Hints: func(ks []term.KeyHint) {
			m := keysMessage(ks, fits)
			select {
			case <-hints: // an older list nobody sent yet
			default:
			}
			hints <- m
		},
	}, identityOf(h.Secret, h.Name), args)
	_ = keys.Close()
	if again {
		// The page shows the reason as it is (app.js): in the browser's
		// language, as the session's own words were.
		l, _ := browserLang(h.Lang, r.Header.Get("Accept-Language"))
		conn.Close(websocket.StatusServiceRestart, l.T("the server is restarting"))
		return
	}
	conn.Close(websocket.StatusNormalClosure, "")
}

// read takes the page's messages until the socket ends: keys into typed,
// resizes into resized (the newest wins). A socket silent for ReadIdle, or a
// message over MaxMessage, ends the connection, and with it the session.
func (w *Web) read(ctx context.Context, conn *websocket.Conn, typed *io.PipeWriter, resized chan term.Size, end context.CancelFunc) {
	defer end()
	defer typed.Close()
	for {
		rctx, cancel := context.WithTimeout(ctx, w.cfg.ReadIdle)
		typ, data, err := conn.Read(rctx)
		cancel()
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				w.log.Info("socket closed: message over the limit", "limit", w.cfg.MaxMessage)
			}
			return
		}
		if typ == websocket.MessageBinary {
			// Blocks while the session has not taken the keys before:
			// a browser that types faster than its session reads is
			// held back, not buffered.
			if _, err := typed.Write(data); err != nil {
				return
			}
			continue
		}
		var c control
		if json.Unmarshal(data, &c) != nil {
			continue
		}
		if c.Cols > 0 && c.Rows > 0 {
			select {
			case <-resized: // an older resize nobody took yet
			default:
			}
			resized <- clampSize(c.Cols, c.Rows)
		}
	}
}

// keysMessage is the page's {"keys": [[key, what it does], ...]}, with
// {"fits": [[cols, rows], ...]} when fits is not empty.
func keysMessage(ks []term.KeyHint, fits [][2]int) []byte {
	pairs := make([][2]string, len(ks))
	for i, k := range ks {
		pairs[i] = [2]string{k.Send, k.Desc}
	}
	m, _ := json.Marshal(struct {
		Keys [][2]string `json:"keys"`
		Fits [][2]int    `json:"fits,omitempty"`
	}{pairs, fits})
	return m
}

// screen is a session's screen on a socket: each write is one binary
// message. A write blocks while the browser does not read; the session's
// stall clock hangs up on a browser that stopped.
type screen struct {
	ctx  context.Context
	conn *websocket.Conn
}

func (s screen) Write(p []byte) (int, error) {
	if err := s.conn.Write(s.ctx, websocket.MessageBinary, p); err != nil {
		return 0, err
	}
	return len(p), nil
}
