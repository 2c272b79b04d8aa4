package qr

import (
	"image"
	"image/color"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"
)

// picture turns the terminal lines back into the picture a camera sees: each
// cell's upper and lower halves as scale×scale pixels, white where the
// character draws the foreground (white) and black where it shows the
// background (black), on the black of the terminal around it. It reads only
// what Lines wrote, so a wrong half-block character, a swapped colour or a
// missing quiet zone spoils the decode.
func picture(t *testing.T, lines []string, scale int) image.Image {
	t.Helper()
	w := -1
	var rows [][]bool // true = light
	for i, l := range lines {
		if !strings.HasPrefix(l, lineStart) || !strings.HasSuffix(l, lineEnd) {
			t.Fatalf("line %d does not set white on black and reset: %q", i, l)
		}
		body := strings.TrimSuffix(strings.TrimPrefix(l, lineStart), lineEnd)
		if n := utf8.RuneCountInString(body); w == -1 {
			w = n
		} else if n != w {
			t.Fatalf("line %d is %d cells wide, line 0 is %d", i, n, w)
		}
		top, bottom := make([]bool, 0, w), make([]bool, 0, w)
		for _, r := range body {
			switch r {
			case '█':
				top, bottom = append(top, true), append(bottom, true)
			case '▀':
				top, bottom = append(top, true), append(bottom, false)
			case '▄':
				top, bottom = append(top, false), append(bottom, true)
			case ' ':
				top, bottom = append(top, false), append(bottom, false)
			default:
				t.Fatalf("line %d holds %q, not a half block", i, r)
			}
		}
		rows = append(rows, top, bottom)
	}
	// The terminal around the code is dark: pad modules of black on every
	// side, as a camera sees the code on the screen.
	const pad = 6
	img := image.NewGray(image.Rect(0, 0, (w+2*pad)*scale, (len(rows)+2*pad)*scale))
	for y, row := range rows {
		for x, light := range row {
			c := color.Gray{Y: 0}
			if light {
				c.Y = 255
			}
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					img.SetGray((x+pad)*scale+dx, (y+pad)*scale+dy, c)
				}
			}
		}
	}
	return img
}

func decode(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("the code does not decode: %v", err)
	}
	return res.GetText()
}

// TestLinesDecodeToTheLink draws links as an invitation shows them and reads
// them back with a QR decoder, as a phone's camera would, on a dark
// terminal: a table's link with its invitation token (22 characters) on a
// server named as people name them fits a phone held upright, 40 columns.
func TestLinesDecodeToTheLink(t *testing.T) {
	for _, link := range []string{
		"http://localhost:8080/K7QX",
		"https://mysterium.example.org:8443/VHNM-Z4CE?invite=Zm9vYmFyYmF6cXV4cXV1eA",
		"http://192.168.178.23:8080/VHNM-Z4CE?invite=Zm9vYmFyYmF6cXV4cXV1eA",
		"http://[2001:db8::1]:8080/ABCD-EFGH",
	} {
		lines, err := Lines(link)
		if err != nil {
			t.Fatal(err)
		}
		if got := decode(t, picture(t, lines, 4)); got != link {
			t.Errorf("decoded %q, want %q", got, link)
		}
		width := utf8.RuneCountInString(strings.TrimSuffix(strings.TrimPrefix(lines[0], lineStart), lineEnd))
		if width > 40 {
			t.Errorf("%d bytes: %d columns, wider than a phone held upright", len(link), width)
		}
		t.Logf("%d bytes: %d columns × %d rows", len(link), width, len(lines))
	}
}

// TestLinesKeepTheQuietZone: the first row (two modules) and the outer two
// columns are light, so the code stands out on a dark terminal.
func TestLinesKeepTheQuietZone(t *testing.T) {
	lines, err := Lines("http://localhost:8080/K7QX")
	if err != nil {
		t.Fatal(err)
	}
	body := strings.TrimSuffix(strings.TrimPrefix(lines[0], lineStart), lineEnd)
	if strings.Trim(body, "█") != "" {
		t.Errorf("the quiet zone's row is not light: %q", body)
	}
	for i, l := range lines[:len(lines)-1] {
		r := []rune(strings.TrimSuffix(strings.TrimPrefix(l, lineStart), lineEnd))
		if string(r[:Quiet]) != "██" || string(r[len(r)-Quiet:]) != "██" {
			t.Errorf("row %d lacks the two light columns on each side: %q", i, string(r))
		}
	}
}

func TestLinesRefuseTooLongATextWithoutDrawing(t *testing.T) {
	if _, err := Lines(strings.Repeat("x", MaxText+1)); err != ErrTooLong {
		t.Fatalf("err = %v, want ErrTooLong", err)
	}
	lines, err := Lines(strings.Repeat("x", MaxText))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) > 40 {
		t.Errorf("a %d-byte text takes %d rows; a terminal code should stay under 40", MaxText, len(lines))
	}
}
