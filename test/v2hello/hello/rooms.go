package hello

import "sync"

// Rooms pairs sessions by the command they were started with: a key pressed
// in one session of a room is sent to the others (the busy pairs), as the
// server's hub sends a table's update to every seat.
type Rooms[P any] struct {
	mu    sync.Mutex
	rooms map[string]map[*P]struct{}
}

// Join puts p in the room named name ("" joins nothing) and returns the
// function that takes it out.
func (r *Rooms[P]) Join(name string, p *P) (leave func()) {
	if name == "" {
		return func() {}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rooms == nil {
		r.rooms = map[string]map[*P]struct{}{}
	}
	m := r.rooms[name]
	if m == nil {
		m = map[*P]struct{}{}
		r.rooms[name] = m
	}
	m[p] = struct{}{}
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(m, p)
		if len(m) == 0 {
			delete(r.rooms, name)
		}
	}
}

// Others calls f with every other member of p's room.
func (r *Rooms[P]) Others(name string, p *P, f func(*P)) {
	if name == "" {
		return
	}
	r.mu.Lock()
	var others []*P
	for q := range r.rooms[name] {
		if q != p {
			others = append(others, q)
		}
	}
	r.mu.Unlock()
	for _, q := range others {
		f(q)
	}
}
