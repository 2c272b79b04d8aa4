// Package pictures decides how a session draws its cards: as images, in a
// terminal that says it draws them, or in half blocks (today's, and for
// every terminal that says nothing). It holds one session's state of it:
// what the terminal said (term.CapsMsg, the answers to the query the
// server writes at connect), the player's choice (the I key, kept in their
// profile as the turn alerts are) and the host's (--images off). The
// session marks each card it draws (term.MarkPicture); Find takes the marks
// out of the finished frame and returns the pictures the screen draws over
// the half blocks (term.Screen), so no layout changes.
package pictures

import (
	"image"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// Prefs is what a hub offers to remember a player's choice (the server's
// does, in the player's profile; guests keep it per session).
type Prefs interface {
	ImagesChoice(id game.PlayerID) string
	SetImagesChoice(id game.PlayerID, choice string) error
}

// State is one session's: built by New, used on the session's goroutine.
type State struct {
	prefs   Prefs
	id      game.PlayerID
	guest   bool
	hostOff bool
	loaded  bool
	choice  string        // "" as the terminal says, "on", "off"
	caps    graphics.Caps // what the terminal said (zero until it did)
	// Last are the pictures of the frame last drawn (Find's), for the
	// screen.
	Last term.Pictures
}

// New is the state of player id's session; hub may remember the choice
// (Prefs); hostOff is the host's --images off.
func New(hub any, id game.PlayerID, guest, hostOff bool) State {
	s := State{id: id, guest: guest, hostOff: hostOff}
	if p, ok := hub.(Prefs); ok {
		s.prefs = p
	}
	return s
}

// Told records what the terminal said it draws.
func (s *State) Told(c graphics.Caps) { s.caps = c }

// fallbackCell is the cell size images are drawn at when the player turned
// them on and the terminal did not say its cells' size.
var fallbackCell = graphics.Pixels{W: 10, H: 20}

// Way is how a session draws cards: as P (None: half blocks) over cells of
// Cell pixels. Comparable: it is part of a frame's memo key.
type Way struct {
	P    graphics.Protocol
	Cell graphics.Pixels
}

// Images reports whether cards are drawn as images.
func (w Way) Images() bool { return w.P != graphics.None }

// Way is how the session draws cards now, on a w×h terminal. words is set
// when the session draws cards as words (the linear mode, plain mode, a
// terminal without colours): never images then.
func (s *State) Way(words bool, w, h int) Way {
	p, cell := s.way(words, w, h)
	return Way{p, cell}
}

func (s *State) way(words bool, w, h int) (graphics.Protocol, graphics.Pixels) {
	if s.hostOff || words {
		return graphics.None, graphics.Pixels{}
	}
	if !s.loaded {
		s.loaded = true
		if s.prefs != nil && !s.guest {
			s.choice = s.prefs.ImagesChoice(s.id)
		}
	}
	p, cell := s.caps.Protocol(), s.caps.CellSize(w, h)
	switch s.choice {
	case "off":
		return graphics.None, graphics.Pixels{}
	case "on":
		if p == graphics.None {
			p = graphics.Sixel
		}
		if cell == (graphics.Pixels{}) {
			cell = fallbackCell
		}
	}
	if cell == (graphics.Pixels{}) {
		// A terminal that draws images but did not say its cells' size:
		// a picture would not fit its rectangle.
		return graphics.None, graphics.Pixels{}
	}
	return p, cell
}

// Toggle is the I key: images on if they are off, off if on. It returns
// what to tell the player, in l.
func (s *State) Toggle(l i18n.Lang, words bool, w, h int) string {
	if s.hostOff {
		return l.T("This server draws every card in half blocks (the host turned images off).")
	}
	if words {
		return l.T("Cards are words in this mode: I does nothing here.")
	}
	if p, _ := s.way(words, w, h); p != graphics.None {
		s.choice = "off"
	} else {
		s.choice = "on"
	}
	if s.prefs != nil && !s.guest {
		_ = s.prefs.SetImagesChoice(s.id, s.choice) // kept for this session anyway
	}
	if p, _ := s.way(words, w, h); p != graphics.None {
		return l.F("Cards drawn as images (%s). I switches back to half blocks.", p.String())
	}
	return l.T("Cards drawn in half blocks. I switches to images.")
}

// Frame takes the marks out of frame f (term.FindMarks), drawn the way
// way, and returns the frame and its pictures, which it keeps as Last;
// cards gives a mark's picture by its key (a card source with a
// Picture(game.CardID) method; a mark without a picture is not drawn).
func (s *State) Frame(f string, way Way, cards any) (string, term.Pictures) {
	s.Last = term.Pictures{}
	if !way.Images() {
		return f, s.Last
	}
	src, _ := cards.(interface{ Picture(game.CardID) *image.RGBA })
	clean, marks := term.FindMarks(f)
	s.Last = term.Pictures{Protocol: way.P, Cell: way.Cell}
	for _, mk := range marks {
		if src == nil {
			break
		}
		if img := src.Picture(game.CardID(mk.Key)); img != nil {
			s.Last.List = append(s.Last.List, term.Picture{Row: mk.Row, Col: mk.Col, Cells: mk.Cells, Image: img})
		}
	}
	return clean, s.Last
}

// Take is what the screen draws over the frame last drawn (Last), none in
// the linear mode.
func (s *State) Take(linear bool) term.Pictures {
	if linear {
		return term.Pictures{}
	}
	return s.Last
}
