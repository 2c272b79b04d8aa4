package graphics

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"sync"
)

// Protocol is a way of drawing images in a terminal.
type Protocol uint8

const (
	// None draws no images: half-block cards.
	None Protocol = iota
	// Kitty is the kitty graphics protocol.
	Kitty
	// Sixel is DEC sixel graphics.
	Sixel
	// ITerm is iTerm2's inline images (OSC 1337 File=), which WezTerm and
	// xterm.js's image addon draw too.
	ITerm
)

func (p Protocol) String() string {
	switch p {
	case Kitty:
		return "kitty"
	case Sixel:
		return "sixel"
	case ITerm:
		return "iterm"
	}
	return "none"
}

// Cells is a rectangle of W columns and H rows of cells.
type Cells struct{ W, H int }

// Pixels is a size in pixels (a cell's, or a window's).
type Pixels struct{ W, H int }

// MaxPixels bounds an encoded image's width and height: beyond it a picture
// is encoded at this size whatever the rectangle (a zoom of 64x48 cells at
// 32x64 pixels a cell would be 2048x3072).
var MaxPixels = Pixels{2048, 3072}

// chunk is the kitty protocol's largest base64 payload per escape.
const chunk = 4096

// Image is one picture encoded for one protocol at one size: immutable, and
// shared by every session that draws it.
type Image struct {
	// ID is the kitty image id the Transmit escape carries; 0 for sixel.
	ID uint32
	// Protocol says how Data draws.
	Protocol Protocol
	// Cells is the rectangle the image covers; Px its size in pixels.
	Cells Cells
	Px    Pixels
	// Data is what the terminal is sent: for kitty the transmission (a=t),
	// for sixel the whole DCS sequence drawn at the cursor.
	Data string
}

// Place is the kitty escape that shows image id at the cursor over its
// cells with placement id pid, without moving the cursor. It is a few dozen
// bytes, built per call.
func Place(id, pid uint32, c Cells) string {
	var b strings.Builder
	b.Grow(64)
	b.WriteString("\x1b_Ga=p,i=")
	b.WriteString(strconv.FormatUint(uint64(id), 10))
	b.WriteString(",p=")
	b.WriteString(strconv.FormatUint(uint64(pid), 10))
	b.WriteString(",c=")
	b.WriteString(strconv.Itoa(c.W))
	b.WriteString(",r=")
	b.WriteString(strconv.Itoa(c.H))
	b.WriteString(",C=1,q=2\x1b\\")
	return b.String()
}

// Delete is the kitty escape that removes placement pid of image id and
// keeps the image's data for later placements.
func Delete(id, pid uint32) string {
	return "\x1b_Ga=d,d=i,i=" + strconv.FormatUint(uint64(id), 10) + ",p=" + strconv.FormatUint(uint64(pid), 10) + ",q=2\x1b\\"
}

// DeleteAll removes every placement of every image (a new screen, a
// resize) and keeps the images' data.
const DeleteAll = "\x1b_Ga=d,d=a,q=2\x1b\\"

// Layout is where a picture of iw x ih pixels goes in an area of aw x ah:
// drawn k/d times its size (k > 1 when it grows, d > 1 when it shrinks),
// at (x, y).
type layout struct {
	w, h int // drawn size
	x, y int // offset in the area
}

func fit(iw, ih, aw, ah int) layout {
	k := min(aw/iw, ah/ih)
	if k >= 1 {
		return layout{w: iw * k, h: ih * k, x: (aw - iw*k) / 2, y: (ah - ih*k) / 2}
	}
	// Shrink keeping the shape, nearest neighbour.
	w, h := aw, ih*aw/iw
	if h > ah {
		w, h = iw*ah/ih, ah
	}
	w, h = max(w, 1), max(h, 1)
	return layout{w: w, h: h, x: (aw - w) / 2, y: (ah - h) / 2}
}

