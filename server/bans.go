package server

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session"
)

// Admins' kick and ban aim at identities, never at display names, which
// players choose: a guest who named himself "alice" must not get the real
// alice (her key) thrown out. A target is one of:
//
//   - a key's fingerprint, SHA256:… as ssh-keygen -lf prints it;
//   - a guest's or a browser's id (guest:…, browser:…);
//   - a seat at a table: `K7QX ▲`, `K7QX 2` (the colours counted from ● 1
//     in seat order), `K7QX yellow` (or jaune), `K7QX ghost` (☾, fantôme);
//   - a name, when exactly one identity connected or seated has it. Two or
//     more: the candidates are listed, each with its id and its seats, and
//     nothing is done.
//
// A guest or a browser has no key: leaving makes a new one. So a ban of
// such an identity also holds against the addresses its sessions came
// from (an IPv6 /64, as the reclaim limits count them), for as long, and
// any guest or browser from there is kept out; a player with a key there
// is not. Bans are kept in memory: a restart lifts them (the allowlist is
// the lasting way to keep a key out).

// kickFor is how long a kicked player is kept out.
const kickFor = 10 * time.Minute

// banDefault is how long `ban` keeps a player out when no duration is given,
// and banMax the longest it may.
const (
	banDefault = 24 * time.Hour
	banMax     = 366 * 24 * time.Hour
)

// banList is who is kept out, and until when.
type banList struct {
	mu    sync.Mutex
	ids   map[game.PlayerID]time.Time
	addrs map[string]addrBan // by claimKey(ip)
}

// addrBan is an address kept out because of a keyless identity's ban.
type addrBan struct {
	until time.Time
	from  game.PlayerID
}

// left is how long until is from now (0: over), deleting it when it is.
func left(until time.Time, now time.Time) time.Duration {
	if d := until.Sub(now); d > 0 {
		return d
	}
	return 0
}

// idLeft is how long identity id is still kept out (0: not).
func (b *banList) idLeft(id game.PlayerID) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	until, ok := b.ids[id]
	if !ok {
		return 0
	}
	d := left(until, time.Now())
	if d == 0 {
		delete(b.ids, id)
	}
	return d
}

// addrLeft is how long keyless identities from ip are still kept out.
func (b *banList) addrLeft(ip string) time.Duration {
	k := claimKey(ip)
	b.mu.Lock()
	defer b.mu.Unlock()
	ban, ok := b.addrs[k]
	if !ok {
		return 0
	}
	d := left(ban.until, time.Now())
	if d == 0 {
		delete(b.addrs, k)
	}
	return d
}

// add keeps id out until until, and the addresses addrs with it.
func (b *banList) add(id game.PlayerID, until time.Time, addrs []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ids == nil {
		b.ids, b.addrs = map[game.PlayerID]time.Time{}, map[string]addrBan{}
	}
	now := time.Now()
	for k, v := range b.ids { // the list never keeps what is over
		if left(v, now) == 0 {
			delete(b.ids, k)
		}
	}
	for k, v := range b.addrs {
		if left(v.until, now) == 0 {
			delete(b.addrs, k)
		}
	}
	b.ids[id] = until
	for _, a := range addrs {
		b.addrs[claimKey(a)] = addrBan{until: until, from: id}
	}
}

// lift lets id back in, and the addresses its ban kept out; it reports
// whether there was anything to lift.
func (b *banList) lift(id game.PlayerID) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, had := b.ids[id]
	delete(b.ids, id)
	for k, v := range b.addrs {
		if v.from == id {
			delete(b.addrs, k)
			had = true
		}
	}
	return had
}

// keyless reports whether id stands for no key (a guest, a browser): such a
// player can make a new identity by leaving, so their address is banned too.
func keyless(id game.PlayerID) bool { return !strings.HasPrefix(string(id), "SHA256:") }

// kickedFor is how long a player must still wait (0: not kept out).
func (s *moderator) kickedFor(id game.PlayerID) time.Duration { return s.bans.idLeft(id) }

