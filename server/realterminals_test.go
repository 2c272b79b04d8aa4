package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/draw"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// TestRealTerminalsDrawTheGame connects real terminal emulators that are
// not ours to a real game over SSH, with OpenSSH: kitty (the kitty
// graphics protocol) and xterm -ti vt340 (sixel), under Xvfb, each as the
// ghost's second session, and chromium with the page as the psychic. Each
// is screenshotted until the cards are found in it, drawn as images pixel
// for pixel at a whole multiple: every card of the ghost's hand in the
// terminals, a suspect of the table in the browser. Skipped without the
// programs (and with -short). MYSTERIUM_SCREENS=DIR keeps the screenshots
// (docs/screens was made so).
func TestRealTerminalsDrawTheGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, p := range []string{"Xvfb", "import", "kitty", "xterm", "ssh", "chromium"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2, browser: true})
	u := r.waitView(r.ghost, "the ghost's hand", func(u game.Update) bool {
		g, ok := u.View.(*game.GhostView)
		return ok && len(g.Hand) == 7
	})
	hand := u.View.(*game.GhostView).Hand
	dir := t.TempDir()
	key := filepath.Join(dir, "gwen")
	r.ghost.key.WriteFile(t, key)
	host, port, _ := net.SplitHostPort(r.h.addr)
	ssh := []string{"ssh", "-F", "/dev/null", "-t", "-p", port, "-i", key, "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", r.ghost.name + "@" + host, r.code}
	display := startXvfb(t)
	for _, tc := range []struct {
		name string
		cmd  []string
		env  []string
	}{
		{"game-kitty", append([]string{"kitty", "--config", "NONE", "-o", "font_size=9", "-o", "initial_window_width=1024",
			"-o", "initial_window_height=700", "-o", "remember_window_size=no", "-o", "background=#1e1e2e", "-o", "foreground=#cdd6f4"}, ssh...),
			[]string{"LIBGL_ALWAYS_SOFTWARE=1"}},
		{"game-xterm-sixel", append([]string{"xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
			"-geometry", "128x42+0+0", "-fa", "DejaVu Sans Mono", "-fs", "9", "-bg", "#1e1e2e", "-fg", "#cdd6f4", "-e"}, ssh...), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cmd := exec.CommandContext(ctx, tc.cmd[0], tc.cmd[1:]...)
			cmd.Env = append(os.Environ(), append(tc.env, "DISPLAY="+display, "TERM=xterm-256color")...)
			var logs strings.Builder
			cmd.Stdout, cmd.Stderr = &logs, &logs
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { cancel(); _ = cmd.Wait() }()
			shot := filepath.Join(dir, tc.name+".png")
			var missing []game.CardID
			deadline := time.Now().Add(90 * time.Second)
			for time.Now().Before(deadline) {
				img := screenshotX(t, display, shot)
				if img == nil {
					continue
				}
				missing = missing[:0]
				if _, ok := img.(*image.RGBA); !ok {
					rgba := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
					draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
					img = rgba
				}
				for _, c := range hand {
					d, _ := deck.Builtin().Card(string(c))
					if webtest.CardAnywhere(img, d.Image) < 0.97 {
						missing = append(missing, c)
					}
				}
				if len(missing) == 0 {
					break
				}
			}
			if len(missing) > 0 {
				if out := os.Getenv("MYSTERIUM_SCREENS"); out != "" {
					_ = exec.Command("cp", shot, filepath.Join(out, tc.name+"-failed.png")).Run()
				}
				var said []string
				for _, l := range strings.Split(r.logs.String(), "\n") {
					if strings.Contains(l, "says what it draws") {
						said = append(said, l)
					}
				}
				t.Fatalf("cards of the hand not drawn as images: %v; the server heard:\n%s\nthe terminal said:\n%s", missing, strings.Join(said, "\n"), logs.String())
			}
			if out := os.Getenv("MYSTERIUM_SCREENS"); out != "" {
				_ = exec.Command("convert", shot, "-crop", "1024x700+0+0", "+repage", filepath.Join(out, tc.name+".png")).Run()
			}
		})
	}
	t.Run("game-chromium", func(t *testing.T) {
		suspects := u.View.Public().TableCards
		p := r.psychic
		ctx, console := chromium(t, 1280, 800)
		var png64 string
		if err := chromedp.Run(ctx,
			chromedp.Navigate(p.web+"/static/app.css"),
			chromedp.Evaluate(`localStorage.setItem('mysterium.secret', '`+p.secret+`'); localStorage.setItem('mysterium.name', '`+p.name+`')`, nil),
			chromedp.Navigate(p.web+"/"+r.code),
		); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(90 * time.Second)
		best := 0.0
		for time.Now().Before(deadline) {
			if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const c = document.querySelector('.xterm-image-layer'); return c ? c.toDataURL('image/png') : '' })()`, &png64)); err != nil {
				t.Fatal(err)
			}
			if raw, ok := strings.CutPrefix(png64, "data:image/png;base64,"); ok {
				b, _ := base64.StdEncoding.DecodeString(raw)
				if layer, err := png.Decode(bytes.NewReader(b)); err == nil {
					for _, c := range suspects[game.Character] {
						d, _ := deck.Builtin().Card(string(c))
						best = max(best, webtest.CardAnywhere(layer, d.Image))
					}
				}
			}
			if best >= 0.97 {
				break
			}
			if err := chromedp.Run(ctx, chromedp.Sleep(50*time.Millisecond)); err != nil { // polling the page, not waiting for time
				t.Fatal(err)
			}
		}
		if best < 0.97 {
			t.Fatalf("no suspect is on the page's image layer (best %.0f%%); console:\n%s", best*100, console)
		}
		if out := os.Getenv("MYSTERIUM_SCREENS"); out != "" {
			var shot []byte
			if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&shot)); err == nil {
				_ = os.WriteFile(filepath.Join(out, "game-chromium.png"), shot, 0o644)
			}
		}
	})
}

// chromium starts a headless chromium of its own with a w×h viewport; the
// second value collects its console.
func chromium(t *testing.T, w, h int64) (context.Context, *strings.Builder) {
	t.Helper()
	chrome, _ := exec.LookPath("chromium")
	// Not t.TempDir: chromium may still write its profile as it exits,
	// and the test would fail on a directory that is not empty yet.
	profile, err := os.MkdirTemp("", "mysterium-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.UserDataDir(profile),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.WindowSize(int(w), int(h)))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA(); _ = os.RemoveAll(profile) })
	var console strings.Builder
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
	return ctx, &console
}

// startXvfb starts a virtual display of its own choosing and returns its
// name; it is stopped with the test.
func startXvfb(t *testing.T) string {
	t.Helper()
	rd, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { _ = x.Process.Kill(); _ = x.Wait() })
	line, err := bufio.NewReader(rd).ReadString('\n')
	rd.Close()
	if err != nil {
		t.Fatalf("Xvfb gave no display: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

func screenshotX(t *testing.T, display, path string) image.Image {
	t.Helper()
	if out, err := exec.Command("import", "-display", display, "-window", "root", path).CombinedOutput(); err != nil {
		t.Logf("import: %v %s", err, out)
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil
	}
	return img
}
