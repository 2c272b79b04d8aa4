package game

// CheckNoLeak lends checkNoLeak to the external tests (package game_test),
// so that both test packages judge goroutine leaks the same way.
var CheckNoLeak = checkNoLeak
