package controller

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/parser"
	"solitaire/view"
)

// testBudget is the hint's search in tests: positions, not time, so answers do not depend on
// the machine's speed.
const testBudget = 200_000

// testShorten is what the tests' lines are shortened on: a hint's (shortenStates of 1 s), not
// the 400,000 positions a minute's search would give, which would cost seconds a line.
var testShorten = shortenStates(time.Second)

func assisted(t testing.TB, cfg model.Config, maxStates int) *Session {
	t.Helper()
	s := newTestSession(t, cfg)
	s.Assist(AssistOptions{HintTime: time.Minute, SolveTime: time.Minute, WatchTime: time.Minute, MaxStates: maxStates, ShortenStates: testShorten})
	return s
}

// exec parses and runs one command line of a single command.
func exec(t testing.TB, s *Session, line string) Outcome {
	t.Helper()
	cmds, err := parser.Parse(line)
	if err != nil || len(cmds) != 1 {
		t.Fatalf("%q: parse: %v", line, err)
	}
	out, err := s.Do(cmds[0])
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return out
}

var winIn = regexp.MustCompile(`; a win in (\d+) moves? from here$`)

// winLength reads "a win in N moves from here" from a hint, or -1.
func winLength(msg string) int {
	m := winIn.FindStringSubmatch(msg)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestHintFollowsTheSolution: a hint on a winnable deal gives the first command of a win, and
// the player who follows it is told the next one without a new search (the budget is then
// cut to one position, which could find nothing).
func TestHintFollowsTheSolution(t *testing.T) {
	s := assisted(t, model.Config{Game: "freecell", Deal: 1}, testBudget)
	h := exec(t, s, "hint")
	n := winLength(h.Message)
	if h.Hint == nil || n <= 0 {
		t.Fatalf("hint on deal 1: %q, want a move and a win length", h.Message)
	}
	s.assist.opt.MaxStates = 1
	for k := 1; k < n; k++ {
		exec(t, s, h.Hint.String())
		h = exec(t, s, "hint")
		if got := winLength(h.Message); got != n-k || h.Hint == nil {
			t.Fatalf("after %d moves of the line: %q, want a win in %d", k, h.Message, n-k)
		}
	}
	exec(t, s, h.Hint.String())
	if !s.Game.Won() {
		t.Fatal("following every hint did not win")
	}
	if h := exec(t, s, "hint"); h.Message != "hint: the game is won: new deals another" || h.Hint != nil {
		t.Errorf("hint after the win: %q", h.Message)
	}
}

// losingPosition is Klondike, draw 1, one pass, no cards back off the foundations: only clubs
// are left, AC on the waste and 2C, 3C, 4C to come from the stock. Playing AC home wins;
// drawing first buries AC for good. (With cards allowed back, drawing first loses nothing:
// the other suits can come back down the columns to a red three for 2C to go on.)
func losingPosition(t testing.TB) *model.Game {
	t.Helper()
	full := func(suit string) []string {
		var cards []string
		for _, r := range "A23456789TJQK" {
			cards = append(cards, string(r)+suit)
		}
		return cards
	}
	piles := []map[string]any{
		{"name": "S", "cards": []string{"4C", "3C", "2C"}, "face_down": 3},
		{"name": "W", "cards": []string{"AC"}},
		{"name": "F1", "cards": full("S")}, {"name": "F2", "cards": full("D")},
		{"name": "F3", "cards": []string{}}, {"name": "F4", "cards": full("H")},
		{"name": "C1", "cards": strings.Fields("KC QC JC TC 9C 8C 7C 6C 5C"), "face_down": 8},
	}
	for i := 2; i <= 7; i++ {
		piles = append(piles, map[string]any{"name": fmt.Sprintf("C%d", i), "cards": []string{}})
	}
	b, _ := json.Marshal(map[string]any{"game": "klondike", "options": map[string]string{"passes": "1", "no-foundation-return": "true"}, "piles": piles})
	path := filepath.Join(t.TempDir(), "lose.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	g, err := LoadGame(path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func assistedAt(t testing.TB, g *model.Game) *Session {
	s := NewSessionAt(g, view.Style{ASCII: true}, frozen)
	s.Assist(AssistOptions{HintTime: time.Minute, WatchTime: time.Minute, MaxStates: testBudget, ShortenStates: testShorten})
	return s
}

// TestHintAnswers: what hint says in each case, from a known position.
func TestHintAnswers(t *testing.T) {
	tests := []struct {
		name  string
		lines []string // played before the hint
		want  string   // the hint's message
		move  bool     // it suggests a move
	}{
		{"winnable", nil, "hint: move W F3 (plays AC to its foundation); a win in 7 moves from here", true},
		{"lost one move ago", []string{"draw"}, "hint: no more moves; undo 1 to get back to a winnable game", false},
		{"lost two moves ago", []string{"draw", "draw"}, "hint: no more moves; undo 2 to get back to a winnable game", false},
		{"no more moves", []string{"draw", "draw", "draw"}, "hint: no more moves; undo 3 to get back to a winnable game", false},
		{"back on the line", []string{"draw", "undo"}, "hint: move W F3 (plays AC to its foundation); a win in 7 moves from here", true},
		{"further on", []string{"move W F3"}, "hint: draw (the win needs the next stock card); a win in 6 moves from here", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := assistedAt(t, losingPosition(t))
			for _, l := range tc.lines {
				exec(t, s, l)
			}
			h := exec(t, s, "hint")
			if h.Message != tc.want || (h.Hint != nil) != tc.move {
				t.Errorf("hint = %q (move %v), want %q (move %v)", h.Message, h.Hint, tc.want, tc.move)
			}
		})
	}
}

// TestHintGuessNeverGoesBack: when the search gives up, the hint is the heuristic's best move
// to a position not seen in this game, so a player who follows guesses never goes round.
func TestHintGuessNeverGoesBack(t *testing.T) {
	s := assisted(t, model.Config{Game: "freecell", Deal: 1}, 20) // too small to find a win
	for k := 0; k < 40; k++ {
		h := exec(t, s, "hint")
		if h.Hint == nil {
			if !strings.Contains(h.Message, "position already seen") {
				t.Fatalf("move %d: no suggestion: %q", k, h.Message)
			}
			return
		}
		if !strings.Contains(h.Message, "no win found within") {
			t.Fatalf("move %d: %q, want a guess", k, h.Message)
		}
		next, _ := s.Game.Back(0)
		if _, err := next.Play(h.Hint); err != nil {
			t.Fatalf("move %d: the hint %s is not legal: %v", k, h.Hint, err)
		}
		if s.Game.Seen(&next.State) {
			t.Fatalf("move %d: the hint %s returns to a position seen before", k, h.Hint)
		}
		exec(t, s, h.Hint.String())
	}
}

// TestSolveAndDemo: solve prints a line that wins; demo plays it into the history, one
// command shown at a time, and undo takes the moves back.
func TestSolveAndDemo(t *testing.T) {
	s := assisted(t, model.Config{Game: "freecell", Deal: 1}, testBudget)
	out := exec(t, s, "solve")
	lines := strings.Split(out.Message, "\n")
	if n := len(lines) - 1; !strings.HasPrefix(lines[0], fmt.Sprintf("solve: a win in %d moves from here:", n)) || n < 20 {
		t.Fatalf("solve: %q", lines[0])
	}
	if s.Game.MoveCount() != 0 {
		t.Fatal("solve changed the game")
	}
	var shown []string
	s.display.step = func(op model.Op, _ Outcome) { shown = append(shown, op.String()) }
	out = exec(t, s, "demo")
	if !s.Game.Won() || !strings.Contains(out.Message, "the game is won") {
		t.Fatalf("demo: %q, won %v", out.Message, s.Game.Won())
	}
	if want := strings.Join(lines[1:], "\n"); strings.Join(shown, "\n") != want {
		t.Errorf("demo showed\n%s\nwant the solution's commands", strings.Join(shown, "\n"))
	}
	if s.Game.MoveCount() != len(lines)-1 {
		t.Errorf("history has %d moves, want %d", s.Game.MoveCount(), len(lines)-1)
	}
	exec(t, s, "undo 5")
	if s.Game.Won() {
		t.Error("undo after a demo did not take moves back")
	}
}

// TestDemoStops: a key pressed during the pause stops the demo, with the moves so far kept.
func TestDemoStops(t *testing.T) {
	s := assisted(t, model.Config{Game: "freecell", Deal: 1}, testBudget)
	pauses := 0
	s.display.pause = func() bool { pauses++; return pauses < 3 }
	out := exec(t, s, "solve play")
	if s.Game.MoveCount() != 3 || !strings.HasPrefix(out.Message, "demo: stopped after 3 moves") {
		t.Errorf("demo stopped at %d moves: %q", s.Game.MoveCount(), out.Message)
	}
}

// TestWatcher: the watcher shows the verdict in the status line and says when a move lost.
func TestWatcher(t *testing.T) {
	s := assistedAt(t, losingPosition(t))
	if got := s.status(); got != "" {
		t.Errorf("status with the watcher off: %q", got)
	}
	exec(t, s, "watch on")
	steps := []struct{ line, msg, status string }{
		{"draw", "that move lost the game: undo takes it back", "lost"},
		{"undo", "", "winnable"},
		{"move W F3", "", "winnable"},
	}
	for _, st := range steps {
		out := exec(t, s, st.line)
		if st.msg != "" && !strings.Contains(out.Message, st.msg) || st.msg == "" && strings.Contains(out.Message, "watch:") {
			t.Errorf("%s: message %q, want %q", st.line, out.Message, st.msg)
		}
		if s.status() != st.status || !strings.Contains(s.board(), " "+st.status+"\n") {
			t.Errorf("%s: status %q, want %q", st.line, s.status(), st.status)
		}
	}
	exec(t, s, "watch off")
	if s.status() != "" {
		t.Error("the watcher is off but the status line still shows it")
	}
}

// TestBotThroughPipes drives a script session as a chess GUI drives an engine: it writes one
// command, waits for its JSON line, and writes the hint it carries, until the game is won.
// Without a flush after every line, the first read would wait for ever.
func TestBotThroughPipes(t *testing.T) {
	s := assisted(t, model.Config{Game: "freecell", Deal: 1}, testBudget)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- s.RunScript(inR, outW, io.Discard, ScriptOptions{JSON: true})
		outW.Close()
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	read := func() map[string]any {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the output ended")
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("not a JSON line: %q", l)
			}
			return m
		case <-time.After(30 * time.Second):
			t.Fatal("no answer: the line was not flushed")
		}
		return nil
	}
	read() // the deal
	for k := 0; k < 500; k++ {
		fmt.Fprintln(inW, "hint")
		st := read()
		move, _ := st["hint"].(string)
		if move == "" {
			t.Fatalf("hint without a move: %v", st["message"])
		}
		fmt.Fprintln(inW, move)
		if st = read(); st["won"] == true {
			inW.Close()
			if code := <-done; code != ExitOK {
				t.Errorf("exit status %d", code)
			}
			return
		}
	}
	t.Fatal("500 hints did not win")
}

