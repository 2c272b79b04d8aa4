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
// neighbour, never smoothed, centred, and the margin is painted in the
// picture's top-left pixel (a card's frame colour), so the image fills its
// cells exactly and covers whatever was drawn there before. A rectangle too
// small for the picture shrinks it by nearest neighbour; one larger than
// MaxPixels is encoded at that bound.
//
//   - Kitty: the picture is a paletted PNG (f=100), base64 in chunks of 4096
//     bytes (m=1 ... m=0), transmitted with a=t and an image id (i=) that the
//     cache gives each encoding server-wide, quietly (q=2: no OK to read).
//     The image is not displayed by its transmission: Place puts it at the
//     cursor over the cell rectangle (a=p,i=,p=,c=,r=,C=1: the cursor does not
//     move) and Delete removes a placement (a=d,d=i,i=,p=) and keeps the
//     image, so it can be placed again without resending it.
//   - Sixel: DCS q with raster attributes "1;1;W;H, a palette of the
//     picture's colours (pixel art has few; more than 256 are mapped to the
//     nearest of the first 256), and run-length encoded bands of six rows.
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
// terminal answers, so its reply marks the end of the others. Its input goes
// through a Probe, which takes the replies out of the byte stream and passes
// every other byte on as before (keys, pastes); a reply is client input, so
// the Probe holds at most a few dozen bytes of an unfinished sequence,
// clamps numbers and ignores absurd sizes. The session never waits for
// the replies: it draws half-block cards until Caps says otherwise
// (Caps.Protocol), then redraws. Silence means no images.
//
// # Placing images in frames (the integration)
//
// The screen writes lines that changed. An image is not a line: the frame
// writer will keep, per session, the images on screen as (protocol, image,
// row, column, rect), computed with the frame from the same layout that
// gives the half-block card its rectangle, and for each frame:
//
//   - kitty: for an image not yet transmitted in this session (a set of ids
//     the session sent), write its Transmit once; then, after the frame's
//     text, move the cursor to each new or moved card's top-left cell and
//     write Place with a placement id of the session's choice (one per
//     on-screen slot: hand card 3, zoom...). A card that left the screen,
//     moved, or whose slot changed picture gets Delete for its placement
//     before anything else is drawn. The half-block text under a placement
//     can stay as it is (the placement draws over it); on resize, pane
//     switch, zoom or a new game, every placement is deleted first.
//   - sixel: after the frame's text, write the card's Sixel at its top-left
//     cell whenever any of its rows was rewritten by the line diff (the text
//     erased it) or the card changed; the rows under a sixel are then marked
//     as holding the image, so the next diff that touches them redraws it.
//     Sixel output can scroll the screen at the bottom row, so a card is
//     never drawn in the screen's last row (DECSDM is not relied on).
//
// Both ways wrap their writes in the cursor save/restore (ESC 7, ESC 8) so
// the text cursor is where the frame left it.
package graphics
