package controller

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/parser"
	"solitaire/view"
)

// Assistance budgets: what a hint, the watcher and solve may spend on one search.
const (
	DefaultHintTime  = 250 * time.Millisecond
	DefaultWatchTime = 100 * time.Millisecond
	DefaultSolveTime = 10 * time.Second
)

// AssistOptions sets up the solver's help: hint, solve, demo and the watcher.
type AssistOptions struct {
	HintTime   time.Duration // a hint's search; 0: DefaultHintTime
	SolveTime  time.Duration // solve and demo; 0: DefaultSolveTime
	WatchTime  time.Duration // the watcher's check after each move; 0: DefaultWatchTime
	ReviewTime time.Duration // review's whole search; 0: three times SolveTime (DefaultReviewTime)
	MaxStates  int           // positions per search, 0: the solver's default (tests fix it so answers do not hang on the clock)
	// ShortenStates bounds the positions a line found is shortened on; 0: shortenStates of the
	// search's time (tests that give searches a minute fix it to a hint's).
	ShortenStates int
	Watch         bool // the watcher is on from the start (--watch)
}

// Verdict is what the solver knows of the current position.
type Verdict uint8

// The verdicts the watcher shows.
const (
	Unknown  Verdict = iota // not searched, or the search gave up
	Winnable                // a win was found from here
	Lost                    // no win is possible from here
)

func (v Verdict) String() string {
	return [...]string{"unknown", "winnable", "lost"}[v]
}

// assistant is what the solver has worked out for the session: the winning line being
// followed (so that a player who follows it gets the next hint at once), the verdicts found,
// the positions proved lost, and the watcher. A Session holds one. Its methods keep and read
// that memory for the game they are given (keepPlan, planned, savedLine, takeUpLine,
// setVerdict, verdictAt, markLost, provedLost); the Session's methods in this file (hint,
// solve, demo, watch and the searches behind them) need the game, the display and the
// session's style as well.
type assistant struct {
	opt      AssistOptions
	plan     []planStep
	planFor  rules       // the game and options the plan wins under
	planGame *model.Game // the game the plan was found in, and planAt the index of its tape where it begins
	planAt   int
	planGen  int         // counts the plans remembered, so that a save writes each once (savedLine)
	saved    *store.Line // the plan as the game's save keeps it (savedLine); savedKey says which part
	savedKey lineKey
	watch    bool
	// again is the position where the last hint found no win in time, and its budget: a hint
	// asked again there searches hintAgain times as long (hintBudget).
	again       uint64
	againBudget time.Duration
	verdict     Verdict
	known       model.State // the position the verdict is about
	knownIn     rules       // the game and options the verdict holds under
	// lost holds the positions proved lost under lostIn, by hash: a proof holds for good, so
	// the hint, solve, demo and the watcher that come back to one, and the search of the
	// history for a winnable position (undoAdvice), reuse it instead of searching again with
	// another budget, and all say the same.
	lost   map[uint64][]model.State
	lostIn rules

	// What the watcher looked at last (look): the game, its rules and position, and the verdict
	// it found there. looked is false until it looks, and again after watch on.
	looked   bool
	seenGame *model.Game
	seen     model.State
	seenIn   rules
	seenWas  Verdict
}

// display is how the solver's help shows itself while it works: the loop that reads a line (the
// prompt, a script) makes one and passes it with the line (runLineOn), which keeps it while the
// line's commands run. The zero display shows nothing, and Ctrl-C does not stop its searches.
type display struct {
	interruptible bool                         // Ctrl-C cancels a search (the prompt)
	step          func(op model.Op, o Outcome) // shows one demo move as it is played
	searching     func(msg string)             // at a terminal, says a long search has begun; nil: say nothing (scripts)
	progress      func(msg string)             // at a terminal, rewrites one line to show how a review is getting on ("" clears it); nil: nothing
	pause         func() bool                  // waits between demo moves; false: the player stopped it
}

