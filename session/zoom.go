package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// zoomState is the card shown full screen (none when id is empty) and the
// list it belongs to, for ←→.
type zoomState struct {
	ts   *tableState
	id   game.CardID
	from []game.CardID
	// desc: the description is shown under a card drawn as an image (d);
	// half-block cards always have it, as the linear mode does.
	desc bool
}

// view is a card full screen with its description under it.
func (z *zoomState) view() string {
	ts := z.ts
	m := ts.m
	id := z.id
	textLines := 4
	h := m.h - 4 - textLines
	w := m.w - 4
	// Keep the card's shape: 2 pixels a cell vertically, 32x48 pixels.
	cw, ch := w, h
	if cw > 2*ch*32/48 {
		cw = 2 * ch * 32 / 48
	}
	if ch > cw*48/32/2 {
		ch = cw * 48 / 32 / 2
	}
	cw, ch = max(cw, layout.ThumbW), max(ch, layout.ThumbH)
	art := m.tiles().Tile(id, cw, ch)
	art = layout.Center(art, m.w)
	var b strings.Builder
	b.WriteString(art)
	b.WriteString("\n")
	title := m.cardName(id)
	if t := m.cards.Title(id, m.lang()); t == "" {
		title = m.lang().F("Vision card %s", string(id))
	}
	b.WriteString(" " + m.st.Bold.Render(title) + "\n")
	// With pictures on, the picture comes first: players read the image,
	// not an inventory; d shows the words.
	if !m.tiles().Images || z.desc {
		for _, l := range layout.Wrap(m.cards.Alt(id, m.lang()), m.w-2) {
			b.WriteString(" " + l + "\n")
		}
	}
	keys := screenKeys{m}.zoom(ts).Bar(m.lang())
	status := m.lang().F("Looking at %s. Press esc to go back.", title)
	return m.frame(ts.header(), b.String(), keys, status)
}

func (z *zoomState) on(id game.CardID, list []game.CardID) {
	if id == "" {
		return
	}
	z.id = id
	z.from = list
	z.desc = false
}

func (z *zoomState) step(next bool) {
	for i, c := range z.from {
		if c == z.id {
			j := i - 1
			if next {
				j = i + 1
			}
			if j >= 0 && j < len(z.from) {
				z.id = z.from[j]
			}
			return
		}
	}
}
