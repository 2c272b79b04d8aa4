package table

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// zoomState is the card shown full screen (none when id is empty) and the
// list it belongs to, for ←→.
type zoomState struct {
	ts   *TableState
	ID   game.CardID
	from []game.CardID
	// desc: the description is shown under a card drawn as an image (d);
	// half-block cards always have it, as the linear mode does.
	desc bool
}

// view is a card full screen with its description under it.
func (z *zoomState) view() string {
	ts := z.ts
	m := ts.Shell
	id := z.ID
	textLines := 4
	h := m.H - 4 - textLines
	w := m.W - 4
	// Keep the card's shape: 2 pixels a cell vertically, 32x48 pixels.
	cw, ch := w, h
	if cw > 2*ch*32/48 {
		cw = 2 * ch * 32 / 48
	}
	if ch > cw*48/32/2 {
		ch = cw * 48 / 32 / 2
	}
	cw, ch = max(cw, layout.ThumbW), max(ch, layout.ThumbH)
	art := m.Tiles().Tile(id, cw, ch)
	art = layout.Center(art, m.W)
	var b strings.Builder
	b.WriteString(art)
	b.WriteString("\n")
	title := m.CardName(id)
	if t := m.Cards.Title(id, m.Lang()); t == "" {
		title = m.Lang().F("Vision card %s", string(id))
	}
	b.WriteString(" " + m.St.Bold.Render(title) + "\n")
	// With pictures on, the picture comes first: players read the image,
	// not an inventory; d shows the words.
	if !m.Tiles().Images || z.desc {
		for _, l := range layout.Wrap(m.Cards.Alt(id, m.Lang()), m.W-2) {
			b.WriteString(" " + l + "\n")
		}
	}
	keys := TakenKeys{m}.zoom(ts).Bar(m.Lang())
	status := m.Lang().F("Looking at %s. Press esc to go back.", title)
	return m.Frame(ts.Header(), b.String(), keys, status)
}

func (z *zoomState) on(id game.CardID, list []game.CardID) {
	if id == "" {
		return
	}
	z.ID = id
	z.from = list
	z.desc = false
}

func (z *zoomState) step(next bool) {
	for i, c := range z.from {
		if c == z.ID {
			j := i - 1
			if next {
				j = i + 1
			}
			if j >= 0 && j < len(z.from) {
				z.ID = z.from[j]
			}
			return
		}
	}
}
