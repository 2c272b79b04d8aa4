package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
	"github.com/mattn/go-runewidth"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/session/cardart"
	mterm "github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

func init() {
	register(&command{
		name:    "deck",
		summary: "check, list and draw the cards (check | list | show ID | sheet)",
		run:     runDeck,
	})
}

const deckUsage = `Usage:
  mysterium deck check [--deck DIR]          validate a deck and print its counts
  mysterium deck list  [--deck DIR] [--json] list every card with its tags
  mysterium deck show ID [--deck DIR] [--size thumb|card|zoom|fit] [--color truecolor|256|16|plain]
                     [--images kitty|sixel|iterm|auto|off] [--cell WxH]
  mysterium deck sheet [--deck DIR] [--kind vision|character|location|object] [--color ...] [--width N]
                     [--images kitty|sixel|iterm|auto|off] [--cell WxH]
`

func runDeck(_ context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, deckUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("deck "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, deckUsage) }
	dir := fs.String("deck", "", "custom deck folder (default: the built-in deck)")
	var (
		asJSON *bool
		size   *string
		colour *string
		kind   *string
		width  *int
		images *string
		cell   *string
	)
	switch sub {
	case "check":
	case "list":
		asJSON = fs.Bool("json", false, "print a JSON array")
	case "show":
		size = fs.String("size", "card", "thumb, card, zoom or fit")
		colour = fs.String("color", "", "truecolor, 256, 16 or plain (default: detect)")
		images = fs.String("images", "off", "draw as images: kitty, sixel, iterm, auto (ask the terminal) or off")
		cell = fs.String("cell", "", "a cell's size in pixels, e.g. 10x20 (default: ask the terminal)")
	case "sheet":
		images = fs.String("images", "off", "draw as images: kitty, sixel, iterm, auto (ask the terminal) or off")
		cell = fs.String("cell", "", "a cell's size in pixels, e.g. 10x20 (default: ask the terminal)")
		colour = fs.String("color", "", "truecolor, 256, 16 or plain (default: detect)")
		kind = fs.String("kind", "", "only this kind of card")
		width = fs.Int("width", 0, "columns to fill (default: the terminal's width)")
	default:
		fmt.Fprintf(stderr, "mysterium deck: unknown subcommand %q\n\n%s", sub, deckUsage)
		return 2
	}
	// Allow "show ID --size zoom" as well as "show --size zoom ID".
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}

	d, err := openDeck(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "mysterium deck: refusing the deck: %v\n", err)
		return 1
	}
	switch sub {
	case "check":
		if len(pos) > 0 {
			fmt.Fprintln(stderr, "mysterium deck check: unexpected argument", pos[0])
			return 2
		}
		fmt.Fprintf(stdout, "%s deck OK: %s\n", d.Source, d.Summary())
		return 0
	case "list":
		return deckList(d, *asJSON, stdout, stderr)
	case "show":
		if len(pos) != 1 {
			fmt.Fprintln(stderr, "mysterium deck show: give exactly one card id, e.g. V01 or C05")
			return 2
		}
		return deckShow(d, strings.ToUpper(pos[0]), *size, *colour, *images, *cell, stdout, stderr)
	default:
		return deckSheet(d, *kind, *colour, *width, *images, *cell, stdout, stderr)
	}
}

func openDeck(dir string) (*deck.Deck, error) {
	if dir == "" {
		return deck.Builtin(), nil
	}
	return deck.Load(dir)
}

// cardJSON is one card in `deck list --json`.
type cardJSON struct {
	ID    string   `json:"id"`
	Kind  string   `json:"kind"`
	Title string   `json:"title"`
	Alt   string   `json:"alt"`
	Tags  []string `json:"tags"`
	// Motifs names the things drawn on a built-in vision ([] elsewhere).
	Motifs []string `json:"motifs"`
	// Canvas is the picture's [width, height] in pixels.
	Canvas [2]int `json:"canvas"`
}

func deckList(d *deck.Deck, asJSON bool, stdout, stderr io.Writer) int {
	cards := d.All()
	if asJSON {
		out := make([]cardJSON, 0, len(cards))
		for _, c := range cards {
			motifs := c.Motifs
			if motifs == nil {
				motifs = []string{}
			}
			out = append(out, cardJSON{ID: c.ID, Kind: string(c.Kind), Title: c.Title, Alt: c.Alt, Tags: c.Tags,
				Motifs: motifs, Canvas: [2]int{c.Image.Rect.Dx(), c.Image.Rect.Dy()}})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, "mysterium deck list:", err)
			return 1
		}
		return 0
	}
	for _, c := range cards {
		fmt.Fprintf(stdout, "%-4s %-9s %-22s %s\n", c.ID, c.Kind, c.Title, strings.Join(c.Tags, " "))
	}
	return 0
}

