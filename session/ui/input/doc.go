// Package input is a one-line text field (Field) for chat, notes, the
// lobby's prompts: its cursor never blinks (a blinking cursor would repaint
// every watcher's screen), it draws only with the session's styles and
// language as they are when it draws, it has no clipboard key, and each
// change gives it a new revision number (Rev) that a frame memo can key on.
package input
