// Package style holds a session's colours: Styles, the named styles of
// every screen (title, dim, selection, cursor, the six psychics' colours
// ...), built once per colour profile and shared by every session with
// that profile (For). Each draws a line as a prefix and a suffix worked
// out once, and the boxes remember their drawings. A psychic's label
// always pairs the colour with a symbol.
package style
