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
}