// Area is the pixel size of a rectangle of cells, bounded by MaxPixels.
func Area(c Cells, cell Pixels) Pixels {
	return Pixels{min(c.W*cell.W, MaxPixels.W), min(c.H*cell.H, MaxPixels.H)}
}

// paletted draws img into an area of a.W x a.H pixels: whole multiples,
// nearest neighbour, centred, the margin transparent (palette index 0,
// Transparent), so the terminal's own background shows around the card
// and no coloured box reads as a highlight. Colours beyond 255 go to the
// nearest of the first 255.
func paletted(img *image.RGBA, a Pixels) *image.Paletted {
	r := img.Rect
	iw, ih := r.Dx(), r.Dy()
	pal := color.Palette{color.RGBA{}}
	index := make(map[color.RGBA]uint8, 32)
	idx := func(c color.RGBA) uint8 {
		c.A = 255
		if i, ok := index[c]; ok {
			return i
		}
		if len(pal) < 256 {
			i := uint8(len(pal))
			pal = append(pal, c)
			index[c] = i
			return i
		}
		i := uint8(pal[1:].Index(c) + 1) // never the transparent margin
		index[c] = i
		return i
	}
	// The source's pixels as palette indices, once.
	src := make([]uint8, iw*ih)
	for y := 0; y < ih; y++ {
		for x := 0; x < iw; x++ {
			src[y*iw+x] = idx(img.RGBAAt(r.Min.X+x, r.Min.Y+y))
		}
	}
	out := image.NewPaletted(image.Rect(0, 0, a.W, a.H), pal) // all Transparent
	if iw == 0 || ih == 0 {
		return out
	}
	l := fit(iw, ih, a.W, a.H)
	for y := 0; y < l.h; y++ {
		sy := y * ih / l.h
		row := out.Pix[(l.y+y)*out.Stride+l.x:]
		for x := 0; x < l.w; x++ {
			row[x] = src[sy*iw+x*iw/l.w]
		}
	}
	return out
}

// Transparent is the palette index of an encoding's margin: transparent
// in the PNG (kitty, inline images), never painted in a sixel.
const Transparent = 0

// Encode draws img for protocol p over c cells of cell pixels each, without
// the cache (Get caches). id is the kitty image id; sixel ignores it.
func Encode(img *image.RGBA, p Protocol, c Cells, cell Pixels, id uint32) *Image {
	if img == nil || c.W <= 0 || c.H <= 0 || cell.W <= 0 || cell.H <= 0 {
		return nil
	}
	a := Area(c, cell)
	pm := paletted(img, a)
	e := &Image{Protocol: p, Cells: c, Px: a}
	switch p {
	case Kitty:
		e.ID = id
		e.Data = kitty(pm, id)
	case Sixel:
		e.Data = sixel(pm)
	case ITerm:
		e.Data = iterm(pm, c)
	default:
		return nil
	}
	return e
}

// pngBuffers keeps the PNG encoder's compressor between encodings (most
// of an encoding's allocation).
type pngBuffers struct{}

var pngPool sync.Pool

func (pngBuffers) Get() *png.EncoderBuffer {
	b, _ := pngPool.Get().(*png.EncoderBuffer)
	return b
}
func (pngBuffers) Put(b *png.EncoderBuffer) { pngPool.Put(b) }

// pngOf is pm as a PNG, best compression.
func pngOf(pm *image.Paletted) []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression, BufferPool: pngBuffers{}}
	if err := enc.Encode(&buf, pm); err != nil {
		return nil
	}
	return buf.Bytes()
}

// iterm is pm as an inline image over c cells: drawn at the cursor like a
// sixel (it stays in the cells and is sent again when they are redrawn).
func iterm(pm *image.Paletted, c Cells) string {
	raw := pngOf(pm)
	if raw == nil {
		return ""
	}
	return "\x1b]1337;File=inline=1;size=" + strconv.Itoa(len(raw)) + ";width=" + strconv.Itoa(c.W) + ";height=" + strconv.Itoa(c.H) +
		";preserveAspectRatio=0:" + base64.StdEncoding.EncodeToString(raw) + "\a"
}

