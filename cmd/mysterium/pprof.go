package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"time"

	"charm.land/log/v2"
)

// startPprof serves Go's profiles (/debug/pprof/) on addr for measuring the
// server under load (docs/performance.md). It is off unless
// --pprof is given, and refuses any address but loopback: profiles show
// memory contents such as table codes and player names.
func startPprof(ctx context.Context, addr string, logger *log.Logger) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--pprof %q: want host:port: %w", addr, err)
	}
	if ip, err := netip.ParseAddr(host); host != "localhost" && (err != nil || !ip.Unmap().IsLoopback()) {
		return fmt.Errorf("--pprof %q: only a loopback address (127.0.0.1, ::1, localhost) may serve profiles", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--pprof: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("pprof server stopped", "err", err)
		}
	}()
	context.AfterFunc(ctx, func() { _ = hs.Close() })
	logger.Info("profiles served", "addr", ln.Addr().String(), "path", "/debug/pprof/")
	return nil
}
