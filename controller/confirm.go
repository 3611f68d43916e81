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

// question is a y/N question that the prompt's next line answers (answer, save_file.go).
type question struct {
	by     string // the command that asked, which an error of the answer names
	text   string // the question, "abandon Klondike seed 7, 12 moves?"
	answer func(yes bool) (Outcome, error)
}

// yesNo follows a question where it is asked: no, unless y or yes is typed.
const yesNo = " [y/N]"

// ask leaves a question for the prompt's next line. The prompt shows it with yesNo in place of
// the game's prompt ("abandon Klondike seed 7, 12 moves? [y/N] "); where no prompt is drawn
// (piped input) it is the last line of the message. by names the command that asked.
func (s *Session) ask(by, text string, answer func(yes bool) (Outcome, error)) {
	s.question = &question{by: by, text: text, answer: answer}
}

// Question is the question the prompt's next line answers, with yesNo; "" when there is none.
func (s *Session) Question() string {
	if s.question == nil {
		return ""
	}
	return s.question.text + yesNo
}

// abandonFirst runs run, a command that throws away the game in progress (new, load,
// restart), at once, or at the prompt, when the game has moves and is not won, once the player
// says yes: then what, what the command will do, is shown above the question. The command has
// been checked before it asks (its file read, its options and deal made), so a yes meets no
// error that could have been known before.
func (s *Session) abandonFirst(c parser.Command, what string, run func() (Outcome, error)) (Outcome, error) {
	g := s.Game
	if !s.confirm || s.script || g.Moves() == 0 || g.Won() {
		return run()
	}
	s.ask(c.String(), fmt.Sprintf("abandon %s, %s?", s.describe(), model.Plural(g.Moves(), "move")), func(yes bool) (Outcome, error) {
		if !yes {
			return Outcome{Message: "kept the game in progress"}, nil
		}
		return run()
	})
	return Outcome{Message: c.String() + ": " + what}, nil
}
