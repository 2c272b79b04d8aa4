// Command load measures the hello servers (v1hello, v2hello) against each
// other in one run: for each round it starts every server given with -run
// in turn (A B A B ...), each fresh, and on each one opens idle sessions,
// then busy pairs (one session presses keys, its partner's screen shows
// them), and reports memory per session (live heap and goroutine stacks
// after a collection, and RSS), goroutines per session, the server's CPU
// while idle, and its CPU per action while busy. Every session is its own
// SSH connection with its own ed25519 key, an xterm-256color pty of 80x24.
//
//	bash test/v2hello/run.sh -rounds 3   # builds the servers and this tool, and runs it
//	load -rounds 3 -run v1=/tmp/v2hello/v1hello -run v2=/tmp/v2hello/v2hello
//
// See docs/performance.md for the figures.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/test/v2hello/hello"
)

type runFlags []string

func (r *runFlags) String() string     { return strings.Join(*r, ",") }
func (r *runFlags) Set(s string) error { *r = append(*r, s); return nil }

var (
	runs     runFlags
	rounds   = flag.Int("rounds", 3, "rounds: each starts every server once, in the order given")
	idle     = flag.Int("idle", 300, "idle sessions")
	pairs    = flag.Int("pairs", 50, "busy pairs")
	busy     = flag.Duration("busy", 60*time.Second, "how long the pairs press keys")
	idleFor  = flag.Duration("idle-for", 10*time.Second, "how long the server's idle CPU is measured")
	interval = flag.Duration("interval", 200*time.Millisecond, "time between two keys of one presser")
	profile  = flag.String("profile", "", "after the rounds, one more run of each server taking profiles into files with this prefix")
)

func main() {
	flag.Var(&runs, "run", "NAME=COMMAND [ARGS...]: a server to measure (repeat)")
	flag.Parse()
	if len(runs) == 0 {
		log.Fatal("no -run given")
	}
	var all []result
	for r := 1; r <= *rounds; r++ {
		for _, spec := range runs {
			name, cmd, _ := strings.Cut(spec, "=")
			res, err := measure(name, strings.Fields(cmd), "")
			if err != nil {
				log.Fatalf("%s, round %d: %v", name, r, err)
			}
			res.Round = r
			fmt.Println(res.row())
			all = append(all, res)
		}
	}
	summary(all)
	if *profile != "" {
		for _, spec := range runs {
			name, cmd, _ := strings.Cut(spec, "=")
			if _, err := measure(name, strings.Fields(cmd), *profile+name); err != nil {
				log.Fatalf("%s, profile run: %v", name, err)
			}
		}
	}
}

// sample is the server as seen at one moment.
type sample struct {
	hello.Stats
	RSS uint64        // bytes
	CPU time.Duration // user + system since the process started
}

type result struct {
	Name    string
	Round   int
	Load    string // load average before the run
	Base    sample
	Idle    sample        // with the idle sessions open
	IdleCPU time.Duration // server CPU over idleFor, idle sessions open
	All     sample        // idle sessions and busy pairs open, after the busy phase
	Actions int
	BusyCPU time.Duration
}

func (r result) perSession(s sample, n int) (heap, rss, gor float64) {
	heap = float64(int64(s.HeapAlloc+s.StackInuse)-int64(r.Base.HeapAlloc+r.Base.StackInuse)) / float64(n) / 1024
	rss = float64(int64(s.RSS)-int64(r.Base.RSS)) / float64(n) / 1024
	gor = float64(s.Goroutines-r.Base.Goroutines) / float64(n)
	return
}

func (r result) cpuPerAction() float64 {
	return float64(r.BusyCPU.Microseconds()) / float64(max(r.Actions, 1))
}

// idleCPU is the server's CPU per idle session per minute.
func (r result) idleCPU() float64 {
	return float64(r.IdleCPU.Microseconds()) / 1000 / float64(*idle) * (float64(time.Minute) / float64(*idleFor))
}

func (r result) row() string {
	ih, ir, ig := r.perSession(r.Idle, *idle)
	ah, ar, ag := r.perSession(r.All, *idle+2**pairs)
	return fmt.Sprintf("| %s | %d | %.1f KiB | %.1f KiB | %.2f | %.1f KiB | %.1f KiB | %.2f | %.2f ms | %d | %.0f µs | %s |",
		r.Name, r.Round, ih, ir, ig, ah, ar, ag, r.idleCPU(), r.Actions, r.cpuPerAction(), r.Load)
}