// rules names what a line or a verdict holds under besides the cards: the game and its options,
// which alone make its declaration (model.Def). The same cards can lie under other rules: new
// freecell bakers=true on the deal being played, new klondike draw=3 on the same seed, La Peau's
// policy before the first move. A line won under one set is no line under another (a move it
// needs may be illegal there), so a position matches only under the rules it was found in.
type rules struct {
	game    string
	options model.Options
}

// rulesOf is the rules g is played under, copied: setPolicy replaces the options of a game.
func rulesOf(g *model.Game) rules {
	return rules{game: g.Config.Game, options: maps.Clone(g.Config.Options)}
}

// hold reports whether g is played under these rules.
func (r rules) hold(g *model.Game) bool {
	return r.game == g.Config.Game && maps.Equal(r.options, g.Config.Options)
}

// planStep is one command of a winning line and the position it is played from.
type planStep struct {
	before model.State
	op     model.Op
}

// Assist sets the budgets of the solver's help and turns the watcher on or off.
func (s *Session) Assist(o AssistOptions) {
	if o.HintTime <= 0 {
		o.HintTime = DefaultHintTime
	}
	if o.SolveTime <= 0 {
		o.SolveTime = max(DefaultSolveTime, 10*o.HintTime)
	}
	if o.WatchTime <= 0 {
		o.WatchTime = DefaultWatchTime
	}
	if o.ReviewTime <= 0 {
		o.ReviewTime = reviewSolves * o.SolveTime
	}
	s.assist.opt, s.assist.watch = o, o.Watch
	s.assist.verdict = Unknown
}

// options returns the assistant's options, defaults filled in for a session never set up.
func (a *assistant) options() AssistOptions {
	if a.opt.HintTime == 0 {
		s := Session{}
		s.Assist(a.opt)
		a.opt = s.assist.opt
	}
	return a.opt
}

// searchContext is the context of a search: at the prompt Ctrl-C cancels it.
func (s *Session) searchContext() (context.Context, context.CancelFunc) {
	if s.display.interruptible {
		return signal.NotifyContext(context.Background(), os.Interrupt)
	}
	return context.WithCancel(context.Background())
}

// search runs the solver on g for at most budget; at the prompt Ctrl-C stops it. A line it
// finds is shortened (solve.ShortenFull): it is a line a player is shown and may follow.
func (s *Session) search(g *model.Game, budget time.Duration) (solve.Result, error) {
	return s.searchWith(g, budget, solve.ShortenFull)
}

// searchWith is search, with the line shortened as shorten says.
func (s *Session) searchWith(g *model.Game, budget time.Duration, shorten solve.Shorten) (solve.Result, error) {
	ctx, stop := s.searchContext()
	defer stop()
	o := s.assist.options()
	states := o.ShortenStates
	if states <= 0 {
		states = shortenStates(budget)
	}
	// FreeCell's standard notation has no auto: its lines send each card home by a move.
	return solve.Solve(ctx, g, solve.Options{TimeLimit: budget, MaxStates: o.MaxStates, Shorten: shorten, ShortenStates: states, NoAuto: s.notation != ""})
}

// shortenStates is the positions a line found within budget is shortened on: 20,000 a second
// of it, and never fewer than 20,000, so that a hint answers within a tenth of a second or so
// more and solve's (10 s) has longer to make its line short. Positions, not time, so that a
// line is the same every run.
func shortenStates(budget time.Duration) int {
	return max(20_000, int(min(budget.Seconds()*20_000, 400_000)))
}

// hintAgain is how many times as long a hint searches when asked again where the last one
// found no win in time (up to solve's budget): a first hint answers quickly, and a player
// who wants more asks again.
const hintAgain = 4

// hintBudget is the budget of a hint from the current position: --hint-time, or hintAgain
// times the last hint's where that one found no win in time here, within solve's budget.
func (s *Session) hintBudget() time.Duration {
	o := s.assist.options()
	if s.assist.againBudget > 0 && s.assist.again == s.Game.State.Hash() {
		return min(max(o.HintTime, s.assist.againBudget*hintAgain), max(o.SolveTime, o.HintTime))
	}
	return o.HintTime
}