// kitty is the transmission of pm as a PNG under image id. Best
// compression: it costs the server once per encoding (the cache) and saves
// bytes on every session's wire (a third at the zoom's size).
func kitty(pm *image.Paletted, id uint32) string {
	raw := pngOf(pm)
	if raw == nil {
		return ""
	}
	b64 := base64.StdEncoding.EncodeToString(raw)
	var b strings.Builder
	b.Grow(len(b64) + (len(b64)/chunk+1)*16 + 64)
	for i := 0; i < len(b64) || i == 0; i += chunk {
		end := min(i+chunk, len(b64))
		more := "0"
		if end < len(b64) {
			more = "1"
		}
		b.WriteString("\x1b_G")
		if i == 0 {
			b.WriteString("a=t,f=100,q=2,i=")
			b.WriteString(strconv.FormatUint(uint64(id), 10))
			b.WriteByte(',')
		}
		b.WriteString("m=")
		b.WriteString(more)
		b.WriteByte(';')
		b.WriteString(b64[i:end])
		b.WriteString("\x1b\\")
	}
	return b.String()
}

// sixel is pm as a DCS sixel sequence.
func sixel(pm *image.Paletted) string {
	w, h := pm.Rect.Dx(), pm.Rect.Dy()
	var b strings.Builder
	b.Grow(w * h / 6 * 2)
	// P2=1: pixels not painted keep what was there: the margin
	// (Transparent) is never painted, so the terminal's background shows.
	b.WriteString("\x1bP0;1;0q\"1;1;")
	b.WriteString(strconv.Itoa(w))
	b.WriteByte(';')
	b.WriteString(strconv.Itoa(h))
	for i, c := range pm.Palette {
		if i == Transparent {
			continue
		}
		r, g, bl, _ := c.RGBA()
		b.WriteByte('#')
		b.WriteString(strconv.Itoa(i))
		b.WriteString(";2;")
		b.WriteString(strconv.Itoa(int((r>>8)*100+127) / 255))
		b.WriteByte(';')
		b.WriteString(strconv.Itoa(int((g>>8)*100+127) / 255))
		b.WriteByte(';')
		b.WriteString(strconv.Itoa(int((bl>>8)*100+127) / 255))
	}
	n := len(pm.Palette)
	used := make([]bool, n)
	bits := make([]byte, w) // one band's sixels for one colour
	for y0 := 0; y0 < h; y0 += 6 {
		rows := min(6, h-y0)
		clear(used)
		for dy := 0; dy < rows; dy++ {
			for _, ci := range pm.Pix[(y0+dy)*pm.Stride : (y0+dy)*pm.Stride+w] {
				used[ci] = true
			}
		}
		first := true
		for ci := 0; ci < n; ci++ {
			if !used[ci] || ci == Transparent {
				continue
			}
			clear(bits)
			for dy := 0; dy < rows; dy++ {
				row := pm.Pix[(y0+dy)*pm.Stride:]
				for x := 0; x < w; x++ {
					if int(row[x]) == ci {
						bits[x] |= 1 << dy
					}
				}
			}
			if !first {
				b.WriteByte('$')
			}
			first = false
			b.WriteByte('#')
			b.WriteString(strconv.Itoa(ci))
			// Run-length encode; trailing empty sixels are left out.
			end := w
			for end > 0 && bits[end-1] == 0 {
				end--
			}
			for x := 0; x < end; {
				run := 1
				for x+run < end && bits[x+run] == bits[x] {
					run++
				}
				ch := byte(63 + bits[x])
				if run > 3 {
					b.WriteByte('!')
					b.WriteString(strconv.Itoa(run))
					b.WriteByte(ch)
				} else {
					for range run {
						b.WriteByte(ch)
					}
				}
				x += run
			}
		}
		if y0+6 < h {
			b.WriteByte('-')
		}
	}
	b.WriteString("\x1b\\")
	return b.String()
}