func summary(all []result) {
	fmt.Println()
	fmt.Println("median (min-max) over the rounds; first server = 1.00")
	type fig struct {
		name string
		f    func(result) float64
	}
	figs := []fig{
		{"idle: heap+stacks per session KiB", func(r result) float64 { h, _, _ := r.perSession(r.Idle, *idle); return h }},
		{"idle: RSS per session KiB", func(r result) float64 { _, s, _ := r.perSession(r.Idle, *idle); return s }},
		{"idle: goroutines per session", func(r result) float64 { _, _, g := r.perSession(r.Idle, *idle); return g }},
		{"all: heap+stacks per session KiB", func(r result) float64 { h, _, _ := r.perSession(r.All, *idle+2**pairs); return h }},
		{"all: RSS per session KiB", func(r result) float64 { _, s, _ := r.perSession(r.All, *idle+2**pairs); return s }},
		{"all: goroutines per session", func(r result) float64 { _, _, g := r.perSession(r.All, *idle+2**pairs); return g }},
		{"idle CPU ms per session per minute", result.idleCPU},
		{"CPU µs per action", result.cpuPerAction},
		{"actions", func(r result) float64 { return float64(r.Actions) }},
	}
	var names []string
	for _, r := range all {
		if !slices.Contains(names, r.Name) {
			names = append(names, r.Name)
		}
	}
	for _, f := range figs {
		line := "| " + f.name
		var first float64
		for i, n := range names {
			var v []float64
			for _, r := range all {
				if r.Name == n {
					v = append(v, f.f(r))
				}
			}
			slices.Sort(v)
			med := v[len(v)/2]
			if len(v)%2 == 0 {
				med = (v[len(v)/2-1] + v[len(v)/2]) / 2
			}
			if i == 0 {
				first = med
			}
			ratio := ""
			if i > 0 && first != 0 {
				ratio = fmt.Sprintf(" ×%.2f", med/first)
			}
			line += fmt.Sprintf(" | %s %.2f (%.2f-%.2f)%s", n, med, v[0], v[len(v)-1], ratio)
		}
		fmt.Println(line + " |")
	}
}

// measure runs one server through the phases. With profile set, it writes a
// heap profile with the idle sessions open and a CPU profile of the busy
// phase instead of measuring.
func measure(name string, argv []string, profile string) (res result, err error) {
	res.Name = name
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		res.Load = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return res, err
	}
	if err := cmd.Start(); err != nil {
		return res, err
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return res, fmt.Errorf("server said nothing: %w", err)
	}
	var sshAddr, debugAddr string
	if _, err := fmt.Sscanf(strings.TrimSpace(line), "ssh=%s debug=%s", &sshAddr, &debugAddr); err != nil {
		// Sscanf's %s stops at spaces only: split by hand.
		f := strings.Fields(line)
		if len(f) != 2 {
			return res, fmt.Errorf("server said %q", line)
		}
		sshAddr, debugAddr = strings.TrimPrefix(f[0], "ssh="), strings.TrimPrefix(f[1], "debug=")
	}
	pid := cmd.Process.Pid
	time.Sleep(500 * time.Millisecond)
	look := func() (sample, error) { return lookAt(pid, debugAddr) }
	if res.Base, err = look(); err != nil {
		return res, err
	}

	var sessions []*client
	defer func() {
		for _, c := range sessions {
			c.close()
		}
	}()
	idles, err := openAll(sshAddr, *idle, func(int) string { return "" })
	sessions = append(sessions, idles...)
	if err != nil {
		return res, err
	}
	time.Sleep(time.Second)
	if res.Idle, err = look(); err != nil {
		return res, err
	}
	if profile != "" {
		if err := save(debugAddr, "/debug/pprof/heap", profile+"-heap.pb.gz"); err != nil {
			return res, err
		}
		if err := save(debugAddr, "/debug/pprof/goroutine?debug=1", profile+"-goroutines.txt"); err != nil {
			return res, err
		}
	}
	time.Sleep(*idleFor)
	after, err := look()
	if err != nil {
		return res, err
	}
	res.IdleCPU = after.CPU - res.Idle.CPU

	busySessions, err := openAll(sshAddr, 2**pairs, func(i int) string { return "pair-" + strconv.Itoa(i/2) })
	sessions = append(sessions, busySessions...)
	if err != nil {
		return res, err
	}
	before, err := look()
	if err != nil {
		return res, err
	}
	var actions atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), *busy)
	defer cancel()
	var profErr chan error
	if profile != "" {
		profErr = make(chan error, 1)
		go func() {
			profErr <- save(debugAddr, "/debug/pprof/profile?seconds="+strconv.Itoa(int(*busy/time.Second)-2), profile+"-cpu.pb.gz")
		}()
	}
	var wg sync.WaitGroup
	for i := 0; i < len(busySessions); i += 2 {
		wg.Add(1)
		go func(a, b *client) {
			defer wg.Done()
			press(ctx, a, b, &actions)
		}(busySessions[i], busySessions[i+1])
	}
	wg.Wait()
	if profErr != nil {
		if err := <-profErr; err != nil {
			return res, err
		}
	}
	res.Actions = int(actions.Load())
	end, err := look()
	if err != nil {
		return res, err
	}
	res.BusyCPU = end.CPU - before.CPU
	res.All = end
	for _, c := range sessions {
		if c.failed() {
			return res, fmt.Errorf("a session failed: %v", c.err())
		}
	}
	return res, nil
}

