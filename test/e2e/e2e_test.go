package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// The commands a scenario has, besides testscript's own (env, stdout,
// exists, ...). NAME is a client: an OpenSSH client in a tmux window, whose
// name is also its identity (each name has its own key).
//
//	server [FLAGS...]              start the real binary on a loopback port the kernel picks, with a
//	                               fresh data directory and FLAGS (serve's); sets $PORT, and $WEB
//	                               with --web 127.0.0.1:0; it is stopped when the script ends
//	ssh [-guest] [-size WxH] [-lang L] NAME [COMMAND]
//	                               open NAME's ssh -tt in an 80x24 window (-size), with its own key
//	                               (-guest: none, keyboard-interactive), LANG=L sent with SendEnv,
//	                               and COMMAND as the remote command (a table's code)
//	keys NAME KEY...               tmux send-keys (j, Enter, Space, Down, ...)
//	type NAME TEXT                 type TEXT literally
//	paste NAME TEXT                paste TEXT (bracketed paste)
//	resize NAME WxH                resize NAME's terminal
//	await [-timeout D] NAME REGEX [VAR]
//	                               wait until NAME's screen matches REGEX (per line, as grep), 30 s
//	                               at most; VAR gets the first group
//	screen NAME REGEX              NAME's screen matches REGEX now (! for not)
//	status NAME REGEX              NAME's status line (the last line not blank) matches REGEX now
//	style NAME TEXT STYLE          every cell of TEXT's first place on NAME's screen has STYLE
//	                               ("fg=146 bold", as internal/vt writes styles; "" the default)
//	plain [-until REGEX] NAME COMMAND
//	                               the command over ssh without a terminal, its output on stdout;
//	                               -until runs it again until its output matches, for 30 s
//	play [-timeout D] [-until NAME:REGEX] [-notes FILE] GHOST PSYCHIC...
//	                               every client does what its status line asks, in its language,
//	                               until every one shows the end screen (or -until holds), 5 min at
//	                               most; the end line goes to stdout; a screen in the wrong language
//	                               fails; -notes: the ghost gives each vision with a note (a line
//	                               of FILE, in turn)
//	browser [-seat N] [-shots DIR] NAME TABLE
//	                               a psychic in headless chromium by the table's link ($WEB), who
//	                               taps and types what its status line asks until the end screen
//	browser -wait NAME             wait for it to finish; its log on stdout
//	shot NAME FILE                 NAME's screen as a picture, once it has been still for half a
//	                               second: written to -screens DIR/FILE when given, else drawn only
//
// Conditions: [browser] (chromium is installed; under CI its absence fails).

var screens = flag.String("screens", "", "write the pictures of the scenarios' shot commands into this directory (docs/screens for the README's)")

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// build makes the server's binary once for all the scenarios.
func build() (string, error) {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "e2e-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "mysterium")
		out, err := exec.Command("go", "build", "-o", binary, "github.com/mysterium-ssh/mysterium/cmd/mysterium").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	return binary, buildErr
}

func TestMain(m *testing.M) {
	flag.Parse()
	// The scenarios wait on the players' pace, not on the CPU: they all run
	// at once (a game is two minutes), unless -parallel says otherwise.
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", "8")
	}
	code := m.Run()
	if binary != "" {
		_ = os.RemoveAll(filepath.Dir(binary))
	}
	os.Exit(code)
}

// need skips the test when a tool is missing, or fails it under CI, where
// everything the README's test command needs is installed.
func need(t *testing.T, tools ...string) {
	t.Helper()
	var missing []string
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := fmt.Sprintf("missing %s (apt-get install -y tmux openssh-client chromium)", strings.Join(missing, ", "))
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

func TestScripts(t *testing.T) {
	need(t, "tmux", "ssh", "ssh-keygen")
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata",
		RequireExplicitExec: true,
		Setup:               setup,
		Condition: func(cond string) (bool, error) {
			if cond != "browser" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			if _, err := exec.LookPath("chromium"); err != nil {
				if os.Getenv("CI") != "" {
					return false, fmt.Errorf("chromium is missing (apt-get install -y chromium)")
				}
				return false, nil
			}
			return true, nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"server":  cmdServer,
			"ssh":     cmdSSH,
			"keys":    cmdKeys,
			"type":    cmdType,
			"paste":   cmdPaste,
			"resize":  cmdResize,
			"await":   cmdAwait,
			"screen":  cmdScreen,
			"status":  cmdStatus,
			"style":   cmdStyle,
			"plain":   cmdPlain,
			"play":    cmdPlay,
			"browser": cmdBrowser,
			"shot":    cmdShot,
		},
	})
}

// world is one scenario's server, clients and browsers.
type world struct {
	work     string
	tmuxDir  string // the tmux socket, its configuration, the clients' keys
	server   *exec.Cmd
	exited   chan struct{}
	log      *syncBuffer
	port     string
	clients  map[string]*client
	order    []string
	browsers map[string]*browserRun
}

type worldKey struct{}

func setup(env *testscript.Env) error {
	dir, err := os.MkdirTemp("", "e2e-") // short: a unix socket's path has a limit
	if err != nil {
		return err
	}
	w := &world{work: env.WorkDir, tmuxDir: dir, clients: map[string]*client{}, browsers: map[string]*browserRun{}}
	conf := "set -g default-terminal tmux-256color\nset -g history-limit 0\n"
	if err := os.WriteFile(filepath.Join(dir, "tmux.conf"), []byte(conf), 0o644); err != nil {
		return err
	}
	env.Values[worldKey{}] = w
	env.Defer(w.close)
	return nil
}

