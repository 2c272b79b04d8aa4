package server

import (
	"fmt"
	"net"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session"
)

// invite is what an invitation to a table says.
type invite struct {
	Code    string
	Name    string
	Options game.Options
	Host    string // host name or address players reach the server at
	Port    string // "" for 22
	HostKey string // the server's host key fingerprint
	Link    string // the table's browser link; "" when the web way in is off
}

// inviteBlock is the one builder of the text `ssh HOST invite CODE` prints
// and the lobby shows for a table you host: ready to paste into a group
// chat, with the browser link when the web way in is on.
// It is in the inviter's language l: the friends it is pasted to share it.
func inviteBlock(inv invite, l i18n.Lang) string {
	var b strings.Builder
	what := inv.Options.Edition.Name(l)
	if inv.Options.Difficulty != "" {
		what += ", " + inv.Options.Difficulty.Name(l)
	}
	b.WriteString(l.F("Join my Mysterium table %q (%s):", inv.Name, what))
	b.WriteString("\n\n")
	port := ""
	if inv.Port != "" && inv.Port != "22" {
		port = "-p " + inv.Port + " "
	}
	fmt.Fprintf(&b, "  ssh %s-t %s %s\n\n", port, inv.Host, inv.Code)
	if inv.Link != "" {
		fmt.Fprintf(&b, "%s\n\n  %s\n\n", l.T("No ssh at hand? Open it in a browser:"), inv.Link)
	}
	fmt.Fprintf(&b, "%s\n\n  %s\n", l.T("The first time, ssh asks whether to trust the server: say yes only if\nit shows this fingerprint:"), inv.HostKey)
	return b.String()
}

// errNoTable is the answer for a table that does not exist.
func errNoTable(code string) error {
	return tell.F("There is no table %s (ssh HOST tables lists the open ones).", code)
}

// Invite returns the invitation to an open table, private or not: knowing
// a private table's code is the permission to it (ssh -t HOST CODE opens
// it), so whoever types the code may pass it on. A wrong code counts
// against the asker like one typed to join (Limits.CodeFailuresPerIP), so
// invitations are no faster way to guess a private code.
func (h *Hub) Invite(who session.Identity, code string) (session.Invitation, error) {
	return h.inviteVia(who, code, "")
}

// inviteVia is Invite for a client that reached the server at local (its
// side of the connection), the address the invitation names when the
// server has no --public-addr.
func (h *Hub) inviteVia(who session.Identity, code, local string) (session.Invitation, error) {
	code = normaliseCode(code)
	right := func() {}
	if h.guesses != nil {
		r, retry, ok := h.guesses.codeTry(who.Addr, who.ID)
		if !ok {
			return session.Invitation{}, tell.F("Too many wrong table codes from you (%d in %s). Try again in %s.",
				h.limits.CodeFailuresPerIP, roundDuration(CodeWindow), waitText(retry))
		}
		right = r
	}
	h.mu.Lock()
	ht, ok := h.tables[code]
	var info session.TableInfo
	var link string
	if ok && ht.t != nil {
		info = h.infoLocked(ht)
		link = h.browserLinkLocked(info.Code, ht.rec.Created)
	}
	h.mu.Unlock()
	if !ok || ht.t == nil {
		h.log.Info("wrong table code", "remote", who.Addr, "id", who.ID, "for", "invite")
		return session.Invitation{}, errNoTable(code)
	}
	right()
	host, port := h.reachAt(local)
	inv := invite{Code: info.Code, Name: info.Name, Options: info.Options, Host: host, Port: port, HostKey: h.hostKey, Link: link}
	return session.Invitation{Text: inviteBlock(inv, h.langNow(who)), Link: link}, nil
}

// reachAt splits the address players reach the server at: --public-addr
// when set, else the address this client came in on, else the machine's
// name with the listening port.
func (h *Hub) reachAt(local string) (host, port string) {
	addr := h.publicAddr
	if addr == "" {
		addr = local
	}
	if addr == "" {
		addr = h.listenAddr
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, ""
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = h.hostname
	}
	return host, port
}

// clientHub is the hub as one client's session sees it: its invitations
// name the address that client reached the server at.
type clientHub struct {
	*Hub
	local string
}

func (c clientHub) Invite(who session.Identity, code string) (session.Invitation, error) {
	return c.Hub.inviteVia(who, code, c.local)
}

// hubFor returns the hub for c's screens.
func (s *Server) hubFor(c *client) session.Hub {
	if c.only != "" {
		return boundHub{Hub: s.hub, only: c.only}
	}
	if c.ssh == nil {
		return s.hub
	}
	return clientHub{Hub: s.hub, local: c.ssh.LocalAddr().String()}
}

// SetWebLink makes invitations carry a table's browser link (link(code)),
// for a server whose web way in is on, and logs how that way in is
// protected. Call it before serving.
func (s *Server) SetWebLink(link func(code string) string) {
	s.hub.mu.Lock()
	s.hub.webLink = link
	s.hub.mu.Unlock()
	s.webGate.logAccess(s.log)
}
