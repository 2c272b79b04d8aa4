package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the deck's own sentences (load.go). The cards' words are in
// fr_characters.go, fr_places.go, fr_objects.go, fr_visions.go and
// fr_tags.go.
func init() {
	i18n.Add(map[string]string{
		"%s, a picture from a custom deck.":                  "%s, une image d'un jeu personnalisé.",
		"A picture from a custom deck, with no description.": "Une image d'un jeu personnalisé, sans description.",
	})
	// Why a custom deck is refused (LoadError.Text). The manifest's own
	// words (deck.toml, title_fr, a key) stay as they are written.
	i18n.Add(map[string]string{
		"both deck.toml and deck.json exist; keep one":            "deck.toml et deck.json existent tous les deux ; n'en gardez qu'un",
		"cannot open the deck folder: %s":                         "impossible d'ouvrir le dossier du jeu : %s",
		"no deck.toml or deck.json manifest in this folder":       "aucun manifeste deck.toml ou deck.json dans ce dossier",
		"bad manifest: %s":                                        "manifeste invalide : %s",
		"bad manifest: unknown key %q":                            "manifeste invalide : clé inconnue %q",
		"not a regular file":                                      "ce n'est pas un fichier ordinaire",
		"file is %.1f MB; the limit is %d MB":                     "le fichier fait %.1f Mo ; la limite est de %d Mo",
		"file is over the %d MB limit":                            "le fichier dépasse la limite de %d Mo",
		"file not found":                                          "fichier introuvable",
		"permission denied":                                       "permission refusée",
		"id %q must be 1-8 letters and digits":                    "l'identifiant %q doit faire de 1 à 8 lettres et chiffres",
		"no image given":                                          "aucune image indiquée",
		"image %q must be a relative path inside the deck folder": "l'image %q doit être un chemin relatif dans le dossier du jeu",
		"a suspect card needs a title":                            "une carte de personnage, de lieu ou d'objet doit avoir un titre",
		"a vision card has no title, so no title_fr":              "une carte vision n'a pas de titre, donc pas de title_fr",
		"%s is not valid UTF-8":                                   "%s n'est pas de l'UTF-8 valide",
		"%s contains the control character %U":                    "%s contient le caractère de contrôle %U",
		"%s is longer than %d characters":                         "%s dépasse %d caractères",
		"more than %d tags":                                       "plus de %d étiquettes",
		"tag %q is not a short printable word":                    "l'étiquette %q n'est pas un mot court et imprimable",
		"not a PNG or JPEG image: %s":                             "ce n'est pas une image PNG ou JPEG : %s",
		"only PNG and JPEG images are supported, not %s":          "seules les images PNG et JPEG sont acceptées, pas %s",
		"image is %dx%d pixels; the limit is %.0f million pixels": "l'image fait %dx%d pixels ; la limite est de %.0f millions de pixels",
		"image does not decode: %s":                               "l'image ne se décode pas : %s",
		"card %q: unknown kind %q":                                "carte %q : type inconnu %q",
		"card %q: id used twice":                                  "carte %q : identifiant utilisé deux fois",
		"only %d vision cards; an edition needs at least %d":      "seulement %d cartes vision ; une édition en demande au moins %d",
		"only %d %s cards; an edition needs at least %d":          "seulement %d cartes %s ; une édition en demande au moins %d",
		// The suspect kinds, as the engine's categories say them (game).
		"character": "personnage",
		"location":  "lieu",
		"object":    "objet",
	})
}
