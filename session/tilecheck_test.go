package session

import "github.com/mysterium-ssh/mysterium/session/ui/layout"

// Every test of the screens checks layout.TileRow's promise: each tile line
// is exactly as wide as the row says (a wrong width would shift the
// columns after it).
func init() { layout.VerifyTiles = true }
