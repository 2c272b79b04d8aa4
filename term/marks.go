package term

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// A picture's place in a frame is found in the frame itself, never worked
// out again from the layout: the code that draws a card puts a mark (an
// APC string, zero cells wide, which every layout step keeps as it keeps
// colours) at the start of the card's first line, and FindMarks reads the
// marks' cells out of the finished frame and takes them out. A mark names
// its picture by a key of the caller's (a card's id) and carries the
// rectangle's size, so a frame built from remembered pieces (a screen's
// memo) still holds marks that mean what they meant.
const (
	markStart = "\x1b_mysterium-picture;"
	markEnd   = "\x1b\\"
)

// Mark is a picture's mark found in a frame: its key, its top-left cell
// (0-based) and its rectangle.
type Mark struct {
	Key      string
	Row, Col int
	Cells    graphics.Cells
}

// MarkPicture returns the mark to write at the start of the first line of a
// picture of c cells known by key (which must not hold ';' or ESC).
func MarkPicture(key string, c graphics.Cells) string {
	return markStart + key + ";" + strconv.Itoa(c.W) + ";" + strconv.Itoa(c.H) + markEnd
}

// FindMarks returns frame without its marks, and the marks with the cells
// they were at. A frame without marks is returned as it is.
func FindMarks(frame string) (string, []Mark) {
	if !strings.Contains(frame, markStart) {
		return frame, nil
	}
	var marks []Mark
	var b strings.Builder
	b.Grow(len(frame))
	for row, line := range strings.Split(frame, "\n") {
		if row > 0 {
			b.WriteByte('\n')
		}
		for {
			i := strings.Index(line, markStart)
			if i < 0 {
				b.WriteString(line)
				break
			}
			j := strings.Index(line[i:], markEnd)
			if j < 0 {
				b.WriteString(line)
				break
			}
			before := line[:i]
			body := line[i+len(markStart) : i+j]
			line = line[i+j+len(markEnd):]
			b.WriteString(before)
			if m, ok := parseMark(body); ok {
				m.Row, m.Col = row, ansi.StringWidth(lastLine(b.String()))
				marks = append(marks, m)
			}
		}
	}
	return b.String(), marks
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func parseMark(body string) (Mark, bool) {
	parts := strings.Split(body, ";")
	if len(parts) != 3 {
		return Mark{}, false
	}
	w, err1 := strconv.Atoi(parts[1])
	h, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return Mark{}, false
	}
	return Mark{Key: parts[0], Cells: graphics.Cells{W: w, H: h}}, true
}
