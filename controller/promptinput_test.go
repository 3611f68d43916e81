package controller

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"solitaire/model"
	"solitaire/view"
)

// promptBytes plays raw input at the prompt, with the history file in dir: piped (as
// --interactive reads it), or as the keys of a terminal (keys).
func promptBytes(t testing.TB, dir, input string, keys bool) (*Session, string) {
	t.Helper()
	s := newTestSession(t, klondike1)
	var out bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- s.RunPrompt(io.NopCloser(strings.NewReader(input)), &out, &out, PromptOptions{StateDir: dir, keys: keys})
	}()
	select {
	case code := <-done:
		if code != ExitOK {
			t.Fatalf("exit %d\n%s", code, out.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the prompt still runs after 30s on %d bytes", len(input))
	}
	return s, out.String()
}

// draws is Klondike seed 1 after n draws, to compare with what a prompt left.
func draws(t *testing.T, n int) *model.Game {
	s := newTestSession(t, klondike1)
	for range n {
		if _, err := s.Exec(model.Draw{}); err != nil {
			t.Fatal(err)
		}
	}
	return s.Game
}

func readHistory(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "history"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noControl fails if out holds a control character other than a newline, or is not UTF-8.
func noControl(t testing.TB, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("output is not UTF-8: %q", out)
	}
	for _, r := range out {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
			t.Fatalf("output holds %U: %q", r, out)
		}
	}
}

// Piped --interactive input: every control byte but tab (and the CR of a CRLF) makes its line
// refused whole, with the line's error; readline never acts on one (0x12 and 0x13 used to panic,
// 0x1A to stop the program and its parent). A 200 KB line is refused at once. The game and the
// history file hold the good lines only.
func TestPromptPipedControlBytes(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 200_000)
	input := "draw\n" +
		"draw\x12\n" + "\x13\n" + "draw \x1a\n" + "dr\x00aw\n" + "draw\x7f\n" + "draw # \x01 in a comment\n" +
		"draw\rdraw\n" + "\x1b[A\n" + "d\r\n" + long + "\n" + "d\x03\n" + "\x04\n" + "draw\n"
	s, out := promptBytes(t, dir, input, false)
	noControl(t, out)
	for _, want := range []string{
		"  draw\ufffd\n      ^\nunexpected control character U+0012: ",
		"  \ufffd\n  ^\nunexpected control character U+0013: ",
		"  draw \ufffd\n       ^\nunexpected control character U+001A: ",
		"  dr\ufffdaw\n    ^\nunexpected control character U+0000: ",
		"unexpected control character U+007F: ",
		"unexpected control character U+0001: ",
		"  draw\ufffddraw\n      ^\nunexpected control character U+000D: ",
		"unexpected control character U+001B: ",
		"unexpected control character U+0003: ",
		"unexpected control character U+0004: ",
		fmt.Sprintf("That line is too long (the limit is %d bytes); nothing was run.", MaxLine),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the output", want)
		}
	}
	if got := strings.Count(out, "unexpected control character"); got != 10 {
		t.Errorf("%d lines refused for a control byte, want 10", got)
	}
	if want := draws(t, 3); !s.Game.State.Equal(&want.State) || s.Game.MoveCount() != 3 {
		t.Fatalf("%d moves, want the three good lines' draws\n%s", s.Game.MoveCount(), out)
	}
	if h := readHistory(t, dir); h != "draw\nd\ndraw\n" {
		t.Fatalf("history %q, want the good lines only", h)
	}
}

// The same bytes typed at a terminal (readline in raw mode, drawing): Ctrl-R and Ctrl-S search
// the history, Ctrl-Z and NUL do nothing, and a pasted 200 KB line is refused as soon as it
// passes the limit; the rest of it, up to Enter, is dropped.
func TestPromptKeys(t *testing.T) {
	dir := t.TempDir()
	input := "draw\r" + // a draw
		"\x12dra\r" + // Ctrl-R finds "draw": a draw
		"\x13\x07" + // Ctrl-S, then Ctrl-G leaves the search
		"\x1a\x00" + // nothing
		"d" + strings.Repeat("x", 200_000) + "\r" + // refused
		"d\x1a\r" + // a draw
		"\x12\x13\x12\x03" + // searches, left with Ctrl-C
		"\x1b[A\x1b[B\x02\x06\x01\x05\x0b\x15\x17\x19\x14\x0c\x0e\x10\x08\x7f\x0f\x11\x16\x18\x1c\x1d\x1e\x1f\xc2\x85\xc2\x9b" +
		"\x03" // all cleared
	s, out := promptBytes(t, dir, input, true)
	if n := strings.Count(out, "That line is too long"); n != 1 {
		t.Errorf("%d refusals of the long line, want 1", n)
	}
	if strings.Contains(out, strings.Repeat("x", MaxLine+1)) {
		t.Error("readline was given more than MaxLine bytes of the long line")
	}
	for _, c := range []string{"\x1a", "\x00", "\x0f", "\x11", "\x16", "\x18", "\x1c", "\u0085", "\u009b"} {
		if strings.Contains(out, c) {
			t.Errorf("the control character %q was echoed", c)
		}
	}
	if want := draws(t, 3); !s.Game.State.Equal(&want.State) || s.Game.MoveCount() != 3 {
		t.Fatalf("%d moves, want 3\n%q", s.Game.MoveCount(), out)
	}
	if h := readHistory(t, dir); h != "draw\nd\n" {
		t.Fatalf("history %q", h)
	}
}

