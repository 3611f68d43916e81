package solve

import (
	"slices"
	"testing"

	"solitaire/model"
)

// TestJoins follows winning lines of the games whose runs move in one suit and, at every
// position on them, makes each join offered: its first command must be a sideways move
// (board.sideways), its second must lay a run on a card of its own suit that it follows, the
// two must replay through the engine to the very position the board reached, and no join is
// offered but after a sideways move.
func TestJoins(t *testing.T) {
	t.Parallel()
	made, sideways, idle := map[string]int{}, map[string]int{}, map[string]int{}
	for _, tc := range suitedLines {
		alongLine(t, tc, 3_000_000, func(ply int, g *model.Game, s *searcher, b *board) {
			c := s.c
			ms := s.generate(b, nil, false)
			start := b.hash
			offered := b.joins(nil, ms)
			// mayJoin turns sideways moves away unmade: the joins must be those that
			// making every sideways move finds.
			var every []move
			for _, m := range ms {
				if b.sideways(m) && !m.compound() && m.draws == 0 && m.card == 0 && b.n[m.to] != 0 {
					sideways[tc.game]++
					mark := len(b.log)
					b.play(m, nil)
					found := b.joinsAfter(nil, m)
					b.undoTo(mark)
					if len(found) == 0 {
						idle[tc.game]++
					}
					every = append(every, found...)
				}
			}
			if !slices.Equal(offered, every) {
				t.Fatalf("%s seed %d ply %d: joins offered %v, making every sideways move finds %v", tc.game, tc.seed, ply, offered, every)
			}
			for _, m := range offered {
				if !m.join || !b.sideways(move{from: m.from, to: m.to, n: m.n}) {
					t.Fatalf("%s seed %d ply %d: join %+v offered after no sideways move", tc.game, tc.seed, ply, m)
				}
				var ops []model.Op
				mark := len(b.log)
				home := homeCount(b)
				if !b.playJoin(m, func(from, to, n int) {
					ops = append(ops, model.Move{From: c.def.Ref(from), To: c.def.Ref(to), N: n})
				}) {
					t.Fatalf("%s %v seed %d ply %d: join %+v offered and not made", tc.game, tc.opts, tc.seed, ply, m)
				}
				made[tc.game]++
				dst, k := int(m.parkB), int(m.parkA)
				if n := int(b.n[dst]); n > k && n-k > int(b.down[dst]) {
					under, base := b.cards[dst][n-k-1], b.cards[dst][n-k]
					if b.c.piles[dst].runs[under]&(1<<base) == 0 {
						t.Fatalf("%s seed %d ply %d: join %+v lays its run on a card it does not follow in suit", tc.game, tc.seed, ply, m)
					}
				} else if homeCount(b) == home || k == 0 {
					// Unless the join made a whole run, which went home at once.
					t.Fatalf("%s seed %d ply %d: join %+v joins nothing", tc.game, tc.seed, ply, m)
				}
				if h, err := replay(g, c, ops); err != nil || len(ops) != 2 || h != b.hash {
					t.Fatalf("%s seed %d ply %d: join %+v told %v, which leads elsewhere (%v)", tc.game, tc.seed, ply, m, ops, err)
				}
				b.undoTo(mark)
				if b.hash != start {
					t.Fatalf("%s seed %d ply %d: join %+v taken back leaves another position", tc.game, tc.seed, ply, m)
				}
			}
		})
	}
	for _, game := range []string{"spider", "spiderette", "simplesimon"} {
		if made[game] < 20 {
			t.Errorf("%s: only %d joins made: the test walks too few positions with joins", game, made[game])
		}
		if idle[game]*2 < sideways[game] {
			t.Errorf("%s: of %d sideways moves, only %d make no join: the test reaches too few that mayJoin may turn away", game, sideways[game], idle[game])
		}
	}
}

// suitedLines are the winning lines TestJoins and TestSpreads follow, of the games whose runs
// move in one suit.
var suitedLines = []lineCase{
	{"spider", map[string]string{"suits": "2"}, 2},
	{"spider", map[string]string{"suits": "4"}, 3},
	{"spiderette", nil, 4},
	{"spiderette", nil, 5},
	{"spiderette", nil, 7},
	{"simplesimon", nil, 1},
}

// homeCount is the cards on the foundations.
func homeCount(b *board) int {
	n := 0
	for _, f := range b.c.found {
		n += int(b.n[f])
	}
	return n
}
