package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// action is what one seat does next: keys to type, and whether they change
// the table's shared state (measured: latency to the other seats, bytes
// every seat receives) or only this seat's screen (a cursor move, a pane).
type action struct {
	keys   string
	shared bool
	kind   string
}

// tableRun is one table of the load: its seats (seat 0 hosts the table and
// plays the ghost; seat i plays the psychic of colour i-1) and the conductor
// that plays them. The conductor acts for one seat at a time and waits for
// every screen at the table to settle before the next action, so that the
// bytes and the screen changes that follow a key belong to it.
type tableRun struct {
	r     *run
	id    int
	size  int
	seats []*seat
	code  string
	rng   *rand.Rand

	games int
}

var codeRe = regexp.MustCompile(`MYSTERIUM\s+([2-9A-HJ-NP-Z]{4})\b`)

// setup connects the host, creates a table from the lobby's form (sand timer
// off unless asked), sits the host at the ghost's seat, then connects the
// others (by `ssh HOST CODE`, or through the lobby's "join by code") and
// sits each at its colour.
func (tr *tableRun) setup(ctx context.Context) error {
	if tr.r.cfg.hello {
		return tr.setupHello(ctx)
	}
	r := tr.r
	wait := r.cfg.stepTimeout
	host, err := r.dial(ctx, "")
	if err != nil {
		return err
	}
	tr.seats = append(tr.seats, host)
	if err := host.waitFor(ctx, "the lobby", func(t string) bool {
		return strings.Contains(t, "Choose a table") || strings.Contains(t, "No tables yet")
	}); err != nil {
		return err
	}
	r.arrived()
	if err := host.send("n"); err != nil {
		return err
	}
	if err := host.waitText(ctx, "NEW TABLE", wait); err != nil {
		return err
	}
	keys := keyTab + keyTab + keyTab
	want := "off"
	if r.cfg.sandTimer {
		want = "2 min"
	} else {
		keys += strings.Repeat(keyLeft, 4)
	}
	if err := host.send(keys); err != nil {
		return err
	}
	cctx, cancel := context.WithTimeout(ctx, wait)
	err = host.waitFor(cctx, "the sand timer at "+want, func(t string) bool {
		for _, l := range strings.Split(t, "\n") {
			if strings.Contains(l, "Sand timer") && strings.Contains(l, "◂ "+want) {
				return true
			}
		}
		return false
	})
	cancel()
	if err != nil {
		return err
	}
	if err := host.send(keyEnter); err != nil {
		return err
	}
	// The server may refuse the table (its --max-tables): the form then
	// says why, and that sentence is the failure.
	cctx, cancel = context.WithTimeout(ctx, wait)
	err = host.waitFor(cctx, "the seat picker", func(t string) bool {
		return strings.Contains(t, "Seat the ghost") || strings.Contains(t, "Table not created")
	})
	cancel()
	if err != nil {
		return err
	}
	if t := host.text(); !strings.Contains(t, "Seat the ghost") {
		for _, l := range strings.Split(t, "\n") {
			if i := strings.Index(l, "Table not created"); i >= 0 {
				return fmt.Errorf("%s: %s", host.name, strings.TrimSpace(l[i:]))
			}
		}
	}
	m := codeRe.FindStringSubmatch(host.text())
	if m == nil {
		return fmt.Errorf("table %d: no table code in the header: %q", tr.id, lastLines(host.text(), 24))
	}
	tr.code = m[1]
	if err := host.send(keyEnter); err != nil {
		return err
	}
	if err := host.waitText(ctx, "Waiting for players", wait); err != nil {
		return err
	}
	for i := 1; i < tr.size; i++ {
		viaLobby := r.cfg.lobbyJoins && i%2 == 0
		cmd := tr.code
		if viaLobby {
			cmd = ""
		}
		s, err := r.dial(ctx, cmd)
		if err != nil {
			return err
		}
		tr.seats = append(tr.seats, s)
		if viaLobby {
			if err := s.waitText(ctx, "Choose a table", wait); err != nil {
				return err
			}
			r.arrived()
			if err := s.send("c"); err != nil {
				return err
			}
			if err := s.waitText(ctx, "JOIN BY CODE", wait); err != nil {
				return err
			}
			if err := s.send(tr.code + keyEnter); err != nil {
				return err
			}
		}
		if err := s.waitText(ctx, "Choose a seat", wait); err != nil {
			return err
		}
		if !viaLobby {
			r.arrived()
		}
		if err := s.send(strings.Repeat(keyDown, i) + keyEnter); err != nil {
			return err
		}
		if err := s.waitText(ctx, "You sit as", wait); err != nil {
			return err
		}
	}
	return nil
}

