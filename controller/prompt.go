package controller

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"solitaire/model"
	"solitaire/parser"
)

// PromptOptions controls the interactive prompt.
type PromptOptions struct {
	StateDir string // where the history file lives; empty: no history file
	Redraw   bool   // stdout is a terminal: clear and redraw the screen after each command
}

const clearScreen = "\x1b[H\x1b[2J"

// demoPause is the time a demo leaves each move on the screen at a terminal.
const demoPause = 600 * time.Millisecond

// RunPrompt plays at the interactive prompt until quit or Ctrl-D, and returns the exit status.
func (s *Session) RunPrompt(in io.ReadCloser, out, errOut io.Writer, o PromptOptions) int {
	cfg := &readline.Config{
		Prompt:            s.prompt(),
		Stdin:             in,
		Stdout:            out,
		Stderr:            errOut,
		AutoComplete:      &completer{s: s},
		InterruptPrompt:   "^C",
		EOFPrompt:         "quit",
		HistorySearchFold: true,
	}
	if o.StateDir != "" {
		if err := os.MkdirAll(o.StateDir, 0o700); err == nil {
			cfg.HistoryFile = filepath.Join(o.StateDir, "history")
			// readline would create it readable by all; typed commands are nobody else's business.
			if f, err := os.OpenFile(cfg.HistoryFile, os.O_CREATE|os.O_RDONLY, 0o600); err == nil {
				f.Close()
			}
		} else {
			fmt.Fprintf(errOut, "solitaire: no command history: %v\n", err)
		}
	}
	rl, err := readline.NewEx(cfg)
	if err != nil {
		fmt.Fprintf(errOut, "solitaire: cannot start the prompt: %v\n", err)
		return ExitError
	}
	defer rl.Close()

	// A search can be stopped with Ctrl-C; a demo pauses between moves, and any key stops it.
	s.assist.interruptible = true
	s.assist.pause = keyPause(in, demoPause)
	s.assist.step = func(op model.Op, res Outcome) {
		if o.Redraw {
			io.WriteString(out, clearScreen)
		}
		io.WriteString(out, s.board())
		msg := "demo: " + op.String()
		if res.Message != "" {
			msg += "\n" + res.Message
		}
		if s.assist.pause != nil {
			msg += "\n(any key stops the demo)"
		}
		fmt.Fprintln(out, msg)
	}
	defer func() { s.assist.interruptible, s.assist.pause, s.assist.step = false, nil, nil }()

	message := "Type help for the commands, hint for a suggestion, quit to leave."
	if w := s.TakeWarning(); w != "" {
		message = w + "\n" + message
	}
	defer s.saveNow() // the time spent since the last command
	showBoard := true
	for lineNo := 1; ; lineNo++ {
		if showBoard {
			if o.Redraw {
				io.WriteString(out, clearScreen)
			}
			io.WriteString(out, s.board())
		}
		if message != "" {
			fmt.Fprintln(out, message)
		}
		rl.SetPrompt(s.prompt())
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			// Ctrl-C clears the line and nothing else.
			message, showBoard = "", false
			continue
		}
		if err != nil { // io.EOF: Ctrl-D
			return ExitOK
		}
		if len(line) > MaxLine {
			message, showBoard = fmt.Sprintf("That line is too long (the limit is %d bytes); nothing was run.", MaxLine), true
			continue
		}
		var msgs []string
		showBoard = false
		quit, lerr := s.runLine(lineNo, line, func(c parser.Command, res Outcome) {
			s.afterCommand()
			if res.Message != "" {
				msgs = append(msgs, res.Message)
			}
			if res.Board {
				showBoard = true
			}
		})
		if lerr != nil {
			var le *lineError
			if errors.As(lerr, &le) {
				msgs = append(msgs, caret(line, le.Column), le.Msg)
			} else {
				msgs = append(msgs, lerr.Error())
			}
		}
		if quit {
			return ExitOK
		}
		if w := s.TakeWarning(); w != "" {
			msgs = append(msgs, w)
		}
		message = strings.Join(msgs, "\n")
		// Short messages go below a fresh board; a long page (help) is shown on its own.
		if strings.Count(message, "\n") < 12 {
			showBoard = true
		}
	}
}

// prompt is the text before the cursor, naming the game.
func (s *Session) prompt() string { return s.Game.Info.Name + "> " }

// caret echoes the line with a ^ under the column of the error.
func caret(line string, col int) string {
	if col < 1 {
		col = 1
	}
	pad := strings.Repeat(" ", min(col-1, len(line)))
	return "  " + line + "\n  " + pad + "^"
}
