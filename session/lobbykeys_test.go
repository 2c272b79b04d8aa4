package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/session/lobby"
)

// The lobby's key bar and ? help come from its key map (lobbykeys.go), in
// each of its modes: the bar line is the map's, and the help has a line
// for every key the map binds with a sentence, e and r too, which the bar
// leaves out to fit 80 columns (r reloaded the list before, and no help
// said so: the bar, the help and the keys were written apart).
func TestLobbyKeyMap(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string
		mode lobby.LobbyMode
		bar  string
	}{
		{"list", nil, lobby.LobbyList, "↑↓ table · enter join · w watch · n new · c code · i invite · q quit · ? keys"},
		{"new table", []string{"n"}, lobby.LobbyCreate, "tab/↑↓ field · enter create · esc cancel"},
		{"new table, edition", []string{"n", "tab"}, lobby.LobbyCreate, "tab/↑↓ field · ←→ change · enter create · esc cancel"},
		{"code", []string{"c"}, lobby.LobbyCode, "enter join · esc cancel"},
		{"name", []string{"e"}, lobby.LobbyName, "enter save · esc cancel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestModel(t, newFakeHub(sampleTables()...), Identity{ID: "alice", Name: "alice"}, 80, 24)
			m.lobby.Refresh()
			press(m, tc.keys...)
			if m.lobby.Mode != tc.mode {
				t.Fatalf("mode %d after %v, want %d", m.lobby.Mode, tc.keys, tc.mode)
			}
			lines := strings.Split(plainView(m), "\n")
			if bar := strings.TrimSpace(lines[len(lines)-2]); bar != tc.bar {
				t.Errorf("the key bar reads\n%q, want\n%q", bar, tc.bar)
			}
		})
	}
	m := newTestModel(t, newFakeHub(sampleTables()...), Identity{ID: "alice", Name: "alice"}, 120, 40)
	m.lobby.Refresh()
	km := m.lobby.Keys()
	press(m, "?")
	help := plainView(m)
	for _, b := range km {
		if b.Sentence == "" || b.Help().Key == "" {
			continue
		}
		if !strings.Contains(help, b.Help().Key) || !strings.Contains(help, b.Sentence) {
			t.Errorf("the ? help lacks %s (%s):\n%s", b.Help().Key, b.Sentence, help)
		}
	}
	if !strings.Contains(help, "read the list of tables again") {
		t.Errorf("the ? help does not say what r does:\n%s", help)
	}
}
