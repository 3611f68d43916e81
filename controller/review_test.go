package controller

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/parser"
	"solitaire/view"
)

// The review's searches are bounded by positions in these tests (assistedAt's testBudget), and
// its time is a minute, which none of them comes near: the answers do not depend on the
// machine's speed.

// reviewed runs review on s within a minute and returns the reviewer with its report and text.
func reviewed(t *testing.T, s *Session) (*reviewer, ReviewReport, string) {
	t.Helper()
	r, err := s.reviewRun(context.Background(), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	rep, text := s.reviewWords(r, "")
	return r, rep, text
}

// checkAlternative checks the win the review offers from the last position it knows to be
// winnable: the line replays through the engine to a win, its first move is the one the report
// names, and it is not the move the player made there (which leads elsewhere).
func checkAlternative(t *testing.T, r *reviewer, rep ReviewReport) {
	t.Helper()
	lo := *rep.WinnableUntil
	line := r.known[lo].line
	if len(line) == 0 || rep.Instead != line[0].String() || rep.WinIn != len(line) {
		t.Fatalf("the alternative %q in %d moves is not the line %v", rep.Instead, rep.WinIn, line)
	}
	g := r.position(lo)
	for i, op := range line {
		if _, err := g.Apply(op); err != nil {
			t.Fatalf("the winning line from %s fails at its move %d, %s: %v", positionName(lo), i+1, op, err)
		}
		if i == 0 && lo < r.n && g.State.Equal(&r.position(lo+1).State) {
			t.Fatalf("the alternative %s leads where the move played, %s, does", op, r.ops[lo])
		}
	}
	if !g.Won() {
		t.Fatalf("the winning line from %s does not win", positionName(lo))
	}
}

// TestReviewFindsTheLosingMove: Klondike's losing position (assist_test.go), where drawing
// before AC goes home loses, played in several ways; the review names the move that lost, the
// win instead, and the board before it, or says that no move lost the game.
func TestReviewFindsTheLosingMove(t *testing.T) {
	tests := []struct {
		name   string
		lines  []string
		result string
		lost   int    // the move that lost the game
		back   string // how the text says to get back to the position before it
	}{
		{"no moves", nil, ReviewWinnable, 0, ""},
		{"a good move", []string{"move W F3"}, ReviewWinnable, 0, ""},
		{"good moves", []string{"move W F3", "draw", "move W F3"}, ReviewWinnable, 0, ""},
		{"the first move", []string{"draw"}, ReviewLost, 1, "restart"},
		{"the third move", []string{"move W F3", "draw", "draw"}, ReviewLost, 3, "undo 1"},
		{"moves after the loss", []string{"move W F3", "draw", "draw", "draw"}, ReviewLost, 3, "undo 2"},
		{"to the dead end", []string{"draw", "draw", "draw"}, ReviewLost, 1, "restart"},
		{"moves before a restart are not reviewed", []string{"draw", "restart", "move W F3"}, ReviewWinnable, 0, ""},
		{"lost after a restart", []string{"move W F3", "restart", "move W F3", "draw", "draw"}, ReviewLost, 3, "undo 1"},
		{"lost again after a restart", []string{"move W F3", "draw", "restart", "draw", "draw"}, ReviewLost, 1, "restart"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := assistedAt(t, losingPosition(t))
			for _, l := range tc.lines {
				exec(t, s, l)
			}
			moves := s.Game.MoveCount()
			r, rep, text := reviewed(t, s)
			if s.Game.MoveCount() != moves {
				t.Fatal("review changed the game")
			}
			if rep.Result != tc.result || rep.Moves != s.Game.Moves() {
				t.Fatalf("review: %s of %d moves, want %s of %d:\n%s", rep.Result, rep.Moves, tc.result, s.Game.Moves(), text)
			}
			first, rest, _ := strings.Cut(text, "\n")
			if tc.result == ReviewWinnable {
				want := `^review: no move lost the game: it can still be won from here \(a win in \d+ moves?\)$`
				if s.Game.Moves() == 0 {
					want = `^review: no moves yet; the game can be won from here \(a win in \d+ moves?\)$`
				}
				if !regexp.MustCompile(want).MatchString(text) || rep.LostFrom != nil || *rep.WinnableUntil != s.Game.Moves() {
					t.Errorf("review: %+v\n%s", rep, text)
				}
				return
			}
			if *rep.LostFrom != tc.lost || *rep.WinnableUntil != tc.lost-1 || rep.Move != r.ops[tc.lost-1].String() {
				t.Fatalf("review: %+v, want move %d (%s) lost the game:\n%s", rep, tc.lost, r.ops[tc.lost-1], text)
			}
			checkAlternative(t, r, rep)
			want := fmt.Sprintf("review: move %d, %s, lost the game: %s instead wins in %d moves", tc.lost, rep.Move, rep.Instead, rep.WinIn)
			if first != want {
				t.Errorf("review says\n%s\nwant\n%s", first, want)
			}
			before := view.Past(r.played(tc.lost-1), view.Style{ASCII: true})
			wantRest := fmt.Sprintf("The board before move %d (%s goes back to it):\n%s", tc.lost, tc.back, strings.TrimRight(before, "\n"))
			if rest != wantRest {
				t.Errorf("after its first line, review says\n%s\nwant\n%s", rest, wantRest)
			}
			if !strings.Contains(before, fmt.Sprintf(" moves %d ", tc.lost-1)) || strings.Contains(before, "0:00") {
				t.Errorf("the board before the move should count %d moves and show no time:\n%s", tc.lost-1, before)
			}
		})
	}
}

