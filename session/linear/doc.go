// Package linear says a table's changes as lines for a screen reader:
// ViewLines compares two updates of a seat's view and says what changed
// (a vision given, an intuition placed, a result, a chat line), in the
// reader's language with Words (cards by their titles, psychics by their
// colours' names, no drawing characters). The linear mode of a session
// (the P key) speaks these lines instead of drawing frames.
package linear
