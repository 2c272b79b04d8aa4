// Package weblink makes and checks the tokens of the browser invitation
// links, on a server whose keys are listed (--allow-keys). A browser has no
// SSH key, so the allowlist cannot admit it the way it admits an SSH client:
// it comes in only with a table's invitation link, whose ?invite=TOKEN is an
// HMAC of the table (its code and the moment it was created) under a secret
// kept in the data directory. Another table's token, a made-up one, or a
// token of a table whose code was reused after it was removed, opens
// nothing.
//
// Why an HMAC and not a token stored with each table: nothing to migrate or
// journal, the same link every time the table's invitation is asked for
// (pasting it again in the chat gives nothing new away), and it outlives a
// restart as the table does. Deleting the secret file revokes every link at
// the next start. The server decides what a token lets in (one table, see
// its boundHub); this package only signs and checks.
package weblink

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// SecretFile is the file in the data directory that holds the key of the
// browser invitations.
const SecretFile = "web_invite.key"

// secretLen is the secret's length in bytes.
const secretLen = 32

// tokenLen is the length of an invitation token in bytes (128 bits,
// 22 characters in the link).
const tokenLen = 16

// Signer makes and checks a server's invitation tokens.
type Signer struct {
	secret []byte
}

func signer(secret []byte, err error) (*Signer, error) {
	if err != nil {
		return nil, err
	}
	return &Signer{secret: secret}, nil
}

// Token is the invitation token of the table code created at created.
func (s *Signer) Token(code string, created time.Time) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("mysterium web invitation\x00"))
	m.Write([]byte(code))
	var at [9]byte
	binary.BigEndian.PutUint64(at[1:], uint64(created.UnixNano()))
	m.Write(at[:])
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:tokenLen])
}

// Valid reports whether token is the invitation token of the table code
// created at created.
func (s *Signer) Valid(token, code string, created time.Time) bool {
	return WellFormed(token) && hmac.Equal([]byte(token), []byte(s.Token(code, created)))
}

// WellFormed reports whether token has a token's length, so that a server
// need not look a table up for a token that cannot be one.
func WellFormed(token string) bool {
	return len(token) == base64.RawURLEncoding.EncodedLen(tokenLen)
}

// Load reads the invitations' key from dir, or makes one the first time:
// written to a 0600 temporary file, synced, then linked into place, so that
// no partly written or readable secret is ever there.
func Load(dir string) (*Signer, error) {
	path := filepath.Join(dir, SecretFile)
	secret, err := readSecret(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return signer(secret, err)
	}
	b := make([]byte, secretLen)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("server: web invitations: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".web_invite-*")
	if err != nil {
		return nil, fmt.Errorf("server: web invitations: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.Write(b)
	err = errors.Join(werr, tmp.Chmod(0o600), tmp.Sync(), tmp.Close())
	if err == nil {
		if err = os.Link(tmp.Name(), path); errors.Is(err, fs.ErrExist) {
			err = nil // another process made one first: use it
		}
	}
	if err != nil {
		return nil, fmt.Errorf("server: web invitations: write %s: %w", path, err)
	}
	return signer(readSecret(path))
}

func readSecret(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, fmt.Errorf("server: web invitations: %w", err)
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("server: web invitations: %s has mode %04o: whoever reads it can make a browser link to any table; fix it with: chmod 600 %s", path, perm, path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("server: web invitations: %w", err)
	}
	if len(b) != secretLen {
		return nil, fmt.Errorf("server: web invitations: %s is not a key this server wrote (remove it to have a new one made; every browser link given so far stops working)", path)
	}
	return b, nil
}