// TestReviewLaPeau is the case: La Peau seed 2, whose first move C1 C8 loses a deal
// that can be won.
func TestReviewLaPeau(t *testing.T) {
	s := assisted(t, model.Config{Game: "lapeau", Seed: 2}, testBudget)
	exec(t, s, "move C1 C8")
	r, rep, text := reviewed(t, s)
	if rep.Result != ReviewLost || *rep.LostFrom != 1 || rep.Move != "move C1 C8" {
		t.Fatalf("review: %+v\n%s", rep, text)
	}
	checkAlternative(t, r, rep)
	if !strings.HasPrefix(text, "review: move 1, move C1 C8, lost the game: "+rep.Instead+" instead wins in ") {
		t.Errorf("review says:\n%s", text)
	}
	// What the review found of the current position is the watcher's and the hint's too.
	if s.Verdict() != Lost {
		t.Errorf("after the review the position is %s, want lost", s.Verdict())
	}
}

// TestReviewWonAndLostFromStart: a won game, and a game that could not be won from its start,
// have no move that lost them.
func TestReviewWonAndLostFromStart(t *testing.T) {
	s := assistedAt(t, losingPosition(t))
	exec(t, s, "move W F3")
	line, r, err := s.decide(time.Minute)
	if err != nil || line == nil {
		t.Fatalf("no win found: %v %v", r, err)
	}
	s.demo(line)
	if !s.Game.Won() {
		t.Fatal("the demo did not win")
	}
	if _, rep, text := reviewed(t, s); rep.Result != ReviewWon || text != "review: the game is won; no move lost it" || reviewStatus(rep) != ExitOK {
		t.Errorf("review of a won game: %+v\n%s", rep, text)
	}

	// The position after the losing draw, loaded as a game of its own.
	g := losingPosition(t)
	if _, err := g.Apply(model.Draw{}); err != nil {
		t.Fatal(err)
	}
	lost, _ := g.Back(0) // a game that starts where g is
	s = assistedAt(t, lost)
	if _, rep, text := reviewed(t, s); rep.Result != ReviewLostFromStart || text != "review: no moves yet, and the game cannot be won from here" || reviewStatus(rep) != ExitUnsolvable {
		t.Errorf("review of a lost start: %+v\n%s", rep, text)
	}
	exec(t, s, "draw")
	if _, rep, text := reviewed(t, s); rep.Result != ReviewLostFromStart || *rep.LostFrom != 0 || rep.WinnableUntil != nil ||
		text != "review: no move lost the game: it could not be won from the start" {
		t.Errorf("review of a game lost from the start: %+v\n%s", rep, text)
	}
}

