package main

import (
	"context"
	"io"
	"testing"

	"charm.land/log/v2"
)

func TestPprofOnlyOnLoopback(t *testing.T) {
	logger := log.New(io.Discard)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, addr := range []string{"0.0.0.0:6060", ":6060", "192.168.1.2:6060", "example.com:6060", "6060"} {
		if err := startPprof(ctx, addr, logger); err == nil {
			t.Errorf("startPprof(%q) accepted a non-loopback address", addr)
		}
	}
	if err := startPprof(ctx, "127.0.0.1:0", logger); err != nil {
		t.Errorf("startPprof on loopback: %v", err)
	}
}
