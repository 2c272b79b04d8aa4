package invite

// French for the invitation screen.

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		" INVITE YOUR FRIENDS": " INVITEZ VOS AMIS",
		" Copy this into your group chat (ssh HOST invite CODE prints it too):": " Copiez ceci dans votre discussion de groupe (ssh HÔTE invite CODE l'affiche aussi) :",
		" POINT A PHONE'S CAMERA AT THIS CODE":                                  " VISEZ CE CODE AVEC L'APPAREIL PHOTO D'UN TÉLÉPHONE",
		" The code needs a window of %dx%d: make this one larger.":              " Le code demande une fenêtre de %dx%d : agrandissez celle-ci.",
		"c goes back to the invitation, any other key to the tables.":           "c revient à l'invitation, toute autre touche aux tables.",
		"Send the invitation or show the code to a phone, then press any key.":  "Envoyez l'invitation ou montrez le code à un téléphone, puis appuyez sur une touche.",
		" c shows the link as a QR code, for a phone's camera.":                 " c montre le lien en code QR, pour l'appareil photo d'un téléphone.",
		"Send the invitation, then press any key.":                              "Envoyez l'invitation, puis appuyez sur une touche.",
	})
}