// keptOutFor is how long a session of who from ip must still wait: their
// identity's ban, and for a keyless identity, their address's.
func (s *moderator) keptOutFor(who session.Identity, ip string) time.Duration {
	d := s.bans.idLeft(who.ID)
	if keyless(who.ID) {
		d = max(d, s.bans.addrLeft(ip))
	}
	return d
}

// keptOut is what a player kept out reads.
func keptOut(l i18n.Lang, d time.Duration) string {
	return l.F("An admin asked you to leave. You can come back in %s.", waitLong(l, d))
}

// waitLong says a wait of minutes, hours or days, rounded up.
func waitLong(l i18n.Lang, d time.Duration) string {
	switch {
	case d <= time.Hour:
		return fmt.Sprintf("%d min", int(math.Ceil(d.Minutes())))
	case d <= 48*time.Hour:
		return fmt.Sprintf("%d h", int(math.Ceil(d.Hours())))
	}
	return l.F("%d days", int(math.Ceil(d.Hours()/24)))
}

// target is an identity an admin's command aims at.
type target struct {
	id    game.PlayerID
	name  string
	seats []string // "K7QX ▲"
}

// seatSymbol is the ghost's seat's symbol, as the seat picker shows it.
const seatSymbol = "☾"

// resolveTarget finds the identity args name (see the top of this file).
// Several identities for a name are an error listing them (candidates).
func (s *moderator) resolveTarget(l i18n.Lang, args []string) (target, error) {
	joined := strings.Join(args, " ")
	switch {
	case strings.HasPrefix(joined, "SHA256:"):
		if !validFingerprint(joined) {
			return target{}, tell.F("%q is not a key's fingerprint (SHA256: and 43 characters, as ssh-keygen -lf prints it).", joined)
		}
		return s.describe(game.PlayerID(joined)), nil
	case strings.HasPrefix(joined, "guest:") || strings.HasPrefix(joined, "browser:"):
		if !validKeylessID(joined) {
			return target{}, tell.F("%q is not a guest's or a browser's id.", joined)
		}
		return s.describe(game.PlayerID(joined)), nil
	}
	if len(args) == 2 && looksLikeCode(args[0]) {
		if t, ok := s.hub.Table(args[0]); ok && t != nil {
			return s.seatTarget(t, normaliseCode(args[0]), args[1])
		}
	}
	return s.nameTarget(l, joined)
}

// validFingerprint: SHA256: and the 43 characters of unpadded base64.
func validFingerprint(s string) bool {
	b64 := strings.TrimPrefix(s, "SHA256:")
	if len(b64) != 43 {
		return false
	}
	for _, r := range b64 {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '/') {
			return false
		}
	}
	return true
}

// validKeylessID: a guest's id (newGuestID) or a browser's (web's
// identityOf), by their form.
func validKeylessID(s string) bool {
	var rest string
	var n int
	var ok func(rune) bool
	switch {
	case strings.HasPrefix(s, "guest:"):
		rest, n = strings.TrimPrefix(s, "guest:"), 16
		ok = func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '2' && r <= '7' }
	case strings.HasPrefix(s, "browser:"):
		rest, n = strings.TrimPrefix(s, "browser:"), 43
		ok = func(r rune) bool {
			return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_'
		}
	default:
		return false
	}
	if len(rest) != n {
		return false
	}
	for _, r := range rest {
		if !ok(r) {
			return false
		}
	}
	return true
}

// seatOf reads a seat as an admin types it: the ghost (ghost, fantôme, ☾),
// or a colour by its symbol, its number from 1 in seat order, or its name
// in English or French.
func seatOf(spec string) (game.Seat, bool) {
	spec = strings.ToLower(strings.TrimSpace(spec))
	switch spec {
	case "ghost", "fantôme", "fantome", seatSymbol:
		return game.GhostSeat, true
	}
	for i, c := range game.Colours {
		if spec == c.Symbol() || spec == fmt.Sprint(i+1) || spec == c.String() || spec == strings.ToLower(i18n.French.T(c.String())) {
			return game.SeatOf(c), true
		}
	}
	return game.NoSeat, false
}