// profileFor turns --color into a colour profile, or detects the terminal's.
func profileFor(colour string, stdout io.Writer) (colorprofile.Profile, error) {
	switch strings.ToLower(colour) {
	case "truecolor", "24bit", "true":
		return colorprofile.TrueColor, nil
	case "256":
		return colorprofile.ANSI256, nil
	case "16":
		return colorprofile.ANSI, nil
	case "plain", "none", "ascii":
		return cardart.Plain, nil
	case "":
		return mterm.LocalProfile(stdout, os.Environ()), nil
	}
	return 0, fmt.Errorf("unknown --color %q: use truecolor, 256, 16 or plain", colour)
}

func termSize(stdout io.Writer) (int, int) {
	if f, ok := stdout.(*os.File); ok {
		if w, h, err := term.GetSize(f.Fd()); err == nil && w > 0 && h > 0 {
			return w, h
		}
	}
	w, _ := strconv.Atoi(os.Getenv("COLUMNS"))
	h, _ := strconv.Atoi(os.Getenv("LINES"))
	if w <= 0 {
		w = 80
	}
	if h <= 0 {
		h = 24
	}
	return w, h
}

func deckShow(d *deck.Deck, id, size, colour, images, cell string, stdout, stderr io.Writer) int {
	c, ok := d.Card(id)
	if !ok {
		fmt.Fprintf(stderr, "mysterium deck show: no card %q in the %s deck\n", id, d.Source)
		return 1
	}
	p, err := profileFor(colour, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "mysterium deck show:", err)
		return 2
	}
	var s cardart.Size
	switch size {
	case "thumb":
		s = cardart.Thumb
	case "card":
		s = cardart.Card
	case "zoom":
		s = cardart.Zoom
	case "fit":
		w, h := termSize(stdout)
		s = cardart.Fit(w, h-2)
	default:
		fmt.Fprintf(stderr, "mysterium deck show: unknown --size %q: use thumb, card, zoom or fit\n", size)
		return 2
	}
	ip, px, err := imagesFor(images, cell, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "mysterium deck show:", err)
		return 2
	}
	if ip != graphics.None {
		deckShowImage(stdout, c, s, ip, px)
		return 0
	}
	fmt.Fprintln(stdout, cardart.Render(c, s, p))
	if p != cardart.Plain {
		fmt.Fprintf(stdout, "%s  %s\n", c.ID, c.Title)
	}
	return 0
}

// deckSheet prints every card as a thumbnail with its id and title below,
// as many per row as fit the width.
func deckSheet(d *deck.Deck, kind, colour string, width int, images, cell string, stdout, stderr io.Writer) int {
	p, err := profileFor(colour, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "mysterium deck sheet:", err)
		return 2
	}
	ip, px, err := imagesFor(images, cell, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "mysterium deck sheet:", err)
		return 2
	}
	if width <= 0 {
		width, _ = termSize(stdout)
	}
	kinds := deck.Kinds
	if kind != "" {
		k := deck.Kind(strings.ToLower(kind))
		found := false
		for _, x := range deck.Kinds {
			found = found || x == k
		}
		if !found {
			fmt.Fprintf(stderr, "mysterium deck sheet: unknown --kind %q\n", kind)
			return 2
		}
		kinds = []deck.Kind{k}
	}
	tw := cardart.Thumb.W + 1
	per := max(1, (width+1)/tw)
	for _, k := range kinds {
		cards := d.Cards(k)
		for i := 0; i < len(cards); i += per {
			row := cards[i:min(i+per, len(cards))]
			tiles := make([][]string, len(row))
			for j, c := range row {
				tiles[j] = strings.Split(cardart.Render(c, cardart.Thumb, p), "\n")
			}
			if ip != graphics.None {
				sheetRowImages(stdout, row, ip, px)
			}
			for y := 0; y < cardart.Thumb.H && ip == graphics.None; y++ {
				parts := make([]string, len(row))
				for j := range row {
					parts[j] = tiles[j][y]
				}
				fmt.Fprintln(stdout, strings.Join(parts, " "))
			}
			labels := make([]string, len(row))
			for j, c := range row {
				l := c.ID
				if c.Title != "" {
					l += " " + strings.TrimPrefix(c.Title, "The ")
				}
				l = runewidth.Truncate(l, cardart.Thumb.W, "…")
				labels[j] = l + strings.Repeat(" ", cardart.Thumb.W-runewidth.StringWidth(l))
			}
			fmt.Fprintln(stdout, strings.Join(labels, " "))
		}
	}
	return 0
}
