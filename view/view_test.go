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

// spiderNearRun is a one-suit Spider position whose C1 holds a run of spades from king to two
// over five face-down cards, and C2 the ace.
func spiderNearRun(t testing.TB) *model.Game {
	g := newGame(t, model.Config{Game: "spider", Seed: 3, Options: model.Options{"suits": "1"}})
	c1, _, _ := g.Pile("C1")
	c2, _, _ := g.Pile("C2")
	c1.Cards = c1.Cards[:5]
	c1.Down = 5
	for r := model.King; r >= 2; r-- {
		c1.Cards = append(c1.Cards, model.NewCard(r, model.Spades))
	}
	c2.Cards = append(c2.Cards[:c2.Down], model.NewCard(model.Ace, model.Spades))
	return g
}

// optionSets are the variants the width tests try besides the defaults.
var optionSets = map[string][]model.Options{
	"klondike": {{"draw": "3", "passes": "3"}, {"open": "true", "passes": "1"},
		{"draw": "3", "passes": "1000", "any-card-on-empty": "true", "no-foundation-return": "true"}},
	"freecell": {{"cells": "0"}, {"cells": "2", "supermove": "relaxed"},
		{"bakers": "true", "kings-only": "true", "challenge": "true", "no-foundation-return": "true"}},
	"canfield": {{"classic": "true"}, {"classic": "true", "partial-runs": "true", "passes": "3"},
		{"manual-fill": "true", "draw": "3", "passes": "1", "no-foundation-return": "true"}},
	"algerian": {{"no-wrap": "true"}, {"final-deal": "reserves"}, {"pysol-layout": "true", "final-deal": "reserves", "no-wrap": "true"}},
	"natali":   {{"wrap": "true", "draw": "3", "passes": "2"}, {"autofill": "true", "passes": "1000"}},
	"osmosis":  {{"strict-start": "true"}, {"draw": "3", "passes": "3", "peek": "true"}, {"strict-start": "true", "peek": "true"}},
	"fifteen":  {{"no-freeze": "true"}, {"relaxed": "true"}, {"no-freeze": "true", "relaxed": "true"}},
	"lapeau": {{"alternate": "true"}, {"peau-moves": "classic", "done": "aces"},
		{"alternate": "true", "peau-moves": "classic", "done": "none"}},
	"yukon":       {{"russian": "true"}},
	"golf":        {{"wrap": "true"}},
	"tripeaks":    {{"wrap": "false"}},
	"pyramid":     {{"passes": "1"}, {"passes": "unlimited"}},
	"spider":      {{"suits": "1"}, {"suits": "2", "keep-runs": "true", "any-deal": "true", "scoring": "none"}, {"home": "cards", "runs-in-suit": "true"}},
	"spiderette":  {{"suits": "2"}, {"keep-runs": "true", "scoring": "none"}},
	"simplesimon": {{"keep-runs": "true"}, {"home": "cards", "runs-in-suit": "true"}},
	"fan":         {{"fans": "classic"}},
	"bakersgame":  {{"cells": "2"}, {"kings-only": "true", "challenge": "true"}},
}

// fifteenFrozen is a Fifteen deal played until two piles are complete and frozen.
var fifteenFrozen = []model.Op{mv("C3", "C14", 0), mv("C9", "C15", 0), mv("C13", "C3", 0), mv("C13", "C9", 0),
	mv("C11", "C14", 0), mv("C14", "C13", 0), mv("C9", "C14", 0), mv("C4", "C9", 0), mv("C6", "C4", 0),
	mv("C7", "C11", 0), mv("C6", "C14", 0), mv("C14", "C7", 0), mv("C7", "C14", 1), mv("C7", "C14", 0), mv("C4", "C7", 0)}

