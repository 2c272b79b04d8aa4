package deck

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// writeImage writes a w x h picture of one colour with a white stripe, as
// PNG or JPEG by the file's extension.
func writeImage(t *testing.T, path string, w, h int, c color.RGBA) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, c)
			if y > h/3 && y < h/2 {
				img.SetRGBA(x, y, color.RGBA{255, 255, 255, 255})
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if strings.HasSuffix(path, ".jpg") {
		err = jpeg.Encode(f, img, nil)
	} else {
		err = png.Encode(f, img)
	}
	if err != nil {
		t.Fatal(err)
	}
}

var (
	templateOnce sync.Once
	templateDir  string
	templateMan  *manifest
)

// goodDeck returns a fresh copy of a minimal valid deck (40 visions, 12 of
// each suspect) and its manifest. The images are made once per test run.
func goodDeck(t *testing.T) (string, *manifest) {
	t.Helper()
	templateOnce.Do(func() {
		dir, err := os.MkdirTemp("", "decktest")
		if err != nil {
			t.Fatal(err)
		}
		templateDir, templateMan = dir, makeDeck(t, dir)
	})
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(templateDir)); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(templateMan)
	var m manifest
	json.Unmarshal(data, &m)
	return dir, &m
}

func TestMain(m *testing.M) {
	code := m.Run()
	if templateDir != "" {
		os.RemoveAll(templateDir)
	}
	os.Exit(code)
}

func makeDeck(t *testing.T, dir string) *manifest {
	m := &manifest{Name: "test"}
	colours := []color.RGBA{{200, 30, 30, 255}, {30, 160, 40, 255}, {40, 60, 200, 255}}
	for i := 0; i < 40; i++ {
		name := fmt.Sprintf("v/%02d.png", i)
		if i%4 == 0 {
			name = fmt.Sprintf("v/%02d.jpg", i)
		}
		writeImage(t, filepath.Join(dir, name), 20+i, 30+i, colours[i%3])
		e := entry{Image: name}
		if i%2 == 0 {
			e.Alt = "A red thing."
			e.Tags = []string{"Thing", "big red"}
		}
		m.Vision = append(m.Vision, e)
	}
	for _, k := range []struct {
		list *[]entry
		pre  string
	}{{&m.Character, "c"}, {&m.Location, "l"}, {&m.Object, "o"}} {
		for i := 0; i < 12; i++ {
			name := fmt.Sprintf("%s%02d.png", k.pre, i)
			writeImage(t, filepath.Join(dir, name), 60, 40, colours[(i+1)%3])
			*k.list = append(*k.list, entry{Image: name, Title: fmt.Sprintf("Suspect %s%d", k.pre, i)})
		}
	}
	writeManifest(t, dir, m)
	return m
}

func writeManifest(t *testing.T, dir string, m *manifest) {
	t.Helper()
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "deck.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoadGoodJSONDeck(t *testing.T) {
	dir, _ := goodDeck(t)
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Summary(), "40 vision cards; 12 characters, 12 locations, 12 objects"; got != want {
		t.Fatalf("Summary = %q, want %q", got, want)
	}
	v1, ok := d.Card("V01")
	if !ok || v1.Image.Rect.Dx() != ImageWidth || v1.Image.Rect.Dy() != ImageHeight {
		t.Fatal("V01 missing or not resized")
	}
	if !v1.HasTag("thing") || !v1.HasTag("big-red") || !v1.HasTag("red") {
		t.Errorf("V01 tags %v: want the given tags normalised plus measured colours", v1.Tags)
	}
	v2, _ := d.Card("V02")
	if !v2.HasTag("green") || v2.Alt == "" {
		t.Errorf("V02 (no tags, no alt): tags %v alt %q; want measured colours and a default alt", v2.Tags, v2.Alt)
	}
	c, _ := d.Card("C03")
	if c.Title != "Suspect c2" || c.Kind != Character {
		t.Errorf("C03 = %q %s", c.Title, c.Kind)
	}
}

