package server

import (
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/server/guests"
	"github.com/mysterium-ssh/mysterium/server/store"
)

// Table codes are read aloud and typed from a screen: characters from an
// alphabet without the look-alikes 0/O and 1/I, accepted in any case.
//
// A public table is listed in the lobby, so its code hides nothing and is
// short: four characters (K7QX). A private table can only be found by its
// code, so its code must be out of reach of guessing: eight characters
// (40 bits, 2^40 ≈ 1.1e12 codes), shown as two groups of four like a guest's
// reclaim code (K7QX-M2PD), typed with or without the dash. Wrong codes are
// limited (Limits.CodeFailuresPerIP, 10 in 10 minutes by default) per
// address, an IPv6 /64 counting as one, and per identity. At that rate one
// address tries 1,440 codes a day; with the server full of private tables
// (MaxTables, 100), the chance that it finds any one of them is
// 1,440 × 100 / 1.1e12 ≈ 1.3e-7 a day, about one in 20,000 a year, and a
// thousand addresses guessing for a year find one with a chance of about 5%.
// Four characters (2^20 codes) would fall to one address in about a week.
const codeAlphabet = guests.Alphabet // the reclaim codes' too

const (
	codeLen        = 4 // a public table's code
	privateCodeLen = 8 // a private table's code, without its dash
)

// newTableCode returns a random code: a public table's four characters, or
// a private table's eight as shown (K7QX-M2PD).
func newTableCode(private bool) string {
	n := codeLen
	if private {
		n = privateCodeLen
	}
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("server: no randomness for a table code: %v", err))
	}
	for i := range b {
		// 256 is a multiple of 32: every character is equally likely.
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return showCode(string(b))
}

// showCode puts the dash in a private table's eight characters.
func showCode(c string) string {
	if len(c) == privateCodeLen {
		return c[:4] + "-" + c[4:]
	}
	return c
}

// normaliseCode turns what a player typed into a code's normal form: upper
// case, and for eight characters the dash where it is shown, whether or not
// it was typed.
func normaliseCode(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	// A table's finished game N is kept as CODE.N.
	if table, n, ok := store.SplitArchived(s); ok {
		return store.ArchivedCode(normaliseCode(table), n)
	}
	if bare := strings.ReplaceAll(s, "-", ""); len(bare) == privateCodeLen {
		return showCode(bare)
	}
	return s
}

// looksLikeCode reports whether s can be a table code of either length.
func looksLikeCode(s string) bool {
	s = normaliseCode(s)
	if table, _, ok := store.SplitArchived(s); ok {
		s = table
	}
	bare := strings.ReplaceAll(s, "-", "")
	if len(bare) != codeLen && len(bare) != privateCodeLen {
		return false
	}
	for _, r := range bare {
		if !strings.ContainsRune(codeAlphabet, r) {
			return false
		}
	}
	return true
}
