// Command mysterium-load measures a running Mysterium server under load. It
// opens N real SSH sessions (golang.org/x/crypto/ssh, each with its own
// ed25519 key made in memory and an 80x24 pty) against a server on this
// machine, seats them at tables of 4 to 7 (one session creates each table
// from the lobby and plays the ghost, the others join by code and play the
// psychics), and plays whole games with the keys a person presses, at a
// set pace. It then reports how long an action takes to reach every other
// seat's screen, how many bytes each session receives per action and when
// nothing happens, and the server's memory per session.
//
// It refuses any address that is not loopback, and it is bounded: at most
// 2,000 sessions, at most 30 minutes of play.
//
// Every session comes from one address in one burst, which the server's
// default limits (made for a friend group) refuse beyond a handful: the tool
// first prints the server flags the run needs, a session counts as connected
// only once it reached the lobby or its table, every failure quotes what the
// server said (a refusal comes on the session's stderr) and names the flag to
// raise, and a run in which nothing was played reports no latency, bytes or
// memory figure.
//
//	mysterium serve --max-sessions 100 --max-sessions-per-ip 100 --conns-per-minute 200 --max-tables 30 --code-failures 100 &
//	mysterium-load --addr 127.0.0.1:23234 --sessions 100 --duration 2m --server-pid $! --json
//
// With --hello it measures the Wish hello app (test/hello) the same way,
// for a comparison in the same run: its sessions meet in pairs, and the
// first of each pair presses a key at the pace (hello.go).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// idleSettle is the pause between the end of play and the idle window: the
// last actions' animations (the knock: 8 frames 350 ms apart) end first.
const idleSettle = 5 * time.Second

// Hard bounds: whatever the flags say, a run stays within these.
const (
	maxSessions = 2000
	maxDuration = 30 * time.Minute
	maxIdle     = 5 * time.Minute
)