// remember keeps a winning line from the current position, with the position before each
// command, so that the player who follows it is told the next command without a search.
func (s *Session) remember(ops []model.Op) error {
	g, _ := s.Game.Back(0)
	plan, err := replayLine(g, ops)
	if err != nil {
		return fmt.Errorf("the solver's line %w", err)
	}
	s.assist.keepPlan(s.Game, plan, s.Game.MoveCount())
	s.assist.setVerdict(s.Game, Winnable)
	return nil
}

// replayLine plays a line on g (a game of its own, changed) and returns it with the position
// before each command; a line that does not replay, or does not end in a win, is an error.
func replayLine(g *model.Game, ops []model.Op) ([]planStep, error) {
	plan := make([]planStep, 0, len(ops))
	for _, op := range ops {
		plan = append(plan, planStep{before: g.State.Clone(), op: op})
		if _, err := g.Play(op); err != nil {
			return nil, fmt.Errorf("does not replay at %s: %w", op, err)
		}
	}
	if !g.Won() {
		return nil, fmt.Errorf("does not end in a win (%s)", model.Plural(len(ops), "command"))
	}
	return plan, nil
}

// keepPlan makes plan the line followed: found from the position at index at of the tape of
// the game in play.
func (a *assistant) keepPlan(g *model.Game, plan []planStep, at int) {
	a.plan, a.planFor, a.planGame, a.planAt = plan, rulesOf(g), g, at
	a.planGen++
}

// lineKey says which part of which plan a saved line holds: the plan (planGen), the tape index
// it starts at and the first command kept.
type lineKey struct{ gen, at, from int }

// savedLine is the remembered line as the game's save keeps it (help saves, "line"; once,
// a resumed game solved again and promised a win in 152 moves where the session before had
// promised 146). It starts where the plan was found when that position is still on the
// game's tape, so that undo after a resume finds the line as it would have in the session;
// else, when the position in play is on the plan, from there; else there is nothing to keep.
// The same pointer is returned while that does not change, so that the line is written once.
func (a *assistant) savedLine(g *model.Game) *store.Line {
	if len(a.plan) == 0 || !a.planFor.hold(g) {
		return nil
	}
	key := lineKey{gen: a.planGen, at: -1}
	if a.planGame == g {
		if h, ok := g.TapeHash(a.planAt); ok && h == a.plan[0].before.Hash() {
			key.at = a.planAt
		}
	}
	if key.at < 0 {
		rest := a.planned(g)
		if rest == nil {
			return nil
		}
		key.at, key.from = g.MoveCount(), len(a.plan)-len(rest)
	}
	if a.saved != nil && a.savedKey == key {
		return a.saved
	}
	line := &store.Line{At: key.at, Hash: strconv.FormatUint(a.plan[key.from].before.Hash(), 16)}
	for _, st := range a.plan[key.from:] {
		line.Moves = append(line.Moves, st.op.String())
	}
	a.saved, a.savedKey = line, key
	return line
}

// takeUpLine follows the line a save keeps with the game now in play (Progress.Line), when it
// still starts at its place of the game's tape and wins from there. A line that does not (an
// edited file, a save of another program) is dropped without a word: it is help, not the
// game, and the next hint searches again. With no line kept, the session's own plan stays, as
// it would after new on the same deal.
func (a *assistant) takeUpLine(g *model.Game, l *store.Line) {
	if l == nil {
		return
	}
	h, ok := g.TapeHash(l.At)
	if !ok || strconv.FormatUint(h, 16) != l.Hash {
		return
	}
	start, _ := g.TapeAt(l.At)
	ops := make([]model.Op, 0, len(l.Moves))
	for _, text := range l.Moves {
		cmds, err := parser.Parse(text)
		if err != nil || len(cmds) != 1 || cmds[0].Op == nil {
			return
		}
		ops = append(ops, cmds[0].Op)
	}
	plan, err := replayLine(start, ops)
	if err != nil {
		return
	}
	a.keepPlan(g, plan, l.At)
	a.saved, a.savedKey = l, lineKey{gen: a.planGen, at: l.At}
}

