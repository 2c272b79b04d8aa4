package server

import (
	"io"
	"strings"
	"testing"
)

func TestKeyReaderSplitsAtKeyBoundaries(t *testing.T) {
	in := "jjb\x1b[A\x1b[1;5C\rq\x1bxé\x1bOP\x1b]11;rgb:0/0/0\x07\x1b\x1b[B"
	want := []string{"j", "j", "b", "\x1b[A", "\x1b[1;5C", "\r", "q", "\x1bx", "é", "\x1bOP", "\x1b]11;rgb:0/0/0\x07", "\x1b", "\x1b[B"}
	k := newKeyReader(strings.NewReader(in))
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
