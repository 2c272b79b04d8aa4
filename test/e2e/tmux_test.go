package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mysterium-ssh/mysterium/internal/vt"
)

// client is an OpenSSH client in a window of the scenario's own tmux
// server. What it shows is read with tmux's capture-pane (what a person in
// that terminal sees) through the emulator; the bytes the pane receives are
// copied (pipe-pane) into a FIFO only to wake the waits up when it changes.
type client struct {
	w      *world
	name   string
	cols   int
	rows   int
	lang   string // "fr" or "en"
	fifo   *os.File
	notify chan struct{} // a token when the pane got output
}

// tmux runs tmux on the scenario's own socket, with its own configuration
// (a user's ~/.tmux.conf and any tmux already running are left alone).
func (w *world) tmux(args ...string) *exec.Cmd {
	cmd := exec.Command("tmux", append([]string{"-S", filepath.Join(w.tmuxDir, "tmux.sock"), "-f", filepath.Join(w.tmuxDir, "tmux.conf")}, args...)...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=C.UTF-8")
	return cmd
}

func (w *world) run(ts *testscript.TestScript, args ...string) string {
	out, err := w.tmux(args...).CombinedOutput()
	if err != nil {
		ts.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (w *world) client(ts *testscript.TestScript, name string) *client {
	c := w.clients[name]
	if c == nil {
		ts.Fatalf("no client %q (open it with ssh %s)", name, name)
	}
	return c
}

// shellQuote quotes a word for sh.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./:@,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func cmdSSH(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! ssh")
	}
	w := get(ts)
	cols, rows, guest, lang := 80, 24, false, ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch {
		case args[0] == "-guest":
			guest, args = true, args[1:]
		case args[0] == "-size" && len(args) > 1:
			cols, rows = size(ts, args[1])
			args = args[2:]
		case args[0] == "-lang" && len(args) > 1:
			lang, args = args[1], args[2:]
		default:
			ts.Fatalf("ssh: unknown flag %s", args[0])
		}
	}
	if len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: ssh [-guest] [-size WxH] [-lang L] NAME [COMMAND]")
	}
	name := args[0]
	if w.clients[name] != nil {
		ts.Fatalf("ssh: %s is open already", name)
	}
	sshArgs := w.sshArgs(ts, name, guest)
	env := ""
	if lang != "" {
		env = "env -u LC_ALL LANG=" + shellQuote(lang) + " "
		sshArgs = append(sshArgs, "-o", "SendEnv=LANG")
	}
	if len(args) == 2 {
		sshArgs = append(sshArgs, "-o", "RemoteCommand="+args[1])
	}
	sshArgs = append(sshArgs, "-tt", name+"@127.0.0.1")
	quoted := make([]string, len(sshArgs))
	for i, a := range sshArgs {
		quoted[i] = shellQuote(a)
	}
	// The window stays open after ssh exits, so that a failing scenario
	// still shows what the client saw last.
	line := env + "ssh " + strings.Join(quoted, " ") + `; echo "[ssh exited: $?]"; exec sleep 3600`
	target := "clients:" + name
	if len(w.clients) == 0 {
		w.run(ts, "new-session", "-d", "-s", "clients", "-n", name, "-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows), line)
	} else {
		w.run(ts, "new-window", "-d", "-t", "clients", "-n", name, line)
	}
	w.run(ts, "resize-window", "-t", target, "-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows))
	c := &client{w: w, name: name, cols: cols, rows: rows, lang: "en", notify: make(chan struct{}, 1)}
	if strings.HasPrefix(lang, "fr") {
		c.lang = "fr"
	}
	fifo := filepath.Join(w.tmuxDir, "out-"+name)
	ts.Check(syscall.Mkfifo(fifo, 0o600))
	// Read and write, so that opening does not wait for tmux's writer.
	f, err := os.OpenFile(fifo, os.O_RDWR, 0)
	ts.Check(err)
	c.fifo = f
	go func() {
		buf := make([]byte, 32<<10)
		for {
			if _, err := f.Read(buf); err != nil {
				return
			}
			select {
			case c.notify <- struct{}{}:
			default:
			}
		}
	}()
	// 1<>: opened read and write, so that it never waits for a reader
	// (ours is closed when the scenario ends; a cat waiting would be left).
	w.run(ts, "pipe-pane", "-O", "-t", target, "exec cat 1<>"+shellQuote(fifo))
	w.clients[name] = c
	w.order = append(w.order, name)
}

func (c *client) close() {
	if c.fifo != nil {
		_ = c.fifo.Close()
	}
}

// screen is what the client's terminal shows now.
func (c *client) screen() *vt.Screen {
	out, err := c.w.tmux("capture-pane", "-p", "-e", "-N", "-t", "clients:"+c.name).Output()
	if err != nil {
		return vt.Pane(c.cols, c.rows, fmt.Sprintf("(tmux capture-pane: %v)", err))
	}
	return vt.Pane(c.cols, c.rows, string(out))
}

// await waits until ok holds for the screen, the pane's output waking it
// up (and a look every half second besides, should a wake-up be missed);
// it returns the last screen and whether ok held before the timeout.
func (c *client) await(timeout time.Duration, ok func(*vt.Screen) bool) (*vt.Screen, bool) {
	deadline := time.After(timeout)
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select { // the output from here on wakes the next wait
		case <-c.notify:
		default:
		}
		s := c.screen()
		if ok(s) {
			return s, true
		}
		select {
		case <-c.notify:
		case <-tick.C:
		case <-deadline:
			return c.screen(), false
		}
	}
}