// seatName is a seat as the candidates list and the replies show it.
func seatName(code string, seat game.Seat) string {
	if c, ok := seat.Colour(); ok {
		return code + " " + c.Symbol()
	}
	return code + " " + seatSymbol
}

// seatTarget is the player at seat spec of table t (code).
func (s *moderator) seatTarget(t *table.Table, code, spec string) (target, error) {
	seat, ok := seatOf(spec)
	if !ok {
		return target{}, tell.F("%q is not a seat: give the ghost (ghost or ☾) or a colour by its symbol (● ▲ ◆ ■ ★ ✚), its number (1 to 6) or its name.", spec)
	}
	v := t.Public()
	if v == nil {
		return target{}, errNoTable(code)
	}
	for _, sv := range v.Seats {
		at := sv.Seat == seat
		if c, isColour := seat.Colour(); isColour && !at {
			for _, own := range sv.Colours {
				at = at || own == c
			}
		}
		if !at || sv.Player == "" {
			continue
		}
		if sv.Bot {
			return target{}, tell.F("A bot sits at %s: there is nobody to kick (the table's host takes bots out).", seatName(code, seat))
		}
		return s.describe(sv.Player), nil
	}
	return target{}, tell.F("Nobody sits at %s.", seatName(code, seat))
}

// nameTarget is the one identity called name, connected or seated.
func (s *moderator) nameTarget(l i18n.Lang, name string) (target, error) {
	found := map[game.PlayerID]bool{}
	for _, ls := range s.live() {
		if n, _ := s.hub.nameOf(ls.who.ID); strings.EqualFold(n, name) || strings.EqualFold(ls.who.Name, name) {
			found[ls.who.ID] = true
		}
	}
	for _, sv := range s.hub.seatsOf(func(sv game.SeatView) bool { return !sv.Bot && strings.EqualFold(sv.Name, name) }) {
		found[sv.id] = true
	}
	var ts []target
	for id := range found {
		ts = append(ts, s.describe(id))
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].id < ts[j].id })
	switch len(ts) {
	case 0:
		return target{}, tell.F("Nobody called %q is connected or seated.", name)
	case 1:
		return ts[0], nil
	}
	var b strings.Builder
	b.WriteString(l.F("%d players are called %q; nothing was done. Aim at one by its id or its seat:", len(ts), name))
	for _, t := range ts {
		where := l.T("no seat")
		if len(t.seats) > 0 {
			where = l.F("at %s", strings.Join(t.seats, ", "))
		}
		fmt.Fprintf(&b, "\n  %s  %s", t.id, where)
	}
	return target{}, plainText(b.String())
}

// describe is the target id, with its name and seats.
func (s *moderator) describe(id game.PlayerID) target {
	t := target{id: id}
	t.name, _ = s.hub.nameOf(id)
	for _, ls := range s.live() {
		if t.name == "" && ls.who.ID == id {
			t.name = ls.who.Name
		}
	}
	for _, sv := range s.hub.seatsOf(func(sv game.SeatView) bool { return sv.Player == id }) {
		t.seats = append(t.seats, seatName(sv.code, sv.Seat))
		if t.name == "" {
			t.name = sv.Name
		}
	}
	return t
}

// seatAt is a seat of a table and who sits there.
type seatAt struct {
	game.SeatView
	code string
	id   game.PlayerID
}

// seatsOf lists the seats of every table that match keep, by table code
// then seat. Each table is asked for its public view: this is for an
// admin's command, not for anything a player does.
func (h *Hub) seatsOf(keep func(game.SeatView) bool) []seatAt {
	h.mu.Lock()
	tables := make(map[string]*table.Table, len(h.tables))
	for code, ht := range h.tables {
		if ht.t != nil {
			tables[code] = ht.t
		}
	}
	h.mu.Unlock()
	var out []seatAt
	for code, t := range tables {
		v := t.Public()
		if v == nil {
			continue
		}
		for _, sv := range v.Seats {
			if sv.Player != "" && keep(sv) {
				out = append(out, seatAt{SeatView: sv, code: code, id: sv.Player})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].code != out[j].code {
			return out[i].code < out[j].code
		}
		return out[i].Seat < out[j].Seat
	})
	return out
}

