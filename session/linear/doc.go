// Package linear is the linear mode of a session, for screen readers (the
// P key, --plain): each change is said as a line instead of a frame drawn.
// ViewLines compares two updates of a seat's view and says what changed (a
// vision given, an intuition placed, a result, a chat line), in the
// reader's language with Words (cards by their titles, psychics by their
// colours' names, no drawing characters); Mode is the mode itself: whether
// it is on, what it said last, the sand timer's moments, the line being
// typed echoed, and R's summary of where the player is.
//
// Its narrow interface: NewMode(shell, session) over the session's
// shell.Shell and a Session (the frame shown, whether the table or the
// lobby is the page, the pages themselves, whether the help is open); the
// session calls Set, Toggle, Resize and Take (the lines to say). It reads
// the same filtered views the screens draw, so it can say nothing a screen
// could not show; it never imports session.
package linear
