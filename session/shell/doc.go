// Package shell is what every page of one session shares: Shell holds who
// plays (Identity), what the command line asked for (Start), the window's
// size, the styles, the flash line above the keys, the clock, the turn
// alerts (Alerts), the cards drawn as images and what drawing a frame
// remembers (the cuts, the cleaned names, the fitted body, BodyMemo, the
// rectangles taps land in: Hits); Frame and FrameWithBanner lay a page's
// header, body, keys and status out in the window.
//
// Its narrow interface upwards is Host: what a page (the table) asks of the
// session holding it (leave the table, whether the linear mode is on, the
// whole frame for a tap, the hub's next game). It imports no page and never
// imports session.
package shell
