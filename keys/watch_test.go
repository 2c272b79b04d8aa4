package keys

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

func TestReloadIfChanged(t *testing.T) {
	alice, bob := newEd25519(t), newEd25519(t)
	path := filepath.Join(t.TempDir(), "admin_keys")
	writeFile(t, path, line(alice)+"\n")
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	if changed, err := ks.ReloadIfChanged(); changed || err != nil {
		t.Fatalf("unchanged file: changed=%v err=%v", changed, err)
	}

	// An edit in place (different size).
	writeFile(t, path, line(alice)+"\n"+line(bob)+"\n")
	if changed, err := ks.ReloadIfChanged(); !changed || err != nil {
		t.Fatalf("edited file: changed=%v err=%v", changed, err)
	}
	if !ks.Contains(bob) {
		t.Fatal("bob missing after the edit")
	}

	// Same size, new modification time (a one-key swap).
	writeFile(t, path, line(bob)+"\n"+line(alice)+"\n")
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if changed, _ := ks.ReloadIfChanged(); !changed {
		t.Fatal("a new modification time went unnoticed")
	}
	if e, _ := ks.Lookup(bob); e.Line != 1 {
		t.Errorf("bob on line %d after the swap, want 1", e.Line)
	}

	// A broken file is reported once, the keys stay.
	writeFile(t, path, "oops\n")
	if changed, err := ks.ReloadIfChanged(); !changed || err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("broken file: changed=%v err=%v", changed, err)
	}
	if changed, err := ks.ReloadIfChanged(); changed || err != nil {
		t.Fatalf("broken file reported twice: changed=%v err=%v", changed, err)
	}
	if !ks.Contains(alice) || !ks.Contains(bob) {
		t.Fatal("a broken file changed the keys")
	}

	// Deleted, then a new file renamed into place (how tools write).
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if changed, err := ks.ReloadIfChanged(); !changed || err == nil {
		t.Fatalf("deleted file: changed=%v err=%v", changed, err)
	}
	tmp := path + ".new"
	writeFile(t, tmp, line(alice)+"\n")
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	if changed, err := ks.ReloadIfChanged(); !changed || err != nil {
		t.Fatalf("replaced file: changed=%v err=%v", changed, err)
	}
	if ks.Contains(bob) || !ks.Contains(alice) {
		t.Fatal("replaced file not loaded")
	}
}

func TestWatch(t *testing.T) {
	alice, bob := newEd25519(t), newEd25519(t)
	path := filepath.Join(t.TempDir(), "allow_keys")
	writeFile(t, path, line(alice)+"\n")
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	reports := make(chan error, 10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		ks.Watch(ctx, 5*time.Millisecond, func(err error) { reports <- err })
	}()
	writeFile(t, path, line(alice)+"\n"+line(bob)+"\n")
	select {
	case err := <-reports:
		if err != nil {
			t.Fatalf("reload: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the watcher never reloaded the changed file")
	}
	if !ks.Contains(bob) {
		t.Error("bob missing after the watcher's reload")
	}
	cancel()
	<-done // Watch returns once its context ends: no goroutine left behind
}

// TestOpenSSHGeneratedKeys reads key files as ssh-keygen writes them (every
// key type a player may use), and checks that the key a client signs with,
// as the SSH server sees it, is found.
func TestOpenSSHGeneratedKeys(t *testing.T) {
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen is not installed")
	}
	dir := t.TempDir()
	var lines []string
	var signers []ssh.Signer
	for _, typ := range []struct{ name, bits string }{{"ed25519", ""}, {"ecdsa", "256"}, {"ecdsa", "521"}, {"rsa", "2048"}} {
		key := filepath.Join(dir, "id_"+typ.name+typ.bits)
		args := []string{"-q", "-t", typ.name, "-N", "", "-C", "player " + typ.name, "-f", key}
		if typ.bits != "" {
			args = append(args, "-b", typ.bits)
		}
		if out, err := exec.Command(keygen, args...).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen %v: %v\n%s", args, err, out)
		}
		pub, err := os.ReadFile(key + ".pub")
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.TrimSpace(string(pub)))
		priv, err := os.ReadFile(key)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ssh.ParsePrivateKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		signers = append(signers, s)
	}
	// One with options, as an admin might copy it from a server's file.
	lines[1] = `restrict,from="10.0.0.0/8" ` + lines[1]
	path := filepath.Join(dir, "allow_keys")
	writeFile(t, path, "# the group\n"+strings.Join(lines, "\n")+"\n")
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range signers {
		e, ok := ks.Lookup(s.PublicKey())
		if !ok {
			t.Errorf("key %d (%s) not found", i, s.PublicKey().Type())
			continue
		}
		if e.Line != i+2 || !strings.HasPrefix(e.Comment, "player ") {
			t.Errorf("key %d: entry %+v", i, e)
		}
		// The fingerprint is the one ssh-keygen -l prints.
		out, err := exec.Command(keygen, "-l", "-E", "sha256", "-f", filepath.Join(dir, []string{"id_ed25519", "id_ecdsa256", "id_ecdsa521", "id_rsa2048"}[i]+".pub")).Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), e.Fingerprint) {
			t.Errorf("fingerprint %s not in ssh-keygen's %q", e.Fingerprint, out)
		}
	}
	if ks.Contains(newEd25519(t)) {
		t.Error("a stranger's key is in the set")
	}
}
