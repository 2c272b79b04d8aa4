package server_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/session/words"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// pictureIndex names the images a connection may receive: every card of a
// deck encoded as the server encodes it (graphics.Get, the server-wide
// cache) for each protocol and size met, over sshtest's 10x20-pixel cells,
// keyed by the bytes that carry it (a kitty transmission's base64 payload,
// a sixel's whole sequence).
type pictureIndex struct {
	d    *deck.Deck
	byAt map[pictureKey]map[string]game.CardID
}

type pictureKey struct {
	p graphics.Protocol
	c graphics.Cells
}

func newPictureIndex(d *deck.Deck) *pictureIndex {
	return &pictureIndex{d: d, byAt: map[pictureKey]map[string]game.CardID{}}
}

// card names the card whose encoding for p at c cells is payload.
func (x *pictureIndex) card(p graphics.Protocol, c graphics.Cells, payload string) (game.CardID, bool) {
	k := pictureKey{p, c}
	m, ok := x.byAt[k]
	if !ok {
		m = map[string]game.CardID{}
		for _, card := range x.d.All() {
			e := graphics.Get(card.Image, p, c, graphics.Pixels{W: 10, H: 20})
			if e == nil {
				continue
			}
			data := e.Data
			if p == graphics.Kitty {
				data = imagesIn(data).sent[strconv.FormatUint(uint64(e.ID), 10)]
			}
			m[data] = game.CardID(card.ID)
		}
		x.byAt[k] = m
	}
	id, ok := m[payload]
	return id, ok
}

// picturedCards is what the images of a connection's output are: the cards
// they draw (how many images of each), and the images no card's encoding
// is (each protocol and size it came at).
type picturedCards struct {
	cards   map[game.CardID]int
	first   map[game.CardID]int // where in the output each card's first image begins
	images  int
	unknown []string
}

// seen records an image of card beginning at offset at.
func (p *picturedCards) seen(card game.CardID, at int) {
	p.cards[card]++
	if f, ok := p.first[card]; !ok || at < f {
		p.first[card] = at
	}
}

// cardsInImages identifies every image in raw, a connection's output: each
// kitty transmission (at the sizes its placements give it) and each sixel
// (at the size its raster says), matched byte for byte.
func (x *pictureIndex) cardsInImages(raw string) picturedCards {
	out := picturedCards{cards: map[game.CardID]int{}, first: map[game.CardID]int{}}
	im := imagesIn(raw)
	sizes := map[string][]graphics.Cells{}
	for _, p := range im.places {
		c := graphics.Cells{W: p.w, H: p.h}
		if !slices.Contains(sizes[p.id], c) {
			sizes[p.id] = append(sizes[p.id], c)
		}
	}
	for id, payload := range im.sent {
		out.images++
		found := false
		for _, c := range sizes[id] {
			if card, ok := x.card(graphics.Kitty, c, payload); ok {
				out.seen(card, strings.Index(raw, "\x1b_Ga=t,f=100,q=2,i="+id+","))
				found = true
				break
			}
		}
		if !found {
			out.unknown = append(out.unknown, "kitty image "+id+" placed at "+strconv.Itoa(len(sizes[id]))+" sizes")
		}
	}
	for _, at := range dcsQ.FindAllStringIndex(raw, -1) {
		s := raw[at[0]:at[1]]
		out.images++
		m := sizeR.FindStringSubmatch(s)
		if m == nil {
			out.unknown = append(out.unknown, "a sixel without its size: "+s[:min(len(s), 24)])
			continue
		}
		w, _ := strconv.Atoi(m[1])
		h, _ := strconv.Atoi(m[2])
		if card, ok := x.card(graphics.Sixel, graphics.Cells{W: w / 10, H: h / 20}, s); ok {
			out.seen(card, at[0])
		} else {
			out.unknown = append(out.unknown, "a sixel of "+m[1]+"x"+m[2]+" pixels")
		}
	}
	return out
}

// beforeTheEnd is raw up to where the end screen first appears (its
// heading's words as written, they are one styled run), and whether it does.
func beforeTheEnd(raw string) (string, bool) {
	best := -1
	for _, m := range []string{"THE PSYCHICS WON", "THE PSYCHICS LOST", "THE GAME IS OVER"} {
		if i := strings.Index(raw, m); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	if best < 0 {
		return raw, false
	}
	return raw[:best], true
}

// hourR is the hour in a table screen's header, as drawn at every width.
var hourR = regexp.MustCompile(`HOUR ([IVX]+)(?: of |/)VII`)

// tooEarly returns the visions whose first image came before they could be
// seen: a vision given in hour k (given) before the header first said
// hour k (a frame's images follow its text, and a header says the hour of
// the view its frame was drawn from), and one of the final's shared
// visions (shared) before the final began.
func tooEarly(raw string, got picturedCards, given map[game.CardID]int, shared map[game.CardID]bool) []string {
	hourAt := map[int]int{} // hour -> where the header first said it
	for _, m := range hourR.FindAllStringSubmatchIndex(raw, -1) {
		h := romanValue(raw[m[2]:m[3]])
		if _, ok := hourAt[h]; !ok {
			hourAt[h] = m[0]
		}
	}
	var out []string
	for card, at := range got.first {
		if k, ok := given[card]; ok {
			if from, ok := hourAt[k]; !ok || at < from {
				out = append(out, fmt.Sprintf("%s (given in hour %d) at byte %d, the header said that hour at %d", card, k, at, from))
			}
			continue
		}
		if shared[card] {
			if from := strings.Index(raw, "THE REVEALING OF THE MYSTERY"); from < 0 || at < from {
				out = append(out, fmt.Sprintf("%s (the final's) at byte %d, the final began at %d", card, at, from))
			}
		}
	}
	slices.Sort(out)
	return out
}

func romanValue(s string) int {
	for i := 1; i <= 7; i++ {
		if words.RomanNum(i) == s {
			return i
		}
	}
	return 0
}
