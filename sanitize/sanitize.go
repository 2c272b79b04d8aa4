// Package sanitize is the one gate every string from a client passes before
// the server stores it, shows it to another player, or writes it to a log:
// user names, table names, chat, command arguments and environment values.
//
// A client controls these bytes completely, and other players' terminals
// render them. So the output never holds a C0 or C1 control character, an
// escape sequence (CSI, OSC, DCS, SOS, PM, APC are removed whole, not just
// their ESC byte), DEL, invalid UTF-8, a bidi override or isolate (which can
// make "alice" look like someone else or reorder a table), or an invisible
// format character; whitespace is collapsed to single spaces so one line stays
// one line; and both the display width and the byte length are bounded so a
// name cannot break a layout or bloat the database.
//
// Widths are measured with github.com/charmbracelet/x/ansi, the same grapheme
// based measure lipgloss uses to lay out the screens.
package sanitize

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

const (
	// NameWidth is the display width of a player's display name.
	NameWidth = 20
	// DefaultName replaces a display name that is empty after sanitising.
	DefaultName = "guest"
	// MaxWidth bounds every result, also when a caller passes a larger or a
	// non-positive width.
	MaxWidth = 1024
	// maxInput is the most input ever looked at (see Line), so a hostile
	// megabyte costs no CPU.
	maxInput = 64 << 10
	// maxCluster bounds the bytes of one grapheme cluster. The longest
	// legitimate clusters (family emoji, subdivision flags) are under 30
	// bytes; "Zalgo" text stacks hundreds of combining marks on one letter,
	// which draws over neighbouring lines in many terminals.
	maxCluster = 32
	// ellipsis marks a truncated result.
	ellipsis = "…"
)

// Line returns s as one safe line of at most maxWidth display columns:
// controls, escape sequences, DEL, invalid UTF-8, bidi controls and other
// invisible format characters removed, runs of whitespace (tabs and newlines
// included) collapsed to one space, leading and trailing space trimmed, and
// an ellipsis in place of whatever did not fit. A non-positive maxWidth, or
// one above MaxWidth, means MaxWidth.
//
// Line is idempotent: Line(Line(s, w), w) == Line(s, w).
func Line(s string, maxWidth int) string {
	if maxWidth <= 0 || maxWidth > MaxWidth {
		maxWidth = MaxWidth
	}
	// Look at no more input than could matter: the result holds at most
	// maxCluster bytes per column, and a hostile string is mostly junk that
	// gets removed; four times the result's byte budget leaves room for
	// that, and keeps a 64 KiB chat line to a name's worth of work when the
	// width is a name's.
	if limit := min(maxInput, 4*maxCluster*(maxWidth+1)); len(s) > limit {
		s = s[:limit]
	}
	// Removing characters can bring together pieces that the grapheme
	// segmentation then joins differently (a space and a combining mark, two
	// Hangul jamo), so a second round may still find something to change.
	// Each round only removes (or replaces a tail by one ellipsis), and in
	// practice one or two rounds reach the fixed point; the fuzz target
	// checks idempotence.
	for range 4 {
		t := fitWidth(clean(s), maxWidth)
		if t == s {
			break
		}
		s = t
	}
	return s
}

// Text sanitises a chat message: the same rules as Line (a chat message is
// shown on one line of the chat pane), bounded to maxWidth columns.
func Text(s string, maxWidth int) string {
	return Line(s, maxWidth)
}

// Name sanitises a display name to at most NameWidth columns. It is never
// empty: a name with nothing printable left becomes DefaultName.
func Name(s string) string {
	n := Line(s, NameWidth)
	if ansi.StringWidth(n) == 0 || n == ellipsis { // nothing visible (only combining marks, say)
		return DefaultName
	}
	return n
}

