package hello

import (
	"strconv"
	"strings"
)

// Frame draws the hello screen of width×height cells: a coloured header
// (header is the session's style), the session's key count and its
// partner's, as "[k=N]" and "[p=N]" for the load tool to find, and filler
// lines, so that a frame is about the size of a small table screen.
func Frame(header func(string) string, room string, keys, partner, width, height int) string {
	var b strings.Builder
	b.Grow(width * height)
	b.WriteString(header(" hello " + room + " "))
	for i := 1; i < height; i++ {
		b.WriteByte('\n')
		switch i {
		case 2:
			b.WriteString("  keys pressed here [k=" + strconv.Itoa(keys) + "]")
		case 3:
			b.WriteString("  keys pressed by the partner [p=" + strconv.Itoa(partner) + "]")
		case height - 1:
			b.WriteString(header(" q quits "))
		default:
			if i%3 == 0 {
				b.WriteString("  a line of the screen that stays the same " + strconv.Itoa(i))
			}
		}
	}
	return b.String()
}

// Inline returns a function that draws a line as render does, from a
// prefix and a suffix worked out once: as the server's inline styles
// (session/faststyle.go) do, so that neither server pays for Lip Gloss at
// every frame and the comparison is of what remains.
func Inline(render func(string) string) func(string) string {
	const mark = "§"
	out := render(mark)
	i := strings.Index(out, mark)
	if i < 0 {
		return render
	}
	prefix, suffix := out[:i], out[i+len(mark):]
	return func(s string) string { return prefix + s + suffix }
}
