package deck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // custom decks may use JPEG
	_ "image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	xdraw "golang.org/x/image/draw"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// Limits on a custom deck's files. A host points the server at a folder of
// their own pictures; a huge or malformed file must be refused before it
// costs memory, not discovered mid-game.
const (
	MaxImageBytes  = 20 << 20 // 20 MB per file
	MaxImagePixels = 50e6     // decoded size, against decompression bombs
	maxTitle       = 40
	maxAlt         = 500
	maxTags        = 40
)

// manifest is the shape of deck.toml / deck.json. Each pile lists its
// cards in order; ids default to V01.., C01.., L01.., O01.. by position.
type manifest struct {
	Name      string  `toml:"name" json:"name"`
	Vision    []entry `toml:"vision" json:"vision"`
	Character []entry `toml:"character" json:"character"`
	Location  []entry `toml:"location" json:"location"`
	Object    []entry `toml:"object" json:"object"`
}

// entry is one card in a manifest. Only Image is required (and Title for
// suspects); missing tags are measured from the picture's colours.
type entry struct {
	ID    string   `toml:"id" json:"id"`
	Image string   `toml:"image" json:"image"`
	Title string   `toml:"title" json:"title"`
	Alt   string   `toml:"alt" json:"alt"`
	Tags  []string `toml:"tags" json:"tags"`
	// TitleFR and AltFR are what French players read; without them they
	// read the English.
	TitleFR string `toml:"title_fr" json:"title_fr"`
	AltFR   string `toml:"alt_fr" json:"alt_fr"`
}

// Load reads a custom deck from dir: a deck.toml or deck.json manifest and
// the PNG or JPEG files it names (any size; each is cropped to 2:3 and
// resized to 32x48 once, here). A deck that could not run a game is refused
// with the offending file and the reason, as a *LoadError.
func Load(dir string) (*Deck, error) {
	m, mpath, err := readManifest(dir)
	if err != nil {
		return nil, err
	}
	var cards []*Card
	piles := []struct {
		kind    Kind
		entries []entry
	}{{Vision, m.Vision}, {Character, m.Character}, {Location, m.Location}, {Object, m.Object}}
	for _, pile := range piles {
		for i, e := range pile.entries {
			c, err := loadEntry(dir, mpath, pile.kind, i, e)
			if err != nil {
				return nil, err
			}
			cards = append(cards, c)
		}
	}
	d, err := newDeck(dir, cards)
	if err != nil {
		return nil, withFile(err, mpath)
	}
	if err := d.checkCounts(); err != nil {
		return nil, withFile(err, mpath)
	}
	return d, nil
}

// readManifest finds and parses the manifest; exactly one must exist.
func readManifest(dir string) (*manifest, string, error) {
	tomlPath, jsonPath := filepath.Join(dir, "deck.toml"), filepath.Join(dir, "deck.json")
	_, terr := os.Stat(tomlPath)
	_, jerr := os.Stat(jsonPath)
	switch {
	case terr == nil && jerr == nil:
		return nil, "", loadErr(dir, i18n.N("both deck.toml and deck.json exist; keep one"))
	case terr != nil && jerr != nil:
		if _, err := os.Stat(dir); err != nil {
			return nil, "", loadErr(dir, i18n.N("cannot open the deck folder: %s"), errText(err))
		}
		return nil, "", loadErr(dir, i18n.N("no deck.toml or deck.json manifest in this folder"))
	}
	path := tomlPath
	if terr != nil {
		path = jsonPath
	}
	data, err := readLimited(path)
	if err != nil {
		return nil, "", err
	}
	var m manifest
	if path == tomlPath {
		md, err := toml.Decode(string(data), &m)
		if err != nil {
			return nil, "", loadErr(path, i18n.N("bad manifest: %s"), err.Error())
		}
		if und := md.Undecoded(); len(und) > 0 {
			return nil, "", loadErr(path, i18n.N("bad manifest: unknown key %q"), und[0].String())
		}
	} else {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			return nil, "", loadErr(path, i18n.N("bad manifest: %s"), err.Error())
		}
	}
	return &m, path, nil
}

// readLimited reads a file, refusing one over MaxImageBytes before reading it.
func readLimited(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, loadErr(path, "%s", errText(err))
	}
	if !st.Mode().IsRegular() {
		return nil, loadErr(path, i18n.N("not a regular file"))
	}
	if st.Size() > MaxImageBytes {
		return nil, loadErr(path, i18n.N("file is %.1f MB; the limit is %d MB"), float64(st.Size())/(1<<20), MaxImageBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, loadErr(path, "%s", errText(err))
	}
	if len(data) > MaxImageBytes { // grew while we looked
		return nil, loadErr(path, i18n.N("file is over the %d MB limit"), MaxImageBytes>>20)
	}
	return data, nil
}

// errText says why a file could not be read: a known reason in words to
// translate, else the system's own.
func errText(err error) word {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return word(i18n.N("file not found"))
	case errors.Is(err, fs.ErrPermission):
		return word(i18n.N("permission denied"))
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return word(pe.Err.Error())
	}
	return word(err.Error())
}

// withFile is err, from the deck's checks, naming the manifest.
func withFile(err error, file string) *LoadError {
	if le, ok := err.(*LoadError); ok {
		c := *le
		c.File = file
		return &c
	}
	return &LoadError{File: file, Reason: err.Error()}
}