// TestReviewUndecided: with searches too small to decide, the review says what it knows and no
// more, in the words of each case: with the real solver on the losing position, and with a
// solver that gives up on the positions named on a game of draws (fakeReview).
func TestReviewUndecided(t *testing.T) {
	tests := []struct {
		name  string
		lines []string // played in the losing position
		want  string
	}{
		{"nothing decided", nil,
			"review: no position of the game was decided within the limit of 1 position a search, so whether it can still be won is not known"},
		{"lost, but how not known", []string{"draw"},
			"review: the game cannot be won from here; move 1 lost it, or it could not be won from the start: the start was not decided within the limit of 1 position a search"},
		{"lost, by one of several", []string{"move W F3", "draw", "draw", "draw"},
			"review: the game cannot be won from here; one of moves 1 to 3 lost it, or it could not be won from the start: the positions from the start to after move 2 were not decided within the limit of 1 position a search"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := assistedAt(t, losingPosition(t))
			for _, l := range tc.lines {
				exec(t, s, l)
			}
			s.assist.opt.MaxStates = 1
			_, rep, text := reviewed(t, s)
			if text != tc.want || reviewStatus(rep) != ExitGaveUp {
				t.Errorf("review says\n%s\nwant\n%s\n(exit status %d, want %d)", text, tc.want, reviewStatus(rep), ExitGaveUp)
			}
		})
	}

	fakes := []struct {
		name      string
		first     int
		undecided []int
		want      string
	}{
		{"lost by one of several after a winnable position", 10, []int{4, 5, 6, 7, 8, 9},
			"review: one of moves 4 to 10 lost the game (the positions after moves 4 to 9 were not decided within 60 s); before move 4 it could still be won: move C1 F1 wins in 1 move"},
		{"lost by one of two", 10, []int{9},
			"review: move 9 or 10 lost the game (the position after move 9 was not decided within 60 s); before move 9 it could still be won: move C1 F1 wins in 1 move"},
		{"winnable up to a position, then not known", 31, []int{25, 26, 27, 28, 29, 30},
			"review: whether the game can still be won is not known: the positions after moves 25 to 30 were not decided within 60 s; before move 25 it could still be won: move C1 F1 wins in 1 move (if the game is lost now, one of moves 25 to 30 lost it)"},
		{"only the current position not known", 31, []int{30},
			"review: whether the game can still be won is not known: the position after move 30 was not decided within 60 s; before move 30 it could still be won: move C1 F1 wins in 1 move (if the game is lost now, move 30 lost it)"},
	}
	for _, tc := range fakes {
		t.Run(tc.name, func(t *testing.T) {
			undecided := map[int]bool{}
			for _, k := range tc.undecided {
				undecided[k] = true
			}
			r, rep, _ := fakeReview(t, 30, tc.first, undecided, 0)
			if text := r.reviewText(rep, nil, nil); text != tc.want || reviewStatus(rep) != ExitGaveUp {
				t.Errorf("review says\n%s\nwant\n%s\n(exit status %d, want %d)", text, tc.want, reviewStatus(rep), ExitGaveUp)
			}
		})
	}
}

// TestReviewIsNeverWrong: whatever the searches decide, the report agrees with the truth: every
// game of the losing position's table, reviewed with searches of 1 to 8 positions, with and
// without a hint's line to start from, against verdicts found with the full budget.
func TestReviewIsNeverWrong(t *testing.T) {
	games := [][]string{
		nil, {"draw"}, {"move W F3"}, {"move W F3", "draw", "draw"}, {"draw", "draw", "draw"},
		{"move W F3", "draw", "move W F3", "draw", "draw"}, {"move W F3", "draw", "move W F3", "draw", "move W F3"},
	}
	for _, lines := range games {
		for _, hint := range []bool{false, true} {
			s := assistedAt(t, losingPosition(t))
			if hint {
				exec(t, s, "hint")
			}
			for _, l := range lines {
				exec(t, s, l)
			}
			// The truth: the first position that is lost (n+1: none).
			truth, _ := newReviewer(s.Game, time.Minute, testBudget)
			first := truth.n + 1
			for k := truth.n; k >= 0; k-- {
				res, err := solve.Solve(context.Background(), truth.position(k), solve.Options{MaxStates: testBudget})
				if err != nil || res.Status == solve.GaveUp {
					t.Fatalf("%v: %s not decided: %v %v", lines, positionName(k), res, err)
				}
				if res.Status == solve.Unsolvable {
					first = k
				}
			}
			for states := 1; states <= 8; states++ {
				s.assist.opt.MaxStates = states
				s.assist.verdict = Unknown // what the last review found is no evidence for the next
				_, rep, text := reviewed(t, s)
				if msg := disagrees(rep, first); msg != "" {
					t.Errorf("%v, hint %v, %d positions a search: %s\n%+v\n%s", lines, hint, states, msg, rep, text)
				}
			}
		}
	}
}