// plainText is an error whose text is already in the reader's language
// (a list made for them): sentenceIn shows it as it is.
type plainText string

func (p plainText) Error() string       { return string(p) }
func (p plainText) In(i18n.Lang) string { return string(p) }

// ban ends every session of t's identity and keeps it out for d, with the
// addresses of those sessions when it has no key. It returns the sessions
// ended and the addresses kept out.
func (s *moderator) ban(t target, d time.Duration) (sessions, addrs int) {
	var ips []string
	var ended []*liveSession
	for _, ls := range s.live() {
		if ls.who.ID == t.id {
			ended = append(ended, ls)
			if keyless(t.id) && ls.ip != "" {
				ips = append(ips, ls.ip)
			}
		}
	}
	s.bans.add(t.id, time.Now().Add(d), ips)
	for _, ls := range ended {
		ls.kickOut(d)
	}
	seen := map[string]bool{}
	for _, ip := range ips {
		seen[claimKey(ip)] = true
	}
	return len(ended), len(seen)
}

// kickOut ends the session because an admin keeps its player out for d.
func (ls *liveSession) kickOut(d time.Duration) {
	ls.mu.Lock()
	ls.out = d
	ls.mu.Unlock()
	ls.end(endKicked)
}

// endMessage says why the server ended the session, in lang.
func (ls *liveSession) endMessage(lang i18n.Lang, l Limits) string {
	ls.mu.Lock()
	r, out := ls.reason, ls.out
	ls.mu.Unlock()
	if r == endKicked && out > 0 {
		return lang.F("An admin disconnected you. You can come back in %s.", waitLong(lang, out))
	}
	return r.message(lang, l)
}

// parseBan splits ban's arguments into the target and the duration (a last
// argument such as 30m, 12h or 7d; banDefault without one).
func parseBan(args []string) ([]string, time.Duration, error) {
	if len(args) < 2 {
		return args, banDefault, nil
	}
	last := args[len(args)-1]
	d, ok := parseDays(last)
	if !ok {
		return args, banDefault, nil
	}
	if d < time.Minute || d > banMax {
		return nil, 0, tell.F("A ban lasts from 1 min to %d days, not %s.", int(banMax/(24*time.Hour)), last)
	}
	return args[:len(args)-1], d, nil
}

// parseDays reads a Go duration, or a number of days (7d).
func parseDays(s string) (time.Duration, bool) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var days int
		if _, err := fmt.Sscanf(n, "%d", &days); err == nil && fmt.Sprint(days) == n && days >= 0 && days <= 10000 {
			return time.Duration(days) * 24 * time.Hour, true
		}
		return 0, false
	}
	d, err := time.ParseDuration(s)
	return d, err == nil
}

// label is the target as an admin's reply names it: its id, with its name
// and seats.
func (t target) label(l i18n.Lang) string {
	var parts []string
	if t.name != "" {
		parts = append(parts, t.name)
	}
	if len(t.seats) > 0 {
		parts = append(parts, l.F("at %s", strings.Join(t.seats, ", ")))
	}
	if len(parts) == 0 {
		return string(t.id)
	}
	return string(t.id) + " (" + strings.Join(parts, ", ") + ")"
}

// standUp frees the seats id holds at tables still seating, as if they had
// stood up: a player an admin threw out must not keep a seat others could
// take, nor hold back a game that has not started. A game already on keeps
// its seats (the player is away; with --bot-takeover a bot plays for them).
// It returns the seats freed.
func (h *Hub) standUp(id game.PlayerID) []string {
	var freed []string
	for _, sv := range h.seatsOf(func(sv game.SeatView) bool { return sv.Player == id }) {
		h.mu.Lock()
		ht, ok := h.tables[sv.code]
		seating := ok && ht.t != nil && ht.phase == game.PhaseSeating
		h.mu.Unlock()
		if !seating {
			continue
		}
		if err := ht.t.Submit(id, game.Stand{}); err == nil {
			freed = append(freed, seatName(sv.code, sv.Seat))
		}
	}
	return freed
}
