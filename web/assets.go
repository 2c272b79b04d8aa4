package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// The page's scripts and styles (xterm.js and its addons: half a megabyte,
// a phone's first wait on a slow network) are served under names that carry
// a hash of their content, /static/h/xterm/xterm.HASH.js: a browser keeps
// them for a year and never asks again, and a new build's files have new
// names. Each is gzipped once, at the first request, and sent compressed to
// every browser that accepts it. The page itself (servePage) is not kept:
// it names the files of the running build.
const hashedPrefix = "/static/h/"

// asset is one embedded file under its hashed name.
type asset struct {
	typ  string
	raw  []byte
	gzip []byte // nil when gzip does not make it smaller
}

var (
	assetsOnce sync.Once
	assetNames map[string]string // "xterm/xterm.js" → "/static/h/xterm/xterm.HASH.js"
	assets     map[string]*asset // "xterm/xterm.HASH.js" → the file
)

func loadAssets() {
	assetNames = map[string]string{}
	assets = map[string]*asset{}
	_ = fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := path.Ext(p)
		if ext != ".js" && ext != ".css" {
			return nil
		}
		raw, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(raw)
		rel := strings.TrimPrefix(p, "static/")
		hashed := strings.TrimSuffix(rel, ext) + "." + hex.EncodeToString(sum[:6]) + ext
		a := &asset{typ: mime.TypeByExtension(ext), raw: raw}
		var b bytes.Buffer
		z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = z.Write(raw)
		_ = z.Close()
		if b.Len() < len(raw) {
			a.gzip = b.Bytes()
		}
		assetNames[rel] = hashedPrefix + hashed
		assets[hashed] = a
		return nil
	})
}

// assetPath is the hashed address of the embedded file name
// ("xterm/xterm.js"); the page's template calls it. A name that is not
// embedded is a mistake in the page: it panics at the page's first render.
func assetPath(name string) string {
	assetsOnce.Do(loadAssets)
	p, ok := assetNames[name]
	if !ok {
		panic("web: no embedded asset " + name)
	}
	return p
}

// serveAsset answers /static/h/NAME.HASH.ext: kept for a year, gzipped when
// the browser accepts it; any other name under it is not found.
func serveAsset(rw http.ResponseWriter, r *http.Request) {
	assetsOnce.Do(loadAssets)
	a, ok := assets[strings.TrimPrefix(r.URL.Path, hashedPrefix)]
	if !ok {
		http.NotFound(rw, r)
		return
	}
	h := rw.Header()
	h.Set("Content-Type", a.typ)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Vary", "Accept-Encoding")
	body := a.raw
	if a.gzip != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = a.gzip
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = rw.Write(body)
}

// acceptsGzip reads an Accept-Encoding header: gzip (or *) listed without
// q=0. The header is read only up to a bound a browser never reaches.
func acceptsGzip(header string) bool {
	if len(header) > 256 {
		header = header[:256]
	}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		if strings.HasPrefix(q, "q=0") && strings.Trim(strings.TrimPrefix(q, "q="), "0.") == "" {
			return false
		}
		return true
	}
	return false
}
