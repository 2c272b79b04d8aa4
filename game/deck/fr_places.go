package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the locations (places.go).
func init() {
	i18n.Add(map[string]string{
		"The Library":        "La Bibliothèque",
		"The Attic":          "Le Grenier",
		"The Greenhouse":     "La Serre",
		"The Chapel":         "La Chapelle",
		"The Wine Cellar":    "La Cave à vin",
		"The Ballroom":       "La Salle de bal",
		"The Stables":        "Les Écuries",
		"The Kitchen":        "La Cuisine",
		"The Master Bedroom": "La Chambre du maître",
		"The Nursery":        "La Chambre d'enfant",
		"The Music Room":     "Le Salon de musique",
		"The Billiard Room":  "La Salle de billard",
		"The Hedge Maze":     "Le Labyrinthe",
		"The Boathouse":      "Le Hangar à bateaux",
		"The Family Crypt":   "La Crypte familiale",
		"The Clock Tower":    "La Tour de l'horloge",
		"The Servants' Hall": "L'Office",
		"The Dining Room":    "La Salle à manger",
		"The Laundry":        "La Buanderie",
		"The Study":          "Le Bureau",
	})

	// The alt-texts, in card order (L01..L20).
	i18n.Add(map[string]string{
		"Floor-to-ceiling shelves of red, green and blue books above a dark floor, with an open book on a lectern.":                                                      "Des rayonnages du sol au plafond, chargés de livres rouges, verts et bleus, au-dessus d'un plancher sombre ; un livre ouvert sur un lutrin.",
		"Under the sloping rafters of a dusty attic, a round window shows the moon; a spider hangs from a cobweb over an old trunk and a chair draped in a white sheet.": "Sous les chevrons en pente d'un grenier poussiéreux, une lucarne ronde laisse voir la lune ; une araignée pend à sa toile au-dessus d'une vieille malle et d'une chaise couverte d'un drap blanc.",
		"A white-framed glass house under a pale sky, full of potted ferns and a climbing red rose.":                                                                     "Une serre vitrée à l'armature blanche sous un ciel pâle, pleine de fougères en pot, où grimpe un rosier rouge.",
		"A stone chapel with a tall stained-glass window in red, blue and gold, rows of wooden pews and a burning candle.":                                               "Une chapelle de pierre avec un haut vitrail rouge, bleu et or, des rangées de bancs de bois et une bougie allumée.",
		"A vaulted stone cellar of wine barrels stacked on their sides and racks of dusty green bottles, lit by a lantern.":                                              "Une cave voûtée en pierre, éclairée par une lanterne : des tonneaux couchés les uns sur les autres et des casiers de bouteilles vertes poussiéreuses.",
		"A gilded ballroom under a blazing crystal chandelier, with marble pillars and a chequered dance floor.":                                                         "Une salle de bal dorée sous un lustre de cristal étincelant, avec des colonnes de marbre et une piste de danse en damier.",
		"A brown horse looks out over the half-door of a plank stall, with golden hay strewn on the floor.":                                                              "Un cheval brun passe la tête par-dessus la demi-porte d'une stalle en planches ; du foin doré jonche le sol.",
		"A tiled kitchen with copper pots hanging above a black iron stove, its fire glowing orange.":                                                                    "Une cuisine carrelée où des casseroles de cuivre pendent au-dessus d'un fourneau de fonte noire, dont le feu rougeoie.",
		"A four-poster bed with a deep red canopy and white pillows, in a room papered pink.":                                                                            "Un lit à baldaquin aux tentures rouge profond et aux oreillers blancs, dans une chambre tapissée de rose.",
		"A nursery papered with little stars: an empty wooden cradle, a red balloon drifting to the ceiling and a toy hare on the floor.":                                "Une chambre d'enfant tapissée de petites étoiles : un berceau de bois vide, un ballon rouge qui monte vers le plafond et un lièvre en jouet par terre.",
		"A black grand piano with its lid raised, a row of white keys, and a violin resting against the purple wall.":                                                    "Un piano à queue noir au couvercle levé, une rangée de touches blanches, et un violon appuyé contre le mur violet.",
		"A green billiard table seen from above its edge, coloured balls scattered on the baize under a hanging lamp.":                                                   "Un billard vert vu à hauteur de son bord, des boules de couleur éparpillées sur le tapis sous une lampe suspendue.",
		"A hedge maze seen from above: dark green walls and pale paths winding to a stone fountain at its heart.":                                                        "Un labyrinthe de haies vu d'en haut : des murs vert sombre et des allées pâles qui serpentent jusqu'à une fontaine de pierre en son centre.",
		"A wooden boathouse with a steep roof stands over dark lake water, a red rowing boat tied at its jetty.":                                                         "Un hangar à bateaux en bois au toit pentu se dresse sur l'eau sombre du lac, une barque rouge amarrée à son ponton.",
		"A stone crypt where a carved coffin lies beneath a dark arch, a skull and two candles keeping watch.":                                                           "Une crypte de pierre où repose un cercueil sculpté sous une arche sombre, veillé par un crâne et deux bougies.",
		"A tall stone clock tower against the night, its white face at ten to midnight, the moon and a raven beside it.":                                                 "Une haute tour de l'horloge en pierre sur le ciel de nuit, son cadran blanc à minuit moins dix, la lune et un corbeau à ses côtés.",
		"Below stairs: a row of brass bells on springs above a long scrubbed table set with plain mugs.":                                                                 "Au sous-sol des domestiques : une rangée de sonnettes de cuivre sur ressorts, au-dessus d'une longue table récurée garnie de simples chopes.",
		"A long dining table in white linen, set with silver and lit by a tall candelabra, beneath a gilt-framed portrait.":                                              "Une longue table nappée de lin blanc, dressée d'argenterie et éclairée par un grand candélabre, sous un portrait au cadre doré.",
		"White sheets hang from lines strung across a steamy laundry, over a wooden tub of soapy water.":                                                                 "Des draps blancs sèchent sur des cordes tendues à travers une buanderie embuée, au-dessus d'un baquet de bois plein d'eau savonneuse.",
		"A dark study: a heavy desk with a green-shaded lamp, a ledger and a letter opener, before a window full of red sunset.":                                         "Un bureau sombre : une lourde table de travail avec une lampe à abat-jour vert, un registre et un coupe-papier, devant une fenêtre rougie par le couchant.",
	})
}
