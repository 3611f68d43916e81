package solve

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"solitaire/model"
)

// TestRelays follows winning lines of the games whose runs move in one suit and, at every
// position on them, makes each relay offered: the commands it tells must replay through the
// engine one by one to the very position the board reached, which is where the run would be
// had it moved at once; and no relay is offered for more runs than the empty columns left
// over can carry.
func TestRelays(t *testing.T) {
	t.Parallel()
	cases := []lineCase{
		{"spider", map[string]string{"suits": "1"}, 1},
		{"spider", map[string]string{"suits": "2"}, 2},
		{"spider", map[string]string{"suits": "2", "keep-runs": "true"}, 3},
		{"spider", map[string]string{"suits": "2", "runs-in-suit": "true"}, 1},
		{"spiderette", nil, 7},
		{"spiderette", nil, 5},
		{"spiderette", map[string]string{"any-deal": "true"}, 8},
		{"simplesimon", nil, 1},
		{"simplesimon", map[string]string{"runs-in-suit": "true"}, 3},
	}
	made := map[string]int{}
	for _, tc := range cases {
		alongLine(t, tc, 1_000_000, func(ply int, g *model.Game, s *searcher, b *board) {
			c := s.c
			s.generate(b, nil, false) // fills s.gi
			relays := b.relays(nil, &s.gi)
			if tc.opts["runs-in-suit"] == "true" && len(relays) > 0 {
				// A run of two cards or more goes only onto its own suit: the runs of a
				// relay could not be put back together.
				t.Fatalf("%s %v seed %d ply %d: relays offered: %+v", tc.game, tc.opts, tc.seed, ply, relays)
			}
			for _, m := range relays {
				free := s.gi.cols
				if b.n[m.to] == 0 {
					free--
				}
				if runs := runsOf(b, int(m.from), int(m.n)); runs < 2 || runs > 1<<free {
					t.Fatalf("%s seed %d ply %d: relay %+v of %d runs with %d empty columns free", tc.game, tc.seed, ply, m, runs, free)
				}
				moved := slices.Clone(b.cards[m.from][int(b.n[m.from])-int(m.n) : b.n[m.from]])
				onto := int(b.n[m.to])
				var ops []model.Op
				mark := len(b.log)
				if !b.playRelay(m, func(from, to, n int) {
					ops = append(ops, model.Move{From: c.def.Ref(from), To: c.def.Ref(to), N: n})
				}) {
					t.Fatalf("%s %v seed %d ply %d: relay %+v offered and not made", tc.game, tc.opts, tc.seed, ply, m)
				}
				made[tc.game]++
				if len(ops) < 3 {
					t.Fatalf("%s seed %d ply %d: relay %+v told only %v", tc.game, tc.seed, ply, m, ops)
				}
				// The same as the cards moved there at once.
				relayed := b.hash
				b.undoTo(mark)
				b.play(move{from: m.from, to: m.to, n: m.n}, nil)
				if b.hash != relayed || !slices.Equal(b.cards[m.to][onto:onto+len(moved)], moved) {
					t.Fatalf("%s seed %d ply %d: relay %+v does not move its run onto %s", tc.game, tc.seed, ply, m, c.def.Ref(int(m.to)))
				}
				if h, err := replay(g, c, ops); err != nil || h != b.hash {
					t.Fatalf("%s seed %d ply %d: relay %+v told %v, which leads elsewhere (%v)", tc.game, tc.seed, ply, m, ops, err)
				}
				b.undoTo(mark)
			}
		})
	}
	for _, game := range []string{"spider", "spiderette", "simplesimon"} {
		if made[game] < 20 {
			t.Errorf("%s: only %d relays made: the test walks too few positions with relays", game, made[game])
		}
	}
}

// runsOf counts the runs of one suit among the top n cards of pile i.
func runsOf(b *board, i, n int) int {
	cs := b.cards[i][int(b.n[i])-n : b.n[i]]
	runs := 1
	for k := 1; k < len(cs); k++ {
		if b.c.piles[i].runs[cs[k-1]]&(1<<cs[k]) == 0 {
			runs++
		}
	}
	return runs
}

// lineCase is a deal whose winning line a test walks.
type lineCase struct {
	game string
	opts map[string]string
	seed uint64
}

// solvedLine is a deal's search, done once for every test that walks its line.
type solvedLine struct {
	once sync.Once
	r    Result
	err  error
}

// solvedLines holds the searches alongLine has done, by deal and bound: TestJoins and
// TestSpreads walk the same lines, which take seconds to find.
var solvedLines sync.Map

// winningLine solves tc's deal within maxStates positions, or returns the search done before.
func winningLine(tc lineCase, maxStates int) (Result, error) {
	key := fmt.Sprintf("%s %v %d %d", tc.game, tc.opts, tc.seed, maxStates)
	v, _ := solvedLines.LoadOrStore(key, &solvedLine{})
	sl := v.(*solvedLine)
	sl.once.Do(func() {
		g, err := model.NewGame(model.Config{Game: tc.game, Seed: tc.seed, Options: tc.opts})
		if err != nil {
			sl.err = err
			return
		}
		sl.r, sl.err = Solve(context.Background(), g, Options{MaxStates: maxStates})
	})
	return sl.r, sl.err
}

// alongLine solves tc's deal within maxStates positions (once for all the tests that ask)
// and calls visit at every position on the winning line, with the game there and a board
// loaded from it; then holds the line to a win.
func alongLine(t testing.TB, tc lineCase, maxStates int, visit func(ply int, g *model.Game, s *searcher, b *board)) {
	t.Helper()
	r, err := winningLine(tc, maxStates)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Solved {
		t.Fatalf("%s %v seed %d: %v; the test needs a winning line", tc.game, tc.opts, tc.seed, r)
	}
	g, err := model.NewGame(model.Config{Game: tc.game, Seed: tc.seed, Options: tc.opts})
	if err != nil {
		t.Fatal(err)
	}
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s := &searcher{c: c, g: g}
	for ply, line := range r.Moves {
		var b board
		b.load(c, &g.State)
		visit(ply, g, s, &b)
		if _, err := g.Play(line); err != nil {
			t.Fatalf("%s seed %d ply %d: the line's %s: %v", tc.game, tc.seed, ply, line, err)
		}
	}
	if !g.Won() {
		t.Fatalf("%s seed %d: the line does not win", tc.game, tc.seed)
	}
}

// replay plays ops through the engine from g's position, on a copy, and returns the key of
// the board it reaches.
func replay(g *model.Game, c *compiled, ops []model.Op) (uint64, error) {
	e := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
	for _, op := range ops {
		if _, err := e.Play(op); err != nil {
			return 0, fmt.Errorf("the engine refused %s: %w", op, err)
		}
	}
	var b board
	b.load(c, &e.State)
	return b.hash, nil
}
