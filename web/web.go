package web

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// Backend runs sessions: *server.Server is one. ServeTerminal runs one
// browser's session until it ends and reports whether the browser should
// come back by itself (the server is restarting).
type Backend interface {
	ServeTerminal(ctx context.Context, t term.Client, who session.Identity, args []string) (again bool)
}

// Config is the browser way in's settings (the serve command's --web-*
// flags).
type Config struct {
	// Addr is the address to listen on ("127.0.0.1:8080").
	Addr string
	// URL is the public address players open (https://play.example.net/),
	// when it differs from Addr: behind a reverse proxy. Invitations show
	// links under it, and pages served under its host may open sockets.
	URL string
	// TLSCert and TLSKey, both or neither, serve HTTPS.
	TLSCert, TLSKey string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the real client (for the limits per address and the log).
	TrustedProxies []netip.Prefix
	// Public allows listening without TLS on an address that is not
	// loopback or private. Without it such a start is refused: the
	// browser's secret, and with it the player's seat, would cross the
	// internet in clear.
	Public bool
	// Logger receives the log; nil means log.Default().
	Logger *log.Logger
	// Backend runs the sessions.
	Backend Backend
	// Fits are the window sizes (columns, rows) the backend lays its
	// screens out for (session.Fits: 80x24, and a phone held upright's):
	// the page takes the one that gives it the largest font. Nil: 80x24.
	Fits [][2]int

	// MaxMessage bounds one message from a browser (default 8 KiB); a
	// larger one ends its connection.
	MaxMessage int64
	// HelloTimeout is how long a new socket has to say who it is (default
	// 10 s); ReadIdle is how long a socket may send nothing, not even the
	// page's heartbeat, before it is closed (default 90 s).
	HelloTimeout, ReadIdle time.Duration
}

// Web is the HTTP side: the page and the sockets.
type Web struct {
	cfg     Config
	log     *log.Logger
	origins []string
	http    *http.Server
	// bound is the address Serve listens on: with port 0 in Addr, the
	// port the system chose, which links must carry (Link).
	bound atomic.Pointer[string]
}

// New checks cfg and prepares the HTTP server; it does not listen yet.
func New(cfg Config) (*Web, error) {
	if cfg.Backend == nil {
		return nil, errors.New("web: no backend")
	}
	if (cfg.TLSCert == "") != (cfg.TLSKey == "") {
		return nil, errors.New("web: --web-tls-cert and --web-tls-key go together")
	}
	if err := checkListen(cfg.Addr, cfg.TLSCert != "", cfg.Public); err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = log.Default()
	}
	if cfg.MaxMessage <= 0 {
		cfg.MaxMessage = 8 << 10
	}
	if cfg.HelloTimeout <= 0 {
		cfg.HelloTimeout = 10 * time.Second
	}
	if cfg.ReadIdle <= 0 {
		cfg.ReadIdle = 90 * time.Second
	}
	w := &Web{cfg: cfg, log: cfg.Logger.WithPrefix("web")}
	if cfg.URL != "" {
		u, err := url.Parse(cfg.URL)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return nil, fmt.Errorf("web: --web-url %q is not an http(s) URL", cfg.URL)
		}
		// Pages come from the public host; the socket's Origin check lets
		// them in even when the proxy rewrites Host.
		w.origins = []string{u.Host}
	}
	w.http = &http.Server{
		Handler:           w.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second, // a socket's connection is hijacked: none of these apply to it
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          w.log.StandardLog(log.StandardLogOptions{ForceLevel: log.DebugLevel}),
		TLSConfig:         &tls.Config{MinVersion: tls.VersionTLS12},
	}
	return w, nil
}

// checkListen refuses to serve without TLS on an address the internet may
// reach, unless public says so: loopback and private addresses (a home
// network, or a reverse proxy on the same machine) are fine.
func checkListen(addr string, tls, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("web: --web %q: %w", addr, err)
	}
	if tls || public {
		return nil
	}
	if host == "localhost" {
		return nil
	}
	a, err := netip.ParseAddr(host)
	if err == nil && (a.IsLoopback() || a.IsPrivate()) {
		return nil
	}
	return fmt.Errorf("web: --web %s would serve browsers without TLS on an address the internet may reach; "+
		"listen on a loopback or private address (127.0.0.1:8080, behind a TLS reverse proxy), "+
		"give --web-tls-cert and --web-tls-key, or say --web-public", addr)
}

// Link is the address of table code for players (the lobby for ""): under
// URL when set, else under the listen address.
func (w *Web) Link(code string) string {
	base := w.cfg.URL
	if base == "" {
		scheme := "http"
		if w.cfg.TLSCert != "" {
			scheme = "https"
		}
		addr := w.cfg.Addr
		if b := w.bound.Load(); b != nil {
			addr = *b
		}
		base = scheme + "://" + addr
	}
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	// A private table's code goes without its dash (K7QXM2PD): a page's
	// path is letters and digits, and the server reads the code either way.
	u.Path = "/" + strings.ReplaceAll(code, "-", "")
	return u.String()
}

// Listen listens on Addr, for Serve.
func (w *Web) Listen() (net.Listener, error) {
	ln, err := net.Listen("tcp", w.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("web: listen: %w", err)
	}
	addr := ln.Addr().String()
	w.bound.Store(&addr)
	return ln, nil
}

// Serve serves on ln until ctx ends, then stops accepting. Sockets already
// open are sessions: the backend ends them (a server shutdown tells each
// player and closes its socket with "come back").
func (w *Web) Serve(ctx context.Context, ln net.Listener) error {
	addr := ln.Addr().String()
	w.bound.Store(&addr)
	w.log.Info("listening", "addr", ln.Addr().String(), "tls", w.cfg.TLSCert != "", "url", w.Link(""))
	errc := make(chan error, 1)
	go func() {
		if w.cfg.TLSCert != "" {
			errc <- w.http.ServeTLS(ln, w.cfg.TLSCert, w.cfg.TLSKey)
		} else {
			errc <- w.http.Serve(ln)
		}
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("web: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = w.http.Shutdown(sctx)
	<-errc
	return nil
}
