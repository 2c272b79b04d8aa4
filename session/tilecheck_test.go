package session

// Every test checks tileRow's promise: each tile line is exactly as wide
// as the row says (a wrong width would shift the columns after it).
func init() { verifyTiles = true }
