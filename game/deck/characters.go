package deck

import (
	"fmt"
	"image/color"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// Characters are built from a kit of parts drawn on a 16x24 grid and
// painted at twice the size, so that a 16x24-pixel thumbnail keeps every
// feature: a face, a hair style (slot 3), a hat (slot 4), facial features,
// an outfit (slot 1 main colour, slot 2 accent) and something held.

// part is a kit overlay: a grid placed at grid row y.
type part struct {
	y  int
	sp *sprite
}

func kit(name string, y int, grid string) part {
	p := part{y: y, sp: motif.Parse(name, grid)}
	if p.sp.W > 16 {
		panic("deck: kit part too wide: " + name)
	}
	return p
}

var face = kit("face", 4, `
......ssss......
.....ssssss.....
....ssssssss....
....ssssssss....
....ssksskss....
....ssssssss....
....sssSssss....
....ssssssss....
.....ssRRss.....
......ssss......`)

var hairs = map[string]part{
	"short": kit("short", 2, `
......3333......
....33333333....
...3333333333...
...333....333...
...33......33...
...3........3...`),
	"bald": kit("bald", 6, `
...33......33...
...33......33...
...3........3...`),
	"long": kit("long", 2, `
......3333......
....33333333....
...3333333333...
...3333333.333..
...33......33...
...33......33...
...33......33...
...33......33...
...33......33...
...33......33...
...333....333...
...33......33...`),
	"bun": kit("bun", 0, `
.......33.......
......3333......
......3333......
....33333333....
...3333333333...
...333....333...
...33......33...`),
	"curls": kit("curls", 2, `
.....333333.....
...3333333333...
..333333333333..
..3333....3333..
..33........33..
..333......333..
..33........33..
..333......333..
..33........33..
...3........3...`),
	"wig": kit("wig", 2, `
.....wwwwww.....
....wwwwwwww....
...wwwwwwwwww...
..wwww....wwww..
..ww........ww..
..wE........Ew..
..ww........ww..
..wE........Ew..`),
	"slick": kit("slick", 3, `
.....333333.....
....33333333....
....3333..33....
...3........3...`),
}

var hats = map[string]part{
	"tophat": kit("tophat", 0, `
.....444444.....
.....444444.....
.....444444.....
.....4KKKK4.....
..444444444444..`),
	"bowler": kit("bowler", 1, `
......4444......
.....444444.....
.....444444.....
...4444444444...`),
	"toque": kit("toque", 0, `
....wwwwwwww....
...wwwwwwwwww...
...wwwwwwwwww...
....wwwwwwww....
....EEEEEEEE....`),
	"maidcap": kit("maidcap", 2, `
.....w.ww.w.....
....wwwwwwww....`),
	"flatcap": kit("flatcap", 2, `
.....444444.....
....44444444....
...4444444444444`),
	"straw": kit("straw", 1, `
.....tttttt.....
.....tttttt.....
.....rrrrrr.....
.tttttttttttttt.`),
	"deerstalker": kit("deerstalker", 1, `
......4444......
....44444444....
...4444444444...
..444......444..
..44........44..`),
	"tiara": kit("tiara", 2, `
.......h........
......huh.......
....hhhhhhhh....`),
	"bonnet": kit("bonnet", 2, `
....44444444....
...4444444444...
..444444444444..
..444......444..
..44........44..
..44........44..
..44........44..
...4........4...
....w......w....`),
	"ribbon": kit("ribbon", 0, `
..iii......iii..
..iiiii..iiiii..
...iiiiRRiiiii..
..iii......iii..`),
}

var features = map[string]part{
	"moustache": kit("moustache", 11, `
....33333333....
....3......3....`),
	"beard": kit("beard", 10, `
....3......3....
....33....33....
....33333333....
.....333333.....
......3333......`),
	"glasses": kit("glasses", 7, `
.....KKKKKK.....
.....CkCCkC.....`),
	"monocle": kit("monocle", 7, `
........hhh.....
........h.h.....
........hhh.h...
............h...`),
	"mask": kit("eyemask", 5, `
............r...
...........rr...
...hhhhhhhhhh...
...hhhkhhkhhh...
....hhh..hhh....`),
	"freckles": kit("freckles", 10, `
....T.T..T.T....`),
	"smile": kit("smile", 12, `
......RssR......
.......RR.......`),
	"frown": kit("frown", 12, `
......sRRs......
......R..R......`),
	"brows": kit("brows", 7, `
.....33..33.....`),
	"rouge": kit("rouge", 10, `
....i......i....`),
}

var outfits = map[string]part{
	"coat": kit("coat", 14, `
......SSSS......
...111w22w111...
..1111w22w1111..
.11111wwww11111.
.111111ww111111.
.1111111w111111.
.11111111111111.
.11111111111111.
.11111111111111.
.11111111111111.`),
	"sash": kit("sash", 14, `
......SSSS......
...111wkkw111...
..1111wwww2211..
.111111ww221111.
.11111122w11111.
.1111122111h111.
.111122111hyh11.
.11122111111h11.
.11221111111111.
.12211111111111.`),
	"dress": kit("dress", 14, `
......SSSS......
....22222222....
..112222222211..
.11111222211111.
.11111111111111.
.11111111111111.
..111111111111..
..111111111111..
..111111111111..
..111111111111..`),
	"apron": kit("apron", 14, `
......SSSS......
...1111ww1111...
..111wwwwww111..
.1111wwwwww1111.
.1111wwwwww1111.
.1111wwwwww1111.
.111wwwwwwww111.
.111wwwwwwww111.
.111wwwwwwww111.
.111wwwwwwww111.`),
	"chef": kit("chef", 14, `
......2222......
...wwww22wwww...
..wwwww22wwwww..
.wwwwwwwwwwwwww.
.wwwwkwwwwkwwww.
.wwwwwwwwwwwwww.
.wwwwkwwwwkwwww.
.wwwwwwwwwwwwww.
.wwwwkwwwwkwwww.
.wwwwwwwwwwwwww.`),
	"cassock": kit("cassock", 14, `
......SSSS......
...111wwww111...
..1111kwwk1111..
.11111111111111.
.11111111111111.
.1111111e111111.
.111111eee11111.
.1111111e111111.
.11111111111111.
.11111111111111.`),
	"uniform": kit("uniform", 14, `
......SSSS......
...111wwww111...
..111111111111..
.11111211211111.
.11111111111111.
.11111211211111.
.11111111111111.
.11111211211111.
.11111111111111.
.11111211211111.`),
	"waistcoat": kit("waistcoat", 14, `
......SSSS......
...wwwwwwwwww...
..ww11wwww11ww..
.www111ww111www.
.www11111111www.
.www11k11k11www.
.www11111111www.
.www11k11k11www.
.www11111111www.
.www11111111www.`),
	"cape": kit("cape", 14, `
......SSSS......
....11122111....
...1111221111...
..111112211111..
.11111122111111.
.11111122111111.
1111111221111111
1111111221111111
1111111221111111
1111111221111111`),
	"gown": kit("gown", 14, `
......SSSS......
..ssssssssssss..
.ssssWwWwWwssss.
.sssssswWsssssss
.11sssssssssss1.
.11111111111111.
.11111111111111.
..111111111111..
..111111111111..
..111111111111..`),
	"overalls": kit("overalls", 14, `
......SSSS......
...2222222222...
..222212212222..
.22221111112222.
.22221111112222.
.22221111112222.
.22211111111222.
.22211111111222.
.22211111111222.
.22211111111222.`),
}

// person is one character's recipe.
type person struct {
	title, alt string
	tags       []string
	bg, pal    string
	hair, hat  string
	feats      []string
	outfit     string
	slots      [4]color.RGBA // outfit, accent, hair, hat
	held       string        // motif name or ""
	heldSlots  [4]color.RGBA // colours for the held motif's slots, if not its own
	skin       string        // "", "medium" or "deep"
}

// skins are the face and shade inks of each skin tone.
var skins = map[string][2]color.RGBA{
	"medium": {rgb(215, 175, 135), rgb(175, 135, 95)},
	"deep":   {rgb(175, 135, 95), rgb(135, 95, 95)},
}

var cast = []person{
	{title: "The Count", bg: "wall", pal: "gilded", hair: "bald", feats: []string{"brows", "moustache", "monocle"}, outfit: "sash",
		slots: [4]color.RGBA{rgb(28, 28, 28), rgb(215, 0, 0), rgb(188, 188, 188)},
		tags:  []string{"count", "nobleman", "monocle", "moustache", "sash", "medal", "gold"},
		alt:   "A bald, grey-moustached nobleman in a black coat with a red sash, a gold medal and a monocle, before red wallpaper."},
	{title: "The Countess", bg: "damask", pal: "rose", hair: "bun", hat: "tiara", feats: []string{"rouge"}, outfit: "gown",
		slots: [4]color.RGBA{rgb(135, 0, 175), {}, rgb(95, 0, 0)},
		tags:  []string{"countess", "noblewoman", "tiara", "pearls", "gown", "jewel", "royal"},
		alt:   "A dark-haired lady in a purple gown with a string of pearls and a jewelled tiara, against pink damask."},
	{title: "Margaret", bg: "sky", pal: "gilded", hair: "curls", hat: "ribbon", feats: []string{"rouge", "smile"}, outfit: "dress", held: "balloon",
		slots: [4]color.RGBA{rgb(255, 135, 175), rgb(255, 255, 255), rgb(255, 215, 95)},
		tags:  []string{"girl", "child", "birthday", "party", "ribbon", "curls"},
		alt:   "Margaret, the birthday girl: golden curls, a pink bow and a pink frock with a lace collar, holding a red balloon."},
	{title: "The Butler", bg: "panel", pal: "sepia", hair: "slick", feats: []string{"brows", "frown"}, outfit: "coat", held: "key",
		slots: [4]color.RGBA{rgb(28, 28, 28), rgb(28, 28, 28), rgb(28, 28, 28)},
		tags:  []string{"butler", "servant", "tailcoat", "bowtie", "formal"},
		alt:   "A stiff butler with slicked black hair, a black tailcoat and bow tie, holding up the heavy iron key of the house."},
	{title: "The Cook", bg: "wall", pal: "frost", hat: "toque", feats: []string{"smile", "moustache"}, outfit: "chef", held: "cakeknife",
		slots: [4]color.RGBA{{}, rgb(215, 0, 0), rgb(95, 0, 0)},
		tags:  []string{"cook", "chef", "servant", "kitchen", "moustache", "food"},
		alt:   "A moustached cook in a tall white hat and a white jacket with a red neckerchief, brandishing a cake knife."},
	{title: "The Governess", bg: "wall", pal: "moss", hair: "bun", feats: []string{"glasses", "frown"}, outfit: "dress", held: "wool",
		slots: [4]color.RGBA{rgb(78, 78, 78), rgb(238, 238, 238), rgb(95, 0, 0)},
		tags:  []string{"governess", "teacher", "spectacles", "strict", "servant"},
		alt:   "A strict governess with her hair in a bun and wire spectacles, in a grey dress, holding a ball of red wool and needles."},
	{title: "The Housemaid", bg: "wall", pal: "verdigris", hair: "short", hat: "maidcap", feats: []string{"freckles"}, outfit: "apron", held: "duster",
		slots: [4]color.RGBA{rgb(28, 28, 28), {}, rgb(135, 95, 0)},
		tags:  []string{"housemaid", "maid", "servant", "apron", "cleaning", "cap"},
		alt:   "A freckled housemaid in a black dress, white apron and frilled cap, holding a white feather duster."},
	{title: "The Lady's Maid", bg: "wall", pal: "dusk", skin: "deep", hair: "bun", outfit: "dress", held: "mirror",
		slots: [4]color.RGBA{rgb(0, 95, 175), rgb(255, 255, 255), rgb(175, 95, 0)},
		tags:  []string{"maid", "servant", "vanity", "hair", "lady"},
		alt:   "A dark-skinned, auburn-haired lady's maid in a blue dress with a white collar, holding up a silver hand mirror."},
	{title: "The Footman", bg: "damask", pal: "gilded", hair: "wig", outfit: "uniform", held: "candle",
		slots: [4]color.RGBA{rgb(0, 135, 0), rgb(255, 215, 0), rgb(238, 238, 238)},
		tags:  []string{"footman", "servant", "livery", "wig", "buttons"},
		alt:   "A young footman in a powdered white wig and green livery with gold buttons, carrying a lit candlestick."},
	{title: "The Coachman", bg: "night", pal: "midnight", hat: "tophat", feats: []string{"moustache"}, outfit: "cape", held: "lantern",
		slots: [4]color.RGBA{rgb(0, 0, 135), rgb(0, 95, 215), rgb(78, 78, 78), rgb(95, 95, 135)},
		tags:  []string{"coachman", "driver", "tophat", "cape", "travel"},
		alt:   "A coachman in a slate-grey top hat and a heavy blue cape, with a lantern against the starry night."},
	{title: "The Stable Boy", bg: "field", pal: "moss", hair: "short", hat: "flatcap", feats: []string{"freckles", "smile"}, outfit: "waistcoat", held: "horse", heldSlots: [4]color.RGBA{rgb(215, 215, 175), rgb(78, 78, 78)},
		slots: [4]color.RGBA{rgb(135, 95, 0), {}, rgb(215, 95, 0), rgb(95, 95, 0)},
		tags:  []string{"boy", "groom", "stables", "cap", "waistcoat"},
		alt:   "A freckled stable boy with ginger hair under a flat cap, in shirtsleeves and a brown waistcoat, beside a horse's head."},
	{title: "The Gardener", bg: "field", pal: "frost", hat: "straw", feats: []string{"beard"}, outfit: "overalls", held: "rose",
		slots: [4]color.RGBA{rgb(0, 135, 0), rgb(175, 135, 95), rgb(188, 188, 188)},
		tags:  []string{"gardener", "garden", "beard", "straw", "outdoors"},
		alt:   "A white-bearded gardener in a straw hat and green overalls, holding a red rose under a pale sky."},
	{title: "The Gamekeeper", bg: "forest", pal: "sepia", skin: "medium", hat: "deerstalker", feats: []string{"beard"}, outfit: "coat", held: "rifle",
		slots: [4]color.RGBA{rgb(95, 95, 0), rgb(0, 95, 0), rgb(215, 95, 0), rgb(135, 95, 0)},
		tags:  []string{"gamekeeper", "hunting", "beard", "tweed", "outdoors", "woods"},
		alt:   "A red-bearded gamekeeper in a tweed deerstalker and olive coat, with a hunting rifle, among bare trees."},
	{title: "The Family Doctor", bg: "panel", pal: "storm", hair: "bald", feats: []string{"glasses", "beard"}, outfit: "coat", held: "poison",
		slots: [4]color.RGBA{rgb(78, 78, 78), rgb(175, 0, 0), rgb(238, 238, 238)},
		tags:  []string{"doctor", "medicine", "spectacles", "beard", "bottle"},
		alt:   "An old doctor with a white beard and spectacles, in a grey coat, holding a green medicine bottle marked with a skull."},
	{title: "The Vicar", bg: "wall", pal: "verdigris", hair: "short", feats: []string{"glasses"}, outfit: "cassock", held: "book",
		slots: [4]color.RGBA{rgb(28, 28, 28), {}, rgb(188, 188, 188)},
		tags:  []string{"vicar", "church", "priest", "collar", "prayer"},
		alt:   "A grey-haired vicar in black with a white collar and a silver cross, holding an open book."},
	{title: "The Police Inspector", bg: "panel", pal: "storm", hat: "bowler", feats: []string{"moustache"}, outfit: "coat", held: "watch",
		slots: [4]color.RGBA{rgb(175, 135, 95), rgb(95, 0, 0), rgb(95, 0, 0), rgb(28, 28, 28)},
		tags:  []string{"inspector", "police", "bowler", "moustache", "investigation"},
		alt:   "A police inspector in a black bowler hat and a tan coat, with a thick moustache, checking his pocket watch."},
	{title: "The Conjurer", bg: "curtain", pal: "ember", skin: "medium", hat: "tophat", feats: []string{"brows", "smile", "moustache"}, outfit: "cape", held: "hare",
		slots: [4]color.RGBA{rgb(28, 28, 28), rgb(215, 0, 0), rgb(28, 28, 28), rgb(28, 28, 28)},
		tags:  []string{"conjurer", "magician", "magic", "tophat", "cape", "stage"},
		alt:   "A conjurer in a top hat and a black cape lined with red, on a stage between red curtains, with a hare at his side."},
	{title: "The Violinist", bg: "curtain", pal: "midnight", hair: "long", skin: "deep", outfit: "coat", held: "violin",
		slots: [4]color.RGBA{rgb(28, 28, 28), rgb(215, 0, 0), rgb(95, 0, 0)},
		tags:  []string{"violinist", "musician", "band", "bowtie", "long-hair"},
		alt:   "A long-haired violinist of the hired band in a black tailcoat and red bow tie, holding a violin."},
	{title: "The Masked Guest", bg: "damask", pal: "dusk", hair: "slick", feats: []string{"mask"}, outfit: "cape", held: "star",
		slots: [4]color.RGBA{rgb(95, 0, 135), rgb(215, 0, 0), rgb(28, 28, 28)},
		tags:  []string{"guest", "stranger", "disguise", "costume", "party", "cloak"},
		alt:   "A guest hidden behind a gold eye mask with a red plume, wrapped in a purple cloak lined with red."},
	{title: "The Nanny", bg: "sky", pal: "frost", hair: "short", hat: "bonnet", feats: []string{"rouge", "smile"}, outfit: "cape", held: "umbrella", heldSlots: [4]color.RGBA{rgb(215, 0, 0)},
		slots: [4]color.RGBA{rgb(0, 0, 135), rgb(238, 238, 238), rgb(135, 95, 0), rgb(0, 0, 135)},
		tags:  []string{"nanny", "nursemaid", "bonnet", "servant", "children"},
		alt:   "A rosy-cheeked nanny in a navy bonnet and cape, holding a red umbrella under a pale sky."},
}

// character draws one portrait.
func character(n int, c person) *Card {
	id := fmt.Sprintf("C%02d", n)
	img := newCanvas()
	p := palettes[c.pal]
	bg := backgrounds[c.bg]
	if p == nil || bg == nil {
		panic("deck: " + id + ": bad palette or background")
	}
	bg.paint(img, p, seedOf(id))
	pt := &paint{slots: c.slots}
	if sk, ok := skins[c.skin]; ok {
		pt.inks = map[byte]color.RGBA{'s': sk[0], 'S': sk[1]}
	}
	draw := func(pa part) { place(img, pa.sp, 0, pa.y*2, 2, false, pt) }
	draw(outfits[c.outfit])
	draw(face)
	if c.hair != "" {
		draw(hairs[c.hair])
	}
	for _, f := range c.feats {
		draw(features[f])
	}
	if c.hat != "" {
		draw(hats[c.hat])
	}
	tags := append([]string{}, c.tags...)
	if c.held != "" {
		m := motif.Get(c.held)
		u := use{m: m}
		putCenteredPaint(img, u, 17, 31, 1, &paint{slots: c.heldSlots})
		tags = append(tags, m.Tags...)
	}
	tags = append(tags, "person", p.mood, "portrait")
	tags = append(tags, measureColours(img)...)
	return &Card{ID: id, Kind: Character, Title: c.title, Alt: c.alt, Tags: dedupe(tags), Image: img}
}