func TestLoadGoodTOMLDeck(t *testing.T) {
	dir, m := goodDeck(t)
	os.Remove(filepath.Join(dir, "deck.json"))
	var b strings.Builder
	b.WriteString("name = \"toml deck\"\n")
	for _, pile := range []struct {
		name string
		es   []entry
	}{{"vision", m.Vision}, {"character", m.Character}, {"location", m.Location}, {"object", m.Object}} {
		for _, e := range pile.es {
			fmt.Fprintf(&b, "[[%s]]\nimage = %q\n", pile.name, e.Image)
			if e.Title != "" {
				fmt.Fprintf(&b, "title = %q\n", e.Title)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "deck.toml"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Cards(Object)) != 12 {
		t.Fatalf("objects: %d", len(d.Cards(Object)))
	}
}

// TestLoadRefusesBadDecks builds one broken deck per case and checks the
// error names the right file and says why.
func TestLoadRefusesBadDecks(t *testing.T) {
	cases := []struct {
		name   string
		breakf func(t *testing.T, dir string, m *manifest)
		file   string // expected suffix of LoadError.File
		reason string // expected part of the reason
		fr     string // expected part of the reason in French, if given
	}{
		{"missing image", func(t *testing.T, dir string, m *manifest) {
			os.Remove(filepath.Join(dir, "c05.png"))
		}, "c05.png", "not found", "c05.png: fichier introuvable"},
		{"too few visions", func(t *testing.T, dir string, m *manifest) {
			m.Vision = m.Vision[:39]
			writeManifest(t, dir, m)
		}, "deck.json", "only 39 vision cards", "seulement 39 cartes vision"},
		{"too few objects", func(t *testing.T, dir string, m *manifest) {
			m.Object = m.Object[:11]
			writeManifest(t, dir, m)
		}, "deck.json", "only 11 object cards", "deck.json: seulement 11 cartes objet ; une édition en demande au moins 12"},
		{"image does not decode", func(t *testing.T, dir string, m *manifest) {
			os.WriteFile(filepath.Join(dir, "l03.png"), []byte("\x89PNG\r\n\x1a\nnot really"), 0o644)
		}, "l03.png", "not a PNG or JPEG", ""},
		{"truncated image", func(t *testing.T, dir string, m *manifest) {
			data, _ := os.ReadFile(filepath.Join(dir, "o01.png"))
			os.WriteFile(filepath.Join(dir, "o01.png"), data[:len(data)/2], 0o644)
		}, "o01.png", "does not decode", ""},
		{"file over 20 MB", func(t *testing.T, dir string, m *manifest) {
			if err := os.Truncate(filepath.Join(dir, "c00.png"), MaxImageBytes+1); err != nil {
				t.Fatal(err)
			}
		}, "c00.png", "limit is 20 MB", "le fichier fait 20,0 Mo ; la limite est de 20 Mo"},
		{"manifest syntax", func(t *testing.T, dir string, m *manifest) {
			os.WriteFile(filepath.Join(dir, "deck.json"), []byte(`{"vision": [`), 0o644)
		}, "deck.json", "bad manifest", ""},
		{"manifest unknown key", func(t *testing.T, dir string, m *manifest) {
			os.WriteFile(filepath.Join(dir, "deck.json"), []byte(`{"visions": []}`), 0o644)
		}, "deck.json", "unknown field", ""},
		{"toml unknown key", func(t *testing.T, dir string, m *manifest) {
			os.Remove(filepath.Join(dir, "deck.json"))
			os.WriteFile(filepath.Join(dir, "deck.toml"), []byte("[[vision]]\nimage = \"v/01.png\"\ncolour = \"red\"\n"), 0o644)
		}, "deck.toml", "unknown key", ""},
		{"no manifest", func(t *testing.T, dir string, m *manifest) {
			os.Remove(filepath.Join(dir, "deck.json"))
		}, "", "no deck.toml or deck.json", ""},
		{"two manifests", func(t *testing.T, dir string, m *manifest) {
			os.WriteFile(filepath.Join(dir, "deck.toml"), nil, 0o644)
		}, "", "both deck.toml and deck.json", ""},
		{"suspect without title", func(t *testing.T, dir string, m *manifest) {
			m.Location[4].Title = " "
			writeManifest(t, dir, m)
		}, "[location 5]", "needs a title", ""},
		{"image outside the folder", func(t *testing.T, dir string, m *manifest) {
			m.Vision[2].Image = "../escape.png"
			writeManifest(t, dir, m)
		}, "[vision 3]", "inside the deck folder", ""},
		{"escape sequence in title", func(t *testing.T, dir string, m *manifest) {
			m.Character[0].Title = "Evil\x1b[2J"
			writeManifest(t, dir, m)
		}, "[character 1]", "control character", "title contient le caractère de contrôle U+001B"},
		{"title_fr on a vision", func(t *testing.T, dir string, m *manifest) {
			m.Vision[0].TitleFR = "Une vision"
			writeManifest(t, dir, m)
		}, "[vision 1]", "no title_fr", ""},
		{"escape sequence in alt_fr", func(t *testing.T, dir string, m *manifest) {
			m.Object[2].AltFR = "Un objet\x1b]0;piège\x07"
			writeManifest(t, dir, m)
		}, "[object 3]", "alt_fr contains the control character", ""},
		{"title_fr too long", func(t *testing.T, dir string, m *manifest) {
			m.Character[1].TitleFR = strings.Repeat("é", maxTitle+1)
			writeManifest(t, dir, m)
		}, "[character 2]", "title_fr is longer than 40", ""},
		{"duplicate id", func(t *testing.T, dir string, m *manifest) {
			m.Vision[1].ID = "V01"
			writeManifest(t, dir, m)
		}, "deck.json", "used twice", `carte "V01" : identifiant utilisé deux fois`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, m := goodDeck(t)
			tc.breakf(t, dir, m)
			d, err := Load(dir)
			if err == nil {
				t.Fatalf("bad deck accepted: %s", d.Summary())
			}
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("error is %T, want *LoadError: %v", err, err)
			}
			if !strings.HasSuffix(le.File, tc.file) && !strings.Contains(le.File, tc.file) {
				t.Errorf("error names %q, want the file %q: %v", le.File, tc.file, err)
			}
			if !strings.Contains(le.Reason, tc.reason) {
				t.Errorf("reason %q does not say %q", le.Reason, tc.reason)
			}
			if le.Text(i18n.English) != err.Error() {
				t.Errorf("Text(English) = %q, Error() = %q", le.Text(i18n.English), err.Error())
			}
			fr := le.Text(i18n.French)
			if fr == err.Error() {
				t.Errorf("no French for %q", err.Error())
			}
			if !strings.Contains(fr, tc.fr) {
				t.Errorf("in French %q does not say %q", fr, tc.fr)
			}
		})
	}
}

