package server_test

// The hidden-information scans: a whole game in which every byte each psychic
// and spectator connection received is searched for the ghost's secrets.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// secret is a string that must never reach a psychic's or spectator's
// connection before the game is over.
type secret struct {
	token string
	kind  string // "hand", "trail", "culprit" or "ghost note"
}

// secrets lists what the psychics and spectators may not know during the
// game, in the words the ghost's own screen uses for it:
//   - every vision card never shown to them (the ghost's hand, the deck,
//     discards): its id, which captions a card and names it in plain mode;
//   - each psychic's trail, as the ghost's screen states it ("must find X");
//   - the culprit, which the ghost's screen marks with ☠;
//   - the ghost's note on each vision, which its screen shows while it
//     types it (a bot ghost's too, which no screen shows before the end).
func (r *run) secrets(fin *game.FinishedView) []secret {
	public := map[game.CardID]bool{}
	r.pubMu.Lock()
	for c := range r.public {
		public[c] = true
	}
	r.pubMu.Unlock()
	for _, rr := range fin.History {
		for _, v := range rr.Visions {
			for _, c := range v.Cards {
				public[c] = true
			}
		}
	}
	for _, p := range fin.Psychics {
		for _, c := range p.Vision {
			public[c] = true
		}
	}
	for _, c := range fin.Shared {
		public[c] = true
	}
	var out []secret
	for _, c := range r.tb.Config().Pools.Visions {
		if !public[c] {
			out = append(out, secret{string(c), "hand"})
		}
	}
	d := r.h.srv.Hub().Deck()
	for _, tr := range fin.Trails {
		for _, c := range tr.Cards {
			// The screen names a card by its title when the deck has one.
			out = append(out, secret{"must find " + string(c), "trail"})
			if card, ok := d.Card(string(c)); ok && card.Title != "" {
				out = append(out, secret{"must find " + card.Title, "trail"})
			}
		}
	}
	out = append(out, secret{"☠", "culprit"})
	// The ghost's notes, human or bot, in the very words a screen says
	// them, in every language.
	for _, n := range fin.GhostNotes {
		for _, said := range saidNotes(d, n) {
			out = append(out, secret{said, "ghost note"})
		}
	}
	return out
}

// saidNotes is a ghost's note as the screens say it in each language: a
// person's as written, a bot's (kept as tags) in the reader's words with
// the deck's card names.
func saidNotes(d *deck.Deck, n game.GhostNote) []string {
	var out []string
	for _, l := range i18n.All {
		said := n.Say(l, func(id game.CardID) string {
			if c, ok := d.Card(string(id)); ok {
				return c.NameIn(l)
			}
			return string(id)
		})
		if said != "" && !slices.Contains(out, said) {
			out = append(out, said)
		}
	}
	return out
}

// leaks returns the secrets found in a screen's text before its end screen.
func leaks(text string, secrets []secret) []secret {
	if i := endIndex(text); i >= 0 {
		text = text[:i]
	}
	var found []secret
	for _, s := range secrets {
		if containsToken(text, s.token) {
			found = append(found, s)
		}
	}
	return found
}

// containsToken reports whether text contains token as a word of its own: a
// card id inside a key fingerprint ("SHA256:…V12…") is not that card.
func containsToken(text, token string) bool {
	isWord := func(b byte) bool {
		return b == '+' || b == '/' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
	}
	for from := 0; ; {
		i := strings.Index(text[from:], token)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(token)
		if (i == 0 || !isWord(text[i-1])) && (j == len(text) || !isWord(text[j])) {
			return true
		}
		from = i + 1
	}
}

