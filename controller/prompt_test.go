package controller

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"solitaire/model"
	"solitaire/view"
)

// nearWin is Klondike with every card home but the four kings, one on each of C1 to C4: four
// moves ("c1 f" ... "c4 f") win it.
func nearWin(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t, klondike1)
	g := s.Game
	for i := range g.State.Piles {
		g.State.Piles[i] = model.Pile{}
	}
	for k, suit := range []model.Suit{model.Spades, model.Diamonds, model.Clubs, model.Hearts} {
		f, _, _ := g.Pile("F" + string(rune('1'+k)))
		for r := model.Ace; r < model.King; r++ {
			f.Cards = append(f.Cards, model.NewCard(r, suit))
		}
		c, _, _ := g.Pile("C" + string(rune('1'+k)))
		c.Cards = []model.Card{model.NewCard(model.King, suit)}
	}
	return s
}

// promptOut plays lines at the prompt with options o and returns what it wrote, stdout and
// stderr together.
func promptOut(t *testing.T, s *Session, o PromptOptions, lines ...string) string {
	t.Helper()
	var out bytes.Buffer
	in := io.NopCloser(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	if code := s.RunPrompt(in, &out, &out, o); code != ExitOK {
		t.Fatalf("exit %d:\n%s", code, out.String())
	}
	return out.String()
}

func TestBell(t *testing.T) {
	for _, tt := range []struct {
		name  string
		bell  bool
		lines []string
		rings []string // what follows each bell: the message it goes with
	}{
		{"an illegal move", true, []string{"c1 c2", "show", "quit"}, []string{"  c1 c2\n"}},
		{"a mistyped command", true, []string{"mvoe c1 f", "quit"}, []string{"  mvoe c1 f\n"}},
		{"the win, once", true, []string{"c1 f", "show", "hint", "quit"}, []string{"auto: KD->F2"}},
		{"no new win on undo and redo", true, []string{"c1 f", "undo", "redo", "quit"}, []string{"auto: KD->F2"}},
		{"a win and a refused command on one line: one bell", true, []string{"c1 f; c1 c2", "quit"}, []string{"auto: KD->F2"}},
		{"legal moves and pages are quiet", true, []string{"show", "time", "help", "moves", "quit"}, nil},
		{"off without --bell", false, []string{"c1 c2", "c1 f", "quit"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := promptOut(t, nearWin(t), PromptOptions{Bell: tt.bell}, tt.lines...)
			after := strings.Split(out, bell)[1:]
			if len(after) != len(tt.rings) {
				t.Fatalf("%d bells, want %d:\n%s", len(after), len(tt.rings), out)
			}
			for i, want := range tt.rings {
				if !strings.HasPrefix(after[i], want) {
					t.Errorf("bell %d comes before %.40q, want before %q", i+1, after[i], want)
				}
			}
		})
	}
}

func TestScriptsNeverRing(t *testing.T) {
	s := nearWin(t)
	var out, errOut bytes.Buffer
	s.RunScript(strings.NewReader("c1 c2\nc1 f; c2 f; c3 f; c4 f\n"), &out, &errOut, ScriptOptions{KeepGoing: true})
	if strings.Contains(out.String()+errOut.String(), bell) {
		t.Errorf("a script rang the bell:\n%s%s", out.String(), errOut.String())
	}
}

func TestHelpAtThePrompt(t *testing.T) {
	summary, _ := HelpText("", false)
	overview, _ := HelpText("overview", false)
	for _, tt := range []struct {
		name   string
		line   string
		rows   int
		paged  string // the page sent to the pager, "" for none
		shown  string // text printed below the prompt
		hidden string // text that must not be printed
	}{
		{"help alone fits 24 rows: no pager", "help", 24, "", summary, "# "},
		{"a long page goes to the pager", "help overview", 24, overview, "", "Pile names"},
		{"a page that fits a tall screen is printed", "help overview", 200, "", "Pile names", "## "},
		{"a short page fits", "help quit", 24, "", "quit: leave the game", "# quit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var paged []string
			o := PromptOptions{
				pager: func(page string) error { paged = append(paged, page); return nil },
				size:  func() (int, int) { return 80, tt.rows },
			}
			out := promptOut(t, newTestSession(t, klondike1), o, tt.line, "quit")
			_, after, _ := strings.Cut(out, "quit to leave.\n")
			if tt.paged == "" && len(paged) > 0 {
				t.Errorf("%q went to the pager", tt.line)
			}
			if tt.paged != "" && (len(paged) != 1 || paged[0] != tt.paged) {
				t.Errorf("%q: the pager got %d pages, want the page", tt.line, len(paged))
			}
			if tt.shown != "" && !strings.Contains(after, tt.shown) {
				t.Errorf("%q does not print %q:\n%s", tt.line, tt.shown, after)
			}
			if strings.Contains(after, tt.hidden) {
				t.Errorf("%q prints %q:\n%s", tt.line, tt.hidden, after)
			}
			if tt.paged != "" && !strings.Contains(after, "C1    C2") {
				t.Errorf("after the pager, the board is not shown again:\n%s", after)
			}
		})
	}
}

