package controller

import (
	"fmt"

	"solitaire/model"
	"solitaire/parser"
)

// ConfirmAbandon makes new, load and restart, and Start (solitaire play GAME), ask before they
// throw away a game in progress (the prompt at a terminal, unless --yes); scripts and piped
// input never ask.
func (s *Session) ConfirmAbandon(on bool) { s.confirm = on }

// abandonQuestion asks, when c would throw away a game in progress, whether to go on; the
// answer runs c or keeps the game. It returns false when there is nothing to ask.
func (s *Session) abandonQuestion(c parser.Command) (Outcome, bool) {
	g := s.Game
	if !s.confirm || s.script || g.Moves() == 0 || g.Won() {
		return Outcome{}, false
	}
	s.question = func(yes bool) (Outcome, error) {
		if !yes {
			return Outcome{Message: "kept the game in progress"}, nil
		}
		s.confirm = false
		defer func() { s.confirm = true }()
		return s.Do(c)
	}
	return Outcome{Message: fmt.Sprintf("%s: abandon %s, %s? y/N", c, s.describe(), model.Plural(g.Moves(), "move"))}, true
}