// caret shows a line with no control, format or non-UTF-8 character in it, and the ^ under the
// character at the column however wide the characters before it are.
func TestCaretVisible(t *testing.T) {
	for _, c := range []struct {
		line string
		col  int
		want string
	}{
		{"move c9 f1", 6, "  move c9 f1\n       ^"},
		{"move \u202ec9\u202c f1", 6, "  move \ufffdc9\ufffd f1\n       ^"},
		{"\u2066x\u2069 \u0085 \u009b[31m", 7, "  \ufffdx\ufffd \ufffd \ufffd[31m\n      ^"},
		{"é\t\xff 日本 x", 13, "  é \ufffd 日本 x\n" + strings.Repeat(" ", 2+9) + "^"},
		{"draw", 99, "  draw\n      ^"},
		{"draw", 0, "  draw\n  ^"},
	} {
		got := caret(c.line, c.col)
		if got != c.want {
			t.Errorf("caret(%q, %d) =\n%s\nwant\n%s", c.line, c.col, got, c.want)
		}
		noControl(t, got)
	}
}

// A panic in the prompt's loop is recovered: the terminal is restored, the panic reported, and
// the exit status says the program could not run.
func TestPromptPanicReported(t *testing.T) {
	s := newTestSession(t, klondike1)
	s.Game = nil // the first board panics
	var out, errOut bytes.Buffer
	code := s.RunPrompt(io.NopCloser(strings.NewReader("draw\n")), &out, &errOut, PromptOptions{})
	if code != ExitError || !strings.Contains(errOut.String(), "solitaire: internal error") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

// promptInput cuts piped lines in linear time and never hands readline a control byte but its
// own marker and newlines.
func TestPromptInputLines(t *testing.T) {
	in := "\ufeffdraw\r\nok\tok\nbad\x12\n" + strings.Repeat("y", MaxLine) + "\n" + strings.Repeat("z", MaxLine+1) + "\n\ufeff\n\uE000\nlast"
	p := newPromptInput(io.NopCloser(strings.NewReader(in)), false)
	got, err := io.ReadAll(p)
	if err != nil {
		t.Fatal(err)
	}
	want := "draw\n\x1a\n\x1a\n" + strings.Repeat("y", MaxLine) + "\n\x1a\n\x1a\n\x1a\nlast\n"
	if string(got) != want {
		t.Fatalf("readline would read %q\nwant %q", got, want)
	}
	var aside []asideLine
	for range 5 {
		aside = append(aside, p.take("\uE000"))
	}
	wantAside := []asideLine{{line: "ok\tok"}, {line: "bad\x12"}, {tooLong: true}, {line: "\ufeff"}, {line: "\uE000"}}
	if fmt.Sprint(aside) != fmt.Sprint(wantAside) {
		t.Fatalf("set aside %+v, want %+v", aside, wantAside)
	}
	if a := p.take("draw"); a.line != "draw" || a.tooLong {
		t.Fatalf("take of a plain line: %+v", a)
	}
}

// BenchmarkPromptLongLine plays a line of 100 KB to 800 KB and a draw at the prompt, piped and
// as keys: the time per byte stays flat (it grew with the line's length, quadratically, when
// readline saw the whole line: 200 KB took over a minute).
func BenchmarkPromptLongLine(b *testing.B) {
	for _, keys := range []bool{false, true} {
		for _, size := range []int{100_000, 200_000, 400_000, 800_000} {
			mode := "piped"
			end := "\n"
			if keys {
				mode, end = "keys", "\r"
			}
			input := "draw" + end + strings.Repeat("x", size) + end + "draw" + end
			b.Run(fmt.Sprintf("%s/%dKB", mode, size/1000), func(b *testing.B) {
				for b.Loop() {
					s, err := NewSession(klondike1, view.Style{ASCII: true}, frozen)
					if err != nil {
						b.Fatal(err)
					}
					var out bytes.Buffer
					s.RunPrompt(io.NopCloser(strings.NewReader(input)), &out, &out, PromptOptions{keys: keys})
					if s.Game.MoveCount() != 2 {
						b.Fatalf("%d moves", s.Game.MoveCount())
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(input)), "ns/byte")
			})
		}
	}
}

// keysSafe makes fuzzed keys unable to spell save or load (as typed, yanked, transposed,
// recalled or completed), so that a fuzzed terminal never reads or writes a file: the letters
// l and v become x, and Tab (completion) a blank.
func keysSafe(data []byte) []byte {
	out := bytes.Clone(data)
	for i, c := range out {
		switch c {
		case 'l', 'L', 'v', 'V':
			out[i] = 'x'
		case '\t':
			out[i] = ' '
		}
	}
	return out
}

// FuzzPrompt plays any bytes at the prompt, piped as --interactive reads them, or as the keys
// of a terminal (flags&1), where readline edits and draws. Nothing panics (a panic in one of
// readline's goroutines kills the fuzzing process, which the fuzzer reports as a crash), hangs
// or stops; piped, the output holds no control character but newlines; the game keeps its
// cards; the history file holds only printable lines within the limit.
func FuzzPrompt(f *testing.F) {
	for i, s := range []string{
		"draw\n\x12\n\x13\n\x1a\n\x00\n\x7f\n",
		"draw\r\n\x12dr\r\x13\x07\x1a\x00d\r",
		"draw\n" + strings.Repeat("x", MaxLine+1) + "\ndraw\n",
		"\x1b[A\x1b[B\x1bOA\x1b[1;5C\x02\x06\x01\x05\x0b\x15\x17\x19\x14\x0c\x0e\x10\x08\x7f\r",
		"move c9 \u202eabc\n\u0085\n\xff\xfe\n\ufeffdraw\n\uE000\n\u2066x\u2069\n",
		"c4 f; draw; undo; redo\nhint\nmoves\nnew freecell deal=1\nc1 r\nr1 c1\n",
		"dr\t\t\r\x03u\tn\r",
		"draw\rdraw\x1b\n# \x01\n\"\x00\"\n",
	} {
		f.Add([]byte(s), uint8(i))
	}
	dir := fuzzDir(f)
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) { playFuzzedPrompt(t, dir, data, flags, 80) })
}

