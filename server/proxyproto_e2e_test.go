package server_test

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// The relay of these tests: 127.0.0.2, which --proxy-protocol trusts. Its
// clients come from documentation addresses (RFC 5737) that only a PROXY
// header can name.
var (
	relayAddr = netip.MustParseAddr("127.0.0.2")
	carol     = netip.MustParseAddrPort("203.0.113.7:40007")
	dave      = netip.MustParseAddrPort("203.0.113.8:40008")
)

// proxyV2 is a PROXY protocol v2 header for a TCP over IPv4 connection from
// src to dst, written byte by byte as HAProxy's send-proxy-v2 does.
func proxyV2(src, dst netip.AddrPort) []byte {
	b := []byte("\r\n\r\n\x00\r\nQUIT\n")
	b = append(b, 0x21, 0x11) // version 2, PROXY; TCP over IPv4
	b = binary.BigEndian.AppendUint16(b, 12)
	b = append(b, src.Addr().AsSlice()...)
	b = append(b, dst.Addr().AsSlice()...)
	b = binary.BigEndian.AppendUint16(b, src.Port())
	return binary.BigEndian.AppendUint16(b, dst.Port())
}

// proxyV1 is the same in the text version.
func proxyV1(src, dst netip.AddrPort) []byte {
	return fmt.Appendf(nil, "PROXY TCP4 %s %s %d %d\r\n", src.Addr(), dst.Addr(), src.Port(), dst.Port())
}

// dialFrom opens a TCP connection to addr from the local address from.
func dialFrom(t *testing.T, from netip.Addr, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: from.AsSlice()}, Timeout: wait}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial %s from %s: %v", addr, from, err)
	}
	return c
}

// relay is a TCP relay on loopback, as socat or HAProxy on a VPS would be: it
// connects to the server from the address from, sends header (nil: none),
// then copies both ways. It returns the address clients dial.
func relay(t *testing.T, from netip.Addr, server string, header []byte) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				d := net.Dialer{LocalAddr: &net.TCPAddr{IP: from.AsSlice()}}
				up, err := d.Dial("tcp", server)
				if err != nil {
					return
				}
				defer up.Close()
				if header != nil {
					if _, err := up.Write(header); err != nil {
						return
					}
				}
				done := make(chan struct{}, 2)
				go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
				go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
				<-done
			}()
		}
	}()
	return ln.Addr().String()
}

func proxyServer(t *testing.T) (*harness, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	h := start(t, server.Config{
		ProxyProtocol: []netip.Prefix{netip.PrefixFrom(relayAddr, 32)},
		Limits:        server.Limits{MaxSessionsPerIP: 1},
		NewModel:      newWhoModel,
		Logger:        log.NewWithOptions(logs, log.Options{Level: log.DebugLevel, Formatter: log.LogfmtFormatter}),
	})
	return h, logs
}

// An SSH client through a trusted relay that prepends a PROXY v2 header is
// limited and logged by the header's address, not the relay's: with one
// session allowed per address, carol's second session is refused while
// dave, through the same relay, and a client connecting directly get in.
// The v1 header works the same way.
func TestProxyProtocolNamesTheClient(t *testing.T) {
	h, logs := proxyServer(t)
	dst := netip.MustParseAddrPort(h.addr)
	viaCarol := relay(t, relayAddr, h.addr, proxyV2(carol, dst))
	viaDave := relay(t, relayAddr, h.addr, proxyV1(dave, dst))

	k1, k2, k3 := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	c1 := sshtest.Dial(t, viaCarol, sshtest.Options{User: "carol", Key: &k1, Pty: true, Width: 80, Height: 24})
	c1.WaitFor("carol", wait)
	// The same address again, through the same relay: over its limit.
	c2 := sshtest.Dial(t, viaCarol, sshtest.Options{User: "carol2", Key: &k2, Pty: true, Width: 80, Height: 24})
	if code, err := c2.Wait(wait); err != nil || code == 0 || !strings.Contains(c2.Output(), "Too many sessions from your address") {
		t.Fatalf("carol's second session: exit %d, %v, %q", code, err, c2.Output())
	}
	// Another client of the relay, and a direct one: their own addresses.
	d := sshtest.Dial(t, viaDave, sshtest.Options{User: "dave", Key: &k3, Pty: true, Width: 80, Height: 24})
	d.WaitFor("dave", wait)
	direct := sshtest.Dial(t, h.addr, sshtest.Options{User: "erin", Pty: true, Width: 80, Height: 24})
	direct.WaitFor("erin", wait)

	text := logs.String()
	for _, want := range []string{"remote=203.0.113.7", "remote=203.0.113.8", "remote=127.0.0.1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the log has no %s", want)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "remote=127.0.0.2") {
			t.Errorf("the relay's address is in the log as a client's: %s", line)
		}
	}
}

// A PROXY header from a source not in --proxy-protocol is refused (it could
// name anyone), and so is a connection from a trusted relay without one
// (it would hide every client behind the relay's address); both are logged.
func TestProxyProtocolRefusals(t *testing.T) {
	h, logs := proxyServer(t)
	dst := netip.MustParseAddrPort(h.addr)
	handshake := func(c net.Conn) error {
		_ = c.SetDeadline(time.Now().Add(wait))
		// A guest's login, which the server lets in when the connection is.
		guest := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
		cfg := &gossh.ClientConfig{User: "mallory", Auth: []gossh.AuthMethod{guest}, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait}
		sc, _, _, err := gossh.NewClientConn(c, h.addr, cfg)
		if err == nil {
			sc.Close()
		}
		return err
	}

	// A header from 127.0.0.1: untrusted, in either version. (Without the
	// check, SSH itself would skip a v1 header as a line before its own.)
	for _, header := range [][]byte{proxyV2(carol, dst), proxyV1(carol, dst)} {
		c := dialFrom(t, netip.MustParseAddr("127.0.0.1"), h.addr)
		if _, err := c.Write(header); err != nil {
			t.Fatal(err)
		}
		if err := handshake(c); err == nil {
			t.Errorf("a PROXY header from an untrusted address was accepted: %q", header[:5])
		}
		c.Close()
	}
	// The relay's address without a header.
	c := dialFrom(t, relayAddr, h.addr)
	if err := handshake(c); err == nil {
		t.Error("a trusted relay's connection without a PROXY header was accepted")
	}
	c.Close()

	// The same guest's login, from an address that may connect directly.
	c = dialFrom(t, netip.MustParseAddr("127.0.0.1"), h.addr)
	if err := handshake(c); err != nil {
		t.Errorf("a direct connection without a header: %v", err)
	}
	c.Close()

	text := logs.String()
	for _, want := range []string{
		`connection refused: a PROXY header from an address not in --proxy-protocol" remote=127.0.0.1`,
		`connection refused: no PROXY header from a trusted relay (--proxy-protocol)" relay=127.0.0.2`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the log does not say %s", want)
		}
	}
	if strings.Contains(text, "203.0.113.7") {
		t.Error("the untrusted header's address reached the log as a client's")
	}
}
