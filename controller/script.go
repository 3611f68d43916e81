package controller

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"unicode"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// MaxLine is the longest input line accepted; longer lines are refused, not truncated into commands.
const MaxLine = 4096

// ScriptOptions controls script mode.
type ScriptOptions struct {
	JSON      bool // one JSON state per line instead of boards
	Quiet     bool // print only the final board
	KeepGoing bool // carry on after an invalid line, exiting 1 at the end
}

// RunScript reads commands line by line from in and reports on out and errOut. It never prompts,
// clears the screen, writes saves or keeps history. It returns the exit status.
//
// Output that cannot be written (a full disk, a closed pipe) stops the script: it is reported
// on errOut and the status is ExitError, whatever the commands did.
func (s *Session) RunScript(in io.Reader, out, errOut io.Writer, o ScriptOptions) int {
	w := bufio.NewWriter(out)
	code := s.runScript(in, w, errOut, o)
	if err := w.Flush(); err != nil {
		fmt.Fprintf(errOut, "solitaire: the output could not be written: %v\n", outputError(err))
		return ExitError
	}
	return code
}

// outputError says what went wrong writing the output, a full disk in those words.
func outputError(err error) error {
	if errors.Is(err, syscall.ENOSPC) {
		return fmt.Errorf("disk full (%w)", err)
	}
	return err
}

func (s *Session) runScript(in io.Reader, w *bufio.Writer, errOut io.Writer, o ScriptOptions) int {
	s.json, s.script = o.JSON, true
	// The watcher (--watch) looks at the game the script starts on, as at the prompt.
	start := s.watched(Outcome{Board: true})
	switch {
	case !o.Quiet:
		s.emit(w, nil, start)
	case start.Watch != "" && !o.JSON:
		fmt.Fprintln(w, start.Watch)
	}
	announced := false // the running command's line was written before its demo moves
	var shown display
	if !o.Quiet {
		// A demo shows each command it plays as if the script had typed it, after its own.
		shown.step = func(op model.Op, res Outcome) {
			if !announced && !s.json {
				fmt.Fprintf(w, "> %s\n", echoed(s.running))
				announced = true
			}
			s.emit(w, &parser.Command{Op: op, Text: op.String()}, res)
		}
	}
	r := bufio.NewReaderSize(in, 64*1024)
	failed := false
	for lineNo := 1; ; lineNo++ {
		// What the last line produced goes out before the next is read, so that a program
		// that writes a command and waits for its answer (a bot) is answered. Output that
		// cannot be written ends the script (RunScript reports it).
		if w.Flush() != nil {
			return ExitError
		}
		line, tooLong, err := readLine(r)
		if err != nil && line == "" && !tooLong {
			if !errors.Is(err, io.EOF) {
				w.Flush()
				fmt.Fprintf(errOut, "%d: reading input: %v\n", lineNo, err)
				return ExitError
			}
			break
		}
		if lineNo == 1 {
			line = strings.TrimPrefix(line, "\ufeff") // a byte-order mark some editors write
		}
		var lerr error
		quit := false
		if tooLong {
			lerr = &lineError{Line: lineNo, Column: MaxLine + 1, Msg: fmt.Sprintf("line is too long (the limit is %d bytes); nothing on it was run", MaxLine)}
		} else {
			quit, lerr = s.runLineOn(shown, lineNo, line, func(c parser.Command, res Outcome) {
				switch {
				case !o.Quiet && announced:
					announced = false
					s.emit(w, nil, res)
				case !o.Quiet:
					s.emit(w, &c, res)
				case !res.Board && res.Message != "" && !o.JSON:
					// Quiet hides boards, not what the script asked to see (help, hint, moves, time).
					fmt.Fprintln(w, res.Message)
				case res.Watch != "" && !o.JSON:
					// Nor what the watcher says: the status line of the last board alone would
					// say "lost" with no word of when.
					fmt.Fprintln(w, res.Watch)
				}
			})
		}
		if lerr != nil {
			failed = true
			s.reportError(w, errOut, lerr, o.JSON)
		}
		if quit || errors.Is(err, io.EOF) || (lerr != nil && !o.KeepGoing) {
			break
		}
	}
	if o.Quiet {
		s.emit(w, nil, Outcome{Board: true})
	}
	if failed {
		return ExitFailed
	}
	return ExitOK
}

// readLine reads one line without its line ending. tooLong reports a line over MaxLine,
// whose remainder has been skipped.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var b strings.Builder
	for {
		chunk, isPrefix, err := r.ReadLine()
		if b.Len()+len(chunk) > MaxLine {
			tooLong = true
		} else {
			b.Write(chunk)
		}
		if err != nil {
			return b.String(), tooLong, err
		}
		if !isPrefix {
			return strings.TrimSuffix(b.String(), "\r"), tooLong, nil
		}
	}
}

// reportError prints LINE:COL: message on stderr, and in JSON mode an error object on stdout
// too, with the fields of the refusal when the model refused the command.
func (s *Session) reportError(w *bufio.Writer, errOut io.Writer, err error, asJSON bool) {
	var le *lineError
	if !errors.As(err, &le) {
		le = &lineError{Line: 0, Column: 0, Msg: err.Error(), Err: err}
	}
	if asJSON {
		writeJSONLine(w, struct {
			Error jsonErrorLine `json:"error"`
		}{jsonErrorLine{Line: le.Line, Column: le.Column, Message: le.Msg, ErrorFields: view.ErrorJSON(le.Err)}})
	}
	w.Flush()
	fmt.Fprintln(errOut, le.Error())
}

// jsonErrorLine is the error object of --format json: where the line failed and what it says, and
// when the model refused the command, the refusal's kind, cards, piles and counts.
type jsonErrorLine struct {
	Column  int    `json:"column"` // the fields in the order they had as a map: by name
	Line    int    `json:"line"`
	Message string `json:"message"`
	*view.ErrorFields
}

// jsonState is a state line of --format json: the position plus what the command said.
type jsonState struct {
	model.Position
	Command string        `json:"command,omitempty"`
	Message string        `json:"message,omitempty"`
	Hint    string        `json:"hint,omitempty"`   // the command a hint suggests, ready to send back
	Review  *ReviewReport `json:"review,omitempty"` // what review found
	Score   *model.Score  `json:"score,omitempty"`  // in a game that keeps a score
}

// emit shows one command's outcome: in text, the command, its message and the board; in JSON, the state.
func (s *Session) emit(w *bufio.Writer, c *parser.Command, res Outcome) {
	if s.json {
		st := jsonState{Position: s.Game.Position(), Message: res.Message}
		if res.Hint != nil {
			st.Hint = res.Hint.String()
		}
		st.Review = res.Review
		if sc := s.Game.Score(); sc.System != "" {
			st.Score = &sc
		}
		if c != nil {
			st.Command = c.String()
		}
		writeJSONLine(w, st)
		return
	}
	if c != nil {
		fmt.Fprintf(w, "> %s\n", echoed(c.Text))
	}
	if res.Message != "" {
		fmt.Fprintln(w, res.Message)
	}
	if res.Board {
		w.WriteString(s.board())
	}
}

// writeJSONLine writes v as one line of JSON. Its text is left as it is ("->", not "-\u003e"):
// the lines are read by programs and people, never put in a web page.
func writeJSONLine(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// echoed is a command as typed, for the transcript, with each blank between its words that is
// not a space (a tab) written as one: the transcript holds no control character (FuzzScript
// found "C\tC" echoed with its tab).
func echoed(text string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, text)
}