// planned is the rest of the remembered line from the current position, if it is on it under
// the rules the line was found in.
func (a *assistant) planned(g *model.Game) []planStep {
	if !a.planFor.hold(g) {
		return nil
	}
	for i := range a.plan {
		if a.plan[i].before.Equal(&g.State) {
			return a.plan[i:]
		}
	}
	return nil
}

// setVerdict records what is known of the current position.
func (a *assistant) setVerdict(g *model.Game, v Verdict) {
	a.verdict, a.known, a.knownIn = v, g.State.Clone(), rulesOf(g)
	if v == Lost {
		a.markLost(g)
	}
}

// maxLost bounds the positions proved lost that a session keeps; past it they are forgotten.
const maxLost = 100_000

// markLost records that g's position is proved lost.
func (a *assistant) markLost(g *model.Game) {
	if !a.lostIn.hold(g) || len(a.lost) >= maxLost {
		a.lost, a.lostIn = map[uint64][]model.State{}, rulesOf(g)
	}
	h := g.State.Hash()
	if !a.provedLost(g) {
		a.lost[h] = append(a.lost[h], g.State.Clone())
	}
}

// provedLost reports whether g's position was proved lost under its rules.
func (a *assistant) provedLost(g *model.Game) bool {
	if !a.lostIn.hold(g) {
		return false
	}
	for i := range a.lost[g.State.Hash()] {
		if a.lost[g.State.Hash()][i].Equal(&g.State) {
			return true
		}
	}
	return false
}

// Verdict is what the solver knows of the current position: Unknown unless a search (a hint,
// solve or the watcher) has decided it.
func (s *Session) Verdict() Verdict { return s.assist.verdictAt(s.Game) }

// verdictAt is what is known of g's position: a verdict found there, a remembered line
// through it, or a proof that it is lost.
func (a *assistant) verdictAt(g *model.Game) Verdict {
	switch {
	case a.verdict != Unknown && a.knownIn.hold(g) && a.known.Equal(&g.State):
		return a.verdict
	case a.planned(g) != nil:
		return Winnable
	case a.provedLost(g):
		return Lost
	}
	return Unknown
}

// decide finds out whether the current position can be won within budget: the line from here
// when it can (remembered for the next hints), else the verdict and the solver's result.
func (s *Session) decide(budget time.Duration) ([]planStep, solve.Result, error) {
	if rest := s.assist.planned(s.Game); rest != nil {
		return rest, solve.Result{Status: solve.Solved}, nil
	}
	if s.Verdict() == Lost {
		// Proved already (by the watcher, a hint, review): every answer says the same, and a
		// search with another budget could only give up where the proof was made.
		return nil, solve.Result{Status: solve.Unsolvable}, nil
	}
	g, _ := s.Game.Back(0)
	r, err := s.search(g, budget)
	if err != nil {
		return nil, r, err
	}
	switch r.Status {
	case solve.Solved:
		if err := s.remember(r.Moves); err != nil {
			return nil, r, err
		}
		return s.assist.plan, r, nil
	case solve.Unsolvable:
		s.assist.setVerdict(s.Game, Lost)
	default:
		s.assist.setVerdict(s.Game, Unknown)
	}
	return nil, r, nil
}

// judge decides whether the current position can be won within budget, for the watcher: only
// the verdict is kept. The line found is not shortened (that would take more than a watch's
// budget) and so not kept either: a hint that follows searches again, and shortens its line.
func (s *Session) judge(budget time.Duration) {
	if s.assist.planned(s.Game) != nil || s.Verdict() == Lost {
		return
	}
	g, _ := s.Game.Back(0)
	r, err := s.searchWith(g, budget, solve.ShortenOff)
	switch {
	case err != nil:
	case r.Status == solve.Solved:
		s.assist.setVerdict(s.Game, Winnable)
	case r.Status == solve.Unsolvable:
		s.assist.setVerdict(s.Game, Lost)
	default:
		s.assist.setVerdict(s.Game, Unknown)
	}
}