type config struct {
	addr        string
	sessions    int
	duration    time.Duration
	serverPID   int
	json        bool
	pace        time.Duration
	uiPace      time.Duration
	quiet       time.Duration
	settleMax   time.Duration
	idle        time.Duration
	maxSeats    int
	lobbyJoins  bool
	sandTimer   bool
	dialConc    int
	connectMax  time.Duration
	stepTimeout time.Duration
	stuckAfter  time.Duration
	width       int
	height      int
	seed        uint64
	right       float64
	verbose     bool
	hello       bool
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(mainErr(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func mainErr(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "mysterium-load: %v\n", err)
		return 2
	}
	if cfg.hello {
		printHelloNeeds(stdout, cfg, len(cfg.rooms()))
	} else {
		printNeeds(stdout, cfg, len(cfg.rooms()))
	}
	rep, err := runLoad(ctx, cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "mysterium-load: %v\n", err)
		return 1
	}
	rep.print(stdout, cfg.json)
	if rep.Failures > 0 || rep.Actions == 0 {
		return 1
	}
	return 0
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("mysterium-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:23234", "server address: localhost, 127.0.0.0/8 or ::1 only")
	fs.IntVar(&c.sessions, "sessions", 8, fmt.Sprintf("SSH sessions to open (4 to %d)", maxSessions))
	fs.DurationVar(&c.duration, "duration", time.Minute, fmt.Sprintf("how long the tables play once everyone is seated (at most %s)", maxDuration))
	fs.IntVar(&c.serverPID, "server-pid", 0, "the server's process id, to read its memory (VmRSS) from /proc; 0 = do not measure")
	fs.BoolVar(&c.json, "json", false, "print the report as one JSON object on the last line")
	fs.DurationVar(&c.pace, "pace", 600*time.Millisecond, "pause after each action at a table (±25%), once its screens are quiet")
	fs.DurationVar(&c.quiet, "quiet", 450*time.Millisecond, "a table is settled after this long without output to any of its seats (longer than a knock animation frame)")
	fs.DurationVar(&c.idle, "idle", 10*time.Second, fmt.Sprintf("quiet period after play, to measure idle bytes (at most %s; 0 = skip)", maxIdle))
	fs.IntVar(&c.maxSeats, "max-seats", 7, "largest table (4 to 7 seats, the ghost included); sessions are spread evenly")
	fs.BoolVar(&c.lobbyJoins, "lobby-joins", true, "every other joiner enters the code in the lobby instead of on the ssh command line")
	fs.BoolVar(&c.sandTimer, "sand-timer", false, "keep the classic 2-minute sand timer (the header then ticks every second)")
	fs.IntVar(&c.dialConc, "dial-concurrency", 16, "SSH handshakes in flight at once during the set-up")
	fs.DurationVar(&c.connectMax, "connect-timeout", 5*time.Minute, "bound on the whole set-up (connect and seat everyone)")
	fs.Float64Var(&c.right, "right", 0.5, "how often a psychic puts the intuition on the right card (read off the ghost's screen), so that games reach the final vote")
	fs.Uint64Var(&c.seed, "seed", 0, "random seed for the players' choices (0 = from the clock)")
	fs.BoolVar(&c.verbose, "v", false, "log each table's set-up and failures to stderr")
	fs.BoolVar(&c.hello, "hello", false, "the server is the Wish hello app (test/hello): sessions in pairs, the first of each presses a key at the pace, measured on its partner's screen")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	addr, err := checkLoopback(c.addr)
	if err != nil {
		return c, err
	}
	c.addr = addr
	switch {
	case c.sessions < 4 || c.sessions > maxSessions:
		return c, fmt.Errorf("--sessions must be from 4 to %d, not %d", maxSessions, c.sessions)
	case c.duration <= 0 || c.duration > maxDuration:
		return c, fmt.Errorf("--duration must be more than 0 and at most %s, not %s", maxDuration, c.duration)
	case c.idle < 0 || c.idle > maxIdle:
		return c, fmt.Errorf("--idle must be from 0 to %s, not %s", maxIdle, c.idle)
	case c.maxSeats < 4 || c.maxSeats > 7:
		return c, fmt.Errorf("--max-seats must be from 4 to 7, not %d", c.maxSeats)
	case c.pace < 0 || c.pace > time.Minute:
		return c, fmt.Errorf("--pace must be from 0 to 1m, not %s", c.pace)
	case c.quiet < 10*time.Millisecond || c.quiet > 10*time.Second:
		return c, fmt.Errorf("--quiet must be from 10ms to 10s, not %s", c.quiet)
	case c.dialConc < 1 || c.dialConc > 256:
		return c, fmt.Errorf("--dial-concurrency must be from 1 to 256, not %d", c.dialConc)
	case c.connectMax <= 0 || c.connectMax > 30*time.Minute:
		return c, fmt.Errorf("--connect-timeout must be more than 0 and at most 30m, not %s", c.connectMax)
	}
	if c.right < 0 || c.right > 1 {
		return c, fmt.Errorf("--right must be from 0 to 1, not %v", c.right)
	}
	if c.serverPID < 0 {
		return c, fmt.Errorf("--server-pid must be a process id, not %d", c.serverPID)
	}
	c.width, c.height = 80, 24
	c.uiPace = 50 * time.Millisecond
	c.settleMax = 5 * time.Second
	c.stepTimeout = 30 * time.Second
	c.stuckAfter = 60 * time.Second
	if c.seed == 0 {
		c.seed = uint64(time.Now().UnixNano())
	}
	return c, nil
}

// tableSizes spreads n sessions over the fewest tables of at most maxSeats
// seats, as evenly as possible: 1,000 sessions make 143 tables of 6 or 7;
// 8 make two tables of 4. Every table has 4 to 7 seats when n >= 4; when n
// cannot be split into tables of 4 to maxSeats (5 sessions, 4 seats at
// most) a table gets more than maxSeats rather than fewer than 4.
func tableSizes(n, maxSeats int) []int {
	if n <= 0 {
		return nil
	}
	t := (n + maxSeats - 1) / maxSeats
	t = max(1, min(t, n/4))
	out := make([]int, t)
	for i := range out {
		out[i] = n / t
		if i < n%t {
			out[i]++
		}
	}
	return out
}

