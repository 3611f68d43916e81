package controller

// review (help review) replays the game in play with the solver and finds the first move after
// which the game could no longer be won.
//
// The positions of the game since the deal, or since the last restart (the moves before it
// were given up), are P0..Pn, move k leading from P(k-1) to P(k). Winnability is monotone
// along them: a win from P(k) is a win from P(k-1) through move k, so once a position is lost
// every later one is, and the positions are a winnable run followed by a lost one. The move
// that lost the game is the first move into the lost run. The review searches for that
// boundary by bisection, the current position first (if it can be won, no move lost it). A
// search may give up, so what the review knows in the end is lo, the last position known to
// be winnable, and hi, the first known to be lost, with every position between them
// undecided; the report says that much and no more (reviewer.report and reviewText; the help
// page is docs/review.md, TestReviewIsNeverWrong holds the reports to the truth).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/parser"
	"solitaire/view"
)

// A review may take as long as reviewSolves solves, since it is several searches:
// DefaultReviewTime when --hint-time is left as it is.
const (
	reviewSolves      = 3
	DefaultReviewTime = reviewSolves * DefaultSolveTime
)

// The results of a review (ReviewReport.Result).
const (
	ReviewWon           = "won"             // the game is won: no move lost it
	ReviewWinnable      = "winnable"        // it can still be won from the current position
	ReviewLost          = "lost"            // the move that lost it is known (LostFrom)
	ReviewLostFromStart = "lost-from-start" // it could not be won from its first position: no move lost it
	ReviewLostUnsure    = "lost-undecided"  // it is lost, by one of the moves after WinnableUntil up to LostFrom
	ReviewUndecided     = "undecided"       // whether it can still be won was not decided
)

// ReviewReport is what review found, as --format json prints it (help review). Positions are
// counted in moves: the position after move k, 0 the start.
type ReviewReport struct {
	Result        string `json:"result"`
	Moves         int    `json:"moves"`                    // the moves reviewed: since the deal, or the last restart
	WinnableUntil *int   `json:"winnable_until,omitempty"` // the last position known to be winnable
	LostFrom      *int   `json:"lost_from,omitempty"`      // the first position known to be lost
	Move          string `json:"move,omitempty"`           // the move that lost the game, when known exactly
	Instead       string `json:"instead,omitempty"`        // the first move of a win from WinnableUntil
	WinIn         int    `json:"win_in,omitempty"`         // that win's length, in moves
	Stopped       bool   `json:"stopped,omitempty"`        // Ctrl-C stopped the review
}

// reviewPosition is what the review knows of one position.
type reviewPosition struct {
	verdict  Verdict
	line     []model.Op    // Winnable: a win from here
	searched bool          // a search was made here
	limit    solve.Limit   // the limit the last search here gave up at
	tried    time.Duration // the longest search here that ran out of time
}

// reviewer walks one game's history with the solver.
type reviewer struct {
	game      *model.Game // the game reviewed; its current position is P(n)
	n         int
	ops       []model.Op       // the moves reviewed, move k at ops[k-1]
	at        map[uint64][]int // the positions by their hash
	known     []reviewPosition // P0..Pn
	budget    time.Duration    // the whole review
	maxStates int              // positions a search, 0: the solver's default
	progress  func(msg string) // shows how the review is getting on; nil: say nothing
	// search is solve.Solve; tests put a fake in its place.
	search  func(context.Context, *model.Game, solve.Options) (solve.Result, error)
	stopped bool // Ctrl-C
}

// newReviewer prepares the review of g's moves since its deal or last restart: it replays
// them once to know each position by its hash, so that a win found from one position also
// tells which other positions of the history lie on it.
func newReviewer(g *model.Game, budget time.Duration, maxStates int) (*reviewer, error) {
	n := g.Moves()
	all := g.History()
	r := &reviewer{game: g, n: n, ops: all[len(all)-n:], at: map[uint64][]int{}, known: make([]reviewPosition, n+1), budget: budget, maxStates: maxStates, search: solve.Solve}
	w, _ := g.Back(n)
	r.at[w.State.Hash()] = []int{0}
	for k, op := range r.ops {
		if _, err := w.Play(op); err != nil {
			return nil, fmt.Errorf("the history does not replay at move %d (%s): %w", k+1, op, err)
		}
		h := w.State.Hash()
		r.at[h] = append(r.at[h], k+1)
	}
	return r, nil
}

// position is a new game at P(k), without history.
func (r *reviewer) position(k int) *model.Game {
	g, _ := r.game.Back(r.n - k)
	return g
}

