package main

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game/deck"
)

// TestDeckHelperProcess is `mysterium deck ...` run by the terminals of
// TestDeckShowDrawsInRealTerminals: the test binary stands in for the
// program. It does nothing in a normal run.
func TestDeckHelperProcess(t *testing.T) {
	args := os.Getenv("MYSTERIUM_DECK_HELPER")
	if args == "" {
		t.Skip("run by the terminals of TestDeckShowDrawsInRealTerminals")
	}
	code := run(context.Background(), strings.Fields(args), os.Stdout, os.Stderr)
	fmt.Print("\r\ndrawn")
	os.Exit(code)
}

// TestDeckShowDrawsInRealTerminals runs `deck show V01 --images auto` in
// kitty (the kitty graphics protocol) and in xterm -ti vt340 (sixel) under
// Xvfb, screenshots each window and checks the card is there, pixel for
// pixel, scaled by a whole multiple: each terminal answered the probe, got
// the right protocol and drew the picture. Skipped without the programs.
// MYSTERIUM_SCREENS=DIR keeps the screenshots (docs/screens was made so).
func TestDeckShowDrawsInRealTerminals(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, p := range []string{"Xvfb", "import", "kitty", "xterm"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	c, _ := deck.Builtin().Card("V01")
	display := startXvfb(t)
	for _, tc := range []struct {
		name string
		cmd  []string
		env  []string
	}{
		{"kitty-card", []string{"kitty", "--config", "NONE", "-o", "font_size=10", "-o", "initial_window_width=520",
			"-o", "initial_window_height=560", "-o", "remember_window_size=no", "-o", "background=#1e1e2e", "-o", "foreground=#cdd6f4"},
			[]string{"LIBGL_ALWAYS_SOFTWARE=1"}},
		{"xterm-sixel-card", []string{"xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
			"-geometry", "64x30+0+0", "-fa", "DejaVu Sans Mono", "-fs", "10", "-bg", "#1e1e2e", "-fg", "#cdd6f4", "-e"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			script := fmt.Sprintf("%q -test.run='^TestDeckHelperProcess$'; exec sleep 600", os.Args[0])
			cmd := exec.CommandContext(ctx, tc.cmd[0], append(tc.cmd[1:], "sh", "-c", script)...)
			cmd.Env = append(os.Environ(), append(tc.env, "DISPLAY="+display, "MYSTERIUM_DECK_HELPER=deck show V01 --size card --images auto")...)
			var logs strings.Builder
			cmd.Stdout, cmd.Stderr = &logs, &logs
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { cancel(); cmd.Wait() }()
			shot := filepath.Join(t.TempDir(), tc.name+".png")
			// Wait for the picture: screenshot until the card is found.
			var best match
			deadline := time.Now().Add(40 * time.Second)
			for time.Now().Before(deadline) {
				img := screenshot(t, display, shot)
				if img == nil {
					continue
				}
				if best = findCard(img, c.Image); best.score >= 0.98 {
					break
				}
			}
			if best.score < 0.98 {
				t.Fatalf("the card is not on the screen: best %d%% of its pixels at scale %d, (%d,%d); terminal said:\n%s", int(best.score*100), best.k, best.x, best.y, logs.String())
			}
			t.Logf("V01 drawn at %dx (%d,%d), %.1f%% of its pixels", best.k, best.x, best.y, best.score*100)
			if best.k < 2 {
				t.Errorf("drawn at scale %d: the cell size was not learnt", best.k)
			}
			if dir := os.Getenv("MYSTERIUM_SCREENS"); dir != "" {
				exec.Command("convert", shot, "-crop", "520x560+0+0", "+repage", filepath.Join(dir, tc.name+".png")).Run()
			}
		})
	}
}

// startXvfb starts a virtual display of its own choosing and returns its
// name; it is stopped with the test.
func startXvfb(t *testing.T) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "800x600x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		t.Fatalf("Xvfb gave no display: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

func screenshot(t *testing.T, display, path string) image.Image {
	t.Helper()
	cmd := exec.Command("import", "-display", display, "-window", "root", path)
	if out, err := cmd.CombinedOutput(); err != nil {
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

type match struct {
	score   float64 // the share of the card's pixels found
	k, x, y int     // scale and top-left corner
}

// findCard looks for card drawn k times its size (k = 1..8) with its top
// left within the screen's first 120x120 pixels, and returns the best
// place: the share of the card's pixels whose block centre on the screen
// has the card's colour.
func findCard(screen, card image.Image) match {
	cb := card.Bounds()
	at := func(img image.Image, x, y int) color.RGBA {
		r, g, b, _ := img.At(x, y).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
	}
	close := func(a, b color.RGBA) bool {
		d := func(p, q uint8) int { return max(int(p)-int(q), int(q)-int(p)) }
		return d(a.R, b.R) <= 6 && d(a.G, b.G) <= 6 && d(a.B, b.B) <= 6
	}
	score := func(k, ox, oy, step int) float64 {
		n, ok := 0, 0
		for y := 0; y < cb.Dy(); y += step {
			for x := 0; x < cb.Dx(); x += step {
				n++
				if close(at(screen, ox+x*k+k/2, oy+y*k+k/2), at(card, cb.Min.X+x, cb.Min.Y+y)) {
					ok++
				}
			}
		}
		return float64(ok) / float64(n)
	}
	var best match
	sb := screen.Bounds()
	for k := 1; k <= 8; k++ {
		if cb.Dx()*k > sb.Dx() || cb.Dy()*k > sb.Dy() {
			break
		}
		for oy := 0; oy < 120; oy++ {
			for ox := 0; ox < 120; ox++ {
				if s := score(k, ox, oy, 7); s > best.score {
					best = match{s, k, ox, oy}
				}
			}
		}
	}
	best.score = score(best.k, best.x, best.y, 1)
	return best
}
