package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed static
var static embed.FS

func mustRead(name string) []byte {
	b, err := static.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// csp allows the page its own scripts, styles and socket and nothing else:
// no inline script, no other origin, no framing. Styles may be inline
// because xterm.js writes its cell styles into a style element it makes;
// WebAssembly may be compiled (not JavaScript: 'wasm-unsafe-eval' allows no
// eval) because the image addon's sixel decoder is WebAssembly.
const csp = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; connect-src 'self'; " +
	"img-src 'self' data:; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler is the HTTP side's routes: the page at / and /CODE, its files
// under /static/, and the socket at /ws.
func (w *Web) Handler() http.Handler {
	files, _ := fs.Sub(static, "static")
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", w.socket)
	mux.HandleFunc("GET "+hashedPrefix, serveAsset)
	plain := http.StripPrefix("/static/", http.FileServerFS(files))
	mux.Handle("GET /static/", http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		// The files under their own names (the licences; the page uses
		// the hashed ones): checked again at each use.
		rw.Header().Set("Cache-Control", "no-cache")
		plain.ServeHTTP(rw, r)
	}))
	mux.HandleFunc("GET /{$}", func(rw http.ResponseWriter, r *http.Request) { w.page(rw, r, "") })
	mux.HandleFunc("GET /{code}", func(rw http.ResponseWriter, r *http.Request) {
		code := r.PathValue("code")
		if !isCode(code) {
			http.NotFound(rw, r)
			return
		}
		w.page(rw, r, code)
	})
	return secure(mux)
}

// secure adds the headers every answer carries.
func secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		h := rw.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(rw, r)
	})
}

// isCode tells a path that may be a table code in any of the forms people
// pass around (K7QX, k7qx, K7QX-M2PD, K7QXM2PD, K7QX.2: the server reads
// them all); whether the table exists, the session says. Anything else is
// not a page.
func isCode(s string) bool {
	if len(s) == 0 || len(s) > 16 {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}
