// Package v2hello held the measured prototype of the move to Charm's v2
// stack: the hello shape of the server on Bubble Tea, Lip Gloss and Wish v1
// (v1hello) and v2 (v2hello), and the load tool that compared them. Its v1
// half needed v1 in go.mod, so it went with the move; it is in the history
// at commit 428d652, and its figures, with the move's, are in
// docs/performance.md.
package v2hello