// disagrees says how a report contradicts the truth, first, the first lost position (past the
// last position: none), or "".
func disagrees(rep ReviewReport, first int) string {
	lo, hi := -1, rep.Moves+1
	if rep.WinnableUntil != nil {
		lo = *rep.WinnableUntil
	}
	if rep.LostFrom != nil {
		hi = *rep.LostFrom
	}
	switch {
	case lo >= first:
		return fmt.Sprintf("%s is said to be winnable, but it is lost", positionName(lo))
	case hi < first:
		return fmt.Sprintf("%s is said to be lost, but it can be won", positionName(hi))
	case rep.Result == ReviewLost && (hi != first || rep.Move == ""):
		return "the losing move named is not the one"
	case rep.Result == ReviewWinnable && first <= rep.Moves:
		return "the game is said to be winnable"
	case rep.Result == ReviewLostFromStart && first != 0:
		return "the game is said to be lost from the start"
	case (rep.Result == ReviewLost || rep.Result == ReviewWinnable || rep.Result == ReviewLostFromStart) != (hi == lo+1 || lo == rep.Moves):
		return "the result is not what the bounds say"
	}
	return ""
}

// drawn is a review of Klondike seed 1 after n draws (longGame): a long history whose
// positions all differ (each pass through the stock counts in the position).
func drawn(t *testing.T, n int) *reviewer {
	t.Helper()
	r, err := newReviewer(longGame(t, n), time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	for h, ks := range r.at {
		if len(ks) != 1 {
			t.Fatalf("positions %v are the same (%x)", ks, h)
		}
		if _, err := r.position(ks[0]).Play(notOnBoard); err == nil {
			t.Fatalf("%s takes %s", positionName(ks[0]), notOnBoard)
		}
	}
	return r
}

// fakeReview reviews a game of n draws (drawn) with a solver that knows the positions from
// first on to be lost, gives up for lack of time on the positions in undecided, and stops as
// Ctrl-C would at its search stopAt (0: never). Its wins are a command that does not replay,
// which tells the review nothing of other positions. It returns the reviewer, its report (moves
// written as commands) and the positions searched, in order.
func fakeReview(t *testing.T, n, first int, undecided map[int]bool, stopAt int) (*reviewer, ReviewReport, []int) {
	t.Helper()
	r := drawn(t, n)
	var calls []int
	r.search = func(ctx context.Context, g *model.Game, o solve.Options) (solve.Result, error) {
		k := r.at[g.State.Hash()][0]
		calls = append(calls, k)
		switch {
		case o.TimeLimit < minSearch:
			return solve.Result{}, fmt.Errorf("a search of %s", o.TimeLimit)
		case len(calls) == stopAt:
			return solve.Result{Status: solve.GaveUp, Limit: solve.LimitCancel}, nil
		case undecided[k]:
			return solve.Result{Status: solve.GaveUp, Limit: solve.LimitTime}, nil
		case k >= first:
			return solve.Result{Status: solve.Unsolvable}, nil
		}
		return solve.Result{Status: solve.Solved, Moves: []model.Op{notOnBoard}}, nil
	}
	if err := r.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return r, r.report(func(_ *model.State, op model.Op) string { return op.String() }), calls
}

// notOnBoard is a command that Klondike seed 1 refuses after any number of draws (5S stays at
// the top of C1, and F1 wants an ace).
var notOnBoard = model.Move{From: model.PileRef{Kind: 'C', Index: 1}, To: model.PileRef{Kind: 'F', Index: 1}}

// TestReviewBisects: the review of a long game takes as many searches as a bisection needs:
// the current position, then halves.
func TestReviewBisects(t *testing.T) {
	const n = 200
	for _, first := range []int{0, 1, 37, 100, 199, 200, n + 1} {
		_, rep, calls := fakeReview(t, n, first, nil, 0)
		if msg := disagrees(rep, first); msg != "" {
			t.Errorf("lost from %d: %s: %+v", first, msg, rep)
		}
		if want := map[bool]string{true: ReviewWinnable, false: ReviewLost}[first > n]; first == 0 && rep.Result != ReviewLostFromStart || first > 0 && rep.Result != want {
			t.Errorf("lost from %d: %s", first, rep.Result)
		}
		if len(calls) > 9 || calls[0] != n {
			t.Errorf("lost from %d: searched %v; a bisection of %d positions takes at most 9 searches, the current position first", first, calls, n+1)
		}
	}
}

// TestReviewGivesUpHonestly: with a solver that gives up on random positions, the review never
// says more than it knows: its report agrees with the truth, and every position it leaves
// undecided is one the solver gave up on or one it did not need.
func TestReviewGivesUpHonestly(t *testing.T) {
	const n = 40
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		first := rng.IntN(n + 2)
		undecided := map[int]bool{}
		for k := 0; k <= n; k++ {
			if rng.IntN(4) == 0 {
				undecided[k] = true
			}
		}
		r, rep, calls := fakeReview(t, n, first, undecided, 0)
		if msg := disagrees(rep, first); msg != "" {
			t.Fatalf("trial %d, lost from %d, undecided %v: %s: %+v", trial, first, undecided, msg, rep)
		}
		lo, hi := r.bounds()
		for k := lo + 1; k < hi && k <= n; k++ {
			if !undecided[k] {
				t.Fatalf("trial %d: %s was left undecided, but the solver would decide it; searched %v", trial, positionName(k), calls)
			}
		}
		if len(calls) > 2*(n+1) {
			t.Fatalf("trial %d: %d searches of %d positions: %v", trial, len(calls), n+1, calls)
		}
	}
}

