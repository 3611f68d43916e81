package controller

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/term"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// This file is what the shell's commands (cmd) call once they have read their flags: the state
// folder, the terminal and the environment are looked at here, not there (docs/architecture.md).

// StateFolder is the folder for saves, statistics and history: flag (--state-dir), else
// $SOLITAIRE_HOME, else $XDG_STATE_HOME/solitaire, else ~/.local/state/solitaire.
func StateFolder(flag string) string {
	if flag != "" {
		return flag
	}
	if d := os.Getenv("SOLITAIRE_HOME"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "solitaire")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "state", "solitaire")
	}
	return ""
}

// OutputStyle resolves --color (auto, always or never) and --ascii for the output out; an
// unknown colour setting is an error.
func OutputStyle(color string, ascii bool, out io.Writer) (view.Style, error) {
	s := view.Style{ASCII: ascii || !utf8Locale()}
	switch color {
	case "always":
		s.Color = true
	case "never":
	case "auto":
		s.Color = terminalFd(out) >= 0 && os.Getenv("NO_COLOR") == "" && !dumbTerminal()
	default:
		return s, fmt.Errorf("--color %q: use auto, always or never", color)
	}
	return s, nil
}

// utf8Locale reports whether the locale can show suit symbols: the first of LC_ALL, LC_CTYPE
// and LANG that is set names UTF-8. With none set the terminal is taken to be UTF-8, as nearly
// every one is; LANG=C or a Latin-1 locale draws in ASCII, as --ascii does.
func utf8Locale() bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := strings.ToLower(os.Getenv(k)); v != "" {
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return true
}

// dumbTerminal reports whether the terminal cannot take escape codes (TERM=dumb): no colour,
// no pager (less complains there), no cursor moves at the prompt.
func dumbTerminal() bool { return os.Getenv("TERM") == "dumb" }

// Prompting reports whether to play as at the prompt: input from a terminal, or interactive
// (--interactive).
func Prompting(in io.Reader, interactive bool) bool { return interactive || terminalFd(in) >= 0 }

// SystemClock is the wall clock, or a frozen one when SOLITAIRE_CLOCK=frozen (for reproducible
// transcripts).
func SystemClock() Clock {
	if os.Getenv("SOLITAIRE_CLOCK") == "frozen" {
		t := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		return func() time.Time { return t }
	}
	return time.Now
}

// PlayFlags are the global flags that shape a game, at the prompt or as a script.
type PlayFlags struct {
	StateDir    string // --state-dir as given; "": the default folder (StateFolder)
	Interactive bool   // play as at the prompt even when input is piped
	JSON        bool   // script output is JSON states
	Quiet       bool   // script mode: the final board only
	KeepGoing   bool   // script mode: go on after an invalid line
	Yes         bool   // do not ask before abandoning a game in progress
	Bell        bool   // ring the terminal bell on a refused command and on a win
	TakeOver    bool   // take a save another program has open
	Assist      AssistOptions
	Notation    string // "" or "standard"
}

// Play plays the game in s: at the prompt (input from a terminal, or Interactive), saved in
// the state folder, or as a script, which reads statistics at most and writes nothing. It
// returns the exit status; an error is a notation the game does not take (a usage error).
func Play(st Streams, s *Session, f PlayFlags) (int, error) {
	s.Assist(f.Assist)
	if err := s.SetNotation(f.Notation); err != nil {
		return ExitUsage, err
	}
	dir := StateFolder(f.StateDir)
	if !Prompting(st.In, f.Interactive) {
		d, err := store.Existing(dir, parser.ParseOp)
		if err != nil {
			fmt.Fprintf(st.Err, "solitaire: %s; statistics are not read\n", Printable(err.Error()))
		}
		s.UseStore(d)
		return s.RunScript(st.In, st.Out, st.Err, ScriptOptions{JSON: f.JSON, Quiet: f.Quiet, KeepGoing: f.KeepGoing}), nil
	}
	d, err := store.Open(dir, parser.ParseOp)
	if err != nil {
		fmt.Fprintf(st.Err, "solitaire: %s; playing without saving\n", Printable(err.Error()))
		s.Unsaved()
		return s.runAtPrompt(st, f, ""), nil
	}
	s.Persist(d)
	s.ConfirmAbandon(f.confirming(st)) // before Start, which asks before replacing a game in progress
	s.TakeOver(f.TakeOver, terminalFd(st.In) >= 0)
	s.Start()
	return s.runAtPrompt(st, f, d.Path), nil
}

