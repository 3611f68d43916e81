package controller

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chzyer/readline"
	"github.com/chzyer/readline/runes"
	"golang.org/x/term"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// PromptOptions controls the interactive prompt.
type PromptOptions struct {
	StateDir string // where the history file lives; empty: no history file
	Redraw   bool   // stdout is a terminal: clear and redraw the screen after each command
	Bell     bool   // ring the terminal bell on a refused command and on a win (set only for a terminal)
	// Dumb is a terminal that cannot move its cursor (TERM=dumb: an editor's shell, a serial
	// line): it is sent no escape code and no pager. The terminal edits and echoes the line
	// itself, the prompt is printed before it, and nothing is cleared or redrawn.
	Dumb bool

	keys  bool                    // tests: the input is a terminal's keys, and readline draws (at 80 columns)
	pager func(page string) error // tests: shows a help page taller than the screen; nil: Page when Redraw
	size  func() (cols, rows int) // tests: the screen's size; nil: the terminal's, else 80x24
}

// bell is the terminal bell (BEL), written before the message it goes with.
const bell = "\a"

const clearScreen = "\x1b[H\x1b[2J"

// demoPause is the time a demo leaves each move on the screen at a terminal.
const demoPause = 600 * time.Millisecond

// RunPrompt plays at the interactive prompt until quit or Ctrl-D, and returns the exit status.
//
// readline edits the line only when both in and out are terminals that take cursor escapes
// (not Dumb); then in is raw while a line is typed. Otherwise (piped input, output redirected,
// a dumb terminal) in is read as lines and a terminal is left as it is. Either way the input
// goes through promptInput first (see there), and the terminal is restored however the prompt
// ends, a panic included.
func (s *Session) RunPrompt(in io.ReadCloser, out, errOut io.Writer, o PromptOptions) (code int) {
	t := newPromptTerm(in, out, errOut, o)
	restore := t.savedState()
	defer func() {
		r := recover()
		restore()
		if r != nil {
			fmt.Fprintf(errOut, "solitaire: internal error (please report it): %v\n%s", r, debug.Stack())
			code = ExitError
		}
	}()
	hist := openHistory(t.o.StateDir, errOut) // readline is given no history file: history_file.go
	if err := t.open(s); err != nil {
		fmt.Fprintf(errOut, "solitaire: cannot start the prompt: %v\n", err)
		return ExitError
	}
	defer closeReadline(t.rl)
	hist.load(t.rl)
	shown := s.promptDisplay(t)
	if t.plain {
		defer dumbInterrupts(out, &t.reading)()
	}

	var message string
	s.showing(shown, func() { message = s.opening() })
	left := false // farewell saved the game and said whether it could
	defer func() {
		if !left {
			s.saveNow() // the time spent since the last command, should the prompt end otherwise
		}
		s.release() // the save is another program's to take from now on
	}()
	showBoard := true
	for lineNo := 1; ; lineNo++ {
		s.showPrompt(t, message, showBoard)
		line, err := t.readLine(s.prompt())
		if errors.Is(err, readline.ErrInterrupt) {
			// Ctrl-C clears the line and nothing else.
			message, showBoard = "", false
			continue
		}
		quit := err != nil // io.EOF: Ctrl-D
		if !quit {
			message, showBoard, quit = s.promptLine(t, shown, hist, lineNo, line)
		}
		if quit {
			left = true
			fmt.Fprintln(out, s.farewell())
			return ExitOK
		}
	}
}

// promptTerm is the prompt's terminal: the input and output, what they are (terminals, a dumb
// one), and readline, with its two configurations (drawing, or plain line input where the
// screen is too narrow to draw on).
type promptTerm struct {
	in           io.ReadCloser
	out, errOut  io.Writer
	o            PromptOptions
	inFd, outFd  int
	interactive  bool // readline edits the line: in and out are terminals that take escapes
	plain        bool // a dumb terminal: the prompt is printed here, the terminal edits the line
	input        *promptInput
	rl           *readline.Instance
	cfg, lineCfg *readline.Config
	narrowed     bool                   // lineCfg is readline's config
	promptWidth  atomic.Int64           // the width of the prompt being shown
	reading      atomic.Pointer[string] // the prompt of the line being read, which a dumb terminal's Ctrl-C shows again
}

