package term

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestKeyReaderSplitsAtKeyBoundaries(t *testing.T) {
	in := "jjb\x1b[A\x1b[1;5C\rq\x1bxé\x1bOP\x1b]11;rgb:0/0/0\x07\x1b\x1b[B"
	want := []string{"j", "j", "b", "\x1b[A", "\x1b[1;5C", "\r", "q", "\x1bx", "é", "\x1bOP", "\x1b]11;rgb:0/0/0\x07", "\x1b", "\x1b[B"}
	k := NewKeyReader(strings.NewReader(in))
	var got []string
	buf := make([]byte, 256)
	for {
		n, err := k.Read(buf)
		if n > 0 {
			got = append(got, string(buf[:n]))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("keys %q\nwant %q", got, want)
	}
}

func TestKeyReaderDropsKeysOverTheRate(t *testing.T) {
	k := NewKeyReader(strings.NewReader(strings.Repeat("j", 10)))
	now := time.Unix(0, 0)
	k.now = func() time.Time { return now }
	warned := make(chan struct{}, 10)
	k.Limit(4, func() { warned <- struct{}{} })
	n := 0
	buf := make([]byte, 16)
	for {
		c, err := k.Read(buf)
		n += c
		if err != nil {
			break
		}
	}
	if n != 4 {
		t.Fatalf("%d keys passed in one instant, want the burst of 4", n)
	}
	<-warned // the player is told (once)
	// A second later the bucket has refilled.
	now = now.Add(time.Second)
	k2 := k
	k2.r, k2.err, k2.pending = strings.NewReader("jjj"), nil, nil
	n = 0
	for {
		c, err := k2.Read(buf)
		n += c
		if err != nil {
			break
		}
	}
	if n != 3 {
		t.Fatalf("%d keys passed after a second, want 3", n)
	}
}

func TestParseBackground(t *testing.T) {
	for _, tc := range []struct {
		in       string
		dark, ok bool
	}{
		{"\x1b]11;rgb:0000/0000/0000\a", true, true},
		{"\x1b]11;rgb:ffff/ffff/ffff\x1b\\", false, true},
		{"\x1b]11;rgb:fd/f6/e3\a", false, true}, // solarized light
		{"\x1b]11;rgb:2828/2c2c/3434\a", true, true},
		{"\x1b]11;rgb:zz/00/00\a", false, false},
		{"\x1b]10;rgb:0/0/0\a", false, false},
	} {
		dark, ok := ParseBackground([]byte(tc.in))
		if dark != tc.dark || ok != tc.ok {
			t.Errorf("%q: dark=%v ok=%v, want %v %v", tc.in, dark, ok, tc.dark, tc.ok)
		}
	}
}

func TestKeyReaderTakesTheBackgroundAnswer(t *testing.T) {
	k := NewKeyReader(strings.NewReader("a\x1b]11;rgb:ffff/ffff/ffff\ab"))
	var got []bool
	k.OnBackground(func(dark bool) { got = append(got, dark) })
	var keys []string
	buf := make([]byte, 64)
	for {
		n, err := k.Read(buf)
		if n > 0 {
			keys = append(keys, string(buf[:n]))
		}
		if err != nil {
			break
		}
	}
	if strings.Join(keys, ",") != "a,b" || len(got) != 1 || got[0] {
		t.Fatalf("keys %q, background answers %v", keys, got)
	}
}