// botSets are the option sets the hint bot plays: each game as dealt, and each option alone
// set to each value other than its default.
func botSets() []model.Config {
	var out []model.Config
	for _, info := range model.Games() {
		out = append(out, model.Config{Game: info.Name})
		for _, spec := range info.Specs {
			var values []string
			switch spec.Kind {
			case model.OptBool:
				values = []string{"true", "false"} // the one that is not the default
			case model.OptEnum:
				values = spec.Values
			case model.OptInt:
				values = []string{strconv.Itoa(spec.Min), strconv.Itoa(spec.Max)}
			case model.OptPasses:
				values = []string{"1"}
			}
			for _, v := range values {
				if v != spec.Default {
					out = append(out, model.Config{Game: info.Name, Options: model.Options{spec.Key: v}})
				}
			}
		}
	}
	return out
}

// TestHintBotWins is the hint's promise: a bot that types only what hint says wins every deal
// that the solver solves with the same budget. Seed 1 of every game and the main option sets
// (walkSets) here; seeds 1-2 of every option alone (botSets: each value but the default, a
// true/false option's other value, one pass) with SOLITAIRE_SWEEPS=1;
// HINT_BOT_SEEDS=50 plays 1-50 of every option alone (and FreeCell deals 1 to HINT_BOT_DEALS);
// HINT_BOT_GAMES=golf,yukon plays those games alone.
func TestHintBotWins(t *testing.T) {
	t.Parallel()
	// The budget of a search, the solver's and the hint's alike: every deal here is solved
	// within it, and the hint's line is shortened on a share of it. HINT_BOT_BUDGET sets
	// another (Forty Thieves solves none of seeds 1-50 in 50,000 positions).
	botBudget := envInt("HINT_BOT_BUDGET", 50_000)
	seeds, sets := 1, walkSets()
	if sweeps() {
		seeds, sets = 2, botSets()
	}
	seeds, deals := envInt("HINT_BOT_SEEDS", seeds), envInt("HINT_BOT_DEALS", 0)
	if seeds > 2 {
		sets = botSets()
	}
	if only := os.Getenv("HINT_BOT_GAMES"); only != "" {
		// HINT_BOT_GAMES=golf,yukon: those games' sets alone.
		sets = slices.DeleteFunc(sets, func(c model.Config) bool { return !slices.Contains(strings.Split(only, ","), c.Game) })
	}
	var cfgs []model.Config
	for _, set := range sets {
		for seed := 1; seed <= seeds; seed++ {
			set.Seed = uint64(seed)
			cfgs = append(cfgs, set)
		}
	}
	for d := 1; d <= deals; d++ {
		cfgs = append(cfgs, model.Config{Game: "freecell", Deal: int64(d)})
	}
	solved, won := 0, 0
	for _, cfg := range cfgs {
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatalf("%v: %v", cfg, err)
		}
		r, err := solve.Solve(context.Background(), g, solve.Options{MaxStates: botBudget, Shorten: solve.ShortenOff})
		if err != nil || r.Status != solve.Solved {
			continue
		}
		solved++
		s := assistedAt(t, g)
		s.assist.opt.MaxStates = botBudget
		for k := 0; k < 3*len(r.Moves) && !s.Game.Won(); k++ {
			h := exec(t, s, "hint")
			if h.Hint == nil {
				t.Errorf("%s %v seed %d deal %d: after %d moves the hint is %q", cfg.Game, cfg.Options, cfg.Seed, cfg.Deal, k, h.Message)
				break
			}
			exec(t, s, h.Hint.String())
		}
		if s.Game.Won() {
			won++
		} else {
			t.Errorf("%s %v seed %d deal %d: the bot did not win a deal the solver solves", cfg.Game, cfg.Options, cfg.Seed, cfg.Deal)
		}
	}
	t.Logf("%d deals, %d solved by solve, %d won by the hint bot", len(cfgs), solved, won)
	if solved == 0 {
		t.Error("no deal was solved: the test proved nothing")
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// TestHintPastNoMoreMoves: the board's "No more moves" leaves out cards taken back from the
// foundations; when the win needs one, the hint says so and names it, and moves says what is
// left in the same words. In this FreeCell
// position (met on a solver's line of seed 1) the cells are full and no card moves but from
// a foundation: 4S onto 5D frees 3D from its cell, for example.
func TestHintPastNoMoreMoves(t *testing.T) {
	run := func(last, suit string) []string { // the ace to last of a suit
		var cards []string
		for _, r := range "A23456789TJQK" {
			if cards = append(cards, string(r)+suit); string(r) == last {
				break
			}
		}
		return cards
	}
	piles := []map[string]any{
		{"name": "R1", "cards": []string{"3D"}}, {"name": "R2", "cards": []string{"8S"}},
		{"name": "R3", "cards": []string{"KD"}}, {"name": "R4", "cards": []string{"JD"}},
		{"name": "F1", "cards": run("7", "C")}, {"name": "F2", "cards": run("4", "S")},
		{"name": "F3", "cards": run("4", "H")}, {"name": "F4", "cards": run("A", "D")},
		{"name": "C1", "cards": strings.Fields("5S QS 9C KC")},
		{"name": "C2", "cards": strings.Fields("KH QC JH TS 9H 8C 7H")},
		{"name": "C3", "cards": strings.Fields("5D")},
		{"name": "C4", "cards": strings.Fields("9D 7D 4D QH KS QD JC")},
		{"name": "C5", "cards": strings.Fields("6D")},
		{"name": "C6", "cards": strings.Fields("JS")},
		{"name": "C7", "cards": strings.Fields("6S TC TH 2D TD 9S 8D")},
		{"name": "C8", "cards": strings.Fields("5H 8H 7S 6H")},
	}
	b, _ := json.Marshal(map[string]any{"game": "freecell", "piles": piles})
	path := filepath.Join(t.TempDir(), "dead.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	g, err := LoadGame(path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.DeadEnd() {
		t.Fatal("the position is not a dead end: the premise of this test changed")
	}
	s := assistedAt(t, g)
	h := exec(t, s, "hint")
	want := "hint: no move is left but taking cards back from the foundations; this one wins: move F"
	if !strings.HasPrefix(h.Message, want) || h.Hint == nil {
		t.Fatalf("hint at the dead end: %q, want it to start %q", h.Message, want)
	}
	if m := exec(t, s, "moves"); !strings.HasSuffix(m.Message, "\nNo more moves: nothing is left but taking cards back from the foundations") {
		t.Errorf("moves at the dead end: %q, want it to say what is left", m.Message)
	}
}

// TestAssistCounted: at the prompt, hints, solves and demos are counted in the statistics,
// and a deal a demo finished is not a win.
func TestAssistCounted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s, _ := prompt(t, dir, false, model.Config{Game: "freecell", Deal: 1}, "hint", "hint", "solve", "demo")
	if !s.Game.Won() {
		t.Fatal("the demo did not win")
	}
	st, err := s.store.ReadStats()
	if err != nil {
		t.Fatal(err)
	}
	r := st.Variants["freecell"]
	if r.Hints != 2 || r.Solves != 1 || r.Demos != 1 || r.Won != 0 || r.DemoFinished != 1 {
		t.Errorf("statistics %+v: want 2 hints, 1 solve, 1 demo, no win, one deal finished by a demo", r)
	}
}

