package term

import "strings"

// The line being typed, in line mode. A terminal in raw mode echoes
// nothing, so a player typing in the chat of the linear mode would hear
// nothing until enter. Line-mode programs echo what is typed on the line
// it is typed on, and a screen reader reads the characters as they appear
// there; the line mode does the same without ever moving the cursor back:
// what is typed is added to the end of the open line, and a line said
// meanwhile ends it first (the next echo then starts a new line with the
// whole text, so the last line typed on always holds all of it).

// typingMark starts a line given to Say that is the text being typed
// rather than a line said: a line said never holds a NUL (the sanitiser
// and the line input both drop control characters).
const typingMark = "\x00"

// Typing marks text as the line the player is typing, for a Liner's lines:
// the terminal shows it on an open line, adding to what it shows already
// when text starts with it, else on a new line (a line said meanwhile, or
// text that is not the same line grown). It must be the text whole, not
// the characters added.
func Typing(text string) string { return typingMark + text }

// joinLines is lines as the terminal takes them: each line said ends with
// a carriage return and a line feed (the pty's output processing is not
// relied on); a line being typed (Typing) stays open, and what follows it
// starts on a line of its own. Writer only.
func (s *Screen) joinLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if text, ok := strings.CutPrefix(l, typingMark); ok {
			if s.typed != "" && strings.HasPrefix(text, s.typed) {
				b.WriteString(text[len(s.typed):])
			} else {
				b.WriteString(s.endTyped())
				b.WriteString(text)
			}
			s.typed = text
			continue
		}
		b.WriteString(s.endTyped())
		b.WriteString(l)
		b.WriteString("\r\n")
	}
	return b.String()
}

// endTyped ends the open line being typed, if there is one: what is
// written next goes below it. Writer only.
func (s *Screen) endTyped() string {
	if s.typed == "" {
		return ""
	}
	s.typed = ""
	return "\r\n"
}
