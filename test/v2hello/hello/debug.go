// Package hello is what the two hello servers (v1hello on Bubble Tea and
// Wish v1, v2hello on v2) share, so that they differ only in the library:
// the frame, the rooms that pair busy sessions, and a loopback HTTP endpoint
// that reports the process's memory and goroutines, with pprof.
package hello

import (
	"encoding/json"
	"net"
	"net/http"
	_ "net/http/pprof" // profiles of the hello servers
	"runtime"
)

// Stats is what /stats reports. With ?gc=1 it collects garbage first, so
// HeapAlloc is the live heap.
type Stats struct {
	HeapAlloc  uint64 `json:"heap_alloc"`
	HeapInuse  uint64 `json:"heap_inuse"`
	StackInuse uint64 `json:"stack_inuse"`
	Sys        uint64 `json:"sys"`
	Goroutines int    `json:"goroutines"`
	NumGC      uint32 `json:"num_gc"`
}

// Serve listens on a loopback port and serves /stats and /debug/pprof/
// until the process ends. It returns the address.
func Serve() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	http.HandleFunc("/stats", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("gc") == "1" {
			runtime.GC()
			runtime.GC()
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		_ = json.NewEncoder(w).Encode(Stats{
			HeapAlloc:  ms.HeapAlloc,
			HeapInuse:  ms.HeapInuse,
			StackInuse: ms.StackInuse,
			Sys:        ms.Sys,
			Goroutines: runtime.NumGoroutine(),
			NumGC:      ms.NumGC,
		})
	})
	go func() { _ = http.Serve(ln, nil) }()
	return ln.Addr().String(), nil
}