// hint answers the hint command from the solver: the next command of a win when one is found,
// "no win is possible" and how far to undo when the position is lost, and the heuristic's
// best new move when the search gave up.
func (s *Session) hint() (Outcome, error) {
	g := s.Game
	if g.Won() {
		return Outcome{Message: "hint: the game is won: new deals another"}, nil
	}
	s.noteAssist(store.HintUsed)
	start := time.Now()
	budget := s.hintBudget()
	s.assist.againBudget = 0
	// The board's "No more moves" leaves out some moves (foundation returns, and in Klondike
	// and Canfield draws that bring nothing into play and sideways moves: rules 1.7); the hint
	// agrees with it, and when the win needs such a move it names what is left as moves does
	// (model.DeadEndLeft), so that it never says a move moves lists is not there.
	dead := g.DeadEnd()
	line, r, err := s.decide(budget)
	if err != nil {
		return Outcome{}, err
	}
	switch {
	case line != nil:
		op := line[0].op
		why, err := s.reason(op)
		if err != nil {
			s.assist.plan = nil // a line that does not fit the position is no line to follow
			return Outcome{}, fmt.Errorf("the winning line found does not fit this position: %w", err)
		}
		msg := fmt.Sprintf("hint: %s (%s); a win in %s from here", s.notate(op), view.Words(why, s.textStyle()), model.Plural(len(line), "move"))
		if left := g.DeadEndLeft(); dead && left != "" {
			msg = "hint: no move is left but " + left + "; this one wins: " + strings.TrimPrefix(msg, "hint: ")
		}
		return Outcome{Hint: op, Message: msg}, nil
	case r.Status == solve.Unsolvable && dead:
		return Outcome{Message: "hint: no more moves; " + s.undoAdvice(budget-time.Since(start))}, nil
	case r.Status == solve.Unsolvable:
		return Outcome{Message: "hint: " + noWin + "; " + s.undoAdvice(budget-time.Since(start))}, nil
	case r.Limit == solve.LimitCancel:
		return Outcome{Message: "hint: search stopped; type hint to search again"}, nil
	}
	// No win in time: the next hint here searches longer.
	s.assist.again, s.assist.againBudget = g.State.Hash(), budget
	longer := ""
	if next := s.hintBudget(); next > budget {
		longer = fmt.Sprintf("; hint again searches %s", seconds(next))
	}
	if dead {
		return Outcome{Message: fmt.Sprintf("hint: no more moves, and no win was found within %s; undo, restart or new%s", seconds(budget), longer)}, nil
	}
	if sg, ok := s.guess(budget - time.Since(start)); ok {
		return Outcome{Hint: sg.Op, Message: fmt.Sprintf("hint: %s (%s); no win found within %s, so this is a guess%s", s.notate(sg.Op), view.Words(sg.Reason, s.textStyle()), seconds(budget), longer)}, nil
	}
	return Outcome{Message: fmt.Sprintf("hint: every move leads back to a position already seen or to a lost game, and no win was found within %s; undo, restart or new%s", seconds(budget), longer)}, nil
}

// guessChecks is how many of the heuristic's best moves a guess checks with a small search.
const guessChecks = 6

// guess is the heuristic's best move to a position not seen before in this game and not
// proved lost by a small search (the best few are checked, within what is left of budget).
func (s *Session) guess(budget time.Duration) (model.Suggestion, bool) {
	g := s.Game
	deadline := time.Now().Add(budget)
	checked := 0
	for _, sg := range g.Suggestions() {
		next, _ := g.Back(0)
		if _, err := next.Play(sg.Op); err != nil || g.Seen(&next.State) {
			continue // a move back to a position already seen would go round in circles
		}
		if checked < guessChecks && time.Until(deadline) > 0 {
			checked++
			// Only the verdict counts here: the line is not shortened.
			opt := solve.Options{MaxStates: 5000, TimeLimit: max(time.Until(deadline)/guessChecks, time.Millisecond), Shorten: solve.ShortenOff}
			if m := s.assist.options().MaxStates; m > 0 {
				opt.MaxStates = min(opt.MaxStates, m)
			}
			if r, err := solve.Solve(context.Background(), next, opt); err == nil && r.Status == solve.Unsolvable {
				continue
			}
		}
		return sg, true
	}
	return model.Suggestion{}, false
}

