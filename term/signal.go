package term

// Signaller is a model with something to tell the terminal besides its
// frame: the bell, a desktop notification, the window title. These are
// written once, between frames, never redrawn: a frame is the screen's
// state, a signal is an event. The session's turn alerts use it.
type Signaller interface {
	// TakeSignals returns the sequences to write now and forgets them.
	TakeSignals() string
}

// Signal writes seq to the terminal once, before the next frame (or alone
// when no frame is pending). It never blocks on the terminal; signals
// given to a closing screen are dropped. seq is written as it is: the
// caller builds it from its own words, never from a client's text.
func (s *Screen) Signal(seq string) {
	if seq == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	s.signals += seq
	s.startWriterLocked()
}

// TakeSignals forwards the wrapped model's signals (the Frame wraps the session).
func (f *Frame) TakeSignals() string {
	if sg, ok := f.inner.(Signaller); ok {
		return sg.TakeSignals()
	}
	return ""
}