// clean removes escape sequences, controls, invalid UTF-8 and unwanted format
// characters, and collapses whitespace.
func clean(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false // a space is pending: written before the next visible rune
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			i++ // invalid UTF-8: drop the byte
			continue
		}
		switch {
		case r == 0x1b: // ESC
			i = skipEscape(s, i+size)
			continue
		case r == 0x9b: // C1 CSI
			i = skipCSI(s, i+size)
			continue
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // C1 DCS, SOS, OSC, PM, APC
			i = skipString(s, i+size)
			continue
		}
		i += size
		if unicode.IsSpace(r) || r == 0x3164 || r == 0xffa0 {
			// Tab, newline, CR, NEL, NBSP, the Unicode spaces, U+2028 and
			// U+2029 all become one ASCII space; so do the Hangul fillers,
			// letters that draw as blanks and are a classic way to make an
			// empty-looking or look-alike name.
			space = b.Len() > 0
			continue
		}
		if drop(r) {
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// drop reports whether a (non-space) rune is removed.
func drop(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f: // C0, DEL, C1
		return true
	case r == 0x200c, r == 0x200d: // ZWNJ and ZWJ: needed by emoji sequences and several scripts
		return false
	case r >= 0xe0020 && r <= 0xe007f: // tag characters: subdivision flags (England, Scotland)
		return false
	case unicode.Is(unicode.Cf, r):
		// Format characters: the bidi embeddings, overrides and isolates
		// (U+202A-U+202E, U+2066-U+2069), the marks U+200E, U+200F and
		// U+061C, zero width space, word joiner, BOM, soft hyphen,
		// interlinear annotations. All invisible, all usable to spoof.
		return true
	case unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r): // private use (no agreed glyph or width), surrogates
		return true
	case r&0xfffe == 0xfffe, r >= 0xfdd0 && r <= 0xfdef: // noncharacters
		return true
	}
	return false
}

// skipEscape returns the index just after the escape sequence whose ESC byte
// ended just before i. It follows ECMA-48 and what xterm accepts: CSI up to
// its final byte, OSC/DCS/SOS/PM/APC up to their terminator (BEL or ST), and
// any other ESC up to its final byte after optional intermediates.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// nF sequences: intermediates 0x20-0x2F, then a final byte 0x30-0x7E.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipCSI skips parameter (0x30-0x3F) and intermediate (0x20-0x2F) bytes and
// the final byte (0x40-0x7E). A byte outside those ranges aborts the sequence
// (as in a terminal) and is processed normally.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c >= 0x20 && c <= 0x3f:
			i++
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		default:
			return i
		}
	}
	return i
}

// skipString skips a control string (OSC, DCS, SOS, PM, APC) up to and
// including its terminator: BEL, ESC \, or the C1 ST (U+009C). An
// unterminated string runs to the end of the input, as it would swallow the
// rest of the output in a terminal.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			// Another ESC starts a new sequence; the string ends here.
			return i
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
		i++
	}
	return i
}

// fit bounds the cleaned string to maxWidth columns and to a byte budget,
// cluster by cluster, shortens overlong clusters, and ends a truncated result
// with an ellipsis.
func fit(s string, maxWidth int) string {
	var b strings.Builder
	width := 0
	budget := maxCluster * (maxWidth + 1)
	type mark struct{ bytes, width int }
	var marks []mark // output length and width after each cluster
	for len(s) > 0 {
		cluster, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if cluster == "" { // cannot happen for non-empty input; never loop forever
			break
		}
		s = s[len(cluster):]
		if len(cluster) > maxCluster {
			// Keep the base character, drop the pile of marks on it.
			_, size := utf8.DecodeRuneInString(cluster)
			cluster = cluster[:size]
		}
		// ansi.StringWidth, not the cluster width FirstGraphemeCluster
		// reports: lipgloss measures with StringWidth, which counts an
		// ASCII letter on its own even when a spacing mark follows it.
		w := ansi.StringWidth(cluster)
		if width+w > maxWidth || b.Len()+len(cluster) > budget {
			// Cut back to the last cluster that leaves room for the
			// ellipsis, then drop a trailing space.
			out := b.String()
			k := len(marks) - 1
			for k >= 0 && marks[k].width+1 > maxWidth {
				k--
			}
			if k < 0 {
				out = ""
			} else {
				out = out[:marks[k].bytes]
			}
			return strings.TrimRight(out, " ") + ellipsis
		}
		b.WriteString(cluster)
		width += w
		marks = append(marks, mark{b.Len(), width})
	}
	return b.String()
}

// fitWidth is fit plus a guarantee: StringWidth of a string is not always the
// sum over its clusters (StringWidth segments ASCII bytes on their own), so in
// the rare case the result still measures too wide, it is cut further.
func fitWidth(s string, maxWidth int) string {
	out := fit(s, maxWidth)
	for ansi.StringWidth(out) > maxWidth {
		body := strings.TrimSuffix(out, ellipsis)
		_, size := utf8.DecodeLastRuneInString(body)
		if size == 0 {
			return ellipsis
		}
		out = strings.TrimRight(body[:len(body)-size], " ") + ellipsis
	}
	return out
}
