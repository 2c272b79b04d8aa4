package input

import (
	"strings"
	"sync/atomic"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"

	"github.com/charmbracelet/x/ansi"
)

// Field is a one-line text field. It is deliberately small instead of
// bubbles' textinput: its cursor never blinks (a blinking cursor repaints
// every watcher's screen twice a second), it draws only with the session's
// renderer, and it has no clipboard key (that would read the server's
// clipboard, not the player's). Pasted text arrives as runes and is kept.
type Field struct {
	value       []rune
	Pos         int
	limit       int
	placeholder string     // English, translated where drawn
	lang        *i18n.Lang // the session's language (Model.lang)
	focused     bool
	// st is the session's styles as they are now (Model.st): T and a
	// changed colour profile replace them, and a field made before must
	// draw with the new ones. (A copy would be 600 bytes, five a session.)
	st **style.Styles
	// Rev changes with every edit, focus change and new field (nextRev):
	// the frame memo's key for what the field shows.
	Rev uint64
	// Sets counts SetValue's calls: the linear mode's echo tells a line
	// cleared or filled by the session from one edited by keys.
	Sets int
}

// New is a focused field that draws in *lang with *st, as they are
// when it draws.
func New(placeholder string, limit int, lang *i18n.Lang, st **style.Styles) Field {
	return Field{
		limit:       limit,
		placeholder: placeholder,
		lang:        lang,
		focused:     true,
		st:          st,
		Rev:         nextRev(),
	}
}

func (in *Field) Value() string { return string(in.value) }

func (in *Field) SetValue(s string) {
	in.value = []rune(s)
	if in.limit > 0 && len(in.value) > in.limit {
		in.value = in.value[:in.limit]
	}
	in.Pos = len(in.value)
	in.Rev = nextRev()
	in.Sets++
}

func (in *Field) Focus() { in.focused = true; in.Rev = nextRev() }
func (in *Field) Blur()  { in.focused = false; in.Rev = nextRev() }

// Update edits the line for one key. It reports whether the key was used.
func (in *Field) Update(k keymap.Key) bool {
	if in.edit(k) {
		in.Rev = nextRev()
		return true
	}
	return false
}

func (in *Field) edit(k keymap.Key) bool {
	if t := k.Typed(); t != "" {
		rs := []rune(t)
		clean := make([]rune, 0, len(rs))
		for _, r := range rs {
			// Controls never enter the line (the server sanitises again).
			if r == '\n' || r == '\r' || r == '\t' {
				r = ' '
			}
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				continue
			}
			clean = append(clean, r)
		}
		if in.limit > 0 && len(in.value)+len(clean) > in.limit {
			clean = clean[:max(0, in.limit-len(in.value))]
		}
		v := append([]rune{}, in.value[:in.Pos]...)
		v = append(v, clean...)
		in.value = append(v, in.value[in.Pos:]...)
		in.Pos += len(clean)
		return true
	}
	switch k.String() {
	case "backspace":
		if in.Pos > 0 {
			in.value = append(in.value[:in.Pos-1], in.value[in.Pos:]...)
			in.Pos--
		}
	case "delete":
		if in.Pos < len(in.value) {
			in.value = append(in.value[:in.Pos], in.value[in.Pos+1:]...)
		}
	case "left":
		if in.Pos > 0 {
			in.Pos--
		}
	case "right":
		if in.Pos < len(in.value) {
			in.Pos++
		}
	case "home", "ctrl+a":
		in.Pos = 0
	case "end", "ctrl+e":
		in.Pos = len(in.value)
	case "ctrl+u":
		in.value = in.value[in.Pos:]
		in.Pos = 0
	case "ctrl+w":
		i := in.Pos
		for i > 0 && in.value[i-1] == ' ' {
			i--
		}
		for i > 0 && in.value[i-1] != ' ' {
			i--
		}
		in.value = append(in.value[:i], in.value[in.Pos:]...)
		in.Pos = i
	default:
		return false
	}
	return true
}

// View draws the line in at most w cells, keeping the cursor visible.
func (in *Field) View(w int) string {
	if w < 4 {
		w = 4
	}
	if len(in.value) == 0 {
		ph := in.placeholder
		if in.lang != nil {
			ph = in.lang.T(ph)
		}
		if in.focused {
			return (*in.st).Reverse.Render(" ") + (*in.st).Dim.Render(layout.Cut(ph, w-1))
		}
		return (*in.st).Dim.Render(layout.Cut(ph, w))
	}
	before := string(in.value[:in.Pos])
	// Scroll so the cursor stays inside the field.
	for ansi.StringWidth(before) > w-2 {
		_, size := firstRune(before)
		before = before[size:]
	}
	var b strings.Builder
	b.WriteString((*in.st).Input.Render(before))
	if in.focused {
		at := " "
		rest := ""
		if in.Pos < len(in.value) {
			at = string(in.value[in.Pos])
			rest = string(in.value[in.Pos+1:])
		}
		b.WriteString((*in.st).Reverse.Render(at))
		room := w - ansi.StringWidth(before) - ansi.StringWidth(at)
		b.WriteString((*in.st).Input.Render(layout.Cut(rest, room)))
	} else {
		b.WriteString((*in.st).Input.Render(layout.Cut(string(in.value[in.Pos:]), w-ansi.StringWidth(before))))
	}
	return b.String()
}

func firstRune(s string) (rune, int) { // the first rune and its size in bytes
	for i, r := range s {
		if i == 0 {
			continue
		}
		return r, i
	}
	return 0, len(s)
}

// revisions numbers every change of a text field (Field) across all
// sessions, so that a field replaced by a new one (the lobby's code and
// name prompts share one) never repeats an earlier revision.
var revisions atomic.Uint64

func nextRev() uint64 { return revisions.Add(1) }
