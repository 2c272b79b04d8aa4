//go:build race

package game

// raceEnabled is true under the race detector, which makes the property
// tests about ten times slower: they then play fewer games, so that
// `go test -race ./...` stays within a couple of minutes on a small machine.
// Plain `go test` plays the full size.
const raceEnabled = true
