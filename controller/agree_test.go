package controller

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/view"
)

// The cases where hint, moves, solve and the watcher once contradicted the board, each as it was
// reported; TestAgreementWalk (walk_test.go) then checks the same agreements at every
// position of whole games.

// positionGame writes a position (piles as a position file has them) and loads it.
func positionGame(t *testing.T, game string, options map[string]string, piles []map[string]any) *model.Game {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"game": game, "options": options, "piles": piles})
	path := filepath.Join(t.TempDir(), "position.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	g, err := LoadGame(path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func run(from string, last string) []string { // the cards of a suit from its ace up to last
	var cards []string
	for _, r := range "A23456789TJQK" {
		if cards = append(cards, string(r)+from); string(r) == last {
			break
		}
	}
	return cards
}

// canfieldDeadEnd is Canfield seed 1 where the issue met it, after 287 commands of the solver's
// line: the board says "No more moves", moves lists "F4 C2, draw", and no stock card plays;
// 8D back onto 9C starts the win. The stock's order is ours (the player cannot see it).
func canfieldDeadEnd(t *testing.T) *model.Game {
	return positionGame(t, "canfield", nil, []map[string]any{
		{"name": "S", "cards": strings.Fields("4C 9S KC KD KS QC TS"), "face_down": 7},
		{"name": "W", "cards": strings.Fields("QD JC 8C 7S 7C")},
		{"name": "F1", "cards": run("H", "K")}, {"name": "F2", "cards": run("S", "4")},
		{"name": "F3", "cards": run("C", "2")}, {"name": "F4", "cards": run("D", "8")},
		{"name": "R1", "cards": strings.Fields("5S 3C 5C"), "face_down": 2},
		{"name": "C1", "cards": strings.Fields("QS JD TC 9D 8S")},
		{"name": "C2", "cards": strings.Fields("JS TD 9C")},
		{"name": "C3", "cards": []string{"6S"}}, {"name": "C4", "cards": []string{"6C"}},
	})
}

// TestDeadEndWordsAgree: where the board says "No more moves" and moves still lists a draw and
// a foundation return, moves says what is left, and hint says the same words (it said "no
// move is left but taking cards back from the foundations" beside moves' draw).
func TestDeadEndWordsAgree(t *testing.T) {
	s := assistedAt(t, canfieldDeadEnd(t))
	if !s.Game.DeadEnd() {
		t.Fatal("the position is no dead end: the premise of this test changed")
	}
	const left = "no move is left but drawing (no card it turns up can be played) and taking cards back from the foundations"
	m := exec(t, s, "moves")
	if want := "moves (2): F4 C2, draw\nNo more moves: nothing is left but drawing (no card it turns up can be played)\nand taking cards back from the foundations"; m.Message != want {
		t.Errorf("moves = %q, want %q", m.Message, want)
	}
	h := exec(t, s, "hint")
	if want := "hint: " + left + "; this one wins: move F4 C2 (takes 8D back from the foundation); a win in "; !strings.HasPrefix(h.Message, want) {
		t.Errorf("hint = %q, want it to start %q", h.Message, want)
	}
}

// TestHintOfADrawFromAnEmptyStock: when the win needs the waste turned over, the hint says so,
// not "the next stock card" (Klondike seed 1). Klondike, draw 1: only clubs are
// left, 2C over AC on the waste and the stock empty, so the win turns the waste over first.
func TestHintOfADrawFromAnEmptyStock(t *testing.T) {
	g := positionGame(t, "klondike", nil, []map[string]any{
		{"name": "S", "cards": []string{}}, {"name": "W", "cards": []string{"AC", "2C"}},
		{"name": "F1", "cards": run("S", "K")}, {"name": "F2", "cards": run("D", "K")},
		{"name": "F3", "cards": []string{}}, {"name": "F4", "cards": run("H", "K")},
		{"name": "C1", "cards": strings.Fields("KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"), "face_down": 10},
		{"name": "C2", "cards": []string{}}, {"name": "C3", "cards": []string{}}, {"name": "C4", "cards": []string{}},
		{"name": "C5", "cards": []string{}}, {"name": "C6", "cards": []string{}}, {"name": "C7", "cards": []string{}},
	})
	s := assistedAt(t, g)
	h := exec(t, s, "hint")
	if want := "hint: draw (turns the waste over: the win needs its cards again); a win in "; !strings.HasPrefix(h.Message, want) {
		t.Errorf("hint = %q, want it to start %q", h.Message, want)
	}
	exec(t, s, "draw")
	h = exec(t, s, "hint")
	if want := "hint: draw (the win needs the next stock card); a win in "; !strings.HasPrefix(h.Message, want) {
		t.Errorf("after the turn, hint = %q, want it to start %q", h.Message, want)
	}
}