// A custom deck may say its cards in French (title_fr, alt_fr); what it
// does not say reads in English, and a missing alt-text's stand-in is said
// in each language.
func TestLoadFrenchWords(t *testing.T) {
	dir, m := goodDeck(t)
	os.Remove(filepath.Join(dir, "deck.json"))
	toml := "name = \"fr\"\n"
	for i, e := range m.Vision {
		toml += fmt.Sprintf("[[vision]]\nimage = %q\n", e.Image)
		if i == 0 {
			toml += "alt = \"A red thing.\"\nalt_fr = \"Une chose rouge.\"\n"
		}
	}
	for _, pile := range []struct {
		name string
		es   []entry
	}{{"character", m.Character}, {"location", m.Location}, {"object", m.Object}} {
		for i, e := range pile.es {
			toml += fmt.Sprintf("[[%s]]\nimage = %q\ntitle = %q\n", pile.name, e.Image, e.Title)
			if pile.name == "character" && i == 0 {
				toml += "title_fr = \"La Tante\"\n"
			}
			if pile.name == "object" && i == 0 {
				toml += "alt = \"A deckchair.\"\n"
			}
		}
	}
	toml = strings.Replace(toml, "title = \"Suspect l0\"", "title = \"The Library\"", 1)
	if err := os.WriteFile(filepath.Join(dir, "deck.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id, en, fr string
		title      bool // compare titles, else alt-texts
	}{
		{"V01", "A red thing.", "Une chose rouge.", false},
		{"V02", "A picture from a custom deck, with no description.", "Une image d'un jeu personnalisé, sans description.", false},
		{"C01", "Suspect c0", "La Tante", true},
		{"C01", "Suspect c0, a picture from a custom deck.", "La Tante, une image d'un jeu personnalisé.", false},
		{"C02", "Suspect c1", "Suspect c1", true},
		{"C02", "Suspect c1, a picture from a custom deck.", "Suspect c1, une image d'un jeu personnalisé.", false},
		{"L01", "The Library", "La Bibliothèque", true}, // a built-in title keeps its French
		{"O01", "A deckchair.", "A deckchair.", false},  // no alt_fr: French players read the English
	} {
		c, ok := d.Card(tc.id)
		if !ok {
			t.Fatalf("no card %s", tc.id)
		}
		words := (*Card).AltIn
		if tc.title {
			words = (*Card).TitleIn
		}
		if got := words(c, i18n.English); got != tc.en {
			t.Errorf("%s in English: %q, want %q", tc.id, got, tc.en)
		}
		if got := words(c, i18n.French); got != tc.fr {
			t.Errorf("%s in French: %q, want %q", tc.id, got, tc.fr)
		}
	}
}

func TestLoadMissingFolder(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope"))
	if err == nil || !strings.Contains(err.Error(), "cannot open the deck folder") {
		t.Fatalf("err = %v", err)
	}
}

// TestFitCardCropsTheCentre checks a wide picture is cropped to 2:3 around
// its middle rather than squashed: the red margins fall away.
func TestFitCardCropsTheCentre(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 300, 100))
	for y := 0; y < 100; y++ {
		for x := 0; x < 300; x++ {
			c := color.RGBA{255, 0, 0, 255}
			if x >= 117 && x < 183 { // the central 2:3 region is 66 wide
				c = color.RGBA{0, 200, 0, 255}
			}
			src.SetRGBA(x, y, c)
		}
	}
	img := fitCard(src)
	if img.Rect.Dx() != ImageWidth || img.Rect.Dy() != ImageHeight {
		t.Fatalf("size %v", img.Rect)
	}
	for _, x := range []int{2, 16, 29} {
		if c := img.RGBAAt(x, 24); c.G < 150 || c.R > 80 {
			t.Fatalf("pixel %d is %v; the centre was not kept", x, c)
		}
	}
}

// FuzzManifest feeds arbitrary manifests to Load: it may refuse them, but
// must never panic or accept a deck without enough cards.
func FuzzManifest(f *testing.F) {
	f.Add([]byte(`{"vision": [{"image": "a.png"}]}`), false)
	f.Add([]byte("[[vision]]\nimage = \"a.png\"\n[[character]]\ntitle = \"x\"\nimage = \"../b.png\"\n"), true)
	f.Add([]byte(`{"object": [{"id": "", "image": "", "tags": ["", "A B"]}]}`), false)
	f.Fuzz(func(t *testing.T, data []byte, isTOML bool) {
		dir := t.TempDir()
		name := "deck.json"
		if isTOML {
			name = "deck.toml"
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		writeImage(t, filepath.Join(dir, "a.png"), 4, 6, color.RGBA{1, 2, 3, 255})
		d, err := Load(dir)
		if err == nil {
			if err := d.checkCounts(); err != nil {
				t.Fatalf("accepted a deck that is too small: %v", err)
			}
		}
	})
}
