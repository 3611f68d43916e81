package solve

import (
	"context"
	"slices"
	"strings"
	"testing"

	"solitaire/model"
)

// TestParsePlan reads plans in fc-solve's notation for move orders: the groups, their orders
// and the depth, and an error naming what is wrong in each malformed plan.
func TestParsePlan(t *testing.T) {
	p, err := parsePlan("0[124]ej(36)|33:01[2j]h", 7)
	if err != nil {
		t.Fatal(err)
	}
	if p.seed != 7 || p.depth != 33 || len(p.shallow) != 4 || len(p.deep) != 3 {
		t.Fatalf("parsePlan = %+v", p)
	}
	want := []group{{kinds: []uint8{kTopHome}}, {kinds: []uint8{kCellHome, kCellOn, kRunOn}, order: orderEval},
		{kinds: []uint8{kThrough}}, {kinds: []uint8{kUnderHome, kRunEmpty}, order: orderFixed}}
	for i, g := range want {
		if !slices.Equal(p.shallow[i].kinds, g.kinds) || p.shallow[i].order != g.order {
			t.Errorf("group %d = %+v, want %+v", i, p.shallow[i], g)
		}
	}
	if p.deep[2].order != orderHome || p.deep[1].order != orderFixed {
		t.Errorf("deep groups = %+v", p.deep)
	}
	if p, err := parsePlan("[01]", 0); err != nil || p.shallow[0].order != orderShuffle || p.deep != nil {
		t.Errorf("[01]: %+v, %v", p, err)
	}
	for _, tc := range []struct{ spec, err string }{
		{"05", `'5' names no kind of move`},
		{"0[12", `the group at 1 is not closed with ']'`},
		{"0()", "the group at 1 is empty"},
		{"[1x]", `'x' names no kind of move`},
		{"", "an order with no moves"},
		{"01|3", "the order past a depth is written |DEPTH:ORDER"},
		{"01|x:2", `depth "x" is not a positive number`},
		{"01|0:2", `depth "0" is not a positive number`},
		{"01|3:", "an order with no moves"},
	} {
		_, err := parsePlan(tc.spec, 0)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("parsePlan(%q) = %v, want an error with %q", tc.spec, err, tc.err)
		}
	}
	for _, spec := range []string{"0[124]ej[36]", "01[234j]e|33:016[234j]"} {
		if _, err := parsePlan(spec, 0); err != nil {
			t.Errorf("a plan the prelude uses: %v", err)
		}
	}
}

// TestPresets: the presets are named once each, the default first; a name none has is an
// error that lists them, from Solve too; and a search under another preset is another search.
func TestPresets(t *testing.T) {
	names := Presets()
	if len(names) == 0 || names[0] != "default" {
		t.Fatalf("Presets() = %v, want the default first", names)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Errorf("preset %q twice", n)
		}
		seen[n] = true
		if p, err := presetFor(Options{Preset: n}); err != nil || p.name != n {
			t.Errorf("presetFor(%q) = %v, %v", n, p, err)
		}
	}
	if p, err := presetFor(Options{}); err != nil || p != presets[0] {
		t.Errorf("presetFor(no name) = %v, %v; want the default", p, err)
	}
	g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(context.Background(), g, Options{Preset: "fastest"}); err == nil || !strings.Contains(err.Error(), `no preset "fastest"`) || !strings.Contains(err.Error(), "best-first") {
		t.Errorf("an unknown preset: %v", err)
	}
	// The default and the proving walk alone decide Klondike seed 1 alike, by other searches.
	var states [2]int
	for i, name := range []string{"default", "walk"} {
		r, err := Solve(context.Background(), g, Options{Preset: name, MaxStates: 200_000, Shorten: ShortenOff})
		if err != nil || r.Status != Solved {
			t.Fatalf("preset %s: %v, %v", name, r, err)
		}
		states[i] = r.States
	}
	if states[0] == states[1] {
		t.Errorf("the default and the walk stored %d positions each: the preset changed nothing", states[0])
	}
}