// TestHiddenInformation plays a whole game and scans every byte each
// psychic and spectator connection received (in the linear mode for screen
// readers, --plain, where everything is said in words, and with pictures) for the ghost's secrets. To show that
// the scan can fail, the same scan of the ghost's own connection must find
// each kind of secret there.
func TestHiddenInformation(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	// Three human psychics who find their trails, so the game reaches the
	// final phase and its culprit.
	// The third psychic plays in a browser: the scan covers the bytes of a
	// browser session's socket too.
	// The second psychic's terminal draws cards as kitty images, and a
	// second session of theirs, and a spectator's, as sixel images (at
	// another size): the scan covers the pictures too.
	r := setup(t, tableSpec{edition: game.Classic, psychics: 3, plain: true, watch: []bool{true, false}, smart: true, browser: true, graphics: []string{"", "kitty"}})
	r.notes = true
	r.ghostNotes = true
	dial := func(user string, key *sshtest.Key, proto string) *sshtest.Client {
		return sshtest.Dial(t, r.h.addr, sshtest.Options{User: user, Key: key, Pty: true, Width: 120, Height: 40, Command: r.code, Graphics: proto})
	}
	watcher := sshtest.NewKey(t)
	pictured := map[string]*sshtest.Client{
		"psychic 2 (kitty)": r.psychics[1].c,
		"psychic 2 (sixel)": dial(r.psychics[1].name, &r.psychics[1].key, "sixel"),
		"spectator (sixel)": dial("watcher9", &watcher, "sixel"),
		"the ghost (kitty)": dial(r.ghost.name, &r.ghost.key, "kitty"),
	}
	fin := r.finish()
	for who, c := range pictured {
		if err := c.Screen.WaitUntil(func(s string) bool { return endIndex(s) >= 0 }, "the end screen", wait); err != nil {
			t.Fatalf("%s: %v", who, err)
		}
	}
	if len(fin.GhostNotes) == 0 {
		t.Error("the ghost gave no vision with a note: the scan proves nothing about notes")
	}
	secrets := r.secrets(fin)
	// A psychic's marks and notes are theirs alone until the end.
	notesOf := map[*sshtest.Client][]string{}
	for _, p := range r.psychics {
		for n := range p.noted {
			notesOf[p.c] = append(notesOf[p.c], noteText(p, n))
		}
		if len(p.noted) == 0 {
			t.Errorf("%s wrote no note", p.name)
		}
	}
	for _, p := range r.psychics {
		text := p.c.Screen.Text()
		if i := endIndex(text); i >= 0 {
			text = text[:i]
		}
		for _, n := range notesOf[p.c] {
			if !containsToken(text, n) {
				t.Errorf("%s's own screen never showed their note %s: the scan could not catch a leak", p.name, n)
			}
		}
	}
	for c, ns := range notesOf {
		for _, n := range ns {
			secrets = append(secrets, secret{n, "note"})
		}
		_ = c
	}

	watchers := map[string]*sshtest.Client{"spectator (plain)": r.watch[0], "spectator": r.watch[1]}
	for i, p := range r.psychics {
		watchers[fmt.Sprintf("psychic %d", i+1)] = p.c
	}
	watchers["psychic 3 (browser)"] = watchers["psychic 3"]
	delete(watchers, "psychic 3")
	for who, c := range watchers {
		raw := c.Screen.Raw()
		t.Logf("%s received %d bytes", who, len(raw))
		// The linear mode (--plain) says each change once, in words: far
		// fewer bytes than screens redrawn, every one of them text.
		least := 10000
		if strings.Contains(who, "plain") || who == "psychic 1" {
			least = 4000
		}
		if len(raw) < least {
			t.Errorf("%s received only %d bytes: the scan would prove nothing", who, len(raw))
		}
		for _, s := range leaks(c.Screen.Text(), secrets) {
			if s.kind == "note" && slices.Contains(notesOf[c], s.token) {
				continue // their own
			}
			t.Errorf("%s's connection carried a secret (%s): %q", who, s.kind, s.token)
		}
	}
	for _, s := range leaks(r.ghost.c.Screen.Text(), secrets) {
		if s.kind == "note" {
			t.Errorf("the ghost's connection carried a psychic's note: %q", s.token)
		}
	}
	// After the game everybody sees them, in the end screen's notes.
	for who, c := range watchers {
		if err := c.Screen.WaitUntil(func(s string) bool {
			i := endIndex(s)
			return i >= 0 && strings.Contains(s[i:], "THEIR NOTES")
		}, "the notes after the game", wait); err != nil {
			t.Errorf("%s: %v", who, err)
		}
	}

	// The log never names a secret card either (nor any card: it logs
	// connections and table lifecycles, never a game's content).
	logText := r.logs.String()
	if !strings.Contains(logText, "table created") {
		t.Fatal("the server log was not captured")
	}
	for _, c := range r.tb.Config().Pools.Visions {
		if containsToken(logText, string(c)) && !r.public[c] {
			t.Errorf("the log names the secret vision card %s", c)
		}
	}
	for _, tr := range fin.Trails {
		for _, c := range tr.Cards {
			if containsToken(logText, string(c)) {
				t.Errorf("the log names the trail card %s", c)
			}
			if card, ok := r.h.srv.Hub().Deck().Card(string(c)); ok && strings.Contains(logText, card.Title) {
				t.Errorf("the log names the trail card %q", card.Title)
			}
		}
	}

	noteInLog(t, logText, fin, r.h.srv.Hub().Deck())

	// The pictures: every image a connection received before the end
	// screen is named by its bytes, and is a card its seat may see.
	ghostImages := imageLeaks(t, r, fin, pictured, secrets)
	kinds := map[string]int{}
	if ghostImages > 0 {
		kinds["hand (as an image)"] = ghostImages
	} else {
		t.Errorf("the image scan finds no card of the ghost's hand in the ghost's own images: it could not catch a leak")
	}
	for _, s := range leaks(r.ghost.c.Screen.Text(), secrets) {
		kinds[s.kind]++
	}
	t.Logf("secrets: %d; found on the ghost's own screen: %v", len(secrets), kinds)
	want := []string{"hand", "trail", "ghost note"}
	if fin.Final != nil {
		want = append(want, "culprit")
	}
	for _, k := range want {
		if kinds[k] == 0 {
			t.Errorf("the scan finds no %s secret on the ghost's screen either: it could not catch a leak", k)
		}
	}
}

