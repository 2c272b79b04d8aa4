package main

import (
	"runtime/debug"
	"testing"
)

func TestTuneGCKeepsAnOperatorsGOGC(t *testing.T) {
	prev := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(prev) })

	t.Setenv("GOGC", "")
	if got := tuneGC(); got != serveGCPercent {
		t.Errorf("GOGC unset: tuneGC = %d, want %d", got, serveGCPercent)
	}
	if now := debug.SetGCPercent(100); now != serveGCPercent {
		t.Errorf("GOGC unset: the collector runs at %d, want %d", now, serveGCPercent)
	}

	t.Setenv("GOGC", "200")
	debug.SetGCPercent(200) // what the runtime read from GOGC at start
	if got := tuneGC(); got != 200 {
		t.Errorf("GOGC=200: tuneGC = %d, want 200 kept", got)
	}
	if now := debug.SetGCPercent(100); now != 200 {
		t.Errorf("GOGC=200: the collector runs at %d, want 200", now)
	}
}