// reason says why a command of a winning line is played, in the words of the heuristic hint,
// without its excuse for a draw ("nothing better on the board"): on a winning line a draw is
// what the win needs, and from an empty stock it turns the waste over. A command that is not
// legal here is an error (model.Game.LineReason).
func (s *Session) reason(op model.Op) (model.Reason, error) {
	return s.Game.LineReason(op)
}

// noWin is what hint, solve, demo and the watcher say of a position the solver proved lost.
const noWin = "no win is possible from here"

// undoAdvice searches the history backwards, within budget, for the nearest position from
// which the game can still be won, and says how many undos get back to it.
func (s *Session) undoAdvice(budget time.Duration) string {
	deadline := time.Now().Add(budget)
	n := s.Game.CanUndo()
	for k := 1; k <= n; k++ {
		g, _ := s.Game.Back(k)
		if s.assist.provedLost(g) {
			continue
		}
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Sprintf("no winnable position in the last %s (the search ran out of time)", model.Plural(k-1, "move"))
		}
		r, err := s.search(g, left)
		if err != nil {
			return "the history could not be searched: " + err.Error()
		}
		switch {
		case r.Status == solve.Unsolvable:
			s.assist.markLost(g)
		case r.Status == solve.Solved:
			return fmt.Sprintf("undo %d to get back to a winnable game", k)
		case r.Status == solve.GaveUp && r.Limit == solve.LimitCancel:
			return "search stopped"
		case r.Status == solve.GaveUp:
			return fmt.Sprintf("undo %d or more may get back to a winnable game (not proved within the time)", k)
		}
	}
	return s.lostStart()
}

// lostStart says that the game cannot be won from its start: the deal's, or a position
// file's, which has no deal. Hint, solve, demo and the watcher say it alike.
func (s *Session) lostStart() string {
	if s.Game.CanUndo() == 0 || s.Game.Config.Seed != 0 || s.Game.Config.Deal != 0 {
		return "this deal cannot be won: new deals another"
	}
	return "this position cannot be won: new deals another"
}

// solveCmd answers solve (the winning line as commands) and solve play (the line played one
// command at a time, each into the history).
func (s *Session) solveCmd(play bool) (Outcome, error) {
	verb := "solve"
	if play {
		verb = "demo" // solve play and demo are one command; demo's own messages say demo
	}
	if s.Game.Won() {
		return Outcome{Message: verb + ": the game is won: new deals another"}, nil
	}
	start := time.Now()
	budget := s.assist.options().SolveTime
	if s.display.searching != nil && s.assist.planned(s.Game) == nil && s.Verdict() != Lost {
		// A search may take the whole budget with nothing on the screen: say it has begun,
		// and how to stop it. Scripts are not told, so their output stays the same each run.
		s.display.searching(fmt.Sprintf("searching for a win (up to %s)... Ctrl-C stops", seconds(budget)))
	}
	line, r, err := s.decide(budget)
	if err != nil {
		return Outcome{}, err
	}
	switch {
	case line == nil && r.Status == solve.Unsolvable:
		// The advice hint gives (once, at move 0 of a lost deal demo said "hint says how
		// far to undo", with nothing to undo).
		return Outcome{Message: verb + ": " + noWin + "; " + s.undoAdvice(budget-time.Since(start))}, nil
	case line == nil && r.Limit == solve.LimitCancel:
		return Outcome{Message: verb + ": search stopped"}, nil
	case line == nil:
		return Outcome{Message: fmt.Sprintf("%s: no win found within %s (%d positions); the game may still be winnable", verb, seconds(budget), r.States)}, nil
	}
	if !play {
		s.noteAssist(store.SolveUsed)
		var b strings.Builder
		fmt.Fprintf(&b, "solve: a win in %s from here:", model.Plural(len(line), "move"))
		for _, st := range line {
			b.WriteString("\n" + s.notateAt(&st.before, st.op))
		}
		return Outcome{Message: b.String()}, nil
	}
	return s.demo(line)
}