// TestHiddenInformationWithABotGhost: a bot ghost writes its own note with
// every vision (the features it meant, game/bot). The scan finds none of
// them on any psychic's or spectator's connection before the end; after
// it, the host's replay shows them, in the words the scan looks for.
func TestHiddenInformationWithABotGhost(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	// The host (80x24) and a plain psychic, a bot psychic, two spectators.
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 1, plain: true, watch: []bool{true, false}, botGhost: true})
	fin := r.finish()
	secrets := r.secrets(fin)
	notes := 0
	for _, rr := range fin.History {
		for _, v := range rr.Visions {
			if n := game.GhostNoteFor(fin.GhostNotes, rr.Round, v.To); n.Bot == nil || n.Text != "" {
				t.Errorf("the bot ghost gave %s's vision of hour %d without a note kept as tags", v.To, rr.Round)
			}
			notes++
		}
	}
	if notes == 0 || len(fin.GhostNotes) == 0 {
		t.Fatalf("no vision with a note (%d visions, %d notes): the scan proves nothing", notes, len(fin.GhostNotes))
	}
	t.Logf("game over: won=%v cause=%s round=%d; %d visions, %d notes, e.g. %q", fin.Outcome.Won, fin.Outcome.Cause, fin.Outcome.Round, notes, len(fin.GhostNotes), saidNotes(r.h.srv.Hub().Deck(), fin.GhostNotes[0]))
	conns := map[string]*sshtest.Client{"the host (a psychic)": r.ghost.c, "psychic (plain)": r.psychic.c,
		"spectator (plain)": r.watch[0], "spectator": r.watch[1]}
	for who, c := range conns {
		raw := c.Screen.Raw()
		t.Logf("%s received %d bytes", who, len(raw))
		if len(raw) < 10000 {
			t.Errorf("%s received only %d bytes: the scan would prove nothing", who, len(raw))
		}
		for _, s := range leaks(c.Screen.Text(), secrets) {
			t.Errorf("%s's connection carried a secret (%s): %q", who, s.kind, s.token)
		}
	}
	noteInLog(t, r.logs.String(), fin, r.h.srv.Hub().Deck())
	// After the game the notes are everybody's: the host's replay pane (tab,
	// at 80x24) shows hour I's, each on a line of its own, as the scan
	// would have found them.
	var first []string
	for _, n := range fin.GhostNotes {
		if en := saidNotes(r.h.srv.Hub().Deck(), n)[0]; n.Round == 1 && len([]rune(en)) <= 70 {
			first = append(first, en)
		}
	}
	if len(first) == 0 {
		t.Fatalf("no note of hour I fits a line at 80 columns: %+v", fin.GhostNotes)
	}
	host := r.ghost.c
	host.Type("\t")
	if err := host.Screen.WaitUntil(func(s string) bool {
		i := endIndex(s)
		if i < 0 {
			return false
		}
		for _, n := range first {
			if !containsToken(s[i:], n) {
				return false
			}
		}
		return true
	}, "the bot ghost's notes in the replay", wait); err != nil {
		t.Error(err)
	}
}

