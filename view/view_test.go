package view

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"solitaire/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var styles = []struct {
	name string
	s    Style
}{
	{"unicode", Style{}},
	{"ascii", Style{ASCII: true}},
	{"color", Style{Color: true}},
}

func newGame(t testing.TB, cfg model.Config) *model.Game {
	t.Helper()
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatalf("NewGame(%+v): %v", cfg, err)
	}
	return g
}

func mv(from, to string, n int) model.Move {
	ref := func(s string) model.PileRef {
		r := model.PileRef{Kind: s[0]}
		for _, ch := range s[1:] {
			r.Index = r.Index*10 + int(ch-'0')
		}
		return r
	}
	m := model.Move{From: ref(from), N: n}
	if to != "" {
		m.To = ref(to)
	}
	return m
}

func draws(n int) []model.Op {
	ops := make([]model.Op, n)
	for i := range ops {
		ops[i] = model.Draw{}
	}
	return ops
}

func join(parts ...[]model.Op) []model.Op {
	var out []model.Op
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// nearlyWon sets up a Klondike board with every card home but the four kings, one per column.
func nearlyWon(t testing.TB) *model.Game {
	g := newGame(t, model.Config{Game: "klondike", Seed: 1})
	for i := range g.State.Piles {
		g.State.Piles[i] = model.Pile{}
	}
	for k, s := range []model.Suit{model.Spades, model.Diamonds, model.Clubs, model.Hearts} {
		f, _, _ := g.Pile(fmt.Sprintf("F%d", k+1))
		for r := model.Ace; r < model.King; r++ {
			f.Cards = append(f.Cards, model.NewCard(r, s))
		}
		c, _, _ := g.Pile(fmt.Sprintf("C%d", k+1))
		c.Cards = []model.Card{model.NewCard(model.King, s)}
	}
	return g
}

// optionSets are the variants the width tests try besides the defaults.
var optionSets = map[string][]model.Options{
	"klondike": {{"draw": "3", "passes": "3"}, {"open": "true", "passes": "1"},
		{"draw": "3", "passes": "1000", "any-card-on-empty": "true", "no-foundation-return": "true"}},
	"freecell": {{"cells": "0"}, {"cells": "2", "supermove": "relaxed"},
		{"bakers": "true", "kings-only": "true", "challenge": "true", "no-foundation-return": "true"}},
}

var cases = []struct {
	name    string
	cfg     model.Config
	setup   func(testing.TB) *model.Game // instead of cfg, when set
	ops     []model.Op
	result  *model.Result // shown instead of the last op's result, when set
	elapsed time.Duration
}{
	{name: "klondike-seed1", cfg: model.Config{Game: "klondike", Seed: 1}},
	{
		name: "klondike-seed1-play",
		cfg:  model.Config{Game: "klondike", Seed: 1},
		ops: join([]model.Op{mv("C4", "F", 0), mv("C3", "C1", 0), mv("C3", "C6", 0)}, draws(3),
			[]model.Op{mv("W", "C7", 0), mv("C5", "C7", 0)}, draws(2)),
		elapsed: 83 * time.Second,
	},
	{
		name:    "klondike-seed1-draw3",
		cfg:     model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3", "passes": "3"}},
		ops:     join([]model.Op{mv("C4", "F", 0)}, draws(3)),
		elapsed: 42 * time.Second,
	},
	{
		name:    "klondike-seed1-draw3-played",
		cfg:     model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3", "passes": "3"}},
		ops:     join([]model.Op{mv("C4", "F", 0)}, draws(3), []model.Op{mv("W", "F", 0)}),
		elapsed: 61 * time.Second,
	},
	{
		name:    "klondike-seed1-recycled",
		cfg:     model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3", "passes": "3"}},
		ops:     draws(9),
		elapsed: 75 * time.Second,
	},
	{
		name:    "klondike-won",
		setup:   nearlyWon,
		ops:     []model.Op{mv("C1", "F1", 0)},
		elapsed: 4*time.Minute + 12*time.Second,
	},
	{name: "freecell-deal1", cfg: model.Config{Game: "freecell", Deal: 1}},
	{
		name: "freecell-deal1-play",
		cfg:  model.Config{Game: "freecell", Deal: 1},
		ops: []model.Op{mv("C6", "R", 0), mv("C6", "R", 0), mv("C6", "F", 0), mv("C6", "F", 0), mv("R2", "F", 0),
			mv("C7", "R", 0), mv("C7", "C6", 0), mv("C7", "R", 0), mv("C7", "F", 0), model.Auto{}},
		elapsed: 3*time.Minute + 7*time.Second,
	},
	{
		name: "freecell-2cells",
		cfg:  model.Config{Game: "freecell", Deal: 1, Options: model.Options{"cells": "2", "supermove": "relaxed"}},
		ops:  []model.Op{mv("C6", "R", 0), mv("C6", "R", 0), mv("C6", "F", 0)},
	},
	{
		name:    "freecell-0cells",
		cfg:     model.Config{Game: "freecell", Deal: 617, Options: model.Options{"cells": "0"}},
		elapsed: time.Hour + 2*time.Minute + 3*time.Second,
		result:  &model.Result{NoMoves: true, Note: "a note from the model"},
	},
}

func TestGolden(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var g *model.Game
			if tc.setup != nil {
				g = tc.setup(t)
			} else {
				g = newGame(t, tc.cfg)
			}
			var res model.Result
			for _, op := range tc.ops {
				var err error
				if res, err = g.Apply(op); err != nil {
					t.Fatalf("%s: %v", op, err)
				}
			}
			if tc.result != nil {
				res = *tc.result
			}
			var b strings.Builder
			for _, st := range styles {
				fmt.Fprintf(&b, "== %s ==\n", st.name)
				b.WriteString(Board(g, st.s, tc.elapsed))
				if out := Result(g, res, st.s, tc.elapsed); out != "" {
					b.WriteString("-- result --\n")
					b.WriteString(out)
				}
			}
			checkGolden(t, filepath.Join("testdata", tc.name+".golden"), b.String())
		})
	}
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./view -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run go test ./view -update to accept):\n--- got ---\n%s--- want ---\n%s", path, got, want)
	}
}

