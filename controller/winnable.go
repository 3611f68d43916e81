package controller

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/view"
)

// The budget of the search for a winnable deal. Each deal tried gets a number of positions,
// not a time, so that the same starting seed leads to the same deal on every machine: a time
// limit would skip a deal on a slow machine that a fast one proves. The time limit is only a
// cap for a machine so slow that the positions would take far longer than they should (the
// slowest game, Algerian, takes about 4 s for 200,000 positions here). Tries are bounded so
// that options under which wins are rare end in an error, not a search without end.
const (
	WinnableMaxStates = 200_000
	WinnableTimeLimit = 20 * time.Second
	WinnableMaxTries  = 50
)

// WinnableOptions is the budget of FindWinnable; zero fields take the defaults above.
type WinnableOptions struct {
	MaxStates     int
	TimeLimit     time.Duration
	MaxTries      int
	ShortenStates int // what the win found is shortened on (0: the solver's default for TimeLimit)
}

// WinnableDeal is a deal the solver proved winnable, and how it was found.
type WinnableDeal struct {
	Game      *model.Game
	Moves     []model.Op // the solver's win, from the deal
	Start     uint64     // the seed or deal number the search began at
	Skipped   int        // deals tried before this one that were not proved winnable
	MaxStates int        // the positions each deal was given
}

// ErrWinnableStopped says Ctrl-C stopped the search for a winnable deal.
var ErrWinnableStopped = errors.New("the search for a winnable deal was stopped")

// FindWinnable deals cfg (a random seed or deal number if it names none) and, if the solver
// cannot prove that deal winnable within the budget, the next seed or deal number, and so on,
// until one is proved winnable. The game returned is an ordinary deal of its seed or deal
// number: nothing in it says how it was chosen, so saves and history replay it as any other.
func FindWinnable(ctx context.Context, cfg model.Config, o WinnableOptions) (WinnableDeal, error) {
	if o.MaxStates <= 0 {
		o.MaxStates = WinnableMaxStates
	}
	if o.TimeLimit <= 0 {
		o.TimeLimit = WinnableTimeLimit
	}
	if o.MaxTries <= 0 {
		o.MaxTries = WinnableMaxTries
	}
	g, err := NewGame(cfg) // picks the random seed or deal number when none is given
	if err != nil {
		return WinnableDeal{}, err
	}
	cfg = g.Config
	first := cfg
	w := WinnableDeal{Start: dealNumber(cfg), MaxStates: o.MaxStates}
	for try := 0; try < o.MaxTries; try++ {
		if try > 0 {
			cfg = nextDeal(cfg)
			if g, err = model.NewGame(cfg); err != nil {
				return WinnableDeal{}, err
			}
		}
		r, err := solve.Solve(ctx, g, solve.Options{MaxStates: o.MaxStates, TimeLimit: o.TimeLimit, ShortenStates: o.ShortenStates})
		if err != nil {
			return WinnableDeal{}, fmt.Errorf("%s: %w", dealName(cfg), err)
		}
		if r.Status == solve.Solved {
			w.Game, w.Moves, w.Skipped = g, r.Moves, try
			return w, nil
		}
		if ctx.Err() != nil {
			return WinnableDeal{}, ErrWinnableStopped
		}
	}
	return WinnableDeal{}, fmt.Errorf("none of the %d deals from %s on was proved winnable within %s each; "+
		"wins may be rare with these options: try other options or another starting number, or deal without winnable",
		o.MaxTries, dealName(first), positions(o.MaxStates))
}

// nextDeal is the deal after cfg's: the next deal number (after the last Microsoft deal, deal 1)
// or the next seed (after the largest, seed 1; seed 0 means "random" and is never a deal).
func nextDeal(cfg model.Config) model.Config {
	if cfg.Deal != 0 {
		cfg.Deal++
		if cfg.Deal > model.MaxMSDeal {
			cfg.Deal = 1
		}
		return cfg
	}
	cfg.Seed++
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	return cfg
}

