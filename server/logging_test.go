package server

import "testing"

func TestLogCommandMasksReclaimCodes(t *testing.T) {
	if got := logCommand("K7QX  claim 4821 --plain"); got != "K7QX claim **** --plain" {
		t.Fatalf("logged %q", got)
	}
	if got := logCommand("tables\x1b[2J"); got != "tables" {
		t.Fatalf("logged %q", got)
	}
}
