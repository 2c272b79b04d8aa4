package web

import (
	"crypto/sha256"
	"encoding/base64"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session"
)

// secretLen is the length of a browser's secret as the page makes it: 32
// random bytes, base64url without padding.
const secretLen = 43

// identityOf is the player a browser's hello names. The identity is the
// SHA-256 of the secret, so the server keeps only a hash, as it does for
// reclaim codes, yet the same browser is the same player after a reload, a
// dropped connection or a server restart. A missing or malformed secret (a
// browser without storage) makes a guest (an empty ID, see
// server.ServeTerminal), who gets a reclaim code.
func identityOf(secret, name string) session.Identity {
	who := session.Identity{Name: name}
	raw, err := base64.RawURLEncoding.DecodeString(secret)
	if len(secret) != secretLen || err != nil || len(raw) != 32 {
		return who
	}
	sum := sha256.Sum256(raw)
	who.ID = game.PlayerID("browser:" + base64.RawURLEncoding.EncodeToString(sum[:]))
	return who
}

// PlayerID is the player a browser's secret stands for, and false for a
// secret the page would never make (the player is then a guest).
func PlayerID(secret string) (game.PlayerID, bool) {
	who := identityOf(secret, "")
	return who.ID, who.ID != ""
}
