package controller

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

func frozen() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

func newTestSession(t testing.TB, cfg model.Config) *Session {
	t.Helper()
	s, err := NewSession(cfg, view.Style{ASCII: true}, frozen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runScript(t *testing.T, cfg model.Config, input string, o ScriptOptions) (*Session, string, string, int) {
	t.Helper()
	s := newTestSession(t, cfg)
	var out, errOut bytes.Buffer
	code := s.RunScript(strings.NewReader(input), &out, &errOut, o)
	return s, out.String(), errOut.String(), code
}

var klondike1 = model.Config{Game: "klondike", Seed: 1}

func TestScriptErrors(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		opts    ScriptOptions
		code    int
		stderr  string // exact
		moves   int    // moves made by the end
		noBoard bool
	}{
		{name: "all good", input: "draw\ndraw\n", code: 0, moves: 2},
		{name: "no final newline", input: "draw\ndraw", code: 0, moves: 2},
		{name: "CRLF", input: "draw\r\nundo\r\n", code: 0, moves: 0},
		{name: "byte-order mark", input: "\ufeffdraw\n", code: 0, moves: 1},
		{name: "long unknown word shortened", input: strings.Repeat("z", 4000) + "\n", code: 1,
			stderr: "1:1: unknown command \"" + strings.Repeat("z", 32) + "\"...; type help to see the commands\n"},
		{name: "blank lines and comments", input: "\n   \n# a comment\ndraw # and another\n", code: 0, moves: 1},
		{name: "several on a line", input: "draw; draw ;draw\n", code: 0, moves: 3},
		{name: "stops at the first bad line", input: "draw\nflip C1\ndraw\n", code: 1, moves: 1,
			stderr: "2:1: unknown command \"flip\"; type help to see the commands\n"},
		{name: "illegal move names the rule", input: "move C1 F1\n", code: 1,
			stderr: "1:1: move C1 F1: 5S cannot go to F1, which needs AS\n"},
		{name: "column of the failing command", input: "draw; move C1 F1\n", code: 1, moves: 1,
			stderr: "1:7: move C1 F1: 5S cannot go to F1, which needs AS\n"},
		{name: "keep going", input: "bogus\ndraw\nmove C9 C1\ndraw\n", opts: ScriptOptions{KeepGoing: true}, code: 1, moves: 2,
			stderr: "1:1: unknown command \"bogus\"; type help to see the commands\n3:1: move C9 C1: klondike has no pile C9 (columns are C1-C7)\n"},
		{name: "undo at the start", input: "undo\n", code: 1, stderr: "1:1: undo: nothing to undo\n"},
		{name: "redo with nothing to redo", input: "draw\nredo\n", code: 1, moves: 1, stderr: "2:1: redo: nothing to redo\n"},
		{name: "quit stops reading", input: "draw\nquit\ndraw\n", code: 0, moves: 1},
		{name: "huge line", input: "draw\n" + strings.Repeat("x", 1<<20) + "\ndraw\n", opts: ScriptOptions{KeepGoing: true}, code: 1, moves: 2,
			stderr: "2:4097: line is too long (the limit is 4096 bytes); nothing on it was run\n"},
		{name: "NUL byte", input: "dr\x00aw\n", code: 1},
		{name: "invalid UTF-8", input: "draw \xff\xfe\n", code: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, out, errOut, code := runScript(t, klondike1, tt.input, tt.opts)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if tt.stderr != "" && errOut != tt.stderr {
				t.Errorf("stderr\n got %q\nwant %q", errOut, tt.stderr)
			}
			if tt.code == 1 && !strings.Contains(errOut, ":") {
				t.Errorf("no LINE:COL on stderr: %q", errOut)
			}
			if got := s.Game.MoveCount(); got != tt.moves {
				t.Errorf("moves %d, want %d", got, tt.moves)
			}
			if !strings.Contains(out, "Klondike seed 1") {
				t.Errorf("no board printed:\n%s", out)
			}
		})
	}
}

