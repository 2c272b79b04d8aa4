package deck

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// vision builds one vision card from its recipe line (see scenes.go for
// the grammar): the picture, the motifs it shows, its tags and alt-text.
func vision(n int, recipe string) *Card {
	id := fmt.Sprintf("V%02d", n)
	f := strings.Fields(recipe)
	if len(f) < 3 {
		panic("deck: bad vision recipe " + id + ": " + recipe)
	}
	s, p := settings[f[0]], palettes[f[1]]
	if s == nil || p == nil {
		panic("deck: bad setting or palette in " + id + ": " + recipe)
	}
	var items []item
	for _, tok := range f[2:] {
		items = append(items, parseItem(id, tok))
	}

	c := newVisionCanvas()
	r := seedOf(id)
	s.paint(c, p, r)
	motes(c, p, r)
	for _, it := range items {
		switch it.kind {
		case "weather":
			weathers[it.portal].draw(c, s, p, r)
		case "portal":
			drawPortal(c, s, p, it, seedOf(id+it.portal))
		default:
			drawMotif(c, s, p, it)
		}
	}
	visionVignette(c)

	var names, tags []string
	addMotif := func(m *motif.Motif) {
		names = append(names, m.Name)
		tags = append(tags, m.Tags...)
	}
	var near, mid, far, air []string
	relations := map[string]bool{}
	seen := map[string]bool{}
	for _, it := range items {
		switch it.kind {
		case "weather":
			w := weathers[it.portal]
			if w.motif {
				names = append(names, it.portal)
			}
			tags = append(tags, w.tags...)
			air = append(air, w.phrase(s.indoor))
			if s.indoor && w.motif {
				relations["impossible"] = true
			}
			continue
		case "portal":
			pl := portals[it.portal]
			names = append(names, pl.name)
			tags = append(tags, portalTags[it.portal]...)
			addMotif(it.u.m)
			tags = append(tags, it.inSet.tag)
			relations["portal"] = true
		default:
			addMotif(it.u.m)
			if it.stuff != nil {
				addMotif(it.stuff)
				relations["metamorphosis"] = true
			}
			if it.refl != nil {
				addMotif(it.refl)
				relations["reflection"] = true
			}
			if it.giant {
				relations["giant"] = true
			}
		}
		ph := it.phrase()
		if seen[ph] {
			continue // a second one adds to the picture, not to the words
		}
		seen[ph] = true
		switch {
		case it.scale >= 3:
			near = append(near, ph)
		case it.scale == 2 && !it.far:
			mid = append(mid, ph)
		default:
			far = append(far, ph)
		}
	}
	var groups []string
	if len(near) > 0 {
		groups = append(groups, "close by, "+list(near))
	}
	if len(mid) > 0 {
		groups = append(groups, "further off, "+list(mid))
	}
	if len(far) > 0 {
		groups = append(groups, "far away, "+list(far))
	}
	alt := cap(s.where(p)) + ": " + strings.Join(groups, "; ") + "."
	air = append(air, "the mood is "+p.mood)
	alt += " " + cap(list(air)) + "."

	tags = append(tags, s.tag, p.mood)
	if s.indoor {
		tags = append(tags, "indoors")
	} else {
		tags = append(tags, "outdoors")
	}
	for _, rel := range []string{"giant", "reflection", "metamorphosis", "portal", "impossible"} {
		if relations[rel] {
			tags = append(tags, rel)
		}
	}
	if len(near) > 0 && len(mid) > 0 && len(far) > 0 {
		tags = append(tags, "layered")
	}
	if len(names) >= 7 {
		tags = append(tags, "crowded")
	}
	tags = append(tags, measureColours(c.img)...)
	return &Card{ID: id, Kind: Vision, Alt: alt, Tags: dedupe(tags), Motifs: dedupe(names), Image: c.img}
}

// portalTags are the words a frame adds, besides what it shows.
var portalTags = map[string][]string{
	"window":   {"window", "glass", "view"},
	"door":     {"door", "doorway", "threshold"},
	"painting": {"painting", "frame", "portrait", "gold"},
	"glass":    {"mirror", "reflection", "glass", "silver"},
}

// phrase says what an item shows, for alt-text.
func (it item) phrase() string {
	base := it.u.phrase()
	if it.giant {
		base = "a giant " + bare(base)
	}
	switch {
	case it.kind == "portal":
		return fmt.Sprintf(portals[it.portal].phrase, base+" "+it.inSet.where(it.inPal))
	case it.stuff != nil:
		return base + " made of " + plural(it.stuff)
	case it.refl != nil:
		return base + " whose reflection is " + it.refl.Phrase
	}
	return base
}

// plural names many of a motif: "roses", "keys", "pearls".
func plural(m *motif.Motif) string {
	if m.Many != "" {
		return m.Many
	}
	w := m.Name
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "ch"):
		return w + "es"
	case strings.HasSuffix(w, "y") && !strings.HasSuffix(w, "ey"):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

// list joins phrases as English: "a, b and c".
func list(ph []string) string {
	switch len(ph) {
	case 0:
		return ""
	case 1:
		return ph[0]
	}
	return strings.Join(ph[:len(ph)-1], ", ") + " and " + ph[len(ph)-1]
}

// buildCards generates the whole built-in deck.
func buildCards() []*Card {
	var cards []*Card
	for i, r := range visionRecipes {
		cards = append(cards, vision(i+1, r))
	}
	cards = append(cards, suspects()...)
	return cards
}