// TestReviewStopped: Ctrl-C stops the review, which then says what it knew so far, and that it
// was stopped.
func TestReviewStopped(t *testing.T) {
	r, rep, _ := fakeReview(t, 30, 10, nil, 3)
	text := r.reviewText(rep, nil, nil)
	if !rep.Stopped || rep.Result != ReviewLostUnsure || reviewStatus(rep) != ExitInterrupted || !strings.Contains(text, "not decided before the review was stopped") {
		t.Errorf("a stopped review: %+v\n%s", rep, text)
	}

	// The real solver, with Ctrl-C pressed before it starts.
	s := assistedAt(t, losingPosition(t))
	exec(t, s, "draw")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, text, err := s.review(ctx, time.Minute, "")
	if err != nil || !rep.Stopped || !strings.Contains(text, "before the review was stopped") {
		t.Errorf("review with Ctrl-C pressed: %v %+v\n%s", err, rep, text)
	}
}

// TestReviewNotation: with --notation standard, FreeCell's moves in the report are written in
// that notation. The review starts from a hint's line, which the player follows for two moves
// and then leaves; the searches are too small to decide anything, so the last position known
// to be winnable is on the hint's line, and its win is the line's next move.
func TestReviewNotation(t *testing.T) {
	s := assisted(t, model.Config{Game: "freecell", Deal: 1}, testBudget)
	if err := s.SetNotation("standard"); err != nil {
		t.Fatal(err)
	}
	exec(t, s, "hint")
	plan := s.assist.plan
	exec(t, s, plan[0].op.String())
	exec(t, s, plan[1].op.String())
	var other model.Op
	for _, op := range distinctMoves(s.Game) {
		next, _ := s.Game.Back(0)
		if _, err := next.Play(op); err == nil && !next.State.Equal(&plan[3].before) {
			other = op
			break
		}
	}
	exec(t, s, other.String())
	s.assist.opt.MaxStates = 1
	_, rep, text := reviewed(t, s)
	want := s.notateAt(&plan[2].before, plan[2].op)
	if rep.Result != ReviewUndecided || *rep.WinnableUntil != 2 || rep.Instead != want || !regexp.MustCompile(`^[1-8a-d][1-8a-dh](v\d+)?$`).MatchString(want) {
		t.Fatalf("review: %+v, want the win from move 3 to start with %s\n%s", rep, want, text)
	}
	if !strings.Contains(text, "before move 3 it could still be won: "+want+" wins in ") {
		t.Errorf("review says:\n%s", text)
	}
}

