package term

import tea "charm.land/bubbletea/v2"

// Model is a screen's model: a Bubble Tea model that draws its frame as a
// string, which OnScreen hands to the session's Screen. (A Bubble Tea v2
// model draws a tea.View for Bubble Tea's renderer, which sessions run
// without.)
type Model interface {
	Init() tea.Cmd
	Update(tea.Msg) (Model, tea.Cmd)
	View() string
}