var cases = []struct {
	name    string
	cfg     model.Config
	setup   func(testing.TB) *model.Game // instead of cfg, when set
	ops     []model.Op
	result  *model.Result // shown instead of the last op's result, when set
	elapsed time.Duration
}{
	{name: "klondike-seed1", cfg: model.Config{Game: "klondike", Seed: 1}},
	{name: "yukon-seed3", cfg: model.Config{Game: "yukon", Seed: 3}},
	{name: "golf-seed3", cfg: model.Config{Game: "golf", Seed: 3}},
	{name: "tripeaks-seed3", cfg: model.Config{Game: "tripeaks", Seed: 3}},
	{name: "pyramid-seed3", cfg: model.Config{Game: "pyramid", Seed: 3}},
	{name: "spider-seed3", cfg: model.Config{Game: "spider", Seed: 3}},
	{name: "spiderette-seed3", cfg: model.Config{Game: "spiderette", Seed: 3}},
	{name: "fortythieves-seed3", cfg: model.Config{Game: "fortythieves", Seed: 3}},
	{name: "simplesimon-seed3", cfg: model.Config{Game: "simplesimon", Seed: 3}},
	{name: "blackhole-seed3", cfg: model.Config{Game: "blackhole", Seed: 3}},
	{name: "fan-seed3", cfg: model.Config{Game: "fan", Seed: 3}},
	{
		// The ace that completes a run of spades: the run goes home by itself.
		name:    "spider-run-home",
		setup:   spiderNearRun,
		ops:     []model.Op{mv("C2", "C1", 0)},
		elapsed: 5*time.Minute + 3*time.Second,
	},
	{
		// Pairs gone from the bottom rows, the stock's top paired, a card drawn.
		name: "pyramid-seed3-play",
		cfg:  model.Config{Game: "pyramid", Seed: 3},
		ops: join([]model.Op{mv("P23", "P28", 0), mv("P24", "P27", 0), mv("S", "P17", 0)}, draws(2),
			[]model.Op{mv("S", "P22", 0)}),
		elapsed: 31 * time.Second,
	},
	{
		// Cards gone from the bottom row, and P12 and P13 uncovered and turned up.
		name: "tripeaks-seed3-play",
		cfg:  model.Config{Game: "tripeaks", Seed: 3},
		ops: join([]model.Op{mv("P25", "W", 0), mv("P23", "W", 0)}, draws(2),
			[]model.Op{mv("P20", "W", 0), mv("P28", "W", 0), model.Draw{}, mv("P22", "W", 0), mv("P26", "W", 0), mv("P24", "W", 0)}),
		elapsed: 47 * time.Second,
	},
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
	{name: "canfield-seed3", cfg: model.Config{Game: "canfield", Seed: 3}},
	{
		name:    "canfield-classic",
		cfg:     model.Config{Game: "canfield", Seed: 3, Options: model.Options{"classic": "true"}},
		ops:     draws(2),
		elapsed: 19 * time.Second,
	},
	{name: "algerian-seed3", cfg: model.Config{Game: "algerian", Seed: 3}},
	{
		name:    "algerian-seed3-dealt",
		cfg:     model.Config{Game: "algerian", Seed: 3},
		ops:     []model.Op{mv("R1", "F", 0), mv("R5", "F", 0), mv("C1", "F", 0), mv("C6", "F", 0), model.Draw{}},
		elapsed: 2*time.Minute + 40*time.Second,
	},
	{
		name: "algerian-pysol",
		cfg:  model.Config{Game: "algerian", Seed: 3, Options: model.Options{"pysol-layout": "true", "final-deal": "reserves"}},
	},
	{name: "natali-seed3", cfg: model.Config{Game: "natali", Seed: 3}},
	{
		name:    "natali-seed3-play",
		cfg:     model.Config{Game: "natali", Seed: 3, Options: model.Options{"draw": "3", "passes": "2"}},
		ops:     join([]model.Op{mv("C4", "F", 0)}, draws(2)),
		elapsed: 51 * time.Second,
	},
	{name: "osmosis-seed3", cfg: model.Config{Game: "osmosis", Seed: 3}},
	{
		name: "osmosis-seed3-play",
		cfg:  model.Config{Game: "osmosis", Seed: 3},
		ops: join(draws(4), []model.Op{mv("W", "F1", 0)}, draws(1), []model.Op{mv("W", "F1", 0), mv("R1", "F2", 0), mv("R3", "F3", 0)},
			draws(4), []model.Op{mv("W", "F1", 0)}, draws(2), []model.Op{mv("W", "F1", 0)}),
		elapsed: 5*time.Minute + 5*time.Second,
	},
	{
		name: "osmosis-strict-peek",
		cfg:  model.Config{Game: "osmosis", Seed: 3, Options: model.Options{"strict-start": "true", "peek": "true", "draw": "3"}},
		ops:  draws(1),
	},
	{name: "fifteen-seed3", cfg: model.Config{Game: "fifteen", Seed: 3}},
	{name: "fifteen-seed3-frozen", cfg: model.Config{Game: "fifteen", Seed: 3}, ops: fifteenFrozen, elapsed: 98 * time.Second},
	{
		name: "fifteen-relaxed",
		cfg:  model.Config{Game: "fifteen", Seed: 3, Options: model.Options{"relaxed": "true", "no-freeze": "true"}},
		ops:  append([]model.Op{mv("C1", "R1", 0)}, fifteenFrozen[:12]...),
	},
	{name: "lapeau-seed3", cfg: model.Config{Game: "lapeau", Seed: 3}},
	{name: "bakersgame-deal3", cfg: model.Config{Game: "bakersgame", Deal: 3}},
	{name: "eightoff-seed3", cfg: model.Config{Game: "eightoff", Seed: 3}},
	{name: "seahaven-seed3", cfg: model.Config{Game: "seahaven", Seed: 3}},
	{name: "beleaguered-seed3", cfg: model.Config{Game: "beleaguered", Seed: 3}},
	{name: "streets-seed3", cfg: model.Config{Game: "streets", Seed: 3}},
	{
		name:    "lapeau-seed3-play",
		cfg:     model.Config{Game: "lapeau", Seed: 3, Options: model.Options{"alternate": "true", "done": "aces"}},
		ops:     []model.Op{mv("C5", "F", 0), mv("C3", "C4", 0), mv("C13", "C1", 0)},
		elapsed: 33 * time.Second,
	},
	{name: "lapeau-done-none", cfg: model.Config{Game: "lapeau", Seed: 3, Options: model.Options{"done": "none", "peau-moves": "classic"}}},
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

// propertyStyles are the styles the property tests try: those of the golden files and ASCII
// in colour.
var propertyStyles = append(styles[:len(styles):len(styles)], struct {
	name string
	s    Style
}{"ascii-color", Style{ASCII: true, Color: true}})

// checkBoard renders a board in every style and checks the invariants: at most 80 columns, no
// escape codes without colour, pure ASCII in ASCII style, and coloured output equal to the
// plain one once stripped.
func checkBoard(t *testing.T, what string, g *model.Game, elapsed time.Duration) {
	t.Helper()
	for _, st := range propertyStyles {
		out := Board(g, st.s, elapsed)
		checkText(t, what+" "+st.name, out, st.s)
		if st.s.Color {
			if plain := Board(g, Style{ASCII: st.s.ASCII}, elapsed); stripANSI(out) != plain {
				t.Fatalf("%s: coloured board differs from the plain one:\n%s\n%s", what, stripANSI(out), plain)
			}
		}
	}
}

// withTens is g with every card turned into the ten of its suit, the widest card in Unicode:
// the board at its widest for the pile sizes of the moment.
func withTens(g *model.Game) *model.Game {
	t := *g
	t.State = g.State.Clone()
	for i := range t.State.Piles {
		for k, c := range t.State.Piles[i].Cards {
			t.State.Piles[i].Cards[k] = model.NewCard(10, c.Suit())
		}
	}
	return &t
}

// pick chooses the next move of a random game, favouring draws and plays to the foundations
// so that games get far: stocks dealt out, foundations filled, piles completed.
func pick(rng *rand.Rand, legal []model.Op) model.Op {
	prefer := rng.IntN(3)
	for _, k := range rng.Perm(len(legal)) {
		switch op := legal[k].(type) {
		case model.Draw:
			if prefer == 0 {
				return op
			}
		case model.Move:
			if prefer == 1 && op.To.Kind == 'F' {
				return op
			}
		}
	}
	return legal[rng.IntN(len(legal))]
}

// TestRandomPlay renders every game of the collection, with assorted options, through random
// play, and checks the invariants of checkBoard on every board, and on every board with its
// cards made tens.
func TestRandomPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Each step costs the model up to a few ms (Apply's dead-end test): 3 deals of 80 steps
	// each, 6 of 120 with the long sweeps (SOLITAIRE_SWEEPS=1), 2 of 40 with -short.
	seeds, steps := uint64(3), 80
	switch {
	case os.Getenv("SOLITAIRE_SWEEPS") != "":
		seeds, steps = 6, 120
	case testing.Short():
		seeds, steps = 2, 40
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
				for step := 0; step < steps; step++ {
					what := fmt.Sprintf("%s %v step %d", info.Name, cfg, step)
					checkBoard(t, what, g, elapsed)
					checkBoard(t, what+" tens", withTens(g), elapsed)
					legal := g.Legal()
					if len(legal) == 0 {
						break
					}
					res, err := g.Apply(pick(rng, legal))
					if err != nil {
						t.Fatalf("%v: %v", cfg, err)
					}
					for _, st := range propertyStyles {
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
			checkBoard(t, fmt.Sprintf("%v", cfg), newGame(t, cfg), time.Duration(seed)*time.Minute)
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

// allHome is an automatic finish of 52 cards: column k to foundation k, 13 times each.
func allHome() []model.Move {
	var moves []model.Move
	for k := 0; k < 4; k++ {
		for n := 0; n < 13; n++ {
			moves = append(moves, mv(fmt.Sprintf("C%d", k+1), fmt.Sprintf("F%d", k+1), 0))
		}
	}
	return moves
}

func TestAutoWraps(t *testing.T) {
	// A long automatic finish: 52 cards must wrap, continuation lines indented.
	g := nearlyWon(t)
	moves := allHome()
	out := Result(g, model.Result{Auto: moves}, Style{}, 0)
	checkText(t, "auto", out, Style{})
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "      ") {
		t.Errorf("auto list not wrapped:\n%s", out)
	}
}

// TestPlainResult: in the Plain style (the messages of --format json) a result is one line
// for each thing it says, however long, with cards in letters and no escape code (
// item 4: JSON messages had suit symbols and were wrapped at 80 columns).
func TestPlainResult(t *testing.T) {
	g := nearlyWon(t)
	moves := allHome()
	long := strings.Repeat("a rather long remark ", 12)
	out := Result(g, model.Result{Auto: moves, Note: long, NoMoves: true}, Plain, 0)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "auto: ") || lines[1] != strings.TrimSpace(long) {
		t.Errorf("want three whole lines (auto, the note, no more moves), got:\n%s", out)
	}
	if strings.ContainsAny(out, "\x1b♠♥♦♣→") || !strings.Contains(lines[0], "->F1") {
		t.Errorf("want letters and -> only, got %q", lines[0])
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

// TestPast: the board of a past position is the board with no time in its status line (review
// shows one; the history keeps no time), in every style.
func TestPast(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "freecell", Deal: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(model.Move{From: model.PileRef{Kind: 'C', Index: 1}, To: model.PileRef{Kind: 'R', Index: 1}}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []Style{{}, {ASCII: true}, {Color: true}} {
		past, now := Past(g, s), Board(g, s, 3*time.Minute+7*time.Second)
		if want := strings.Replace(now, "  3:07", "", 1); past != want || now == want || !strings.Contains(stripANSI(past), " moves 1  ") {
			t.Errorf("Past in style %+v:\n%s\nwant\n%s", s, past, want)
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
		{"canfield", model.Config{Game: "canfield", Seed: 3, Options: model.Options{"classic": "true"}}, Style{}},
		{"algerian", model.Config{Game: "algerian", Seed: 3}, Style{}},
		{"natali-color", model.Config{Game: "natali", Seed: 3}, Style{Color: true}},
		{"osmosis", model.Config{Game: "osmosis", Seed: 3}, Style{}},
		{"osmosis-color", model.Config{Game: "osmosis", Seed: 3}, Style{Color: true}},
		{"fifteen", model.Config{Game: "fifteen", Seed: 3}, Style{}},
		{"lapeau", model.Config{Game: "lapeau", Seed: 3}, Style{}},
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

// TestGameDetails checks the game-specific parts of boards that the golden files do not show.
func TestGameDetails(t *testing.T) {
	contains := func(g *model.Game, s Style, want ...string) {
		t.Helper()
		out := Board(g, s, 0)
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s board lacks %q:\n%s", g.Info.Name, w, out)
			}
		}
	}
	apply := func(g *model.Game, ops ...model.Op) {
		t.Helper()
		for _, op := range ops {
			if _, err := g.Apply(op); err != nil {
				t.Fatalf("%s: %v", op, err)
			}
		}
	}

	// Algerian's stock: five full deals, then the final one to the columns, then nothing.
	g := newGame(t, model.Config{Game: "algerian", Seed: 3})
	apply(g, draws(5)...)
	contains(g, Style{ASCII: true}, "S[8]    deals left: final\n", "R1:", "(14)")
	apply(g, model.Draw{})
	contains(g, Style{ASCII: true}, "S[--]   deals left: none\n")

	// La Peau's policy shows whichever way it was chosen.
	g = newGame(t, model.Config{Game: "lapeau", Seed: 3})
	contains(g, Style{}, "  same suit  moves 0")
	apply(g, model.Policy{Name: "alternate"})
	out := Board(g, Style{}, 0)
	if strings.Contains(out, "same suit") || !strings.Contains(out, "La Peau seed 3  alternate  moves 0") {
		t.Errorf("policy not shown as alternate:\n%s", out)
	}

	// Classic Canfield's base rank, a ten written out in ASCII too.
	for seed := uint64(1); seed < 200; seed++ {
		g = newGame(t, model.Config{Game: "canfield", Seed: seed, Options: model.Options{"classic": "true"}})
		if g.State.Base == 10 {
			contains(g, Style{ASCII: true}, "  base: 10\n")
			break
		}
	}

	// Osmosis with strict start: an empty foundation waits for the base rank.
	g = newGame(t, model.Config{Game: "osmosis", Seed: 3, Options: model.Options{"strict-start": "true"}})
	contains(g, Style{ASCII: true}, "F2:  --  (opens with any 10)\n", "F3:  --  (opens after F2)\n")

	// Fifteen without freezing marks no pile, but counts complete ones.
	g = newGame(t, model.Config{Game: "fifteen", Seed: 3, Options: model.Options{"no-freeze": "true"}})
	apply(g, fifteenFrozen...)
	if out := Board(g, Style{}, 0); strings.Contains(out, "]*") || !strings.Contains(out, "complete 2/13") {
		t.Errorf("no-freeze board:\n%s", out)
	}
}

// tall deals a game and stacks spades on C1: down face-down cards, then a face-up run of up
// cards from the king down (any cards: the view draws what it is given).
func tall(t *testing.T, game string, down, up int) *model.Game {
	t.Helper()
	g := newGame(t, model.Config{Game: game, Seed: 3})
	c1, _, _ := g.Pile("C1")
	c1.Cards, c1.Down = nil, down
	for k := range down + up {
		c1.Cards = append(c1.Cards, model.NewCard(model.Rank(13-(k-down+13)%13), model.Spades))
	}
	return g
}

// TestTallColumnsFitTheScreen checks that a board with Style.Rows set takes no more lines than
// that, whatever the columns hold, and shows the top card of every column, the count of the
// cards left out, and what the unlimited board shows when that fits.
func TestTallColumnsFitTheScreen(t *testing.T) {
	for _, tt := range []struct {
		name      string
		g         *model.Game
		rows      int
		wantShort bool   // the board is cut short
		col       string // C1 as drawn (ASCII), top to bottom, when set
	}{
		{"Natali, 20 face-up cards in C1, 24-row screen", tall(t, "natali", 0, 20), 21, true, ""},
		{"Klondike, 6 down and 13 up, 24-row screen", tall(t, "klondike", 6, 13), 21, true,
			"## ## ## ## ## ## KS +3 9S 8S 7S 6S 5S 4S 3S 2S AS"},
		{"Klondike that fits: unchanged", tall(t, "klondike", 6, 6), 21, false, ""},
		{"FreeCell deal, no limit", newGame(t, model.Config{Game: "freecell", Deal: 1}), 0, false, ""},
		{"Natali 20 cards, no limit", tall(t, "natali", 0, 20), 0, false, ""},
		{"a tiny screen: three rows a column at least", tall(t, "natali", 0, 20), 5, true, "KS +18 7S"},
		{"all face down and tall", tall(t, "klondike", 19, 1), 21, true, "## ## ## ## ## ## ## ## ## ## ## ## ## ## ## +4 KS"},
		{"La Peau, 13 columns", tall(t, "lapeau", 0, 30), 21, true, ""},
		{"Algerian", tall(t, "algerian", 0, 40), 21, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, st := range styles {
				s := st.s
				s.Rows = tt.rows
				board := Board(tt.g, s, 0)
				full := Board(tt.g, st.s, 0)
				lines := strings.Count(board, "\n")
				if tt.rows >= 10 && lines > tt.rows {
					t.Errorf("%s: %d lines, over %d:\n%s", st.name, lines, tt.rows, board)
				}
				if short := board != full; short != tt.wantShort {
					t.Errorf("%s: cut short %v, want %v:\n%s", st.name, short, tt.wantShort, board)
				}
				mark := "…"
				if st.s.ASCII {
					mark = "+"
				}
				if tt.wantShort && !strings.Contains(stripANSI(board), mark) {
					t.Errorf("%s: no count of the cards left out:\n%s", st.name, board)
				}
				if st.s.ASCII && strings.Contains(board, "…") {
					t.Errorf("%s: a non-ASCII mark in ASCII style", st.name)
				}
				checkText(t, tt.name+" "+st.name, board, st.s)
				if tt.col != "" && st.name == "ascii" {
					if got := column(board, 0); got != tt.col {
						t.Errorf("C1 drawn as\n%s\nwant\n%s", got, tt.col)
					}
				}
			}
		})
	}
}

// column reads the k-th column of a board's tableau (from the line of labels starting "  C1"
// down to the status line), top to bottom, joined by spaces.
func column(board string, k int) string {
	lines := strings.Split(strings.TrimSuffix(board, "\n"), "\n")
	var cells []string
	in := false
	for _, l := range lines[:len(lines)-1] {
		f := strings.Fields(l)
		if !in {
			in = len(f) > 0 && f[0] == "C1"
			continue
		}
		// Each field is 3 columns wide and right-aligned at the column's pitch.
		start := 1 + k*6
		if len(l) < start+2 {
			continue
		}
		cells = append(cells, strings.TrimSpace(l[start:min(len(l), start+4)]))
	}
	return strings.Join(cells, " ")
}

// TestNarrowTerminal checks that the boards draw closer together on a terminal under 80
// columns (Style.Cols): every game but Osmosis, whose rank rows need 78 columns, fits 60.
func TestNarrowTerminal(t *testing.T) {
	for _, info := range model.Games() {
		cfgs := []model.Config{{Game: info.Name, Seed: 3}}
		if sets := optionSets[info.Name]; len(sets) > 0 {
			cfgs = append(cfgs, model.Config{Game: info.Name, Seed: 3, Options: sets[0]})
		}
		for _, cfg := range cfgs {
			g := newGame(t, cfg)
			for _, st := range styles {
				wide := Board(g, st.s, 0)
				s := st.s
				s.Cols = 80
				if Board(g, s, 0) != wide {
					t.Errorf("%v %s: Cols 80 changes the board", cfg, st.name)
				}
				s.Cols = 60
				narrow := Board(g, s, 0)
				checkText(t, fmt.Sprintf("%v %s at 60 columns", cfg, st.name), narrow, st.s)
				if w := Width(narrow); w > 60 && info.Name != "osmosis" {
					t.Errorf("%v %s: %d columns wide on a 60-column terminal:\n%s", cfg, st.name, w, narrow)
				}
				if Width(narrow) > Width(wide) {
					t.Errorf("%v %s: wider at 60 columns than at 80", cfg, st.name)
				}
			}
		}
	}
}

// reserveItem is a reserve as a pile row draws it: "R1:5H (4)"; the count may be missing or
// written otherwise, and the test then says so.
type reserveItem struct {
	text  string // the whole item: "R1:5H (4)"
	num   string // "1"
	count string // what follows the top card: " (4)", or ""
}

// reserveItems finds the reserves a board draws: R and a number at the start of a word, a
// colon, the top card up to a blank, and a count in brackets after a blank, if one follows.
func reserveItems(board string) []reserveItem {
	var out []reserveItem
	for i := 0; i < len(board); i++ {
		if board[i] != 'R' || i > 0 && isWordByte(board[i-1]) {
			continue
		}
		j := i + 1
		for j < len(board) && board[j] >= '0' && board[j] <= '9' {
			j++
		}
		if j == i+1 || j >= len(board) || board[j] != ':' {
			continue
		}
		end := j + 1
		for end < len(board) && board[end] != ' ' && board[end] != '\n' {
			end++
		}
		if end == j+1 {
			continue
		}
		item := reserveItem{num: board[i+1 : j]}
		if rest := board[end:]; strings.HasPrefix(rest, " (") {
			if k := strings.IndexByte(rest, ')'); k > 0 && !strings.Contains(rest[:k], "\n") {
				item.count = rest[:k+1]
				end += k + 1
			}
		}
		item.text = board[i:end]
		out = append(out, item)
		i = end - 1
	}
	return out
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
}

// TestReserveCounts: a reserve drawn by its top card says how many cards it holds, that card
// included, the same way in every game and both styles: "R1:2D (13)" in
// Canfield as "R1:AC (4)" in Algerian, and nothing after an empty reserve ("R3:--").
func TestReserveCounts(t *testing.T) {
	seen := map[string]bool{}
	for _, info := range model.Games() {
		for _, opts := range []model.Options{nil, {"classic": "true"}} {
			if opts != nil && info.Spec("classic") == nil {
				continue
			}
			g := newGame(t, model.Config{Game: info.Name, Seed: 3, Options: opts})
			rng := rand.New(rand.NewPCG(3, 3))
			for step := 0; step < 40; step++ {
				for _, s := range []Style{{ASCII: true}, {}} {
					for _, m := range reserveItems(Board(g, s, 0)) {
						p, _, ok := g.Pile("R" + m.num)
						if !ok {
							t.Fatalf("%s: the board draws R%s, which the game lacks", info.Name, m.num)
						}
						seen[info.Name] = true
						want := fmt.Sprintf(" (%d)", p.Len())
						if p.Empty() {
							want = ""
						}
						if m.count != want {
							t.Errorf("%s after %d moves: %q, want the count %q (R%s holds %d cards)", info.Name, step, m.text, want, m.num, p.Len())
						}
					}
				}
				legal := g.Legal()
				if len(legal) == 0 {
					break
				}
				if _, err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, game := range []string{"canfield", "algerian"} {
		if !seen[game] {
			t.Errorf("no %s reserve was drawn by its top card", game)
		}
	}
}