// TestReviewRemembers: a review's verdict on the current position is the hint's: a winnable one
// gives the next hint at once, without a search.
func TestReviewRemembers(t *testing.T) {
	s := assistedAt(t, losingPosition(t))
	exec(t, s, "move W F3")
	if _, rep, _ := reviewed(t, s); rep.Result != ReviewWinnable || s.Verdict() != Winnable {
		t.Fatalf("review: %s, verdict %s", rep.Result, s.Verdict())
	}
	s.assist.opt.MaxStates = 1 // too small to find the win again
	if h := exec(t, s, "hint"); h.Hint == nil || winLength(h.Message) < 1 {
		t.Errorf("hint after a review: %q", h.Message)
	}
}

// TestReviewCountsAsHint: at the prompt, a review that shows a winning move is a hint in the
// statistics; one that only says the game can still be won is not.
func TestReviewCountsAsHint(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		hints int
	}{{[]string{"move W F3"}, 0}, {[]string{"draw"}, 1}} {
		d, err := store.Open(filepath.Join(t.TempDir(), "state"), parser.ParseOp)
		if err != nil {
			t.Fatal(err)
		}
		s := assistedAt(t, losingPosition(t))
		s.Persist(d)
		s.Start()
		for _, l := range tc.lines {
			exec(t, s, l)
			s.afterCommand()
		}
		exec(t, s, "review")
		s.afterCommand()
		st, _ := d.ReadStats()
		if r := st.Variants[store.Variant(s.Game)]; r.Hints != tc.hints || s.progress.Hinted != (tc.hints > 0) {
			t.Errorf("after %v and review: %d hints counted, hinted %v; want %d", tc.lines, r.Hints, s.progress.Hinted, tc.hints)
		}
	}
}

// TestReviewInScripts: review in a script prints its report and the board before the losing
// move; in JSON the report is a field of its own and the message has no board; a review with
// something after it is refused and changes nothing.
func TestReviewInScripts(t *testing.T) {
	lapeau := model.Config{Game: "lapeau", Seed: 2}
	_, out, errOut, code := runScript(t, lapeau, "move C1 C8\nreview\n", ScriptOptions{})
	if code != ExitOK || errOut != "" || !strings.Contains(out, "> review\nreview: move 1, move C1 C8, lost the game: ") ||
		!strings.Contains(out, "The board before move 1 (restart goes back to it):\n") {
		t.Errorf("review in a script: exit %d, stderr %q:\n%s", code, errOut, out)
	}

	_, out, _, code = runScript(t, lapeau, "move C1 C8\nreview\n", ScriptOptions{JSON: true})
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last struct {
		Command string
		Message string
		Review  *ReviewReport
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v: %s", code, err, lines[len(lines)-1])
	}
	if last.Command != "review" || last.Review == nil || last.Review.Result != ReviewLost || last.Review.Move != "move C1 C8" ||
		strings.Contains(last.Message, "\n") || !strings.HasPrefix(last.Message, "review: move 1, move C1 C8, lost the game: ") {
		t.Errorf("review in JSON: %+v %+v", last, last.Review)
	}

	s, out, errOut, code := runScript(t, lapeau, "move C1 C8\nreview now\nreview 60 s\n", ScriptOptions{KeepGoing: true})
	want := "2:8: review takes a number of seconds, the most it may search, e.g. review 60\n3:11: unexpected \"s\" after the command\n"
	if code != ExitFailed || errOut != want || strings.Contains(out, "review:") || s.Game.Moves() != 1 {
		t.Errorf("bad reviews: exit %d, stderr\n%s\nwant\n%s", code, errOut, want)
	}
}

