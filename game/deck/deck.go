// Package deck holds the built-in vision and suspect cards, their original
// procedural art, and the loader for custom decks.
//
// The package deliberately knows nothing about the game's rules: it only
// answers "which cards exist, what do they show, and how are they tagged".
// The engine turns card ids into pools, the bots read the tags, and the
// terminal renderer (session/cardart) reads the images: 64x96 scenes for the
// built-in visions, 32x48 for the suspects and every custom card.
package deck

import (
	"fmt"
	"image"
	"sort"
	"strings"
	"sync"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// Kind says which pile a card belongs to.
type Kind string

// The four kinds of card. The values are the words used in manifests and in
// `mysterium deck list --json`.
const (
	Vision    Kind = "vision"
	Character Kind = "character"
	Location  Kind = "location"
	Object    Kind = "object"
)

// Kinds lists every kind in the order the deck prints them.
var Kinds = []Kind{Vision, Character, Location, Object}

// prefix is the first letter of a built-in card id of this kind.
func (k Kind) prefix() string {
	switch k {
	case Vision:
		return "V"
	case Character:
		return "C"
	case Location:
		return "L"
	case Object:
		return "O"
	}
	return "?"
}

// valid reports whether k is one of the four kinds.
func (k Kind) valid() bool {
	return k == Vision || k == Character || k == Location || k == Object
}

// Card is one card: a picture with words about it. Cards are shared by every
// table and session, so treat them as read-only.
type Card struct {
	// ID is stable across releases: "V01".."V84", "C01".."C20",
	// "L01".."L20", "O01".."O20" in the built-in deck.
	ID   string
	Kind Kind
	// Title names a suspect ("The Cook"); vision cards have none.
	Title string
	// Alt says in one to three sentences what the picture shows; it is what
	// plain mode and screen readers present instead of the art.
	Alt string
	// Tags are lower-case words about the picture: elements (things,
	// animals, people), colours measured from the pixels, a mood and a
	// composition. Bots compare cards by their tags.
	Tags []string
	// Motifs names the things drawn on a built-in vision card ("raven",
	// "teacup", "window"); other cards have none.
	Motifs []string
	// Image is the card's art, opaque: VisionWidth x VisionHeight for a
	// built-in vision, ImageWidth x ImageHeight for every other card.
	Image *image.RGBA

	// titleFR and altFR are a custom card's French, from its manifest
	// (title_fr, alt_fr); "" means the catalog's, else the English. Read
	// them through TitleIn and AltIn.
	titleFR, altFR string
}

// Image size of the suspect cards and of every custom card (custom images
// are resized to it). Built-in visions are larger: see VisionWidth.
const (
	ImageWidth  = 32
	ImageHeight = 48
)

// HasTag reports whether the card carries tag t.
func (c *Card) HasTag(t string) bool {
	for _, x := range c.Tags {
		if x == t {
			return true
		}
	}
	return false
}

// Name is the card's title, or its id when it has none (vision cards).
func (c *Card) Name() string {
	if c.Title != "" {
		return c.Title
	}
	return c.ID
}

// Deck is a complete set of cards: the built-in one or a custom one.
type Deck struct {
	// Source says where the deck came from: "built-in" or the directory.
	Source string
	byKind map[Kind][]*Card
	byID   map[string]*Card
}

// Card looks a card up by id.
func (d *Deck) Card(id string) (*Card, bool) {
	c, ok := d.byID[id]
	return c, ok
}

// Cards returns the cards of one kind in id order. The slice is shared:
// do not modify it.
func (d *Deck) Cards(k Kind) []*Card { return d.byKind[k] }

// IDs returns the ids of one kind in order, ready to become an engine pool.
func (d *Deck) IDs(k Kind) []string {
	cs := d.byKind[k]
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids
}

// All returns every card: visions, then characters, locations and objects.
func (d *Deck) All() []*Card {
	var all []*Card
	for _, k := range Kinds {
		all = append(all, d.byKind[k]...)
	}
	return all
}

// Summary is the one-line count printed by `mysterium deck check`.
func (d *Deck) Summary() string {
	return fmt.Sprintf("%d vision cards; %d characters, %d locations, %d objects",
		len(d.byKind[Vision]), len(d.byKind[Character]), len(d.byKind[Location]), len(d.byKind[Object]))
}

// Minimum counts a deck needs so that every edition can be set up: an
// edition draws at most 19 or 20 suspects of a kind, but the smaller player
// counts use fewer, and a custom deck for a small group may be short.
// Vision cards: a hand of 7, up to 7 psychics' visions per round and the
// shared visions at the end need a healthy draw pile.
const (
	MinVision  = 40
	MinSuspect = 12
)

// newDeck indexes cards and checks ids are unique and kinds valid.
func newDeck(source string, cards []*Card) (*Deck, error) {
	d := &Deck{Source: source, byKind: map[Kind][]*Card{}, byID: map[string]*Card{}}
	for _, c := range cards {
		if !c.Kind.valid() {
			return nil, loadErr("", i18n.N("card %q: unknown kind %q"), c.ID, string(c.Kind))
		}
		if _, dup := d.byID[c.ID]; dup {
			return nil, loadErr("", i18n.N("card %q: id used twice"), c.ID)
		}
		d.byID[c.ID] = c
		d.byKind[c.Kind] = append(d.byKind[c.Kind], c)
	}
	for _, k := range Kinds {
		cs := d.byKind[k]
		sort.SliceStable(cs, func(i, j int) bool { return idLess(cs[i].ID, cs[j].ID) })
	}
	return d, nil
}

// idLess orders "V2" before "V10" and otherwise compares strings.
func idLess(a, b string) bool {
	if len(a) != len(b) && strings.TrimRight(a, "0123456789") == strings.TrimRight(b, "0123456789") {
		return len(a) < len(b)
	}
	return a < b
}

// checkCounts refuses a deck too small for an edition.
func (d *Deck) checkCounts() error {
	if n := len(d.byKind[Vision]); n < MinVision {
		return loadErr("", i18n.N("only %d vision cards; an edition needs at least %d"), n, MinVision)
	}
	for _, k := range []Kind{Character, Location, Object} {
		if n := len(d.byKind[k]); n < MinSuspect {
			return loadErr("", i18n.N("only %d %s cards; an edition needs at least %d"), n, word(k), MinSuspect)
		}
	}
	return nil
}

var (
	builtinOnce sync.Once
	builtin     *Deck
)

// Builtin returns the built-in deck. It is generated on the first call
// (a few milliseconds) and shared afterwards.
func Builtin() *Deck {
	builtinOnce.Do(func() {
		d, err := newDeck("built-in", buildCards())
		if err != nil {
			panic("deck: built-in deck is broken: " + err.Error())
		}
		builtin = d
	})
	return builtin
}