// played is a new game at P(k) whose history holds the moves up to it, so that its board's
// status line counts them.
func (r *reviewer) played(k int) *model.Game {
	g, _ := r.game.Back(r.n)
	for _, op := range r.ops[:k] {
		_, _ = g.Play(op) // newReviewer replayed the same moves
	}
	return g
}

// bounds is lo, the last position known to be winnable (-1: none), and hi, the first known to
// be lost (n+1: none).
func (r *reviewer) bounds() (lo, hi int) {
	lo, hi = -1, r.n+1
	for k, p := range r.known {
		switch {
		case p.verdict == Winnable:
			lo = k
		case p.verdict == Lost && hi > r.n:
			hi = k
		}
	}
	return lo, hi
}

// winnable records a win from P(k), and the same win, shortened, from every other position of
// the history that lies on it: the line found need not be the player's, but where they meet,
// the position is winnable without a search of its own.
func (r *reviewer) winnable(k int, line []model.Op) {
	r.known[k].verdict, r.known[k].line = Winnable, line
	g := r.position(k)
	for j, op := range line {
		if _, err := g.Play(op); err != nil {
			return // the solver's lines replay (solve.Solve); a line that does not is no evidence
		}
		r.onLine(&g.State, line[j+1:])
	}
}

// onLine records that line wins from st: for every position of the history that is st and
// not yet known.
func (r *reviewer) onLine(st *model.State, line []model.Op) {
	for _, m := range r.at[st.Hash()] {
		if r.known[m].verdict == Unknown && r.position(m).State.Equal(st) {
			r.known[m].verdict, r.known[m].line = Winnable, line
		}
	}
}

// minSearch is the shortest search the review starts: a shorter one decides too little (and a
// share of no time at all would be a search with no time limit, solve.Options).
const minSearch = 10 * time.Millisecond

// reviewShortenStates is what a line the review finds is shortened on: a hint's, whatever the
// search's share of the review's time (which depends on the clock), so that the line it
// reports is the same every run and as long as the hint's.
var reviewShortenStates = shortenStates(time.Second)

