package session

import (
	"image"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// imagesHub is a hub that remembers one player's choice of images.
type imagesHub struct {
	Hub
	choice string
	set    int
}

func (h *imagesHub) ImagesChoice(game.PlayerID) string { return h.choice }
func (h *imagesHub) SetImagesChoice(_ game.PlayerID, c string) error {
	h.choice = c
	h.set++
	return nil
}

// ghostAt is the ghost's session at a started classic table, w×h.
func ghostAt(t *testing.T, hub Hub, start Start, w, h int) (*Model, *game.GhostView) {
	t.Helper()
	s, err := game.NewStarted(game.Options{Edition: game.Classic, Difficulty: game.Medium}, game.TestPools(), 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	ghost := s.ViewFor("").Public().Seats[0].Player
	m := New(t.Context(), hub, Identity{ID: ghost, Name: "gwen"}, start, testRenderer(colorprofile.TrueColor), w, h).(*Model)
	m.sh.Clock = newTestModel(t, hub, Identity{}, w, h).sh.Clock
	m.attach("K7QX", nil, nil, false)
	v := s.ViewFor(ghost).(*game.GhostView)
	m.table.Apply(game.Update{Code: "K7QX", Version: 1, View: v})
	return m, v
}

var kittyCaps = term.CapsMsg{Caps: graphics.Caps{Kitty: true, Answered: true, Cell: graphics.Pixels{W: 10, H: 20}}}

// TestEveryCardIsAPictureInTheSameCells: once the terminal says it draws
// kitty images, the ghost's screen draws the same text as before, byte
// for byte (the half blocks stay under the pictures, no layout changes),
// and every card on it, the hand's 7 and the psychics' targets, is a
// picture over the cells its half blocks take; a terminal that says it
// draws none, or the linear mode, gets no picture.
func TestEveryCardIsAPictureInTheSameCells(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {140, 45}} {
		m, v := ghostAt(t, nil, Start{}, size[0], size[1])
		before := m.View()
		if p := m.TakePictures(); len(p.List) != 0 {
			t.Fatalf("%v: pictures before the terminal said anything: %+v", size, p)
		}
		m.Update(kittyCaps)
		after := m.View()
		if after != before {
			t.Fatalf("%v: with pictures the frame's text changed", size)
		}
		pics := m.TakePictures()
		if pics.Protocol != graphics.Kitty || pics.Cell != kittyCaps.Caps.Cell {
			t.Fatalf("%v: pictures drawn as %v at %v", size, pics.Protocol, pics.Cell)
		}
		lines := strings.Split(after, "\n")
		for _, c := range v.Hand {
			found := false
			for _, p := range pics.List {
				if p.Image == m.sh.Cards.(cardface.DeckCards).Picture(c) {
					found = true
					// The picture covers the card's half blocks: its top
					// row there is drawn with them.
					if p.Row >= len(lines) || !strings.Contains(lines[p.Row], "▀") && !strings.Contains(lines[p.Row], "▄") {
						t.Errorf("%v: card %s's picture at row %d is not over its half blocks", size, c, p.Row)
					}
				}
			}
			if !found && size[0] >= 120 {
				t.Errorf("%v: hand card %s is not a picture", size, c)
			}
		}
		if size[0] >= 120 && len(pics.List) < 7+3 {
			t.Errorf("%v: %d pictures, want the hand's 7 and the psychics' targets", size, len(pics.List))
		}
		m.Update(term.CapsMsg{Caps: graphics.Caps{Answered: true}})
		if _ = m.View(); len(m.TakePictures().List) != 0 {
			t.Errorf("%v: a terminal that draws no images got pictures", size)
		}
		m.Update(kittyCaps)
		press(m, "P")
		_ = m.View()
		if len(m.TakePictures().List) != 0 {
			t.Errorf("%v: the linear mode got pictures", size)
		}
	}
}

// TestImagesKeyIsKeptInTheProfile: I turns pictures off and on, the
// choice is kept in the player's profile (a new session starts with it),
// and on a server whose host turned images off, I says so and nothing
// changes.
func TestImagesKeyIsKeptInTheProfile(t *testing.T) {
	hub := &imagesHub{}
	m, _ := ghostAt(t, hub, Start{}, 120, 40)
	m.Update(kittyCaps)
	_ = m.View()
	if len(m.TakePictures().List) == 0 {
		t.Fatal("no pictures")
	}
	press(m, "I")
	if _ = m.View(); len(m.TakePictures().List) != 0 || hub.choice != "off" || !strings.Contains(m.View(), "half blocks") {
		t.Fatalf("I: pictures %d, kept %q, flash %q", len(m.TakePictures().List), hub.choice, m.sh.Flash)
	}
	again, _ := ghostAt(t, hub, Start{}, 120, 40)
	again.Update(kittyCaps)
	if _ = again.View(); len(again.TakePictures().List) != 0 {
		t.Fatal("a new session did not keep the choice")
	}
	press(again, "I")
	if _ = again.View(); len(again.TakePictures().List) == 0 || hub.choice != "on" {
		t.Fatalf("I again: pictures %d, kept %q", len(again.TakePictures().List), hub.choice)
	}
	// A terminal that said nothing: on is the player's word, drawn as sixel.
	silent, _ := ghostAt(t, &imagesHub{choice: "on"}, Start{}, 120, 40)
	if _ = silent.View(); silent.TakePictures().Protocol != graphics.Sixel {
		t.Fatal("images turned on by the player are not drawn for a terminal that said nothing")
	}
	off, _ := ghostAt(t, &imagesHub{choice: "on"}, Start{ImagesOff: true}, 120, 40)
	off.Update(kittyCaps)
	press(off, "I")
	if _ = off.View(); len(off.TakePictures().List) != 0 || !strings.Contains(off.sh.Flash, "host") {
		t.Fatalf("with the host's --images off: pictures %d, flash %q", len(off.TakePictures().List), off.sh.Flash)
	}
}

// TestZoomShowsThePictureFirst: with pictures on, a zoomed card is its
// picture and its name; d shows its description; half-block cards keep
// the description under them.
func TestZoomShowsThePictureFirst(t *testing.T) {
	m, v := ghostAt(t, nil, Start{}, 120, 40)
	alt := m.sh.Cards.Alt(v.Hand[0], m.sh.Lang())
	firstWords := strings.Join(strings.Fields(alt)[:3], " ")
	press(m, "enter")
	if !strings.Contains(m.View(), firstWords) {
		t.Fatalf("half blocks: the zoom has no description %q", firstWords)
	}
	m.Update(kittyCaps)
	if f := m.View(); strings.Contains(f, firstWords) || !strings.Contains(f, "d description") {
		t.Fatalf("pictures: the zoom shows the description first, or no d")
	}
	if p := m.TakePictures(); len(p.List) != 1 {
		t.Fatalf("the zoom draws %d pictures, want its card", len(p.List))
	}
	press(m, "d")
	if !strings.Contains(m.View(), firstWords) {
		t.Fatal("d does not show the description")
	}
}

// picture is a stand-in card's picture, so that the goldens' screens draw
// their cards as images too.
func (fakeCards) Picture(id game.CardID) *image.RGBA { return fakePicture }

var fakePicture = image.NewRGBA(image.Rect(0, 0, 4, 6))

// picturesInTheSameCells checks, on a golden's screen, that with the
// terminal drawing kitty images the frame's text is the golden's, byte
// for byte, and every picture lies over cells of the frame, none in a row
// that the frame does not have.
func picturesInTheSameCells(t *testing.T, m *Model, w, h int) {
	t.Helper()
	before := m.View()
	m.Update(kittyCaps)
	defer m.Update(term.CapsMsg{Caps: graphics.Caps{Answered: true}})
	if after := m.View(); after != before {
		t.Fatalf("with the cards as images the frame's text changed:\n%s\nwas\n%s", after, before)
	}
	pics := m.TakePictures()
	lines := strings.Split(before, "\n")
	for _, p := range pics.List {
		if p.Row < 0 || p.Row+p.Cells.H > len(lines) || p.Col < 0 || p.Col+p.Cells.W > w {
			t.Errorf("a picture at %d,%d (%dx%d) is outside the %dx%d frame", p.Row, p.Col, p.Cells.W, p.Cells.H, w, h)
		}
	}
}
