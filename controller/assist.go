package controller

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"strings"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/view"
)

// Assistance budgets: what a hint, the watcher and solve may spend on one search.
const (
	DefaultHintTime  = time.Second
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
	Watch      bool          // the watcher is on from the start (--watch)
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
// followed (so that a player who follows it gets the next hint at once) and the watcher.
type assistant struct {
	opt     AssistOptions
	plan    []planStep
	planFor rules // the game and options the plan wins under
	watch   bool
	verdict Verdict
	known   model.State // the position the verdict is about
	knownIn rules       // the game and options the verdict holds under

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
	if s.assist.interruptible {
		return signal.NotifyContext(context.Background(), os.Interrupt)
	}
	return context.WithCancel(context.Background())
}

// search runs the solver on g for at most budget; at the prompt Ctrl-C stops it.
func (s *Session) search(g *model.Game, budget time.Duration) (solve.Result, error) {
	ctx, stop := s.searchContext()
	defer stop()
	return solve.Solve(ctx, g, solve.Options{TimeLimit: budget, MaxStates: s.assist.options().MaxStates})
}

// remember keeps a winning line from the current position, with the position before each
// command, so that the player who follows it is told the next command without a search.
func (s *Session) remember(ops []model.Op) error {
	g, _ := s.Game.Back(0)
	plan := make([]planStep, 0, len(ops))
	for _, op := range ops {
		plan = append(plan, planStep{before: g.State.Clone(), op: op})
		if _, err := g.Play(op); err != nil {
			return fmt.Errorf("the solver's line does not replay at %s: %w", op, err)
		}
	}
	s.assist.plan, s.assist.planFor = plan, rulesOf(g)
	s.setVerdict(Winnable)
	return nil
}

// planned is the rest of the remembered line from the current position, if it is on it under
// the rules the line was found in.
func (s *Session) planned() []planStep {
	if !s.assist.planFor.hold(s.Game) {
		return nil
	}
	for i := range s.assist.plan {
		if s.assist.plan[i].before.Equal(&s.Game.State) {
			return s.assist.plan[i:]
		}
	}
	return nil
}

// setVerdict records what is known of the current position.
func (s *Session) setVerdict(v Verdict) {
	s.assist.verdict, s.assist.known, s.assist.knownIn = v, s.Game.State.Clone(), rulesOf(s.Game)
}

// Verdict is what the solver knows of the current position: Unknown unless a search (a hint,
// solve or the watcher) has decided it.
func (s *Session) Verdict() Verdict {
	if s.assist.verdict == Unknown || !s.assist.knownIn.hold(s.Game) || !s.assist.known.Equal(&s.Game.State) {
		if s.planned() != nil {
			return Winnable
		}
		return Unknown
	}
	return s.assist.verdict
}

// decide finds out whether the current position can be won within budget: the line from here
// when it can (remembered for the next hints), else the verdict and the solver's result.
func (s *Session) decide(budget time.Duration) ([]planStep, solve.Result, error) {
	if rest := s.planned(); rest != nil {
		return rest, solve.Result{Status: solve.Solved}, nil
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
		s.setVerdict(Lost)
	default:
		s.setVerdict(Unknown)
	}
	return nil, r, nil
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
	budget := s.assist.options().HintTime
	// The board's "No more moves" leaves out cards taken back from the foundations (rules
	// 1.7); the hint agrees with it, and names such a move when the win needs one.
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
		msg := fmt.Sprintf("hint: %s (%s); a win in %s from here", s.notate(op), why, model.Plural(len(line), "move"))
		if dead {
			msg = "hint: no move is left but taking cards back from the foundations, and that wins: " + strings.TrimPrefix(msg, "hint: ")
		}
		return Outcome{Hint: op, Message: msg}, nil
	case r.Status == solve.Unsolvable && dead:
		return Outcome{Message: "hint: no more moves; " + s.undoAdvice(budget-time.Since(start))}, nil
	case r.Status == solve.Unsolvable:
		return Outcome{Message: "hint: no win is possible from here; " + s.undoAdvice(budget-time.Since(start))}, nil
	case r.Limit == solve.LimitCancel:
		return Outcome{Message: "hint: search stopped; type hint to search again"}, nil
	case dead:
		return Outcome{Message: fmt.Sprintf("hint: no more moves, and no win was found within %s; undo, restart or new", seconds(budget))}, nil
	}
	if sg, ok := s.guess(budget - time.Since(start)); ok {
		return Outcome{Hint: sg.Op, Message: fmt.Sprintf("hint: %s (%s); no win found within %s, so this is a guess", s.notate(sg.Op), sg.Reason, seconds(budget))}, nil
	}
	return Outcome{Message: fmt.Sprintf("hint: every move leads back to a position already seen or to a lost game, and no win was found within %s; undo, restart or new", seconds(budget))}, nil
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
// what the win needs. A command that is not legal here is an error (model.Game.Reason).
func (s *Session) reason(op model.Op) (string, error) {
	if _, ok := op.(model.Draw); ok {
		return "the win needs the next stock card", nil
	}
	return s.Game.Reason(op)
}

// undoAdvice searches the history backwards, within budget, for the nearest position from
// which the game can still be won, and says how many undos get back to it.
func (s *Session) undoAdvice(budget time.Duration) string {
	deadline := time.Now().Add(budget)
	n := s.Game.CanUndo()
	for k := 1; k <= n; k++ {
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Sprintf("no winnable position in the last %s (the search ran out of time)", model.Plural(k-1, "move"))
		}
		g, _ := s.Game.Back(k)
		r, err := s.search(g, left)
		if err != nil {
			return "the history could not be searched: " + err.Error()
		}
		switch {
		case r.Status == solve.Solved:
			return fmt.Sprintf("undo %d to get back to a winnable game", k)
		case r.Status == solve.GaveUp && r.Limit == solve.LimitCancel:
			return "search stopped"
		case r.Status == solve.GaveUp:
			return fmt.Sprintf("undo %d or more may get back to a winnable game (not proved within the time)", k)
		}
	}
	if n == 0 || s.Game.Config.Seed != 0 || s.Game.Config.Deal != 0 {
		return "this deal cannot be won: new deals another"
	}
	return "this position cannot be won: new deals another"
}

