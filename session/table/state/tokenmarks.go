package state

import (
	"strconv"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
)

// minIntuitionName is the fewest cells a column gives the name of the card
// an intuition is on: below it the name is unreadable ("T…") and the ghost
// cannot tell which card the psychic chose.
const MinIntuitionName = 9

// intuitionLabel is the label and the clairvoyance tokens for a column's
// intuition line colW wide whose card's name needs need cells whole: the long
// label and each token with its owner's symbol ("intuition: … [✘■ ✔✚]")
// where they fit, else the short label ("on …"), else the tokens counted
// ("on … 3✘ 1✔"), which say the psychics' doubt in a few cells (6
// psychics at 120 columns): the card's name comes first.
func IntuitionLabel(l i18n.Lang, st *style.Styles, tokens []game.TokenPlacement, colW, need int) (label, toks string) {
	long, short := l.T("  intuition: "), l.T("  on ")
	list, count := tokenList(st, tokens), tokenCount(tokens)
	// The whole name first, then a readable part of it.
	for _, need := range [2]int{need, min(need, MinIntuitionName)} {
		for _, f := range [][2]string{{long, list}, {short, list}, {long, count}, {short, count}} {
			if colW-layout.TextWidth(f[0])-layout.TextWidth(f[1]) >= need {
				return f[0], f[1]
			}
		}
	}
	return short, count
}

// tokenList is each token on an intuition with its owner's symbol: " [✘■ ✔✚]".
func tokenList(st *style.Styles, tokens []game.TokenPlacement) string {
	if len(tokens) == 0 {
		return ""
	}
	parts := make([]string, 0, len(tokens))
	for _, t := range tokens {
		parts = append(parts, t.Kind.Symbol()+st.Sym(t.From))
	}
	return " [" + strings.Join(parts, " ") + "]"
}

// tokenCount is the tokens on an intuition counted by kind: " 3✘ 1✔".
func tokenCount(tokens []game.TokenPlacement) string {
	yes, no := 0, 0
	for _, t := range tokens {
		if t.Kind == game.TokenYes {
			yes++
		} else {
			no++
		}
	}
	var b strings.Builder
	if no > 0 {
		b.WriteString(" " + strconv.Itoa(no) + game.TokenNo.Symbol())
	}
	if yes > 0 {
		b.WriteString(" " + strconv.Itoa(yes) + game.TokenYes.Symbol())
	}
	return b.String()
}