// ResumeLast plays the last game exactly as it was left (solitaire with no arguments), at the
// prompt; without one (piped input) it plays a new Klondike deal as a script, since scripts
// never read or write saves. It returns the exit status.
func ResumeLast(st Streams, style view.Style, f PlayFlags) (int, error) {
	if !Prompting(st.In, f.Interactive) {
		s, err := NewSession(model.Config{Game: "klondike"}, style, SystemClock())
		if err != nil {
			return ExitError, err
		}
		return Play(st, s, f)
	}
	d, err := store.Open(StateFolder(f.StateDir), parser.ParseOp)
	if err != nil {
		s, nerr := NewSession(model.Config{Game: "klondike"}, style, SystemClock())
		if nerr != nil {
			return ExitError, nerr
		}
		fmt.Fprintf(st.Err, "solitaire: %s; playing without saving\n", Printable(err.Error()))
		s.Unsaved()
		return s.runAtPrompt(st, f, ""), nil
	}
	s, err := Resume(d, style, SystemClock())
	if err != nil {
		return ExitError, err
	}
	return s.runAtPrompt(st, f, d.Path), nil
}

// runAtPrompt runs the prompt on the game in s; stateDir holds its command history ("" for none).
// A save made on leaving that failed is reported on standard error, and with piped input
// (--interactive), where no one watches the warnings, a failed write is exit status 3.
func (s *Session) runAtPrompt(st Streams, f PlayFlags, stateDir string) int {
	s.Assist(f.Assist)
	if stateDir != "" && f.StateDir != "" {
		s.StateDirFlag(f.StateDir) // quit names the command that resumes this folder's game
	}
	s.ConfirmAbandon(f.confirming(st))
	s.TakeOver(f.TakeOver, terminalFd(st.In) >= 0)
	out := terminalFd(st.Out) >= 0
	code := s.RunPrompt(st.In, st.Out, st.Err, PromptOptions{StateDir: stateDir, Redraw: out, Bell: f.Bell && out, Dumb: dumbTerminal()})
	if w := s.TakeWarning(); w != "" {
		// The save made on leaving failed: there is no board left to show it under.
		fmt.Fprintf(st.Err, "solitaire: %s\n", strings.ReplaceAll(w, "\n", "\nsolitaire: "))
	}
	if code == ExitOK && s.WriteFailed() && terminalFd(st.In) < 0 {
		fmt.Fprintln(st.Err, "solitaire: the game, the statistics or the history could not all be written (see the warnings)")
		code = ExitError
	}
	return code
}

// confirming reports whether the prompt asks before abandoning a game in progress (play GAME,
// new, load, restart): at a terminal, unless --yes; scripts and piped input never ask.
func (f PlayFlags) confirming(st Streams) bool { return terminalFd(st.In) >= 0 && !f.Yes }

// ShowStats prints the statistics table (stats [GAME]: game "" for every game) of the state
// folder named by the --state-dir flag, and returns the exit status: 3 for a folder that
// cannot be used.
func ShowStats(st Streams, stateDir, game string) int {
	s := store.Stats{}
	d, err := store.Existing(StateFolder(stateDir), parser.ParseOp)
	if err != nil {
		fmt.Fprintf(st.Err, "solitaire: %s\n", Printable(err.Error()))
		return ExitError
	}
	if d != nil {
		if s, err = d.ReadStats(); err != nil {
			fmt.Fprintf(st.Err, "solitaire: %s\n", Printable(err.Error()))
		}
	}
	fmt.Fprint(st.Out, StatsTable(s, game))
	return ExitOK
}

// ShowPage prints a help page on out, through the pager when out is a terminal (that takes
// escape codes) and the page is taller than it.
func ShowPage(out io.Writer, page string) {
	if fd := terminalFd(out); fd >= 0 && !dumbTerminal() {
		rows := ScreenRows
		if _, h, err := term.GetSize(fd); err == nil && h > 0 {
			rows = h
		}
		if TooTall(page, rows) && Page(out, page) == nil {
			return
		}
	}
	fmt.Fprintln(out, page)
}

// ReviewFile is review FILE: ReviewSave with a progress line on errOut when it is a terminal,
// and Ctrl-C stopping the review (a second one ends the program). It returns the exit status.
func ReviewFile(ctx context.Context, st Streams, path string, o ReviewOptions) int {
	if terminalFd(st.Err) >= 0 {
		o.Progress = ProgressLine(st.Err, dumbTerminal())
	}
	ctx, stop := untilSecondInterrupt(ctx)
	defer stop()
	return ReviewSave(ctx, path, o, st.Out, st.Err)
}
