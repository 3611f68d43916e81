package controller

import (
	"bytes"
	"context"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/parser"
	"solitaire/parser/notation"
	"solitaire/view"
)

// exportedAfter plays n legal moves of FreeCell deal 617 (cells and foundations get cards, so the
// board's every line is tested) and returns the session.
func exportedAfter(t *testing.T, n int) *Session {
	t.Helper()
	s := newTestSession(t, model.Config{Game: "freecell", Deal: 617})
	for i := 0; i < n; i++ {
		legal := s.Game.Legal()
		if len(legal) == 0 {
			t.Fatalf("no legal move after %d moves", i)
		}
		if _, err := s.Game.Apply(legal[i%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// export FILE writes a board that --board reads back to the same cards in the same places.
func TestExportRoundTrip(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, n := range []int{0, 3, 12} {
		s := exportedAfter(t, n)
		out, err := s.session(parser.Export{Path: "b.board", Force: true})
		if err != nil {
			t.Fatalf("after %d moves: %v", n, err)
		}
		if !strings.Contains(out.Message, "exported to b.board") || !strings.Contains(out.Message, "--board b.board") {
			t.Errorf("message %q", out.Message)
		}
		g, err := LoadBoard("b.board", nil)
		if err != nil {
			t.Fatalf("after %d moves, the exported board does not load: %v", n, err)
		}
		for i := range s.Game.State.Piles {
			want, got := s.Game.State.Piles[i].Cards, g.State.Piles[i].Cards
			if len(want) == 0 && len(got) == 0 {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("after %d moves, pile %s reads back as %v, want %v", n, s.Game.Def.Piles[i].Name, got, want)
			}
		}
		// export alone prints the same text.
		printed, err := s.session(parser.Export{})
		if err != nil {
			t.Fatal(err)
		}
		file, _ := os.ReadFile("b.board")
		if printed.Message+"\n" != string(file) {
			t.Errorf("export prints %q, but writes %q", printed.Message, file)
		}
	}
}

// export is FreeCell's; other games are told to use save.
func TestExportOtherGames(t *testing.T) {
	s := newTestSession(t, klondike1)
	_, err := s.session(parser.Export{})
	if err == nil || !strings.Contains(err.Error(), "for FreeCell only; save FILE keeps a game of Klondike") {
		t.Fatalf("export in Klondike: %v", err)
	}
}

// export never replaces a file that is not a board; a board is replaced with force in a script,
// and the one replaced is kept as .bak.
func TestExportReplacesOnlyBoards(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("notes.txt", []byte("my notes\n"), 0o644)
	os.Mkdir("folder", 0o700)
	cfg := model.Config{Game: "freecell", Deal: 617}

	_, _, errOut, code := runScript(t, cfg, "export notes.txt force\n", ScriptOptions{})
	if code != ExitFailed || !strings.Contains(errOut, "notes.txt already exists and is not a board in fc-solve's text") {
		t.Fatalf("export notes.txt: exit %d, %s", code, errOut)
	}
	if b, _ := os.ReadFile("notes.txt"); string(b) != "my notes\n" {
		t.Fatalf("notes.txt is now %q", b)
	}
	_, _, errOut, _ = runScript(t, cfg, "export folder\n", ScriptOptions{})
	if !strings.Contains(errOut, "export writes only regular files") {
		t.Fatalf("export folder: %s", errOut)
	}

	_, _, errOut, code = runScript(t, cfg, "export b.board\nc1 r\nexport b.board\n", ScriptOptions{})
	if code != ExitFailed || !strings.Contains(errOut, "3:1: export b.board: b.board already holds a board; export b.board force replaces it") {
		t.Fatalf("second export: exit %d, %s", code, errOut)
	}
	first, _ := os.ReadFile("b.board")
	_, _, errOut, code = runScript(t, cfg, "c1 r\nexport b.board force\n", ScriptOptions{})
	if code != ExitOK {
		t.Fatalf("export force: exit %d %s", code, errOut)
	}
	if bak, _ := os.ReadFile("b.board.bak"); string(bak) != string(first) {
		t.Errorf("b.board.bak holds %q, want the board replaced %q", bak, first)
	}
	if now, _ := os.ReadFile("b.board"); string(now) == string(first) {
		t.Error("b.board was not replaced")
	}
}

// At the prompt export asks before replacing a board.
func TestExportAsks(t *testing.T) {
	t.Chdir(t.TempDir())
	s := exportedAfter(t, 0)
	if _, err := s.session(parser.Export{Path: "b.board"}); err != nil {
		t.Fatal(err)
	}
	out, err := s.session(parser.Export{Path: "b.board"})
	if err != nil || !strings.Contains(out.Message, "already holds a board") || s.Question() != "replace it? [y/N]" {
		t.Fatalf("second export: %q, %q, %v", out.Message, s.Question(), err)
	}
	if out, err = s.question.answer(false); err != nil || !strings.Contains(out.Message, "nothing was exported") {
		t.Fatalf("no: %q %v", out.Message, err)
	}
	if _, err := os.Stat("b.board.bak"); err == nil {
		t.Fatal("a no made a .bak")
	}
}

// history of a game dealt from a board file (play freecell --board FILE) is headed by the
// command that deals it again, the file named (quoted for the shell), after restart too; a new
// deal is no longer the board's.
func TestHistoryNamesTheBoard(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, err := exportedAfter(t, 3).session(parser.Export{Path: "mid game.board"}); err != nil {
		t.Fatal(err)
	}
	g, err := LoadBoard("mid game.board", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSessionAt(g, view.Style{ASCII: true}, frozen)
	s.DealtFromBoard("mid game.board")
	for _, tc := range []struct{ line, header string }{
		{"history", "# solitaire play freecell --board 'mid game.board' < this-file"},
		{"c4 r", ""},
		{"history", "# solitaire play freecell --board 'mid game.board' < this-file"},
		{"restart", ""},
		{"history", "# solitaire play freecell --board 'mid game.board' < this-file"},
		{"new deal=5", ""},
		{"history", "# solitaire play freecell --deal 5 < this-file"},
	} {
		out := exec(t, s, tc.line)
		if tc.header != "" && !strings.HasPrefix(out.Message, tc.header+"\n") {
			t.Errorf("%s: %q, want it headed %q", tc.line, out.Message, tc.header)
		}
	}
}

// history in standard notation writes a game that went through restart: the moves after the
// restart are notated from the deal's start (they made history panic), and the script replays.
func TestHistoryStandardAfterRestart(t *testing.T) {
	s := newTestSession(t, model.Config{Game: "freecell", Deal: 617})
	if err := s.SetNotation(notation.Standard); err != nil {
		t.Fatal(err)
	}
	var out Outcome
	for _, line := range []string{"4d", "restart", "4d", "1a", "history"} {
		if _, err := s.runLine(1, line, func(_ parser.Command, o Outcome) { out = o }); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	want := "# solitaire play freecell --deal 617 --notation standard < this-file\n4d\nrestart\n4d\n1a"
	if out.Message != want {
		t.Fatalf("history:\n%s\nwant\n%s", out.Message, want)
	}
	r := newTestSession(t, model.Config{Game: "freecell", Deal: 617})
	r.SetNotation(notation.Standard)
	var o bytes.Buffer
	if code := r.RunScript(strings.NewReader(out.Message+"\n"), &o, &o, ScriptOptions{}); code != ExitOK || !r.Game.State.Equal(&s.Game.State) {
		t.Errorf("the history does not replay (exit %d):\n%s", code, o.String())
	}
}

// printedExport plays input, which ends with export, on FreeCell deal 617 in Unicode mode, at
// the prompt or in a script, and returns the session and the board text export printed: the
// Foundations line and the lines of free cells and columns that follow it.
func printedExport(t *testing.T, mode, input string) (*Session, string) {
	t.Helper()
	s, err := NewSession(model.Config{Game: "freecell", Deal: 617}, view.Style{}, frozen)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	code := ExitOK
	if mode == "prompt" {
		code = s.RunPrompt(io.NopCloser(strings.NewReader(input)), &out, &out, PromptOptions{})
	} else {
		code = s.RunScript(strings.NewReader(input), &out, &out, ScriptOptions{})
	}
	if code != ExitOK {
		t.Fatalf("%s: exit %d\n%s", mode, code, out.String())
	}
	if !strings.Contains(out.String(), "♦") {
		t.Fatalf("%s: the board is not drawn in Unicode:\n%s", mode, out.String())
	}
	lines := strings.Split(out.String(), "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "Foundations:") {
			continue
		}
		board := []string{line}
		for _, l := range lines[i+1:] {
			if !strings.HasPrefix(l, "Freecells:") && !strings.HasPrefix(l, ":") {
				break
			}
			board = append(board, l)
		}
		return s, strings.Join(board, "\n") + "\n"
	}
	t.Fatalf("%s: export printed no board:\n%s", mode, out.String())
	return nil, ""
}

// export alone prints fc-solve's board text in letters ("7D TD") in Unicode mode too, at the
// prompt and in a script, since fc-solve and --board read it: it parses back to the position.
func TestExportPrintsLettersInUnicode(t *testing.T) {
	for _, mode := range []string{"prompt", "script"} {
		s, text := printedExport(t, mode, "c1 r; c1 r; c1 r\nexport\n")
		if want, _ := notation.FormatBoard(s.Game); text != want {
			t.Errorf("%s: export printed\n%s\nwant fc-solve's text\n%s", mode, text, want)
		}
		pos, err := notation.ParseBoard(text)
		if err != nil {
			t.Fatalf("%s: the printed board does not parse: %v\n%s", mode, err, text)
		}
		g, err := model.LoadPosition(pos, nil)
		if err != nil {
			t.Fatalf("%s: the printed board is no FreeCell position: %v", mode, err)
		}
		for i := range s.Game.State.Piles {
			want, got := s.Game.State.Piles[i].Cards, g.State.Piles[i].Cards
			if (len(want) > 0 || len(got) > 0) && !reflect.DeepEqual(got, want) {
				t.Errorf("%s: pile %s reads back as %v, want %v", mode, s.Game.Def.Piles[i].Name, got, want)
			}
		}
	}
}

// fc-solve, the reference solver, solves the board that export printed at a Unicode prompt,
// when the tool is here: the script $FCSOLVE, or ../shared/tools/fcsolve beside the checkout
// (its usage: fcsolve run fc-solve ARGS).
func TestExportSolvedByFcSolve(t *testing.T) {
	tool := os.Getenv("FCSOLVE")
	if tool == "" {
		tool, _ = filepath.Abs("../../shared/tools/fcsolve")
	}
	if _, err := os.Stat(tool); err != nil {
		t.Skip("fc-solve is not available (set FCSOLVE):", err)
	}
	if testing.Short() {
		t.Skip("runs fc-solve")
	}
	// The first moves of a winning line: the position exported is winnable, so fc-solve must
	// solve it (the arbitrary moves of exportedAfter can fill the cells and lose the deal).
	s := newTestSession(t, model.Config{Game: "freecell", Deal: 617})
	r, err := solve.Solve(context.Background(), s.Game, solve.Options{MaxStates: 200_000})
	if err != nil || r.Status != solve.Solved || len(r.Moves) < 8 {
		t.Fatalf("deal 617: %v %v", r, err)
	}
	var input strings.Builder
	for _, op := range r.Moves[:8] {
		input.WriteString(op.String() + "\n")
	}
	input.WriteString("export\n")
	_, text := printedExport(t, "prompt", input.String())
	board := filepath.Join(t.TempDir(), "b.board")
	if err := os.WriteFile(board, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := osexec.Command(tool, "run", "fc-solve", "-m", "-snx", board).CombinedOutput()
	if err != nil {
		t.Skipf("fc-solve did not run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "This game is solveable") {
		t.Fatalf("fc-solve did not solve the exported board:\n%s\n%s", text, out)
	}
}
