package web

import (
	"html/template"
	"net/http"
	"sync"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// The page's words are in its template as {{t "English"}}, put in each
// language once, at the first request: by then every package's French is
// registered (their init functions have run).
var (
	pagesOnce sync.Once
	pages     map[i18n.Lang][]byte
)

// pageTemplate is the page with its words still to translate.
var pageTemplate = template.Must(template.New("page").
	Funcs(template.FuncMap{"t": func(s string) string { return s }, "asset": assetPath}).
	Parse(string(mustRead("static/index.html"))))

// pageIn returns the page in l.
func pageIn(l i18n.Lang) []byte {
	pagesOnce.Do(func() { pages = translate(pageTemplate) })
	return pages[l]
}

// servePage answers the page in the language the browser asks for; the
// terminal inside it follows the player's own choice (see socket).
func servePage(rw http.ResponseWriter, r *http.Request) {
	l, _ := browserLang("", r.Header.Get("Accept-Language"))
	h := rw.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language")
	_, _ = rw.Write(pageIn(l))
}
