package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"

	"github.com/mysterium-ssh/mysterium/keys"
	"github.com/mysterium-ssh/mysterium/server/guests"
	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/server/relay"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// ModelFunc builds the Bubble Tea model of one session with a terminal. It has
// the signature of session.New, which is what the server uses unless a test
// plugs in something smaller.
type ModelFunc func(ctx context.Context, hub session.Hub, who session.Identity, start session.Start, r *term.Renderer, width, height int) term.Model

// Server is the Mysterium SSH daemon: one Wish server, the lobby's registry of
// tables (the hub), and the sessions currently connected.
type Server struct {
	cfg    Config
	limits Limits
	log    *log.Logger
	ssh    *ssh.Server
	gate   *gate
	hub    *Hub
	guests *guests.Book
	// metrics are the Prometheus series (package metrics); always counted,
	// served only with --metrics.
	metrics *metrics.Metrics

	hostKeyPath string
	hostKeyFP   string

	// keys are the allow and admin key lists (keylists.go).
	keys *keyLists
	// relays are the PROXY protocol's trusted relays; nil without
	// --proxy-protocol.
	relays *relay.Policy
	// webGate decides which browsers come in (webaccess.go).
	webGate *webGate

	mu      sync.Mutex
	closing bool
	// serving are the listeners Serve was given, each with a channel closed
	// when its ssh.Serve has returned.
	serving  []servingListener
	sessions map[*liveSession]struct{}
	drained  chan struct{} // closed when closing and no session is left
	nextID   uint64
	addr     net.Addr
	// moderator runs the admins' commands and keeps who they kept out
	// (admin.go, bans.go).
	moderator *moderator
}

// New prepares a server: it loads or creates the host key in the data dir,
// the key lists, the deck, and the tables a store holds. It does not listen yet.
func New(cfg Config) (*Server, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.Logger == nil {
		cfg.Logger = log.Default()
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	if cfg.NewModel == nil {
		cfg.NewModel = session.New
	}
	s := &Server{
		cfg:      cfg,
		limits:   cfg.Limits.withDefaults(),
		log:      cfg.Logger.WithPrefix("server"),
		sessions: map[*liveSession]struct{}{},
	}
	if len(cfg.ProxyProtocol) > 0 {
		s.relays = &relay.Policy{Trusted: cfg.ProxyProtocol, Wait: s.limits.HandshakeTimeout, Log: s.log,
			Refused: func(r relay.Refusal) { s.metrics.Refuse(relayRefusals[r]) }}
	}
	s.metrics = metrics.New(cfg.Version, func() map[string]int { return s.hub.tableStates() })
	s.gate = newGate(s.limits)
	s.gate.refused = s.metrics.Refuse
	gs, _ := cfg.Store.(guests.Store) // nil: a store without guests, or none
	book, err := guests.New(gs, s.log)
	if err != nil {
		return nil, err
	}
	s.guests = book

	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("server: create data dir: %w", err)
	}
	path, fp, err := keys.LoadOrCreateHostKey(cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("server: host key: %w", err)
	}
	s.hostKeyPath, s.hostKeyFP = path, fp
	s.keys = &keyLists{allowPath: cfg.AllowKeysFile, adminPath: cfg.AdminKeysFile, log: s.log}
	if err := s.ReloadKeys(); err != nil {
		return nil, err
	}
	if s.webGate, err = newWebGate(cfg); err != nil {
		return nil, err
	}

	hub, err := newHub(hubConfig{
		logger: cfg.Logger.WithPrefix("hub"),
		limits: s.limits,
		store:  cfg.Store,
		deck:   cfg.DeckDir,
		timer:  cfg.Timer,
		away:   cfg.TakeoverAfter,
		level:  cfg.BotLevel,
		pause:  cfg.MaxPause,
		delay:  cfg.BotDelay,

		metrics: s.metrics,
		clock:   cfg.Clock,
		watch:   cfg.DataWatch,
	})
	if err != nil {
		return nil, err
	}
	hub.guesses = s.gate
	hub.webGate = s.webGate
	s.hub = hub
	s.moderator = &moderator{hub: hub, log: s.log, live: s.live}
	hub.hostKey, hub.publicAddr, hub.listenAddr = s.hostKeyFP, cfg.PublicAddr, cfg.Listen
	if hub.hostname, err = os.Hostname(); err != nil {
		hub.hostname = "HOST"
	}

	srv, err := wish.NewServer(
		wish.WithAddress(cfg.Listen),
		wish.WithVersion("mysterium"),
		ssh.HostKeyFile(path),
		wish.WithPublicKeyAuth(s.keys.publicKeyAuth),
		wish.WithKeyboardInteractiveAuth(s.keyboardInteractiveAuth),
		wish.WithIdleTimeout(s.limits.IdleTimeout),
		wish.WithMiddleware(s.middleware()),
	)
	if err != nil {
		return nil, fmt.Errorf("server: ssh: %w", err)
	}
	srv.ConnCallback = s.onConnect
	// Every session channel's requests pass guardRequests: terminal sizes
	// are clamped before anything sees them (see termsize.go).
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": sessionChannel}
	srv.ConnectionFailedCallback = func(c net.Conn, err error) {
		s.log.Debug("handshake failed", "remote", c.RemoteAddr().String(), "err", err)
	}
	s.ssh = srv
	return s, nil
}