// play runs the conductor until ctx ends or the table fails.
func (tr *tableRun) play(ctx context.Context) error {
	cfg := tr.r.cfg
	idleSince := time.Now()
	for ctx.Err() == nil {
		for _, s := range tr.seats {
			if s.ended() {
				return fmt.Errorf("table %s: %s's session ended: %v", tr.code, s.name, s.doneErr)
			}
		}
		var cands []struct {
			s *seat
			a action
		}
		for i, s := range tr.seats {
			if a, ok := tr.decide(i, s); ok {
				cands = append(cands, struct {
					s *seat
					a action
				}{s, a})
			}
		}
		if len(cands) == 0 {
			if time.Since(idleSince) > cfg.stuckAfter {
				var st []string
				for _, s := range tr.seats {
					st = append(st, s.name+": "+s.status())
				}
				return fmt.Errorf("table %s: nobody can act for %s: %s", tr.code, cfg.stuckAfter, strings.Join(st, " | "))
			}
			if !sleepCtx(ctx, cfg.quiet) {
				return nil
			}
			continue
		}
		idleSince = time.Now()
		c := cands[tr.rng.IntN(len(cands))]
		if err := tr.act(ctx, c.s, c.a); err != nil {
			return err
		}
		pause := cfg.uiPace
		if c.a.shared {
			// ±25% so that the tables do not march in step.
			pause = time.Duration(float64(cfg.pace) * (0.75 + 0.5*tr.rng.Float64()))
		}
		if !sleepCtx(ctx, pause) {
			return nil
		}
	}
	return nil
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// act types the action's keys and, for a shared action, measures it: when
// each other seat's screen first changed, and how many bytes every seat
// received until the table was quiet again.
func (tr *tableRun) act(ctx context.Context, s *seat, a action) error {
	cfg := tr.r.cfg
	if !a.shared {
		v := s.version()
		s.mu.Lock()
		ch := s.notify
		s.mu.Unlock()
		if err := s.send(a.keys); err != nil {
			return err
		}
		if s.version() == v {
			t := time.NewTimer(time.Second)
			select {
			case <-ch:
			case <-t.C:
			case <-ctx.Done():
			}
			t.Stop()
		}
		return nil
	}
	before := make([]int64, len(tr.seats))
	for i, o := range tr.seats {
		o.arm()
		before[i] = o.bytes.Load()
	}
	t0 := time.Now()
	if err := s.send(a.keys); err != nil {
		return err
	}
	deadline := t0.Add(cfg.settleMax)
	for {
		now := time.Now()
		last := t0
		for _, o := range tr.seats {
			if lb := time.Unix(0, o.lastByte.Load()); lb.After(last) {
				last = lb
			}
		}
		wake := last.Add(cfg.quiet)
		if !now.Before(wake) {
			break
		}
		if !now.Before(deadline) {
			break
		}
		until := wake
		if deadline.Before(until) {
			until = deadline
		}
		if !sleepCtx(ctx, until.Sub(now)) {
			break
		}
	}
	var lat []time.Duration
	bytes := make([]int64, 0, len(tr.seats))
	for i, o := range tr.seats {
		at := o.disarm()
		bytes = append(bytes, o.bytes.Load()-before[i])
		if o == s || at.IsZero() {
			continue
		}
		lat = append(lat, at.Sub(t0))
	}
	tr.r.record(a.kind, lat, bytes, len(tr.seats)-1)
	if a.kind == "new-game" {
		tr.games++
	}
	return nil
}

var (
	// The host's status counts the seated players in words that fit:
	// "N players seated. Not ready yet: …" or, when the names are too
	// long for the width, "N seated, M not ready yet (…)".
	playersSeatedRe = regexp.MustCompile(`Press s to start the game: (\d+) (?:players )?seated`)
	selectedRe      = regexp.MustCompile(`Select 3 cards for the shared vision \((\d+) selected\)`)
)

const symbols = "●▲◆■★✚"

// decide reads seat i's screen and says what a person would press now. The
// status line (the bottom row, whose texts the session package keeps
// stable) says what the game waits for; the rest of the screen is read only
// to steer the ghost's cursor and to find the pane that shows every psychic.
func (tr *tableRun) decide(i int, s *seat) (action, bool) {
	if tr.r.cfg.hello {
		return decideHello(i)
	}
	text := s.text()
	rows := strings.Split(text, "\n")
	st := rows[len(rows)-1]
	has := func(p string) bool { return strings.HasPrefix(st, p) }
	var round bool
	if i == 0 {
		round = has("Give ") || has("Choose a psychic who") || has("Reveal the results") ||
			(has("Waiting for ") && strings.Contains(st, "ready"))
	} else {
		// (While placing an intuition the psychic goes to the cards pane
		// and back by itself.)
		round = has("Press r when") || has("You are ready") ||
			has("Waiting for the ghost's vision") || has("Your trail is complete") || has("The ghost is revealing")
	}
	if round {
		// Keep every seat on the pane that lists the psychics, where what the
		// others do (vision given, intuition, ready) shows.
		title := "PSYCHICS AND VISIONS"
		if i == 0 {
			title = "PSYCHICS"
		}
		if !hasRow(rows, title) {
			return action{keys: keyTab, kind: "pane"}, true
		}
	}
	if i == 0 {
		switch {
		case has("Seat the ghost"):
			return action{keys: keyEnter, shared: true, kind: "sit"}, true
		case has("Press s to start the game"):
			if n, ok := seatedCount(st); ok && n >= tr.size {
				return action{keys: "s", shared: true, kind: "start"}, true
			}
		case has("Give ") && strings.Contains(st, "a vision ("):
			return action{keys: "g", shared: true, kind: "vision"}, true
		case has("Choose a psychic who still needs a vision"):
			return action{keys: ghostMove(rows, st), kind: "cursor"}, true
		case has("Reveal the results"):
			return action{keys: "a", shared: true, kind: "reveal"}, true
		case has("Choose the culprit's group"):
			return action{keys: strings.Repeat(keyDown, tr.rng.IntN(3)) + "c", shared: true, kind: "culprit"}, true
		case has("Select 3 cards for the shared vision"):
			if m := selectedRe.FindStringSubmatch(st); m != nil {
				if n, _ := strconv.Atoi(m[1]); n >= 3 {
					return action{keys: "g", shared: true, kind: "shared-vision"}, true
				}
			}
			return action{keys: " " + keyRight, kind: "select"}, true
		case has("The psychics won!") || has("The game is over."):
			return action{keys: "n", shared: true, kind: "new-game"}, true
		}
		return action{}, false
	}
	switch {
	case has("Choose a seat"):
		return action{keys: strings.Repeat(keyDown, i) + keyEnter, shared: true, kind: "sit"}, true
	case has("Place your intuition"):
		// On the cards pane: a few cards along (to the right one, as the
		// ghost's screen tells, with probability --right), the intuition,
		// and back to the psychics pane.
		cur, names := cardsList(rows)
		if cur < 0 {
			return action{keys: keyShiftTab, kind: "pane"}, true
		}
		k := tr.rng.IntN(len(names))
		if tr.rng.Float64() < tr.r.cfg.right {
			if want := ghostTarget(tr.seats[0].text(), i-1); want != "" {
				for j, n := range names {
					if n != "" && strings.HasPrefix(want, n) {
						k = j
					}
				}
			}
		}
		move := strings.Repeat(keyRight, max(0, k-cur)) + strings.Repeat(keyLeft, max(0, cur-k))
		return action{keys: move + "i" + keyTab, shared: true, kind: "intuition"}, true
	case has("Press r when you are sure"):
		return action{keys: "r", shared: true, kind: "ready"}, true
	case has("Vote now:") || has("Vote for a group"):
		return action{keys: strings.Repeat(keyDown, tr.rng.IntN(3)) + "v", shared: true, kind: "vote"}, true
	case has("The next game is at table"):
		return action{keys: "n", shared: true, kind: "follow"}, true
	}
	return action{}, false
}

// seatedCount is how many players the host's status line says are seated.
func seatedCount(status string) (int, bool) {
	m := playersSeatedRe.FindStringSubmatch(status)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

func hasRow(rows []string, title string) bool {
	for _, r := range rows {
		// The pane's title opens its row; a picture may follow on the right.
		r = strings.TrimSpace(r)
		if r == title || strings.HasPrefix(r, title+"  ") {
			return true
		}
	}
	return false
}

// ghostMove picks ↑ or ↓ towards a psychic the status line says still
// needs a vision, from the ghost's psychics pane (one row per psychic: the
// cursor "▸" or blank, a space, the colour's symbol).
func ghostMove(rows []string, status string) string {
	waiting := status
	if j := strings.Index(status, "):"); j >= 0 {
		waiting = status[j+2:]
	}
	cur, below, above := -1, false, false
	var need []int
	for n, row := range rows {
		rs := []rune(row)
		if len(rs) < 3 || !strings.ContainsRune(symbols, rs[2]) || (rs[0] != '▸' && rs[0] != ' ') || rs[1] != ' ' {
			continue
		}
		if rs[0] == '▸' {
			cur = n
		}
		if strings.ContainsRune(waiting, rs[2]) {
			need = append(need, n)
		}
	}
	for _, n := range need {
		if n > cur {
			below = true
		}
		if n < cur {
			above = true
		}
	}
	if above && !below {
		return keyUp
	}
	return keyDown
}

// run is the whole load: configuration, the tables and what they measured.
type run struct {
	cfg  config
	addr string

	dialSem chan struct{}

	mu        sync.Mutex
	nextSeat  int
	connected int // sessions that reached the lobby or their table
	failures  []failure
	actions   map[string]int
	seatLat   []time.Duration // per (action, other seat whose screen changed)
	allLat    []time.Duration // per action: until every affected seat changed
	bytesAct  []int64         // per (action, seat at the table)
	affected  []float64       // per action: share of the other seats whose screen changed
	unchanged int             // (action, other seat) pairs without a visible change
	kindLat   map[string][]time.Duration
}

func (r *run) dial(ctx context.Context, command string) (*seat, error) {
	select {
	case r.dialSem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-r.dialSem }()
	r.mu.Lock()
	n := r.nextSeat
	r.nextSeat++
	r.mu.Unlock()
	s, err := dialSeat(ctx, r.addr, n, fmt.Sprintf("p%04d", n), command, r.cfg.width, r.cfg.height, r.cfg.stepTimeout)
	if err != nil {
		return nil, &dialError{n: n, err: err}
	}
	return s, nil
}

// dialError is a session that could not be opened at all.
type dialError struct {
	n   int
	err error
}

func (e *dialError) Error() string { return fmt.Sprintf("session %d: %v", e.n, e.err) }
func (e *dialError) Unwrap() error { return e.err }

// arrived counts a session that reached the lobby or its table: connected,
// in the tool's report, means the server let it in, not that TCP and SSH
// went through (a refused session gets both, then a sentence on stderr).
func (r *run) arrived() {
	r.mu.Lock()
	r.connected++
	r.mu.Unlock()
}

// failure is one thing that went wrong, and the server flag that would
// have prevented it, when the tool knows one.
type failure struct {
	msg  string
	flag string
	hint string
}

func (f failure) String() string {
	switch {
	case f.flag != "":
		return f.msg + "; start the server with " + f.flag
	case f.hint != "":
		return f.msg + "; " + f.hint
	}
	return f.msg
}

func (r *run) fail(err error) {
	if err == nil || errors.Is(err, context.Canceled) {
		return
	}
	nd := serverNeeds(r.cfg.sessions, len(r.cfg.rooms()))
	f := failure{msg: err.Error(), flag: flagFor(err.Error(), nd)}
	if de := (*dialError)(nil); f.flag == "" && errors.As(err, &de) {
		f.hint = dialHint(de.err, nd)
	}
	r.mu.Lock()
	r.failures = append(r.failures, f)
	r.mu.Unlock()
}

func (r *run) record(kind string, lat []time.Duration, bytes []int64, others int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.measuring() {
		return
	}
	r.actions[kind]++
	r.seatLat = append(r.seatLat, lat...)
	if len(lat) > 0 {
		all := percentile(lat, 100)
		r.allLat = append(r.allLat, all)
		if r.kindLat == nil {
			r.kindLat = map[string][]time.Duration{}
		}
		r.kindLat[kind] = append(r.kindLat[kind], all)
	}
	r.bytesAct = append(r.bytesAct, bytes...)
	if others > 0 {
		r.affected = append(r.affected, float64(len(lat))/float64(others))
	}
	r.unchanged += others - len(lat)
}

// measuring is true while the tables play (not during set-up or the idle
// window). r.mu must be held.
func (r *run) measuring() bool { return r.actions != nil }

// cardsList reads a psychic's cards pane at 80x24: the rows after the
// "… ON THE TABLE" title are " 3 The Gardener" (the cursor row starts
// with "▸"), each name cut to 24 cells with "…". It returns the cursor's
// index and the names by index (a cut name without its "…"), or -1 when
// the pane is not shown.
func cardsList(rows []string) (cur int, names []string) {
	cur = -1
	in := false
	for _, row := range rows {
		if strings.Contains(row, "ON THE TABLE") {
			in = true
			continue
		}
		if !in {
			continue
		}
		rs := []rune(row)
		if len(rs) < 5 || (rs[0] != '▸' && rs[0] != ' ') || rs[3] != ' ' || rs[2] < '0' || rs[2] > '9' {
			if len(names) > 0 {
				break
			}
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(rs[1:3])))
		if err != nil || n != len(names)+1 {
			break
		}
		end := min(len(rs), 25)
		name := strings.TrimSuffix(strings.TrimSpace(string(rs[4:end])), "…")
		if rs[0] == '▸' {
			cur = len(names)
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return -1, nil
	}
	return max(cur, 0), names
}

// ghostTarget reads, on the ghost's psychics pane, the card the psychic of
// colour c must find: the row after the psychic's own says "    finds NAME · …".
func ghostTarget(ghostScreen string, c int) string {
	if c < 0 || c >= len([]rune(symbols)) {
		return ""
	}
	sym := []rune(symbols)[c]
	rows := strings.Split(ghostScreen, "\n")
	for n, row := range rows {
		rs := []rune(row)
		if len(rs) < 3 || rs[2] != sym || (rs[0] != '▸' && rs[0] != ' ') || rs[1] != ' ' || n+1 >= len(rows) {
			continue
		}
		d := strings.TrimSpace(rows[n+1])
		if !strings.HasPrefix(d, "finds ") {
			return ""
		}
		d = strings.TrimPrefix(d, "finds ")
		if j := strings.Index(d, " · "); j >= 0 {
			d = d[:j]
		}
		return d
	}
	return ""
}
