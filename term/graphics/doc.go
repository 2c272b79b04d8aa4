// Package graphics draws pictures in terminals that can show images: the
// kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole) and sixel
// (xterm -ti vt340, foot, WezTerm, Windows Terminal, mlterm, xterm.js with
// its image addon). It knows pictures as *image.RGBA and terminals as bytes:
// nothing of cards, sessions or SSH, so it sits beside term, under session,
// and the command line (mysterium deck show --images) uses it as the game
// will.
//
// # Encoding
//
// Encode(img, proto, rect, cell) turns a picture into what draws it over a
// rectangle of rect.W x rect.H cells whose cells are cell.W x cell.H pixels.
// The picture is scaled by the largest whole multiple that fits, nearest
// neighbour, never smoothed, centred, and the margin is left transparent,
// so the terminal's own background shows around the card (a coloured
// margin would read as a highlight); the screen blanks the cells under an
// image before it draws it, so no text shows through. A rectangle too
// small for the picture shrinks it by nearest neighbour; one larger than
// MaxPixels is encoded at that bound.
//
//   - Kitty: the picture is a paletted PNG (f=100) whose margin is
//     transparent (tRNS), base64 in chunks of 4096
//     bytes (m=1 ... m=0), transmitted with a=t and an image id (i=) that the
//     cache gives each encoding server-wide, quietly (q=2: no OK to read).
//     The image is not displayed by its transmission: Place puts it at the
//     cursor over the cell rectangle (a=p,i=,p=,c=,r=,C=1: the cursor does not
//     move) and Delete removes a placement (a=d,d=i,i=,p=) and keeps the
//     image, so it can be placed again without resending it.
//   - Sixel: DCS P2=1 q (pixels not painted keep what is under them) with
//     raster attributes "1;1;W;H, a palette of the picture's colours (pixel
//     art has few; more than 255 are mapped to the nearest of the first
//     255), and run-length encoded bands of six rows in which the margin's
//     pixels are never painted.
//     A sixel is drawn at the cursor and stays in the terminal's cells like
//     text, so it is sent again whenever its cells were drawn over.
//   - ITerm (iTerm2's inline images, also WezTerm's and xterm.js's): the
//     same PNG in one OSC 1337 File= sequence sized in cells; drawn at the
//     cursor and kept like a sixel. No reply announces it: a session may
//     offer it on a player's choice, not on the probe.
//
// # Cache
//
// Encodings are pure functions of (picture, protocol, cell rectangle, cell
// pixels), and cards are shared read-only by every table, so each is encoded
// once for the whole server and kept as an immutable *Image shared by all
// sessions (Get). The cache is bounded by bytes (CacheBudget): when it is
// exceeded everything is dropped and encoded again on demand, which a few
// milliseconds per card pays for; a client reporting odd cell sizes can
// make entries but not keep more than the budget.
//
// # Knowing the terminal
//
// Nothing is sent before the terminal says it can draw. At connect a session
// writes Query once: the kitty query (a=q with a 1x1 picture and the private
// id ProbeID), the cell size (CSI 16 t), the window size in pixels
// (CSI 14 t) and last the primary device attributes (CSI c), which every
// terminal answers, so its reply marks the end of the others. The session's
// key reader (term.KeyReader.OnCaps) takes the replies out of the input with
// Probe.Reply, one whole sequence at a time as it cuts keys, waiting for a
// reply cut between two reads (MayBeReply); a reply is client input, so a
// Probe holds nothing of its own but a few numbers, clamped, and ignores
// absurd sizes. Probe.Feed does the same on a raw byte stream. The session
// never waits for the replies: it draws half-block cards until Caps says
// otherwise (Caps.Protocol), then redraws. Silence means no images.
//
// # Placing images in frames
//
// term.Screen draws them: a frame is its text and a list of pictures, each
// a card's picture over a rectangle of cells (term.Pictures). The screen
// keeps the images on the terminal as (image, row, column) and for each
// frame:
//
//   - kitty: an image not yet transmitted in this session is transmitted
//     once, then placed by id at its top-left cell with a placement id of
//     the screen's; a placement whose picture left, moved or changed is
//     deleted before anything else is drawn. The cells under a placement
//     are written blank (the placement floats above them, and its margin is
//     transparent), and written again when it leaves.
//   - sixel and inline images: an image is drawn at its top-left cell when
//     it appears, moves or changes, and never otherwise: the rows it covers
//     are written around it (the cursor jumps over its columns), so a
//     changing line beside a card does not erase it. One that leaves has
//     its cells erased (ECH) and its rows written again. A picture is never
//     drawn in the screen's last row (the terminal would scroll).
//
// A resize, the linear mode and the end of the session delete every kitty
// image (and the terminal frees them); the next frame draws what it shows.
package graphics
