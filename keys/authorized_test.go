package keys

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/crypto/ssh"
)

func newEd25519(t *testing.T) ssh.PublicKey {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func newECDSA(t *testing.T) ssh.PublicKey {
	t.Helper()
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k, err := ssh.NewPublicKey(&priv.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func line(k ssh.PublicKey) string {
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(k)))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoadAuthorized(t *testing.T) {
	alice, bob, carol, eve := newEd25519(t), newECDSA(t), newEd25519(t), newEd25519(t)
	path := filepath.Join(t.TempDir(), "allow")
	writeFile(t, path, strings.Join([]string{
		"# friends",
		"",
		line(alice) + " alice@laptop",
		`from="192.168.1.0/24",no-port-forwarding ` + line(bob) + " bob with spaces in comment",
		"   " + line(carol) + "   ",
		line(alice) + " alice again (duplicate)",
		"\t# indented comment",
	}, "\n"))
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []ssh.PublicKey{alice, bob, carol} {
		if !ks.Contains(k) {
			t.Errorf("%s missing", Fingerprint(k))
		}
	}
	if ks.Contains(eve) {
		t.Error("eve let in")
	}
	if ks.Len() != 3 {
		t.Errorf("Len = %d, want 3", ks.Len())
	}
	e, ok := ks.Lookup(bob)
	if !ok || e.Comment != "bob with spaces in comment" || e.Line != 4 || e.Type != bob.Type() || e.Fingerprint != Fingerprint(bob) {
		t.Errorf("Lookup(bob) = %+v, %v", e, ok)
	}
	if e, _ := ks.Lookup(alice); e.Line != 3 || e.Comment != "alice@laptop" {
		t.Errorf("duplicate should keep the first entry, got %+v", e)
	}
	if got := ks.Entries(); len(got) != 3 || got[0].Line != 3 || got[1].Line != 4 || got[2].Line != 5 {
		t.Errorf("Entries = %+v", got)
	}
	if ks.Path() != path {
		t.Errorf("Path = %q", ks.Path())
	}
}

func TestLoadAuthorizedReportsBadLines(t *testing.T) {
	good := newEd25519(t)
	path := filepath.Join(t.TempDir(), "allow")
	writeFile(t, path, strings.Join([]string{
		line(good),
		"ssh-ed25519 not-base64!!",              // 2
		"# fine",                                // 3
		"hello world",                           // 4
		"cert-authority " + line(newEd25519(t)), // 5
	}, "\n"))
	ks, err := LoadAuthorized(path)
	if ks != nil {
		t.Error("a set was returned despite bad lines")
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want *ParseError", err)
	}
	var lines []int
	for _, l := range pe.Lines {
		lines = append(lines, l.Line)
	}
	if len(lines) != 3 || lines[0] != 2 || lines[1] != 4 || lines[2] != 5 {
		t.Errorf("bad lines = %v, want [2 4 5]", lines)
	}
	msg := err.Error()
	for _, want := range []string{path, "line 2:", "line 4:", "line 5:", "cert-authority"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
}

func TestLoadAuthorizedRefusesCertificates(t *testing.T) {
	pub := newEd25519(t)
	_, caPriv, _ := ed25519.GenerateKey(rand.Reader)
	ca, err := ssh.NewSignerFromKey(caPriv)
	if err != nil {
		t.Fatal(err)
	}
	cert := &ssh.Certificate{Key: pub, CertType: ssh.UserCert, ValidBefore: ssh.CertTimeInfinity}
	if err := cert.SignCert(rand.Reader, ca); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "allow")
	writeFile(t, path, line(cert)+"\n")
	if _, err := LoadAuthorized(path); err == nil || !strings.Contains(err.Error(), "line 1: certificates") {
		t.Fatalf("certificate line: err = %v", err)
	}
}

func TestLoadAuthorizedMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope")
	_, err := LoadAuthorized(path)
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v", err)
	}
}

func TestEmptyAndNilKeySet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "allow")
	writeFile(t, path, "# nobody yet\n")
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	k := newEd25519(t)
	if ks.Contains(k) || ks.Len() != 0 {
		t.Error("empty file holds keys")
	}
	var none *KeySet
	if none.Contains(k) || none.Len() != 0 || none.Entries() != nil || none.Reload() != nil || none.Path() != "" {
		t.Error("nil KeySet is not an empty set")
	}
	if ks.Contains(nil) {
		t.Error("Contains(nil) = true")
	}
}

func TestReload(t *testing.T) {
	alice, bob := newEd25519(t), newEd25519(t)
	path := filepath.Join(t.TempDir(), "allow")
	writeFile(t, path, line(alice)+"\n")
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, line(bob)+"\n")
	if err := ks.Reload(); err != nil {
		t.Fatal(err)
	}
	if ks.Contains(alice) || !ks.Contains(bob) {
		t.Error("reload did not replace the keys")
	}
	// A broken file keeps the previous keys.
	writeFile(t, path, line(alice)+"\ngarbage\n")
	err = ks.Reload()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Lines[0].Line != 2 {
		t.Fatalf("reload of a bad file: %v", err)
	}
	if ks.Contains(alice) || !ks.Contains(bob) {
		t.Error("a failed reload changed the keys")
	}
	// So does a deleted one.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := ks.Reload(); err == nil {
		t.Error("reload of a missing file succeeded")
	}
	if !ks.Contains(bob) {
		t.Error("a failed reload changed the keys")
	}
}

// TestConcurrentReadsAndReload is meant for -race: readers never see a torn
// set while reloads swap files between two states.
func TestConcurrentReadsAndReload(t *testing.T) {
	alice, bob := newEd25519(t), newEd25519(t)
	path := filepath.Join(t.TempDir(), "allow")
	both := line(alice) + "\n" + line(bob) + "\n"
	writeFile(t, path, both)
	ks, err := LoadAuthorized(path)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				// Alice is in every version of the file.
				if !ks.Contains(alice) {
					t.Error("alice missing during reload")
					return
				}
				_ = ks.Contains(bob)
				_ = ks.Entries()
			}
		}()
	}
	for i := range 50 {
		content := both
		if i%2 == 0 {
			content = line(alice) + "\n"
		}
		// Write to a new file and rename, as editors and config tools do.
		tmp := path + ".tmp"
		writeFile(t, tmp, content)
		if err := os.Rename(tmp, path); err != nil {
			t.Fatal(err)
		}
		if err := ks.Reload(); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
}
