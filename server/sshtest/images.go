package sshtest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Drawn is what a terminal that draws images shows of them after a
// session's output: the kitty placements (image id, top-left cell, size in
// cells) and, for each cell a sixel covers, which sixel (a digest of its
// bytes). Two sessions that show the same screen show the same Drawn.
type Drawn struct {
	Kitty []string // "id@row,col WxH", sorted
	Sixel map[[2]int]string
}

// String lists what is drawn, for a test's message.
func (d Drawn) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "kitty %v; sixel cells %d:", d.Kitty, len(d.Sixel))
	seen := map[string][2]int{}
	for at, s := range d.Sixel {
		if p, ok := seen[s]; !ok || at[0] < p[0] || at[0] == p[0] && at[1] < p[1] {
			seen[s] = at
		}
	}
	var firsts []string
	for s, at := range seen {
		firsts = append(firsts, fmt.Sprintf(" %s@%d,%d", s[:8], at[0], at[1]))
	}
	slices.Sort(firsts)
	b.WriteString(strings.Join(firsts, ""))
	return b.String()
}

// Equal reports whether d and e show the same images at the same places.
func (d Drawn) Equal(e Drawn) bool {
	if !slices.Equal(d.Kitty, e.Kitty) || len(d.Sixel) != len(e.Sixel) {
		return false
	}
	for k, v := range d.Sixel {
		if e.Sixel[k] != v {
			return false
		}
	}
	return true
}

// Images plays raw, a session's whole output, on a w×h terminal whose
// cells are cellW×cellH pixels, as kitty and xterm treat images: a kitty
// placement stays until deleted (or the alternate screen is left); a
// sixel's cells hold it until text, an erase or the screen's clearing
// takes them. It returns what is drawn at the end. A session resized on
// the way is played at its last size (the session clears the screen when
// it redraws at a new size).
func Images(raw []byte, w, h, cellW, cellH int) Drawn {
	v := &imageTerm{w: w, h: h, cw: cellW, ch: cellH, places: map[string]string{}}
	v.clear()
	s := string(raw)
	for len(s) > 0 {
		seq, width, n, _ := ansi.DecodeSequence(s, ansi.NormalState, nil)
		s = s[n:]
		switch {
		case seq == "\r":
			v.col = 0
		case seq == "\n":
			v.row = min(v.row+1, v.h-1)
		case strings.HasPrefix(seq, "\x1b["):
			v.csi(seq)
		case strings.HasPrefix(seq, "\x1b_G"):
			v.kitty(seq)
		case strings.HasPrefix(seq, "\x1bP") && strings.Contains(seq[:min(len(seq), 16)], "q"):
			v.sixel(seq)
		case width > 0:
			for i := 0; i < width && v.col+i < v.w; i++ {
				delete(v.img, [2]int{v.row, v.col + i})
			}
			v.col = min(v.col+width, v.w-1)
		}
	}
	d := Drawn{Sixel: v.img}
	for _, p := range v.places {
		d.Kitty = append(d.Kitty, p)
	}
	slices.Sort(d.Kitty)
	return d
}

type imageTerm struct {
	w, h, cw, ch int
	row, col     int
	img          map[[2]int]string
	places       map[string]string // placement id -> "id@row,col WxH"
}

func (v *imageTerm) clear() { v.img = map[[2]int]string{} }

func (v *imageTerm) erase(row, from, to int) {
	for c := from; c < to; c++ {
		delete(v.img, [2]int{row, c})
	}
}

func (v *imageTerm) csi(seq string) {
	body, final := seq[2:len(seq)-1], seq[len(seq)-1]
	if strings.HasPrefix(body, "?") {
		if body == "?1049l" || body == "?1049h" {
			v.clear()
			clear(v.places)
		}
		return
	}
	args := strings.Split(body, ";")
	num := func(i, dflt int) int {
		if i >= len(args) || args[i] == "" {
			return dflt
		}
		n, err := strconv.Atoi(args[i])
		if err != nil {
			return dflt
		}
		return n
	}
	switch final {
	case 'H':
		v.row, v.col = min(num(0, 1)-1, v.h-1), min(num(1, 1)-1, v.w-1)
	case 'G':
		v.col = min(num(0, 1)-1, v.w-1)
	case 'X':
		v.erase(v.row, v.col, min(v.w, v.col+num(0, 1)))
	case 'K':
		switch num(0, 0) {
		case 0:
			v.erase(v.row, v.col, v.w)
		case 1:
			v.erase(v.row, 0, v.col+1)
		case 2:
			v.erase(v.row, 0, v.w)
		}
	case 'J':
		switch num(0, 0) {
		case 0:
			v.erase(v.row, v.col, v.w)
			for r := v.row + 1; r < v.h; r++ {
				v.erase(r, 0, v.w)
			}
		case 2, 3:
			v.clear()
		}
	}
}

func (v *imageTerm) kitty(seq string) {
	body := strings.TrimSuffix(strings.TrimPrefix(seq, "\x1b_G"), "\x1b\\")
	keys, _, _ := strings.Cut(body, ";")
	kv := map[string]string{}
	for _, f := range strings.Split(keys, ",") {
		k, val, _ := strings.Cut(f, "=")
		kv[k] = val
	}
	switch kv["a"] {
	case "p":
		v.places[kv["p"]] = fmt.Sprintf("%s@%d,%d %sx%s", kv["i"], v.row, v.col, kv["c"], kv["r"])
	case "d":
		switch kv["d"] {
		case "i", "I":
			if kv["p"] != "" {
				delete(v.places, kv["p"])
			} else {
				for p, s := range v.places {
					if strings.HasPrefix(s, kv["i"]+"@") {
						delete(v.places, p)
					}
				}
			}
		case "a", "A", "":
			clear(v.places)
		}
	}
}

func (v *imageTerm) sixel(seq string) {
	i := strings.Index(seq, "q\"")
	if i < 0 {
		return
	}
	f := strings.FieldsFunc(seq[i+2:min(len(seq), i+40)], func(r rune) bool { return r < '0' || r > '9' })
	if len(f) < 4 {
		return
	}
	pw, _ := strconv.Atoi(f[2])
	ph, _ := strconv.Atoi(f[3])
	sum := sha256.Sum256([]byte(seq))
	name := hex.EncodeToString(sum[:])
	for r := v.row; r < min(v.h, v.row+(ph+v.ch-1)/v.ch); r++ {
		for c := v.col; c < min(v.w, v.col+(pw+v.cw-1)/v.cw); c++ {
			v.img[[2]int{r, c}] = name
		}
	}
}