// TestMovesListsEachMoveOnce: no two commands that moves lists lead to the same position, and
// every legal command's position is reached by one of them. Natali with autofill, seed 22, 26
// moves in, lists "move C7 C8" and "move C7 C8 2", which move the same two cards.
func TestMovesListsEachMoveOnce(t *testing.T) {
	cases := []struct {
		cfg   model.Config
		steps int
		dup   bool // Legal itself lists a move twice there
	}{
		{model.Config{Game: "natali", Seed: 22, Options: model.Options{"autofill": "true"}}, 26, true},
		{model.Config{Game: "freecell", Seed: 1, Options: model.Options{"autoplay": "true"}}, 0, true},
		{model.Config{Game: "algerian", Seed: 1}, 24, false},
		{model.Config{Game: "klondike", Seed: 3}, 20, false},
	}
	for _, tc := range cases {
		g, err := model.NewGame(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < tc.steps; step++ {
			midGame(g, tc.cfg.Seed*100+uint64(step), 1)
		}
		name := fmt.Sprintf("%s %v seed %d", tc.cfg.Game, tc.cfg.Options, tc.cfg.Seed)
		listed, legal := distinctMoves(g), g.Legal()
		if (len(listed) < len(legal)) != tc.dup {
			t.Errorf("%s: %d distinct of %d legal: the premise changed", name, len(listed), len(legal))
		}
		var after []model.State
		for _, op := range listed {
			next, _ := g.Back(0)
			if _, err := next.Play(op); err != nil {
				t.Fatalf("%s: %s is listed but refused: %v", name, op, err)
			}
			for _, st := range after {
				if st.Equal(&next.State) {
					t.Errorf("%s: %s leads where another listed move does", name, op)
				}
			}
			after = append(after, next.State)
		}
		for _, op := range legal {
			next, _ := g.Back(0)
			next.Play(op)
			if !slices.ContainsFunc(after, func(st model.State) bool { return st.Equal(&next.State) }) {
				t.Errorf("%s: legal %s is not covered by the list", name, op)
			}
		}
	}
}

// TestClock: the time counts play: a gap between commands adds at most a minute, pause stops
// the clock until the next command, the win stops it for good (until an undo), and a redo
// back into the win does not announce it again.
func TestClock(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s, err := NewSession(model.Config{Game: "freecell", Deal: 1}, view.Style{ASCII: true}, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	s.Assist(AssistOptions{HintTime: time.Minute, SolveTime: time.Minute, MaxStates: testBudget, ShortenStates: testShorten})
	steps := []struct {
		wait time.Duration
		line string
		want time.Duration // Elapsed after the command
	}{
		{10 * time.Second, "show", 10 * time.Second},
		{5 * time.Minute, "show", 70 * time.Second}, // five idle minutes count one
		{5 * time.Second, "pause", 75 * time.Second},
		{3 * time.Minute, "show", 75 * time.Second}, // paused: the gap is not counted
		{2 * time.Second, "demo", 77 * time.Second}, // wins
		{time.Minute, "show", 77 * time.Second},     // stopped at the win
		{time.Second, "undo", 77 * time.Second},     // the game goes on from here
		{4 * time.Second, "show", 81 * time.Second},
	}
	for _, st := range steps {
		now = now.Add(st.wait)
		out := exec(t, s, st.line)
		if got := s.Elapsed(); got != st.want {
			t.Errorf("%s after %s: time %s, want %s", st.line, st.wait, got, st.want)
		}
		if st.line == "undo" && strings.Contains(out.Message, "You won") {
			t.Errorf("undo announced a win: %q", out.Message)
		}
	}
	if out := exec(t, s, "redo"); !s.Game.Won() || strings.Contains(out.Message, "You won") {
		t.Errorf("redo into the win: won %v, message %q; want won, not announced", s.Game.Won(), out.Message)
	}
}

// TestAbandonAsks: at the prompt new, load and restart ask before throwing away a game with
// moves, the question in place of the game's prompt (Question) and what the command will do
// above it; no (or any other answer) keeps the game, yes goes on; scripts never ask.
func TestAbandonAsks(t *testing.T) {
	t.Chdir(writeFiles(t, map[string]string{"near.json": nearWon}))
	for _, tc := range []struct {
		line, answer string
		what         string // above the question
		kept         bool
	}{
		{"restart", "y", "restart: the same deal again, from the start", false},
		{"restart", "n", "restart: the same deal again, from the start", true},
		{"new", "", "new: a new deal, Klondike seed ", true},
		{"new freecell deal=7", "yes", "new freecell deal=7: a new deal, FreeCell deal 7", false},
		{"load near.json", "y", "load near.json: a position of FreeCell", false},
	} {
		s := newTestSession(t, klondike1)
		s.ConfirmAbandon(true)
		exec(t, s, "draw")
		q := exec(t, s, tc.line)
		if !strings.HasPrefix(q.Message, tc.what) || s.Question() != "abandon Klondike seed 1, 1 move? [y/N]" {
			t.Errorf("%s: %q, asking %q; want %q and abandon Klondike seed 1, 1 move? [y/N]", tc.line, q.Message, s.Question(), tc.what)
		}
		if s.Game.MoveCount() != 1 {
			t.Fatalf("%s: the game changed before the answer", tc.line)
		}
		if _, err := s.runLine(2, tc.answer, func(parser.Command, Outcome) {}); err != nil {
			t.Fatal(err)
		}
		if kept := s.Game.MoveCount() == 1 && s.Game.Info.Name == "klondike"; kept != tc.kept {
			t.Errorf("%s, answer %q: kept %v, want %v", tc.line, tc.answer, kept, tc.kept)
		}
	}
	_, out, _, code := runScript(t, klondike1, "draw\nrestart\n", ScriptOptions{})
	if code != ExitOK || strings.Contains(out, "abandon") || !strings.Contains(out, "moves 0") {
		t.Errorf("a script asked, or did not restart (exit %d):\n%s", code, out)
	}
}

// TestQuitSays: leaving the prompt says where the game is kept and names the shell command
// that takes it up again: with --state-dir, a command that names the folder ("solitaire" alone
// would resume another folder's game); with no state folder, what is still true once the
// program has ended (the command that deals the game again; "history" can no longer be typed).
func TestQuitSays(t *testing.T) {
	for _, tt := range []struct {
		name  string
		flag  string // the --state-dir given; "" for none
		store bool   // the state folder could be opened
		won   bool
		want  string
	}{
		{"the default folder", "", true, false,
			"Saved: Klondike seed 1, 1 move. Type solitaire to take it up again, or solitaire play klondike for a new deal.\n"},
		{"--state-dir", "my games", true, false,
			"Saved: Klondike seed 1, 1 move. Type solitaire --state-dir 'my games' to take it up again, or solitaire --state-dir 'my games' play klondike for a new deal.\n"},
		{"--state-dir, won", "games", true, true,
			"Bye. Klondike seed 1 is won; solitaire --state-dir games play klondike deals another.\n"},
		{"no state folder", "", false, false,
			"Bye. Klondike seed 1, 1 move was not saved (no state folder); solitaire play klondike --seed 1 deals it again.\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestSession(t, klondike1)
			if tt.store {
				d, err := store.Open(filepath.Join(t.TempDir(), "state"), parser.ParseOp)
				if err != nil {
					t.Fatal(err)
				}
				s.Persist(d)
				s.Start()
			}
			s.StateDirFlag(tt.flag)
			lines := []string{"draw", "quit"}
			if tt.won {
				s.Assist(AssistOptions{HintTime: time.Minute, SolveTime: time.Minute, MaxStates: testBudget, ShortenStates: testShorten})
				lines = []string{"solve play", "quit"}
			}
			out := promptOut(t, s, PromptOptions{}, lines...)
			if !strings.HasSuffix(out, tt.want) {
				t.Errorf("quit said %q, want it to end %q", out[max(0, len(out)-200):], tt.want)
			}
		})
	}
	dir := filepath.Join(t.TempDir(), "state")
	prompt(t, dir, false, klondike1, "draw", "quit")
	_, out := prompt(t, dir, true, model.Config{}, "draw") // Ctrl-D: the input ends
	if want := "Saved: Klondike seed 1, 2 moves."; !strings.Contains(out, want) {
		t.Errorf("the end of the input said %q, want %q", out[max(0, len(out)-200):], want)
	}
}

// TestPlayAsks: solitaire play GAME, at a terminal prompt, asks before it replaces GAME's saved
// game in progress: y deals the new game (and saves it), anything else keeps the saved game in
// play and saved (a command typed instead is run on it). Without the question (--yes, scripts,
// piped input), or with no game in progress saved, the new deal replaces the save at once.
func TestPlayAsks(t *testing.T) {
	const question = "play freecell: a new deal, FreeCell deal 5, in place of your saved game (above)\nabandon FreeCell deal 617, 2 moves? [y/N]\n"
	for _, tc := range []struct {
		name    string
		confirm bool
		saved   []string // the saved game's lines
		answer  string
		asks    bool
		deal    int64 // the deal in play and saved at the end
		moves   int
	}{
		{"yes", true, []string{"c1 r", "c2 r"}, "y", true, 5, 0},
		{"no", true, []string{"c1 r", "c2 r"}, "n", true, 617, 2},
		{"an empty line", true, []string{"c1 r", "c2 r"}, "", true, 617, 2},
		{"a command instead", true, []string{"c1 r", "c2 r"}, "c3 r", true, 617, 3},
		{"--yes, a script, piped input", false, []string{"c1 r", "c2 r"}, "show", false, 5, 0},
		{"no moves saved", true, []string{"c1 r", "undo"}, "show", false, 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			prompt(t, dir, false, model.Config{Game: "freecell", Deal: 617}, append(tc.saved, "quit")...)
			d, err := store.Open(dir, parser.ParseOp)
			if err != nil {
				t.Fatal(err)
			}
			s := newTestSession(t, model.Config{Game: "freecell", Deal: 5})
			s.Persist(d)
			s.ConfirmAbandon(tc.confirm)
			s.Start()
			out := promptOut(t, s, PromptOptions{}, tc.answer, "quit")
			if asked := strings.Contains(out, question); asked != tc.asks {
				t.Errorf("asked %v, want %v:\n%s", asked, tc.asks, out)
			}
			// Asked under the saved game's board, as the last line before the answer.
			if over := regexp.MustCompile(`\n FreeCell deal #617  moves 2 [^\n]*\n` + regexp.QuoteMeta(question) + `  R1 `); tc.asks && !over.MatchString(out) {
				t.Errorf("the question is not asked last, under the saved game:\n%s", out)
			}
			if s.Game.Config.Deal != tc.deal || s.Game.Moves() != tc.moves {
				t.Errorf("in play: deal %d, %d moves; want deal %d, %d moves", s.Game.Config.Deal, s.Game.Moves(), tc.deal, tc.moves)
			}
			saved, _ := prompt(t, dir, true, model.Config{}, "quit")
			if saved.Game.Config.Deal != tc.deal || saved.Game.Moves() != tc.moves {
				t.Errorf("saved: deal %d, %d moves; want deal %d, %d moves", saved.Game.Config.Deal, saved.Game.Moves(), tc.deal, tc.moves)
			}
		})
	}
}