// TestBoardFitsTheScreen plays at a terminal of a given size: the board is cut to its height
// (less the prompt's line and a message's) and drawn narrower under 80 columns, and a terminal
// narrower than that is told the width it needs. Without a terminal (Redraw off) the whole
// board is shown.
func TestBoardFitsTheScreen(t *testing.T) {
	tallNatali := func(t *testing.T) *Session {
		s := newTestSession(t, model.Config{Game: "natali", Seed: 3})
		c1, _, _ := s.Game.Pile("C1")
		for k := range 12 {
			c1.Cards = append(c1.Cards, model.NewCard(model.Rank(13-k), model.Spades))
		}
		return s
	}
	osmosis := func(t *testing.T) *Session { return newTestSession(t, model.Config{Game: "osmosis", Seed: 3}) }
	freecell := func(t *testing.T) *Session { return newTestSession(t, model.Config{Game: "freecell", Deal: 1}) }
	for _, tt := range []struct {
		name       string
		game       func(t *testing.T) *Session
		redraw     bool
		cols, rows int
		maxLines   int    // the most lines a board takes, status line included
		maxWidth   int    // the widest line of the board
		note       string // the width note, if one is due
	}{
		{"80x24", tallNatali, true, 80, 24, 22, 80, ""},
		{"80x40: all of it", tallNatali, true, 80, 40, 38, 80, ""},
		{"FreeCell at 60 columns: closer columns", freecell, true, 60, 24, 22, 60, ""},
		{"Osmosis at 60 columns: the width it needs", osmosis, true, 60, 24, 22, 61, "widen the terminal to 61 columns"},
		{"a pipe: no limit", tallNatali, false, 60, 24, 100, 80, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.game(t)
			full := strings.Count(s.board(), "\n")
			o := PromptOptions{Redraw: tt.redraw, size: func() (int, int) { return tt.cols, tt.rows }}
			out := promptOut(t, s, o, "show", "c9 c1", "quit")
			boards := strings.Split(out, clearScreen)
			if tt.redraw && len(boards) != 4 {
				t.Fatalf("%d boards drawn, want 3:\n%s", len(boards)-1, out)
			}
			for _, b := range boards[1:] {
				// The board and the message below it (the width note, an error of 3 lines)
				// leave the prompt's line free.
				screen, _, _ := strings.Cut(b, "\nBye.")
				b, _, _ = strings.Cut(b, "\nType help")
				b, _, _ = strings.Cut(b, "\n  c9 c1")
				b, _, _ = strings.Cut(b, "\nBye.")
				b, _, _ = strings.Cut(b, "\n(widen")
				if n := strings.Count(strings.TrimSuffix(b, "\n"), "\n") + 1; n > tt.maxLines {
					t.Errorf("the board takes %d lines, over %d:\n%s", n, tt.maxLines, b)
				}
				if n := strings.Count(strings.TrimSuffix(screen, "\n"), "\n") + 1; tt.redraw && n > tt.rows-1 {
					t.Errorf("the board and its message take %d lines: the prompt is off a %d-row screen:\n%s", n, tt.rows, screen)
				}
				if w := view.Width(b); w > tt.maxWidth {
					t.Errorf("the board is %d columns wide, over %d:\n%s", w, tt.maxWidth, b)
				}
			}
			if cut := regexp.MustCompile(`(…|\+)\d`).MatchString(out); cut != (tt.redraw && full > tt.rows-2) {
				t.Errorf("the board is cut %v, with %d lines for a %d-row screen:\n%s", cut, full, tt.rows, out)
			}
			if note := strings.Contains(out, "widen the terminal"); note != (tt.note != "") || !strings.Contains(out, tt.note) {
				t.Errorf("width note %v, want %q:\n%s", note, tt.note, out)
			}
		})
	}
}

// TestQuestionIsThePrompt: at a terminal a y/N question is asked in the prompt itself, where
// its answer is typed ("abandon Klondike seed 1, 1 move? [y/N] "), not as a message above the
// game's prompt; what the command will do is the message. Piped, where no
// prompt is drawn, the question is the message's last line.
func TestQuestionIsThePrompt(t *testing.T) {
	const question = "abandon Klondike seed 1, 1 move? [y/N] "
	for _, keys := range []bool{true, false} {
		s := newTestSession(t, klondike1)
		s.ConfirmAbandon(true)
		var out bytes.Buffer
		enter := map[bool]string{true: "\r", false: "\n"}[keys]
		in := io.NopCloser(strings.NewReader(strings.ReplaceAll("draw;restart;n;", ";", enter)))
		if code := s.RunPrompt(in, &out, &out, PromptOptions{keys: keys}); code != ExitOK {
			t.Fatalf("exit %d:\n%s", code, out.String())
		}
		got := out.String()
		asked := question + "n" // the prompt, and the answer typed after it
		above := "restart: the same deal again, from the start\n"
		if !keys {
			asked, above = "restart: the same deal again, from the start\n"+strings.TrimSpace(question)+"\n", ""
		}
		if !strings.Contains(got, asked) || !strings.Contains(got, above) || strings.Contains(got, "klondike> n") {
			t.Errorf("keys %v: want %q asked, after %q:\n%q", keys, asked, above, got)
		}
		if s.Game.Moves() != 1 {
			t.Errorf("keys %v: the answer n restarted the game", keys)
		}
	}
}