// match is a regular expression matched line by line, as grep does.
func match(ts *testscript.TestScript, re string) *regexp.Regexp {
	r, err := regexp.Compile("(?m)" + re)
	if err != nil {
		ts.Fatalf("bad regular expression %q: %v", re, err)
	}
	return r
}

func cmdAwait(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! await (await what must show instead)")
	}
	timeout := 30 * time.Second
	if len(args) > 1 && args[0] == "-timeout" {
		d, err := time.ParseDuration(args[1])
		ts.Check(err)
		timeout, args = d, args[2:]
	}
	if len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: await [-timeout D] NAME REGEX [VAR]")
	}
	w := get(ts)
	c := w.client(ts, args[0])
	re := match(ts, args[1])
	s, ok := c.await(timeout, func(s *vt.Screen) bool { return re.MatchString(s.Text()) })
	if !ok {
		w.fatalf(ts, "%s's screen never showed /%s/ in %v", c.name, args[1], timeout)
	}
	if len(args) == 3 {
		m := re.FindStringSubmatch(s.Text())
		if len(m) < 2 {
			ts.Fatalf("await: /%s/ has no group for %s", args[1], args[2])
		}
		ts.Setenv(args[2], m[1])
	}
}

func cmdScreen(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: screen NAME REGEX")
	}
	w := get(ts)
	text := w.client(ts, args[0]).screen().Text()
	if match(ts, args[1]).MatchString(text) == neg {
		w.fatalf(ts, "%s's screen: /%s/ %s", args[0], args[1], map[bool]string{true: "found", false: "not found"}[neg])
	}
}

// statusLine is the last line that is not blank.
func statusLine(s *vt.Screen) string {
	lines := s.Lines()
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return l
		}
	}
	return ""
}

func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: status NAME REGEX")
	}
	w := get(ts)
	st := statusLine(w.client(ts, args[0]).screen())
	if match(ts, args[1]).MatchString(st) == neg {
		w.fatalf(ts, "%s's status line %q: /%s/ %s", args[0], st, args[1], map[bool]string{true: "matches", false: "does not match"}[neg])
	}
}

// find is where text first shows on the screen: its row and its cells.
func find(s *vt.Screen, text string) (row int, cells []int) {
	w, h := s.Size()
	for r := range h {
		var line strings.Builder
		var at []int // the cell of each byte of the line
		for c := range w {
			t := s.Cell(r, c).Text
			line.WriteString(t)
			for range len(t) {
				at = append(at, c)
			}
		}
		i := strings.Index(line.String(), text)
		if i < 0 {
			continue
		}
		for c := at[i]; c <= at[i+len(text)-1]; c++ {
			cells = append(cells, c)
		}
		return r, cells
	}
	return -1, nil
}

func cmdStyle(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 || args[1] == "" {
		ts.Fatalf("usage: style NAME TEXT STYLE")
	}
	w := get(ts)
	s := w.client(ts, args[0]).screen()
	row, cells := find(s, args[1])
	if row < 0 {
		w.fatalf(ts, "style: %q is not on %s's screen", args[1], args[0])
	}
	for _, c := range cells {
		got := s.Cell(row, c).Style.String()
		if (got == args[2]) == neg {
			w.fatalf(ts, "style: %q on %s's screen (row %d, column %d) is %q, want %s%q\n--- its styles:\n%s",
				args[1], args[0], row, c, got, map[bool]string{true: "not ", false: ""}[neg], args[2], s.Styles())
		}
		if neg {
			return // one cell of another style is enough
		}
	}
}

func cmdKeys(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: keys NAME KEY...")
	}
	w := get(ts)
	c := w.client(ts, args[0])
	w.run(ts, append([]string{"send-keys", "-t", "clients:" + c.name}, args[1:]...)...)
}

func cmdType(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: type NAME TEXT")
	}
	w := get(ts)
	c := w.client(ts, args[0])
	w.run(ts, "send-keys", "-t", "clients:"+c.name, "-l", args[1])
}

// cmdPaste pastes as a terminal does (bracketed paste): one key for the
// server's limit of keys a second, where typed a note's forty letters
// would go past it.
func cmdPaste(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: paste NAME TEXT")
	}
	get(ts).paste(ts, get(ts).client(ts, args[0]), args[1])
}

func (w *world) paste(ts *testscript.TestScript, c *client, text string) {
	w.run(ts, "set-buffer", "-b", "e2e-"+c.name, "--", text)
	w.run(ts, "paste-buffer", "-p", "-d", "-b", "e2e-"+c.name, "-t", "clients:"+c.name)
}

func cmdResize(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: resize NAME WxH")
	}
	w := get(ts)
	c := w.client(ts, args[0])
	c.cols, c.rows = size(ts, args[1])
	w.run(ts, "resize-window", "-t", "clients:"+c.name, "-x", fmt.Sprint(c.cols), "-y", fmt.Sprint(c.rows))
}