func TestScriptBoardAfterEachCommand(t *testing.T) {
	_, out, _, _ := runScript(t, klondike1, "draw\nhint\ndraw\n", ScriptOptions{})
	if n := strings.Count(out, "Klondike seed 1"); n != 3 {
		t.Errorf("%d boards for 2 board-changing commands plus the start, want 3:\n%s", n, out)
	}
	for _, want := range []string{"> draw\n", "> hint\nhint: "} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	_, quiet, _, _ := runScript(t, klondike1, "draw\ndraw\n", ScriptOptions{Quiet: true})
	if n := strings.Count(quiet, "Klondike seed 1"); n != 1 || !strings.Contains(quiet, "moves 2") {
		t.Errorf("quiet printed %d boards, want only the final one:\n%s", n, quiet)
	}
}

func TestScriptJSON(t *testing.T) {
	_, out, errOut, code := runScript(t, model.Config{Game: "freecell", Deal: 1}, "C8 R1\nmove C9 C1\n", ScriptOptions{JSON: true})
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d JSON lines, want the start, one state and one error:\n%s", len(lines), out)
	}
	var start, after struct {
		Game    string            `json:"game"`
		Deal    int64             `json:"deal"`
		Options map[string]string `json:"options"`
		Moves   int               `json:"moves"`
		Won     bool              `json:"won"`
		Command string            `json:"command"`
		Piles   []struct {
			Name     string   `json:"name"`
			Cards    []string `json:"cards"`
			FaceDown int      `json:"face_down"`
		} `json:"piles"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &start); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &after); err != nil {
		t.Fatal(err)
	}
	if start.Game != "freecell" || start.Deal != 1 || start.Options["cells"] != "4" || start.Moves != 0 {
		t.Errorf("start state %+v", start)
	}
	if start.Piles[0].Name != "R1" || start.Piles[8].Name != "C1" || strings.Join(start.Piles[8].Cards, " ") != "JD KD 2S 4C 3S 6D 6S" {
		t.Errorf("piles not in board order, bottom first: %+v", start.Piles[:9])
	}
	if after.Moves != 1 || after.Command != "move C8 R1" || strings.Join(after.Piles[0].Cards, " ") != "TC" {
		t.Errorf("state after C8 R1: %+v", after)
	}
	var e struct {
		Error struct {
			Line, Column int
			Message      string
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(lines[2]), &e); err != nil || e.Error.Line != 2 || e.Error.Column != 1 ||
		!strings.Contains(e.Error.Message, "freecell has no pile C9") {
		t.Errorf("error object %s (%v)", lines[2], err)
	}
	if !strings.HasPrefix(errOut, "2:1: ") {
		t.Errorf("stderr %q", errOut)
	}
}

func TestJSONFaceDownCards(t *testing.T) {
	_, out, _, _ := runScript(t, klondike1, "", ScriptOptions{JSON: true})
	if !strings.Contains(out, `{"name":"C2","cards":["??","5H"],"face_down":1}`) {
		t.Errorf("face-down cards not hidden: %s", out)
	}
}

func TestNewCommand(t *testing.T) {
	tests := []struct {
		input string
		game  string
		opts  map[string]string
		seed  uint64
		deal  int64
		err   string
	}{
		{input: "new klondike draw=3 seed=42", game: "klondike", opts: map[string]string{"draw": "3"}, seed: 42},
		{input: "new seed=7", game: "klondike", seed: 7},
		{input: "new freecell deal=617 cells=2", game: "freecell", opts: map[string]string{"cells": "2"}, deal: 617},
		{input: "new klondike draw=2", err: `option draw: "2" is not one of 1, 3`},
		{input: "new chess", err: `unknown game "chess"`},
		{input: "new freecell deal=0", err: "deal=0: a deal number is a whole number"},
		// An unknown key lists every key new takes, the deal's keys too (once only the
		// game's options, as if seed= and winnable= were not there).
		{input: "new klondike bogus=1", err: `klondike has no option "bogus"; new klondike takes: draw, passes, open, any-card-on-empty, no-foundation-return, scoring, seed and winnable` + "\n"},
		{input: "new freecell draw=3", err: `freecell has no option "draw"; new freecell takes: cells, supermove, bakers, kings-only, challenge, no-foundation-return, relaxed, autoplay, deal, seed and winnable` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			s, _, errOut, code := runScript(t, model.Config{Game: "klondike", Seed: 1, Options: model.Options{"passes": "3"}}, tt.input+"\n", ScriptOptions{})
			if tt.err != "" {
				if code != 1 || !strings.Contains(errOut, tt.err) {
					t.Fatalf("exit %d, stderr %q, want %q", code, errOut, tt.err)
				}
				if s.Game.Config.Seed != 1 {
					t.Error("a refused new changed the game")
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			c := s.Game.Config
			if c.Game != tt.game || (tt.seed != 0 && c.Seed != tt.seed) || c.Deal != tt.deal {
				t.Errorf("config %+v", c)
			}
			for k, v := range tt.opts {
				if c.Options[k] != v {
					t.Errorf("option %s = %s, want %s", k, c.Options[k], v)
				}
			}
			if tt.game == "klondike" && c.Options["passes"] != "3" {
				t.Error("new for the same game dropped its options")
			}
		})
	}
}

// TestRefusedCardEcho: a refused command is echoed as the game reads it, the same way for
// every card: in Klondike "ah" is the ace of hearts, as "as" is the ace of spades, so both are
// echoed "move A?" (once "ah" was echoed as typed and "as" as "move AS"). In FreeCell a lone
// two-character token that spells a standard move is that move, echoed as typed with what it
// means (named). Elsewhere such a move is refused before the line runs (notation.For).
// A command that puts another game in play has the rest of its line read in that game's
// notation.
func TestRefusedCardEcho(t *testing.T) {
	for _, tt := range []struct {
		cfg        model.Config
		line, want string
	}{
		{klondike1, "ah", "1:1: move AH: AH is not face up yet: a hidden card cannot be named\n"},
		{klondike1, "as", "1:1: move AS: AS is not face up yet: a hidden card cannot be named\n"},
		{klondike1, "3h", "1:1: move 3H: 3H is not face up yet: a hidden card cannot be named\n"},
		{klondike1, "move 7h", "1:1: move 7H: 7H is not face up yet: a hidden card cannot be named\n"},
		{klondike1, "38", "1:1: 38 is FreeCell's notation, which only FreeCell reads: write move C3 C8\n"},
		{model.Config{Game: "freecell", Deal: 1}, "ah", "1:1: ah (move R1 F): R1 is empty\n"},
		{model.Config{Game: "freecell", Deal: 1}, "AH", "1:1: ah (move R1 F): R1 is empty\n"}, // no card drawn with a symbol
		{model.Config{Game: "freecell", Deal: 1}, "new klondike seed=1; ah", "1:22: move AH: AH is not face up yet: a hidden card cannot be named\n"},
		{klondike1, "new freecell deal=1; ah", "1:22: ah (move R1 F): R1 is empty\n"},
		{klondike1, "new freecell deal=1; 38", "1:22: 38 is FreeCell's notation, which only FreeCell reads: write move C3 C8\n"}, // read whole in Klondike first
		{model.Config{Game: "freecell", Deal: 1}, "as", "1:1: move AS: AS is under AC, 2C and 3D in C6, which are not in sequence with it\n"},
	} {
		_, _, errOut, code := runScript(t, tt.cfg, tt.line+"\n", ScriptOptions{Quiet: true})
		if code != ExitFailed || errOut != tt.want {
			t.Errorf("%s %s: exit %d, stderr %q; want %q", tt.cfg.Game, tt.line, code, errOut, tt.want)
		}
	}
}

// TestJSONMessagesArePlain: --format json writes its messages for programs, as its piles name
// their cards: letters (AH, not A♥), no colour and no line wrapped at the terminal's width,
// whatever the display's style. auto says which cards it sent home; moves
// lists 38 moves after it in FreeCell deal 3, longer than a line of 80 columns.
func TestJSONMessagesArePlain(t *testing.T) {
	s, err := NewSession(model.Config{Game: "freecell", Deal: 3}, view.Style{Color: true}, frozen)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := s.RunScript(strings.NewReader("auto\nmoves\n"), &out, &errOut, ScriptOptions{JSON: true}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var msgs []string
	for line := range strings.SplitSeq(strings.TrimSpace(out.String()), "\n") {
		var st struct{ Message string }
		if err := json.Unmarshal([]byte(line), &st); err != nil {
			t.Fatal(err)
		}
		if st.Message != "" {
			msgs = append(msgs, st.Message)
		}
	}
	if len(msgs) != 2 || msgs[0] != "auto: AH->F1 2H->F1" || !strings.HasPrefix(msgs[1], "moves (") || len(msgs[1]) <= 80 {
		t.Fatalf("messages %q, want auto: AH->F1 2H->F1 and a list of moves longer than 80 columns", msgs)
	}
	for _, m := range msgs {
		for _, r := range m {
			if r < ' ' || r > '~' {
				t.Errorf("message %q has %q: want plain ASCII on one line", m, r)
				break
			}
		}
	}
}

// TestRefusalsDrawnAndCarried: a refused command's message draws its cards as the board does
// (symbols, letters, red when coloured: the echo of the command too), and --format json
// carries the refusal's fields in its error object beside the message in letters.
func TestRefusalsDrawnAndCarried(t *testing.T) {
	load := parser.Load{Path: filepath.Join(t.TempDir(), "7H.json")}.String()
	tests := []struct {
		cfg                   model.Config
		line                  string
		unicode, ascii, color string // stderr after "1:1: "
		json                  string // the error object's fields after the message
	}{
		{klondike1, "move C1 F1",
			"move C1 F1: 5♠ cannot go to F1, which needs A♠", "move C1 F1: 5S cannot go to F1, which needs AS", "move C1 F1: 5♠ cannot go to F1, which needs A♠",
			`"kind":"wrong-card","card":"5S","from":"C1","to":"F1","needs":{"kind":"ace","card":"AS"},"count":1`},
		{klondike1, "AD C1",
			"move A♦ C1: A♦ cannot go to C1, which needs a red 4", "move AD C1: AD cannot go to C1, which needs a red 4",
			"move \x1b[31mA♦\x1b[0m C1: \x1b[31mA♦\x1b[0m cannot go to C1, which needs a red 4",
			`"kind":"wrong-card","card":"AD","from":"C4","to":"C1","needs":{"kind":"follows","top":"5S","ranks":[4],"color":"red"},"count":1`},
		{model.Config{Game: "freecell", Deal: 1}, "move C9 F1",
			"move C9 F1: freecell has no pile C9 (columns are C1-C8)", "move C9 F1: freecell has no pile C9 (columns are C1-C8)", "move C9 F1: freecell has no pile C9 (columns are C1-C8)",
			`"kind":"no-such-pile","from":"C9","game":"freecell","piles":["C1","C2","C3","C4","C5","C6","C7","C8"]`},
		{klondike1, "undo", "undo: nothing to undo", "undo: nothing to undo", "undo: nothing to undo", `"kind":"no-steps","count":1`},
		// A file's name is no card: no text is rewritten.
		{klondike1, load, load + ": no such file", load + ": no such file", load + ": no such file", ""},
	}
	for _, tt := range tests {
		for _, st := range []struct {
			s    view.Style
			want string
		}{{view.Style{}, tt.unicode}, {view.Style{ASCII: true}, tt.ascii}, {view.Style{Color: true}, tt.color}} {
			s, err := NewSession(tt.cfg, st.s, frozen)
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut bytes.Buffer
			if code := s.RunScript(strings.NewReader(tt.line+"\n"), &out, &errOut, ScriptOptions{Quiet: true}); code != ExitFailed || errOut.String() != "1:1: "+st.want+"\n" {
				t.Errorf("%s in %+v: exit %d, stderr %q; want %q", tt.line, st.s, code, errOut.String(), "1:1: "+st.want)
			}
		}
		s, err := NewSession(tt.cfg, view.Style{Color: true}, frozen)
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		s.RunScript(strings.NewReader(tt.line+"\n"), &out, &errOut, ScriptOptions{JSON: true})
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		msg, _ := json.Marshal(tt.ascii)
		want := `{"error":{"column":1,"line":1,"message":` + string(msg)
		if tt.json != "" {
			want += "," + tt.json
		}
		if want += "}}"; lines[len(lines)-1] != want {
			t.Errorf("%s in JSON:\n got %s\nwant %s", tt.line, lines[len(lines)-1], want)
		}
	}
}
