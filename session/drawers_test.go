package session

import (
	"errors"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// A session's goroutine does not draw its frames: drawing a frame grows
// its stack no more than returning the remembered one does (a frame takes
// 8 to 32 KB of stack, which every session held between its frames). A
// hundred sessions at a table, each on a goroutine of its own, call View
// and wait, first with a frame to draw, then with the frame remembered.
func TestFramesAreNotDrawnOnTheSessionsStack(t *testing.T) {
	if raceOn {
		t.Skip("the race detector's bookkeeping of the hand-over takes stack of its own")
	}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	const n = 100
	ms := make([]*Model, n)
	for i := range ms {
		// The ghost at 80x24 draws the deepest.
		ms[i] = modelAt(t, pt, pGhost, 80, 24)
	}
	_ = ms[0].View() // the drawers' stacks grow once, before the count
	// No collection while counting: a collection shrinks the stacks of
	// the goroutines other tests left waiting, and the count with them.
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// stack is how much stack each of the sessions holds after View.
	stack := func() int64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var drew, done sync.WaitGroup
		stop := make(chan struct{})
		for _, m := range ms[1:] {
			drew.Add(1)
			done.Add(1)
			go func() {
				defer done.Done()
				_ = m.View()
				drew.Done()
				<-stop
			}()
		}
		drew.Wait()
		runtime.ReadMemStats(&after)
		close(stop)
		done.Wait()
		return (int64(after.StackInuse) - int64(before.StackInuse)) / (n - 1)
	}
	drawing := stack()
	if f := ms[1].View(); !strings.Contains(f, "Waiting for ● Conrad") {
		t.Fatalf("not the ghost's screen:\n%s", plainText(f))
	}
	remembered := stack()
	if drawing > remembered+1<<10 {
		t.Errorf("a session's goroutine holds %d bytes of stack after drawing its frame, %d after returning the remembered one: it drew the frame itself", drawing, remembered)
	}
}

// A panic while drawing is raised on the session's goroutine, where the
// server recovers from it (and logs it), with the drawer's stack.
func TestAPanicWhileDrawingReachesTheSession(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 80, 24)
	m.cards = panicCards{}
	defer func() {
		r := recover()
		var dp *drawPanic
		if err, ok := r.(error); !ok || !errors.As(err, &dp) || dp.value != "no such card" {
			t.Fatalf("View() raised %v, want the drawing's panic", r)
		}
		if !strings.Contains(dp.Error(), "panicCards") {
			t.Errorf("the panic does not carry the drawer's stack:\n%s", dp.Error())
		}
	}()
	m.View()
	t.Fatal("View() returned although drawing panicked")
}

type panicCards struct{ fakeCards }

func (panicCards) title(game.CardID, i18n.Lang) string { panic("no such card") }
