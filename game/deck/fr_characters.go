package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the characters (characters.go): titles follow the picture's
// gender and the French editions' habit of naming a suspect by trade.
func init() {
	i18n.Add(map[string]string{
		"The Count":            "Le Comte",
		"The Countess":         "La Comtesse",
		"Margaret":             "Margaret",
		"The Butler":           "Le Majordome",
		"The Cook":             "Le Cuisinier",
		"The Governess":        "La Gouvernante",
		"The Housemaid":        "La Bonne",
		"The Lady's Maid":      "La Camériste",
		"The Footman":          "Le Valet de pied",
		"The Coachman":         "Le Cocher",
		"The Stable Boy":       "Le Garçon d'écurie",
		"The Gardener":         "Le Jardinier",
		"The Gamekeeper":       "Le Garde-chasse",
		"The Family Doctor":    "Le Médecin",
		"The Vicar":            "Le Pasteur",
		"The Police Inspector": "L'Inspecteur",
		"The Conjurer":         "L'Illusionniste",
		"The Violinist":        "Le Violoniste",
		"The Masked Guest":     "L'Invité masqué",
		"The Nanny":            "La Nourrice",
	})

	// The alt-texts, in card order (C01..C20).
	i18n.Add(map[string]string{
		"A bald, grey-moustached nobleman in a black coat with a red sash, a gold medal and a monocle, before red wallpaper.":     "Un noble chauve à la moustache grise, en habit noir barré d'une écharpe rouge, avec une médaille d'or et un monocle, devant un papier peint rouge.",
		"A dark-haired lady in a purple gown with a string of pearls and a jewelled tiara, against pink damask.":                  "Une dame aux cheveux sombres en robe violette, un rang de perles au cou et un diadème serti de pierres, sur fond de damas rose.",
		"Margaret, the birthday girl: golden curls, a pink bow and a pink frock with a lace collar, holding a red balloon.":       "Margaret, dont c'est l'anniversaire : boucles dorées, nœud rose et robe rose à col de dentelle, un ballon rouge à la main.",
		"A stiff butler with slicked black hair, a black tailcoat and bow tie, holding up the heavy iron key of the house.":       "Un majordome guindé aux cheveux noirs plaqués, en queue-de-pie et nœud papillon noirs, qui brandit la lourde clé de fer de la maison.",
		"A moustached cook in a tall white hat and a white jacket with a red neckerchief, brandishing a cake knife.":              "Un cuisinier moustachu en haute toque blanche et veste blanche, un foulard rouge au cou, qui brandit un couteau à gâteau.",
		"A strict governess with her hair in a bun and wire spectacles, in a grey dress, holding a ball of red wool and needles.": "Une gouvernante sévère, cheveux en chignon et lunettes cerclées de métal, en robe grise, qui tient une pelote de laine rouge et ses aiguilles.",
		"A freckled housemaid in a black dress, white apron and frilled cap, holding a white feather duster.":                     "Une bonne aux taches de rousseur, en robe noire, tablier blanc et bonnet à volants, qui tient un plumeau blanc.",
		"A dark-skinned, auburn-haired lady's maid in a blue dress with a white collar, holding up a silver hand mirror.":         "Une camériste à la peau foncée et aux cheveux auburn, en robe bleue à col blanc, qui tend un miroir à main en argent.",
		"A young footman in a powdered white wig and green livery with gold buttons, carrying a lit candlestick.":                 "Un jeune valet de pied en perruque blanche poudrée et livrée verte à boutons dorés, qui porte un bougeoir allumé.",
		"A coachman in a slate-grey top hat and a heavy blue cape, with a lantern against the starry night.":                      "Un cocher en haut-de-forme gris ardoise et lourde cape bleue, une lanterne à la main, sous la nuit étoilée.",
		"A freckled stable boy with ginger hair under a flat cap, in shirtsleeves and a brown waistcoat, beside a horse's head.":  "Un garçon d'écurie roux aux taches de rousseur, casquette plate sur la tête, en bras de chemise et gilet brun, près d'une tête de cheval.",
		"A white-bearded gardener in a straw hat and green overalls, holding a red rose under a pale sky.":                        "Un jardinier à la barbe blanche, en chapeau de paille et salopette verte, qui tient une rose rouge sous un ciel pâle.",
		"A red-bearded gamekeeper in a tweed deerstalker and olive coat, with a hunting rifle, among bare trees.":                 "Un garde-chasse à la barbe rousse, en casquette de chasse en tweed et manteau olive, fusil de chasse en main, parmi des arbres dénudés.",
		"An old doctor with a white beard and spectacles, in a grey coat, holding a green medicine bottle marked with a skull.":   "Un vieux médecin à barbe blanche et lunettes, en manteau gris, qui tient une fiole verte marquée d'une tête de mort.",
		"A grey-haired vicar in black with a white collar and a silver cross, holding an open book.":                              "Un pasteur aux cheveux gris, vêtu de noir, col blanc et croix d'argent, qui tient un livre ouvert.",
		"A police inspector in a black bowler hat and a tan coat, with a thick moustache, checking his pocket watch.":             "Un inspecteur de police en chapeau melon noir et manteau fauve, à l'épaisse moustache, qui consulte sa montre à gousset.",
		"A conjurer in a top hat and a black cape lined with red, on a stage between red curtains, with a hare at his side.":      "Un illusionniste en haut-de-forme et cape noire doublée de rouge, sur une scène entre des rideaux rouges, un lièvre à ses côtés.",
		"A long-haired violinist of the hired band in a black tailcoat and red bow tie, holding a violin.":                        "Un violoniste aux cheveux longs, de l'orchestre engagé pour la fête, en queue-de-pie noire et nœud papillon rouge, son violon à la main.",
		"A guest hidden behind a gold eye mask with a red plume, wrapped in a purple cloak lined with red.":                       "Un invité caché derrière un loup doré orné d'une plume rouge, drapé dans une cape violette doublée de rouge.",
		"A rosy-cheeked nanny in a navy bonnet and cape, holding a red umbrella under a pale sky.":                                "Une nourrice aux joues roses, en capeline et cape bleu marine, qui tient un parapluie rouge sous un ciel pâle.",
	})
}
