package solve

import (
	"context"
	"testing"

	"solitaire/model"
)

// solveAt solves the deal n of game and options under opt (engineCheck replays the line).
func solveAt(t *testing.T, game, opts string, n int, opt Options) (*model.Game, Result) {
	t.Helper()
	g, err := model.NewGame(dealConfig(game, opts, n))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), g, opt)
	if err != nil {
		t.Fatalf("%s %s %d: %v", game, opts, n, err)
	}
	return g, r
}

// draws counts the draws of a line.
func draws(ops []model.Op) int {
	n := 0
	for _, op := range ops {
		if _, ok := op.(model.Draw); ok {
			n++
		}
	}
	return n
}

// TestShortenLevels solves deals of every game with each level of shortening: every line
// replays through the engine to a win (engineCheck), no level's line is longer than the line
// as found, and across the deals the full shortening saves commands and draws. The deals are
// ones whose lines as found are long (Klondike goes round its stock again and again).
func TestShortenLevels(t *testing.T) {
	cases := []struct {
		game, opts string
		deals      []int
	}{
		{"klondike", "", []int{1, 2}},
		{"klondike", "draw=3", []int{1}},
		{"canfield", "", []int{1}},
		{"canfield", "classic", []int{2}},
		{"natali", "", []int{2}},
		{"osmosis", "", []int{2}},
		{"algerian", "", []int{2}},
		{"freecell", "", []int{1, 2}},
		{"fifteen", "", []int{1}},
		{"lapeau", "alternate", []int{1}},
	}
	for _, tc := range cases {
		t.Run(perftSet{tc.game, tc.opts}.name(), func(t *testing.T) {
			t.Parallel()
			for _, n := range tc.deals {
				var lens [3]int
				for _, level := range []Shorten{ShortenOff, ShortenEdits, ShortenFull} {
					_, r := solveAt(t, tc.game, tc.opts, n, Options{MaxStates: 500_000, Shorten: level})
					if r.Status != Solved {
						t.Fatalf("deal %d, %v: %v, want solved", n, level, r)
					}
					lens[level] = len(r.Moves)
				}
				t.Logf("deal %d: off %d, edits %d, full %d commands", n, lens[ShortenOff], lens[ShortenEdits], lens[ShortenFull])
				if lens[ShortenEdits] > lens[ShortenOff] || lens[ShortenFull] > lens[ShortenOff] {
					t.Errorf("deal %d: a shortened line is longer than the line as found: off %d, edits %d, full %d",
						n, lens[ShortenOff], lens[ShortenEdits], lens[ShortenFull])
				}
			}
		})
	}
}

// TestShortenSaves pins what the shortening is for, on deals where it shows: Klondike seed 1's
// line as found goes round the stock five times (115 draws in 173 commands), Natali seed 4's
// moves runs back and forth for thousands of commands. The shortened lines must be much
// shorter, with far fewer draws.
func TestShortenSaves(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game string
		n    int
		most int // commands, at most, after a full shortening
	}{
		{"klondike", 1, 110},
		{"natali", 4, 600},
	} {
		_, off := solveAt(t, tc.game, "", tc.n, Options{Shorten: ShortenOff})
		// On a quarter of the shortening a solve gets by default (400,000): enough to show it.
		_, full := solveAt(t, tc.game, "", tc.n, Options{ShortenStates: 100_000})
		t.Logf("%s %d: as found %d commands (%d draws), shortened %d (%d draws)", tc.game, tc.n,
			len(off.Moves), draws(off.Moves), len(full.Moves), draws(full.Moves))
		if len(full.Moves) > tc.most || 2*draws(full.Moves) > draws(off.Moves) {
			t.Errorf("%s %d: shortened to %d commands (%d draws), from %d (%d draws); want at most %d commands and half the draws",
				tc.game, tc.n, len(full.Moves), draws(full.Moves), len(off.Moves), draws(off.Moves), tc.most)
		}
	}
}