// TestLongOutputIsPaged: at a terminal any command's output taller than the screen goes
// through the pager, as a help page does (once, solve's line of a hundred moves
// scrolled past), and the board comes back after it; a short one is printed. A dumb terminal
// (TERM=dumb) gets no pager and no escape code at all: the page is printed.
func TestLongOutputIsPaged(t *testing.T) {
	for _, dumb := range []bool{false, true} {
		s := newTestSession(t, model.Config{Game: "freecell", Deal: 617})
		s.Assist(AssistOptions{HintTime: time.Minute, SolveTime: time.Minute, MaxStates: testBudget, ShortenStates: testShorten})
		var paged []string
		o := PromptOptions{
			Redraw: true,
			Dumb:   dumb,
			pager:  func(page string) error { paged = append(paged, page); return nil },
			size:   func() (int, int) { return 80, 24 },
		}
		out := promptOut(t, s, o, "moves", "solve", "quit")
		if dumb {
			if len(paged) != 0 || strings.Contains(out, "\x1b") || !strings.Contains(out, "solve: a win in ") {
				t.Errorf("dumb: %d pages, want none and the line printed, with no escape code:\n%q", len(paged), out)
			}
			continue
		}
		if len(paged) != 1 || !strings.HasPrefix(paged[0], "solve: a win in ") || !TooTall(paged[0], 24) {
			t.Fatalf("paged %q, want solve's line alone", paged)
		}
		_, after, _ := strings.Cut(out, "moves (")
		if strings.Contains(after, "solve: a win in") || !strings.Contains(after, "C1    C2") {
			t.Errorf("solve's line printed as well, or no board after it:\n%s", after)
		}
	}
}

// TestMessagesWrapAtTheTerminal: at a terminal a message wider than the screen is broken at
// spaces to its width, every word kept in order, and the echoed line a caret points into is
// left whole; piped output keeps the message's lines as they are.
func TestMessagesWrapAtTheTerminal(t *testing.T) {
	const cols = 40
	line := "move C3 F1"
	piped := promptOut(t, newTestSession(t, model.Config{Game: "fortythieves", Seed: 7}), PromptOptions{}, line, "quit")
	var msg string
	for l := range strings.SplitSeq(piped, "\n") {
		if strings.HasPrefix(l, line+":") {
			msg = l
		}
	}
	if view.Width(msg) <= cols {
		t.Fatalf("the refusal %q is not wider than %d columns: the test needs a longer message:\n%s", msg, cols, piped)
	}
	o := PromptOptions{Redraw: true, size: func() (int, int) { return cols, 40 }}
	out := promptOut(t, newTestSession(t, model.Config{Game: "fortythieves", Seed: 7}), o, line, "quit")
	screens := strings.Split(out, clearScreen)
	screen := screens[len(screens)-1]
	_, below, ok := strings.Cut(screen, "  "+line+"\n  ^\n")
	if !ok {
		t.Fatalf("no caret under the echoed line:\n%s", screen)
	}
	below, _, _ = strings.Cut(below, "\nBye.")
	for l := range strings.SplitSeq(below, "\n") {
		if view.Width(l) > cols {
			t.Errorf("line %q is wider than the %d-column screen:\n%s", l, cols, below)
		}
	}
	if got := strings.Join(strings.Fields(below), " "); got != msg {
		t.Errorf("the message wrapped reads %q, want %q", got, msg)
	}
	if strings.Count(below, "\n") == 0 {
		t.Errorf("the message was not broken:\n%s", below)
	}
}

// TestWrappedOutputIsPaged: whether a message is taller than the screen is judged as it is
// shown, wrapped to the terminal's width (a one-line message at 5 columns takes four).
func TestWrappedOutputIsPaged(t *testing.T) {
	for _, cols := range []int{80, 5} {
		s := newTestSession(t, model.Config{Game: "freecell", Deal: 1})
		var paged []string
		o := PromptOptions{
			Redraw: true,
			pager:  func(page string) error { paged = append(paged, page); return nil },
			size:   func() (int, int) { return cols, 4 },
		}
		promptOut(t, s, o, "time", "quit")
		msg := ""
		for l := range strings.SplitSeq(promptOut(t, newTestSession(t, model.Config{Game: "freecell", Deal: 1}), PromptOptions{}, "time", "quit"), "\n") {
			if strings.HasPrefix(l, "time: ") {
				msg = l
			}
		}
		tall := TooTall(view.Wrap(msg, cols), 4)
		if cols == 5 && !tall || cols == 80 && tall {
			t.Fatalf("at %d columns the message %q wraps tall %v: the test needs another width", cols, msg, tall)
		}
		if got := len(paged) == 1; got != tall {
			t.Errorf("at %d columns: paged %q, want paged %v", cols, paged, tall)
		}
	}
}
