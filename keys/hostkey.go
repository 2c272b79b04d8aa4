package keys

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/crypto/ssh"
)

// HostKeyFile is the host key's file name inside the data directory.
const HostKeyFile = "host_ed25519"

// LoadOrCreateHostKey returns the path and the SHA256 fingerprint of the
// server's ed25519 host key at dataDir/host_ed25519, creating the directory
// (0700) and the key (0600, OpenSSH PEM format, which
// wish.WithHostKeyPath and ssh.ParsePrivateKey read) when missing.
//
// A key file that its group or anyone else may access is refused: whoever
// reads the host key can impersonate the server to every player. The error
// names the path and the fix (chmod 600), as OpenSSH does.
func LoadOrCreateHostKey(dataDir string) (path string, fingerprint string, err error) {
	if dataDir == "" {
		dataDir = "."
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", "", fmt.Errorf("host key: create data directory: %w", err)
	}
	path = filepath.Join(dataDir, HostKeyFile)
	signer, err := loadHostKey(path)
	if errors.Is(err, fs.ErrNotExist) {
		if err := createHostKey(path); err != nil {
			return "", "", err
		}
		signer, err = loadHostKey(path)
	}
	if err != nil {
		return "", "", err
	}
	return path, Fingerprint(signer.PublicKey()), nil
}

// loadHostKey reads and checks an existing host key. A missing file gives an
// error wrapping fs.ErrNotExist.
func loadHostKey(path string) (ssh.Signer, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("host key %s is not a regular file", path)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("host key %s has mode %04o: its group or others may read it, "+
			"and whoever reads it can impersonate this server; fix it with: chmod 600 %s", path, perm, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w", path, err)
	}
	signer, err := ssh.ParsePrivateKey(data)
	if err != nil {
		var missing *ssh.PassphraseMissingError
		if errors.As(err, &missing) {
			return nil, fmt.Errorf("host key %s is protected by a passphrase; the server needs an unencrypted key (remove it to have a new one created)", path)
		}
		return nil, fmt.Errorf("host key %s cannot be parsed (remove it to have a new one created): %w", path, err)
	}
	return signer, nil
}

// createHostKey writes a new ed25519 key to path without ever exposing a
// partly written or wrongly permitted file: it goes to a 0600 temporary file
// first, is synced, then linked into place (a link, unlike a rename, does not
// replace a key another process created in the meantime).
func createHostKey(path string) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("host key: generate: %w", err)
	}
	block, err := ssh.MarshalPrivateKey(priv, "mysterium host key")
	if err != nil {
		return fmt.Errorf("host key: encode: %w", err)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".host_ed25519-*")
	if err != nil {
		return fmt.Errorf("host key: create %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("host key: chmod %s: %w", tmp.Name(), err)
	}
	if _, err := tmp.Write(pem.EncodeToMemory(block)); err != nil {
		tmp.Close()
		return fmt.Errorf("host key: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("host key: sync %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("host key: close %s: %w", tmp.Name(), err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil // another process won the race; use its key
		}
		// Some filesystems have no hard links; fall back to a rename.
		if err := os.Rename(tmp.Name(), path); err != nil {
			return fmt.Errorf("host key: install %s: %w", path, err)
		}
	}
	pub, err := ssh.NewPublicKey(priv.Public())
	if err != nil {
		return fmt.Errorf("host key: public part: %w", err)
	}
	// The public half, for an admin who wants to hand out the fingerprint
	// or a known_hosts line. Losing it is harmless; it is rewritten with
	// every new key.
	if err := os.WriteFile(path+".pub", ssh.MarshalAuthorizedKey(pub), 0o644); err != nil {
		return fmt.Errorf("host key: write %s.pub: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// syncDir makes a new directory entry durable; failure only weakens
// durability, never correctness, so it is ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// Fingerprint returns the SHA256 fingerprint of a public key in OpenSSH's
// notation ("SHA256:" and unpadded base64), the player's stable identity.
func Fingerprint(pub ssh.PublicKey) string {
	return ssh.FingerprintSHA256(pub)
}
