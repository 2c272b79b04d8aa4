package session

import (
	tea "charm.land/bubbletea/v2"
)

// keyIn is what the screens take from the player: a key pressed, or text
// pasted (a bracketed paste, one input however long).
//
// Bubble Tea v2 sends a paste as a message of its own (tea.PasteMsg), where
// v1 sent a key with a Paste flag; the screens keep taking both through one
// path, as they did. Keys keep v1's names (String): the space bar is " ",
// as the key maps and the help name it, where v2 says "space"; a paste
// names itself "[text]", so that no key binding matches it.
type keyIn struct {
	tea.Key
	paste bool
}

// pressed is the key of a key press.
func pressed(k tea.KeyPressMsg) keyIn { return keyIn{Key: tea.Key(k)} }

// pasted is the input of a paste.
func pasted(p tea.PasteMsg) keyIn { return keyIn{Key: tea.Key{Text: p.Content}, paste: true} }

func (k keyIn) String() string {
	switch {
	case k.paste:
		return "[" + k.Text + "]"
	case k.Code == tea.KeySpace && k.Mod == 0:
		return " "
	}
	return k.Key.String()
}

// text is what the input types into a field: a paste's text, or the
// character of a key pressed without ctrl or alt ("" for every other key).
func (k keyIn) text() string {
	if k.paste {
		return k.Text
	}
	if k.Mod&^(tea.ModShift|tea.ModCapsLock|tea.ModNumLock) != 0 {
		return ""
	}
	return k.Text
}

// keyNamed is the key Bubble Tea names k (one character, "enter", "esc"...;
// " " is the space bar), as the decoder makes it.
func keyNamed(k string) keyIn {
	codes := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	}
	if c, ok := codes[k]; ok {
		return keyIn{Key: tea.Key{Code: c}}
	}
	if k == "shift+tab" {
		return keyIn{Key: tea.Key{Code: tea.KeyTab, Mod: tea.ModShift}}
	}
	if len(k) > 5 && k[:5] == "ctrl+" {
		return keyIn{Key: tea.Key{Code: rune(k[5]), Mod: tea.ModCtrl}}
	}
	if len(k) > 4 && k[:4] == "alt+" {
		return keyIn{Key: tea.Key{Code: rune(k[4]), Mod: tea.ModAlt}}
	}
	var c rune
	for _, r := range k {
		c = r
		break
	}
	return keyIn{Key: tea.Key{Code: c, Text: k}}
}
