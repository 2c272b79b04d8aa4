// Package layout measures and places text in terminal cells: a line's
// width as a terminal draws it (TextWidth), cutting, padding, spreading and
// wrapping lines to a width, fitting a block to a window (Fit), rows of
// card tiles joined without measuring their art (TileRow, WriteTileRowAt: every tile
// line is exactly the tile's width), the card sizes and how many cards fit
// a width (FitCards, ShortTitles), and SharedLines, lines drawn once for
// every session that draws the same input. It knows nothing of a session:
// each function's result depends on its arguments alone.
package layout
