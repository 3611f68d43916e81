package controller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// maxFuzzScript bounds one fuzz input, so that no input can run for long.
const maxFuzzScript = 10 << 10

// fuzzFiles are the only files a fuzzed script may load or save, in a folder of its own; a
// script that names any other path is skipped, so fuzzing never reads or writes elsewhere.
var fuzzFiles = map[string]string{
	"near.json": `{"game": "freecell", "piles": [
  {"name": "R1", "cards": ["JS"]},
  {"name": "F1", "cards": ["AH","2H","3H","4H","5H","6H","7H","8H","9H","TH","JH","QH"]},
  {"name": "F2", "cards": ["AS","2S","3S","4S","5S","6S","7S","8S","9S","TS"]},
  {"name": "F3", "cards": ["AC","2C","3C","4C","5C","6C","7C","8C","9C","TC","JC","QC","KC"]},
  {"name": "F4", "cards": ["AD","2D","3D","4D","5D","6D","7D","8D","9D","TD","JD","QD","KD"]},
  {"name": "C1", "cards": ["KH"]},
  {"name": "C2", "cards": ["KS","QS"]}]}`,
	"bad.json":   `{"game": "freecell", "piles": [{"name": "C1", "cards": ["QX"]}]}`,
	"empty.json": "",
	"text.json":  "draw\n",
}

// fuzzPathOK says whether a script may name path: one of the fixture files, a file that is not
// there, or the folder itself.
func fuzzPathOK(path string) bool {
	_, ok := fuzzFiles[path]
	return ok || path == "missing.json" || path == "out.json" || path == "dir"
}

// fuzzSafe reports whether every load and save of a script names a path fuzzPathOK allows.
func fuzzSafe(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		// The byte-order mark that a first line may start with is dropped before it is run.
		cmds, err := parser.Parse(strings.TrimPrefix(strings.TrimSuffix(string(line), "\r"), "\ufeff"))
		if err != nil {
			continue
		}
		for _, c := range cmds {
			switch o := c.Session.(type) {
			case parser.Load:
				if !fuzzPathOK(o.Path) {
					return false
				}
			case parser.Save:
				if !fuzzPathOK(o.Path) {
					return false
				}
			}
		}
	}
	return true
}

// fuzzDir makes the folder fuzzed scripts run in, with the fixture files. Each input goes
// there (t.Chdir): the fuzz target itself must stay in the package folder to find its corpus.
func fuzzDir(f *testing.F) string {
	dir := f.TempDir()
	for name, text := range fuzzFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "dir"), 0o755); err != nil {
		f.Fatal(err)
	}
	return dir
}

// scriptSeeds are the command files of the testscripts, and a few inputs worth starting from.
func scriptSeeds(f *testing.F) [][]byte {
	seeds := [][]byte{
		[]byte("draw\ndrwa\nmove C9 C1\ndraw; c4 f\nc3 f1 f2\nundo 99999\n"),
		[]byte("draw \xff\ndraw \x00\r\ndraw\r\ndraw"),
		[]byte("\n   \n# comment\nundo\nredo\n"),
		[]byte("load near.json\nR1 F2\nC1 F1\nC2 F2\nmove C1 C2\nundo\nauto\nhint\nmoves\n"),
		[]byte("load bad.json\nload missing.json\nload dir\nload empty.json\nload text.json\n"),
		[]byte("new freecell deal=1 cells=2\nc1 c2\nc1 r\nr1 c1\nr c1\nhint; moves; time; show\n"),
		[]byte("new lapeau\npolicy alternate\npurge\nnew fifteen relaxed\nc1 c14\nnew algerian\ndraw\ndraw\n"),
		[]byte("new osmosis strict-start\ndraw\nw f\nnew natali autofill\ndraw\nnew canfield classic\ndraw\nr c1\n"),
		[]byte("help\nhelp klondike\n? grammar\ngames\nrestart\nquit\ndraw\n"),
		[]byte("c0\nc99 c1\nf9\nx1\nr5\nc1 c2 0\nc1 c2 99\nnew klondike seed=0\nnew deal=0\n"),
		[]byte("save out.json\nload out.json\nhistory\nstats\nswitch freecell\n"),
		[]byte("new lapeau seed=2\nreview\nc1 c8\nreview 9999\nreview 0\nundo\nreview now\nnew klondike\ndraw\nreview\n"),
		[]byte(strings.Repeat("draw;", 800) + "\n"),
		[]byte("draw\n" + strings.Repeat("x", MaxLine+10) + "\ndraw\n"),
	}
	paths, _ := filepath.Glob("../testdata/*.txtar")
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			continue
		}
		for _, file := range a.Files {
			if strings.HasSuffix(file.Name, ".txt") && !bytes.Contains(file.Data, []byte("+---")) && len(file.Data) < maxFuzzScript {
				seeds = append(seeds, file.Data)
			}
		}
	}
	return seeds
}

