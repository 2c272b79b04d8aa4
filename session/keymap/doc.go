// Package keymap is the single source of a screen's keys: a Map is a
// screen's Bindings in the order the key bar and the ? help list them, each
// with its keys, its bar hint, its help sentence and what it does, enabled
// by phase, edition and seat. The bar (Map.Bar), the help (Map.HelpLines)
// and what a key does (Map.Run) come from the same list, so they cannot
// disagree. Key is a key as a session receives it: pressed, or pasted
// text.
package keymap
