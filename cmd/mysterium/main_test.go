package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestUnknownCommandFailsWithUsage(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"frobnicate"}, &out, &errb)
	if code != 2 {
		t.Fatalf("exit code = %d, want 2", code)
	}
	if !strings.Contains(errb.String(), `unknown command "frobnicate"`) {
		t.Fatalf("stderr does not name the command: %q", errb.String())
	}
}

func TestVersionCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"version"}, &out, &errb); code != 0 {
		t.Fatalf("exit code = %d, stderr %q", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "mysterium ") {
		t.Fatalf("version output = %q", out.String())
	}
}
