package solve

import (
	"math/rand/v2"
	"testing"

	"solitaire/model"
)

// TestDigs walks random FreeCell games and, at every position, makes each dig offered: the
// commands it tells must replay through the engine one by one to the very position the board
// reached, and a dig must never be offered where the cells cannot hold the cards above.
func TestDigs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	made := 0
	for deal := int64(1); deal <= 40; deal++ {
		g, err := model.NewGame(model.Config{Game: "freecell", Deal: deal})
		if err != nil {
			t.Fatal(err)
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		s := &searcher{c: c, g: g}
		for ply := 0; ply < 60 && !g.Won(); ply++ {
			var b board
			b.load(c, &g.State)
			s.generate(&b, nil, false) // fills s.gi
			for _, m := range b.digs(nil, &s.gi) {
				if int(m.n) > s.gi.cells {
					t.Fatalf("deal %d: a dig parks %d cards with %d cells free", deal, m.n, s.gi.cells)
				}
				var ops []model.Op
				mark := len(b.log)
				ok := b.playDig(m, func(from, to, n int) {
					ops = append(ops, model.Move{From: c.def.Ref(from), To: c.def.Ref(to), N: n})
				})
				if ok {
					made++
					e := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
					for _, op := range ops {
						if _, err := e.Play(op); err != nil {
							t.Fatalf("deal %d: dig %+v: the engine refused %s: %v", deal, m, op, err)
						}
					}
					var want board
					want.load(c, &e.State)
					if want.hash != b.hash {
						t.Fatalf("deal %d: dig %+v told %v, which leads elsewhere", deal, m, ops)
					}
				}
				b.undoTo(mark)
			}
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			if _, err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if made < 200 {
		t.Errorf("only %d digs made: the test walks too few positions with digs", made)
	}
}
