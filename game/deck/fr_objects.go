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

	// The alt-texts, in card order (O01..O20).
	i18n.Add(map[string]string{
		"A brass candlestick with a white candle burning, alone on dark blue velvet.":          "Un bougeoir de laiton où brûle une bougie blanche, seul sur un velours bleu nuit.",
		"A rough rope knotted into a hangman's noose, dangling against dark red.":              "Une corde rêche nouée en nœud coulant de pendu, qui pend sur un fond rouge sombre.",
		"A gold pocket watch on its bow, its hands near a quarter to midnight, on teal cloth.": "Une montre à gousset en or suspendue à son anneau, les aiguilles près de minuit moins le quart, sur un tissu bleu canard.",
		"A green glass bottle with a cork and a skull on its white label, on dark grey.":       "Une fiole de verre vert bouchée de liège, une tête de mort sur son étiquette blanche, sur fond gris sombre.",
		"A thin silver letter opener with a gold guard, laid diagonally on pink silk.":         "Un fin coupe-papier d'argent à la garde dorée, posé en diagonale sur une soie rose.",
		"A long hunting rifle with a wooden stock, laid across green baize.":                   "Un long fusil de chasse à crosse de bois, posé en travers d'un tapis de feutre vert.",
		"A loop of white pearls with a pink pendant, spilled on navy velvet.":                  "Un rang de perles blanches au pendentif rose, répandu sur un velours bleu marine.",
		"A gold carnival mask with a red plume on a stick, on purple silk.":                    "Un masque de carnaval doré à plume rouge, monté sur une baguette, sur une soie violette.",
		"A plum-coloured music box with its lid open and a tiny pink dancer turning.":          "Une boîte à musique couleur prune, le couvercle ouvert, où tourne une minuscule danseuse rose.",
		"A white porcelain teacup with a blue band and a wisp of steam, on its saucer.":        "Une tasse à thé en porcelaine blanche cerclée de bleu, d'où monte un filet de vapeur, sur sa soucoupe.",
		"A pair of pruning shears with red handles, open, on green cloth.":                     "Un sécateur aux poignées rouges, ouvert, sur un tissu vert.",
		"An iron fire poker with a brass handle, against a red glow.":                          "Un tisonnier de fer à poignée de laiton, sur une lueur rouge.",
		"A heavy grey iron key with a ring bow, on deep red cloth.":                            "Une lourde clé de fer grise à l'anneau rond, sur un tissu rouge profond.",
		"A green leather ledger with gold tooling and a red ribbon marker.":                    "Un livre de comptes relié de cuir vert, doré au fer, avec un signet de ruban rouge.",
		"A brass bell hanging from its spring, as if about to ring for a servant.":             "Une sonnette de cuivre suspendue à son ressort, comme prête à appeler un domestique.",
		"A long steel hat pin topped with a red jewel in a lilac setting, on pale blue.":       "Une longue épingle à chapeau en acier, coiffée d'une pierre rouge sur une monture lilas, sur fond bleu pâle.",
		"A broad silver cake knife with a pink ribbon tied at the handle.":                     "Un large couteau à gâteau en argent, un ruban rose noué au manche.",
		"A brass oil lamp with a teal reservoir and a glass chimney, flame lit.":               "Une lampe à huile en laiton au réservoir bleu canard, avec sa cheminée de verre et sa flamme allumée.",
		"A long violin bow with pale horsehair and an ebony frog, slanting across purple.":     "Un long archet de violon aux crins pâles et à la hausse d'ébène, posé en biais sur fond violet.",
		"A silver hand mirror whose pale blue glass catches the light.":                        "Un miroir à main en argent dont la glace bleu pâle accroche la lumière.",
	})
}
