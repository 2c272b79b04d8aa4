package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the objects (places.go, things).
func init() {
	i18n.Add(map[string]string{
		"The Candlestick":    "Le Bougeoir",
		"The Rope":           "La Corde",
		"The Pocket Watch":   "La Montre à gousset",
		"The Poison Bottle":  "La Fiole de poison",
		"The Letter Opener":  "Le Coupe-papier",
		"The Hunting Rifle":  "Le Fusil de chasse",
		"The Pearl Necklace": "Le Collier de perles",
		"The Carnival Mask":  "Le Masque de carnaval",
		"The Music Box":      "La Boîte à musique",
		"The Teacup":         "La Tasse à thé",
		"The Pruning Shears": "Le Sécateur",
		"The Fire Poker":     "Le Tisonnier",
		"The Iron Key":       "La Clé de fer",
		"The Account Ledger": "Le Livre de comptes",
		"The Servants' Bell": "La Sonnette",
		"The Hat Pin":        "L'Épingle à chapeau",
		"The Cake Knife":     "Le Couteau à gâteau",
		"The Oil Lamp":       "La Lampe à huile",
		"The Violin Bow":     "L'Archet",
		"The Hand Mirror":    "Le Miroir à main",
	})
}