// TestLostDealAnswersAgree: on a lost deal at move 0, demo, solve and hint give the same
// verdict and the same advice; demo said "hint says how far to undo", with nothing to undo
// (printf 'demo\nhint\n' | solitaire play klondike --seed 6). After a move the
// advice is the same in each, and still true.
func TestLostDealAnswersAgree(t *testing.T) {
	t.Parallel()
	s := assisted(t, model.Config{Game: "klondike", Seed: 6}, testBudget)
	const verdict = ": no win is possible from here; this deal cannot be won: new deals another"
	for _, cmd := range []string{"demo", "hint", "solve", "solve play"} {
		verb := map[string]string{"demo": "demo", "hint": "hint", "solve": "solve", "solve play": "demo"}[cmd]
		if out := exec(t, s, cmd); out.Message != verb+verdict {
			t.Errorf("%s at move 0: %q, want %q", cmd, out.Message, verb+verdict)
		}
	}
	if s.Game.MoveCount() != 0 {
		t.Fatal("an answer played a move")
	}
	exec(t, s, "draw")
	for _, cmd := range []string{"hint", "solve", "demo"} {
		if out := exec(t, s, cmd); !strings.HasSuffix(out.Message, verdict) {
			t.Errorf("%s after a draw: %q, want it to end %q", cmd, out.Message, verdict)
		}
	}
}

// watchTranscript plays lines with the watcher on, in a script (with watch on, or with the
// watcher on from the start as --watch sets it, quiet or not) or at the prompt, and returns
// what was printed.
func watchTranscript(t *testing.T, cfg model.Config, how string, lines ...string) (*Session, string) {
	t.Helper()
	s := newTestSession(t, cfg)
	s.Assist(AssistOptions{HintTime: time.Minute, WatchTime: time.Minute, MaxStates: testBudget, ShortenStates: testShorten, Watch: strings.Contains(how, "--watch")})
	if !strings.Contains(how, "--watch") {
		lines = append([]string{"watch on"}, lines...)
	}
	if strings.HasPrefix(how, "prompt") {
		return s, promptOut(t, s, PromptOptions{}, append(lines, "quit")...)
	}
	var out strings.Builder
	if code := s.RunScript(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, &out, ScriptOptions{Quiet: strings.Contains(how, "quiet")}); code != ExitOK {
		t.Fatalf("%s: exit %d:\n%s", how, code, out.String())
	}
	return s, out.String()
}

var watchModes = []string{"script", "script --watch", "script --watch quiet", "prompt", "prompt --watch"}

// TestWatcherSaysTheSameEverywhere: the watcher's words for a move that loses the game are the
// same at the prompt and in scripts, with watch on or --watch, quiet or not, and the status
// word says the same (La Peau seed 2, C1 C8: the prompt said "that move lost the
// game", a quiet script only "lost", --watch "no win is possible from here").
func TestWatcherSaysTheSameEverywhere(t *testing.T) {
	const lost = "watch: that move lost the game: undo takes it back"
	for _, how := range watchModes {
		s, out := watchTranscript(t, model.Config{Game: "lapeau", Seed: 2}, how, "move C1 C8")
		if strings.Count(out, lost) != 1 || strings.Count(out, "watch: ") != strings.Count(out, "watch: on;")+1 {
			t.Errorf("%s: want %q once and no other word of the watcher:\n%s", how, lost, out)
		}
		if s.status() != "lost" || !strings.Contains(out, " lost\n") {
			t.Errorf("%s: the status is %q, want lost:\n%s", how, s.status(), out)
		}
	}
}

