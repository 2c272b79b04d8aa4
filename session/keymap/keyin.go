package keymap

import (
	tea "charm.land/bubbletea/v2"
)

// Key is what the screens take from the player: a key pressed, or text
// pasted (a bracketed paste, one input however long).
//
// Bubble Tea v2 sends a paste as a message of its own (tea.PasteMsg), where
// v1 sent a key with a Paste flag; the screens keep taking both through one
// path, as they did. Keys keep v1's names (String): the space bar is " ",
// as the key maps and the help name it, where v2 says "space"; a paste
// names itself "[text]", so that no key binding matches it.
type Key struct {
	tea.Key
	Paste bool
}

// Pressed is the key of a key press.
func Pressed(k tea.KeyPressMsg) Key { return Key{Key: tea.Key(k)} }

// Pasted is the input of a paste.
func Pasted(p tea.PasteMsg) Key { return Key{Key: tea.Key{Text: p.Content}, Paste: true} }

func (k Key) String() string {
	switch {
	case k.Paste:
		return "[" + k.Text + "]"
	case k.Code == tea.KeySpace && k.Mod == 0:
		return " "
	}
	return k.Key.String()
}

// Typed is what the input types into a field: a paste's text, or the
// character of a key pressed without ctrl or alt ("" for every other key).
func (k Key) Typed() string {
	if k.Paste {
		return k.Text
	}
	if k.Mod&^(tea.ModShift|tea.ModCapsLock|tea.ModNumLock) != 0 {
		return ""
	}
	return k.Text
}

// Named is the key Bubble Tea names k (one character, "enter", "esc"...;
// " " is the space bar), as the decoder makes it.
func Named(k string) Key {
	codes := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	}
	if c, ok := codes[k]; ok {
		return Key{Key: tea.Key{Code: c}}
	}
	if k == "shift+tab" {
		return Key{Key: tea.Key{Code: tea.KeyTab, Mod: tea.ModShift}}
	}
	if len(k) > 5 && k[:5] == "ctrl+" {
		return Key{Key: tea.Key{Code: rune(k[5]), Mod: tea.ModCtrl}}
	}
	if len(k) > 4 && k[:4] == "alt+" {
		return Key{Key: tea.Key{Code: rune(k[4]), Mod: tea.ModAlt}}
	}
	var c rune
	for _, r := range k {
		c = r
		break
	}
	return Key{Key: tea.Key{Code: c, Text: k}}
}
