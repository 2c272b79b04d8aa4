package keys

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"
)

// Entry is one key of a key file.
type Entry struct {
	Fingerprint string // "SHA256:..."
	Type        string // "ssh-ed25519", ...
	Comment     string // the text after the key, often user@host; may be empty
	Line        int    // 1-based line number in the file
}

// LineError is one line of a key file that could not be used.
type LineError struct {
	Line int
	Err  error
}

// ParseError lists every bad line of a key file, so an admin can fix them
// all in one go.
type ParseError struct {
	Path  string
	Lines []LineError
}

func (e *ParseError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "key file %s:", e.Path)
	for i, l := range e.Lines {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " line %d: %v", l.Line, l.Err)
	}
	return b.String()
}

// KeySet is a set of public keys read from a file in OpenSSH's
// authorized_keys format (the allow and admin key files).
//
// Reads (Contains, Lookup, Len, Entries) never block and are safe from any
// number of goroutines, also while Reload runs: a reload builds a new
// immutable set and swaps it in atomically. A nil *KeySet is an empty set.
type KeySet struct {
	path   string
	reload sync.Mutex // one reload at a time; guards seen
	cur    atomic.Pointer[keyMap]
	// seen is the file as last examined by Reload or ReloadIfChanged (nil:
	// it could not be examined), so a watcher reacts once per change, also
	// to a change that made the file unreadable.
	seen os.FileInfo
}

type keyMap struct {
	byKey   map[string]Entry // key: the public key's wire format
	entries []Entry          // in file order, duplicates removed
}

// LoadAuthorized reads an authorized_keys-format file. Blank lines and lines
// starting with # are skipped; options before the key (from="...",
// no-pty, ...) and comments after it are tolerated, and the options are
// ignored: the file only says who may connect. Lines that are not a public
// key, certificates and cert-authority lines are errors; all bad lines are
// reported together in a *ParseError with their line numbers, and no set is
// returned (an allowlist with a typo should not silently lock someone out
// or let someone in).
func LoadAuthorized(path string) (*KeySet, error) {
	ks := &KeySet{path: path}
	if err := ks.load(); err != nil {
		return nil, err
	}
	return ks, nil
}

// Reload re-reads the file (on SIGHUP, or when a Watcher sees it change).
// On any error the previous keys stay in force and the error says why.
func (ks *KeySet) Reload() error {
	if ks == nil {
		return nil
	}
	ks.reload.Lock()
	defer ks.reload.Unlock()
	return ks.load()
}

// load reads the file and swaps the set in; the caller holds ks.reload (or
// is the constructor). The file is examined before it is read, so a change
// made during the read is seen again by the next ReloadIfChanged.
func (ks *KeySet) load() error {
	ks.seen, _ = os.Stat(ks.path)
	m, err := readKeyFile(ks.path)
	if err != nil {
		return err
	}
	ks.cur.Store(m)
	return nil
}

// ReloadIfChanged reloads the file if it changed (another file renamed over
// it, a different size or modification time) since it was last examined.
// changed reports whether it did; err is the reload's error (the previous
// keys stay in force). A change that breaks the file is reported once, not
// at every call.
func (ks *KeySet) ReloadIfChanged() (changed bool, err error) {
	if ks == nil {
		return false, nil
	}
	ks.reload.Lock()
	defer ks.reload.Unlock()
	now, _ := os.Stat(ks.path)
	if sameStamp(ks.seen, now) {
		return false, nil
	}
	return true, ks.load()
}

func sameStamp(a, b os.FileInfo) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// Watch checks the file every interval until ctx ends and reloads it when it
// changed (a host edits the allow and admin files without a restart; SIGHUP
// calls Reload for an immediate re-read). After each reload it calls report
// with the reload's error, nil on success, so the caller can log it. Run it
// in its own goroutine; it returns when ctx is done.
func (ks *KeySet) Watch(ctx context.Context, interval time.Duration, report func(error)) {
	if ks == nil {
		return
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if changed, err := ks.ReloadIfChanged(); changed && report != nil {
				report(err)
			}
		}
	}
}

// Path returns the file the set was read from.
func (ks *KeySet) Path() string {
	if ks == nil {
		return ""
	}
	return ks.path
}

// Contains reports whether pub is in the set. Only the exact key matches: a
// certificate signed by a listed key does not.
func (ks *KeySet) Contains(pub ssh.PublicKey) bool {
	_, ok := ks.Lookup(pub)
	return ok
}

// Lookup returns the entry of pub, if the set holds it.
func (ks *KeySet) Lookup(pub ssh.PublicKey) (Entry, bool) {
	if ks == nil || pub == nil {
		return Entry{}, false
	}
	e, ok := ks.cur.Load().byKey[string(pub.Marshal())]
	return e, ok
}

// Len returns the number of distinct keys.
func (ks *KeySet) Len() int {
	if ks == nil {
		return 0
	}
	return len(ks.cur.Load().entries)
}

// Entries returns the keys in file order (a copy).
func (ks *KeySet) Entries() []Entry {
	if ks == nil {
		return nil
	}
	return append([]Entry(nil), ks.cur.Load().entries...)
}

// maxLine bounds one line; the largest RSA keys OpenSSH makes (16384 bits)
// take about 2.8 KB, certificates-with-options lines a little more.
const maxLine = 64 << 10

func readKeyFile(path string) (*keyMap, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("key file: %w", err)
	}
	return parseKeys(path, data)
}

func parseKeys(path string, data []byte) (*keyMap, error) {
	m := &keyMap{byKey: make(map[string]Entry)}
	var bad []LineError
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		e, wire, err := parseLine(line)
		if err != nil {
			bad = append(bad, LineError{Line: n, Err: err})
			continue
		}
		e.Line = n
		if _, dup := m.byKey[wire]; dup {
			continue
		}
		m.byKey[wire] = e
		m.entries = append(m.entries, e)
	}
	if err := sc.Err(); err != nil {
		bad = append(bad, LineError{Line: n + 1, Err: fmt.Errorf("unreadable: %w", err)})
	}
	if len(bad) > 0 {
		sort.Slice(bad, func(i, j int) bool { return bad[i].Line < bad[j].Line })
		return nil, &ParseError{Path: path, Lines: bad}
	}
	return m, nil
}

func parseLine(line []byte) (Entry, string, error) {
	pub, comment, options, rest, err := ssh.ParseAuthorizedKey(line)
	if err != nil {
		return Entry{}, "", fmt.Errorf("not a public key in authorized_keys format (want: [options] type base64 [comment])")
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return Entry{}, "", fmt.Errorf("unexpected text after the key")
	}
	for _, o := range options {
		if strings.EqualFold(o, "cert-authority") {
			return Entry{}, "", fmt.Errorf("cert-authority keys are not supported; list each player's own public key")
		}
	}
	if _, ok := pub.(*ssh.Certificate); ok {
		return Entry{}, "", fmt.Errorf("certificates are not supported; list the plain public key")
	}
	return Entry{
		Fingerprint: Fingerprint(pub),
		Type:        pub.Type(),
		Comment:     comment,
	}, string(pub.Marshal()), nil
}