// TestRememberedLineBelongsToItsRules: a winning line (and the watcher's verdict) is about a
// game under its options, not about the cards alone. Each change below leaves the cards where
// they are and changes the rules; the line found before must be dropped, so the hint that
// follows is one of the new rules and solve play plays them to the end. Before, La Peau's hint
// panicked (index out of range in model/hint.go), FreeCell's demo stopped at "5H cannot go to
// C6" and Klondike's at "3S cannot go to F1".
func TestRememberedLineBelongsToItsRules(t *testing.T) {
	tests := []struct {
		name   string
		cfg    model.Config
		before string // run before the first hint
		change string
	}{
		{name: "lapeau policy", cfg: model.Config{Game: "lapeau", Seed: 3}, before: "policy alternate", change: "policy same-suit"},
		{name: "freecell bakers", cfg: model.Config{Game: "freecell", Deal: 617}, change: "new freecell deal=617 bakers=true"},
		{name: "klondike draw 3", cfg: model.Config{Game: "klondike", Seed: 1}, change: "new klondike seed=1 draw=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := assisted(t, tt.cfg, testBudget)
			if tt.before != "" {
				exec(t, s, tt.before)
			}
			if h := exec(t, s, "hint"); h.Hint == nil || s.Verdict() != Winnable {
				t.Fatalf("first hint: %q (verdict %s), want a win to remember", h.Message, s.Verdict())
			}
			start := s.Game.State.Clone()
			exec(t, s, tt.change)
			if !s.Game.State.Equal(&start) {
				t.Fatalf("%s moved the cards: the test needs the same cards under other rules", tt.change)
			}
			if rest := s.assist.planned(s.Game); rest != nil {
				t.Errorf("after %s the old line (%d moves) is still followed", tt.change, len(rest))
			}
			if v := s.Verdict(); v != Unknown {
				t.Errorf("after %s the verdict is %s, found under the old rules", tt.change, v)
			}
			h := exec(t, s, "hint") // exec fails the test on an error; a panic fails it too
			if h.Hint != nil {
				g, _ := s.Game.Back(0)
				if _, err := g.Apply(h.Hint); err != nil {
					t.Fatalf("hint %q under the new rules is illegal: %v", h.Message, err)
				}
			}
			out := exec(t, s, "solve play")
			if strings.HasPrefix(out.Message, "demo: played") && !s.Game.Won() {
				t.Errorf("solve play: %q, and the game is not won", out.Message)
			}
		})
	}
}

