// Package e2e holds the end-to-end scenarios: scripts in testdata/*.txtar
// (the testscript format of github.com/rogpeppe/go-internal) that start the
// real binary, drive real OpenSSH clients in a private tmux server and a
// real browser, and assert on what their screens show, read through the
// terminal emulator the load tool uses (internal/vt). `go test ./test/e2e`
// runs them all, in parallel; `go test ./test/e2e -run TestScripts/french`
// one. The commands a script can use are listed in e2e_test.go.
//
// The scenarios also take the README's screenshots: with -screens DIR every
// `shot` command writes its picture into DIR (go test ./test/e2e -screens
// docs/screens); without it the pictures are drawn but not kept.
package e2e