// TestWatcherLooksAtTheStart: a game the solver proves lost within the watch budget shows
// "lost" from its first board, whether it starts with the program (--watch), with new, or
// with restart, and the watcher says so in the words hint uses (once, La Peau seed 3
// showed "unknown", which solitaire solve proves lost in 65 positions).
func TestWatcherLooksAtTheStart(t *testing.T) {
	const note = "watch: this deal cannot be won: new deals another"
	lapeau3 := model.Config{Game: "lapeau", Seed: 3}
	for _, how := range watchModes {
		_, out := watchTranscript(t, lapeau3, how)
		if !strings.Contains(out, note) || strings.Contains(out, "unknown") {
			t.Errorf("%s, La Peau seed 3 from the start: want %q and no unknown:\n%s", how, note, out)
		}
		s, out := watchTranscript(t, model.Config{Game: "lapeau", Seed: 2}, how, "new lapeau seed=3")
		if !strings.Contains(out, note) || s.status() != "lost" || strings.Contains(out, "unknown") {
			t.Errorf("%s, new lapeau seed=3: status %q, want lost and %q:\n%s", how, s.status(), note, out)
		}
	}
	s, _ := watchTranscript(t, lapeau3, "script")
	exec(t, s, s.Game.Legal()[0].String())
	if out := exec(t, s, "restart"); s.status() != "lost" || strings.Contains(out.Message, "watch:") {
		t.Errorf("after restart the status is %q (%q), want lost and nothing new said", s.status(), out.Message)
	}
	if h := exec(t, s, "hint"); !strings.HasSuffix(h.Message, "this deal cannot be won: new deals another") {
		t.Errorf("hint after the watcher's verdict: %q", h.Message)
	}
}

// savedPrompt plays lines at the prompt in the state folder dir, resuming its game or starting
// cfg, with the hint's budget in positions.
func savedPrompt(t *testing.T, dir string, cfg *model.Config, maxStates int, lines ...string) (*Session, string) {
	t.Helper()
	var c model.Config
	if cfg != nil {
		c = *cfg
	}
	s := openSession(t, dir, cfg == nil, c, false)
	s.Assist(AssistOptions{HintTime: time.Minute, SolveTime: time.Minute, WatchTime: time.Minute, MaxStates: maxStates, ShortenStates: testShorten})
	return s, promptOut(t, s, PromptOptions{}, append(lines, "quit")...)
}

// copyFolder copies the files of the state folder from into a new state folder to, with the
// modes the program gives them.
func copyFolder(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(to, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// hintLines are the hint's answers in a transcript.
func hintLines(out string) []string {
	var hs []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "hint: ") {
			hs = append(hs, l)
		}
	}
	return hs
}

// TestLineKeptWithTheSave: the line a hint follows is kept with the game, so that the session
// that takes the game up gives the same hints, win lengths, solve, demo and review as the one
// before (once, Klondike seed 1 said "a win in 146" after a session of hints and "a win in
// 152" in a fresh one). The resumed sessions get a budget of one position: they could find
// nothing of their own. An undo after the resume finds the line as the session would have.
func TestLineKeptWithTheSave(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	_, out := savedPrompt(t, dir, &klondike1, testBudget, "hint")
	first := hintLines(out)
	if len(first) != 1 || winLength(first[0]) < 3 {
		t.Fatalf("first hint: %q", first)
	}
	n := winLength(first[0])
	move := strings.TrimSuffix(strings.TrimPrefix(first[0], "hint: "), first[0][strings.Index(first[0], " ("):])
	_, out = savedPrompt(t, dir, nil, 1, move, "hint")
	if h := hintLines(out); len(h) != 1 || winLength(h[0]) != n-1 {
		t.Fatalf("resumed, after the hinted move: %q, want a win in %d", h, n-1)
	}
	s, out := savedPrompt(t, dir, nil, 1, "hint", "undo", "hint", "redo", "solve")
	if h := hintLines(out); len(h) != 2 || winLength(h[0]) != n-1 || h[1] != first[0] {
		t.Errorf("resumed again: %q, want a win in %d, then after undo %q", h, n-1, first[0])
	}
	if !strings.Contains(out, "solve: a win in "+model.Plural(n-1, "move")+" from here:") {
		t.Errorf("solve does not follow the line:\n%s", out)
	}
	rep, _, err := s.review(t.Context(), time.Minute, "")
	if err != nil || rep.Result != ReviewWinnable || rep.WinIn != n-1 {
		t.Errorf("review: %+v, %v; want winnable in %d", rep, err, n-1)
	}
	_, out = savedPrompt(t, dir, nil, 1, "demo")
	if !strings.Contains(out, "demo: played "+model.Plural(n-1, "move")+"; the game is won") {
		t.Errorf("demo does not play the kept line:\n%s", out[max(0, len(out)-300):])
	}
}

