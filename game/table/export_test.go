package table

// CheckNoLeak lends checkNoLeak to the external tests (package table_test),
// so that both test packages judge goroutine leaks the same way.
var CheckNoLeak = checkNoLeak

// BotThink and VisionRead lend the bots' pace (botpace.go) to the
// external tests.
var (
	BotThink   = botThink
	VisionRead = visionRead
)