// noteInLog fails t if the server's log holds a ghost's note: it logs
// connections and table lifecycles, never what the ghost meant.
func noteInLog(t *testing.T, logText string, fin *game.FinishedView, d *deck.Deck) {
	t.Helper()
	for _, n := range fin.GhostNotes {
		for _, said := range saidNotes(d, n) {
			if strings.Contains(logText, said) {
				t.Errorf("the log holds the ghost's note %q", said)
			}
		}
	}
}

// imageLeaks checks the images of each connection in pictured but the
// ghost's: before the end screen, each is a deck card as the server
// encodes it (pictureIndex: none the scan cannot name), and a card the
// psychics and spectators may see: a suspect that lay on the table, or a
// vision that is no secret (the ghost's hand and the deck are), and not
// before it was given (tooEarly). It
// returns how many secret cards the same scan names in the ghost's own
// images, to show that it can fail.
func imageLeaks(t *testing.T, r *run, fin *game.FinishedView, pictured map[string]*sshtest.Client, secrets []secret) int {
	t.Helper()
	// When each vision could first be seen: the hour it was given, or the
	// final for its shared visions.
	given, shared := map[game.CardID]int{}, map[game.CardID]bool{}
	for _, rr := range fin.History {
		for _, v := range rr.Visions {
			for _, c := range v.Cards {
				if k, ok := given[c]; !ok || rr.Round < k {
					given[c] = rr.Round
				}
			}
		}
	}
	for _, c := range fin.Shared {
		shared[c] = true
	}
	idx := newPictureIndex(r.h.srv.Hub().Deck())
	secretCard := map[game.CardID]bool{}
	for _, s := range secrets {
		if s.kind == "hand" {
			secretCard[game.CardID(s.token)] = true
		}
	}
	vision := map[game.CardID]bool{}
	for _, c := range r.tb.Config().Pools.Visions {
		vision[c] = true
	}
	r.pubMu.Lock()
	defer r.pubMu.Unlock()
	ghost := 0
	for who, c := range pictured {
		raw, ended := beforeTheEnd(string(c.Screen.Raw()))
		if !ended {
			t.Errorf("%s: the end screen is not found in its output: the image scan cannot tell before from after", who)
		}
		got := idx.cardsInImages(raw)
		visions := 0
		for card := range got.cards {
			if vision[card] {
				visions++
			}
		}
		t.Logf("%s received %d images before the end: %d cards, %d of them visions", who, got.images, len(got.cards), visions)
		if who == "the ghost (kitty)" {
			for card := range got.cards {
				if secretCard[card] {
					ghost++
				}
			}
			continue
		}
		if visions == 0 || len(got.cards) == visions {
			t.Errorf("%s received no vision or no suspect as an image: the image scan would prove nothing", who)
		}
		for _, u := range got.unknown {
			t.Errorf("%s received an image that is no card as the server draws it: %s", who, u)
		}
		for _, early := range tooEarly(raw, got, given, shared) {
			t.Errorf("%s's connection carried a vision as an image before it was shown: %s", who, early)
		}
		// Had each vision been given an hour later than it was, each of
		// its images would have come too early: the check can fail.
		later, want := map[game.CardID]int{}, 0
		for c, k := range given {
			later[c] = k + 1
			if got.cards[c] > 0 {
				want++
			}
		}
		if n := len(tooEarly(raw, got, later, nil)); want == 0 || n != want {
			t.Errorf("%s: with each vision given an hour later, %d of its %d given visions come too early: the check could not catch a leak", who, n, want)
		}
		for card := range got.cards {
			switch {
			case secretCard[card]:
				t.Errorf("%s's connection carried a secret as an image (hand): %s", who, card)
			case !vision[card] && !r.tabled[card]:
				t.Errorf("%s's connection carried a card that never lay on the table as an image: %s", who, card)
			}
		}
	}
	return ghost
}
