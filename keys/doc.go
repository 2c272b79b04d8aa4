// Package keys loads or creates the server's host key, derives player
// identities from public keys, and reads allow and admin key files.
package keys
