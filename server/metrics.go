package server

import (
	"io"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/relay"
)

// metrics are the server's Prometheus series (--metrics): counts and
// durations only. A label's value is always one of a short closed list
// (a way in, a table state, an edition, an outcome, a refusal's reason),
// never a table code, a name, a key, an address or anything a client typed,
// so nothing scraped can tell who played or where a private table is.
//
// Every server has its own registry (tests run several servers in one
// process). The hot paths only add to counters: a frame written is two
// atomic additions, with nothing allocated.
type metrics struct {
	reg *prometheus.Registry

	sessions       *prometheus.GaugeVec
	sessionsOpened *prometheus.CounterVec
	gamesStarted   *prometheus.CounterVec
	gamesFinished  *prometheus.CounterVec
	actions        prometheus.Counter
	journalWrite   prometheus.Histogram
	journalErrors  prometheus.Counter
	refusals       *prometheus.CounterVec
	frames         prometheus.Counter
	bytes          prometheus.Counter
	connections    prometheus.Counter

	// The children for the closed label lists, looked up once.
	way     map[string]prometheus.Gauge
	refused map[string]prometheus.Counter
}

// Ways in, as the sessions' label says them.
const (
	waySSH = "ssh"
	wayWeb = "web"
)

// Refusal reasons (the refusals counter's reason label): every way the
// server turns a client, a session or a request away.
const (
	refuseServerFull    = "server-full"          // --max-sessions
	refuseAddressFull   = "sessions-per-address" // --max-sessions-per-ip
	refuseConnRate      = "connection-rate"      // --conns-per-minute, told why
	refuseConnFlood     = "connection-flood"     // far over it: dropped before the handshake
	refuseHandshake     = "handshake-timeout"    // --handshake-timeout
	refuseNotListed     = "key-not-listed"       // --allow-keys
	refuseMaxTables     = "max-tables"           // --max-tables
	refuseHostedTables  = "tables-per-player"    // --tables-per-player
	refuseCodeGuesses   = "code-failures"        // --code-failures
	refuseClaimGuesses  = "claim-failures"       // --claim-failures
	refuseKeys          = "keys-per-second"      // --keys-per-second (keys dropped)
	refuseOutputStall   = "output-stall"         // --output-stall (hung up)
	refuseProxyUntrust  = "proxy-header-untrusted"
	refuseProxyMissing  = "proxy-header-missing"
	refuseProxyBad      = "proxy-header-invalid"
	refuseServerClosing = "shutting-down"
)

// relayRefusals are the PROXY protocol's refusals as reasons.
var relayRefusals = map[relay.Refusal]string{
	relay.Untrusted: refuseProxyUntrust,
	relay.Missing:   refuseProxyMissing,
	relay.Invalid:   refuseProxyBad,
}

var refusalReasons = []string{
	refuseServerFull, refuseAddressFull, refuseConnRate, refuseConnFlood, refuseHandshake,
	refuseNotListed, refuseMaxTables, refuseHostedTables, refuseCodeGuesses, refuseClaimGuesses,
	refuseKeys, refuseOutputStall, refuseProxyUntrust, refuseProxyMissing, refuseProxyBad,
	refuseServerClosing,
}

// Table states (the tables gauge's state label).
const (
	tableSeating  = "seating"
	tablePlaying  = "playing"
	tableFinished = "finished"
)

// Game outcomes (the finished games' outcome label).
const (
	outcomeWon       = "won"
	outcomeLost      = "lost"
	outcomeAbandoned = "abandoned" // removed or closed before its end
)

func newMetrics(version string, tables func() map[string]int) *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		reg: reg,
		sessions: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "mysterium_sessions",
			Help: "Sessions open now, by way in (ssh, web).",
		}, []string{"way"}),
		sessionsOpened: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mysterium_sessions_opened_total",
			Help: "Sessions opened since the start, by way in (ssh, web).",
		}, []string{"way"}),
		gamesStarted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mysterium_games_started_total",
			Help: "Games started, by edition.",
		}, []string{"edition"}),
		gamesFinished: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mysterium_games_finished_total",
			Help: "Games ended, by edition and outcome (won, lost, abandoned: removed or closed unfinished).",
		}, []string{"edition", "outcome"}),
		actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mysterium_actions_total",
			Help: "Moves accepted at the tables and written to the journal (players', bots' and the sand timer's).",
		}),
		journalWrite: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "mysterium_journal_write_seconds",
			Help:    "Time to write one accepted move to the journal, on disk (fsync included).",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}),
		journalErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mysterium_journal_write_errors_total",
			Help: "Journal writes that failed (the move was refused, the player told).",
		}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mysterium_refusals_total",
			Help: "Connections, sessions and requests turned away, by reason (which limit or check).",
		}, []string{"reason"}),
		frames: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mysterium_frames_written_total",
			Help: "Screen updates written to the players' terminals (SSH and browsers).",
		}),
		bytes: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mysterium_bytes_written_total",
			Help: "Bytes of screen updates written to the players' terminals.",
		}),
		connections: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mysterium_ssh_connections_total",
			Help: "TCP connections accepted on the SSH port.",
		}),
		way:     map[string]prometheus.Gauge{},
		refused: map[string]prometheus.Counter{},
	}
	reg.MustRegister(m.sessions, m.sessionsOpened, m.gamesStarted, m.gamesFinished, m.actions,
		m.journalWrite, m.journalErrors, m.refusals, m.frames, m.bytes, m.connections)
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name:        "mysterium_build_info",
		Help:        "Always 1; the version label is the server's version.",
		ConstLabels: prometheus.Labels{"version": version},
	}, func() float64 { return 1 }))
	reg.MustRegister(&tableCollector{
		desc:   prometheus.NewDesc("mysterium_tables", "Tables the server holds now, by state (seating, playing, finished).", []string{"state"}, nil),
		counts: tables,
	})
	// The Go runtime's and the process's own series, under the same prefix.
	pre := prometheus.WrapRegistererWithPrefix("mysterium_", reg)
	pre.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	// Every label value exists from the start, at 0: a dashboard sees a
	// series before its first event, and the lists are all there is.
	for _, w := range []string{waySSH, wayWeb} {
		m.way[w] = m.sessions.WithLabelValues(w)
		m.sessionsOpened.WithLabelValues(w)
	}
	for _, r := range refusalReasons {
		m.refused[r] = m.refusals.WithLabelValues(r)
	}
	for _, e := range game.Editions {
		m.gamesStarted.WithLabelValues(string(e))
		for _, o := range []string{outcomeWon, outcomeLost, outcomeAbandoned} {
			m.gamesFinished.WithLabelValues(string(e), o)
		}
	}
	return m
}

