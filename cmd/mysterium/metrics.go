package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/server"
)

// startMetrics serves the server's Prometheus metrics at /metrics and its
// health at /healthz on addr (--metrics), until ctx ends. The series hold
// counts and durations, never a table code, a name or an address, so any
// address may serve them; still, a scraper on the same machine or network
// (127.0.0.1:9100, a private address) is the usual place.
func startMetrics(ctx context.Context, addr string, srv *server.Server, logger *log.Logger) error {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return fmt.Errorf("--metrics %q: want host:port: %w", addr, err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--metrics: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", srv.MetricsHandler())
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !srv.Healthy() {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "not serving")
			return
		}
		fmt.Fprintln(w, "ok")
	})
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics server stopped", "err", err)
		}
	}()
	context.AfterFunc(ctx, func() { _ = hs.Close() })
	logger.Info("metrics served", "addr", ln.Addr().String(), "paths", "/metrics /healthz")
	return nil
}
