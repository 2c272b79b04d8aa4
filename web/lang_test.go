package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// The page's own words (the name prompt, the key bar's names, the
// reconnecting line) are in the language the browser asks for.
func TestPageInTheBrowsersLanguage(t *testing.T) {
	h := start(t, server.Limits{})
	get := func(accept string) string {
		req, _ := http.NewRequest("GET", h.base+"/K7QX", nil)
		if accept != "" {
			req.Header.Set("Accept-Language", accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if v := resp.Header.Get("Vary"); v != "Accept-Language" {
			t.Errorf("Vary: %q", v)
		}
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	for _, tc := range []struct {
		accept    string
		want, not []string
	}{
		{"", []string{`<html lang="en">`, "Your name at the table", ">enter</button>", `data-lost="Connection lost. Trying again in %d s…"`}, []string{"{{", "Votre"}},
		{"fr-FR,fr;q=0.9,en;q=0.8", []string{`<html lang="fr">`, "Votre nom à la table", "Entrer dans le manoir", ">entrée</button>", ">échap</button>",
			`aria-label="gauche"`, `data-lost="Connexion perdue. Nouvel essai dans %d s…"`, "Se reconnecter"}, []string{"{{", "Your name", ">enter<"}},
	} {
		page := get(tc.accept)
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("Accept-Language %q: the page has no %q", tc.accept, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(page, w) {
				t.Errorf("Accept-Language %q: the page has %q", tc.accept, w)
			}
		}
	}
}

// A browser's session starts in the browser's language (the page sends
// navigator.language in its hello), over a real WebSocket; a language the
// player chose, kept in the profile of their browser's identity, wins.
func TestBrowserSessionInItsLanguage(t *testing.T) {
	h := start(t, server.Limits{})
	for _, tc := range []struct {
		lang, want string
	}{
		{"fr-FR", "Il n'y a pas de table ZZZZ."},
		{"en-US", "There is no table ZZZZ."},
		{"", "There is no table ZZZZ."},
	} {
		b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Zoé", Table: "ZZZZ", Lang: tc.lang})
		b.WaitFor(tc.want, wait)
	}
	secret := webtest.NewSecret()
	webtest.Dial(t, h.base, webtest.Hello{Secret: secret, Name: "Zoé", Lang: "fr"}).WaitFor("Zoé", wait) // the profile is made at the first visit
	id, _ := web.PlayerID(secret)
	if err := h.srv.Hub().SetLang(id, i18n.English); err != nil {
		t.Fatal(err)
	}
	webtest.Dial(t, h.base, webtest.Hello{Secret: secret, Name: "Zoé", Table: "ZZZZ", Lang: "fr"}).WaitFor("There is no table ZZZZ.", wait)
}
