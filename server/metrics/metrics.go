// Package metrics holds the server's Prometheus series (--metrics): counts
// and durations only. A label's value is always one of a short closed list
// (a way in, a table state, an edition, an outcome, a refusal's reason),
// never a table code, a name, a key, an address or anything a client typed,
// so nothing scraped can tell who played or where a private table is.
//
// The server holds one *Metrics and tells it what happens (Refuse,
// SessionOpened, GameFinished...); the hot paths only add to counters. Every
// method is safe on a nil *Metrics, which counts nothing.
package metrics

import (
	"io"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/mysterium-ssh/mysterium/game"
)

// Metrics are one server's series. Every server has its own registry
// (tests run several servers in one process). The hot paths only add to
// counters: a frame written is two atomic additions, with nothing allocated.
type Metrics struct {
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
	refused map[Reason]prometheus.Counter
}

// Ways in, as the sessions' label says them.
const (
	WaySSH = "ssh"
	WayWeb = "web"
)

// Reason is why the server turned a client, a session or a request away:
// the refusals counter's reason label.
type Reason string

// Refusal reasons (the refusals counter's reason label): every way the
// server turns a client, a session or a request away.
const (
	ServerFull       Reason = "server-full"          // --max-sessions
	AddressFull      Reason = "sessions-per-address" // --max-sessions-per-ip
	ConnRate         Reason = "connection-rate"      // --conns-per-minute, told why
	ConnFlood        Reason = "connection-flood"     // far over it: dropped before the handshake
	HandshakeTimeout Reason = "handshake-timeout"    // --handshake-timeout
	NotListed        Reason = "key-not-listed"       // --allow-keys
	MaxTables        Reason = "max-tables"           // --max-tables
	HostedTables     Reason = "tables-per-player"    // --tables-per-player
	CodeGuesses      Reason = "code-failures"        // --code-failures
	ClaimGuesses     Reason = "claim-failures"       // --claim-failures
	KeysPerSecond    Reason = "keys-per-second"      // --keys-per-second (keys dropped)
	OutputStall      Reason = "output-stall"         // --output-stall (hung up)
	ProxyUntrusted   Reason = "proxy-header-untrusted"
	ProxyMissing     Reason = "proxy-header-missing"
	ProxyInvalid     Reason = "proxy-header-invalid"
	ShuttingDown     Reason = "shutting-down"
)

var reasons = []Reason{
	ServerFull, AddressFull, ConnRate, ConnFlood, HandshakeTimeout,
	NotListed, MaxTables, HostedTables, CodeGuesses, ClaimGuesses,
	KeysPerSecond, OutputStall, ProxyUntrusted, ProxyMissing, ProxyInvalid,
	ShuttingDown,
}

// Reasons lists every reason (for the test that no label holds anything
// else).
func Reasons() []Reason { return append([]Reason(nil), reasons...) }

// Table states (the tables gauge's state label).
const (
	tableSeating  = "seating"
	tablePlaying  = "playing"
	tableFinished = "finished"
)

// Outcome is how a game ended: the finished games' outcome label.
type Outcome string

// Game outcomes.
const (
	Won       Outcome = "won"
	Lost      Outcome = "lost"
	Abandoned Outcome = "abandoned" // removed or closed before its end
)

// OutcomeOf is the outcome of a game won or lost.
func OutcomeOf(won bool) Outcome {
	if won {
		return Won
	}
	return Lost
}

// New makes the series of a server of this version; tables counts the
// server's tables by state (TableState) when the gauge is scraped.
func New(version string, tables func() map[string]int) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
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
		refused: map[Reason]prometheus.Counter{},
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
	for _, w := range []string{WaySSH, WayWeb} {
		m.way[w] = m.sessions.WithLabelValues(w)
		m.sessionsOpened.WithLabelValues(w)
	}
	for _, r := range reasons {
		m.refused[r] = m.refusals.WithLabelValues(string(r))
	}
	for _, e := range game.Editions {
		m.gamesStarted.WithLabelValues(string(e))
		for _, o := range []Outcome{Won, Lost, Abandoned} {
			m.gamesFinished.WithLabelValues(string(e), string(o))
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

// TableState is the tables gauge's state of a table at phase p.
func TableState(p game.Phase) string {
	switch p {
	case game.PhaseSeating:
		return tableSeating
	case game.PhaseFinished:
		return tableFinished
	}
	return tablePlaying
}

// The methods below are safe on a nil *Metrics (a hub built without a
// server, in tests).

// Refuse counts a refusal.
func (m *Metrics) Refuse(reason Reason) {
	if m == nil {
		return
	}
	if c, ok := m.refused[reason]; ok {
		c.Inc()
	}
}

// SessionOpened counts a session opened by way in (WaySSH, WayWeb).
func (m *Metrics) SessionOpened(way string) {
	if m == nil {
		return
	}
	m.way[way].Inc()
	m.sessionsOpened.WithLabelValues(way).Inc()
}

// SessionClosed counts a session of that way in closed.
func (m *Metrics) SessionClosed(way string) {
	if m == nil {
		return
	}
	m.way[way].Dec()
}

// GameStarted counts a game of edition e started.
func (m *Metrics) GameStarted(e game.Edition) {
	if m == nil {
		return
	}
	m.gamesStarted.WithLabelValues(editionLabel(e)).Inc()
}

// GameFinished counts a game of edition e ended.
func (m *Metrics) GameFinished(e game.Edition, outcome Outcome) {
	if m == nil {
		return
	}
	m.gamesFinished.WithLabelValues(editionLabel(e), string(outcome)).Inc()
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

// Connected counts a TCP connection accepted on the SSH port.
func (m *Metrics) Connected() {
	if m != nil {
		m.connections.Inc()
	}
}

// Journal wraps a table journal: each write is an action, timed.
func (m *Metrics) Journal(j game.Journal) game.Journal {
	if m == nil || j == nil {
		return j
	}
	return &journalMetrics{Journal: j, m: m}
}

type journalMetrics struct {
	game.Journal
	m *Metrics
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

// Output is w with its writes counted, each a frame (w itself when m is
// nil).
func (m *Metrics) Output(w io.Writer) io.Writer {
	if m == nil {
		return w
	}
	return countingWriter{w: w, frames: m.frames, bytes: m.bytes}
}

// Handler serves the series in Prometheus' text format (--metrics serves it
// at /metrics).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorLog: nil})
}