// checkText verifies the invariants of any rendered text in any style.
func checkText(t *testing.T, what, out string, s Style) {
	t.Helper()
	if out != "" && !strings.HasSuffix(out, "\n") {
		t.Errorf("%s: does not end in a newline:\n%s", what, out)
	}
	if !s.Color && strings.IndexByte(out, 0x1b) >= 0 {
		t.Errorf("%s: escape code without colour:\n%q", what, out)
	}
	if s.ASCII {
		for i := 0; i < len(out); i++ {
			if out[i] >= 0x80 {
				t.Errorf("%s: non-ASCII byte in ASCII style:\n%s", what, out)
				break
			}
		}
	}
	if !utf8.ValidString(out) {
		t.Errorf("%s: invalid UTF-8", what)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		plain := stripANSI(line)
		if n := utf8.RuneCountInString(plain); n > maxWidth {
			t.Errorf("%s: line of %d columns:\n%s", what, n, plain)
		}
		if strings.HasSuffix(plain, " ") {
			t.Errorf("%s: trailing space: %q", what, line)
		}
	}
}

// TestRandomPlay renders every game of the collection, with assorted options, through random
// play, and checks the invariants: at most 80 columns, no escape codes without colour, pure
// ASCII in ASCII style, and coloured output equal to the plain one once stripped.
func TestRandomPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seeds := uint64(6) // each step costs the model 0.5-30 ms (Apply's dead-end test)
	if testing.Short() {
		seeds = 2
	}
	for _, info := range model.Games() {
		sets := append([]model.Options{nil}, optionSets[info.Name]...)
		for _, opts := range sets {
			if opts["passes"] == "1000" {
				continue // too slow in the model
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				cfg := model.Config{Game: info.Name, Seed: seed * 7919, Options: opts}
				if info.Numbered && seed%2 == 0 {
					cfg.Seed, cfg.Deal = 0, int64(seed*1283)
				}
				g := newGame(t, cfg)
				elapsed := time.Duration(seed*seed*seed) * 37 * time.Second
				for step := 0; step < 40; step++ {
					for _, st := range styles {
						out := Board(g, st.s, elapsed)
						checkText(t, fmt.Sprintf("%s %v step %d %s", info.Name, cfg, step, st.name), out, st.s)
						if st.s.Color {
							if plain := Board(g, Style{}, elapsed); stripANSI(out) != plain {
								t.Fatalf("coloured board differs from the plain one:\n%s\n%s", stripANSI(out), plain)
							}
						}
					}
					legal := g.Legal()
					if len(legal) == 0 {
						break
					}
					res, err := g.Apply(legal[rng.IntN(len(legal))])
					if err != nil {
						t.Fatalf("%v: %v", cfg, err)
					}
					for _, st := range styles {
						checkText(t, "result", Result(g, res, st.s, elapsed), st.s)
					}
				}
			}
		}
	}
}

