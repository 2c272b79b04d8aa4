package server

import (
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/session"
)

// FindByCode finds a table by a code someone typed (the lobby's join by
// code, a code on the command line). Someone who does not know a private
// table's code learns nothing from it: a wrong code gets the same answer
// whether or not it is close to a table's, and wrong codes are limited per
// address and per identity (Limits.CodeFailuresPerIP), so that guessing a
// private table's code is hopeless (see tablecode.go).
func (h *Hub) FindByCode(who session.Identity, code string) (*table.Table, error) {
	code = normaliseCode(code)
	right := func() {}
	if h.guesses != nil {
		r, retry, ok := h.guesses.codeTry(who.Addr, who.ID)
		if !ok {
			h.log.Warn("table code refused: too many wrong codes", "remote", who.Addr, "id", who.ID)
			return nil, tell.F("Too many wrong table codes from you (%d in %s). Try again in %s.",
				h.limits.CodeFailuresPerIP, roundDuration(CodeWindow), waitText(retry))
		}
		right = r
	}
	t, err := h.lookup(code)
	if _, ok := err.(errUnreadable); ok {
		// The code is right: not a wrong guess. The log has the cause.
		right()
		return nil, tell.F("Game %s is kept, but it could not be read. Whoever runs the server will find why in its log.", code)
	}
	if t == nil {
		h.log.Info("wrong table code", "remote", who.Addr, "id", who.ID)
		return nil, tell.F("There is no table %s.", code)
	}
	right()
	return t, nil
}