// lineOf returns the line of commands ops as moves on the solver's board of g.
func lineOf(t *testing.T, s *searcher, ops []model.Op) []move {
	t.Helper()
	b := &s.b
	b.load(s.c, &s.g.State)
	var steps []move
	for _, op := range ops {
		var m move
		switch op := op.(type) {
		case model.Draw:
			m = move{from: noPile, to: noPile}
		case model.Move:
			from, to := pileNamed(s.c, op.From.String()), pileNamed(s.c, op.To.String())
			n := op.N
			if n == 0 {
				for l := b.takeable(from); l >= 1; l-- {
					if b.canMove(from, to, l) {
						n = l
						break
					}
				}
			}
			m = move{from: uint8(from), to: uint8(to), n: uint8(n)}
		default:
			t.Fatalf("%v is no command of a line", op)
		}
		b.applyAtomic(m)
		b.log = b.log[:0]
		steps = append(steps, m)
	}
	return steps
}

// pileNamed is the index of the pile named name.
func pileNamed(c *compiled, name string) int {
	for i := range c.piles {
		if c.piles[i].name == name {
			return i
		}
	}
	return -1
}

// searcherFor is a searcher on g's position, as Solve makes one.
func searcherFor(t *testing.T, g *model.Game) *searcher {
	t.Helper()
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	k := new(kit)
	k.s = searcher{c: c, g: g, opt: Options{MaxStates: 1 << 30, MaxMemory: DefaultMaxMemory}, ctx: context.Background(), kept: k}
	return &k.s
}

// TestSimplifyEdits hands the simplifier a winning line with waste put in it, each kind of
// waste it takes out: a move and the move that takes it back, a card moved twice where once
// would do, a trip round the stock that plays nothing. The line it returns must be shorter than
// the line without the waste, or as short, and win when the engine replays it.
func TestSimplifyEdits(t *testing.T) {
	t.Parallel()
	g, r := solveAt(t, "klondike", "", 2, Options{NoAuto: true})
	s := searcherFor(t, g)
	line := lineOf(t, s, r.Moves)
	// A move of a waste card onto a column and back is not legal (nothing goes on the waste);
	// a foundation card to a column and back is, where it fits: find one along the line.
	b := &s.b
	b.load(s.c, &g.State)
	tried := 0
	for i, m := range line {
		for _, back := range b.atomic(nil) {
			if back.isDraw() || s.c.piles[back.from].role != model.Foundation {
				continue
			}
			// back, then the move that undoes it, put before command i.
			undo := move{from: back.to, to: back.from, n: 1}
			waste := append(append(append([]move(nil), line[:i]...), back, undo), line[i:]...)
			got := s.simplify(waste, new(int), 1_000_000)
			if len(got) > len(line) {
				t.Errorf("at %d, %v then %v: simplified to %d commands, longer than the %d without them", i, back, undo, len(got), len(line))
			}
			checkWins(t, s, got)
			tried++
			break
		}
		if tried > 0 {
			break
		}
		b.applyAtomic(m)
		b.log = b.log[:0]
	}
	if tried == 0 {
		t.Fatal("no foundation card could go back onto a column along the line: the test checks nothing")
	}
	// A trip round the stock that plays nothing: draws until the stock and waste are as
	// they were (a pass, and the turn of the waste), before the first command.
	cycle := len(g.State.Piles[s.c.stock].Cards) + 1
	var trip []move
	for range cycle {
		trip = append(trip, move{from: noPile, to: noPile})
	}
	got := s.simplify(append(trip, line...), new(int), 1_000_000)
	if len(got) > len(line) {
		t.Errorf("a trip round the stock first: simplified to %d commands, longer than the %d without it", len(got), len(line))
	}
	checkWins(t, s, got)
	if got := s.shortcuts(append(trip, line...), 0, nil, 0); len(got) > len(line) {
		t.Errorf("a trip round the stock first: the loops cut leave %d commands, more than the %d without it", len(got), len(line))
	}
}

// checkWins replays a line of the solver's commands through the engine.
func checkWins(t *testing.T, s *searcher, steps []move) {
	t.Helper()
	g, _ := s.g.Back(0)
	for i, m := range steps {
		op := engineOp(s, m)
		if g.Won() {
			t.Fatalf("the game is won before command %d of %d", i+1, len(steps))
		}
		if _, err := g.Apply(op); err != nil {
			t.Fatalf("command %d of %d, %s: %v", i+1, len(steps), op, err)
		}
	}
	if !g.Won() {
		t.Fatalf("the line of %d commands does not win", len(steps))
	}
}