// TestReviewSave: solitaire review FILE reads a save, prints the report and returns the exit
// status; a file that is no save is refused in one line, with what to do.
func TestReviewSave(t *testing.T) {
	dir := t.TempDir()
	s := assistedAt(t, losingPosition(t))
	exec(t, s, "move W F3")
	exec(t, s, "draw")
	exec(t, s, "draw")
	save := filepath.Join(dir, "game.json")
	exec(t, s, "save "+save)
	o := ReviewOptions{Assist: AssistOptions{MaxStates: testBudget}, Time: time.Minute, Style: view.Style{ASCII: true}}
	var out, errOut bytes.Buffer
	if code := ReviewSave(context.Background(), save, o, &out, &errOut); code != ExitUnsolvable || errOut.Len() > 0 ||
		!strings.HasPrefix(out.String(), "review: move 3, draw, lost the game: move W F3 instead wins in ") ||
		!strings.Contains(out.String(), fmt.Sprintf("\nThe board before move 3 (load %s, then undo 1, goes back to it):\n", save)) {
		t.Errorf("review %s: exit %d, stderr %q:\n%s", save, code, errOut.String(), out.String())
	}

	out.Reset()
	o.JSON = true
	code := ReviewSave(context.Background(), save, o, &out, &errOut)
	var line map[string]any
	if err := json.Unmarshal(out.Bytes(), &line); err != nil || code != ExitUnsolvable || line["game"] != "klondike" || line["file"] != save ||
		line["result"] != ReviewLost || line["lost_from"] != 3.0 || line["move"] != "draw" || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("review %s --format json: exit %d, %v:\n%s", save, code, err, out.String())
	}

	position := filepath.Join(dir, "position.json")
	os.WriteFile(position, []byte(`{"game":"klondike","piles":[]}`), 0o600)
	notJSON := filepath.Join(dir, "notes.txt")
	os.WriteFile(notJSON, []byte("draw\n"), 0o600)
	broken := filepath.Join(dir, "broken.json")
	data, _ := os.ReadFile(save)
	os.WriteFile(broken, bytes.Replace(data, []byte(`"draw"`), []byte(`"move C7 C1"`), 1), 0o600)
	for _, tc := range []struct {
		path, notation, want string
	}{
		{filepath.Join(dir, "missing.json"), "", "no such file"},
		{dir, "", "that is a directory"},
		{notJSON, "", "this is not a solitaire save; review reads the files that save FILE writes at the prompt"},
		{position, "", "this is a position file, not a save: it holds no moves to review; "},
		{broken, "", "a save that cannot be used: "},
		{save, "standard", "--notation standard is FreeCell's notation; Klondike has only the command language"},
	} {
		out.Reset()
		errOut.Reset()
		o.Notation = tc.notation
		code := ReviewSave(context.Background(), tc.path, o, &out, &errOut)
		if code != ExitUsage || out.Len() > 0 || !strings.HasPrefix(errOut.String(), "solitaire: review "+tc.path+": "+tc.want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("review %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.path, code, out.String(), errOut.String(), tc.want)
		}
	}
}

// TestReviewShowsProgress: at a terminal the review says on one line, rewritten in place, what
// it is searching and how long it may take, and clears the line before its report; piped
// output (--interactive) and scripts are not told, so their output stays the same each run.
func TestReviewShowsProgress(t *testing.T) {
	const begun = "\r\x1b[Kreview: 3 moves to review (up to 60 s)... Ctrl-C stops"
	searching := regexp.MustCompile(`\r\x1b\[Kreview: searching the position after move 3 \(\d+ s left\)\.\.\. Ctrl-C stops`)
	for _, redraw := range []bool{true, false} {
		s := assistedAt(t, losingPosition(t))
		s.assist.opt.ReviewTime = time.Minute
		out := promptOut(t, s, PromptOptions{Redraw: redraw}, "move W F3", "draw", "draw", "review", "quit")
		at, report := strings.Index(out, begun), strings.Index(out, "\r\x1b[Kreview: move 3, draw, lost the game: ")
		switch {
		case !redraw && strings.Contains(out, "\r"):
			t.Errorf("piped output is told of the review's progress:\n%q", out)
		case redraw && (at < 0 || report < at || !searching.MatchString(out[at:report])):
			t.Errorf("at a terminal, the review's progress is not shown on one line before its report:\n%q", out)
		}
	}
	if _, out, _, _ := runScript(t, klondike1, "review\n", ScriptOptions{}); strings.Contains(out, "\r") || strings.Contains(out, "searching") {
		t.Errorf("a script is told of the review's progress:\n%s", out)
	}
}
