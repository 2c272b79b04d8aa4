package server

import (
	"errors"
	"fmt"
	"net/netip"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// Config is everything the daemon needs to run. The serve command fills it from
// flags and MYSTERIUM_* environment variables; tests fill it directly. The zero
// value of every field except DataDir means "use the default".
type Config struct {
	// Listen is the TCP address to accept SSH connections on (":23234").
	Listen string
	// PublicAddr is the host[:port] players reach the server at, for the
	// invitations (`ssh HOST invite CODE`, the lobby); empty means the
	// address each client came in on.
	PublicAddr string
	// DataDir holds the host key and, with a store plugged in, the database.
	DataDir string
	// Logger receives the server's structured logs; nil means log.Default().
	Logger *log.Logger
	// Version is what `ssh host version` prints and the SSH banner advertises.
	Version string
	// DeckDir, when set, is a custom deck directory loaded once at start.
	DeckDir string
	// Timer is the sand timer the lobby proposes when a classic table is
	// created: 0 means the rulebook's (2 min), negative means off; each
	// table's creator can still change it.
	Timer time.Duration
	// TakeoverAfter lets a bot play for a seated player away this long during a
	// game (the player takes the seat back on return); 0 = never.
	TakeoverAfter time.Duration
	// BotLevel is how well a bot standing in for an away player plays; ""
	// means game.DefaultBotLevel. (The host chooses each bot seat's level.)
	BotLevel game.BotLevel
	// MaxPause is how long a table's host may hold the sand timer before it
	// runs again by itself; 0 means the default (10 minutes).
	MaxPause time.Duration
	// BotDelay is the pause before each bot action, so people can follow
	// what bots do; 0 means the default (0.7 s), negative means none (tests).
	// With a pause, while a person plays at a table its bots also take a
	// person's time over each move (game.TableConfig.BotDelay).
	BotDelay time.Duration
	// Limits bound what a single client can take from the server.
	Limits Limits
	// Store persists tables and their journals; nil keeps them in memory only.
	Store Store
	// AllowKeysFile, when set, is an authorized_keys file: only those keys get in
	// (guests without a key are then refused as well).
	AllowKeysFile string
	// WebOpen lets every browser in despite AllowKeysFile (--web-open): by
	// default a server whose keys are listed admits only browsers that come
	// with a table's invitation link (webaccess.go).
	WebOpen bool
	// AdminKeysFile, when set, is an authorized_keys file of the admins' keys.
	AdminKeysFile string
	// ProxyProtocol lists the relays (addresses or prefixes) whose
	// connections to the SSH port begin with a PROXY protocol header naming
	// the client (see proxyproto.go); empty: none, and no header is read.
	ProxyProtocol []netip.Prefix
	// DataWatch is how often the server checks that its database file is
	// still the one it opened (a data directory deleted under it); 0 means
	// DefaultDataWatch.
	DataWatch time.Duration
	// Clock is the tables' clock (sand timers, bots' pace, chat pace); nil
	// means the system clock. Tests pass a table.ManualClock.
	Clock game.Clock
	// ImagesOff: no session asks its terminal whether it draws images, and
	// every card is drawn in half blocks (--images off). By default a
	// session asks at connect, and draws cards as images in a terminal
	// that says it can (kitty graphics, sixel).
	ImagesOff bool
	// NewModel builds the Bubble Tea model of a session with a terminal. Nil
	// means the session package's lobby and table screens; tests swap it.
	NewModel ModelFunc
}

// Limits are the per-client and per-server bounds (docs/design.md, "Protection"):
// each refused with a sentence that names it. Every one has a
// default that suits a friend group on a home server; zero means "default" and
// a negative value means "no limit" where that makes sense.
type Limits struct {
	// MaxSessions is the number of SSH sessions open at once, all clients together.
	MaxSessions int
	// MaxSessionsPerIP is the number of sessions one address may hold open.
	MaxSessionsPerIP int
	// ConnsPerMinutePerIP is the number of new connections one address may open
	// in any sliding minute; beyond it the client is told to wait.
	ConnsPerMinutePerIP int
	// KeysPerSecond is the keystrokes one session may send per second
	// (sustained; as many at once); more are dropped and the player told.
	KeysPerSecond int
	// TablesPerIdentity is the number of unfinished tables one player may host.
	TablesPerIdentity int
	// MaxTables is the number of tables with players at them the server
	// keeps at once. An empty table (finished, or unfinished and empty for
	// 10 minutes) does not hold a slot: a new table takes its place.
	MaxTables int
	// HandshakeTimeout bounds the time from TCP accept to a finished SSH
	// authentication, so half-open port scans do not pile up.
	HandshakeTimeout time.Duration
	// IdleTimeout closes a connection that sent and received nothing at all for
	// this long (a dead client or a dropped link).
	IdleTimeout time.Duration
	// LobbyIdle disconnects a session that typed nothing for this long while its
	// player has no seat at a live table; the client is told why.
	LobbyIdle time.Duration
	// FinishedTableTTL is how long a finished table nobody is at stays in
	// memory (listed, for the after-game screens and the next game) before
	// it is removed; the store keeps the game for KeepGames.
	FinishedTableTTL time.Duration
	// KeepGames is how long a finished game is kept (its end screen and
	// replay, `ssh -t HOST CODE`, and the players' history); then its rows
	// and journal are deleted and the space given back. Statistics are
	// counts and outlive it.
	KeepGames time.Duration
	// AbandonedTableTTL is how long an unfinished table with nobody present is
	// kept before it is removed.
	AbandonedTableTTL time.Duration
	// OutputStall disconnects a session whose output has been blocked this
	// long: its client stopped reading (a suspended ssh, a stuck link) and
	// keeps nothing but a goroutine and a screen's worth of memory busy. The
	// tables never wait for it either way; this only frees what it holds.
	// Negative: never.
	OutputStall time.Duration
	// ClaimFailuresPerIP is the number of wrong reclaim codes one address
	// (an IPv6 /64) may try in ClaimWindow; then its claims are refused,
	// with the time to wait, until the oldest failure leaves the window.
	// With 40-bit codes this puts guessing one out of reach. Negative: no
	// limit.
	ClaimFailuresPerIP int
	// CodeFailuresPerIP is the number of wrong table codes one address (an
	// IPv6 /64), and one identity, may type in CodeWindow; then codes are
	// refused, with the time to wait. With it a private table's code is out
	// of reach of guessing (see tablecode.go). Negative: no limit.
	CodeFailuresPerIP int
	// ChatBurstPerIdentity is how many chat lines one identity (a key, a
	// guest, a browser) may write at a table at once, from all its sessions
	// together; then one line every game.ChatEvery. Negative: no limit
	// (load tests).
	ChatBurstPerIdentity int
}

// CodeWindow is the sliding window CodeFailuresPerIP counts failures in.
const CodeWindow = 10 * time.Minute

// ClaimWindow is the sliding window ClaimFailuresPerIP counts failures in.
const ClaimWindow = 10 * time.Minute

// DefaultLimits are the limits used for every field left at zero.
var DefaultLimits = Limits{
	MaxSessions:         200,
	MaxSessionsPerIP:    20,
	ConnsPerMinutePerIP: 30,
	KeysPerSecond:       40,
	TablesPerIdentity:   3,
	MaxTables:           100,
	HandshakeTimeout:    20 * time.Second,
	IdleTimeout:         2 * time.Hour,
	LobbyIdle:           30 * time.Minute,
	FinishedTableTTL:    30 * time.Minute,
	AbandonedTableTTL:   24 * time.Hour,
	KeepGames:           30 * 24 * time.Hour,
	OutputStall:         time.Minute,
	ClaimFailuresPerIP:  5,
	CodeFailuresPerIP:   10,
	// A session alone paces itself the same.
	ChatBurstPerIdentity: game.ChatBurst,
}

// withDefaults returns l with every zero field replaced by its default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	pickD := func(v *time.Duration, def time.Duration) {
		if *v == 0 {
			*v = def
		}
	}
	pick(&l.MaxSessions, d.MaxSessions)
	pick(&l.MaxSessionsPerIP, d.MaxSessionsPerIP)
	pick(&l.ConnsPerMinutePerIP, d.ConnsPerMinutePerIP)
	pick(&l.KeysPerSecond, d.KeysPerSecond)
	pick(&l.TablesPerIdentity, d.TablesPerIdentity)
	pick(&l.MaxTables, d.MaxTables)
	pickD(&l.HandshakeTimeout, d.HandshakeTimeout)
	pickD(&l.IdleTimeout, d.IdleTimeout)
	pickD(&l.LobbyIdle, d.LobbyIdle)
	pickD(&l.FinishedTableTTL, d.FinishedTableTTL)
	pickD(&l.AbandonedTableTTL, d.AbandonedTableTTL)
	pickD(&l.KeepGames, d.KeepGames)
	pickD(&l.OutputStall, d.OutputStall)
	pick(&l.ClaimFailuresPerIP, d.ClaimFailuresPerIP)
	pick(&l.CodeFailuresPerIP, d.CodeFailuresPerIP)
	pick(&l.ChatBurstPerIdentity, d.ChatBurstPerIdentity)
	return l
}

// validate refuses a configuration that cannot work, naming the field.
func (c *Config) validate() error {
	if c.DataDir == "" {
		return errors.New("server: a data directory is required (--data-dir)")
	}
	if c.Listen == "" {
		return errors.New("server: a listen address is required (--listen)")
	}
	if c.BotLevel != "" && !c.BotLevel.Valid() {
		return fmt.Errorf("server: the takeover bots' level (--bot-level) must be novice, seasoned or expert, not %q", c.BotLevel)
	}
	if c.Timer > 0 && (c.Timer < game.MinTimer || c.Timer > game.MaxTimer) {
		return fmt.Errorf("server: the sand timer (--timer) must be 0 (off) or between %s and %s, not %s", game.MinTimer, game.MaxTimer, c.Timer)
	}
	return nil
}
