package layout

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/session/cardart"
)

// TileSize is one of the card sizes a screen draws with (docs/design.md): the
// small picture of lists (mini), the thumbnail and the card.
type TileSize struct{ W, H int }

var (
	SizeMini  = TileSize{MiniW, MiniH}
	SizeThumb = TileSize{ThumbW, ThumbH}
	SizeCard  = TileSize{CardW, cardH}
)

// BigSizes are the sizes from the card down to the thumbnail, with the
// steps between them (cardart.Steps): a big terminal's table cards take
// the largest that holds them all, instead of jumping from a card that
// does not fit to a thumbnail that leaves half the screen empty.
var BigSizes = func() []TileSize {
	out := []TileSize{SizeCard}
	for i := len(cardart.Steps) - 1; i >= 0; i-- {
		out = append(out, TileSize{cardart.Steps[i].W, cardart.Steps[i].H})
	}
	return append(out, SizeThumb)
}()

// tileRows is how many rows a captioned tile of this size takes: the
// picture, its caption and its marks.
func (s TileSize) tileRows() int { return s.H + 2 }

// CardsFit is a layout of n cards: the size, how many a row holds, and
// how many rows (at most maxCardRows; more cards than that hold are
// scrolled through, and the screen says which are shown).
type CardsFit struct {
	Size         TileSize
	PerRow, Rows int
}

// maxCardRows is how many rows the table's cards may wrap to.
const maxCardRows = 2

// Height is the rows the layout takes.
func (f CardsFit) Height() int { return f.Rows * f.Size.tileRows() }

// FitCards lays n cards out in w columns and at most rows rows of the
// screen: the largest size (of those given, largest first) whose rows
// hold them all, wrapping to a second row before shrinking; if none does,
// the smallest size, scrolled.
func FitCards(n, w, rows int, sizes ...TileSize) (CardsFit, bool) {
	for _, s := range sizes {
		// A row is an indent, then the tiles one column apart: the last
		// tile may end at the window's edge.
		per := max(1, w/(s.W+1))
		need := max(1, (n+per-1)/per)
		if need <= maxCardRows && need*s.tileRows() <= rows {
			return CardsFit{Size: s, PerRow: per, Rows: need}, true
		}
	}
	s := sizes[len(sizes)-1]
	per := max(1, w/(s.W+1))
	fitRows := max(1, min(maxCardRows, rows/s.tileRows()))
	return CardsFit{Size: s, PerRow: per, Rows: fitRows}, false
}

// ShortTitles fits every title in w cells so that no two of them read the
// same: a title that fits stays whole; a long one loses a leading "The"
// or "A" and is cut at its end; one that then reads like another becomes
// the words that tell them apart, or its start and last words (titleForms).
func ShortTitles(titles []string, w int) []string {
	out := make([]string, len(titles))
	for i, t := range titles {
		out[i] = ShortTitle(t, w, 0)
	}
	for pass := 0; pass < 2; pass++ {
		dup := duplicates(out, titles)
		if len(dup) == 0 {
			break
		}
		for _, i := range dup {
			for _, c := range titleForms(titles, i, w) {
				if !takenBy(out, titles, c, i) {
					out[i] = c
					break
				}
			}
		}
	}
	return out
}

