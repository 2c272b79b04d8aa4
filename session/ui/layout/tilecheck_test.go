package layout

// Every test checks TileRow's promise: each tile line is exactly as wide
// as the row says (a wrong width would shift the columns after it).
func init() { VerifyTiles = true }
