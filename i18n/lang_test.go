package i18n

import "testing"

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want Lang
		set  bool
	}{
		{nil, English, false},
		{[]string{"TERM=xterm"}, English, false},
		{[]string{"LANG=fr_FR.UTF-8"}, French, true},
		{[]string{"LANG=fr_CA"}, French, true},
		{[]string{"LANG=fr-BE"}, French, true},
		{[]string{"LANG=fr"}, French, true},
		{[]string{"LANG=en_GB.UTF-8"}, English, true},
		{[]string{"LANG=C.UTF-8"}, English, true},
		{[]string{"LANG=de_DE.UTF-8"}, English, true},
		{[]string{"LANG=en_US.UTF-8", "LC_MESSAGES=fr_FR.UTF-8"}, French, true},
		{[]string{"LANG=fr_FR.UTF-8", "LC_MESSAGES=en_US.UTF-8"}, English, true},
		{[]string{"LANG=en_US.UTF-8", "LC_ALL=fr_FR.UTF-8", "LC_MESSAGES=en_US"}, French, true},
		{[]string{"LC_ALL=", "LANG=fr_FR.UTF-8"}, French, true},
		{[]string{"LC_TIME=fr_FR.UTF-8"}, English, false},
		{[]string{"LANG"}, English, false},
	} {
		got, set := FromEnv(tc.env)
		if got != tc.want || set != tc.set {
			t.Errorf("FromEnv(%q) = %v, %v; want %v, %v", tc.env, got, set, tc.want, tc.set)
		}
	}
}

func TestParseAndStringRoundTrip(t *testing.T) {
	for _, l := range All {
		got, ok := Parse(l.String())
		if !ok || got != l {
			t.Errorf("Parse(%q) = %v, %v", l.String(), got, ok)
		}
	}
	if l, ok := Parse("klingon"); ok || l != English {
		t.Errorf("Parse(klingon) = %v, %v; want English, false", l, ok)
	}
	if got := Lang(200).String(); got != "en" {
		t.Errorf("an out-of-range Lang is %q, want en", got)
	}
	if French.Next() != English || English.Next() != French {
		t.Error("Next does not cycle through the languages")
	}
}