// demo plays a winning line, showing each command as it is played and pausing between them
// where the loop pauses (at the prompt; never in scripts).
func (s *Session) demo(line []planStep) (Outcome, error) {
	played := 0
	for _, st := range line {
		r, err := s.Game.Apply(st.op)
		if err != nil {
			return Outcome{}, fmt.Errorf("demo stopped after %s: %s: %w", model.Plural(played, "move"), st.op, err)
		}
		if played++; played == 1 {
			s.noteAssist(store.DemoUsed)
		}
		if s.display.step != nil {
			s.display.step(st.op, Outcome{Board: true, Message: strings.TrimRight(view.Result(s.Game, r, s.textStyle(), s.Elapsed()), "\n")})
		}
		if played < len(line) && s.display.pause != nil && !s.display.pause() {
			return Outcome{Board: true, Message: fmt.Sprintf("demo: stopped after %s; hint or demo goes on, undo takes moves back", model.Plural(played, "move"))}, nil
		}
	}
	msg := fmt.Sprintf("demo: played %s", model.Plural(played, "move"))
	if s.Game.Won() {
		msg += "; the game is won (a demo win is not counted as yours)"
	}
	return Outcome{Board: s.display.step == nil, Message: msg}, nil
}

// watchCmd turns the watcher on or off, or says what it knows. Turned on, it looks at the
// position at once (Do's look), and says so if it is lost.
func (s *Session) watchCmd(mode string) (Outcome, error) {
	switch mode {
	case "on":
		s.assist.watch, s.assist.looked = true, false
		return Outcome{Board: true, Message: "watch: on; after each move the status line says whether the game can still be won"}, nil
	case "off":
		s.assist.watch = false
		return Outcome{Board: true, Message: "watch: off"}, nil
	}
	state := "off (watch on turns it on)"
	if s.assist.watch {
		state = "on"
	}
	return Outcome{Message: fmt.Sprintf("watch: %s; this position: %s", state, s.Verdict())}, nil
}

// watched adds to a command's outcome what the watcher says of the position it left (look).
func (s *Session) watched(out Outcome) Outcome {
	if w := s.look(); w != "" {
		out.Watch = w
		out.Message = strings.TrimLeft(out.Message+"\n"+w, "\n")
	}
	return out
}

// look is the watcher's look at the position in play, after every command and when a game is
// taken up (play --watch, a resumed game, new, load, switch, restart): a position it has not
// looked at is decided within the watch budget, unless known already, and the status line
// shows the verdict (status). It returns what to say: when the position is lost and the one
// it looked at before was not known to be, the same words whatever the command and wherever
// it runs, the prompt or a script (once, a script said nothing, --watch another thing).
// "that move lost the game" only when the position before was winnable; at the start of a
// game, that the deal cannot be won (as hint says it); else that no win is possible from here.
func (s *Session) look() string {
	a := &s.assist
	if !a.watch || s.Game.Won() {
		return ""
	}
	same := a.looked && a.seenGame == s.Game && a.seenIn.hold(s.Game)
	if same && a.seen.Equal(&s.Game.State) {
		return ""
	}
	was := Unknown
	if same {
		was = a.seenWas
	}
	v := s.Verdict()
	if v == Unknown {
		s.judge(a.options().WatchTime)
		v = s.Verdict()
	}
	a.looked, a.seenGame, a.seen, a.seenIn, a.seenWas = true, s.Game, s.Game.State.Clone(), rulesOf(s.Game), v
	switch {
	case v != Lost || was == Lost:
		return ""
	case was == Winnable:
		return "watch: that move lost the game: undo takes it back"
	case s.Game.Moves() == 0:
		return "watch: " + s.lostStart()
	}
	return "watch: " + noWin
}

// status is what the board's status line shows of the watcher: nothing when it is off.
func (s *Session) status() string {
	if !s.assist.watch || s.Game.Won() {
		return ""
	}
	return s.Verdict().String()
}

// seconds writes a search budget the way the flags take it: "1 s", "300 ms", "2.5 s".
func seconds(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%g s", d.Round(100*time.Millisecond).Seconds())
}
