package relay

import (
	"io"
	"net"
	"testing"
)

func TestSniffProxy(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want sniff
	}{
		{"", sniffMaybe},
		{"S", sniffNo},
		{"SSH-2.0-OpenSSH_9.2p1\r\n", sniffNo},
		{"P", sniffMaybe},
		{"PROX", sniffMaybe},
		{"PROXY TCP4 ", sniffYes},
		{"PRINT", sniffNo},
		{"\r\n\r\n\x00\r\nQUI", sniffMaybe},
		{"\r\n\r\n\x00\r\nQUIT\n", sniffYes},
		{"\r\n\r\n\x00\r\nQUIZ", sniffNo},
	} {
		if got := sniffProxy([]byte(tc.in)); got != tc.want {
			t.Errorf("sniffProxy(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// A client's bytes pass the guard whole, however the server reads them (the
// SSH server reads its client's greeting a byte at a time); a header sent a
// byte at a time is caught all the same.
func TestHeaderGuardReadsAsTheServerDoes(t *testing.T) {
	for _, tc := range []struct {
		sent    string
		refused bool
	}{
		{"SSH-2.0-OpenSSH_9.2p1\r\nrest", false},
		{"PROXY TCP4 203.0.113.7 127.0.0.1 1 2\r\nSSH-2.0-x\r\n", true},
		{"\r\n\r\n\x00\r\nQUIT\n\x21\x11\x00\x0c", true},
	} {
		client, srv := net.Pipe()
		go func() {
			for i := range len(tc.sent) {
				if _, err := client.Write([]byte{tc.sent[i]}); err != nil {
					return
				}
			}
			client.Close()
		}()
		refused := false
		g := &headerGuard{Conn: srv, refused: func() { refused = true }}
		var got []byte
		b := make([]byte, 1)
		for {
			n, err := g.Read(b)
			got = append(got, b[:n]...)
			if err != nil {
				if err != io.EOF && !tc.refused {
					t.Errorf("%q: %v", tc.sent, err)
				}
				break
			}
		}
		if refused != tc.refused {
			t.Errorf("%q: refused %v, want %v", tc.sent, refused, tc.refused)
		}
		if !tc.refused && string(got) != tc.sent {
			t.Errorf("%q: read %q", tc.sent, got)
		}
		if tc.refused && len(got) > 0 {
			t.Errorf("%q: the server read %q of a refused header", tc.sent, got)
		}
	}
}