// HostKeyFingerprint is the SHA256 fingerprint of the server's host key, for
// people to compare with what their ssh client shows on first connect.
func (s *Server) HostKeyFingerprint() string { return s.hostKeyFP }

// Hub is the registry of tables (the session.Hub the lobby talks to).
func (s *Server) Hub() *Hub { return s.hub }

// Addr is the address the server listens on, once Serve has started.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// ReloadKeys re-reads the allow and admin key files (on start and on SIGHUP).
// A file that cannot be read keeps the previous list and returns the error.
func (s *Server) ReloadKeys() error { return s.keys.reload() }

// ListenAndServe listens on cfg.Listen and serves until ctx is cancelled,
// then shuts down gracefully (within ShutdownGrace).
func (s *Server) ListenAndServe(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("server: listen: %w", err)
	}
	return s.Serve(ctx, ln)
}

// ShutdownGrace is how long a graceful shutdown waits for sessions to leave
// before it closes the remaining connections; well under the 10 s a service
// manager allows.
const ShutdownGrace = 8 * time.Second

// Serve accepts connections on ln until ctx is cancelled, then shuts down
// gracefully. It returns nil after a shutdown asked for by ctx.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.mu.Lock()
	s.addr = ln.Addr()
	s.mu.Unlock()
	s.log.Info("listening", "addr", ln.Addr().String(), "host-key", s.hostKeyFP)

	wctx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	s.keys.watch(wctx)

	// The listener is registered before ssh.Serve starts, under the same
	// lock as closing: a Shutdown either finds it (and closes it, then waits
	// for ssh.Serve to return, see Shutdown) or comes first (and Serve does
	// not start).
	errc := make(chan error, 1)
	served := make(chan struct{})
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		_ = ln.Close()
		return nil
	}
	s.serving = append(s.serving, servingListener{ln, served})
	s.mu.Unlock()
	go func() {
		errc <- s.ssh.Serve(ln)
		close(served)
	}()
	select {
	case err := <-errc:
		if errors.Is(err, ssh.ErrServerClosed) || s.isClosing() {
			return nil
		}
		s.hub.close()
		return fmt.Errorf("server: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	err := s.Shutdown(sctx)
	<-errc
	return err
}

// Shutdown stops accepting connections, tells every session that the server is
// restarting, waits for them to leave (or for ctx), closes what is left, and
// stops the tables (their journals are written before each result is
// announced, so there is nothing else to flush).
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	s.closing = true
	s.drained = make(chan struct{})
	live := make([]*liveSession, 0, len(s.sessions))
	for ls := range s.sessions {
		live = append(live, ls)
	}
	if len(s.sessions) == 0 {
		close(s.drained)
	}
	drained := s.drained
	serving := s.serving
	s.mu.Unlock()

	s.log.Info("shutting down", "sessions", len(live))
	// Stop accepting, and wait until ssh.Serve has returned before asking
	// ssh.Server.Shutdown to wait for its listeners: a Serve that was still
	// starting would otherwise register its listener (a WaitGroup Add) while
	// Shutdown waits on the same WaitGroup, which the race detector reports
	// (and which could miss the listener). After this, Shutdown only waits
	// for the connections, which we end below.
	for _, sl := range serving {
		_ = sl.ln.Close()
	}
	for _, sl := range serving {
		select {
		case <-sl.served:
		case <-ctx.Done():
		}
	}
	shut := make(chan error, 1)
	go func() { shut <- s.ssh.Shutdown(ctx) }()
	for _, ls := range live {
		ls.end(endRestart)
	}
	var err error
	select {
	case <-drained:
	case <-ctx.Done():
		err = fmt.Errorf("server: sessions still open at shutdown deadline: %w", ctx.Err())
	}
	// Whatever is left (connections without a session, multiplexing masters,
	// clients stuck mid-handshake or not reading) is closed now.
	_ = s.ssh.Close()
	<-shut
	s.hub.close()
	if s.cfg.Store != nil {
		if cerr := s.cfg.Store.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("server: close store: %w", cerr))
		}
	}
	s.log.Info("stopped")
	return err
}