// titleForms are the ways to write titles[i] in w cells, best first: cut
// at the end; then, beside a title it collides with, the words after those
// they share, without their small words ("La Salle de bal" beside "La
// Salle de billard" becomes "bal", "La Chambre du maître" beside "La
// Chambre d'enfant" "maître"); then its start with its last whole words
// ("Salle…bal"); only if none differs, more and more of its end, cut
// inside a word ("Cham…e" read like no word at all).
func titleForms(titles []string, i, w int) []string {
	t := titles[i]
	forms := []string{ShortTitle(t, w, 0)}
	words := strings.Fields(t)
	for j, o := range titles {
		if j == i || o == t {
			continue
		}
		other := strings.Fields(o)
		k := 0
		for k < len(words)-1 && k < len(other) && words[k] == other[k] {
			k++
		}
		if k > 0 {
			rest := strings.Join(words[k:], " ")
			forms = append(forms, ShortTitle(rest, w, 0))
			if bare := dropSmallWords(rest); bare != rest && bare != "" {
				forms = append(forms, ShortTitle(bare, w, 0))
			}
		}
	}
	start := ShortTitle(t, 1<<20, 0) // without its article
	for k := 1; k < len(words); k++ {
		end := strings.Join(words[len(words)-k:], " ")
		if room := w - 1 - ansi.StringWidth(end); room >= 1 && ansi.StringWidth(start) > room {
			forms = append(forms, ansi.Truncate(start, room, "")+"…"+end)
		}
	}
	for tail := 1; tail < w-1; tail++ {
		forms = append(forms, ShortTitle(t, w, tail))
	}
	for j, o := range titles {
		if j == i || o == t {
			continue
		}
		other := strings.Fields(o)
		k := 0
		for k < len(words)-1 && k < len(other) && words[k] == other[k] {
			k++
		}
		if k > 0 {
			rest := strings.Join(words[k:], " ")
			for tail := 1; tail < w-1; tail++ {
				forms = append(forms, ShortTitle(rest, w, tail))
			}
		}
	}
	return forms
}

// dropSmallWords drops the small words that start s ("du maître" is
// "maître", "d'enfant" "enfant", "of the North" "North").
func dropSmallWords(s string) string {
	for {
		cut := false
		for _, w := range []string{"du ", "de la ", "de l'", "de ", "des ", "d'", "d’", "la ", "le ", "les ", "l'", "l’", "of the ", "of ", "the "} {
			if rest, ok := strings.CutPrefix(s, w); ok && rest != "" {
				s, cut = rest, true
				break
			}
		}
		if !cut {
			return s
		}
	}
}

// takenBy reports whether another title than titles[i] reads c.
func takenBy(out, titles []string, c string, i int) bool {
	for j, s := range out {
		if j != i && s == c && titles[j] != titles[i] {
			return true
		}
	}
	return false
}

// ShortTitle is title in w cells: whole, without its article, or its
// head, "…" and its last tail cells.
func ShortTitle(title string, w, tail int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(title) <= w {
		return title
	}
	// English and French articles: a title is shown in the player's language.
	for _, a := range []string{"The ", "A ", "An ", "Le ", "La ", "Les ", "L'", "L’", "Un ", "Une "} {
		if strings.HasPrefix(title, a) {
			title = strings.TrimPrefix(title, a)
			break
		}
	}
	n := ansi.StringWidth(title)
	if n <= w {
		return title
	}
	if tail == 0 || w < 3 {
		return ansi.Truncate(title, w, "…")
	}
	tail = min(tail, w-2)
	head := ansi.Truncate(title, w-1-tail, "")
	return head + "…" + ansi.TruncateLeft(title, n-tail, "")
}

// duplicates are the indexes of short forms that read like another
// title's short form (the same title twice is not a duplicate).
func duplicates(short, titles []string) []int {
	seen := make(map[string]int, len(short))
	var out []int
	marked := map[int]bool{}
	for i, s := range short {
		if j, ok := seen[s]; ok && titles[j] != titles[i] {
			if !marked[j] {
				out = append(out, j)
				marked[j] = true
			}
			if !marked[i] {
				out = append(out, i)
				marked[i] = true
			}
			continue
		}
		seen[s] = i
	}
	return out
}

// Card sizes in terminal cells. The art is 32x48 pixels drawn with
// half-block cells (two pixels a cell), so a full card is 32x24 cells and a
// thumbnail half of that.
const (
	ThumbW, ThumbH = 16, 12
	CardW, cardH   = 32, 24
	MiniW, MiniH   = 8, 6
)