// FuzzPromptWidth plays any keys at the prompt of a terminal of any width, 1 to 255 columns
// (issue 27, item 4: at 1, 2, 5 or 10 columns readline looped for ever drawing an edited line,
// and Ctrl-C and Ctrl-D did nothing): readline draws where the prompt fits, and below that the
// line is read plainly. The same checks as FuzzPrompt's.
func FuzzPromptWidth(f *testing.F) {
	for _, w := range []uint8{1, 2, 5, 10, 11, 12, 13, 40, 41} {
		f.Add([]byte("dr\x1b[D\x03draw\rabandon\x1b[D\x1b[D\x08\x04\rquit\r"), w, uint8(1))
		f.Add([]byte("c4 f\rnew\r\x1b[Dn\rdraw\x01\x05\x1b[C\r\x04"), w, uint8(1))
	}
	dir := fuzzDir(f)
	f.Fuzz(func(t *testing.T, data []byte, width, flags uint8) {
		playFuzzedPrompt(t, dir, data, flags|1, max(int(width), 1))
	})
}

// playFuzzedPrompt is FuzzPrompt's and FuzzPromptWidth's run: data at the prompt of a game
// that flags picks (flags&1: as keys), on a screen cols wide.
func playFuzzedPrompt(t *testing.T, dir string, data []byte, flags uint8, cols int) {
	state := filepath.Join(dir, "state")
	history := filepath.Join(state, "history")
	keys := flags&1 != 0
	// Keys cost readline a redraw of the line each, so time grows with the square of a
	// line: keys inputs are kept to 2 KB (a longer line is TestPromptKeys' business).
	if len(data) > maxFuzzScript || keys && len(data) > 2048 {
		t.Skip()
	}
	if keys {
		data = keysSafe(data)
	} else if !fuzzSafe(data) {
		t.Skip()
	}
	t.Chdir(dir)
	os.Remove(history)
	s := fuzzSession(t, int(flags>>1), flags&64 != 0)
	// Small searches; positions bound them too, since "review 9999" gives its own time.
	s.Assist(AssistOptions{HintTime: 5 * time.Millisecond, SolveTime: 20 * time.Millisecond, WatchTime: 2 * time.Millisecond, MaxStates: 2000})
	var out bytes.Buffer
	hang := time.AfterFunc(30*time.Second, func() {
		panic(fmt.Sprintf("prompt %q (keys %v, %d columns) still running after 30s", data, keys, cols))
	})
	code := s.RunPrompt(io.NopCloser(bytes.NewReader(data)), &out, &out, PromptOptions{StateDir: state, keys: keys,
		size: func() (int, int) { return cols, 24 }})
	hang.Stop()
	if code != ExitOK {
		t.Fatalf("exit %d: %q", code, out.String())
	}
	if !keys {
		noControl(t, out.String())
	}
	checkCards(t, s.Game)
	h, err := os.ReadFile(history)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSuffix(string(h), "\n"), "\n") {
		if len(h) > 0 && (l == "" || len(l) > MaxLine || !plainLine(l)) {
			t.Fatalf("history line %q", l)
		}
	}
}