// press presses a key in a every interval and waits until a's screen and
// b's show it: one action.
func press(ctx context.Context, a, b *client, actions *atomic.Int64) {
	t := time.NewTicker(*interval)
	defer t.Stop()
	for n := 1; ; n++ {
		if _, err := a.in.Write([]byte{'j'}); err != nil {
			return
		}
		if !a.waitFor(ctx, "[k="+strconv.Itoa(n)+"]") || !b.waitFor(ctx, "[p="+strconv.Itoa(n)+"]") {
			return
		}
		actions.Add(1)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func save(debugAddr, path, file string) error {
	resp, err := http.Get("http://" + debugAddr + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func lookAt(pid int, debugAddr string) (s sample, err error) {
	resp, err := http.Get("http://" + debugAddr + "/stats?gc=1")
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&s.Stats); err != nil {
		return s, err
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return s, err
	}
	for l := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			s.RSS = kb * 1024
		}
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return s, err
	}
	// Fields after the command's closing parenthesis: utime and stime are
	// the 12th and 13th (fields 14 and 15 of proc(5)), in clock ticks.
	rest := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	ut, _ := strconv.ParseInt(rest[11], 10, 64)
	st, _ := strconv.ParseInt(rest[12], 10, 64)
	s.CPU = time.Duration(ut+st) * (time.Second / 100) // USER_HZ is 100 on Linux
	return s, nil
}

// client is one session: its own connection and key.
type client struct {
	conn *ssh.Client
	sess *ssh.Session
	in   io.WriteCloser

	mu     sync.Mutex
	seen   []byte // the tail of what the screen received
	change chan struct{}
	bad    error
}

func (c *client) failed() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.bad != nil }
func (c *client) err() error   { c.mu.Lock(); defer c.mu.Unlock(); return c.bad }

func (c *client) close() {
	_ = c.sess.Close()
	_ = c.conn.Close()
}

// read keeps the screen's last bytes and wakes whoever waits for a change.
func (c *client) read(out io.Reader) {
	buf := make([]byte, 4096)
	for {
		n, err := out.Read(buf)
		c.mu.Lock()
		c.seen = append(c.seen, buf[:n]...)
		if len(c.seen) > 8192 {
			c.seen = append(c.seen[:0], c.seen[len(c.seen)-256:]...)
		}
		close(c.change)
		c.change = make(chan struct{})
		c.mu.Unlock()
		if err != nil {
			c.mu.Lock()
			if c.bad == nil && err != io.EOF {
				c.bad = err
			}
			c.mu.Unlock()
			return
		}
	}
}

// waitFor waits until the screen has received s, and forgets what came
// before it.
func (c *client) waitFor(ctx context.Context, s string) bool {
	for {
		c.mu.Lock()
		if i := bytes.Index(c.seen, []byte(s)); i >= 0 {
			c.seen = append(c.seen[:0], c.seen[i+len(s):]...)
			c.mu.Unlock()
			return true
		}
		ch := c.change
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			return false
		case <-ch:
		}
	}
}

func dial(addr, command string) (*client, error) {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	signer, err := ssh.NewSignerFromKey(key)
	if err != nil {
		return nil, err
	}
	conn, err := ssh.Dial("tcp", addr, &ssh.ClientConfig{
		User:            "player",
		Auth:            []ssh.AuthMethod{ssh.PublicKeys(signer)},
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
		Timeout:         30 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	c := &client{conn: conn, change: make(chan struct{})}
	if c.sess, err = conn.NewSession(); err != nil {
		conn.Close()
		return nil, err
	}
	if err := c.sess.RequestPty("xterm-256color", 24, 80, ssh.TerminalModes{}); err != nil {
		conn.Close()
		return nil, err
	}
	if c.in, err = c.sess.StdinPipe(); err != nil {
		conn.Close()
		return nil, err
	}
	out, err := c.sess.StdoutPipe()
	if err != nil {
		conn.Close()
		return nil, err
	}
	if command == "" {
		err = c.sess.Shell()
	} else {
		err = c.sess.Start(command)
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	go c.read(out)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if !c.waitFor(ctx, "[k=0]") {
		c.close()
		return nil, fmt.Errorf("no first frame")
	}
	return c, nil
}

// openAll opens n sessions, a few at a time; command(i) is the i-th's
// command line.
func openAll(addr string, n int, command func(int) string) ([]*client, error) {
	out := make([]*client, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := dial(addr, command(i))
			if err != nil {
				errs <- err
				return
			}
			out[i] = c
		}()
	}
	wg.Wait()
	close(errs)
	var opened []*client
	for _, c := range out {
		if c != nil {
			opened = append(opened, c)
		}
	}
	return opened, <-errs
}
