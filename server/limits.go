package server

import (
	"fmt"
	"net"
	"sync"
	"time"
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
}

type ipState struct {
	sessions int
	// recent holds the accept times of this address's connections in the last
	// minute, oldest first (a sliding window, not a token bucket, so the
	// message can say exactly when the next connection will be accepted).
	recent []time.Time
	// claims holds the times of this address's failed (or still
	// undecided) reclaim attempts in the last ClaimWindow, oldest first.
	claims []time.Time
}

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

// limitError is a limit the client hit; its message is shown to the client.
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }

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

// acquireSession takes one session slot for ip, or says which limit is full.
func (g *gate) acquireSession(ip string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.limits.MaxSessions > 0 && g.sessions >= g.limits.MaxSessions {
		return &limitError{fmt.Sprintf("The server is full (%d sessions). Please try again later.", g.limits.MaxSessions)}
	}
	st := g.stateLocked(ip)
	if g.limits.MaxSessionsPerIP > 0 && st.sessions >= g.limits.MaxSessionsPerIP {
		return &limitError{fmt.Sprintf("Too many sessions from your address (%d open). Close one and try again.", st.sessions)}
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
		if st.sessions == 0 && (len(st.recent) == 0 || !st.recent[len(st.recent)-1].After(cut)) &&
			(len(st.claims) == 0 || !st.claims[len(st.claims)-1].After(g.now().Add(-ClaimWindow))) {
			delete(g.perIP, ip)
		}
	}
}

// counts reports the open sessions in total and for ip (for tests and logs).
func (g *gate) counts(ip string) (total, forIP int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if st := g.perIP[ip]; st != nil {
		forIP = st.sessions
	}
	return g.sessions, forIP
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

// claimTry reserves a reclaim attempt for ip. When ip has used up its
// failures in the window it returns ok false and how long until the next
// attempt is allowed. Otherwise the attempt counts as a failure from now on,
// so that parallel attempts cannot all pass the check before any fails,
// unless the caller calls right because the code was right.
func (g *gate) claimTry(ip string) (right func(), retry time.Duration, ok bool) {
	if g.limits.ClaimFailuresPerIP < 0 {
		return func() {}, 0, true
	}
	key := claimKey(ip)
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	st := g.stateLocked(key)
	cut := now.Add(-ClaimWindow)
	i := 0
	for i < len(st.claims) && !st.claims[i].After(cut) {
		i++
	}
	st.claims = st.claims[i:]
	if len(st.claims) >= g.limits.ClaimFailuresPerIP {
		return nil, st.claims[len(st.claims)-g.limits.ClaimFailuresPerIP].Add(ClaimWindow).Sub(now), false
	}
	st.claims = append(st.claims, now)
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		st := g.perIP[key]
		if st == nil {
			return
		}
		for j := len(st.claims) - 1; j >= 0; j-- {
			if st.claims[j].Equal(now) {
				st.claims = append(st.claims[:j], st.claims[j+1:]...)
				return
			}
		}
	}, 0, true
}