// TestCommandsLeftBound holds commandsLeft to what it claims: along winning lines of every
// game and option set (perft's), at no position does it count more commands than the line still
// takes. The lines are the shortened ones, whose searches it prunes, and the ones as found.
func TestCommandsLeftBound(t *testing.T) {
	t.Parallel()
	checked, most := 0, 5_000
	sets := perftSets
	if !sweeps() {
		// Every fourth option set: each game at least once.
		sets, most = nil, 1_000
		for i := 0; i < len(perftSets); i += 4 {
			sets = append(sets, perftSets[i])
		}
	}
	for _, set := range sets {
		for n := 1; n <= 1; n++ {
			for _, level := range []Shorten{ShortenOff, ShortenFull} {
				g, r := solveAt(t, set.game, set.opts, n, Options{MaxStates: most * 10, Shorten: level, NoAuto: true})
				if r.Status != Solved {
					continue
				}
				s := searcherFor(t, g)
				c := s.c.exactCopy()
				line := lineOf(t, s, r.Moves)
				b := &s.b
				b.load(c, &g.State)
				for i, m := range line {
					if left := b.commandsLeft(); left > len(line)-i {
						t.Errorf("%s %d (%v): after %d commands it counts %d left, the line takes %d", set.name(), n, level, i, left, len(line)-i)
						break
					}
					b.applyAtomic(m)
					b.log = b.log[:0]
					checked++
				}
			}
		}
	}
	if checked < most {
		t.Errorf("only %d positions checked", checked)
	}
}

// TestExactKey: where a cyclic stock's place is left out of the search's key, the exact key
// tells the places apart, and draws all the way round come back to the same exact key.
func TestExactKey(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := searcherFor(t, g)
	if !s.c.cyclic {
		t.Fatal("Klondike draw 1 is not cyclic: the test checks nothing")
	}
	b := &s.b
	b.load(s.c, &g.State)
	hash, exact := b.hash, b.exactKey()
	b.draw()
	if b.hash != hash || b.exactKey() == exact {
		t.Errorf("after a draw: the key changed (%v) or the exact key did not (%v)", b.hash != hash, b.exactKey() == exact)
	}
	for b.n[s.c.waste] > 0 || b.n[s.c.stock] != uint8(len(g.State.Piles[s.c.stock].Cards)) {
		b.draw()
	}
	if b.exactKey() != exact {
		t.Error("round the stock and back: the exact key differs")
	}
}

// TestParseShorten reads every level back by its name, and refuses another.
func TestParseShorten(t *testing.T) {
	for l := ShortenFull; l <= ShortenOff; l++ {
		if got, ok := ParseShorten(l.String()); !ok || got != l {
			t.Errorf("ParseShorten(%q) = %v, %v", l.String(), got, ok)
		}
	}
	if _, ok := ParseShorten("fast"); ok {
		t.Error("ParseShorten took fast")
	}
}

// TestSimplifyWaits hands the simplifier winning lines in which a card about to go home is
// first parked on another pile, at a time when it cannot go home yet and nothing else moves
// on or off either pile until it goes: the edit that plays its two moves as one, later
// (mergeLater), must take the parking out. No other edit can: without the parking the card's
// move home comes from the wrong pile, and home is not ready when it is parked.
func TestSimplifyWaits(t *testing.T) {
	tried := 0
	for _, game := range []string{"freecell", "algerian", "klondike"} {
		g, r := solveAt(t, game, "", 2, Options{ShortenStates: 20_000, NoAuto: true})
		s := searcherFor(t, g)
		line := lineOf(t, s, r.Moves)
		b := &s.b
		touches := func(m move, p uint8) bool { return !m.isDraw() && (m.from == p || m.to == p) }
		// boardAt is the board before command k of line.
		boardAt := func(k int) {
			b.load(s.c, &g.State)
			for _, m := range line[:k] {
				b.applyAtomic(m)
				b.log = b.log[:0]
			}
		}
		found := 0
		for j := len(line) - 1; j > 0 && found < 2; j-- {
			home := line[j]
			if home.isDraw() || s.c.piles[home.to].role != model.Foundation || s.c.piles[home.from].role != model.Tableau {
				continue
			}
			for k := j - 1; k >= 0 && !touches(line[k], home.from); k-- {
				boardAt(k)
				var park *move
				ready := false
				for _, m := range b.atomic(nil) {
					if m.isDraw() || m.from != home.from || m.n != 1 {
						continue
					}
					ready = ready || m.to == home.to
					if role := s.c.piles[m.to].role; park == nil && (role == model.Tableau || role == model.Cell) {
						untouched := true
						for _, x := range line[k:j] {
							untouched = untouched && !touches(x, m.to)
						}
						if untouched {
							park = &m
						}
					}
				}
				if park == nil || ready {
					continue // home is ready here: the merge at the parking's place would do
				}
				waste := append([]move(nil), line[:k]...)
				waste = append(waste, *park)
				waste = append(waste, line[k:j]...)
				waste = append(waste, move{from: park.to, to: home.to, n: 1})
				waste = append(waste, line[j+1:]...)
				if !engineWins(s, waste) {
					continue // the parked card went home by itself, or the parking blocked a play
				}
				got := s.simplify(waste, new(int), 1_000_000)
				if len(got) > len(line) {
					t.Errorf("%s: %v parked before command %d, sent home at %d: simplified to %d commands, longer than the %d without it",
						game, *park, k, j, len(got), len(line))
				}
				checkWins(t, s, got)
				found++
				break
			}
		}
		tried += found
	}
	if tried == 0 {
		t.Fatal("no card of the lines could be parked before it goes home: the test checks nothing")
	}
}

