package shell

import (
	"github.com/mysterium-ssh/mysterium/sanitize"
)

// cleaned remembers what the one sanitiser (sanitize/) made of the names,
// chat lines and lobby rows every frame draws again: name is
// sanitize.Name(s), text sanitize.Text(s, width) and line sanitize.Line(s,
// width). Keyed by the whole input; at most cleanMax entries (emptied when
// full); the model's own, like its cuts.
type cleaned struct {
	memo map[cleanKey]string
}

func (c *cleaned) Name(s string) string { return c.get(cleanKey{s: s, kind: cleanAsName}) }

func (c *cleaned) Text(s string, width int) string {
	return c.get(cleanKey{s: s, w: width, kind: cleanAsText})
}

func (c *cleaned) Line(s string, width int) string {
	return c.get(cleanKey{s: s, w: width, kind: cleanAsLine})
}

type cleanKey struct {
	s    string
	w    int
	kind int
}

const (
	cleanAsName = iota
	cleanAsText
	cleanAsLine
)

func (c *cleaned) get(k cleanKey) string {
	if out, ok := c.memo[k]; ok {
		return out
	}
	var out string
	switch k.kind {
	case cleanAsName:
		out = sanitize.Name(k.s)
	case cleanAsText:
		out = sanitize.Text(k.s, k.w)
	default:
		out = sanitize.Line(k.s, k.w)
	}
	if c.memo == nil || len(c.memo) >= cleanMax {
		c.memo = make(map[cleanKey]string, 16)
	}
	c.memo[k] = out
	return out
}

const cleanMax = 96