// TestBrokenLineIsDropped: a line kept with a save that does not fit the game (edited, cut
// short, of another position) is dropped without a word: the game is taken up as it was, and
// the hint searches again.
func TestBrokenLineIsDropped(t *testing.T) {
	// One game saved with its line, which each case copies and edits.
	saved := filepath.Join(t.TempDir(), "state")
	savedPrompt(t, saved, &klondike1, testBudget, "hint", "draw")
	for _, tc := range []struct {
		name string
		edit func(l *store.Line)
		raw  string // the line's JSON, in place of the edited one
	}{
		{"a move changed", func(l *store.Line) { l.Moves[0] = "move C7 C1" }, ""},
		{"cut short", func(l *store.Line) { l.Moves = l.Moves[:len(l.Moves)/2] }, ""},
		{"another position", func(l *store.Line) { l.Hash = "1234" }, ""},
		{"off the tape", func(l *store.Line) { l.At = 99 }, ""},
		{"not a command", func(l *store.Line) { l.Moves[1] = "fly to the moon" }, ""},
		{"no moves", func(l *store.Line) { l.Moves = nil }, ""},
		{"not a line", func(*store.Line) {}, `"line": 5`},
		{"a field of the wrong kind", func(*store.Line) {}, `"line": {"at": "one", "moves": {}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			copyFolder(t, saved, dir)
			path := filepath.Join(dir, "klondike.json")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var sv store.Save
			if err := json.Unmarshal(data, &sv); err != nil || sv.Line == nil || sv.Version != 4 {
				t.Fatalf("the save keeps no line (version %d): %v", sv.Version, err)
			}
			// Edited as a save of version 3 (no checksum) is, or the edit would be found
			// and the game rebuilt from the journal, whose copy of the line is whole.
			tc.edit(sv.Line)
			sv.Version, sv.Checksum = 3, ""
			edited := sv.Marshal()
			if tc.raw != "" {
				i := strings.Index(string(edited), `"line": {`)
				edited = []byte(string(edited[:i]) + tc.raw + "\n}\n")
			}
			if err := os.WriteFile(path, edited, 0o600); err != nil {
				t.Fatal(err)
			}
			s, out := savedPrompt(t, dir, nil, 1, "hint")
			if s.Game.MoveCount() != 1 || strings.Contains(out, "cannot be used") {
				t.Fatalf("the game was not taken up as it was (%d moves):\n%s", s.Game.MoveCount(), out)
			}
			if h := hintLines(out); len(h) != 1 || !strings.Contains(h[0], "no win found within") {
				t.Errorf("hint after a broken line, with no budget to search: %q, want a guess", h)
			}
		})
	}
}

// TestLineKeptAfterNew: new on the same deal keeps the line the session found (the cards are
// the same, and the line holds for them), and the save of the new game keeps it from where it
// stands, so that the session that takes it up gives the same hint.
func TestLineKeptAfterNew(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	_, out := savedPrompt(t, dir, &klondike1, testBudget, "hint", "draw", "new klondike seed=1", "hint")
	h := hintLines(out)
	if len(h) != 2 || h[0] != h[1] {
		t.Fatalf("hints before and after new on the same deal: %q", h)
	}
	_, out = savedPrompt(t, dir, nil, 1, "hint")
	if got := hintLines(out); len(got) != 1 || got[0] != h[0] {
		t.Errorf("resumed after new: %q, want %q", got, h[0])
	}
}

// TestLineKeptBySaveFile: save FILE keeps the hint's line too, and load FILE and solitaire
// review FILE take it up: with no budget to search, they give the hint's length.
func TestLineKeptBySaveFile(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	s := assisted(t, klondike1, testBudget)
	h := exec(t, s, "hint")
	n := winLength(h.Message)
	if n < 2 {
		t.Fatalf("hint: %q", h.Message)
	}
	exec(t, s, h.Hint.String())
	exec(t, s, "save "+save)

	s = assisted(t, model.Config{Game: "freecell", Deal: 1}, 1)
	exec(t, s, "load "+save)
	if h := exec(t, s, "hint"); winLength(h.Message) != n-1 {
		t.Errorf("after load, hint %q, want a win in %d", h.Message, n-1)
	}
	var out, errOut strings.Builder
	o := ReviewOptions{Assist: AssistOptions{MaxStates: 1}, Time: time.Minute, Style: view.Style{ASCII: true}, JSON: true}
	if code := ReviewSave(t.Context(), save, o, &out, &errOut); code != ExitOK || !strings.Contains(out.String(), `"result":"winnable","moves":1,`) ||
		!strings.Contains(out.String(), fmt.Sprintf(`"win_in":%d`, n-1)) {
		t.Errorf("review %s: exit %d, %s%s; want winnable in %d", save, code, out.String(), errOut.String(), n-1)
	}
}
