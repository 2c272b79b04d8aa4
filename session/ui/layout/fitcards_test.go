package layout

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestShortTitlesStayUnique(t *testing.T) {
	for _, tc := range []struct {
		titles []string
		w      int
	}{
		{[]string{"The Foundry", "The Fountain", "The Forge"}, 6},
		{[]string{"The Glasshouse", "The Glass Eye", "The Gardener"}, 8},
		{[]string{"Madam Wang", "Madam Wallace", "Madam Walsh"}, 7},
		{[]string{"intuition", "The Cook"}, 14},
	} {
		out := ShortTitles(tc.titles, tc.w)
		seen := map[string]bool{}
		for i, s := range out {
			if ansi.StringWidth(s) > tc.w {
				t.Errorf("%q is %d cells, more than %d", s, ansi.StringWidth(s), tc.w)
			}
			if seen[s] {
				t.Errorf("%v: two titles read %q (%v)", tc.titles, s, out)
			}
			seen[s] = true
			if ansi.StringWidth(tc.titles[i]) <= tc.w && s != tc.titles[i] {
				t.Errorf("%q fits but became %q", tc.titles[i], s)
			}
		}
	}
}

func TestFitCardsWrapsBeforeShrinking(t *testing.T) {
	for _, tc := range []struct {
		n, w, rows int
		want       TileSize
		wantRows   int
		all        bool
	}{
		{8, 200, 40, SizeThumb, 1, true},
		{5, 200, 30, SizeCard, 1, true},
		{9, 120, 30, SizeThumb, 2, true},
		{9, 120, 14, SizeMini, 1, true},
		{40, 80, 8, SizeMini, 1, false},
	} {
		f, all := FitCards(tc.n, tc.w, tc.rows, SizeCard, SizeThumb, SizeMini)
		if f.Size != tc.want || f.Rows != tc.wantRows || all != tc.all {
			t.Errorf("%d cards in %dx%d: %+v %v, want %v in %d rows", tc.n, tc.w, tc.rows, f, all, tc.want, tc.wantRows)
		}
	}
}
