package graphics

import (
	"image"
	"sync"
	"sync/atomic"
)

// CacheBudget bounds the bytes the cache holds; past it the cache is
// emptied and fills again on demand.
var CacheBudget int64 = 64 << 20

// FirstID is the first kitty image id the cache gives; ids below it are
// free for a session's own use (ProbeID is one of them).
const FirstID = 1 << 16

type cacheKey struct {
	img  *image.RGBA
	p    Protocol
	c    Cells
	cell Pixels
}

var (
	cache  sync.Map // cacheKey -> *Image
	held   atomic.Int64
	nextID atomic.Uint32
)

// Get returns img encoded for p over c cells of cell pixels, from the
// server-wide cache (the first call for a key encodes it). img must not
// change afterwards: the cache knows pictures by their address. Nil when
// the rectangle or the cell size is empty or p is None.
func Get(img *image.RGBA, p Protocol, c Cells, cell Pixels) *Image {
	if img == nil || p == None || c.W <= 0 || c.H <= 0 || cell.W <= 0 || cell.H <= 0 {
		return nil
	}
	k := cacheKey{img, p, c, cell}
	if v, ok := cache.Load(k); ok {
		return v.(*Image)
	}
	var id uint32
	if p == Kitty {
		id = newID()
	}
	e := Encode(img, p, c, cell, id)
	if e == nil {
		return nil
	}
	if v, loaded := cache.LoadOrStore(k, e); loaded {
		return v.(*Image)
	}
	if held.Add(int64(len(e.Data))) > CacheBudget {
		cache.Range(func(k2, _ any) bool {
			cache.Delete(k2)
			return true
		})
		held.Store(0)
	}
	return e
}

// newID is the next kitty image id, never below FirstID (it wraps after
// four billion encodings).
func newID() uint32 {
	for {
		id := nextID.Add(1)
		if id >= FirstID {
			return id
		}
		nextID.CompareAndSwap(id, FirstID-1)
	}
}
