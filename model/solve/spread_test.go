package solve

import (
	"testing"

	"solitaire/model"
)

// TestSpreads follows winning lines of the games whose runs move in one suit and, at every
// position on them, makes each spread offered: it must take the column's runs one at a time,
// top first, onto non-empty columns, turn the card beneath or empty the column, replay through
// the engine to the very position the board reached, and be taken back whole.
func TestSpreads(t *testing.T) {
	t.Parallel()
	made := map[string]int{}
	for _, tc := range suitedLines {
		alongLine(t, tc, 3_000_000, func(ply int, g *model.Game, s *searcher, b *board) {
			c := s.c
			s.generate(b, nil, false) // prepares s.gi
			start := b.hash
			for _, m := range b.spreads(nil, &s.gi) {
				from := int(m.from)
				down, n := int(b.down[from]), int(b.n[from])
				var ops []model.Op
				var sizes []int
				mark := len(b.log)
				ok := b.playSpread(m, func(f, to, k int) {
					if f != from || b.n[to] == 0 {
						t.Fatalf("%s seed %d ply %d: spread %+v moves %d cards from pile %d to pile %d", tc.game, tc.seed, ply, m, k, f, to)
					}
					sizes = append(sizes, k)
					ops = append(ops, model.Move{From: c.def.Ref(f), To: c.def.Ref(to), N: k})
				})
				if !ok {
					// A run went home on the way, or another took a destination's top: the
					// search lets such a spread go.
					b.undoTo(mark)
					continue
				}
				made[tc.game]++
				sum := 0
				for _, k := range sizes {
					sum += k
				}
				if len(ops) != int(m.n) || sum != n-down || len(ops) < 2 {
					t.Fatalf("%s seed %d ply %d: spread %+v moved %v of the column's %d face-up cards", tc.game, tc.seed, ply, m, sizes, n-down)
				}
				if down > 0 && b.down[from] != uint8(down-1) || down == 0 && b.n[from] != 0 {
					t.Fatalf("%s seed %d ply %d: spread %+v turned no card and left the column with cards", tc.game, tc.seed, ply, m)
				}
				if h, err := replay(g, c, ops); err != nil || h != b.hash {
					t.Fatalf("%s seed %d ply %d: spread %+v told %v, which leads elsewhere (%v)", tc.game, tc.seed, ply, m, ops, err)
				}
				b.undoTo(mark)
				if b.hash != start {
					t.Fatalf("%s seed %d ply %d: spread %+v taken back leaves another position", tc.game, tc.seed, ply, m)
				}
			}
		})
	}
	for _, game := range []string{"spider", "spiderette"} {
		if made[game] < 10 {
			t.Errorf("%s: only %d spreads made: the test walks too few positions with spreads", game, made[game])
		}
	}
}