var errorLine = regexp.MustCompile(`^([1-9][0-9]*):([1-9][0-9]*): \S`)

// fuzzSession is a new session of the game the fuzzer's choice picks (among model.Games, the
// first deal of each), drawn with ASCII suits or not.
func fuzzSession(t *testing.T, choice int, ascii bool) *Session {
	t.Helper()
	games := model.Games()
	cfg := model.Config{Game: games[choice%len(games)].Name, Seed: 1}
	if cfg.Game == "freecell" {
		cfg.Seed, cfg.Deal = 0, 1
	}
	s, err := NewSession(cfg, view.Style{ASCII: ascii}, frozen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// FuzzScript runs any bytes as a script: the exit status is 0, or 1 with LINE:COL: messages
// on stderr; nothing panics, hangs or writes control characters; the game keeps its cards.
func FuzzScript(f *testing.F) {
	for i, s := range scriptSeeds(f) {
		if fuzzSafe(s) {
			f.Add(s, uint8(i))
		}
	}
	dir := fuzzDir(f)
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		if len(data) > maxFuzzScript || !fuzzSafe(data) {
			t.Skip()
		}
		t.Chdir(dir)
		s := fuzzSession(t, int(flags>>3), flags&8 != 0)
		// Small searches, so that a script of many hints, solves, reviews or winnable deals stays
		// quick; positions bound them too, since "review 9999" gives its own time.
		s.Assist(AssistOptions{HintTime: 20 * time.Millisecond, SolveTime: 50 * time.Millisecond, WatchTime: 10 * time.Millisecond, MaxStates: 2000})
		o := ScriptOptions{JSON: flags&1 != 0, Quiet: flags&2 != 0, KeepGoing: flags&4 != 0}
		var out, errOut bytes.Buffer
		// A script that runs this long hangs: crash, so that the fuzzer keeps the input.
		hang := time.AfterFunc(30*time.Second, func() { panic(fmt.Sprintf("script %q (%+v) still running after 30s", data, o)) })
		code := s.RunScript(bytes.NewReader(data), &out, &errOut, o)
		hang.Stop()

		lines := bytes.Count(data, []byte("\n")) + 1
		stderr := errOut.String()
		switch {
		case code != ExitOK && code != ExitFailed:
			t.Fatalf("exit status %d, want 0 or 1; stderr %q", code, stderr)
		case (code == ExitOK) != (stderr == ""):
			t.Fatalf("exit status %d with stderr %q", code, stderr)
		}
		if !utf8.ValidString(stderr) {
			t.Fatalf("stderr is not UTF-8: %q", stderr)
		}
		reported := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if stderr != "" && !o.KeepGoing && len(reported) != 1 {
			t.Fatalf("without --keep-going, %d errors: %q", len(reported), stderr)
		}
		for _, l := range reported {
			if stderr == "" {
				break
			}
			m := errorLine.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("error line %q is not LINE:COL: message", l)
			}
			if n, _ := strconv.Atoi(m[1]); n > lines {
				t.Fatalf("error at line %d of a %d-line script: %q", n, lines, l)
			}
			if col, _ := strconv.Atoi(m[2]); col > MaxLine+1 {
				t.Fatalf("error at column %d, past the longest line: %q", col, l)
			}
			for _, r := range l {
				if unicode.IsControl(r) {
					t.Fatalf("error line %q holds a control character %U", l, r)
				}
			}
		}
		stdout := out.String()
		if !utf8.ValidString(stdout) {
			t.Fatalf("stdout is not UTF-8: %q", stdout)
		}
		for _, r := range stdout {
			if unicode.IsControl(r) && r != '\n' {
				t.Fatalf("stdout holds a control character %U: %q", r, stdout)
			}
		}
		if o.JSON {
			for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
				if !json.Valid([]byte(l)) {
					t.Fatalf("--format json wrote a line that is not JSON: %q", l)
				}
			}
		}
		checkCards(t, s.Game)
	})
}