// next picks the position to search next between lo and hi and the time it may take: the
// current position first, then the untried one nearest the middle, each with an even share of
// what is left among the searches a bisection still needs. When every position between has
// been tried, one whose search ran out of time is searched again, if its share of what is
// left is at least twice what it had. ok is false when nothing is left to search or no time.
func (r *reviewer) next(lo, hi int, left time.Duration) (k int, share time.Duration, ok bool) {
	mid := (lo + hi) / 2
	nearest := func(pick func(p *reviewPosition) bool) (best, count int) {
		best = -1
		for i := lo + 1; i < hi && i <= r.n; i++ {
			if !pick(&r.known[i]) {
				continue
			}
			count++
			if best < 0 || abs(i-mid) < abs(best-mid) {
				best = i
			}
		}
		return best, count
	}
	k, count := nearest(func(p *reviewPosition) bool { return !p.searched })
	switch {
	case k >= 0:
		if hi > r.n && !r.known[r.n].searched {
			k = r.n
		}
		share = left / time.Duration(bits.Len(uint(count)))
	default:
		if _, count = nearest(func(p *reviewPosition) bool { return p.limit == solve.LimitTime }); count > 0 {
			share = left / time.Duration(count)
		}
		k, _ = nearest(func(p *reviewPosition) bool { return p.limit == solve.LimitTime && 2*p.tried <= share })
	}
	if k < 0 || share < minSearch {
		return 0, 0, false
	}
	return k, share, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// run searches until the boundary is found, nothing is left to search, the budget is spent or
// ctx is cancelled (stopped).
func (r *reviewer) run(ctx context.Context) error {
	deadline := time.Now().Add(r.budget)
	for {
		lo, hi := r.bounds()
		if lo >= hi {
			// A win from a position after a lost one: the solver contradicted itself.
			return fmt.Errorf("internal error in the review (please report it): the solver found a win from %s, and proved %s lost", positionName(lo), positionName(hi))
		}
		k, share, ok := r.next(lo, hi, time.Until(deadline))
		if !ok {
			return nil
		}
		if ctx.Err() != nil {
			r.stopped = true // a small search can end before it looks at ctx
			return nil
		}
		if r.progress != nil {
			r.progress(fmt.Sprintf("review: searching %s (%s left)... Ctrl-C stops", positionName(k), seconds(time.Until(deadline).Round(time.Second))))
		}
		res, err := r.search(ctx, r.position(k), solve.Options{TimeLimit: share, MaxStates: r.maxStates, ShortenStates: reviewShortenStates})
		if err != nil {
			return err
		}
		p := &r.known[k]
		p.searched = true
		switch {
		case res.Status == solve.Solved:
			r.winnable(k, res.Moves)
		case res.Status == solve.Unsolvable:
			p.verdict = Lost
		case res.Limit == solve.LimitCancel:
			r.stopped = true
			return nil
		default:
			p.limit = res.Limit
			if res.Limit == solve.LimitTime {
				p.tried = max(p.tried, share)
			}
		}
	}
}

// report sums up what the review knows; the moves are written by notate, the move and the
// position it is made at.
func (r *reviewer) report(notate func(st *model.State, op model.Op) string) ReviewReport {
	rep := ReviewReport{Moves: r.n, Stopped: r.stopped}
	if r.game.Won() {
		rep.Result = ReviewWon
		return rep
	}
	lo, hi := r.bounds()
	if lo >= 0 {
		rep.WinnableUntil = &lo
		if line := r.known[lo].line; lo < r.n && len(line) > 0 {
			rep.Instead, rep.WinIn = notate(&r.position(lo).State, line[0]), len(line)
		} else {
			rep.WinIn = len(line)
		}
	}
	if hi <= r.n {
		rep.LostFrom = &hi
	}
	switch {
	case lo == r.n:
		rep.Result = ReviewWinnable
	case hi == 0:
		rep.Result = ReviewLostFromStart
	case hi == lo+1:
		rep.Result = ReviewLost
		rep.Move = notate(&r.position(lo).State, r.ops[lo])
	case hi <= r.n:
		rep.Result = ReviewLostUnsure
	default:
		rep.Result = ReviewUndecided
	}
	return rep
}

// within says what kept the positions between lo and hi undecided: "within 30 s", with the
// search limits that were hit, or that the review was stopped.
func (r *reviewer) within(lo, hi int) string {
	if r.stopped {
		return "before the review was stopped"
	}
	var clock, states, memory bool
	for i := lo + 1; i < hi && i <= r.n; i++ {
		p := r.known[i]
		clock = clock || !p.searched || p.limit == solve.LimitTime
		states = states || p.limit == solve.LimitStates
		memory = memory || p.limit == solve.LimitMemory
	}
	var parts []string
	if clock || !states && !memory {
		parts = append(parts, seconds(r.budget))
	}
	if states {
		parts = append(parts, fmt.Sprintf("the limit of %s a search", model.Plural(r.maxStates, "position")))
	}
	if memory {
		parts = append(parts, "the memory limit")
	}
	return "within " + strings.Join(parts, " and ")
}

// positionName names P(k): "the start" or "the position after move k".
func positionName(k int) string {
	if k == 0 {
		return "the start"
	}
	return fmt.Sprintf("the position after move %d", k)
}

// positionsName names the positions P(a)..P(b) and the verb that goes with them.
func positionsName(a, b int) (string, string) {
	switch {
	case a == b:
		return positionName(a), "was"
	case a == 0:
		return fmt.Sprintf("the positions from the start to after move %d", b), "were"
	}
	return fmt.Sprintf("the positions after moves %d to %d", a, b), "were"
}

// movesName names the moves a..b, one of which did something: "move 7", "move 7 or 8", "one
// of moves 7 to 12".
func movesName(a, b int) string {
	switch {
	case a == b:
		return fmt.Sprintf("move %d", a)
	case b == a+1:
		return fmt.Sprintf("move %d or %d", a, b)
	}
	return fmt.Sprintf("one of moves %d to %d", a, b)
}

// reviewText words a report: the verdict, and where a position is known from which the game
// could still be won and a move there lost it, that position's board (board, drawn by the
// caller) with how to get back to it (back, given the undos from the current position and
// whether it is the start).
func (r *reviewer) reviewText(rep ReviewReport, board func(k int) string, back func(undos int, start bool) string) string {
	lo, hi := r.bounds()
	var b strings.Builder
	switch rep.Result {
	case ReviewWon:
		return "review: the game is won; no move lost it"
	case ReviewWinnable:
		if r.n == 0 {
			return fmt.Sprintf("review: no moves yet; the game can be won from here (a win in %s)", model.Plural(rep.WinIn, "move"))
		}
		return fmt.Sprintf("review: no move lost the game: it can still be won from here (a win in %s)", model.Plural(rep.WinIn, "move"))
	case ReviewLostFromStart:
		if r.n == 0 {
			return "review: no moves yet, and the game cannot be won from here"
		}
		return "review: no move lost the game: it could not be won from the start"
	case ReviewLost:
		fmt.Fprintf(&b, "review: move %d, %s, lost the game: %s instead wins in %s", hi, rep.Move, rep.Instead, model.Plural(rep.WinIn, "move"))
	case ReviewLostUnsure:
		pos, verb := positionsName(lo+1, hi-1)
		if lo < 0 {
			return fmt.Sprintf("review: the game cannot be won from here; %s lost it, or it could not be won from the start: %s %s not decided %s",
				movesName(1, hi), pos, verb, r.within(lo, hi))
		}
		fmt.Fprintf(&b, "review: %s lost the game (%s %s not decided %s); before move %d it could still be won: %s wins in %s",
			movesName(lo+1, hi), pos, verb, r.within(lo, hi), lo+1, rep.Instead, model.Plural(rep.WinIn, "move"))
	case ReviewUndecided:
		if lo < 0 {
			return fmt.Sprintf("review: no position of the game was decided %s, so whether it can still be won is not known", r.within(lo, hi))
		}
		pos, verb := positionsName(lo+1, r.n)
		fmt.Fprintf(&b, "review: whether the game can still be won is not known: %s %s not decided %s; before move %d it could still be won: %s wins in %s (if the game is lost now, %s lost it)",
			pos, verb, r.within(lo, hi), lo+1, rep.Instead, model.Plural(rep.WinIn, "move"), movesName(lo+1, r.n))
	}
	if board != nil {
		fmt.Fprintf(&b, "\nThe board before move %d (%s goes back to it):\n%s", lo+1, back(r.n-lo, lo == 0), strings.TrimRight(board(lo), "\n"))
	}
	return b.String()
}

// reviewStatus is the exit status of solitaire review: 0 the game is won or can still be won, 4
// it is lost and the review says how (the move, or from the start), 5 it could not say, 130
// Ctrl-C stopped it.
func reviewStatus(rep ReviewReport) int {
	switch {
	case rep.Stopped:
		return ExitInterrupted
	case rep.Result == ReviewWon || rep.Result == ReviewWinnable:
		return ExitOK
	case rep.Result == ReviewLost || rep.Result == ReviewLostFromStart:
		return ExitUnsolvable
	}
	return ExitGaveUp
}

// review runs a review of the game in play within budget and words it (reviewRun, reviewWords);
// file is the save the game came from (solitaire review FILE), or "" at the prompt and in
// scripts.
func (s *Session) review(ctx context.Context, budget time.Duration, file string) (ReviewReport, string, error) {
	r, err := s.reviewRun(ctx, budget)
	if err != nil {
		return ReviewReport{}, "", err
	}
	rep, text := s.reviewWords(r, file)
	return rep, text, nil
}

// reviewRun reviews the game in play within budget. It starts from what the session knows
// already, and what it finds of the current position is remembered, as a hint's search would
// be.
func (s *Session) reviewRun(ctx context.Context, budget time.Duration) (*reviewer, error) {
	r, err := newReviewer(s.Game, budget, s.assist.options().MaxStates)
	if err != nil || s.Game.Won() {
		return r, err
	}
	if s.notation != "" {
		// FreeCell's standard notation has no auto: its lines send each card home by a move.
		search := r.search
		r.search = func(ctx context.Context, g *model.Game, o solve.Options) (solve.Result, error) {
			o.NoAuto = true
			return search(ctx, g, o)
		}
	}
	// The winning line a hint found, and the positions it passes through, which the player
	// may have followed; the watcher's verdict.
	if s.assist.planFor.hold(s.Game) {
		ops := make([]model.Op, len(s.assist.plan))
		for i, st := range s.assist.plan {
			ops[i] = st.op
		}
		for i := range s.assist.plan {
			r.onLine(&s.assist.plan[i].before, ops[i:])
		}
	}
	if s.Verdict() == Lost {
		r.known[r.n].verdict = Lost
	}
	r.progress = s.display.progress
	if r.progress != nil {
		r.progress(fmt.Sprintf("review: %s to review (up to %s)... Ctrl-C stops", model.Plural(r.n, "move"), seconds(budget)))
		defer r.progress("")
	}
	if err := r.run(ctx); err != nil {
		return nil, err
	}
	if now := r.known[r.n]; now.verdict == Winnable && s.assist.planned(s.Game) == nil {
		if err := s.remember(now.line); err != nil {
			return nil, err
		}
	} else if now.verdict == Lost {
		s.assist.setVerdict(s.Game, Lost)
	}
	return r, nil
}

// reviewWords is the report of a review and its text, with the board before the move that lost
// the game when there is one to show; file is as for review. A review that shows a winning
// move is counted as a hint (help stats).
func (s *Session) reviewWords(r *reviewer, file string) (ReviewReport, string) {
	rep := r.report(s.notateAt)
	if rep.Instead != "" {
		s.noteAssist(store.HintUsed)
	}
	if s.json {
		return rep, r.reviewText(rep, nil, nil)
	}
	var board func(int) string
	if rep.Instead != "" {
		board = func(k int) string { return view.Past(r.played(k), s.Style) }
	}
	back := func(undos int, start bool) string {
		how := fmt.Sprintf("undo %d", undos)
		if start {
			how = "restart" // the first position reviewed is the deal's (or the loaded position's)
		}
		if file != "" {
			how = fmt.Sprintf("load %s, then %s,", quotedPath(file), how)
		}
		return how
	}
	return rep, r.reviewText(rep, board, back)
}

// reviewCmd answers review at the prompt and in scripts: seconds is the budget given ("review
// 60"), 0 the session's (AssistOptions.ReviewTime). At the prompt Ctrl-C stops it.
func (s *Session) reviewCmd(secs int) (Outcome, error) {
	budget := s.assist.options().ReviewTime
	if secs > 0 {
		budget = time.Duration(secs) * time.Second
	}
	ctx, stop := s.searchContext()
	defer stop()
	rep, text, err := s.review(ctx, budget, "")
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Message: text, Review: &rep}, nil
}