// solveCmd answers solve (the winning line as commands) and solve play (the line played one
// command at a time, each into the history).
func (s *Session) solveCmd(play bool) (Outcome, error) {
	if s.Game.Won() {
		return Outcome{Message: "solve: the game is won: new deals another"}, nil
	}
	budget := s.assist.options().SolveTime
	if s.assist.searching != nil && s.planned() == nil {
		// A search may take the whole budget with nothing on the screen: say it has begun,
		// and how to stop it. Scripts are not told, so their output stays the same each run.
		s.assist.searching(fmt.Sprintf("searching for a win (up to %s)... Ctrl-C stops", seconds(budget)))
	}
	line, r, err := s.decide(budget)
	if err != nil {
		return Outcome{}, err
	}
	switch {
	case line == nil && r.Status == solve.Unsolvable:
		return Outcome{Message: "solve: no win is possible from here; hint says how far to undo"}, nil
	case line == nil && r.Limit == solve.LimitCancel:
		return Outcome{Message: "solve: search stopped"}, nil
	case line == nil:
		return Outcome{Message: fmt.Sprintf("solve: no win found within %s (%d positions); the game may still be winnable", seconds(budget), r.States)}, nil
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
		if s.assist.step != nil {
			s.assist.step(st.op, Outcome{Board: true, Message: strings.TrimRight(view.Result(s.Game, r, s.textStyle(), s.Elapsed()), "\n")})
		}
		if played < len(line) && s.assist.pause != nil && !s.assist.pause() {
			return Outcome{Board: true, Message: fmt.Sprintf("demo: stopped after %s; hint or demo goes on, undo takes moves back", model.Plural(played, "move"))}, nil
		}
	}
	msg := fmt.Sprintf("demo: played %s", model.Plural(played, "move"))
	if s.Game.Won() {
		msg += "; the game is won (a demo win is not counted as yours)"
	}
	return Outcome{Board: s.assist.step == nil, Message: msg}, nil
}

// watchCmd turns the watcher on or off, or says what it knows.
func (s *Session) watchCmd(mode string) (Outcome, error) {
	switch mode {
	case "on":
		s.assist.watch = true
		s.check(Unknown)
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

// check is the watcher's look at the position after a move (before: what was known of the
// position the move was made from): it reports a move that lost the game.
func (s *Session) check(before Verdict) string {
	if !s.assist.watch || s.Game.Won() {
		return ""
	}
	if s.Verdict() != Unknown {
		return ""
	}
	_, r, err := s.decide(s.assist.options().WatchTime)
	if err != nil || r.Status != solve.Unsolvable {
		return ""
	}
	if before == Winnable {
		return "watch: that move lost the game: undo takes it back"
	}
	return "watch: no win is possible from here"
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