func get(ts *testscript.TestScript) *world { return ts.Value(worldKey{}).(*world) }

func (w *world) close() {
	for _, b := range w.browsers {
		b.cancel()
		<-b.done
	}
	_ = w.tmux("kill-server").Run()
	for _, c := range w.clients {
		c.close()
	}
	if w.server != nil {
		_ = w.server.Process.Signal(syscall.SIGTERM)
		select {
		case <-w.exited:
		case <-time.After(20 * time.Second):
			_ = w.server.Process.Kill()
			<-w.exited
		}
	}
	_ = os.RemoveAll(w.tmuxDir)
}

// fatalf fails the scenario with what every client shows and the end of
// the server's log.
func (w *world) fatalf(ts *testscript.TestScript, format string, args ...any) {
	var b strings.Builder
	fmt.Fprintf(&b, format, args...)
	for _, name := range w.order {
		fmt.Fprintf(&b, "\n--- %s's screen:\n%s", name, w.clients[name].screen().Text())
	}
	if w.log != nil {
		lines := strings.Split(strings.TrimRight(w.log.String(), "\n"), "\n")
		fmt.Fprintf(&b, "\n--- the server's log (end):\n%s", strings.Join(lines[max(0, len(lines)-30):], "\n"))
	}
	ts.Fatalf("%s", b.String())
}

// syncBuffer is the server's log, written by the process and read by the test.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	written chan struct{} // a token after each write
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case s.written <- struct{}{}:
	default:
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var (
	sshAddr = regexp.MustCompile(`msg=listening addr=\S*:(\d+) host-key=`)
	webAddr = regexp.MustCompile(`msg=listening addr=(\S+) tls=`)
)

func cmdServer(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! server")
	}
	w := get(ts)
	if w.server != nil {
		ts.Fatalf("server: one a scenario")
	}
	bin, err := build()
	ts.Check(err)
	web := false
	for _, a := range args {
		web = web || a == "--web" || strings.HasPrefix(a, "--web=")
	}
	cmd := exec.Command(bin, append([]string{"serve", "--listen", "127.0.0.1:0", "--data-dir", filepath.Join(w.work, "data"), "--log-format", "logfmt"}, args...)...)
	w.log = &syncBuffer{written: make(chan struct{}, 1)}
	cmd.Stdout, cmd.Stderr = w.log, w.log
	ts.Check(cmd.Start())
	w.server, w.exited = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); close(w.exited) }()
	deadline := time.After(30 * time.Second)
	for {
		log := w.log.String()
		m := sshAddr.FindStringSubmatch(log)
		wm := webAddr.FindStringSubmatch(log)
		if m != nil && (!web || wm != nil) {
			w.port = m[1]
			ts.Setenv("PORT", m[1])
			if web {
				ts.Setenv("WEB", wm[1])
			}
			return
		}
		select {
		case <-w.log.written:
		case <-w.exited:
			ts.Fatalf("the server exited at start:\n%s", log)
		case <-deadline:
			ts.Fatalf("the server did not say where it listens in 30 s:\n%s", log)
		}
	}
}

// sshArgs are the options every client uses: no configuration file, no
// known_hosts (each server has a fresh host key), NAME's key alone or none.
func (w *world) sshArgs(ts *testscript.TestScript, name string, guest bool) []string {
	if w.port == "" {
		ts.Fatalf("no server: start one first")
	}
	args := []string{"-F", "/dev/null", "-p", w.port, "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"}
	if guest {
		return append(args, "-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=keyboard-interactive")
	}
	key := filepath.Join(w.tmuxDir, "id_"+name)
	if _, err := os.Stat(key); err != nil {
		out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "e2e-"+name, "-f", key).CombinedOutput()
		if err != nil {
			ts.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
	}
	return append(args, "-i", key, "-o", "IdentitiesOnly=yes", "-o", "PreferredAuthentications=publickey")
}

func cmdPlain(ts *testscript.TestScript, neg bool, args []string) {
	w := get(ts)
	var until *regexp.Regexp
	if len(args) > 1 && args[0] == "-until" {
		until = regexp.MustCompile("(?m)" + args[1])
		args = args[2:]
	}
	if len(args) < 2 {
		ts.Fatalf("usage: plain [-until REGEX] NAME COMMAND...")
	}
	name := args[0]
	sshArgs := append(w.sshArgs(ts, name, false), "-T", name+"@127.0.0.1")
	sshArgs = append(sshArgs, args[1:]...)
	deadline := time.Now().Add(30 * time.Second)
	for {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command("ssh", sshArgs...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if until != nil && !until.Match(stdout.Bytes()) && time.Now().Before(deadline) {
			time.Sleep(250 * time.Millisecond) // the server writes it soon: ask again
			continue
		}
		_, _ = ts.Stdout().Write(stdout.Bytes())
		_, _ = ts.Stderr().Write(stderr.Bytes())
		if until != nil && !until.Match(stdout.Bytes()) {
			w.fatalf(ts, "plain %s: no answer matched %q in 30 s", strings.Join(args, " "), until)
		}
		if err != nil && !neg {
			ts.Fatalf("plain %s: %v", strings.Join(args, " "), err)
		}
		if err == nil && neg {
			ts.Fatalf("plain %s: succeeded", strings.Join(args, " "))
		}
		return
	}
}

// size parses "120x40".
func size(ts *testscript.TestScript, s string) (int, int) {
	a, b, ok := strings.Cut(s, "x")
	w, err1 := strconv.Atoi(a)
	h, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || w < 10 || h < 5 {
		ts.Fatalf("bad size %q: want WxH, such as 120x40", s)
	}
	return w, h
}