// ReviewOptions sets up solitaire review FILE.
type ReviewOptions struct {
	Assist   AssistOptions // the budgets --hint-time sets; Assist.MaxStates bounds each search
	Time     time.Duration // the whole review; 0: Assist's ReviewTime
	Notation string        // FreeCell's standard notation: "standard"; "": the command language
	Style    view.Style
	JSON     bool
	Progress func(msg string) // shows how the review is getting on (a terminal); "" clears it; nil: nothing
}

// reviewFile is the line of solitaire review FILE --format json.
type reviewFile struct {
	Game string `json:"game"`
	File string `json:"file"`
	ReviewReport
}

// ReviewSave reviews the game in the save file path (written by save FILE), prints the report
// on out and returns the exit status: reviewStatus's, ExitUsage for a file that is no save
// or a notation the game does not have, ExitError when the output cannot be written. The
// errors go to errOut, one line each.
func ReviewSave(ctx context.Context, path string, o ReviewOptions, out, errOut io.Writer) int {
	fail := func(code int, err error) int {
		fmt.Fprintf(errOut, "solitaire: review %s: %s\n", quotedPath(path), printable(err.Error()))
		return code
	}
	g, p, err := readReviewSave(expandHome(path))
	if err != nil {
		return fail(ExitUsage, err)
	}
	s := NewSessionAt(g, o.Style, nil)
	s.assist.takeUpLine(s.Game, p.Line) // the line a hint found, kept in the save: the review starts from it
	s.json = o.JSON
	s.Assist(o.Assist)
	if err := s.SetNotation(o.Notation); err != nil {
		return fail(ExitUsage, err)
	}
	s.display.progress = o.Progress
	budget := o.Time
	if budget <= 0 {
		budget = s.assist.options().ReviewTime
	}
	rep, text, err := s.review(ctx, budget, path)
	if err != nil {
		return fail(ExitError, err)
	}
	if o.JSON {
		var b []byte
		if b, err = json.Marshal(reviewFile{Game: g.Info.Name, File: path, ReviewReport: rep}); err == nil {
			_, err = out.Write(append(b, '\n'))
		}
	} else {
		_, err = fmt.Fprintln(out, text)
	}
	if err != nil {
		return fail(ExitError, fmt.Errorf("the output could not be written: %v", outputError(err)))
	}
	return reviewStatus(rep)
}

// readReviewSave reads a save for review: a position file, which has no moves, and any other
// file are refused with what to do instead.
func readReviewSave(path string) (*model.Game, store.Progress, error) {
	data, err := readSaveFile(path)
	if err != nil {
		return nil, store.Progress{}, err
	}
	g, p, err := store.Decode(data, parser.ParseOp)
	switch {
	case err == nil:
		return g, p, nil
	case !errors.Is(err, store.ErrNotSave):
		return nil, p, fmt.Errorf("a save that cannot be used: %v", err)
	}
	if _, perr := ReadPosition(path); perr == nil {
		return nil, p, errors.New("this is a position file, not a save: it holds no moves to review; save FILE at the prompt writes a save, and solitaire solve GAME --position FILE says whether a position can be won")
	}
	return nil, p, errors.New("this is not a solitaire save; review reads the files that save FILE writes at the prompt")
}
