package e2e

import (
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mysterium-ssh/mysterium/internal/vt"
)

// cmdShot takes NAME's screen as a picture once the pane has had no output
// for half a second (a frame still being drawn is never the picture): the
// emulator's cells become an HTML page in Unifont at 8x16 pixels a cell,
// and headless chromium draws it, so a screen of C x R cells is an image
// of 8C+16 x 16R+16 pixels. With -screens DIR the picture is DIR/FILE;
// without, the page is made and no picture taken.
func cmdShot(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: shot NAME FILE")
	}
	w := get(ts)
	c := w.client(ts, args[0])
	s := c.still(ts)
	page := filepath.Join(w.work, "shot-"+c.name+".html")
	ts.Check(os.WriteFile(page, []byte(pageOf(s)), 0o644))
	if *screens == "" {
		ts.Logf("shot %s: no -screens: %s not taken", c.name, args[1])
		return
	}
	out, err := filepath.Abs(filepath.Join(*screens, args[1]))
	ts.Check(err)
	ts.Check(os.MkdirAll(filepath.Dir(out), 0o755))
	cols, rows := s.Size()
	profile := filepath.Join(w.work, "chromium-profile")
	cmd := exec.Command("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir="+profile,
		fmt.Sprintf("--window-size=%d,%d", cols*8+16, rows*16+16),
		"--screenshot="+out, "file://"+page)
	if b, err := cmd.CombinedOutput(); err != nil {
		ts.Fatalf("chromium: %v\n%s", err, b)
	}
	fmt.Fprintln(ts.Stdout(), out)
}

// still waits until the pane has had no output for half a second (20 s at
// most) and returns its screen.
func (c *client) still(ts *testscript.TestScript) *vt.Screen {
	deadline := time.After(20 * time.Second)
	for {
		quiet := time.NewTimer(500 * time.Millisecond)
		select {
		case <-c.notify:
			quiet.Stop()
			continue
		case <-quiet.C:
			return c.screen()
		case <-deadline:
			quiet.Stop()
			c.w.fatalf(ts, "shot: %s's screen never kept still for half a second", c.name)
		}
	}
}

// pageOf is the screen as an HTML page: a <pre> of spans, one for each run
// of cells of one style.
func pageOf(s *vt.Screen) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><meta charset="utf-8"><style>
html,body{margin:0;background:#0c0c10}
pre{margin:0;padding:8px;color:#d8d8d8;background:#0c0c10;
font:16px/16px "Unifont","Unifont Upper",monospace;
-webkit-font-smoothing:none;font-kerning:none;letter-spacing:0}
</style><pre>`)
	cols, rows := s.Size()
	for r := range rows {
		if r > 0 {
			b.WriteByte('\n')
		}
		for c := 0; c < cols; {
			st := s.Cell(r, c).Style
			var run strings.Builder
			for ; c < cols && s.Cell(r, c).Style == st; c++ {
				run.WriteString(s.Cell(r, c).Text)
			}
			css := cssOf(st)
			if css == "" {
				b.WriteString(html.EscapeString(run.String()))
				continue
			}
			fmt.Fprintf(&b, `<span style="%s">%s</span>`, css, html.EscapeString(run.String()))
		}
	}
	b.WriteString("</pre>\n")
	return b.String()
}

func cssOf(st vt.Style) string {
	fg, bg := hexOf(st.Fg), hexOf(st.Bg)
	if st.Attrs&vt.Reverse != 0 {
		fg, bg = bg, fg
		if fg == "" {
			fg = "#0c0c10"
		}
		if bg == "" {
			bg = "#d8d8d8"
		}
	}
	var css []string
	if fg != "" {
		css = append(css, "color:"+fg)
	}
	if bg != "" {
		css = append(css, "background:"+bg)
	}
	if st.Attrs&vt.Bold != 0 {
		css = append(css, "font-weight:bold")
	}
	if st.Attrs&vt.Faint != 0 {
		css = append(css, "opacity:.6")
	}
	if st.Attrs&vt.Italic != 0 {
		css = append(css, "font-style:italic")
	}
	switch {
	case st.Attrs&vt.Underline != 0 && st.Attrs&vt.Strike != 0:
		css = append(css, "text-decoration:underline line-through")
	case st.Attrs&vt.Underline != 0:
		css = append(css, "text-decoration:underline")
	case st.Attrs&vt.Strike != 0:
		css = append(css, "text-decoration:line-through")
	}
	return strings.Join(css, ";")
}

// base16 are the 16 theme colours as xterm draws them.
var base16 = [16]string{"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
	"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"}

// hexOf is a colour as CSS ("" for the default): the 16 theme colours,
// the 6x6x6 cube and the grey ramp of the 256, or the RGB value.
func hexOf(c vt.Color) string {
	s := c.String()
	if s == "" || strings.HasPrefix(s, "#") {
		return s
	}
	var n int
	_, _ = fmt.Sscan(s, &n)
	switch {
	case n < 16:
		return base16[n]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	default:
		g := 8 + 10*(n-232)
		return fmt.Sprintf("#%02x%02x%02x", g, g, g)
	}
}
