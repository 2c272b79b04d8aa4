package web

import (
	"net/http"
	"strings"
	"testing"
)

// The client's address is the peer's, unless the peer is a trusted proxy:
// then X-Forwarded-For is read from the right, past trusted proxies. A
// header from an untrusted peer is ignored (it would let a client pick the
// address its limits count against).
func TestClientAddrTrustsOnlyTrustedProxies(t *testing.T) {
	trusted, err := ParseTrusted("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		peer, xff, want string
	}{
		{"203.0.113.7:5555", "", "203.0.113.7"},
		{"203.0.113.7:5555", "1.2.3.4", "203.0.113.7"},               // not a proxy: header ignored
		{"127.0.0.1:5555", "198.51.100.9", "198.51.100.9"},           // the proxy names the client
		{"127.0.0.1:5555", "6.6.6.6, 198.51.100.9", "198.51.100.9"},  // a client's own forged entry is left of the real one
		{"127.0.0.1:5555", "198.51.100.9, 10.1.2.3", "198.51.100.9"}, // a chain of trusted proxies
		{"127.0.0.1:5555", "garbage", "127.0.0.1"},
		{"[::ffff:127.0.0.1]:5555", "2001:db8::1", "2001:db8::1"},
	} {
		r := &http.Request{RemoteAddr: tc.peer, Header: http.Header{}}
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := clientAddr(r, trusted); got != tc.want {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", tc.peer, tc.xff, got, tc.want)
		}
	}
	if _, err := ParseTrusted("not an address"); err == nil {
		t.Error("a bad proxy address was accepted")
	}
}

// Without TLS, only loopback and private addresses are served unless told.
func TestListenWithoutTLSOnlyOnPrivateAddresses(t *testing.T) {
	for _, tc := range []struct {
		addr     string
		tls, pub bool
		refused  bool
	}{
		{"127.0.0.1:8080", false, false, false},
		{"localhost:8080", false, false, false},
		{"192.168.1.10:8080", false, false, false},
		{"[::1]:8080", false, false, false},
		{":8080", false, false, true},
		{"0.0.0.0:8080", false, false, true},
		{"203.0.113.7:8080", false, false, true},
		{":8443", true, false, false},
		{":8080", false, true, false},
	} {
		err := checkListen(tc.addr, tc.tls, tc.pub)
		if (err != nil) != tc.refused {
			t.Errorf("%s tls=%v public=%v: %v, want refused=%v", tc.addr, tc.tls, tc.pub, err, tc.refused)
		}
		if err != nil && !strings.Contains(err.Error(), "--web-public") {
			t.Errorf("the refusal does not say how to proceed: %v", err)
		}
	}
}
