package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/web"
)

func init() {
	register(&command{
		name:    "healthcheck",
		summary: "check that a server on this machine answers (for container health checks)",
		run:     runHealthcheck,
	})
}

// healthTimeout bounds the whole check.
const healthTimeout = 4 * time.Second

// runHealthcheck exits 0 when the server on this machine answers: its
// /healthz when --metrics is on, else its SSH port's greeting. It reads the
// same MYSTERIUM_* variables as serve, so a container's health check needs
// no arguments (an image without a shell or curl runs the binary itself).
func runHealthcheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	listen := fs.String("listen", ":23234", "the server's SSH address")
	metrics := fs.String("metrics", "", "the server's --metrics address: /healthz is asked there")
	proxy := fs.String("proxy-protocol", "", "the server's --proxy-protocol: when it trusts loopback, the check sends a PROXY header (LOCAL) first")
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := applyEnv(fs); err != nil {
		fmt.Fprintf(stderr, "mysterium healthcheck: %v\n", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	var err error
	if *metrics != "" {
		err = checkHealthz(ctx, local(*metrics))
	} else {
		err = checkSSH(ctx, local(*listen), *proxy)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mysterium healthcheck: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "ok")
	return 0
}

// local turns a listen address into one to dial on this machine: ":23234"
// and "0.0.0.0:23234" are 127.0.0.1:23234.
func local(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip, err := netip.ParseAddr(host); host == "" || (err == nil && ip.IsUnspecified()) {
		if err == nil && ip.Is6() && !ip.Is4In6() {
			host = "::1"
		} else {
			host = "127.0.0.1"
		}
	}
	return net.JoinHostPort(host, port)
}

func checkHealthz(ctx context.Context, addr string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/healthz", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s/healthz: %s", addr, resp.Status)
	}
	return nil
}

// checkSSH dials the SSH port and waits for the server's greeting
// ("SSH-2.0-..."), then hangs up: no handshake, nothing logged but at debug
// level. Behind --proxy-protocol trusting loopback it first says it is a
// health check (a v2 LOCAL header), as a relay's would.
func checkSSH(ctx context.Context, addr, proxy string) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = c.SetDeadline(dl)
	}
	if trusted, err := web.ParseTrusted(proxy); err == nil && len(trusted) > 0 {
		if ap, err := netip.ParseAddrPort(c.LocalAddr().String()); err == nil {
			for _, p := range trusted {
				if p.Contains(ap.Addr().Unmap()) {
					if _, err := c.Write(proxyLocalHeader()); err != nil {
						return err
					}
					break
				}
			}
		}
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return fmt.Errorf("%s: no SSH greeting: %w", addr, err)
	}
	if !strings.HasPrefix(line, "SSH-2.0-") {
		return fmt.Errorf("%s: not an SSH server: %q", addr, strings.TrimSpace(line))
	}
	return nil
}

// proxyLocalHeader is a PROXY protocol v2 header with the LOCAL command: a
// connection of the relay's own, which keeps its address.
func proxyLocalHeader() []byte {
	h := []byte("\r\n\r\n\x00\r\nQUIT\n")
	h = append(h, 0x20, 0x00) // version 2, LOCAL; UNSPEC
	return binary.BigEndian.AppendUint16(h, 0)
}