// newPromptTerm looks at in and out and completes o: a dumb terminal gets no clearing and no
// pager (less warns that the terminal is not fully functional), since it would show escape codes
// as text, and a long page scrolls.
func newPromptTerm(in io.ReadCloser, out, errOut io.Writer, o PromptOptions) *promptTerm {
	t := &promptTerm{in: in, out: out, errOut: errOut, inFd: terminalFd(in), outFd: terminalFd(out)}
	t.interactive = o.keys || t.inFd >= 0 && t.outFd >= 0 && !o.Dumb
	t.plain = !t.interactive && o.Dumb && t.inFd >= 0 && t.outFd >= 0
	if o.Dumb {
		o.Redraw, o.pager = false, nil
	}
	if o.pager == nil && o.Redraw {
		o.pager = func(page string) error { return Page(out, page) }
	}
	if o.size == nil {
		o.size = func() (int, int) {
			if w, h, err := term.GetSize(t.outFd); t.outFd >= 0 && err == nil && w > 0 && h > 0 {
				return w, h
			}
			return 80, ScreenRows
		}
	}
	t.o = o
	t.input = newPromptInput(in, t.interactive)
	return t
}

// savedState returns the function that puts the input terminal back as it is now.
func (t *promptTerm) savedState() (restore func()) {
	if t.inFd >= 0 {
		if st, err := term.GetState(t.inFd); err == nil {
			return func() { term.Restore(t.inFd, st) }
		}
	}
	return func() {}
}

// open starts readline on the terminal, completing the session's commands.
func (t *promptTerm) open(s *Session) error {
	noop := func() error { return nil }
	cfg := &readline.Config{
		Prompt:                 s.prompt(),
		Stdin:                  t.input,
		Stdout:                 t.out,
		Stderr:                 t.errOut,
		AutoComplete:           &completer{s: s},
		InterruptPrompt:        "^C",
		EOFPrompt:              "quit",
		HistorySearchFold:      true,
		DisableAutoSaveHistory: true, // a line is kept once it is known to be no refused line
		FuncFilterInputRune:    filterRune(t.interactive),
		FuncIsTerminal:         func() bool { return t.interactive },
		FuncGetWidth:           func() int { return 80 },
		FuncMakeRaw:            noop,
		FuncExitRaw:            noop,
		FuncOnWidthChanged:     func(func()) {},
	}
	if t.interactive && t.inFd >= 0 {
		var raw *readline.State
		cfg.FuncMakeRaw = func() error {
			st, err := readline.MakeRaw(t.inFd)
			if err == nil && raw == nil {
				raw = st
			}
			return err
		}
		cfg.FuncExitRaw = func() error {
			if raw == nil {
				return nil
			}
			st := raw
			raw = nil
			return readline.Restore(t.inFd, st)
		}
		cfg.FuncOnWidthChanged = readline.DefaultOnWidthChanged
	}
	// readline loops for ever drawing a line on a screen whose width divides its prompt's (1,
	// 2, 5 or 10 columns for "klondike> "), and ignores Ctrl-C and Ctrl-D meanwhile. So it draws
	// only where the prompt and a column for the cursor fit (narrow below: plain line input
	// instead, readLine), and should the screen narrow while a line is edited, it is told a
	// width just wider than the prompt.
	if t.interactive {
		cfg.FuncGetWidth = func() int { return max(t.screenWidth(), int(t.promptWidth.Load())+2) }
	}
	rl, err := readline.NewEx(cfg)
	if err != nil {
		return err
	}
	// lineCfg is readline without drawing, for a screen too narrow to draw on: the terminal
	// edits and echoes the line itself (it is not made raw), as on a dumb terminal, and the
	// prompt is printed before it.
	lineCfg := cfg.Clone()
	lineCfg.FuncIsTerminal = func() bool { return false }
	lineCfg.FuncMakeRaw, lineCfg.FuncExitRaw = noop, noop
	lineCfg.FuncFilterInputRune = filterRune(false)
	t.rl, t.cfg, t.lineCfg = rl, cfg, lineCfg
	return nil
}

// screenWidth is the screen's width in columns: the terminal's, else 80.
func (t *promptTerm) screenWidth() int {
	if t.o.keys {
		cols, _ := t.o.size()
		return cols
	}
	if w, _, err := term.GetSize(t.outFd); t.interactive && t.outFd >= 0 && err == nil && w > 0 {
		return w
	}
	return 80
}

// readLine reads a line after the prompt p: drawn by readline where the screen is wide enough,
// else printed before plain line input (a dumb terminal, a screen narrower than the prompt).
func (t *promptTerm) readLine(p string) (string, error) {
	pw := runes.WidthAll([]rune(p))
	t.promptWidth.Store(int64(pw))
	if narrow := t.interactive && t.screenWidth() <= pw+1; narrow != t.narrowed {
		t.narrowed = narrow
		if narrow {
			t.rl.SetConfig(t.lineCfg)
		} else {
			t.rl.SetConfig(t.cfg)
		}
	}
	t.rl.SetPrompt(p)
	if t.plain || t.narrowed {
		io.WriteString(t.out, p) // readline draws none where it does not edit the line
	}
	letGo := func() {}
	if t.narrowed && !t.o.keys {
		// The terminal is not raw: Ctrl-C is a signal, which only clears the line.
		letGo = dumbInterrupts(t.out, &t.reading)
	}
	t.reading.Store(&p)
	line, err := t.rl.Readline()
	t.reading.Store(nil)
	letGo()
	return line, err
}