// TestManySeeds renders the opening board of many deals of every game in every style.
func TestManySeeds(t *testing.T) {
	for _, info := range model.Games() {
		sets := append([]model.Options{nil}, optionSets[info.Name]...)
		for seed := uint64(1); seed <= 400; seed++ {
			cfg := model.Config{Game: info.Name, Seed: seed * 104729, Options: sets[seed%uint64(len(sets))]}
			if info.Numbered && seed%2 == 0 {
				cfg.Seed, cfg.Deal = 0, int64(seed*79)
			}
			g := newGame(t, cfg)
			for _, st := range styles {
				checkText(t, fmt.Sprintf("%v %s", cfg, st.name), Board(g, st.s, time.Duration(seed)*time.Minute), st.s)
			}
		}
	}
}

func TestResult(t *testing.T) {
	g := newGame(t, model.Config{Game: "klondike", Seed: 1})
	if got := Result(g, model.Result{Changed: true}, Style{}, 0); got != "" {
		t.Errorf("nothing to say: got %q", got)
	}
	long := strings.Repeat("a rather long remark ", 12)
	out := Result(g, model.Result{Note: long, NoMoves: true}, Style{Color: true}, 0)
	checkText(t, "long note", out, Style{Color: true})
	if !strings.Contains(stripANSI(out), "No more moves: undo, restart or new.\n") {
		t.Errorf("no-moves notice missing:\n%s", out)
	}
	w := nearlyWon(t)
	res, err := w.Apply(mv("C1", "F1", 0))
	if err != nil {
		t.Fatal(err)
	}
	want := "auto: K♦→F2 K♣→F3 K♥→F4\nYou won in 1 move and 0:05!\n"
	if got := Result(w, res, Style{}, 5*time.Second); got != want {
		t.Errorf("won: got %q, want %q", got, want)
	}
	want = "auto: KD->F2 KC->F3 KH->F4\nYou won in 1 move and 0:05!\n"
	if got := Result(w, res, Style{ASCII: true}, 5*time.Second); got != want {
		t.Errorf("won, ASCII: got %q, want %q", got, want)
	}
}

func TestAutoWraps(t *testing.T) {
	// A long automatic finish: 52 cards must wrap, continuation lines indented.
	g := nearlyWon(t)
	var moves []model.Move
	for k := 0; k < 4; k++ {
		for n := 0; n < 13; n++ {
			moves = append(moves, mv(fmt.Sprintf("C%d", k+1), fmt.Sprintf("F%d", k+1), 0))
		}
	}
	out := Result(g, model.Result{Auto: moves}, Style{}, 0)
	checkText(t, "auto", out, Style{})
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "      ") {
		t.Errorf("auto list not wrapped:\n%s", out)
	}
}

func TestCard(t *testing.T) {
	tests := []struct {
		c    model.Card
		s    Style
		want string
	}{
		{model.NewCard(10, model.Hearts), Style{}, "10♥"},
		{model.NewCard(10, model.Hearts), Style{ASCII: true}, "TH"},
		{model.NewCard(model.Ace, model.Spades), Style{}, "A♠"},
		{model.NewCard(model.Queen, model.Diamonds), Style{Color: true}, "\x1b[31mQ♦\x1b[0m"},
		{model.NewCard(model.King, model.Clubs), Style{Color: true, ASCII: true}, "KC"},
		{0, Style{}, "??"},
	}
	for _, tt := range tests {
		if got := Card(tt.c, tt.s); got != tt.want {
			t.Errorf("Card(%v, %+v) = %q, want %q", tt.c, tt.s, got, tt.want)
		}
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00"},
		{-time.Second, "0:00"},
		{999 * time.Millisecond, "0:00"},
		{59 * time.Second, "0:59"},
		{4*time.Minute + 12*time.Second, "4:12"},
		{59*time.Minute + 59*time.Second, "59:59"},
		{time.Hour, "1:00:00"},
		{26*time.Hour + 3*time.Minute + 9*time.Second, "26:03:09"},
	}
	for _, tt := range tests {
		if got := Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestJSON(t *testing.T) {
	g := newGame(t, model.Config{Game: "freecell", Deal: 1})
	if _, err := g.Apply(mv("C6", "R", 0)); err != nil {
		t.Fatal(err)
	}
	got, err := JSON(g)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(g.Position())
	if string(got) != string(want) {
		t.Errorf("JSON = %s, want %s", got, want)
	}
	if strings.ContainsRune(string(got), '\n') {
		t.Errorf("JSON has a newline")
	}
	var pos model.Position
	if err := json.Unmarshal(got, &pos); err != nil || pos.Deal != 1 || pos.Moves != 1 {
		t.Errorf("JSON does not read back: %v %+v", err, pos)
	}
}

func TestVisibleWidth(t *testing.T) {
	for s, want := range map[string]int{"": 0, "ab": 2, "10♥": 3, "\x1b[31mQ♦\x1b[0m": 2, "\x1b[1;32mwon\x1b[0m →": 5} {
		if got := visibleWidth(s); got != want {
			t.Errorf("visibleWidth(%q) = %d, want %d", s, got, want)
		}
	}
}

func BenchmarkBoard(b *testing.B) {
	for _, bc := range []struct {
		name string
		cfg  model.Config
		s    Style
	}{
		{"klondike", model.Config{Game: "klondike", Seed: 1}, Style{}},
		{"klondike-color", model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}}, Style{Color: true}},
		{"freecell", model.Config{Game: "freecell", Deal: 1}, Style{}},
		{"freecell-color", model.Config{Game: "freecell", Deal: 1}, Style{Color: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g := newGame(b, bc.cfg)
			b.ReportAllocs()
			for b.Loop() {
				Board(g, bc.s, 95*time.Second)
			}
		})
	}
}