// report is what a run measured. JSON keys are part of the tool's
// interface (scripts read the last line).
type report struct {
	Sessions          int            `json:"sessions"`
	SessionsRequested int            `json:"sessions_requested"`
	Tables            int            `json:"tables"`
	Failures          int            `json:"failures"`
	FailureSamples    []string       `json:"failure_samples,omitempty"`
	Actions           int            `json:"actions"`
	ActionsByKind     map[string]int `json:"actions_by_kind"`
	GamesFinished     int            `json:"games_finished"`
	P50ms             float64        `json:"p50_ms,omitempty"`
	P99ms             float64        `json:"p99_ms,omitempty"`
	Maxms             float64        `json:"max_ms,omitempty"`
	SeatP50ms         float64        `json:"seat_p50_ms,omitempty"`
	SeatP99ms         float64        `json:"seat_p99_ms,omitempty"`
	LatencySamples    int            `json:"latency_samples"`
	AffectedShare     float64        `json:"affected_share"`
	RSSBaselineKB     int64          `json:"rss_baseline_kb,omitempty"`
	RSSPeakKB         int64          `json:"rss_peak_kb,omitempty"`
	RSSPerSessionKB   float64        `json:"rss_per_session_kb,omitempty"`
	BytesPerActionMed int64          `json:"bytes_per_action_median,omitempty"`
	BytesPerActionP90 int64          `json:"bytes_per_action_p90,omitempty"`
	BytesPerActionAvg float64        `json:"bytes_per_action_mean,omitempty"`
	IdleBytesPerMin   float64        `json:"idle_bytes_per_session_per_min"`
	IdleSessionsHeard int            `json:"idle_sessions_receiving"`
	PlaySeconds       float64        `json:"play_s"`
	PaceMS            float64        `json:"pace_ms"`
	SandTimer         bool           `json:"sand_timer"`
	SetupSeconds      float64        `json:"setup_s"`
	ServerCPUPlay     float64        `json:"server_cpu_s,omitempty"`
	ServerIdleCPUPct  float64        `json:"server_idle_cpu_pct"`
	LoadCPUPlay       float64        `json:"load_cpu_s,omitempty"`
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (rep *report) print(w io.Writer, asJSON bool) {
	defer func() {
		if asJSON {
			b, _ := json.Marshal(rep)
			fmt.Fprintf(w, "%s\n", b)
		}
	}()
	fmt.Fprintf(w, "sessions connected   %d of %d reached the lobby or their table, at %d tables (set-up %.1f s)\n", rep.Sessions, rep.SessionsRequested, rep.Tables, rep.SetupSeconds)
	fmt.Fprintf(w, "failures             %d\n", rep.Failures)
	for _, f := range rep.FailureSamples {
		fmt.Fprintf(w, "  - %s\n", f)
	}
	if rep.Actions == 0 {
		fmt.Fprintf(w, "nothing was played: no latency, bytes or memory figure\n")
		return
	}
	kinds := make([]string, 0, len(rep.ActionsByKind))
	for k := range rep.ActionsByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d", k, rep.ActionsByKind[k]))
	}
	fmt.Fprintf(w, "actions measured     %d in %.0f s, pace %.0f ms (%s); games finished %d\n", rep.Actions, rep.PlaySeconds, rep.PaceMS, strings.Join(parts, ", "), rep.GamesFinished)
	fmt.Fprintf(w, "action → all seats   p50 %.1f ms · p99 %.1f ms · max %.1f ms\n", rep.P50ms, rep.P99ms, rep.Maxms)
	fmt.Fprintf(w, "action → each seat   p50 %.1f ms · p99 %.1f ms (%d samples; %.0f%% of the other seats' screens changed)\n", rep.SeatP50ms, rep.SeatP99ms, rep.LatencySamples, 100*rep.AffectedShare)
	if rep.RSSPeakKB > 0 {
		fmt.Fprintf(w, "server memory        baseline %d KiB, peak %d KiB: %.0f KiB per session\n", rep.RSSBaselineKB, rep.RSSPeakKB, rep.RSSPerSessionKB)
	} else {
		fmt.Fprintf(w, "server memory        not measured (--server-pid)\n")
	}
	if rep.ServerCPUPlay > 0 {
		fmt.Fprintf(w, "cpu while playing    server %.1f s (%.0f%% of a core), load tool %.1f s (%.0f%%)\n", rep.ServerCPUPlay, 100*rep.ServerCPUPlay/rep.PlaySeconds, rep.LoadCPUPlay, 100*rep.LoadCPUPlay/rep.PlaySeconds)
	}
	fmt.Fprintf(w, "bytes per action     median %d · p90 %d · mean %.0f per session\n", rep.BytesPerActionMed, rep.BytesPerActionP90, rep.BytesPerActionAvg)
	fmt.Fprintf(w, "idle                 %.1f bytes per session per minute (%d sessions received anything); server cpu %.1f%% of a core\n", rep.IdleBytesPerMin, rep.IdleSessionsHeard, rep.ServerIdleCPUPct)
}