// promptDisplay is how the solver's help shows itself at the prompt: a search can be stopped
// with Ctrl-C; a demo draws each move and pauses between them, and any key stops it; and only
// a terminal is told that a search has begun (piped output, with --interactive, stays as a
// script's, the same each run).
func (s *Session) promptDisplay(t *promptTerm) display {
	d := display{interruptible: true, pause: keyPause(t.in, demoPause)}
	d.step = func(op model.Op, res Outcome) {
		if t.o.Redraw {
			io.WriteString(t.out, clearScreen)
		}
		msg := "demo: " + op.String()
		if res.Message != "" {
			msg += "\n" + res.Message
		}
		if d.pause != nil {
			msg += "\n(any key stops the demo)"
		}
		msg = t.o.wrap(msg)
		io.WriteString(t.out, s.screenBoard(t.o, msg))
		fmt.Fprintln(t.out, msg)
	}
	if t.o.Redraw || t.plain {
		d.searching = func(msg string) { fmt.Fprintln(t.out, msg) }
		d.progress = ProgressLine(t.out, t.plain)
	}
	return d
}

// opening is what the prompt says below the first board, where the watcher (--watch) has
// looked at the game. The game the prompt begins with (a
// resumed one: Start claims a new deal's) is this program's to save from now on, if no other
// program has it open; and what its save holds that the statistics have not counted (a kill
// came between the two) is counted first.
func (s *Session) opening() string {
	if !s.claimed {
		s.claim()
		s.settle()
	}
	message := "Type help for the commands, hint for a suggestion, quit to leave."
	watch := s.look() // the watcher (--watch) looks at the game the prompt starts on
	switch w := s.TakeWarning(); {
	case s.question != nil:
		message = w // the question follows it, and the first line answers it: nothing in between
	case w != "":
		message = w + "\n" + message
	}
	if watch != "" {
		message = strings.TrimLeft(message+"\n"+watch, "\n")
	}
	return message
}

// showPrompt shows the board (when showBoard), the message and, with piped input, which draws
// no prompt, the question the next line answers.
func (s *Session) showPrompt(t *promptTerm, message string, showBoard bool) {
	message = t.o.wrap(message)
	if showBoard {
		if t.o.Redraw {
			io.WriteString(t.out, clearScreen)
		}
		io.WriteString(t.out, s.screenBoard(t.o, message))
	}
	if message != "" {
		fmt.Fprintln(t.out, message)
	}
	if q := s.Question(); q != "" && !t.interactive && !t.plain {
		fmt.Fprintln(t.out, q) // no prompt is drawn (piped input): the question is the last line
	}
}

// promptLine runs one line typed at the prompt and returns what to show below the board next,
// whether the board is shown again, and whether the line quit.
func (s *Session) promptLine(t *promptTerm, shown display, hist *historyFile, lineNo int, line string) (message string, showBoard, quit bool) {
	a := t.input.take(line)
	line = a.line
	if a.tooLong || len(line) > MaxLine {
		return fmt.Sprintf("That line is too long (the limit is %d bytes); nothing was run.", MaxLine), true, false
	}
	if col := controlByte(line); col > 0 {
		// Even in a comment: the prompt takes no control bytes but tab.
		return caret(line, col) + "\n" + parser.Unexpected(line, col).Msg, true, false
	}
	if plainLine(line) && strings.TrimSpace(line) != "" {
		s.keepHistory(t.rl, hist, line) // only what can be shown again as it was typed
	}
	var msgs []string
	wasWon, ring := s.Game.Won(), false
	quit, lerr := s.runLineOn(shown, lineNo, line, func(c parser.Command, res Outcome) {
		s.afterCommand()
		if _, redo := c.Op.(model.Redo); !wasWon && s.Game.Won() && !redo {
			ring = true // the win; a redo back into it is no new win, as the message says
		}
		wasWon = s.Game.Won()
		if t.o.pager != nil && TooTall(t.o.wrap(res.Message), t.o.screenRows()) {
			// A help page, solve's line, a long history: read in the pager, not scrolled
			// past; then back to the board.
			if t.o.pager(res.Message) == nil {
				res.Message, res.Board = "", true
			}
		}
		if res.Message != "" {
			msgs = append(msgs, res.Message)
		}
		if res.Board {
			showBoard = true
		}
	})
	if lerr != nil {
		ring = true // a refused command: an illegal move, a mistyped word
		var le *lineError
		if errors.As(lerr, &le) {
			msgs = append(msgs, caret(line, le.Column), le.Msg)
		} else {
			msgs = append(msgs, lerr.Error())
		}
	}
	if quit {
		return "", false, true
	}
	if w := s.TakeWarning(); w != "" {
		msgs = append(msgs, w)
	}
	message = strings.Join(msgs, "\n")
	if ring && t.o.Bell {
		message = bell + message
	}
	// Short messages go below a fresh board; a long page (help) is shown on its own.
	if strings.Count(message, "\n") < 12 {
		showBoard = true
	}
	return message, showBoard, false
}

