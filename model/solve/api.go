// Package solve decides patience deals: it finds a winning line of commands, proves that none
// exists, or says which limit stopped it. It compiles a game's declaration (model.Def) into a
// compact search state of its own. Every solution is replayed command by command before it is
// returned, on the solver's board under the rules the perft test holds equal to the engine's;
// the tests replay every one through the engine itself as well.
package solve

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"solitaire/model"
)

// Status is the outcome of a search: one of three, never two.
//
// What a proof rests on: positions are told apart by 64-bit keys (Zobrist hashes), and two
// positions with one key are taken for one, so a position could be left out unsearched. With n
// positions stored the chance that any two share a key is about n²/2⁶⁵: 3·10⁻⁶ at 10 million
// positions, 2.5·10⁻⁴ at the 96 million a 1 GiB table holds. Besides, the proof rests on the
// solver's game knowledge (docs/architecture.md, "The solver"), each rule of which the tests
// hold to a search without it.
type Status uint8

// The outcomes.
const (
	Solved     Status = iota // a win was found: Result.Moves replays to it
	Unsolvable               // every reachable position was searched with no limit hit: a proof, up to key collisions (below)
	GaveUp                   // a limit was hit first: Result.Limit says which
)

func (s Status) String() string {
	return [...]string{"solved", "unsolvable", "gave-up"}[s]
}

// Limit names what stopped a search that gave up.
type Limit uint8

// The limits.
const (
	NoLimit     Limit = iota
	LimitStates       // Options.MaxStates positions were stored
	LimitMemory       // the search's own tables reached Options.MaxMemory
	LimitTime         // Options.TimeLimit passed
	LimitCancel       // the context was cancelled (Ctrl-C)
	LimitHeight       // the search left out moves that would pile more cards in a column than it holds (cardSpace)
)

// String is the limit's name, as JSON output and the summary of a range count it by.
func (l Limit) String() string {
	return [...]string{"", "max-states", "memory", "time-limit", "interrupted", "column-height"}[l]
}

// Reason words the limit as the end of "gave up: ...", a sentence: "gave up: the time limit was
// reached", "gave up: interrupted". The name alone ("interrupted reached") does not read so.
func (l Limit) Reason() string {
	switch l {
	case LimitStates:
		return "the max-states limit was reached"
	case LimitMemory:
		return "the memory limit was reached"
	case LimitTime:
		return "the time limit was reached"
	case LimitCancel:
		return "interrupted"
	case LimitHeight:
		return "no loss is proved where a column would hold more than 64 cards"
	}
	return "a limit was reached"
}

// Options bound a search. Zero values take the defaults below.
type Options struct {
	MaxStates int           // positions stored before giving up (default DefaultMaxStates, or no limit but memory with a TimeLimit)
	MaxMemory int64         // bytes the search's tables may take (default DefaultMaxMemory)
	TimeLimit time.Duration // wall time before giving up; 0: no limit but MaxStates and MaxMemory
	Shorten   Shorten       // how a line found is made shorter (default ShortenFull)
	// ShortenStates bounds the positions a full shortening's first searches store, and half as
	// many again after the edits where that is 300,000 or more (0: 40,000 a second of
	// TimeLimit, else a 12th of MaxStates, within 20,000 and 400,000; never past MaxStates)
	ShortenStates int
	// NoAuto keeps auto out of a shortened line: every card goes home by a command of its own,
	// for a notation that has no auto (FreeCell's standard notation)
	NoAuto bool
	Preset string // how to search: one of Presets() ("": the default)
	Gauge  *Gauge // adds up the tables of searches that run at once (a range's jobs); nil: none

	plan   *shortenPlan // the shortening's own plan, for tests (nil: planFor's)
	preset *preset      // a preset of a test's own (nil: Preset's)
}

// The default limits.
const (
	DefaultMaxStates = 5_000_000
	DefaultMaxMemory = 1 << 30
)

// Result is what a search found.
type Result struct {
	Status  Status
	Limit   Limit      // why it gave up (GaveUp only)
	Moves   []model.Op // the commands that win from the position searched (Solved only)
	Sealed  bool       // Unsolvable with no search: two cards of a column can never part (seal.go)
	Strand  bool       // Unsolvable with no search: a card can never go home (strand.go, jam.go)
	States  int        // positions stored
	Memory  int64      // the most bytes the search's tables took, as its limit checks saw them
	Elapsed time.Duration
}

// String is a one-line summary, e.g. "solved in 87 commands (1,234 positions, 0.01 s)".
func (r Result) String() string {
	switch r.Status {
	case Solved:
		return fmt.Sprintf("solved in %d commands (%d positions, %.2f s)", len(r.Moves), r.States, r.Elapsed.Seconds())
	case Unsolvable:
		if r.Sealed {
			return fmt.Sprintf("unsolvable: no win is possible (two cards of a column can never part, %.2f s)", r.Elapsed.Seconds())
		}
		if r.Strand {
			return fmt.Sprintf("unsolvable: no win is possible (a card can never go home, %.2f s)", r.Elapsed.Seconds())
		}
		return fmt.Sprintf("unsolvable: no win is possible (%d positions searched, %.2f s)", r.States, r.Elapsed.Seconds())
	}
	return fmt.Sprintf("gave up: %s (%d positions, %.2f s)", r.Limit.Reason(), r.States, r.Elapsed.Seconds())
}

// Solve searches for a win from g's current position. It does not change g. The context
// cancels the search (the result is then GaveUp with LimitCancel). An error means the game
// has more piles than the solver holds, or a bug in the solver: the line found failed its
// replay, or the search panicked (the result is then GaveUp, with no limit).
func Solve(ctx context.Context, g *model.Game, opt Options) (r Result, err error) {
	// A bug should cost the one answer, not a range of a thousand deals or the game at the table.
	defer func() {
		if p := recover(); p != nil {
			r, err = Result{Status: GaveUp}, fmt.Errorf("internal error in the solver (please report it): %v\n%s", p, debug.Stack())
		}
	}()
	return solve(ctx, g, opt)
}
