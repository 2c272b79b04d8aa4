package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/web"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "run the SSH server (the default command)",
		run:     runServe,
	})
}

// envPrefix turns a flag name into its environment variable: --data-dir is
// MYSTERIUM_DATA_DIR. Every flag has one, so a systemd EnvironmentFile can
// configure everything.
func envName(flagName string) string {
	return "MYSTERIUM_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// serveFlags declares the serve command's flags into cfg and returns the set
// and the log settings it fills.
func serveFlags(cfg *server.Config, logFormat, logLevel *string) *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	d := server.DefaultLimits
	dataDir := defaultDataDir()
	fs.StringVar(&cfg.Listen, "listen", ":23234", "TCP address to listen on")
	fs.StringVar(&cfg.PublicAddr, "public-addr", "", "host[:port] players reach the server at, printed in invitations (default: the address each client came in on)")
	fs.StringVar(&cfg.DataDir, "data-dir", dataDir, "directory for the host key and the database ($STATE_DIRECTORY under systemd)")
	fs.StringVar(logFormat, "log-format", "text", "log format: text, json or logfmt (json and logfmt suit journald)")
	fs.StringVar(logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.StringVar(&cfg.DeckDir, "deck", "", "custom deck directory (manifest and images); the built-in deck when empty")
	fs.DurationVar(&cfg.Timer, "timer", 2*time.Minute, "sand timer the create form proposes for classic tables: 0 (off), 30s, 1m, 1m30s, 2m, 3m, 5m or 10m")
	fs.StringVar(&cfg.AllowKeysFile, "allow-keys", "", "authorized_keys file: only these keys get in (guests are refused too)")
	fs.StringVar(&cfg.AdminKeysFile, "admin-keys", "", "authorized_keys file of the admins' keys")
	fs.DurationVar(&cfg.TakeoverAfter, "bot-takeover", 0, "a bot plays for a seated player away this long (0 = never)")
	fs.Func("bot-level", "how well a bot standing in for an away player plays: novice, seasoned or expert (default seasoned; the host chooses each bot seat's level)", func(s string) error {
		l, err := game.ParseBotLevel(s)
		cfg.BotLevel = l
		return err
	})
	fs.DurationVar(&cfg.MaxPause, "max-pause", 10*time.Minute, "longest the sand timer may be paused before it runs again by itself, and all the pausing one step gets")
	fs.DurationVar(&cfg.BotDelay, "bot-delay", 700*time.Millisecond, "pause before each bot action, so people can follow them; while a person plays at the table, bots also take a person's time over each move (0 = none: bots act at once)")
	fs.IntVar(&cfg.Limits.MaxSessions, "max-sessions", d.MaxSessions, "SSH sessions open at once, all clients together")
	fs.IntVar(&cfg.Limits.MaxSessionsPerIP, "max-sessions-per-ip", d.MaxSessionsPerIP, "SSH sessions open at once from one address")
	fs.IntVar(&cfg.Limits.ConnsPerMinutePerIP, "conns-per-minute", d.ConnsPerMinutePerIP, "new connections per minute from one address")
	fs.IntVar(&cfg.Limits.KeysPerSecond, "keys-per-second", d.KeysPerSecond, "keystrokes per second one session may send (more are dropped, the player told)")
	fs.IntVar(&cfg.Limits.TablesPerIdentity, "tables-per-player", d.TablesPerIdentity, "unfinished tables one player may host")
	fs.IntVar(&cfg.Limits.MaxTables, "max-tables", d.MaxTables, "tables with players at them the server keeps at once (an empty table makes room for a new one)")
	fs.DurationVar(&cfg.Limits.HandshakeTimeout, "handshake-timeout", d.HandshakeTimeout, "time allowed from connect to a finished SSH login")
	fs.DurationVar(&cfg.Limits.IdleTimeout, "idle-timeout", d.IdleTimeout, "close a connection with no traffic at all for this long")
	fs.DurationVar(&cfg.Limits.LobbyIdle, "lobby-idle", d.LobbyIdle, "disconnect a session idle this long without a seat at a live table")
	fs.DurationVar(&cfg.Limits.FinishedTableTTL, "finished-table-ttl", d.FinishedTableTTL, "keep a finished table in memory this long after its players left (it stays on disk for --keep-games)")
	fs.DurationVar(&cfg.Limits.KeepGames, "keep-games", d.KeepGames, "keep a finished game (end screen, replay, history) this long, then delete it and give the space back; statistics stay")
	fs.DurationVar(&cfg.Limits.AbandonedTableTTL, "abandoned-table-ttl", d.AbandonedTableTTL, "remove an unfinished table nobody visited for this long, counted from its last move (restarts do not reset it)")
	fs.IntVar(&cfg.Limits.ClaimFailuresPerIP, "claim-failures", d.ClaimFailuresPerIP, "wrong guest reclaim codes one address (IPv6: one /64) may try in 10 minutes; then it must wait, and is told how long (-1 = no limit)")
	fs.IntVar(&cfg.Limits.CodeFailuresPerIP, "code-failures", d.CodeFailuresPerIP, "wrong table codes one address (IPv6: one /64), and one player, may type in 10 minutes; then it must wait, and is told how long (-1 = no limit)")
	fs.Func("proxy-protocol", "comma-separated `addresses` or prefixes of TCP relays (HAProxy send-proxy-v2, tailscale funnel --proxy-protocol) whose connections to the SSH port begin with a PROXY header (v1 or v2) naming the client: from them a header is required, from anyone else refused; none when empty", func(s string) error {
		p, err := web.ParseTrusted(s)
		cfg.ProxyProtocol = p
		return err
	})
	fs.Func("images", "cards as images in the terminals that draw them (kitty graphics, sixel): auto (ask each terminal at connect) or off (half blocks for everyone) (default auto)", func(s string) error {
		switch s {
		case "auto":
			cfg.ImagesOff = false
		case "off":
			cfg.ImagesOff = true
		default:
			return fmt.Errorf("images: auto or off, not %q", s)
		}
		return nil
	})
	fs.DurationVar(&cfg.Limits.OutputStall, "output-stall", d.OutputStall, "disconnect a session whose client has not taken its output for this long (tables never wait for it; -1s = never)")
	return fs
}

// applyEnv sets every flag not given on the command line from its
// MYSTERIUM_* variable, so the precedence is: flag, then environment, then
// default.
func applyEnv(fs *flag.FlagSet) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		if given[f.Name] {
			return
		}
		if v, ok := os.LookupEnv(envName(f.Name)); ok {
			if err := f.Value.Set(v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: %w", envName(f.Name), v, err))
			}
		}
	})
	return errors.Join(errs...)
}

func serveUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "Usage: mysterium [serve] [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run the Mysterium SSH server. Players connect with: ssh -p 23234 HOST")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Every flag can also be set by the environment variable shown with it;")
	fmt.Fprintln(w, "a flag on the command line wins over the environment.")
	fmt.Fprintln(w)
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s %s\n", f.Name, name)
		fmt.Fprintf(w, "        %s (default %q)\n", usage, f.DefValue)
		fmt.Fprintf(w, "        env %s\n", envName(f.Name))
	})
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Signals: SIGINT/SIGTERM shut down gracefully (sessions are told, exit within 10 s);")
	fmt.Fprintln(w, "SIGHUP re-reads the --allow-keys and --admin-keys files.")
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cfg server.Config
	var logFormat, logLevel string
	fs := serveFlags(&cfg, &logFormat, &logLevel)
	metricsAddr := fs.String("metrics", "", "serve Prometheus metrics at /metrics and a health check at /healthz on this address (127.0.0.1:9100); off when empty")
	pprofAddr := fs.String("pprof", "", "serve Go profiles on this loopback address (127.0.0.1:6060) for measuring; off when empty")
	wf := webFlags(fs)
	fs.SetOutput(stderr)
	fs.Usage = func() { serveUsage(stderr, fs) }
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			serveUsage(stdout, fs)
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "mysterium serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := applyEnv(fs); err != nil {
		fmt.Fprintf(stderr, "mysterium serve: %v\n", err)
		return 2
	}
	if cfg.Timer == 0 {
		cfg.Timer = -1 // the flag's 0 means off; the Config's 0 means the rulebook's
	}
	if cfg.BotDelay <= 0 {
		cfg.BotDelay = -1 // the flag's 0 means none; the Config's 0 means the default
	}
	logger, err := newLogger(stderr, logFormat, logLevel)
	if err != nil {
		fmt.Fprintf(stderr, "mysterium serve: %v\n", err)
		return 2
	}
	cfg.Logger = logger
	cfg.Version = Version()
	cfg.WebOpen = *wf.open
	logger.Debug("garbage collector", "gogc", tuneGC())
	if *pprofAddr != "" {
		if err := startPprof(ctx, *pprofAddr, logger); err != nil {
			fmt.Fprintf(stderr, "mysterium serve: %v\n", err)
			return 2
		}
	}

	// One server per data directory, decided before the database is
	// touched (a second server must not even migrate it). The kernel drops
	// the lock when this process ends, however it ends.
	lock, err := store.LockDir(cfg.DataDir)
	if err != nil {
		fmt.Fprintf(stderr, "mysterium serve: %v\n", err)
		return 1
	}
	defer func() { _ = lock.Release() }()

	db, err := store.Open(cfg.DataDir)
	if err != nil {
		logger.Error("cannot open the database", "err", err)
		return 1
	}
	// The server closes the store at the end of its shutdown.
	cfg.Store = db

	srv, err := server.New(cfg)
	if err != nil {
		_ = db.Close()
		logger.Error("cannot start", "err", err)
		return 1
	}
	logger.Info("host key", "fingerprint", srv.HostKeyFingerprint(), "data-dir", cfg.DataDir)

	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				if err := srv.ReloadKeys(); err != nil {
					logger.Error("reload keys", "err", err)
				} else {
					logger.Info("key files reloaded")
				}
			}
		}
	}()

	if *metricsAddr != "" {
		if err := startMetrics(ctx, *metricsAddr, srv, logger); err != nil {
			logger.Error("cannot serve the metrics", "err", err)
			_ = srv.Shutdown(context.Background())
			return 1
		}
	}

	if *wf.addr != "" {
		if err := startWeb(ctx, wf, srv, logger); err != nil {
			logger.Error("cannot start the browser way in", "err", err)
			_ = srv.Shutdown(context.Background())
			return 1
		}
	}

	if err := srv.ListenAndServe(ctx); err != nil {
		logger.Error("server stopped", "err", err)
		return 1
	}
	return 0
}

// newLogger builds the charmbracelet logger for the chosen format and level.
func newLogger(w io.Writer, format, level string) (*log.Logger, error) {
	lvl, err := log.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	opts := log.Options{Level: lvl, ReportTimestamp: true, TimeFormat: time.RFC3339}
	switch format {
	case "text", "":
		opts.Formatter = log.TextFormatter
	case "json":
		opts.Formatter = log.JSONFormatter
	case "logfmt":
		opts.Formatter = log.LogfmtFormatter
	default:
		return nil, fmt.Errorf("--log-format must be text, json or logfmt, not %q", format)
	}
	return log.NewWithOptions(w, opts), nil
}
