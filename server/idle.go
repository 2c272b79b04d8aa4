package server

import (
	"math"
	"time"

	tea "charm.land/bubbletea/v2"
)

// filter sees every message before the model: it notes keystrokes for the
// lobby idle timeout.
func (ls *liveSession) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg:
		ls.lastInput.Store(time.Now().UnixNano())
	}
	return msg
}

// watchIdle ends a session that has typed nothing and whose screen has not
// changed for LobbyIdle, while its player has no seat at a live table (a
// player waiting for their turn is not idle, nor is someone watching a
// game). It re-arms itself rather than ticking.
func (s *Server) watchIdle(ls *liveSession) *time.Timer {
	limit := s.limits.LobbyIdle
	var t *time.Timer
	check := func() {
		if ls.ctx.Err() != nil {
			return
		}
		quiet := time.Since(time.Unix(0, max(ls.lastInput.Load(), ls.lastOutput.Load())))
		if quiet >= limit && !s.hub.seatedAtLiveTable(ls.who.ID) {
			s.log.Info("idle in lobby: disconnecting", "remote", ls.ip, "id", ls.who.ID)
			ls.end(endIdle)
			return
		}
		next := limit - quiet
		if next <= 0 {
			next = limit
		}
		t.Reset(next)
	}
	// Created far in the future and then reset, so that check never runs
	// before t is assigned.
	t = time.AfterFunc(time.Duration(math.MaxInt64), check)
	t.Reset(limit)
	return t
}