// TestPresetClone: a clone's lists are its own, so a test's variation leaves the preset alone.
func TestPresetClone(t *testing.T) {
	c := presets[0].clone()
	c.stock[0].dw++
	c.stockless = c.stockless[:1]
	c.prelude[0].quota++
	if presets[0].stock[0].dw == c.stock[0].dw || len(presets[0].stockless) == 1 || presets[0].prelude[0].quota == c.prelude[0].quota {
		t.Error("changing a clone changed the default preset")
	}
}

// TestCheckHeights: every game's deal stays within the columns the solver holds, and a
// position with a column past them is refused with an error, not searched on a table that
// would drop its places.
func TestCheckHeights(t *testing.T) {
	for _, info := range model.Games() {
		g, err := model.NewGame(model.Config{Game: info.Name, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.checkHeights(&g.State); err != nil {
			t.Errorf("%s seed 1: %v", info.Name, err)
		}
	}
	g, err := model.NewGame(model.Config{Game: "spider", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	st := g.State.Clone()
	i := c.tabs[0]
	pileUp(&st, i, cardSpace+1, slices.Concat(c.tabs[1:], []int{c.stock})...)
	if err := c.checkHeights(&st); err == nil || !strings.Contains(err.Error(), "more than the 64") {
		t.Errorf("a Spider column of 65 cards: %v, want an error", err)
	}
}

// TestHeightCap: a move that would pile a column past cardSpace cards is left out, and the
// board says so (capped), so that the search claims no proof of a loss.
func TestHeightCap(t *testing.T) {
	g, c, b := dealBoard(t, model.Config{Game: "spider", Seed: 1, Options: model.Options{"any-deal": "true"}})
	if b.capped || !b.canDraw() {
		t.Fatalf("the deal: capped %v, can draw %v", b.capped, b.canDraw())
	}
	// Pile C1 up to cardSpace cards from the stock: a deal would pass it.
	st := g.State.Clone()
	i := c.tabs[0]
	pileUp(&st, i, cardSpace, slices.Concat(c.tabs[1:], []int{c.stock})...)
	st.Piles[i].Down = len(st.Piles[i].Cards) - 1
	b.load(c, &st)
	if b.canDraw() || !b.capped {
		t.Errorf("C1 at %d cards: can draw %v, capped %v; want no draw, capped", cardSpace, b.canDraw(), b.capped)
	}
	var gi genInfo
	b.prepare(&gi)
	for from := 0; from < b.np; from++ {
		for _, m := range b.movesFrom(nil, &gi, from, 0, false) {
			if int(m.to) == i {
				t.Errorf("a move onto C1 at %d cards: %v", cardSpace, m)
			}
		}
	}
}

// pileUp moves cards onto pile i from the piles from, each in turn emptied, until i holds n.
func pileUp(st *model.State, i, n int, from ...int) {
	for _, j := range from {
		p := &st.Piles[j]
		for len(st.Piles[i].Cards) < n && len(p.Cards) > 0 {
			st.Piles[i].Cards = append(st.Piles[i].Cards, p.Cards[len(p.Cards)-1])
			p.Cards = p.Cards[:len(p.Cards)-1]
			p.Down = min(p.Down, len(p.Cards))
		}
	}
}

// TestUncap: a search starts with no board of its kit marked capped, whatever an earlier
// search left, so that a later proof is not turned into "gave up".
func TestUncap(t *testing.T) {
	k := &kit{dfs: make([]dfs, 2), best: make([]befs, 2)}
	k.s.b.capped, k.dfs[1].b.capped, k.best[0].b.capped, k.fc[3].b.capped = true, true, true, true
	if !k.capped() {
		t.Fatal("capped: false with every kind of board marked")
	}
	k.uncap()
	if k.capped() {
		t.Error("capped after uncap")
	}
}