// dealNumber is the seed or deal number of a deal.
func dealNumber(cfg model.Config) uint64 {
	if cfg.Deal != 0 {
		return uint64(cfg.Deal)
	}
	return cfg.Seed
}

// dealName is "seed 42" or "deal 617".
func dealName(cfg model.Config) string {
	if cfg.Deal != 0 {
		return fmt.Sprintf("deal %d", cfg.Deal)
	}
	return fmt.Sprintf("seed %d", cfg.Seed)
}

// Note says what the search did, to be shown with the deal: which deals were skipped, so that
// a player who asked for seed 6 knows why seed 7 was dealt.
func (w WinnableDeal) Note() string {
	cfg := w.Game.Config
	kind := "seed"
	if cfg.Deal != 0 {
		kind = "deal"
	}
	switch w.Skipped {
	case 0:
		return fmt.Sprintf("winnable: the solver won %s %d", kind, w.Start)
	case 1:
		return fmt.Sprintf("winnable: %s %d; %s %d skipped (no win within %s)",
			kind, dealNumber(cfg), kind, w.Start, positions(w.MaxStates))
	}
	return fmt.Sprintf("winnable: %s %d; %ss %d-%d skipped (no win within %s each)",
		kind, dealNumber(cfg), kind, w.Start, nextDealBack(cfg), positions(w.MaxStates))
}

// nextDealBack is the number of the deal before cfg's, the last one skipped.
func nextDealBack(cfg model.Config) uint64 {
	if cfg.Deal != 0 {
		if cfg.Deal == 1 {
			return uint64(model.MaxMSDeal)
		}
		return uint64(cfg.Deal - 1)
	}
	if cfg.Seed == 1 {
		return math.MaxUint64
	}
	return cfg.Seed - 1
}

// positions is "200,000 positions", "1 position".
func positions(n int) string {
	if n == 1 {
		return "1 position"
	}
	return thousands(n) + " positions"
}

// thousands writes n with commas: 200,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// winnableDeal runs FindWinnable for new winnable=true; at the prompt Ctrl-C stops the search
// and the game in play goes on.
func (s *Session) winnableDeal(cfg model.Config) (WinnableDeal, error) {
	ctx, stop := s.searchContext()
	defer stop()
	return FindWinnable(ctx, cfg, WinnableOptions{MaxStates: s.assist.opt.MaxStates, ShortenStates: s.assist.opt.ShortenStates})
}

// parseWinnable reads the value of new's winnable=, in the words a game's true/false options take.
func parseWinnable(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "on", "1":
		return true, nil
	case "false", "no", "off", "0":
		return false, nil
	}
	return false, fmt.Errorf("winnable=%s: give winnable=true for a deal the solver has won, or winnable=false", v)
}

// newWinnable puts a winnable deal in play for new winnable=true. The solver's win is
// remembered, so that a first hint follows it at once instead of searching again; the note
// on the search (which deals were skipped) is shown below the board at the prompt.
func (s *Session) newWinnable(cfg model.Config) error {
	w, err := s.winnableDeal(cfg)
	if err != nil {
		return err
	}
	s.replace(w.Game, store.Progress{})
	// A line that did not replay would be the solver's fault, not the deal's: the deal stays,
	// and the first hint searches for itself.
	_ = s.remember(w.Moves)
	s.Notify(w.Note())
	return nil
}

// NewWinnableSession starts a session on the first deal from cfg's seed or deal number on that
// the solver wins (play GAME --winnable), with the solver's win remembered for the first hint.
func NewWinnableSession(ctx context.Context, cfg model.Config, o WinnableOptions, style view.Style, clock Clock) (*Session, WinnableDeal, error) {
	w, err := FindWinnable(ctx, cfg, o)
	if err != nil {
		return nil, w, err
	}
	s := NewSessionAt(w.Game, style, clock)
	_ = s.remember(w.Moves) // as in newWinnable: a line that does not replay only costs the first hint a search
	return s, w, nil
}

// Notify adds a message to be shown once below the board: at the prompt, under the first board.
func (s *Session) Notify(msg string) {
	if s.warning != "" {
		s.warning += "\n"
	}
	s.warning += msg
}
