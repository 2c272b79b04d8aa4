package term

import (
	"bytes"
	"io"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// Feed reads keys (a KeyReader hands over one key, or a piece of a paste,
// per read), decodes each with Bubble Tea v2's decoder and sends the event
// to the program (send is its Send, which turns the event into its message:
// KeyPressMsg, PasteMsg, MouseClickMsg...) until the input ends.
//
// The program itself runs without an input reader (tea.WithInput(nil)):
// v2's reader builds a table of key sequences for every program, about
// 114 KiB a session, where the decoder needs none (docs/performance.md).
// A bracketed paste becomes one PasteEvent, as v2's own reader makes it;
// KeyReader has already bounded it (maxPaste) and counted it as one key.
func Feed(keys io.Reader, send func(tea.Msg)) {
	var (
		dec     uv.EventDecoder
		buf     [1024]byte
		pasting bool
		paste   []byte
	)
	for {
		n, err := keys.Read(buf[:])
		b := buf[:n]
		for len(b) > 0 {
			if pasting {
				if bytes.HasPrefix(b, []byte(pasteEnd)) {
					pasting = false
					send(uv.PasteEvent{Content: string(paste)})
					paste = paste[:0]
					b = b[len(pasteEnd):]
					continue
				}
				paste = append(paste, b...)
				break
			}
			k, ev := dec.Decode(b)
			if k == 0 {
				break
			}
			b = b[k:]
			switch ev := ev.(type) {
			case uv.PasteStartEvent:
				pasting = true
			case nil:
			case uv.MultiEvent:
				for _, e := range ev {
					send(e)
				}
			default:
				send(ev)
			}
		}
		if err != nil {
			return
		}
	}
}