// dumbInterrupts catches Ctrl-C while the prompt reads from a dumb terminal, where the
// terminal, not readline, reads the line, and Ctrl-C is a signal that would end the program: as
// at readline's prompt it only clears the line (the terminal drops what was typed), and the
// prompt (reading, while a line is read) is shown again; during a search the search's own catch
// stops it (searchContext). It returns the function that lets Ctrl-C go.
func dumbInterrupts(out io.Writer, reading *atomic.Pointer[string]) func() {
	ch := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(ch, os.Interrupt)
	go func() {
		for {
			select {
			case <-ch:
				if p := reading.Load(); p != nil {
					io.WriteString(out, "\n"+*p)
				}
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// ProgressLine is a progress report on one line of a terminal, w: each message replaces the
// last, and "" clears the line, so that what is printed next starts on a clean one. On a dumb
// terminal (plain) the line is cleared with blanks, since it would show an escape code as text.
func ProgressLine(w io.Writer, plain bool) func(msg string) {
	if !plain {
		return func(msg string) { fmt.Fprint(w, "\r\x1b[K"+msg) }
	}
	last := 0
	return func(msg string) {
		fmt.Fprint(w, "\r"+msg+strings.Repeat(" ", max(0, last-len(msg)))+"\r"+msg)
		last = len(msg)
	}
}

// wrap is message broken at spaces to the terminal's width (view.Wrap), at a terminal
// (Redraw); piped output keeps its lines as they are, the same whatever reads them.
func (o PromptOptions) wrap(message string) string {
	if !o.Redraw {
		return message
	}
	cols, _ := o.size()
	return view.Wrap(message, cols)
}

// screenRows is the height of the screen.
func (o PromptOptions) screenRows() int {
	_, rows := o.size()
	return rows
}

// screenBoard is the board as the prompt shows it, above message. At a terminal (Redraw) the
// board takes at most the screen's height less the lines of the message (one at least) and the
// prompt's, so that a tall column never pushes the stock and foundations off the top; it is drawn narrower on a terminal under
// 80 columns, and when it still does not fit, a line says the width it needs. Scripts and pipes get the whole board.
func (s *Session) screenBoard(o PromptOptions, message string) string {
	if !o.Redraw {
		return s.board()
	}
	cols, rows := o.size()
	below := 1 + max(1, strings.Count(message, "\n")+1) // the message, and the prompt's line
	s.Style.Rows, s.Style.Cols = max(rows-below, 1), cols
	defer func() { s.Style.Rows, s.Style.Cols = 0, 0 }()
	b := s.board()
	if w := view.Width(b); w > cols {
		b += fmt.Sprintf("(widen the terminal to %d columns to see the whole board)\n", w)
	}
	return b
}

// prompt is the text before the cursor: the game's name, or the question the line answers
// ("abandon Klondike seed 7, 12 moves? [y/N] "), so that the player sees what is asked where
// the answer is typed.
func (s *Session) prompt() string {
	if q := s.Question(); q != "" {
		return q + " "
	}
	return s.Game.Info.Name + "> "
}

// caret echoes the line with a ^ under the column (a byte offset, from 1) of the error. The
// line is shown as visible makes it, and the ^ goes under the character, wide ones counted.
func caret(line string, col int) string {
	col = min(max(col, 1)-1, len(line))
	pad := strings.Repeat(" ", runes.WidthAll([]rune(visible(line[:col]))))
	return "  " + visible(line) + "\n  " + pad + "^"
}

// closeReadline closes readline, waiting a second at most. readline's Close waits for its
// reader, which never ends if it has read a line ahead that nobody takes (input typed ahead of
// quit after a key that made it read on). RunPrompt restores the terminal either way.
func closeReadline(rl *readline.Instance) {
	done := make(chan struct{})
	go func() {
		rl.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
}

// terminalFd is the file descriptor of f if it is a terminal, or -1.
func terminalFd(f any) int {
	if file, ok := f.(*os.File); ok && term.IsTerminal(int(file.Fd())) {
		return int(file.Fd())
	}
	return -1
}
