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
}