// tableCollector counts the tables by state when scraped.
type tableCollector struct {
	desc   *prometheus.Desc
	counts func() map[string]int
}

func (c *tableCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *tableCollector) Collect(ch chan<- prometheus.Metric) {
	n := c.counts()
	for _, st := range []string{tableSeating, tablePlaying, tableFinished} {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n[st]), st)
	}
}

// tableState is the tables gauge's state of a table at phase p.
func tableState(p game.Phase) string {
	switch p {
	case game.PhaseSeating:
		return tableSeating
	case game.PhaseFinished:
		return tableFinished
	}
	return tablePlaying
}

// The methods below are safe on a nil *metrics (a hub built without a
// server, in tests).

// refuse counts a refusal; reason is one of the refuse* constants.
func (m *metrics) refuse(reason string) {
	if m == nil {
		return
	}
	if c, ok := m.refused[reason]; ok {
		c.Inc()
	}
}

func (m *metrics) sessionOpened(way string) {
	if m == nil {
		return
	}
	m.way[way].Inc()
	m.sessionsOpened.WithLabelValues(way).Inc()
}

func (m *metrics) sessionClosed(way string) {
	if m == nil {
		return
	}
	m.way[way].Dec()
}

func (m *metrics) gameStarted(e game.Edition) {
	if m == nil {
		return
	}
	m.gamesStarted.WithLabelValues(editionLabel(e)).Inc()
}

func (m *metrics) gameFinished(e game.Edition, outcome string) {
	if m == nil {
		return
	}
	m.gamesFinished.WithLabelValues(editionLabel(e), outcome).Inc()
}

// editionLabel keeps the edition label on the closed list.
func editionLabel(e game.Edition) string {
	for _, known := range game.Editions {
		if e == known {
			return string(e)
		}
	}
	return "other"
}

func (m *metrics) connected() {
	if m != nil {
		m.connections.Inc()
	}
}

// journal wraps a table journal: each write is an action, timed.
func (m *metrics) journal(j game.Journal) game.Journal {
	if m == nil || j == nil {
		return j
	}
	return &journalMetrics{Journal: j, m: m}
}

type journalMetrics struct {
	game.Journal
	m *metrics
}

func (j *journalMetrics) Append(e game.JournalEntry) error {
	start := time.Now()
	err := j.Journal.Append(e)
	j.m.journalWrite.Observe(time.Since(start).Seconds())
	if err != nil {
		j.m.journalErrors.Inc()
		return err
	}
	j.m.actions.Inc()
	return nil
}

// countingWriter counts the frames and bytes a session's screen writes.
type countingWriter struct {
	w      io.Writer
	frames prometheus.Counter
	bytes  prometheus.Counter
}

func (c countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.frames.Inc()
	c.bytes.Add(float64(n))
	return n, err
}

// output is w with its writes counted (w itself when metrics are off).
func (m *metrics) output(w io.Writer) io.Writer {
	if m == nil {
		return w
	}
	return countingWriter{w: w, frames: m.frames, bytes: m.bytes}
}

// MetricsHandler serves the server's metrics in Prometheus' text format
// (--metrics serves it at /metrics).
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{ErrorLog: nil})
}

// Healthy reports whether the server is serving: listening and not shutting
// down (--metrics serves it at /healthz).
func (s *Server) Healthy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr != nil && !s.closing
}

// outcomeOf is the finished games' outcome label of a game won or lost.
func outcomeOf(won bool) string {
	if won {
		return outcomeWon
	}
	return outcomeLost
}

// tableStates counts the hub's tables by state, for the tables gauge.
func (h *Hub) tableStates() map[string]int {
	n := map[string]int{}
	if h == nil {
		return n
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ht := range h.tables {
		if ht.t == nil {
			continue // a code reserved while its table starts
		}
		n[tableState(ht.phase)]++
	}
	return n
}
