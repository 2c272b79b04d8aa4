package web

import (
	"bytes"
	"html/template"
	"net/http"
	"sync"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// Gate is what a backend implements to close the browser way in: a server
// whose SSH keys are listed lets in only the browsers that come with a
// table's invitation link (its ?invite=), and each to that table only. The
// page is refused (403, in the browser's language) before any session is
// started; the backend holds the socket's session to the same rule itself,
// from the token the page puts in its hello.
type Gate interface {
	// AdmitsBrowser reports whether a browser that holds token ("" without
	// one) may open table code ("" for the lobby).
	AdmitsBrowser(code, token string) bool
}

// page answers / and /CODE: the terminal's page, or the closed page for a
// browser the backend's gate does not let in.
func (w *Web) page(rw http.ResponseWriter, r *http.Request, code string) {
	if g, ok := w.cfg.Backend.(Gate); ok && !g.AdmitsBrowser(code, r.URL.Query().Get("invite")) {
		// Whether the code is a table is not said: the same page for a
		// wrong token, another table's, or none.
		w.log.Debug("page refused: no invitation", "remote", clientAddr(r, w.cfg.TrustedProxies), "table", code)
		serveClosed(rw, r)
		return
	}
	servePage(rw, r)
}

var (
	closedOnce  sync.Once
	closedPages map[i18n.Lang][]byte
)

var closedTemplate = template.Must(template.New("closed").
	Funcs(template.FuncMap{"t": func(s string) string { return s }, "asset": assetPath}).
	Parse(string(mustRead("static/closed.html"))))

// serveClosed answers 403 with a page that says why and how to get in, in
// the browser's language.
func serveClosed(rw http.ResponseWriter, r *http.Request) {
	closedOnce.Do(func() { closedPages = translate(closedTemplate) })
	l, _ := browserLang("", r.Header.Get("Accept-Language"))
	h := rw.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Accept-Language")
	rw.WriteHeader(http.StatusForbidden)
	_, _ = rw.Write(closedPages[l])
}

// translate executes t once per language, its {{t "..."}} words in each.
func translate(t *template.Template) map[i18n.Lang][]byte {
	out := map[i18n.Lang][]byte{}
	for _, l := range i18n.All {
		tl := template.Must(t.Clone()).Funcs(template.FuncMap{"t": l.T})
		var b bytes.Buffer
		if err := tl.Execute(&b, struct{ Lang string }{l.String()}); err != nil {
			panic("web: " + t.Name() + ": " + err.Error())
		}
		out[l] = b.Bytes()
	}
	return out
}