// engineWins reports whether a line of the solver's commands wins through the engine.
func engineWins(s *searcher, steps []move) bool {
	g, _ := s.g.Back(0)
	for _, m := range steps {
		if g.Won() {
			return false
		}
		if _, err := g.Apply(engineOp(s, m)); err != nil {
			return false
		}
	}
	return g.Won()
}

// engineOp is the engine's command for a command of the solver's.
func engineOp(s *searcher, m move) model.Op {
	if m.isDraw() {
		return model.Draw{}
	}
	return model.Move{From: s.c.def.Ref(int(m.from)), To: s.c.def.Ref(int(m.to)), N: int(m.n)}
}

// TestGatherHome: a line sends cards home with auto where auto plays at once what the line
// plays one card at a time. The same deals are solved with and without it (NoAuto): each line
// with auto wins when the engine replays it, none is longer than its line without, and across
// the deals auto is used and saves commands.
func TestGatherHome(t *testing.T) {
	t.Parallel()
	cases := []struct {
		game string
		n    int
	}{{"klondike", 1}, {"klondike", 2}, {"freecell", 1}, {"natali", 1}, {"lapeau", 2}, {"algerian", 1}}
	with, without, autos := 0, 0, 0
	for _, tc := range cases {
		opt := Options{Shorten: ShortenEdits}
		g, r := solveAt(t, tc.game, "", tc.n, opt)
		opt.NoAuto = true
		_, plain := solveAt(t, tc.game, "", tc.n, opt)
		if r.Status != Solved || plain.Status != Solved {
			t.Fatalf("%s %d: %v and %v, want both solved", tc.game, tc.n, r.Status, plain.Status)
		}
		replay := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
		for i, op := range r.Moves {
			if _, ok := op.(model.Auto); ok {
				autos++
				if replay.AutoCount() < 2 {
					t.Errorf("%s %d: command %d, auto, plays %d cards home", tc.game, tc.n, i+1, replay.AutoCount())
				}
			}
			if _, err := replay.Play(op); err != nil {
				t.Fatalf("%s %d: command %d, %v: %v", tc.game, tc.n, i+1, op, err)
			}
		}
		if !replay.Won() {
			t.Errorf("%s %d: the line with auto does not win", tc.game, tc.n)
		}
		if len(r.Moves) > len(plain.Moves) {
			t.Errorf("%s %d: %d commands with auto, %d without", tc.game, tc.n, len(r.Moves), len(plain.Moves))
		}
		for _, op := range plain.Moves {
			if _, ok := op.(model.Auto); ok {
				t.Errorf("%s %d: NoAuto's line has auto", tc.game, tc.n)
			}
		}
		with, without = with+len(r.Moves), without+len(plain.Moves)
	}
	t.Logf("%d commands with auto (%d autos), %d without", with, autos, without)
	if autos == 0 || with >= without {
		t.Errorf("%d commands with auto (%d autos), %d without: auto saved nothing", with, autos, without)
	}
}