// failureSamples is at most n lines about fs: one per server flag that
// would have prevented failures (the first of them, and how many), then
// the others as they came.
func failureSamples(fs []failure, n int) []string {
	var out []string
	byFlag := map[string]int{}
	var flags []string
	for _, f := range fs {
		if f.flag == "" {
			continue
		}
		if byFlag[f.flag] == 0 {
			flags = append(flags, f.flag)
			out = append(out, f.String())
		}
		byFlag[f.flag]++
	}
	for i, fl := range flags {
		if c := byFlag[fl]; c > 1 {
			out[i] = fmt.Sprintf("%d failures like this: %s", c, out[i])
		}
	}
	for _, f := range fs {
		if f.flag == "" {
			out = append(out, f.String())
		}
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// runLoad is the whole run: baseline memory, set-up of every table, play
// for the duration, the idle window, then the report.
func runLoad(ctx context.Context, cfg config, logw io.Writer) (*report, error) {
	logf := func(format string, a ...any) {
		if cfg.verbose {
			fmt.Fprintf(logw, time.Now().Format("15:04:05.000 ")+format+"\n", a...)
		}
	}
	r := &run{cfg: cfg, addr: cfg.addr, dialSem: make(chan struct{}, cfg.dialConc)}
	rep := &report{SessionsRequested: cfg.sessions, PaceMS: ms(cfg.pace), SandTimer: cfg.sandTimer}

	// Memory: the baseline before the first connection, then a sampler
	// keeps the peak until the end of the idle window.
	var rssMu sync.Mutex
	var rssPeak int64
	stopRSS := func() {}
	if cfg.serverPID > 0 {
		base, err := readRSS(cfg.serverPID)
		if err != nil {
			return nil, err
		}
		rep.RSSBaselineKB = base
		rssPeak = base
		sctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(500 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-sctx.Done():
					return
				case <-t.C:
				}
				if v, err := readRSS(cfg.serverPID); err == nil {
					rssMu.Lock()
					rssPeak = max(rssPeak, v)
					rssMu.Unlock()
				}
			}
		}()
		stopRSS = func() { cancel(); wg.Wait() }
	}
	defer stopRSS()

	sizes := cfg.rooms()
	rep.Tables = len(sizes)
	tables := make([]*tableRun, len(sizes))
	for i, n := range sizes {
		tables[i] = &tableRun{r: r, id: i, size: n, rng: rand.New(rand.NewPCG(cfg.seed, uint64(i)))}
	}
	defer func() {
		for _, t := range tables {
			for _, s := range t.seats {
				s.close()
			}
		}
	}()

	// Set-up: every table in parallel (handshakes bounded by dialSem).
	setupStart := time.Now()
	sctx, cancel := context.WithTimeout(ctx, cfg.connectMax)
	var wg sync.WaitGroup
	ready := make([]bool, len(tables))
	for i, t := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := t.setup(sctx); err != nil {
				logf("table %d: set-up failed: %v", t.id, err)
				r.fail(fmt.Errorf("set-up of table %d: %w", t.id, err))
				return
			}
			logf("table %d (%s): %d seated", t.id, t.code, t.size)
			ready[i] = true
		}()
	}
	wg.Wait()
	cancel()
	rep.SetupSeconds = time.Since(setupStart).Seconds()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	logf("set-up done in %.1f s: %d sessions connected", rep.SetupSeconds, r.connected)

	// Play.
	r.mu.Lock()
	r.actions = map[string]int{}
	r.mu.Unlock()
	playStart := time.Now()
	loadCPU0 := selfCPU()
	var srvCPU0 time.Duration
	if cfg.serverPID > 0 {
		srvCPU0, _ = procCPU(cfg.serverPID)
	}
	pctx, pcancel := context.WithTimeout(ctx, cfg.duration)
	for i, t := range tables {
		if !ready[i] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := t.play(pctx); err != nil {
				logf("%v", err)
				r.fail(err)
			}
		}()
	}
	wg.Wait()
	pcancel()
	rep.PlaySeconds = time.Since(playStart).Seconds()
	rep.LoadCPUPlay = (selfCPU() - loadCPU0).Seconds()
	if cfg.serverPID > 0 {
		if c, err := procCPU(cfg.serverPID); err == nil {
			rep.ServerCPUPlay = (c - srvCPU0).Seconds()
		}
	}
	r.mu.Lock()
	rep.ActionsByKind = r.actions
	r.actions = nil // stop recording
	r.mu.Unlock()
	for _, t := range tables {
		rep.GamesFinished += t.games
	}
	if cfg.verbose && len(tables) > 0 {
		for _, s := range tables[0].seats {
			logf("screen of %s at the end of play:\n%s", s.name, s.text())
		}
	}

	// Idle: nobody types; the knock animations of the last reveals end
	// first, then every byte received counts.
	if cfg.idle > 0 && ctx.Err() == nil {
		sleepCtx(ctx, idleSettle)
		var live []*seat
		for _, t := range tables {
			for _, s := range t.seats {
				if !s.ended() {
					live = append(live, s)
				}
			}
		}
		before := make([]int64, len(live))
		for i, s := range live {
			before[i] = s.bytes.Load()
		}
		t0 := time.Now()
		var idleCPU0 time.Duration
		if cfg.serverPID > 0 {
			idleCPU0, _ = procCPU(cfg.serverPID)
		}
		sleepCtx(ctx, cfg.idle)
		el := time.Since(t0)
		if cfg.serverPID > 0 {
			if c, err := procCPU(cfg.serverPID); err == nil {
				rep.ServerIdleCPUPct = 100 * (c - idleCPU0).Seconds() / el.Seconds()
			}
		}
		var total int64
		for i, s := range live {
			d := s.bytes.Load() - before[i]
			total += d
			if d > 0 {
				rep.IdleSessionsHeard++
				logf("idle: %s received %d bytes; its status: %q", s.name, d, s.status())
			}
		}
		if len(live) > 0 {
			rep.IdleBytesPerMin = float64(total) / float64(len(live)) / el.Minutes()
		}
	}
	stopRSS()

	r.mu.Lock()
	defer r.mu.Unlock()
	rep.Sessions = r.connected
	rep.Failures = len(r.failures)
	rep.FailureSamples = failureSamples(r.failures, 5)
	for _, n := range rep.ActionsByKind {
		rep.Actions += n
	}
	if rep.Actions == 0 {
		// Nothing was played: a latency or a memory figure would describe
		// sessions that never did anything, so there is none.
		return rep, nil
	}
	for k, l := range r.kindLat {
		logf("%-14s n=%4d p50 %.1f ms p99 %.1f ms max %.1f ms", k, len(l), ms(percentile(l, 50)), ms(percentile(l, 99)), ms(percentile(l, 100)))
	}
	rep.P50ms = ms(percentile(r.allLat, 50))
	rep.P99ms = ms(percentile(r.allLat, 99))
	rep.Maxms = ms(percentile(r.allLat, 100))
	rep.SeatP50ms = ms(percentile(r.seatLat, 50))
	rep.SeatP99ms = ms(percentile(r.seatLat, 99))
	rep.LatencySamples = len(r.seatLat)
	rep.AffectedShare = mean(r.affected)
	rep.BytesPerActionMed = percentile(r.bytesAct, 50)
	rep.BytesPerActionP90 = percentile(r.bytesAct, 90)
	rep.BytesPerActionAvg = mean(r.bytesAct)
	rssMu.Lock()
	rep.RSSPeakKB = rssPeak
	rssMu.Unlock()
	if cfg.serverPID > 0 && rep.Sessions > 0 {
		rep.RSSPerSessionKB = float64(rep.RSSPeakKB-rep.RSSBaselineKB) / float64(rep.Sessions)
	}
	return rep, nil
}
