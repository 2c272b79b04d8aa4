package server_test

import (
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

var (
	frenchEnv  = []string{"LANG=fr_FR.UTF-8"}
	englishEnv = []string{"LANG=en_US.UTF-8"}
)

// Refusals reach the player in the language their client asks for, over
// real SSH: on stderr without a terminal, on the screen with one, before the
// player is known (the connection limit) and after (a missing table, a
// wrong reclaim code). English stays as it was.
func TestRefusalsInThePlayersLanguage(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	for _, tc := range []struct {
		name   string
		o      sshtest.Options
		en, fr string
	}{
		{"a code without a terminal", sshtest.Options{Command: "ZZZZ"},
			"Table ZZZZ needs a terminal: use ssh -t HOST ZZZZ", "La table ZZZZ demande un terminal : utilisez ssh -t SERVEUR ZZZZ"},
		{"an unknown command", sshtest.Options{Command: "dance now"},
			`Unknown command "dance". Try: tables, help, version, or a table code.`, `Commande inconnue "dance". Essayez : tables, help, version, ou un code de table.`},
		{"a missing table", sshtest.Options{Command: "ZZZZ", Pty: true},
			"There is no table ZZZZ.", "Il n'y a pas de table ZZZZ."},
		{"a wrong reclaim code", sshtest.Options{Command: "claim AAAA-AAAA", Pty: true},
			"No guest has the reclaim code AAAA-AAAA.", "Aucun invité n'a le code de reprise AAAA-AAAA."},
		{"a plain command with words after it", sshtest.Options{Command: "stats please"},
			`stats takes no arguments (it was given "please"): ssh HOST stats`, `stats ne prend pas d'argument (il a reçu "please") : ssh SERVEUR stats`},
		{"an admin's command", sshtest.Options{Command: "kick bob"},
			"Only admins may use kick (their keys are in the server's --admin-keys file).", "Seuls les administrateurs peuvent utiliser kick (leurs clés sont dans le fichier --admin-keys du serveur)."},
	} {
		for _, lang := range []struct {
			env  []string
			want string
		}{{englishEnv, tc.en}, {nil, tc.en}, {frenchEnv, tc.fr}} {
			o := tc.o
			o.Env = lang.env
			c := sshtest.Dial(t, h.addr, o)
			code, err := c.Wait(wait)
			if out := c.Output(); err != nil || code == 0 || !strings.Contains(out, lang.want) {
				t.Errorf("%s with %v: exit %d, %v, %q; want %q", tc.name, lang.env, code, err, out, lang.want)
			}
		}
	}
	// Before the player is known: the limit of sessions from one address.
	limited := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{MaxSessionsPerIP: 1}})
	first := sshtest.Dial(t, limited.addr, sshtest.Options{Pty: true})
	first.WaitFor("LOBBY", wait)
	over := sshtest.Dial(t, limited.addr, sshtest.Options{Pty: true, Env: frenchEnv})
	if _, err := over.Wait(wait); err != nil || !strings.Contains(over.Output(), "Trop de sessions depuis votre adresse (1 ouvertes).") {
		t.Errorf("the session over the limit: %v, %q", err, over.Output())
	}
}

// The plain commands answer in the player's language: from the env, or from
// the profile of a player who chose one (that wins over the env); the
// tables list's words and statuses are translated, names and codes are not.
func TestPlainCommandsInThePlayersLanguage(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, server.Config{DataDir: dir, Store: db, NewModel: newWhoModel})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	if _, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "salon bleu", Options: game.DefaultOptions(game.Classic)}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd    string
		en, fr []string
	}{
		{"help", []string{"Mysterium over SSH: a cooperative seance", "ssh -p PORT HOST tables"},
			[]string{"Mysterium par SSH : une séance coopérative", "ssh -p PORT SERVEUR tables", "les tables ouvertes, en texte"}},
		{"tables", []string{"CODE  NAME", "EDITION  DIFFICULTY", "classic  medium", "waiting", "salon bleu"},
			[]string{"CODE  NOM", "ÉDITION", "DIFFICULTÉ", "classique  moyen", "en attente", "salon bleu"}},
		{"history", []string{"No finished games with your key"}, []string{"Aucune partie terminée avec votre clé", "depuis 30 jours."}},
		{"stats", []string{"You have no finished games yet", "No game has been finished on this server yet."},
			[]string{"Vous n'avez pas encore de partie terminée", "Aucune partie n'a encore été terminée sur ce serveur."}},
	} {
		k := sshtest.NewKey(t)
		for _, lang := range []struct {
			env  []string
			want []string
		}{{nil, tc.en}, {englishEnv, tc.en}, {frenchEnv, tc.fr}} {
			out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: tc.cmd, Env: lang.env})
			for _, w := range lang.want {
				if code != 0 || !strings.Contains(out, w) {
					t.Errorf("%s with %v: exit %d, %q, %q; want %q", tc.cmd, lang.env, code, errOut, out, w)
				}
			}
		}
	}

	// A choice kept in the profile wins over the env, for plain commands
	// too: the guest note, which a player with a key never sees, aside.
	k := sshtest.NewKey(t)
	sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: "version"}) // the profile is made at the first visit
	if err := h.srv.Hub().SetLang(game.PlayerID(k.Fingerprint()), i18n.French); err != nil {
		t.Fatal(err)
	}
	if out, _, _ := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: "tables", Env: englishEnv}); !strings.Contains(out, "en attente") {
		t.Errorf("a player who chose French got %q", out)
	}
	if out, _, _ := sshtest.Run(t, h.addr, sshtest.Options{Command: "history", Env: frenchEnv}); !strings.Contains(out, "Vous jouez en invité") {
		t.Errorf("a French guest's history: %q", out)
	}
}

