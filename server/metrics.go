package server

import (
	"net/http"

	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/server/relay"
)

// relayRefusals are the PROXY protocol's refusals as reasons.
var relayRefusals = map[relay.Refusal]metrics.Reason{
	relay.Untrusted: metrics.ProxyUntrusted,
	relay.Missing:   metrics.ProxyMissing,
	relay.Invalid:   metrics.ProxyInvalid,
}

// MetricsHandler serves the server's metrics in Prometheus' text format
// (--metrics serves it at /metrics).
func (s *Server) MetricsHandler() http.Handler {
	return s.metrics.Handler()
}

// Healthy reports whether the server is serving: listening and not shutting
// down (--metrics serves it at /healthz).
func (s *Server) Healthy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr != nil && !s.closing
}

// tableStates counts the hub's tables by state, for the tables gauge.
func (h *Hub) tableStates() map[string]int {
	n := map[string]int{}
	if h == nil {
		return n
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ht := range h.tables {
		if ht.t == nil {
			continue // a code reserved while its table starts
		}
		n[metrics.TableState(ht.phase)]++
	}
	return n
}
