package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
)

func TestServeHelpDocumentsEveryFlagAndItsVariable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"serve", "--help"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	var cfg server.Config
	var lf, ll string
	fs := serveFlags(&cfg, &lf, &ll)
	n := 0
	fs.VisitAll(func(f *flag.Flag) {
		n++
		for _, want := range []string{"--" + f.Name, envName(f.Name)} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("help does not mention %s", want)
			}
		}
	})
	if n < 10 {
		t.Fatalf("only %d flags", n)
	}
	// A bare `mysterium --help` is the serve command's help too.
	out.Reset()
	if code := run(context.Background(), []string{"--help"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "MYSTERIUM_LISTEN") {
		t.Fatalf("mysterium --help: exit %d\n%s", code, out.String())
	}
}

func TestServeFlagsComeFromTheEnvironment(t *testing.T) {
	t.Setenv("MYSTERIUM_LISTEN", "127.0.0.1:2222")
	t.Setenv("MYSTERIUM_LOBBY_IDLE", "5m")
	t.Setenv("MYSTERIUM_MAX_SESSIONS", "7")
	var cfg server.Config
	var lf, ll string
	fs := serveFlags(&cfg, &lf, &ll)
	// A flag on the command line wins over the environment.
	if err := fs.Parse([]string{"--max-sessions", "9"}); err != nil {
		t.Fatal(err)
	}
	if err := applyEnv(fs); err != nil {
		t.Fatal(err)
	}
	if cfg.Listen != "127.0.0.1:2222" || cfg.Limits.LobbyIdle != 5*time.Minute || cfg.Limits.MaxSessions != 9 {
		t.Fatalf("listen %q, lobby idle %s, max sessions %d", cfg.Listen, cfg.Limits.LobbyIdle, cfg.Limits.MaxSessions)
	}
	t.Setenv("MYSTERIUM_MAX_TABLES", "many")
	if err := applyEnv(fs); err == nil || !strings.Contains(err.Error(), "MYSTERIUM_MAX_TABLES") {
		t.Fatalf("a bad variable was not reported by name: %v", err)
	}
}

func TestServeRefusesABadLogFormat(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"serve", "--log-format", "xml", "--data-dir", t.TempDir()}, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "--log-format must be text, json or logfmt") {
		t.Fatalf("stderr %q", errb.String())
	}
}

func TestClaimFailuresIsASetting(t *testing.T) {
	t.Setenv("MYSTERIUM_CLAIM_FAILURES", "3")
	var cfg server.Config
	var lf, ll string
	fs := serveFlags(&cfg, &lf, &ll)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if err := applyEnv(fs); err != nil {
		t.Fatal(err)
	}
	if cfg.Limits.ClaimFailuresPerIP != 3 {
		t.Fatalf("MYSTERIUM_CLAIM_FAILURES=3 gave %d", cfg.Limits.ClaimFailuresPerIP)
	}
	var out, errb bytes.Buffer
	run(context.Background(), []string{"serve", "--help"}, &out, &errb)
	if !strings.Contains(out.String(), "wrong guest reclaim codes one address") || !strings.Contains(out.String(), `(default "5")`) {
		t.Fatalf("serve --help does not explain --claim-failures:\n%s", out.String())
	}
}

// The takeover bots' level is a setting like any other: a flag, or
// MYSTERIUM_BOT_LEVEL; an unknown level is refused by name.
func TestBotLevelIsASetting(t *testing.T) {
	t.Setenv("MYSTERIUM_BOT_LEVEL", "Expert")
	var cfg server.Config
	var lf, ll string
	fs := serveFlags(&cfg, &lf, &ll)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if err := applyEnv(fs); err != nil {
		t.Fatal(err)
	}
	if cfg.BotLevel != game.BotExpert {
		t.Fatalf("MYSTERIUM_BOT_LEVEL=Expert gave %q", cfg.BotLevel)
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"serve", "--bot-level", "grandmaster"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "grandmaster") {
		t.Fatalf("--bot-level grandmaster: exit %d, %q", code, errb.String())
	}
}

// TestImagesFlagTurnsImagesOff: --images off (or MYSTERIUM_IMAGES=off)
// keeps every card in half blocks; auto is the default; anything else is
// refused.
func TestImagesFlagTurnsImagesOff(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		off  bool
		bad  bool
	}{
		{nil, "", false, false},
		{[]string{"--images", "off"}, "", true, false},
		{[]string{"--images", "auto"}, "off", false, false},
		{nil, "off", true, false},
		{[]string{"--images", "sixel"}, "", false, true},
	} {
		t.Setenv("MYSTERIUM_IMAGES", tc.env)
		var cfg server.Config
		var lf, ll string
		fs := serveFlags(&cfg, &lf, &ll)
		fs.SetOutput(io.Discard)
		err := fs.Parse(tc.args)
		if err == nil && tc.env != "" {
			err = applyEnv(fs)
		}
		if (err != nil) != tc.bad || err == nil && cfg.ImagesOff != tc.off {
			t.Errorf("%v with MYSTERIUM_IMAGES=%q: off %v, error %v", tc.args, tc.env, cfg.ImagesOff, err)
		}
	}
}
