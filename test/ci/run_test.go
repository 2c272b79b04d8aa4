// Package ci_test checks the first thing .ci/run does: on a machine that
// lacks a tool the README's test command needs, it says which one in a
// sentence, before a run of several minutes fails somewhere in its middle.
package ci_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pathWithout builds a directory of links to every program on PATH but the
// ones named, and returns a PATH of that directory alone. The links keep
// their names, so the script finds bash, grep and go as usual.
func pathWithout(t *testing.T, hide ...string) string {
	t.Helper()
	bin := t.TempDir()
	hidden := map[string]bool{}
	for _, h := range hide {
		hidden[h] = true
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if hidden[name] {
				continue
			}
			link := filepath.Join(bin, name)
			if _, err := os.Lstat(link); err == nil {
				continue // an earlier PATH entry wins, as in a shell
			}
			if err := os.Symlink(filepath.Join(dir, name), link); err != nil {
				t.Fatal(err)
			}
		}
	}
	return bin
}

// check runs .ci/run --check with PATH and returns its exit code and output.
func check(t *testing.T, path string) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", ".ci/run", "--check")
	cmd.Dir = filepath.Join("..", "..")
	env := []string{"PATH=" + path}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	}
	t.Fatalf(".ci/run --check: %v", err)
	return 0, ""
}

func TestCIRunNamesAMissingTool(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	cases := []struct{ hide, says string }{
		{"tmux", "missing tmux (Debian packages)"},
		{"ssh", "missing openssh-client (Debian packages)"},
		{"ssh-keygen", "missing openssh-client (Debian packages)"},
		{"chromium", "missing chromium (Debian packages)"},
		{"kitty", "missing kitty (Debian packages)"},
		{"import", "missing imagemagick (Debian packages)"},
		{"gcc", "missing gcc (Debian packages)"},
		{"go", "Go is missing: install Go"},
	}
	for _, c := range cases {
		t.Run(c.hide, func(t *testing.T) {
			code, out := check(t, pathWithout(t, c.hide))
			if code != 2 || !strings.Contains(out, c.says) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
				t.Fatalf("without %s: exit %d, said %q; want exit 2 and one line saying %q", c.hide, code, out, c.says)
			}
		})
	}
}

// TestCIRunPassesWithEverything: with every tool there, the check is quiet.
// It runs only where the machine has them all (CI, after .ci/run's install).
func TestCIRunPassesWithEverything(t *testing.T) {
	for _, tool := range []string{"bash", "go", "gcc", "tmux", "ssh", "ssh-keygen", "chromium", "Xvfb", "xterm", "kitty", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed here", tool)
		}
	}
	if code, out := check(t, os.Getenv("PATH")); code != 0 || out != "" {
		t.Fatalf(".ci/run --check with every tool: exit %d, said %q", code, out)
	}
}
