package solve

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"solitaire/model"
)

// checkTally is what holdCheck saw: positions the check flagged, those the search without it
// proved lost, lines won, and deals not flagged at the start.
type checkTally struct{ flagged, lost, won, fresh int }

// holdCheck holds a check that calls positions lost (stranded, jammed) to the search without
// it (blind turns the check off in a copy of the compiled game): no position along a line that
// search wins from the deal may be flagged, and of the positions random play from the deal
// (pseudo-random under salt) comes to that the check flags, probes at most, the search wins
// none.
func holdCheck(t *testing.T, cfg model.Config, probes int, salt uint64, flags func(*board) bool, blind func(*compiled)) checkTally {
	t.Helper()
	var tally checkTally
	opt := Options{MaxStates: 200_000, MaxMemory: DefaultMaxMemory, Shorten: ShortenOff}
	ctx := context.Background()
	g, c, b := dealBoard(t, cfg)
	if !flags(b) {
		tally.fresh++
	}
	off := *c
	blind(&off)
	off.exact = nil
	off.exactCopy()
	r, err := solveWith(ctx, g, opt, &off, time.Now())
	if err != nil {
		t.Fatalf("%v: %v", cfg, err)
	}
	if r.Status == Solved {
		tally.won++
		line, _ := model.NewGame(cfg)
		for n, op := range r.Moves {
			if _, err := line.Apply(op); err != nil {
				t.Fatalf("%v: the line does not replay: %v", cfg, err)
			}
			b.load(c, &line.State)
			if !line.Won() && flags(b) {
				t.Errorf("%v: the position after %d commands of a win is flagged:\n%s", cfg, n+1, positionText(line))
				break
			}
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, salt))
	at, _ := model.NewGame(cfg)
	for ply, found := 0, 0; ply < 800 && found < probes; ply++ {
		ops := at.Legal()
		if len(ops) == 0 {
			break
		}
		if _, err := at.Play(ops[rng.IntN(len(ops))]); err != nil {
			t.Fatalf("%v: a legal command is refused: %v", cfg, err)
		}
		b.load(c, &at.State)
		if at.Won() || !flags(b) {
			continue
		}
		found++
		tally.flagged++
		ply += 20 // the next probe a little further on
		probe := &model.Game{Info: at.Info, Def: at.Def, Config: at.Config, State: at.State.Clone()}
		r, err := solveWith(ctx, probe, opt, &off, time.Now())
		if err != nil {
			t.Fatalf("%v: %v", cfg, err)
		}
		switch r.Status {
		case Solved:
			t.Errorf("%v: flagged, but the search wins it:\n%s", cfg, positionText(probe))
		case Unsolvable:
			tally.lost++
		}
	}
	return tally
}

// add sums two tallies.
func (a checkTally) add(b checkTally) checkTally {
	return checkTally{a.flagged + b.flagged, a.lost + b.lost, a.won + b.won, a.fresh + b.fresh}
}
