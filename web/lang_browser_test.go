package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/server"
)

// A real browser set to French: the page asks the name in French, its
// hello carries navigator.language, so the session's refusal of a wrong
// code is French above the lobby it leads to, and the page's own line for
// the end of a session is French too. A screenshot is written to $MYSTERIUM_SHOTS when set.
func TestRealBrowserInFrench(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	ctx, console := browse(t, 1024, 700)
	// The browser's language as a French user's: navigator.language and
	// the Accept-Language header both follow the user agent's override.
	var ua string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`navigator.userAgent`, &ua)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx, emulation.SetUserAgentOverride(ua).WithAcceptLanguage("fr-FR,fr")); err != nil {
		t.Fatal(err)
	}
	var lang, label string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/ZZZZ"),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.Evaluate(`navigator.language`, &lang),
		chromedp.Text(`label[for="name"]`, &label, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(lang, "fr") || label != "Votre nom à la table" {
		t.Fatalf("navigator.language %q, the name prompt %q", lang, label)
	}
	if err := chromedp.Run(ctx,
		chromedp.SendKeys("#name", "Zoé", chromedp.ByID),
		chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	// A code that names no table: the lobby, with the server's sentence
	// above it in French.
	var notice, over string
	if err := chromedp.Run(ctx,
		chromedp.Poll(`document.getElementById('notice').textContent.length > 0`, nil, chromedp.WithPollingTimeout(wait)),
		chromedp.Text("#notice", &notice, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById('status').dataset.over`, &over),
	); err != nil {
		t.Fatal(err)
	}
	if notice != "Il n'y a pas de table ZZZZ." {
		t.Errorf("the sentence above the lobby: %q", notice)
	}
	waitText(t, ctx, "TABLES", console)
	if over != "La session est terminée." {
		t.Errorf("the page's line at the end: %q", over)
	}
	if dir := os.Getenv("MYSTERIUM_SHOTS"); dir != "" {
		var png []byte
		if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "browser-french.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
