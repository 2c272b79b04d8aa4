package pictures

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"This server draws every card in half blocks (the host turned images off).": "Ce serveur dessine toutes les cartes en demi-blocs (l'hôte a coupé les images).",
		"Cards drawn as images (%s). I switches back to half blocks.":               "Cartes dessinées en images (%s). I revient aux demi-blocs.",
		"Cards are words in this mode: I does nothing here.":                        "Les cartes sont en mots dans ce mode : I ne fait rien ici.",
		"Cards drawn in half blocks. I switches to images.":                         "Cartes dessinées en demi-blocs. I passe aux images.",
	})
}
