package server

import (
	"net"
	"sync"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/metrics"
)

// gate counts what each client address holds and has recently opened, so the
// server can refuse a flood with a sentence instead of falling over. It is a
// plain mutex-guarded map: a home server sees a few dozen addresses, and the
// per-address state is dropped as soon as it is empty.
type gate struct {
	limits Limits
	now    func() time.Time

	mu       sync.Mutex
	sessions int
	perIP    map[string]*ipState

	// refused counts a refusal by its reason (Metrics.Refuse); nil: not
	// counted.
	refused func(reason metrics.Reason)
}

// refuse counts a refusal; g.mu may be held.
func (g *gate) refuse(reason metrics.Reason) {
	if g.refused != nil {
		g.refused(reason)
	}
}

type ipState struct {
	sessions int
	// recent holds the accept times of this address's connections in the last
	// minute, oldest first (a sliding window, not a token bucket, so the
	// message can say exactly when the next connection will be accepted).
	recent []time.Time
	// fails holds, for each kind of guess (reclaim codes, table codes),
	// the times of this key's failed (or still undecided) attempts in the
	// last window, oldest first.
	fails [guessKinds][]time.Time
	// refusedLogged is when a refusal of this address for its connection
	// rate was last logged, and refused how many were refused since.
	refusedLogged time.Time
	refused       int
}

// guessKind is a kind of secret a client may try to guess; each is counted
// on its own.
type guessKind int

const (
	guessClaim guessKind = iota // guest reclaim codes (ClaimFailuresPerIP)
	guessCode                   // table codes (CodeFailuresPerIP)
	guessKinds
)

func newGate(l Limits) *gate {
	return &gate{limits: l, now: time.Now, perIP: map[string]*ipState{}}
}

// hostOf returns the IP part of a remote address, the unit every per-client
// limit counts in.
func hostOf(a net.Addr) string {
	if a == nil {
		return "unknown"
	}
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}

// connRate records a new TCP connection from ip and reports how far over the
// per-minute limit that address now is: 0 when within it. The connection is
// recorded even when over the limit, so a client hammering the port keeps its
// window full.
func (g *gate) connRate(ip string) (over int, retry time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	st := g.stateLocked(ip)
	cut := now.Add(-time.Minute)
	i := 0
	for i < len(st.recent) && !st.recent[i].After(cut) {
		i++
	}
	st.recent = append(st.recent[i:], now)
	// Bound memory for a flooding address: the window never needs more than a
	// few times the limit to know the address is over it.
	if max := 4 * g.limits.ConnsPerMinutePerIP; len(st.recent) > max && max > 0 {
		st.recent = st.recent[len(st.recent)-max:]
	}
	if g.limits.ConnsPerMinutePerIP < 0 {
		return 0, 0
	}
	over = len(st.recent) - g.limits.ConnsPerMinutePerIP
	if over <= 0 {
		return 0, 0
	}
	return over, st.recent[over-1].Add(time.Minute).Sub(now)
}

// refusalLogInterval is how often one address's connection-rate refusals
// are logged: a flood must show in the log, not fill it.
const refusalLogInterval = time.Minute

// connRefused records that ip was refused for its connection rate, and
// reports whether to log it (at most once per address a minute) with how
// many refusals the line stands for.
func (g *gate) connRefused(ip string) (logIt bool, refused int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	st := g.stateLocked(ip)
	st.refused++
	if !st.refusedLogged.IsZero() && now.Sub(st.refusedLogged) < refusalLogInterval {
		return false, 0
	}
	refused, st.refused, st.refusedLogged = st.refused, 0, now
	return true, refused
}

// acquireSession takes one session slot for ip, or says which limit is full.
func (g *gate) acquireSession(ip string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.limits.MaxSessions > 0 && g.sessions >= g.limits.MaxSessions {
		g.refuse(metrics.ServerFull)
		return tell.F("The server is full (%d sessions). Please try again later.", g.limits.MaxSessions)
	}
	st := g.stateLocked(ip)
	if g.limits.MaxSessionsPerIP > 0 && st.sessions >= g.limits.MaxSessionsPerIP {
		g.refuse(metrics.AddressFull)
		return tell.F("Too many sessions from your address (%d open). Close one and try again.", st.sessions)
	}
	g.sessions++
	st.sessions++
	return nil
}

