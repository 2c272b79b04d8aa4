// Package relay applies the PROXY protocol (--proxy-protocol) to the SSH
// port's connections. Behind a TCP relay (HAProxy or socat on a VPS, a
// tunnel's TCP mode) every player would come from the relay's address, and
// so share one address's limits (sessions, connection rate, wrong codes and
// reclaims) and one name in the log. A relay that prepends a PROXY header
// (v1 or v2, HAProxy's send-proxy-v2) says who its client is; the server
// believes it only from the relays it was told to trust, and then uses that
// address for every limit and every log line.
//
//   - From a trusted source, the header is required: a connection without one
//     (or with a broken one) is closed before the SSH handshake, and logged.
//     A relay's own LOCAL header (a health check) keeps the relay's address.
//   - From any other source, a header is refused: the connection is closed
//     and logged. Other clients there (friends on the LAN) connect directly
//     as before.
//
// Parsing is go-proxyproto's (Read); which connections may carry a header,
// and what happens to the others, is decided here, per connection, in the
// connection's own goroutine, so a slow relay holds up nobody else. The
// server sees only Policy.Wrap: a connection in, the connection to serve
// (or nil) out, and each refusal's reason through Policy.Refused.
package relay

import (
	"bufio"
	"bytes"
	"errors"
	"net"
	"net/netip"
	"time"

	"charm.land/log/v2"
	"github.com/pires/go-proxyproto"
)

// Refusal is why a connection was closed.
type Refusal int

const (
	// Untrusted: a PROXY header from an address not in Policy.Trusted.
	Untrusted Refusal = iota
	// Missing: no PROXY header from a trusted relay.
	Missing
	// Invalid: a broken header, or one that names no TCP client.
	Invalid
)

// HeaderWait is the longest a trusted relay may take to send its header
// once connected; relays send it at once.
const HeaderWait = 10 * time.Second

// Policy is which relays may send a PROXY header, and what becomes of the
// connections that break the rule.
type Policy struct {
	// Trusted are the relays (addresses or prefixes) whose headers are
	// believed, and required.
	Trusted []netip.Prefix
	// Wait bounds the wait for a trusted relay's header (at most HeaderWait).
	Wait time.Duration
	Log  *log.Logger
	// Refused counts a refused connection (nil: not counted).
	Refused func(Refusal)
}

// errRefused ends a connection from an untrusted source that began with a
// PROXY header.
var errRefused = errors.New("server: a PROXY header from an untrusted address")

// trusted reports whether addr is one of the relays allowed to send a PROXY
// header.
func (p *Policy) trusted(addr net.Addr) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return netip.Addr{}, false
	}
	ip := ap.Addr().Unmap()
	for _, pre := range p.Trusted {
		if pre.Contains(ip) {
			return ip, true
		}
	}
	return ip, false
}

func (p *Policy) refuse(r Refusal) {
	if p.Refused != nil {
		p.Refused(r)
	}
}

// Wrap applies the PROXY protocol to a new connection: for a trusted relay
// it reads the header and returns the connection as coming from the client
// it names; for anyone else a connection that refuses a header. It returns
// nil for a connection to close (the reason is logged and counted).
func (p *Policy) Wrap(c net.Conn) net.Conn {
	peer, trusted := p.trusted(c.RemoteAddr())
	if !trusted {
		return &headerGuard{Conn: c, refused: func() {
			p.Log.Warn("connection refused: a PROXY header from an address not in --proxy-protocol", "remote", peer.String())
			p.refuse(Untrusted)
		}}
	}
	br := bufio.NewReader(c)
	h, err := proxyproto.ReadHeaderTimeout(c, br, min(HeaderWait, p.Wait))
	switch {
	case errors.Is(err, proxyproto.ErrNoProxyProtocol):
		p.Log.Warn("connection refused: no PROXY header from a trusted relay (--proxy-protocol)", "relay", peer.String())
		p.refuse(Missing)
		return nil
	case err != nil:
		p.Log.Warn("connection refused: a broken PROXY header", "relay", peer.String(), "err", err)
		p.refuse(Invalid)
		return nil
	}
	remote := c.RemoteAddr()
	if !h.Command.IsLocal() {
		src, ok := h.SourceAddr.(*net.TCPAddr)
		if !ok || (h.TransportProtocol != proxyproto.TCPv4 && h.TransportProtocol != proxyproto.TCPv6) {
			p.Log.Warn("connection refused: the PROXY header names no TCP client", "relay", peer.String(), "protocol", h.TransportProtocol)
			p.refuse(Invalid)
			return nil
		}
		remote = src
	}
	p.Log.Debug("proxied connection", "relay", peer.String(), "remote", ipOf(remote))
	return &relayedConn{Conn: c, br: br, remote: remote}
}

// ipOf is the IP part of a remote address, as the server's log lines name
// a client.
func ipOf(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}

// relayedConn is a connection through a trusted relay: its remote address is
// the client's, from the PROXY header, and its reads begin with what was
// read past the header.
type relayedConn struct {
	net.Conn
	br     *bufio.Reader // nil once drained
	remote net.Addr
}

func (c *relayedConn) RemoteAddr() net.Addr { return c.remote }

func (c *relayedConn) Read(p []byte) (int, error) {
	if c.br != nil {
		if c.br.Buffered() > 0 {
			return c.br.Read(p)
		}
		c.br = nil // its 4 KiB go
	}
	return c.Conn.Read(p)
}

// headerGuard is a connection from a source that may not send a PROXY
// header. Its first bytes are checked as the SSH server reads them: a
// client's begin with "SSH-", which is decided at the first byte; a PROXY
// header's signature closes the connection before the server sees any of
// it. Nothing is read ahead of the server, so a client that waits for the
// server's greeting first is not held up.
type headerGuard struct {
	net.Conn
	refused func()
	decided bool
	buf     [12]byte // the first bytes, while undecided
	n, off  int
	err     error // the read error that came with the last of them
}

func (c *headerGuard) Read(p []byte) (int, error) {
	for !c.decided {
		m, err := c.Conn.Read(c.buf[c.n:])
		c.n += m
		switch sniffProxy(c.buf[:c.n]) {
		case sniffYes:
			c.refused()
			_ = c.Conn.Close()
			return 0, errRefused
		case sniffNo:
			c.decided, c.err = true, err
		default:
			if err != nil {
				return 0, err
			}
		}
	}
	if c.off < c.n {
		m := copy(p, c.buf[c.off:c.n])
		c.off += m
		if c.off == c.n && c.err != nil {
			return m, c.err
		}
		return m, nil
	}
	return c.Conn.Read(p)
}

type sniff int

const (
	sniffMaybe sniff = iota
	sniffYes
	sniffNo
)

// sniffProxy says whether b, the first bytes of a connection, begin a
// PROXY header (v1 or v2), cannot, or cannot tell yet.
func sniffProxy(b []byte) sniff {
	maybe := false
	for _, sig := range [][]byte{proxyproto.SIGV1, proxyproto.SIGV2} {
		switch {
		case len(b) >= len(sig) && bytes.HasPrefix(b, sig):
			return sniffYes
		case len(b) < len(sig) && bytes.HasPrefix(sig, b):
			maybe = true
		}
	}
	if maybe {
		return sniffMaybe
	}
	return sniffNo
}