// syntheticGame builds a game outside the model's registry, to try the layout blocks on the
// pile sets of games still to come: a Canfield-like board (stock, waste, foundations without
// fixed suits, one reserve, four columns) and an Osmosis-like one (four reserves, four
// foundations, stock and waste).
func syntheticGame(name string, specs []model.PileSpec, deal func(deck []model.Card, ps []model.Pile)) *model.Game {
	def := &model.Def{Decks: 1, Draw: 3, Piles: specs, Deal: deal}
	g := &model.Game{
		Info:   &model.GameInfo{Name: name, Title: strings.ToUpper(name[:1]) + name[1:]},
		Def:    def,
		Config: model.Config{Game: name, Seed: 5, Options: model.Options{}},
		State:  model.State{Piles: make([]model.Pile, len(specs))},
	}
	deal(model.Shuffle(model.NewDeck(1), 5), g.State.Piles)
	return g
}

func named(prefix string, role model.Role, n int) []model.PileSpec {
	var out []model.PileSpec
	for i := 1; i <= n; i++ {
		name := prefix
		if n > 1 {
			name = fmt.Sprintf("%s%d", prefix, i)
		}
		out = append(out, model.PileSpec{Name: name, Role: role})
	}
	return out
}

func TestFutureLayouts(t *testing.T) {
	var specs []model.PileSpec
	for _, p := range [][]model.PileSpec{named("S", model.Stock, 1), named("W", model.Waste, 1),
		named("F", model.Foundation, 4), named("R", model.Reserve, 1), named("C", model.Tableau, 4)} {
		specs = append(specs, p...)
	}
	canfield := syntheticGame("canfield", specs, func(deck []model.Card, ps []model.Pile) {
		ps[6] = model.Pile{Cards: deck[:13], Down: 12}
		ps[2].Cards = deck[13:14]
		for c := 0; c < 4; c++ {
			ps[7+c].Cards = deck[14+c : 15+c]
		}
		ps[0] = model.Pile{Cards: deck[18:], Down: 34}
	})
	specs = nil
	for _, p := range [][]model.PileSpec{named("R", model.Reserve, 4), named("F", model.Foundation, 4),
		named("S", model.Stock, 1), named("W", model.Waste, 1)} {
		specs = append(specs, p...)
	}
	osmosis := syntheticGame("osmosis-test", specs, func(deck []model.Card, ps []model.Pile) {
		for r := 0; r < 4; r++ {
			ps[r] = model.Pile{Cards: deck[4*r : 4*r+4], Down: 3}
		}
		ps[4].Cards = deck[16:20]
		ps[5].Cards = deck[20:22]
		ps[8] = model.Pile{Cards: deck[22:], Down: 30}
	})
	layouts["osmosis-test"] = func(r *renderer) {
		r.pileLines(append(append([]int(nil), r.piles(model.Reserve)...), r.piles(model.Foundation)...))
		r.stockRow(nil)
	}
	defer delete(layouts, "osmosis-test")
	var b strings.Builder
	for _, g := range []*model.Game{canfield, osmosis} {
		for _, st := range styles[:2] {
			out := Board(g, st.s, 0)
			checkText(t, g.Info.Name, out, st.s)
			b.WriteString(out)
		}
	}
	checkGolden(t, filepath.Join("testdata", "future-layouts.golden"), b.String())
}
