package term

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// Style draws, byte for byte, what Lip Gloss v1 drew for the same style in
// each colour profile: the colours converted as termenv converted them
// (#373b41 is 59 in 256 colours, where Lip Gloss v2 says 237), the SGR
// parameters in v1's order, ESC[0m to reset, nothing at all under no
// colour (v2 still draws bold and reverse), several lines padded to the
// widest, boxes. testdata/lipgloss-v1.json was written by Lip Gloss v1.1.0
// itself (the program is testdata/lipgloss-v1.go.txt): every session's
// screens stayed the same bytes when the project moved to Lip Gloss v2.
func TestStyleDrawsLipglossV1Bytes(t *testing.T) {
	b, err := os.ReadFile("testdata/lipgloss-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var recs []struct {
		S struct {
			B     bool   `json:"b"`
			R     bool   `json:"r"`
			Fg    string `json:"fg"`
			Bg    string `json:"bg"`
			Box   string `json:"box"`
			BoxFg string `json:"boxfg"`
		} `json:"s"`
		P string `json:"p"`
		T string `json:"t"`
		O string `json:"o"`
	}
	if err := json.Unmarshal(b, &recs); err != nil {
		t.Fatal(err)
	}
	profiles := map[string]colorprofile.Profile{"truecolor": colorprofile.TrueColor, "256": colorprofile.ANSI256, "16": colorprofile.ANSI, "none": colorprofile.ASCII}
	if len(recs) < 500 {
		t.Fatalf("only %d cases", len(recs))
	}
	for _, r := range recs {
		st := Style{Bold: r.S.B, Reverse: r.S.R, Fg: r.S.Fg, Bg: r.S.Bg, BorderFg: r.S.BoxFg}
		switch r.S.Box {
		case "rounded":
			st.Border = &RoundedBorder
		case "thick":
			st.Border = &ThickBorder
		}
		p, ok := profiles[r.P]
		if !ok {
			t.Fatalf("profile %q", r.P)
		}
		if got := st.Render(p, r.T); got != r.O {
			t.Errorf("%+v in %s, %q:\n got %q\nwant %q", r.S, r.P, r.T, got, r.O)
		}
		if st.Inline() && len(r.T) > 0 && !strings.ContainsAny(r.T, "\n\t\r") {
			pre, suf := st.Affixes(p)
			if pre+r.T+suf != r.O {
				t.Errorf("%+v in %s: affixes %q %q, drawn %q", r.S, r.P, pre, suf, r.O)
			}
		}
	}
}

// A client's environment picks its profile as it did on v1 (termenv's
// rules), never the server's.
func TestRendererProfileFromTheClient(t *testing.T) {
	for _, tc := range []struct {
		termType string
		env      []string
		want     colorprofile.Profile
	}{
		{"", nil, colorprofile.ASCII},
		{"dumb", nil, colorprofile.ASCII},
		{"xterm", nil, colorprofile.ANSI},
		{"xterm-256color", nil, colorprofile.ANSI256},
		{"xterm-256color", []string{"COLORTERM=truecolor"}, colorprofile.TrueColor},
		{"screen-256color", []string{"COLORTERM=truecolor"}, colorprofile.ANSI256},
		{"xterm-kitty", nil, colorprofile.TrueColor},
		{"vt100", nil, colorprofile.ASCII},
		{"vt100", []string{"CLICOLOR_FORCE=1"}, colorprofile.ANSI},
		{"xterm-256color", []string{"NO_COLOR=1"}, colorprofile.ASCII},
	} {
		if got := NewRenderer(tc.termType, tc.env).ColorProfile(); got != tc.want {
			t.Errorf("TERM=%q %v: %v, want %v", tc.termType, tc.env, got, tc.want)
		}
	}
}
