package main

import (
	"io"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/test/v2hello/hello"
)

// counted is the hello model that tells each key it took, once the frame
// after it is drawn.
type counted struct {
	model
	keyed bool
	took  chan struct{}
}

func (c *counted) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := c.model.Update(msg)
	if _, ok := msg.(tea.KeyMsg); ok {
		c.keyed = true
	}
	return c, cmd
}

func (c *counted) View() string {
	v := c.model.View()
	if c.keyed {
		c.keyed = false
		c.took <- struct{}{}
	}
	return v
}

// BenchmarkKey is one key through a session without its SSH connection:
// term.KeyReader, the program, a frame drawn and written by term.Screen.
// v2hello's BenchmarkKey is the same on v2 (bash test/v2hello/run.sh test).
func BenchmarkKey(b *testing.B) {
	in, keys := io.Pipe()
	c := &counted{model: model{header: hello.Inline(func(s string) string { return s }), w: 80, h: 24}, took: make(chan struct{})}
	scr := term.NewScreen(io.Discard, 80, 24)
	kr := term.NewKeyReader(in)
	kr.Limit(1<<30, func() {})
	p := tea.NewProgram(term.OnScreen(c, scr), tea.WithInput(kr), tea.WithOutput(io.Discard),
		tea.WithoutRenderer(), tea.WithoutSignalHandler())
	go func() { _, _ = p.Run() }()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_, _ = keys.Write([]byte{'j'})
		<-c.took
	}
	b.StopTimer()
	p.Quit()
	p.Wait()
	scr.Close(0)
}