// loadEntry validates one manifest entry and loads its picture.
func loadEntry(dir, mpath string, k Kind, i int, e entry) (*Card, error) {
	where := fmt.Sprintf("%s [%s %d]", mpath, k, i+1)
	bad := func(format string, args ...any) error { return loadErr(where, format, args...) }
	id := e.ID
	if id == "" {
		id = fmt.Sprintf("%s%02d", k.prefix(), i+1)
	}
	if !validID(id) {
		return nil, bad(i18n.N("id %q must be 1-8 letters and digits"), id)
	}
	if e.Image == "" {
		return nil, bad(i18n.N("no image given"))
	}
	if !filepath.IsLocal(e.Image) {
		return nil, bad(i18n.N("image %q must be a relative path inside the deck folder"), e.Image)
	}
	title, titleFR := strings.TrimSpace(e.Title), strings.TrimSpace(e.TitleFR)
	alt, altFR := strings.TrimSpace(e.Alt), strings.TrimSpace(e.AltFR)
	if k != Vision && title == "" {
		return nil, bad(i18n.N("a suspect card needs a title"))
	}
	if k == Vision && titleFR != "" {
		return nil, bad(i18n.N("a vision card has no title, so no title_fr"))
	}
	for _, f := range []struct{ name, v string }{{"title", title}, {"alt", alt}, {"title_fr", titleFR}, {"alt_fr", altFR}} {
		if !utf8.ValidString(f.v) {
			return nil, bad(i18n.N("%s is not valid UTF-8"), f.name)
		}
		if r, ok := controlIn(f.v); ok {
			return nil, bad(i18n.N("%s contains the control character %U"), f.name, r)
		}
	}
	for _, f := range []struct{ name, v string }{{"title", title}, {"title_fr", titleFR}} {
		if utf8.RuneCountInString(f.v) > maxTitle {
			return nil, bad(i18n.N("%s is longer than %d characters"), f.name, maxTitle)
		}
	}
	for _, f := range []struct{ name, v string }{{"alt-text", alt}, {"alt_fr", altFR}} {
		if utf8.RuneCountInString(f.v) > maxAlt {
			return nil, bad(i18n.N("%s is longer than %d characters"), f.name, maxAlt)
		}
	}
	if len(e.Tags) > maxTags {
		return nil, bad(i18n.N("more than %d tags"), maxTags)
	}
	var tags []string
	for _, t := range e.Tags {
		t = strings.ToLower(strings.Join(strings.Fields(t), "-"))
		if t == "" {
			continue
		}
		if _, ctl := controlIn(t); ctl || !utf8.ValidString(t) || utf8.RuneCountInString(t) > 30 {
			return nil, bad(i18n.N("tag %q is not a short printable word"), t)
		}
		tags = append(tags, t)
	}
	path := filepath.Join(dir, e.Image)
	img, err := loadImage(path)
	if err != nil {
		return nil, err
	}
	c := &Card{ID: id, Kind: k, Title: title, Alt: alt, Image: img, titleFR: titleFR, altFR: altFR}
	if c.Alt == "" {
		c.Alt = defaultAlt(i18n.English, title)
		if altFR == "" {
			c.altFR = defaultAlt(i18n.French, c.TitleIn(i18n.French))
		}
	}
	c.Tags = dedupe(append(tags, measureColours(img)...))
	return c, nil
}

// defaultAlt is the alt-text of a custom card whose manifest gives none,
// in language l: its title, or that there is nothing to say.
func defaultAlt(l i18n.Lang, title string) string {
	if title != "" {
		return l.F("%s, a picture from a custom deck.", title)
	}
	return l.T("A picture from a custom deck, with no description.")
}

func validID(id string) bool {
	if len(id) == 0 || len(id) > 8 {
		return false
	}
	for _, r := range id {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// controlIn finds a character that could steer a terminal: a control
// character, an escape or a bidirectional override.
func controlIn(s string) (rune, bool) {
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029' {
			return r, true
		}
	}
	return 0, false
}

// loadImage decodes a PNG or JPEG, crops it to the card's 2:3 shape around
// its centre and resizes it to 32x48 on an opaque black ground.
func loadImage(path string) (*image.RGBA, error) {
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, loadErr(path, i18n.N("not a PNG or JPEG image: %s"), err.Error())
	}
	if format != "png" && format != "jpeg" {
		return nil, loadErr(path, i18n.N("only PNG and JPEG images are supported, not %s"), format)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || float64(cfg.Width)*float64(cfg.Height) > MaxImagePixels {
		return nil, loadErr(path, i18n.N("image is %dx%d pixels; the limit is %.0f million pixels"), cfg.Width, cfg.Height, MaxImagePixels/1e6)
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, loadErr(path, i18n.N("image does not decode: %s"), err.Error())
	}
	return fitCard(src), nil
}

// fitCard crops src to 2:3 around its centre and scales it to card size.
func fitCard(src image.Image) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	crop := b
	if w*ImageHeight > h*ImageWidth { // too wide
		cw := h * ImageWidth / ImageHeight
		crop.Min.X += (w - cw) / 2
		crop.Max.X = crop.Min.X + cw
	} else {
		ch := w * ImageHeight / ImageWidth
		crop.Min.Y += (h - ch) / 2
		crop.Max.Y = crop.Min.Y + ch
	}
	if crop.Dx() < 1 || crop.Dy() < 1 {
		crop = b
	}
	dst := newCanvas()
	xdraw.Draw(dst, dst.Rect, image.NewUniform(color.RGBA{A: 255}), image.Point{}, xdraw.Src)
	xdraw.CatmullRom.Scale(dst, dst.Rect, src, crop, xdraw.Over, nil)
	for i := 3; i < len(dst.Pix); i += 4 {
		dst.Pix[i] = 255
	}
	return dst
}