// releaseSession gives back a slot taken by acquireSession.
func (g *gate) releaseSession(ip string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.sessions--
	if st := g.perIP[ip]; st != nil {
		st.sessions--
	}
	g.gcLocked()
}

// stateLocked returns ip's state, creating it; g.mu must be held.
func (g *gate) stateLocked(ip string) *ipState {
	st := g.perIP[ip]
	if st == nil {
		g.gcLocked()
		st = &ipState{}
		g.perIP[ip] = st
	}
	return st
}

// gcLocked drops addresses with no session and no connection in the last
// minute, so the map stays as small as the set of active clients.
func (g *gate) gcLocked() {
	cut := g.now().Add(-time.Minute)
	for ip, st := range g.perIP {
		if st.sessions == 0 && (len(st.recent) == 0 || !st.recent[len(st.recent)-1].After(cut)) && !st.guessing(g.now()) {
			delete(g.perIP, ip)
		}
	}
}

// claimKey is the unit failed claims are counted in: the address, or for
// IPv6 its /64, which one client usually has whole (counting single IPv6
// addresses would give a guesser 2^64 fresh allowances).
func claimKey(ip string) string {
	a := net.ParseIP(ip)
	if a == nil || a.To4() != nil {
		return ip
	}
	return a.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// guessing reports whether st still counts a failed guess of any kind.
func (st *ipState) guessing(now time.Time) bool {
	for k, f := range st.fails {
		if len(f) > 0 && f[len(f)-1].After(now.Add(-guessKind(k).window())) {
			return true
		}
	}
	return false
}

func (k guessKind) window() time.Duration {
	if k == guessCode {
		return CodeWindow
	}
	return ClaimWindow
}

// claimTry reserves a reclaim attempt for ip. When ip has used up its
// failures in the window it returns ok false and how long until the next
// attempt is allowed. Otherwise the attempt counts as a failure from now on,
// so that parallel attempts cannot all pass the check before any fails,
// unless the caller calls right because the code was right.
func (g *gate) claimTry(ip string) (right func(), retry time.Duration, ok bool) {
	return g.guessTry(guessClaim, g.limits.ClaimFailuresPerIP, claimKey(ip))
}

// codeTry is claimTry for a table code typed by the identity id from ip:
// its failures count against both the address and the identity.
func (g *gate) codeTry(ip string, id game.PlayerID) (right func(), retry time.Duration, ok bool) {
	return g.guessTry(guessCode, g.limits.CodeFailuresPerIP, claimKey(ip), "id:"+string(id))
}

// guessTry reserves an attempt of kind k against every key (each may fail at
// most limit times in k's window), or reports how long until all of them
// allow one.
func (g *gate) guessTry(k guessKind, limit int, keys ...string) (right func(), retry time.Duration, ok bool) {
	if limit < 0 {
		return func() {}, 0, true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	cut := now.Add(-k.window())
	for _, key := range keys {
		st := g.stateLocked(key)
		f := st.fails[k]
		i := 0
		for i < len(f) && !f[i].After(cut) {
			i++
		}
		st.fails[k] = f[i:]
		if f := st.fails[k]; len(f) >= limit {
			retry = max(retry, f[len(f)-limit].Add(k.window()).Sub(now))
		}
	}
	if retry > 0 {
		if k == guessCode {
			g.refuse(metrics.CodeGuesses)
		} else {
			g.refuse(metrics.ClaimGuesses)
		}
		return nil, retry, false
	}
	for _, key := range keys {
		// stateLocked again: making a later key's state may have dropped
		// an earlier one that was still empty.
		st := g.stateLocked(key)
		st.fails[k] = append(st.fails[k], now)
	}
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		for _, key := range keys {
			st := g.perIP[key]
			if st == nil {
				continue
			}
			f := st.fails[k]
			for j := len(f) - 1; j >= 0; j-- {
				if f[j].Equal(now) {
					st.fails[k] = append(f[:j], f[j+1:]...)
					break
				}
			}
		}
	}, 0, true
}
