package server_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestBrowserScreenshots takes the README's browser screenshots, mid-game,
// when MYSTERIUM_SHOTS names a directory: a psychic's seat in a desktop
// browser and on a phone in landscape. The browser is the psychic's (the
// page is given the player's stored secret and name), so it shows what that
// player sees.
func TestBrowserScreenshots(t *testing.T) {
	dir := os.Getenv("MYSTERIUM_SHOTS")
	if dir == "" {
		t.Skip("MYSTERIUM_SHOTS=DIR writes the README's browser screenshots there")
	}
	chrome, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 3, browser: true, smart: true})
	r.play(func(u game.Update) bool {
		v := u.View.Public()
		return v.Round >= 2 && v.Phase == game.PhaseVision && v.Psychics[0].ReceivedThisRound
	})
	p := r.psychic
	for _, shot := range []struct {
		file   string
		w, h   int64
		mobile bool
	}{{"browser.png", 1280, 800, false}, {"browser-phone.png", 844, 390, true}} {
		profile, _ := os.MkdirTemp("", "mysterium-chromium-")
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.UserDataDir(profile),
			chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelC := chromedp.NewContext(actx)
		ctx, cancelT := context.WithTimeout(ctx, time.Minute)
		emulate := []chromedp.EmulateViewportOption{}
		if shot.mobile {
			emulate = append(emulate, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		var text string
		var png []byte
		err := chromedp.Run(ctx,
			chromedp.EmulateViewport(shot.w, shot.h, emulate...),
			chromedp.Navigate(p.web+"/static/app.css"),
			chromedp.Evaluate(`localStorage.setItem('mysterium.secret', '`+p.secret+`'); localStorage.setItem('mysterium.name', '`+p.name+`')`, nil),
			chromedp.Navigate(p.web+"/"+r.code),
			chromedp.Poll(`window.mysteriumText && window.mysteriumText().includes("HOUR II")`, nil, chromedp.WithPollingTimeout(30*time.Second)),
			chromedp.Sleep(500*time.Millisecond), // let the fonts settle before the picture
			chromedp.Evaluate(`window.mysteriumText()`, &text),
			chromedp.CaptureScreenshot(&png),
		)
		cancelT()
		cancelC()
		cancelA()
		_ = os.RemoveAll(profile)
		if err != nil {
			t.Fatalf("%s: %v", shot.file, err)
		}
		if !strings.Contains(text, r.code) {
			t.Fatalf("%s: the page shows\n%s", shot.file, text)
		}
		if err := os.WriteFile(filepath.Join(dir, shot.file), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
