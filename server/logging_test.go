package server

import "testing"

func TestLogCommandMasksReclaimCodes(t *testing.T) {
	for _, tc := range []struct{ raw, want string }{
		{"K7QX  claim 4821 --plain", "K7QX claim **** --plain"},
		{"tables\x1b[2J", "tables"},
		{"K7QX claim=K7QX-M2PD", "K7QX claim=****"},
		{"K7QX --claim K7QX-M2PD --plain", "K7QX --claim **** --plain"},
		{"--claim=k7qxm2pd", "--claim=****"},
		{"-Claim: k7qx-m2pd", "-Claim: ****"},
		{"CLAIM:K7QXM2PD", "CLAIM=****"},
		{`K7QX "claim=K7QX-M2PD"`, `K7QX claim=****`},
		{"K7QX claim K7QX M2PD --plain", "K7QX claim **** **** --plain"},
		{"K7QX claim=K7QX M2PD", "K7QX claim=**** ****"},
		{"K7QX claim", "K7QX claim"},
	} {
		if got := logCommand(tc.raw); got != tc.want {
			t.Errorf("%q logged as %q, want %q", tc.raw, got, tc.want)
		}
	}
}
