package server

import (
	"net/url"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/server/weblink"
	"github.com/mysterium-ssh/mysterium/session"
)

// The browser way in on a server whose keys are listed (--allow-keys).
//
// A browser has no SSH key, so the allowlist cannot admit it the way it
// admits an SSH client. Such a server closes its web side to everyone,
// except a browser that comes with a table's invitation link: the
// invitation an allowed player gets (`ssh HOST invite CODE`, the lobby's i)
// carries ?invite=TOKEN (package weblink signs and checks it). The token
// lets that browser in to that table only (see boundHub): no lobby of other
// tables, no new table, no other code. The token is a credential for a
// seat: it is never logged (the page's URL is not, and the socket's hello
// goes to no log), the page forbids sending it on (Referrer-Policy:
// no-referrer), and only the inviter's own screen shows it.
//
// A host whose browsers are already vetted by something else (a reverse
// proxy with a login, a private network) says --web-open: the browser way
// in then admits anyone despite the allowlist, and the start-up log warns.

// webGate decides which browsers come in.
type webGate struct {
	// open: every browser comes in (no allowlist, or --web-open).
	open bool
	// forced: open by --web-open despite the allowlist.
	forced bool
	// links signs and checks the invitations' tokens; nil when open.
	links *weblink.Signer
}

// newWebGate is the gate of a server configured by cfg: closed, with the
// secret from the data directory (made the first time), when keys are
// listed and the host did not say --web-open.
func newWebGate(cfg Config) (*webGate, error) {
	if cfg.AllowKeysFile == "" || cfg.WebOpen {
		return &webGate{open: true, forced: cfg.AllowKeysFile != "" && cfg.WebOpen}, nil
	}
	links, err := weblink.Load(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	return &webGate{links: links}, nil
}

// AdmitsBrowser reports whether a browser that holds token (its link's
// ?invite=, "" without one) may open table code ("" for the lobby). The
// web package asks it before it serves a page; the session itself asks
// again (ServeTerminal), so a socket opened without the page is held to
// the same rule.
func (s *Server) AdmitsBrowser(code, token string) bool {
	if s.webGate.open {
		return true
	}
	if code == "" || !weblink.WellFormed(token) {
		return false
	}
	code = normaliseCode(code)
	created, ok := s.hub.liveTableCreated(code)
	if !ok {
		return false
	}
	return s.webGate.links.Valid(token, code, created)
}

// liveTableCreated is when the table code was created, and false when there
// is no such table (a finished game's archive, CODE.N, is not one).
func (h *Hub) liveTableCreated(code string) (time.Time, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ht, ok := h.tables[code]
	if !ok || ht.t == nil {
		return time.Time{}, false
	}
	return ht.rec.Created, true
}

// browserLink is the link an invitation to table code (created at created)
// gives for browsers: "" when the web way in is off; with the table's
// token when the gate is closed. h.mu is held.
func (h *Hub) browserLinkLocked(code string, created time.Time) string {
	if h.webLink == nil {
		return ""
	}
	link := h.webLink(code)
	if h.webGate == nil || h.webGate.open {
		return link
	}
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	u.RawQuery = url.Values{"invite": {h.webGate.links.Token(code, created)}}.Encode()
	return u.String()
}

// logAccess says at start-up how the browser way in is protected.
func (g *webGate) logAccess(l *log.Logger) {
	switch {
	case g.forced:
		l.Warn("browser way in: open to anyone who reaches it, despite --allow-keys (--web-open); a browser needs no key")
	case g.open:
		l.Info("browser way in: open to anyone who reaches it, as the SSH side is (no --allow-keys)")
	default:
		l.Info("browser way in: only browsers with a table's invitation link (ssh HOST invite CODE prints it), as --allow-keys admits only listed keys")
	}
}

// webClosed is what a browser without a valid invitation reads on a server
// whose keys are listed.
var webClosed = i18n.N("This server lets in only the players whose SSH key is on its list, and browsers that come with a table's invitation link. Ask a player at the table for the link: ssh HOST invite CODE prints it.")

// webInvitedOnly refuses what a browser let in by an invitation asks
// beyond its table.
func webInvitedOnly(code string) error {
	return tell.F("This browser came with an invitation to table %s: it opens that table only.", code)
}

// boundHub is the hub as a browser let in by an invitation sees it: the
// one table, which it may join, watch, play again and invite to (its own
// link), and nothing else: no other table listed or found by code, and no
// new table. It embeds *Hub so that the hub's optional interfaces (the
// deck, the alerts' preferences, the default timer) stay.
type boundHub struct {
	*Hub
	only string // the table's code, normalised
}

var _ session.Hub = boundHub{}

func (b boundHub) Tables(session.Identity) []session.TableInfo {
	b.mu.Lock()
	defer b.mu.Unlock()
	ht, ok := b.tables[b.only]
	if !ok || ht.t == nil {
		return nil
	}
	return []session.TableInfo{b.infoLocked(ht)}
}

func (b boundHub) CreateTable(session.Identity, session.TableSpec) (session.TableInfo, error) {
	return session.TableInfo{}, webInvitedOnly(b.only)
}

func (b boundHub) Table(code string) (*table.Table, bool) {
	if normaliseCode(code) != b.only {
		return nil, false
	}
	return b.Hub.Table(code)
}

func (b boundHub) FindByCode(who session.Identity, code string) (*table.Table, error) {
	if normaliseCode(code) != b.only {
		return nil, webInvitedOnly(b.only)
	}
	return b.Hub.FindByCode(who, code)
}

func (b boundHub) Invite(who session.Identity, code string) (session.Invitation, error) {
	if normaliseCode(code) != b.only {
		return session.Invitation{}, webInvitedOnly(b.only)
	}
	return b.Hub.Invite(who, code)
}

func (b boundHub) PlayAgain(who session.Identity, code string) error {
	if normaliseCode(code) != b.only {
		return webInvitedOnly(b.only)
	}
	return b.Hub.PlayAgain(who, code)
}

// invitedTable is the table a browser's session asks for (its first
// argument that reads as a code; "" for the lobby).
func invitedTable(args []string) string {
	for i := 0; i < len(args); i++ {
		if args[i] == "claim" {
			i++
			continue
		}
		if looksLikeCode(args[i]) {
			return normaliseCode(args[i])
		}
	}
	return ""
}