// Every status the hub gives a table (TableInfo.Status, English in the hub,
// translated where it is drawn) has French: the catalog's test cannot see
// them, as they are made at run time.
func TestEveryTableStatusHasFrench(t *testing.T) {
	for _, s := range server.TableStatuses() {
		if !i18n.Has(s) {
			t.Errorf("the status %q has no French", s)
		}
	}
}

// An invitation is in the inviter's language; an admin's replies in the
// admin's.
func TestInvitationsAndAdminRepliesInThePlayersLanguage(t *testing.T) {
	admin := sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admin_keys")
	writeKeyFile(t, admins, admin)
	h := start(t, server.Config{NewModel: newWhoModel, AdminKeysFile: admins})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	info, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "salon bleu", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd    string
		en, fr []string
	}{
		{"invite " + info.Code, []string{`Join my Mysterium table "salon bleu" (classic, medium):`, "say yes only if"},
			[]string{`Rejoignez ma table Mysterium "salon bleu" (classique, moyen) :`, "répondez\noui seulement"}},
		{"notice Bonsoir", []string{"Notice shown on 0 screen(s)."}, []string{"Avis affiché sur 0 écran(s)."}},
		{"kick nobody", []string{`Nobody called "nobody" is connected or seated.`}, []string{`Aucun joueur nommé "nobody" n'est connecté ni à une table.`}},
		{"close " + info.Code, []string{"Table " + info.Code + " is closed."}, []string{"La table " + info.Code + " est fermée."}},
	} {
		for _, lang := range []struct {
			env  []string
			want []string
		}{{englishEnv, tc.en}, {frenchEnv, tc.fr}} {
			if strings.HasPrefix(tc.cmd, "close") && lang.env[0] == englishEnv[0] {
				continue // once is enough: the table is gone after
			}
			out, errOut, _ := sshtest.Run(t, h.addr, sshtest.Options{Key: &admin, Command: tc.cmd, Env: lang.env})
			for _, w := range lang.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("%s with %v: %q; want %q", tc.cmd, lang.env, out+errOut, w)
				}
			}
		}
	}
}

// A client refused by the allow list is told why during authentication,
// before any LANG arrives: in every language.
func TestTheAllowListRefusalIsInEveryLanguage(t *testing.T) {
	allow := filepath.Join(t.TempDir(), "allow_keys")
	writeKeyFile(t, allow, sshtest.NewKey(t))
	h := start(t, server.Config{NewModel: newWhoModel, AllowKeysFile: allow})
	var said []string
	_, err := sshtest.DialErr(t, h.addr, sshtest.Options{Auth: []gossh.AuthMethod{
		gossh.KeyboardInteractive(func(_, instruction string, _ []string, _ []bool) ([]string, error) {
			said = append(said, instruction)
			return nil, nil
		}),
	}})
	if err == nil {
		t.Fatal("a client without a listed key got in")
	}
	want := "This server only admits the keys on its list. Ask its host to add yours.\n" +
		"Ce serveur n'admet que les clés de sa liste. Demandez à son hôte d'y ajouter la vôtre."
	if len(said) != 1 || said[0] != want {
		t.Errorf("the refusal said %q, want %q", said, want)
	}
}
