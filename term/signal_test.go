package term

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// recorder keeps what a screen wrote, and wakes whoever waits for more.
type recorder struct {
	mu   sync.Mutex
	b    strings.Builder
	more chan struct{}
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.b.Write(p)
	select {
	case r.more <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (r *recorder) waitFor(t *testing.T, s string) string {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		r.mu.Lock()
		got := r.b.String()
		r.mu.Unlock()
		if strings.Contains(got, s) {
			return got
		}
		select {
		case <-r.more:
		case <-deadline:
			t.Fatalf("%q never written; got %q", s, got)
		}
	}
}

// signalModel draws a fixed frame and has a signal once.
type signalModel struct{ sig *string }

func (signalModel) Init() tea.Cmd                     { return nil }
func (m signalModel) Update(tea.Msg) (Model, tea.Cmd) { return m, nil }
func (signalModel) View() string                      { return "frame" }
func (m signalModel) TakeSignals() string {
	s := *m.sig
	*m.sig = ""
	return s
}

// A signal reaches the terminal once, before the frame drawn with it, and
// through the notice frame; a frame drawn again does not repeat it.
func TestSignalIsWrittenOnceBeforeTheFrame(t *testing.T) {
	rec := &recorder{more: make(chan struct{}, 1)}
	scr := NewScreen(rec, 20, 3)
	sig := "\a\x1b]9;your move\x07"
	m := OnScreen(NewFrame(signalModel{&sig}, nil, 20), scr, nil)
	m.View()
	got := rec.waitFor(t, "frame")
	if strings.Count(got, "\a") != 2 || strings.Index(got, sig) > strings.Index(got, "frame") {
		t.Fatalf("the signal was not written once before the frame: %q", got)
	}
	m.View()
	scr.Signal("\x1b]2;title\x07") // a signal alone, with no new frame
	got = rec.waitFor(t, "title")
	if strings.Count(got, "your move") != 1 {
		t.Fatalf("the signal was repeated: %q", got)
	}
	scr.Close(time.Second)
	scr.Signal("late")
	if got := rec.waitFor(t, "title"); strings.Contains(got, "late") {
		t.Fatalf("a signal after Close was written: %q", got)
	}
}