// TestSolveSaysItIsSearching: at a terminal, solve says a search has begun before it runs (it
// may take 10 s with nothing on the screen), and not when the line is known already. Piped
// output (--interactive) and scripts are not told, so their output stays the same each run.
func TestSolveSaysItIsSearching(t *testing.T) {
	const searching = "searching for a win (up to 60 s)... Ctrl-C stops\n"
	for _, tt := range []struct {
		name   string
		redraw bool // stdout is a terminal
		want   int  // times the notice is printed
	}{
		{"a terminal", true, 1},
		{"piped output", false, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := assisted(t, klondike1, testBudget)
			out := promptOut(t, s, PromptOptions{Redraw: tt.redraw}, "solve", "solve", "quit")
			if n := strings.Count(out, searching); n != tt.want {
				t.Fatalf("the notice is printed %d times, want %d:\n%s", n, tt.want, out)
			}
			if at, win := strings.Index(out, searching), strings.Index(out, "solve: a win in "); tt.want > 0 && (win < 0 || at > win) {
				t.Errorf("the notice does not come before the answer:\n%s", out)
			}
		})
	}
	if _, out, _, _ := runScript(t, klondike1, "solve\n", ScriptOptions{}); strings.Contains(out, "searching") {
		t.Errorf("a script is told of the search:\n%s", out)
	}
}

// TestHintAgainSearchesLonger: where a hint finds no win in its time, it says so and guesses,
// and a hint asked again at the same position searches hintAgain times as long; after a move
// the next hint has its own budget again. Forty Thieves seed 1 is decided by no search this
// short.
func TestHintAgainSearchesLonger(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "fortythieves", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSessionAt(g, view.Style{ASCII: true}, frozen)
	s.Assist(AssistOptions{HintTime: 20 * time.Millisecond})
	for _, want := range []string{
		"no win found within 20 ms, so this is a guess; hint again searches 80 ms",
		"no win found within 80 ms, so this is a guess; hint again searches 320 ms",
	} {
		if h := exec(t, s, "hint"); !strings.HasSuffix(h.Message, want) || h.Hint == nil {
			t.Fatalf("hint = %q, want a guess ending %q", h.Message, want)
		}
	}
	h := exec(t, s, "hint")
	exec(t, s, h.Hint.String())
	if h := exec(t, s, "hint"); !strings.HasSuffix(h.Message, "within 20 ms, so this is a guess; hint again searches 80 ms") {
		t.Errorf("after a move, hint = %q, want its own budget again", h.Message)
	}
}
