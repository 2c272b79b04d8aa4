package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// scrape reads a server's metrics as Prometheus would.
func scrape(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape: %s, %v", resp.Status, err)
	}
	return string(b)
}

// metricValue is the value of one series (name with its labels, as
// written: `mysterium_sessions{way="ssh"}`) in a scrape; -1 when absent.
func metricValue(text, series string) float64 {
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err == nil {
				return v
			}
		}
	}
	return -1
}

// A game over a real SSH connection moves the series a host watches: the
// session by its way in, the table from seating to playing to finished, the
// game started and finished by edition and outcome, the moves and their
// journal writes, the frames and bytes written, and a refusal by its reason.
// /healthz answers ok while the server serves.
func TestMetricsFollowAGame(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, server.Config{DataDir: dir, Store: db, BotDelay: -1, TakeoverAfter: time.Millisecond, Limits: server.Limits{MaxSessionsPerIP: 1}})
	mux := http.NewServeMux()
	mux.Handle("/metrics", h.srv.MetricsHandler())
	hs := httptest.NewServer(mux)
	defer hs.Close()

	before := scrape(t, hs.URL)
	for _, want := range []string{
		`mysterium_sessions{way="ssh"} 0`, `mysterium_sessions{way="web"} 0`,
		`mysterium_tables{state="playing"} 0`, `mysterium_games_started_total{edition="classic"} 0`,
		`mysterium_refusals_total{reason="sessions-per-address"} 0`, `mysterium_actions_total 0`,
	} {
		if !strings.Contains(before, want+"\n") {
			t.Errorf("the first scrape has no %s", want)
		}
	}

	ka := sshtest.NewKey(t)
	alice := game.PlayerID(ka.Fingerprint())
	hub := h.srv.Hub()
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hub.CreateTable(session.Identity{ID: alice, Name: "alice"}, session.TableSpec{Name: "Metrics", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := hub.Table(info.Code)
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: info.Code})
	a.WaitFor("CHOOSE YOUR SEAT", wait)
	if !h.srv.Healthy() {
		t.Fatal("a serving server is not healthy")
	}
	for _, c := range []game.Command{
		game.SetBot{Seat: game.GhostSeat, On: true},
		game.Sit{Seat: 0, Name: "alice"},
		game.SetBot{Seat: 1, On: true},
		game.SetBot{Seat: 2, On: true},
		game.Start{},
	} {
		if err := tb.Submit(alice, c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	waitLegal(t, tb, alice)
	a.WaitFor("Place your intuition", wait)
	// A second session from the same address: over --max-sessions-per-ip.
	if c, err := sshtest.DialErr(t, h.addr, sshtest.Options{User: "bob", Pty: true}); err == nil {
		c.Wait(wait)
	}

	during := scrape(t, hs.URL)
	for series, want := range map[string]float64{
		`mysterium_sessions{way="ssh"}`:                           1,
		`mysterium_sessions_opened_total{way="ssh"}`:              1,
		`mysterium_tables{state="playing"}`:                       1,
		`mysterium_games_started_total{edition="classic"}`:        1,
		`mysterium_refusals_total{reason="sessions-per-address"}`: 1,
	} {
		if got := metricValue(during, series); got != want {
			t.Errorf("during the game: %s = %v, want %v", series, got, want)
		}
	}
	for _, series := range []string{`mysterium_actions_total`, `mysterium_journal_write_seconds_count`, `mysterium_frames_written_total`, `mysterium_bytes_written_total`, `mysterium_ssh_connections_total`} {
		if got := metricValue(during, series); got <= 0 {
			t.Errorf("during the game: %s = %v, want more than 0", series, got)
		}
	}

	// Alice leaves; a bot plays for her (TakeoverAfter), to the end.
	a.Close()
	watch := tb.Subscribe("test:watch")
	defer watch.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		u, err := watch.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for the bots to finish the game: %v", err)
		}
		if u.View.Public().Phase == game.PhaseFinished {
			break
		}
	}
	// The hub counts the end from its own subscription: wait for it.
	var after string
	// Under load that took over the 1 s this loop once allowed (a failed
	// landing): it polls for the condition, up to the tests' usual wait.
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		after = scrape(t, hs.URL)
		done := metricValue(after, `mysterium_tables{state="finished"}`) == 1 &&
			metricValue(after, `mysterium_sessions{way="ssh"}`) == 0
		if done || time.Now().After(deadline) {
			break
		}
	}
	won := metricValue(after, `mysterium_games_finished_total{edition="classic",outcome="won"}`)
	lost := metricValue(after, `mysterium_games_finished_total{edition="classic",outcome="lost"}`)
	if won+lost != 1 {
		t.Errorf("after the game: won %v, lost %v; want one game", won, lost)
	}
	if got := metricValue(after, `mysterium_sessions{way="ssh"}`); got != 0 {
		t.Errorf("after alice left: %v ssh sessions", got)
	}
	if got, was := metricValue(after, `mysterium_actions_total`), metricValue(during, `mysterium_actions_total`); got <= was {
		t.Errorf("actions did not move: %v, then %v", was, got)
	}
	if testing.Verbose() {
		t.Log(after)
	}
	checkLabels(t, after, info.Code, "alice", "bob", string(alice), "127.0.0.1")
}

// labelPair is one label of a series as written in the text format.
var labelPair = regexp.MustCompile(`([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"`)

// checkLabels fails when a label of the scrape holds anything but a value
// from the closed lists (ways in, table states, editions, outcomes, refusal
// reasons, the server's version, the Go runtime's own), or any of secrets:
// a table code, a player's name, a key, an address.
func checkLabels(t *testing.T, text string, secrets ...string) {
	t.Helper()
	closed := map[string]bool{"ssh": true, "web": true, "seating": true, "playing": true, "finished": true,
		"won": true, "lost": true, "abandoned": true, "other": true, "test-1": true}
	for _, e := range game.Editions {
		closed[string(e)] = true
	}
	for _, r := range server.RefusalReasons() {
		closed[r] = true
	}
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, labels, ok := strings.Cut(line, "{")
		if !ok {
			continue
		}
		for _, m := range labelPair.FindAllStringSubmatch(labels, -1) {
			key, val := m[1], m[2]
			n++
			for _, s := range secrets {
				if s != "" && strings.Contains(strings.ToLower(val), strings.ToLower(s)) {
					t.Errorf("%s: label %s=%q holds %q", name, key, val, s)
				}
			}
			switch {
			case key == "le" || key == "quantile":
			case strings.HasPrefix(name, "mysterium_go_"), strings.HasPrefix(name, "mysterium_process_"):
				// The runtime's: the Go version and its own names.
			case !closed[val]:
				t.Errorf("%s: label %s=%q is not on a closed list", name, key, val)
			}
		}
	}
	if n == 0 {
		t.Fatal("no labels in the scrape")
	}
}
