// Package webtest opens browser sessions for tests the way the page does:
// a real WebSocket to a web.Web, the page's hello, keys as binary messages
// up and the screen as binary messages down, into an sshtest.Client so that
// tests drive a browser player exactly like an SSH one.
package webtest

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// Hello is the page's first message (see the page's app.js).
type Hello struct {
	Secret string `json:"secret"`
	Name   string `json:"name"`
	Table  string `json:"table"`
	Claim  string `json:"claim"`
	Invite string `json:"invite"`
	Lang   string `json:"lang"`
	Cols   int    `json:"cols"`
	Rows   int    `json:"rows"`
}

// NewSecret makes a browser's secret as the page does.
func NewSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Browser is one browser session.
type Browser struct {
	*sshtest.Client
	Conn *websocket.Conn
	// Closed is the socket's close status once Done is closed (-1: none).
	Closed websocket.StatusCode
	Reason string
}

// Dial opens a socket on the web server at base (http://127.0.0.1:PORT)
// and says hello. Origin is sent as base unless origin is given.
func Dial(t testing.TB, base string, h Hello, origin ...string) *Browser {
	t.Helper()
	b, err := DialErr(t, base, h, origin...)
	if err != nil {
		t.Fatalf("webtest: %v", err)
	}
	return b
}

// DialErr is Dial returning the error (and the HTTP answer) instead of
// failing the test.
func DialErr(t testing.TB, base string, h Hello, origin ...string) (*Browser, error) {
	t.Helper()
	if h.Cols == 0 {
		h.Cols, h.Rows = 80, 24
	}
	hdr := http.Header{}
	o := base
	if len(origin) > 0 {
		o = origin[0]
	}
	hdr.Set("Origin", o)
	ctx := context.Background()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(h)
	if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
		return nil, err
	}
	keys := &keyWriter{conn: conn}
	b := &Browser{Conn: conn, Closed: -1}
	var end func(error)
	b.Client, end = sshtest.Attach(t, keys, func() { _ = conn.CloseNow() })
	go func() {
		for {
			typ, data, err := conn.Read(ctx)
			if err != nil {
				b.Closed = websocket.CloseStatus(err)
				var ce websocket.CloseError
				if ok := asClose(err, &ce); ok {
					b.Reason = ce.Reason
				}
				end(err)
				return
			}
			if typ == websocket.MessageBinary {
				_, _ = b.Screen.Write(data)
			}
		}
	}()
	return b, nil
}

// Resize tells the server the page's terminal has a new size.
func (b *Browser) Resize(cols, rows int) error {
	m, _ := json.Marshal(map[string]int{"cols": cols, "rows": rows})
	return b.Conn.Write(context.Background(), websocket.MessageText, m)
}

// keyWriter sends each write as one binary message, as the page does.
type keyWriter struct{ conn *websocket.Conn }

func (k *keyWriter) Write(p []byte) (int, error) {
	if err := k.conn.Write(context.Background(), websocket.MessageBinary, p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (k *keyWriter) Close() error { return k.conn.CloseNow() }

var _ io.WriteCloser = (*keyWriter)(nil)

func asClose(err error, ce *websocket.CloseError) bool {
	return errors.As(err, ce)
}