// checkCards checks that a game holds its whole deck: every card Decks times.
func checkCards(t *testing.T, g *model.Game) {
	t.Helper()
	count := map[model.Card]int{}
	for _, p := range g.State.Piles {
		for _, c := range p.Cards {
			count[c]++
		}
	}
	for _, c := range model.NewDeck(1) {
		if count[c] != g.Def.Decks {
			t.Fatalf("%s holds %s %d times, want %d", g.Info.Name, c, count[c], g.Def.Decks)
		}
	}
	if len(count) != 52 {
		t.Fatalf("%s holds %d kinds of card", g.Info.Name, len(count))
	}
}

// fmtSlip matches what fmt writes for a verb gone wrong ("%!d(string=x)", "%!v(MISSING)"),
// not a bare "%!", which an error may quote from the file's own text.
var fmtSlip = regexp.MustCompile(`%!.?\((MISSING|EXTRA |NOVERB|BAD|[^)=\s]+=)`)

// FuzzPositionFile reads any bytes as a position file (ReadPosition, then model.LoadPosition):
// a one-line error that does not repeat the raw JSON error prefix, or a game whose position,
// every card named, reads back as the same game.
func FuzzPositionFile(f *testing.F) {
	for _, text := range fuzzFiles {
		f.Add([]byte(text))
	}
	for _, info := range model.Games() {
		g, err := model.NewGame(model.Config{Game: info.Name, Seed: 3})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(fullPosition(f, g))
	}
	for _, s := range []string{
		`{}`, `[]`, `null`, `{"game": "klondike"}`, `{"game": "klondike", "piles": null}`, `{"game": 7}`,
		`{"game": "freecell", "options": {"cells": 2, "bakers": true}}`, `{"game": "freecell", "options": {"cells": [1]}}`,
		`{"game": "osmosis", "piles": [{"name": "F1", "cards": ["AH"], "face_down": -1}]}`,
		`{"game": "klondike", "facedown": 1}`, `{"game": "klondike"} {"game": "klondike"}`, "{\"game\": \"kl\xffondike\"}",
		`{"game": "klondike", "piles": [{"name": "C1", "cards": ["??"]}]}`, `{"game": "klondike", "seed": -1}`,
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	path := filepath.Join(dir, "pos.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxPositionSize+1 {
			t.Skip()
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := LoadGame(path, LoadOptions{Game: "klondike"})
		if err != nil {
			msg := err.Error()
			if msg == "" || strings.Contains(msg, "\n") || strings.HasPrefix(msg, "json:") || fmtSlip.MatchString(msg) {
				t.Fatalf("error %q: want one plain line", msg)
			}
			return
		}
		checkCards(t, g)
		if g.MoveCount() != 0 || g.Config.Seed != 0 || g.Config.Deal != 0 {
			t.Fatalf("a loaded game has moves or a seed: %+v", g.Config)
		}
		again := fullPosition(t, g)
		if err := os.WriteFile(path, again, 0o644); err != nil {
			t.Fatal(err)
		}
		h, err := LoadGame(path, LoadOptions{})
		if err != nil {
			t.Fatalf("the position of a loaded game does not load: %v\n%s", err, again)
		}
		if a, b := fmt.Sprintf("%+v", g.Position()), fmt.Sprintf("%+v", h.Position()); a != b {
			t.Fatalf("the position changed on the way round:\n%s\n%s", a, b)
		}
		// A few legal commands, and undo, on whatever loaded: no panic, no lost card.
		for k := 0; k < 8; k++ {
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			g.Suggest()
			if _, err := g.Apply(legal[int(data[k%len(data)])%len(legal)]); err != nil {
				t.Fatalf("legal %v refused: %v", legal, err)
			}
			checkCards(t, g)
		}
		for g.CanUndo() > 0 {
			if _, err := g.Apply(model.Undo{}); err != nil {
				t.Fatal(err)
			}
		}
		if a, b := fmt.Sprintf("%+v", g.Position()), fmt.Sprintf("%+v", h.Position()); a != b {
			t.Fatalf("undoing every move does not return to the position loaded:\n%s\n%s", a, b)
		}
	})
}

// fullPosition is the JSON of g's position with every card named, face-down ones too.
func fullPosition(t testing.TB, g *model.Game) []byte {
	pos := g.Position()
	for i := range pos.Piles {
		for k, c := range g.State.Piles[i].Cards {
			pos.Piles[i].Cards[k] = c.String()
		}
	}
	b, err := json.Marshal(pos)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
