package server_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n/i18ntest"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// randomText is what differs from one run to the next in a command's
// answer (keys' fingerprints), which could spell any word.
var randomText = regexp.MustCompile(`SHA256:[A-Za-z0-9+/=]+`)

// TestNoEnglishInFrenchPlainCommands runs every plain command over real SSH
// in English and in French, and fails when a French answer holds a word
// only the English ones and the catalog's English use (i18ntest), whatever
// way it got there: the session test's dictionary check, for the answers
// that never reach a screen.
func TestNoEnglishInFrenchPlainCommands(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	admin := sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admin_keys")
	writeKeyFile(t, admins, admin)
	h := start(t, server.Config{DataDir: dir, Store: db, NewModel: newWhoModel, AdminKeysFile: admins})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	info, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "salon bleu", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	player := sshtest.NewKey(t)
	commands := []struct {
		cmd string
		key *sshtest.Key
	}{
		{"help", &player}, {"tables", &player}, {"history", &player}, {"stats", &player}, {"version", &player},
		{"invite " + info.Code, &player}, {"invite", &player}, {"history", nil}, {"dance now", &player},
		{"stats please", &player}, {info.Code, &player}, {"kick bob", &player},
		{"notice Bonsoir", &admin}, {"kick nobody", &admin},
	}
	answers := map[string][]string{}
	for _, env := range [][]string{englishEnv, frenchEnv} {
		for _, c := range commands {
			out, errOut, _ := sshtest.Run(t, h.addr, sshtest.Options{Key: c.key, Command: c.cmd, Env: env})
			answers[env[0]] = append(answers[env[0]], randomText.ReplaceAllString(out+errOut, ""))
		}
	}
	english := i18ntest.EnglishOnly(answers[englishEnv[0]], "salon bleu", "host", info.Code, "bob", "nobody", "Bonsoir", "dance", "please",
		"test-1") // the server's version in the tests
	for i, a := range answers[frenchEnv[0]] {
		for _, line := range strings.Split(a, "\n") {
			if w := english.In(line); len(w) > 0 {
				t.Errorf("ssh HOST %s: English %q in French: %q", commands[i].cmd, w, strings.TrimSpace(line))
			}
		}
	}
}
