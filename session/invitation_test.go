package session

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/lobby"
)

// screenQR finds the QR code on a plain frame (its quiet zone's top row,
// a run of light cells, then the rows under it) and decodes it as a
// camera would: each cell's halves as light or dark pixels.
func screenQR(t *testing.T, frame string) string {
	t.Helper()
	lines := strings.Split(frame, "\n")
	top, left, w := -1, 0, 0
	for y, l := range lines {
		r := []rune(l)
		for x := 0; x+20 <= len(r); x++ {
			if string(r[x:x+20]) == strings.Repeat("█", 20) {
				top, left = y, x
				for w = 0; x+w < len(r) && r[x+w] == '█'; w++ {
				}
				break
			}
		}
		if top >= 0 {
			break
		}
	}
	if top < 0 {
		t.Fatalf("no QR code on the screen:\n%s", frame)
	}
	var rows [][]bool // true: light
	for y := top; y < len(lines); y++ {
		r := []rune(lines[y])
		if len(r) < left+w {
			break
		}
		up, down := make([]bool, w), make([]bool, w)
		ok := true
		for x, c := range r[left : left+w] {
			switch c {
			case '█':
				up[x], down[x] = true, true
			case '▀':
				up[x] = true
			case '▄':
				down[x] = true
			case ' ':
			default:
				ok = false
			}
		}
		if !ok {
			break
		}
		rows = append(rows, up, down)
	}
	const scale = 4
	img := image.NewGray(image.Rect(0, 0, w*scale, len(rows)*scale))
	for y, row := range rows {
		for x, light := range row {
			c := color.Gray{}
			if light {
				c.Y = 255
			}
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					img.SetGray(x*scale+dx, y*scale+dy, c)
				}
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("the code on the screen does not decode: %v\n%s", err, frame)
	}
	return res.GetText()
}

// The invitation i shows the table's browser link as a QR code a phone's
// camera opens: beside the text on a large terminal, on its own after c
// on an 80x24 one (where it does not fit with the text); the text to
// paste stays as it was.
func TestInvitationShowsTheLinkAsAQRCode(t *testing.T) {
	const link = "http://home.example.net/T001?invite=Zm9vYmFyYmF6cXV4cXV1eA"
	hub := newFakeHub()
	t.Cleanup(hub.stop)
	if _, err := hub.CreateTable(alice, TableSpec{Name: "Samhain", Options: game.DefaultOptions(game.Classic)}); err != nil {
		t.Fatal(err)
	}
	t.Run("large", func(t *testing.T) {
		m := newTestModel(t, hub, alice, 140, 45)
		m.Init()
		press(m, "i")
		v := plainView(m)
		checkFrame(t, m.View(), 140, 45)
		if got := screenQR(t, v); got != link {
			t.Errorf("the code reads %q, want %q", got, link)
		}
		if !strings.Contains(v, "ssh -t home.example.net T001") {
			t.Errorf("the invitation's text is gone:\n%s", v)
		}
	})
	t.Run("80x24", func(t *testing.T) {
		m := newTestModel(t, hub, alice, 80, 24)
		m.Init()
		press(m, "i")
		v := plainView(m)
		if strings.Contains(v, strings.Repeat("█", 20)) || !strings.Contains(v, "c shows the link as a QR code") {
			t.Errorf("80x24: the code is not offered on its own:\n%s", v)
		}
		press(m, "c")
		checkFrame(t, m.View(), 80, 24)
		if got := screenQR(t, plainView(m)); got != link {
			t.Errorf("the code reads %q, want %q", got, link)
		}
		press(m, "c")
		if v := plainView(m); !strings.Contains(v, "INVITE YOUR FRIENDS") {
			t.Errorf("c does not go back to the invitation:\n%s", v)
		}
		press(m, "x")
		if m.lobby.Mode != lobby.LobbyList {
			t.Errorf("another key does not go back to the tables")
		}
	})
	// A phone held upright: the code whole under the text, from the
	// smallest upright window.
	for _, sz := range [][2]int{{40, 36}, {42, 40}, {48, 52}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := newTestModel(t, hub, alice, sz[0], sz[1])
			m.Init()
			press(m, "i")
			v := plainView(m)
			checkFrame(t, m.View(), sz[0], sz[1])
			if got := screenQR(t, v); got != link {
				t.Errorf("the code reads %q, want %q", got, link)
			}
			if !strings.Contains(v, "ssh -t home.example.net T001") {
				t.Errorf("the invitation's text is gone:\n%s", v)
			}
		})
	}
}
