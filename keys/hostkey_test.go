package keys

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"charm.land/wish/v2"
	"golang.org/x/crypto/ssh"
)

func TestLoadOrCreateHostKeyCreatesThenLoads(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data") // does not exist yet
	path, fp, err := LoadOrCreateHostKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, HostKeyFile) {
		t.Errorf("path = %q", path)
	}
	if !strings.HasPrefix(fp, "SHA256:") {
		t.Errorf("fingerprint = %q", fp)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("key mode = %04o, want 0600", perm)
	}
	dinfo, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if perm := dinfo.Mode().Perm(); perm != 0o700 {
		t.Errorf("data dir mode = %04o, want 0700", perm)
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := ssh.ParsePrivateKey(data)
	if err != nil {
		t.Fatalf("key is not in a format ssh.ParsePrivateKey reads: %v", err)
	}
	if signer.PublicKey().Type() != ssh.KeyAlgoED25519 {
		t.Errorf("key type = %s", signer.PublicKey().Type())
	}
	if got := Fingerprint(signer.PublicKey()); got != fp {
		t.Errorf("fingerprint of the file %s != returned %s", got, fp)
	}
	pubLine, err := os.ReadFile(path + ".pub")
	if err != nil {
		t.Fatal(err)
	}
	pub, _, _, _, err := ssh.ParseAuthorizedKey(pubLine)
	if err != nil || Fingerprint(pub) != fp {
		t.Errorf("public key file: %v, fingerprint %v", err, pub)
	}

	// Second start: same key, nothing rewritten.
	path2, fp2, err := LoadOrCreateHostKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if path2 != path || fp2 != fp {
		t.Errorf("second load gave %s %s, want %s %s", path2, fp2, path, fp)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".host_ed25519-*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestHostKeyReadableByWish(t *testing.T) {
	path, fp, err := LoadOrCreateHostKey(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv, err := wish.NewServer(wish.WithHostKeyPath(path))
	if err != nil {
		t.Fatalf("wish.WithHostKeyPath(%s): %v", path, err)
	}
	if len(srv.HostSigners) != 1 || Fingerprint(srv.HostSigners[0].PublicKey()) != fp {
		t.Fatalf("wish loaded %d host keys, want the one with %s", len(srv.HostSigners), fp)
	}
}

func TestHostKeyRefusesLoosePermissions(t *testing.T) {
	for _, mode := range []os.FileMode{0o640, 0o604, 0o644, 0o660, 0o610} {
		dir := t.TempDir()
		path, _, err := LoadOrCreateHostKey(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		_, _, err = LoadOrCreateHostKey(dir)
		if err == nil {
			t.Fatalf("mode %04o accepted", mode)
		}
		msg := err.Error()
		if !strings.Contains(msg, path) || !strings.Contains(msg, "chmod 600 "+path) {
			t.Errorf("mode %04o: error %q should name the path and the fix", mode, msg)
		}
		// The fix works and keeps the key.
		if err := os.Chmod(path, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, _, err := LoadOrCreateHostKey(dir); err != nil {
			t.Errorf("after chmod 600: %v", err)
		}
	}
}

func TestHostKeyRefusesGarbage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, HostKeyFile)
	if err := os.WriteFile(path, []byte("not a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := LoadOrCreateHostKey(dir)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("garbage key: err = %v, want an error naming %s", err, path)
	}
	// It must not have been replaced: the admin decides.
	data, _ := os.ReadFile(path)
	if string(data) != "not a key\n" {
		t.Error("a bad key file was overwritten")
	}
}

func TestHostKeyRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, HostKeyFile), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadOrCreateHostKey(dir); err == nil {
		t.Fatal("a directory was accepted as host key")
	}
}

func TestHostKeyConcurrentCreate(t *testing.T) {
	dir := t.TempDir()
	const n = 8
	fps := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, fps[i], errs[i] = LoadOrCreateHostKey(dir)
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("goroutine %d: %v", i, errs[i])
		}
		if fps[i] != fps[0] {
			t.Fatalf("concurrent starts got different keys: %s and %s", fps[0], fps[i])
		}
	}
}

// TestHostKeyReadableByOpenSSH checks the file with OpenSSH's own tool, so
// an admin can inspect it (ssh-keygen -l) and OpenSSH-based tools accept it.
func TestHostKeyReadableByOpenSSH(t *testing.T) {
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen is not installed")
	}
	path, fp, err := LoadOrCreateHostKey(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(keygen, "-l", "-E", "sha256", "-f", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ssh-keygen -l %s: %v\n%s", path, err, out)
	}
	if !strings.Contains(string(out), fp) || !strings.Contains(string(out), "ED25519") {
		t.Errorf("ssh-keygen says %q, want %s (ED25519)", out, fp)
	}
}