// onConnect runs for every accepted TCP connection, before the SSH handshake.
// It records the connection for the per-address rate limit, drops outright an
// address far over it (a flood gets no handshake), and arms the handshake
// timeout.
func (s *Server) onConnect(ctx ssh.Context, c net.Conn) net.Conn {
	s.mu.Lock()
	closing := s.closing
	s.mu.Unlock()
	if closing {
		s.metrics.Refuse(metrics.ShuttingDown)
		return nil
	}
	if s.relays != nil {
		// From here on the client's address is the one its relay names.
		if c = s.relays.Wrap(c); c == nil {
			return nil
		}
	}
	s.metrics.Connected()
	ctx.SetValue(ctxKeyChannels, new(atomic.Int32))
	ip := hostOf(c.RemoteAddr())
	over, retry := s.gate.connRate(ip)
	if over > 0 {
		if over > 2*s.limits.ConnsPerMinutePerIP {
			s.metrics.Refuse(metrics.ConnFlood)
			if logIt, n := s.gate.connRefused(ip); logIt {
				s.log.Warn("connection flood: dropped before handshake", "remote", ip, "limit", s.limits.ConnsPerMinutePerIP, "refused", n)
			}
			return nil
		}
		// Let the handshake finish so the client can be told why (rateLimit).
		ctx.SetValue(ctxKeyRetry, retry)
	}
	// Handshake timeout: the connection context gets the ssh.Conn once the
	// handshake and authentication are done; a connection still without one
	// when the timer fires is closed.
	time.AfterFunc(s.limits.HandshakeTimeout, func() {
		if ctx.Value(ssh.ContextKeyConn) == nil {
			select {
			case <-ctx.Done():
			default:
				s.log.Info("handshake timeout", "remote", ip)
				s.metrics.Refuse(metrics.HandshakeTimeout)
				_ = c.Close()
			}
		}
	})
	return c
}

type ctxKey struct{ name string }

// ctxKeyRetry marks a connection accepted over its address's rate limit; the
// value is how long until the next connection would be within it.
var ctxKeyRetry = &ctxKey{"retry"}

// servingListener is a listener given to Serve, and a channel closed when
// ssh.Serve has returned from it.
type servingListener struct {
	ln     net.Listener
	served chan struct{}
}

// isClosing reports whether Shutdown has begun.
func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}
