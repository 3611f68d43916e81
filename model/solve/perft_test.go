package solve

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// The perft test holds the solver's move generation to the engine's, as chess engines hold
// theirs to a reference: random games are played through the engine, and at every position
// visited the board compiled from the declaration must list exactly the commands Legal lists,
// every one of them must lead to the position Apply leads to, the incremental key must equal
// the key worked out from scratch, and the undo log must bring the board back exactly.
//
// Positions per option set: perftShort, perftDefault with the sweeps (sweeps), perftFull with
// PERFT_FULL=1.
const (
	perftFull    = 10000
	perftDefault = 1000
	perftShort   = 200
	perftSteps   = 300 // the most commands a deal is played for
)

// perftSets are the option sets played: every option of every game at least once, and the
// combinations that change rules together.
// perftSet is a game and its options as "key=value" words ("open" alone means open=true).
type perftSet struct{ game, opts string }

// name is the set's subtest name.
func (p perftSet) name() string {
	if p.opts == "" {
		return p.game
	}
	return p.game + ":" + strings.ReplaceAll(p.opts, " ", ",")
}

var perftSets = []perftSet{
	{"klondike", ""},
	{"klondike", "draw=3"},
	{"klondike", "passes=1"},
	{"klondike", "passes=3"},
	{"klondike", "draw=3 passes=1"},
	{"klondike", "draw=3 passes=3"},
	{"klondike", "draw=3 passes=unlimited"},
	{"klondike", "open"},
	{"klondike", "any-card-on-empty"},
	{"klondike", "no-foundation-return"},
	{"klondike", "scoring=vegas"},
	{"klondike", "draw=3 scoring=vegas"},
	{"klondike", "open any-card-on-empty no-foundation-return draw=3 passes=3"},

	{"freecell", ""},
	{"freecell", "cells=0"},
	{"freecell", "cells=1"},
	{"freecell", "cells=2"},
	{"freecell", "cells=3"},
	{"freecell", "supermove=linear"},
	{"freecell", "supermove=none"},
	{"freecell", "supermove=relaxed"},
	{"freecell", "relaxed"},
	{"freecell", "bakers"},
	{"freecell", "kings-only"},
	{"freecell", "challenge"},
	{"freecell", "no-foundation-return"},
	{"freecell", "autoplay"},
	{"freecell", "cells=2 supermove=linear kings-only"},
	{"freecell", "cells=1 autoplay bakers no-foundation-return"},
	{"freecell", "cells=0 supermove=none autoplay"},
	{"freecell", "relaxed challenge autoplay kings-only"},

	{"canfield", ""},
	{"canfield", "classic"},
	{"canfield", "classic partial-runs"},
	{"canfield", "classic stop-at-base"},
	{"canfield", "classic partial-runs stop-at-base"},
	{"canfield", "superior"},
	{"canfield", "manual-fill"},
	{"canfield", "draw=3"},
	{"canfield", "passes=1"},
	{"canfield", "draw=3 passes=3"},
	{"canfield", "no-foundation-return"},
	{"canfield", "classic superior partial-runs"},
	{"canfield", "classic manual-fill passes=3"},

	{"algerian", ""},
	{"algerian", "no-wrap"},
	{"algerian", "final-deal=reserves"},
	{"algerian", "pysol-layout"},
	{"algerian", "no-wrap final-deal=reserves pysol-layout"},

	{"natali", ""},
	{"natali", "wrap"},
	{"natali", "draw=3"},
	{"natali", "passes=1"},
	{"natali", "autofill"},
	{"natali", "autofill wrap draw=3 passes=3"},

	{"fifteen", ""},
	{"fifteen", "no-freeze"},
	{"fifteen", "relaxed"},
	{"fifteen", "no-freeze relaxed"},

	{"osmosis", ""},
	{"osmosis", "strict-start"},
	{"osmosis", "draw=3"},
	{"osmosis", "peek"},
	{"osmosis", "passes=1"},
	{"osmosis", "strict-start peek draw=3 passes=3"},

	{"lapeau", ""},
	{"lapeau", "alternate"},
	{"lapeau", "peau-moves=classic"},
	{"lapeau", "done=aces"},
	{"lapeau", "done=none"},
	{"lapeau", "done=aces alternate"},
	{"lapeau", "done=none alternate peau-moves=classic"},

	{"yukon", ""},
	{"yukon", "russian"},

	{"golf", ""},
	{"golf", "wrap"},
	{"tripeaks", ""},
	{"tripeaks", "wrap=false"},
	{"pyramid", ""},
	{"pyramid", "passes=1"},
	{"pyramid", "passes=unlimited"},

	{"spider", ""},
	{"spider", "suits=1"},
	{"spider", "suits=2 keep-runs"},
	{"spider", "any-deal scoring=none"},
	{"spider", "home=cards runs-in-suit any-deal"},
	{"spider", "suits=2 runs-in-suit home=cards"},
	{"spiderette", ""},
	{"spiderette", "suits=1 any-deal"},
	{"spiderette", "suits=2 keep-runs scoring=none"},
	{"spiderette", "home=cards runs-in-suit any-deal"},

	{"eightoff", ""},
	{"seahaven", ""},
	{"fortythieves", ""},
	{"simplesimon", ""},
	{"simplesimon", "keep-runs"},
	{"simplesimon", "home=cards runs-in-suit"},
	{"simplesimon", "home=cards"},
	{"simplesimon", "runs-in-suit"},
	{"blackhole", ""},
	{"fan", ""},
	{"fan", "fans=classic"},

	{"beleaguered", ""},
	{"streets", ""},

	{"bakersgame", ""},
	{"bakersgame", "cells=2"},
	{"bakersgame", "supermove=none kings-only"},
	{"bakersgame", "challenge no-foundation-return=false autoplay"},
	{"bakersgame", "relaxed cells=3"},
	{"bakersgame", "supermove=linear"},
}

// TestPerftCoversOptions checks that perftSets name every game and every option of it, so
// that an option added to a game is not left out of the perft test.
func TestPerftCoversOptions(t *testing.T) {
	seen := map[string]bool{}
	for _, set := range perftSets {
		seen[set.game] = true
		for _, kv := range strings.Fields(set.opts) {
			k, _, _ := strings.Cut(kv, "=")
			seen[set.game+" "+k] = true
		}
	}
	for _, info := range model.Games() {
		if !seen[info.Name] {
			t.Errorf("perftSets has no %s", info.Name)
		}
		for _, spec := range info.Specs {
			if !seen[info.Name+" "+spec.Key] {
				t.Errorf("perftSets never sets %s's option %s", info.Name, spec.Key)
			}
		}
	}
}

// TestPerft runs the perft check for every option set, in parallel.
func TestPerft(t *testing.T) {
	positions := perftShort
	switch {
	case os.Getenv("PERFT_FULL") == "1":
		positions = perftFull
	case sweeps():
		positions = perftDefault
	}
	for _, set := range perftSets {
		t.Run(set.name(), func(t *testing.T) {
			t.Parallel()
			opts := model.Options{}
			for _, kv := range strings.Fields(set.opts) {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					v = "true"
				}
				opts[k] = v
			}
			// Compound moves are checked at every position, but at every fifth in the full run,
			// whose other checks already take a minute: still 2,000 positions a set.
			every := 1
			if positions == perftFull {
				every = 5
			}
			p := &perft{t: t, game: set.game, optText: set.opts, opts: opts, compoundEvery: every}
			h := fnv.New64a()
			h.Write([]byte(set.name()))
			p.rng = rand.New(rand.NewSource(int64(h.Sum64() >> 1)))
			start := time.Now()
			p.run(positions)
			if p.keyFails > 0 {
				t.Errorf("%s [%s]: %d of %d commands left an incremental key that differs from a rehash (the first is reported above)",
					set.game, set.opts, p.keyFails, p.commands)
			}
			t.Logf("%s [%s]: %d positions in %d deals, %d commands checked (%d auto-finishes, %d wins, %d twin swaps, %d key changes), %d compound moves, %.2f s",
				set.game, set.opts, p.positions, p.deals, p.commands, p.autoFinishes, p.wins, p.swaps, p.keyChanges, p.compounds, time.Since(start).Seconds())
		})
	}
}

// perft is one option set's run.
type perft struct {
	t       *testing.T
	game    string
	optText string
	opts    model.Options
	rng     *rand.Rand
	failed  int

	// where the run is, for messages
	g     *model.Game
	seed  uint64
	step  int
	guide float64 // how often the deal follows the hint

	c     *compiled
	b     board // the board under test
	fresh board // boards loaded from scratch to compare with
	other board

	positions, deals, commands, autoFinishes, wins, swaps, keyChanges, compounds int
	compoundEvery                                                                int // compound moves are checked at every so many positions
	keyFails                                                                     int // incremental keys that differ from a rehash
}

// tri is a command as pile indices: from == noPile for a draw.
type tri struct{ from, to, n uint8 }

// run plays random deals until enough positions have been checked, or a few checks failed.
func (p *perft) run(positions int) {
	for p.positions < positions && p.failed < 3 {
		p.seed = p.rng.Uint64()%1_000_000 + 1
		g, err := model.NewGame(model.Config{Game: p.game, Options: p.opts, Seed: p.seed})
		if err != nil {
			p.t.Fatalf("%s %s: %v", p.game, p.optText, err)
		}
		c, err := compile(g.Def, g.State.Base)
		if err != nil {
			p.t.Fatalf("%s %s: compile: %v", p.game, p.optText, err)
		}
		p.g, p.c = g, c
		p.deals++
		// Some deals are played at random, others mostly by the hint, which gets further:
		// to the end game, wins and auto-finishes.
		p.guide = [...]float64{0, 0.5, 0.85, 1}[p.rng.Intn(4)]
		steps := [...]int{60, 150, perftSteps}[p.rng.Intn(3)]
		for p.step = 0; p.step < steps && p.positions < positions && p.failed < 3; p.step++ {
			if g.Won() {
				p.wins++
				break
			}
			legal := g.Legal()
			p.positions++
			if !p.check(legal) {
				break
			}
			if len(legal) == 0 {
				break
			}
			op := p.choose(legal)
			if _, err := g.Apply(op); err != nil {
				p.fail("the engine refused its own legal command %q: %v", op, err)
				break
			}
		}
	}
}

// choose picks the next command: the hint's with the deal's guide probability, else a random
// legal command, a move to a foundation more often than the rest.
func (p *perft) choose(legal []model.Op) model.Op {
	if p.rng.Float64() < p.guide {
		if s, ok := p.g.Suggest(); ok {
			return s.Op
		}
	}
	if p.rng.Intn(3) == 0 {
		var home []model.Op
		for _, op := range legal {
			if m, ok := op.(model.Move); ok && m.To.Kind == 'F' {
				home = append(home, op)
			}
		}
		if len(home) > 0 {
			return home[p.rng.Intn(len(home))]
		}
	}
	return legal[p.rng.Intn(len(legal))]
}

// fail reports a mismatch with everything needed to find it again.
func (p *perft) fail(format string, args ...any) {
	p.t.Helper()
	p.failed++
	hist := []string{"none: this is the deal"}
	if ops := p.g.History(); len(ops) > 0 {
		hist = hist[:0]
		for _, op := range ops {
			hist = append(hist, op.String())
		}
	}
	p.t.Errorf("%s [%s] seed %d (guide %.2f) step %d: %s\ncommands from the deal: %s\nposition:\n%s",
		p.game, p.optText, p.seed, p.guide, p.step, fmt.Sprintf(format, args...), strings.Join(hist, "; "), dump(p.g.Def, &p.g.State))
}

// keyFail reports an incremental key that differs from the one worked out from scratch. The
// first is reported in full; the run goes on to check the rest, and the count is reported at
// the end, so that one wrong key does not hide other mismatches.
func (p *perft) keyFail(format string, args ...any) {
	p.t.Helper()
	p.keyFails++
	if p.keyFails == 1 {
		p.fail(format, args...)
		p.failed--
	}
}

// check runs every test on the game's current position; false means it failed.
func (p *perft) check(legal []model.Op) bool {
	g, b := p.g, &p.b
	b.load(p.c, &g.State)
	if st := b.state(); !st.Equal(&g.State) || st.Base != g.State.Base {
		p.fail("load then state changes the position:\n%s", stateDiff(g.Def, &g.State, &st))
		return false
	}
	if b.won() != g.Won() {
		p.fail("board won() = %v, engine Won() = %v", b.won(), g.Won())
		return false
	}

	// 1. The same commands.
	got := b.atomic(nil)
	solver := map[tri]bool{}
	longest := map[[2]uint8]uint8{}
	for _, m := range got {
		k := tri{m.from, m.to, m.n}
		if m.draws != 0 || m.isDraw() && (m.to != noPile || m.n != 0) {
			p.fail("atomic lists a move that is not one command: %+v", m)
			return false
		}
		if solver[k] {
			p.fail("atomic lists %s twice (all: %s)", p.name(k), p.names(got))
			return false
		}
		solver[k] = true
		if pair := [2]uint8{m.from, m.to}; m.n > longest[pair] {
			longest[pair] = m.n
		}
	}
	index := map[string]uint8{}
	for i := range g.Def.Piles {
		index[g.Def.Piles[i].Name] = uint8(i)
	}
	engine := map[tri]model.Op{}
	keys := make([]tri, 0, len(legal))
	for _, op := range legal {
		var k tri
		switch o := op.(type) {
		case model.Draw:
			k = tri{noPile, noPile, 0}
		case model.Move:
			from, ok1 := index[o.From.String()]
			to, ok2 := index[o.To.String()]
			if !ok1 || !ok2 {
				p.fail("Legal lists %q, whose piles the declaration does not name", op)
				return false
			}
			n := uint8(o.N)
			if o.N == 0 {
				n = longest[[2]uint8{from, to}]
				if n == 0 {
					p.fail("Legal lists %q; the solver lists no move from %s to %s (solver: %s)",
						op, o.From, o.To, p.names(got))
					return false
				}
			}
			k = tri{from, to, n}
		default:
			p.fail("Legal lists %q, which is neither a move nor a draw", op)
			return false
		}
		if prev, dup := engine[k]; dup {
			p.fail("Legal lists %s twice: %q and %q", p.name(k), prev, op)
			return false
		}
		engine[k] = op
		keys = append(keys, k)
	}
	var missing, extra []string
	for _, k := range keys {
		if !solver[k] {
			missing = append(missing, fmt.Sprintf("%q (%s)", engine[k], p.name(k)))
		}
	}
	for _, m := range got {
		if k := (tri{m.from, m.to, m.n}); engine[k] == nil {
			extra = append(extra, p.name(k))
		}
	}
	if len(missing) > 0 || len(extra) > 0 {
		var legalText []string
		for _, op := range legal {
			legalText = append(legalText, op.String())
		}
		p.fail("the move lists differ\nLegal lists, the solver does not: %s\nthe solver lists, Legal does not: %s\nLegal: %s\nsolver: %s",
			strings.Join(missing, ", "), strings.Join(extra, ", "), strings.Join(legalText, ", "), p.names(got))
		return false
	}

	// 2. The same positions after each command, and an undo log that brings the board back.
	for _, k := range keys {
		op := engine[k]
		p.commands++
		eg := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
		r, err := eg.Apply(op)
		if err != nil {
			p.fail("the engine refused its own legal command %q: %v", op, err)
			return false
		}
		mark, before := len(b.log), b.hash
		b.applyAtomic(move{from: k.from, to: k.to, n: k.n})
		after := b.state()
		switch {
		case after.Equal(&eg.State):
			if b.won() != eg.Won() {
				p.fail("after %q: board won() = %v, engine Won() = %v", op, b.won(), eg.Won())
				return false
			}
		case r.Won && !b.won() && b.finishable():
			// The engine finished the deal by itself; the board stops short of that, but the
			// engine must finish it from the board's position too.
			at := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: after.Clone()}
			if !at.AutoFinishWins() {
				p.fail("after %q the engine auto-finished, but not from the board's position:\n%s", op, dump(g.Def, &after))
				return false
			}
			p.autoFinishes++
		default:
			p.fail("after %q (%s) the positions differ (engine won: %v, board won: %v, finishable: %v):\n%s",
				op, p.name(k), r.Won, b.won(), b.finishable(), stateDiff(g.Def, &eg.State, &after))
			return false
		}
		cp := *b
		cp.rehash()
		if cp.hash != b.hash {
			p.keyFail("after %q (%s) the incremental key is %#x, rehash gives %#x", op, p.name(k), b.hash, cp.hash)
		}
		p.fresh.load(p.c, &after)
		if d := boardDiff(&p.fresh, b); d != "" {
			p.fail("after %q the board differs from one loaded from its position: %s", op, d)
			return false
		}
		b.undoTo(mark)
		if len(b.log) != mark {
			p.fail("undo after %q left %d log entries, want %d", op, len(b.log), mark)
			return false
		}
		back := b.state()
		if !back.Equal(&g.State) {
			p.fail("undo after %q does not restore the position:\n%s", op, stateDiff(g.Def, &g.State, &back))
			return false
		}
		if b.hash != before {
			p.fail("undo after %q does not restore the key: %#x, was %#x", op, b.hash, before)
			return false
		}
		p.fresh.load(p.c, &g.State)
		if d := boardDiff(&p.fresh, b); d != "" {
			p.fail("undo after %q does not restore the board exactly: %s", op, d)
			return false
		}
	}

	// 3. Keys: the same for interchangeable piles swapped, different when a card moves.
	if !p.checkKeys(legal) {
		return false
	}
	// 4. The twin-merging walk's key (compiled.splitProof) is the plain key of the position with
	// its twins' tails put in order one swap at a time.
	if p.c.splitProof {
		b.load(p.c, &g.State)
		var cols [maxPiles][maxCards]byte
		if got, want := b.twinKey(&cols), canonicalTwins(b); got != want {
			p.fail("twinKey %#x, the key of the position with its twins' tails in order %#x", got, want)
			return false
		}
	}
	// 5. Auto's rule: the board's copy says what the engine's says, of every card in play.
	b.load(p.c, &g.State)
	for x := range 64 {
		card := model.Card(x)
		if !card.Valid() || g.Def.Copies(card) == 0 || int(b.home[x]) >= g.Def.Copies(card) {
			continue
		}
		if got, want := b.safe(byte(x), b.want, false), g.Safe(card); got != want {
			p.fail("the board calls %s safe: %v, the engine: %v", card, got, want)
			return false
		}
	}
	// 5. Compound moves (games with free cells): each is a line of the engine's commands.
	return p.checkCompound()
}

// checkCompound makes every compound move of every kind from the position (fcdfs' moves) on
// the board, telling each command it amounts to, and plays those commands through the engine:
// each must be legal, the engine must reach the board's position, and undo must restore it.
func (p *perft) checkCompound() bool {
	if !p.c.metaOK() || p.positions%p.compoundEvery != 0 {
		return true
	}
	g, b := p.g, &p.b
	b.load(p.c, &g.State)
	var sc scan
	b.scan(&sc)
	var ms []move
	for k := range uint8(kinds) {
		ms = b.kindMoves(ms, k, &sc)
	}
	ref := p.c.def.Ref
	for _, m := range ms {
		p.compounds++
		mark, before := len(b.log), b.hash
		var ops []model.Op
		ok := b.playCompound(m, func(from, to, n int) {
			ops = append(ops, model.Move{From: ref(from), To: ref(to), N: n})
		})
		if !ok {
			p.fail("compound move %+v could not be made as generated", m)
			return false
		}
		eg := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
		won := false
		for i, op := range ops {
			if eg.Won() {
				// The engine finished the deal by itself partway: a line stops there (commands).
				won = true
				break
			}
			if _, err := eg.Play(op); err != nil {
				p.fail("compound move %+v: its command %d, %q, is refused by the engine: %v", m, i+1, op, err)
				return false
			}
		}
		after := b.state()
		if !won && !after.Equal(&eg.State) {
			p.fail("compound move %+v (%v) leads elsewhere than the engine:\n%s", m, ops, stateDiff(g.Def, &eg.State, &after))
			return false
		}
		b.undoTo(mark)
		p.fresh.load(p.c, &g.State)
		if d := boardDiff(&p.fresh, b); d != "" || b.hash != before {
			p.fail("undo after compound move %+v does not restore the board: %s", m, d)
			return false
		}
	}
	return true
}

// checkKeys swaps interchangeable piles (FreeCell's columns and cells always, and one pair of
// the piles the solver takes as interchangeable) and moves a card, and compares the keys.
func (p *perft) checkKeys(legal []model.Op) bool {
	g := p.g
	p.fresh.load(p.c, &g.State)
	key := p.fresh.hash
	var pairs [][2]int
	if p.game == "freecell" {
		for _, prefix := range []string{"C", "R"} {
			var ps []int
			for i := range g.Def.Piles {
				if strings.HasPrefix(g.Def.Piles[i].Name, prefix) {
					ps = append(ps, i)
				}
			}
			if len(ps) >= 2 {
				k := p.rng.Intn(len(ps))
				l := (k + 1 + p.rng.Intn(len(ps)-1)) % len(ps)
				pairs = append(pairs, [2]int{ps[k], ps[l]})
			}
		}
	}
	var twins [][2]int
	for i := range p.c.piles {
		for _, j := range p.c.piles[i].twins {
			twins = append(twins, [2]int{j, i})
		}
	}
	if len(twins) > 0 {
		pairs = append(pairs, twins[p.rng.Intn(len(twins))])
	}
	for _, pr := range pairs {
		i, j := pr[0], pr[1]
		st := g.State.Clone()
		st.Piles[i], st.Piles[j] = st.Piles[j], st.Piles[i]
		p.other.load(p.c, &st)
		p.swaps++
		if p.other.hash != key {
			p.fail("swapping %s and %s changes the key (%#x to %#x)", g.Def.Piles[i].Name, g.Def.Piles[j].Name, key, p.other.hash)
			return false
		}
		// The engine must agree that the two piles are interchangeable: the legal commands of
		// the swapped position are those of this one with the two piles' names swapped.
		swapped := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: st}
		rename := func(r model.PileRef) string {
			switch r.String() {
			case g.Def.Piles[i].Name:
				return g.Def.Piles[j].Name
			case g.Def.Piles[j].Name:
				return g.Def.Piles[i].Name
			}
			return r.String()
		}
		want := map[string]bool{}
		for _, op := range legal {
			if m, ok := op.(model.Move); ok {
				want[fmt.Sprintf("move %s %s %d", rename(m.From), rename(m.To), m.N)] = true
			} else {
				want[op.String()] = true
			}
		}
		have := map[string]bool{}
		for _, op := range swapped.Legal() {
			if m, ok := op.(model.Move); ok {
				have[fmt.Sprintf("move %s %s %d", m.From, m.To, m.N)] = true
			} else {
				have[op.String()] = true
			}
		}
		if d := setDiff(want, have); d != "" {
			p.fail("%s and %s share a key, but the engine's commands differ once they are swapped: %s",
				g.Def.Piles[i].Name, g.Def.Piles[j].Name, d)
			return false
		}
	}

	// Move one card from a pile to another, whatever the rules say: the key must change,
	// unless the two piles are interchangeable and the move just swapped their contents.
	var from []int
	for i := range g.State.Piles {
		if g.State.Piles[i].Len() > 0 {
			from = append(from, i)
		}
	}
	if len(from) == 0 || len(g.State.Piles) < 2 {
		return true
	}
	a := from[p.rng.Intn(len(from))]
	to := (a + 1 + p.rng.Intn(len(g.State.Piles)-1)) % len(g.State.Piles)
	st := g.State.Clone()
	pa, pb := &st.Piles[a], &st.Piles[to]
	card := pa.Cards[len(pa.Cards)-1]
	pa.Cards = pa.Cards[:len(pa.Cards)-1]
	pa.Down = min(pa.Down, len(pa.Cards))
	pb.Cards = append(pb.Cards, card)
	old := &g.State.Piles[to]
	if p.c.piles[a].salt == p.c.piles[to].salt && pa.Down == old.Down && sameCards(pa.Cards, old.Cards) {
		return true
	}
	// Where the stock turns one card at a time without a pass limit, the stock's top going to
	// the waste's top (or back) is a draw (or its undoing): the key leaves out where the stock
	// stands in its cycle, so it must not change.
	if c := p.c; c.cyclic && (a == c.stock && to == c.waste || a == c.waste && to == c.stock && g.State.Piles[a].Down == 0) {
		p.other.load(p.c, &st)
		if p.other.hash != key && a == c.stock {
			p.fail("a draw from %s changes the key of a cyclic stock", g.Def.Piles[a].Name)
			return false
		}
		return true
	}
	// Where the stock turns several cards at a time without a pass limit, the places an empty
	// waste's draws reach are one position (cycleStart): a card between the stock's top and
	// the waste's top may keep the key only between two such places.
	if c := p.c; c.cycleMerge && (a == c.stock && to == c.waste || a == c.waste && to == c.stock) {
		p.other.load(p.c, &st)
		nw, total := g.State.Piles[c.waste].Len(), g.State.Piles[c.waste].Len()+g.State.Piles[c.stock].Len()
		both := cycleStart(nw, total, c.def.Draw) && cycleStart(st.Piles[c.waste].Len(), total, c.def.Draw)
		if (p.other.hash == key) != both {
			p.fail("moving %s from %s to %s: key kept %v, but the two wastes of %d and %d cards are both at the cycle's start: %v",
				card, g.Def.Piles[a].Name, g.Def.Piles[to].Name, p.other.hash == key, nw, st.Piles[c.waste].Len(), both)
			return false
		}
		return true
	}
	p.other.load(p.c, &st)
	p.keyChanges++
	if p.other.hash == key && p.c.key != 0xFF && rankSignature(p.c, &st) == rankSignature(p.c, &g.State) {
		return true // where suits play no part, the move may only have swapped cards of a rank
	}
	if p.other.hash == key {
		p.fail("moving %s from %s to %s leaves the key unchanged (%#x)", card, g.Def.Piles[a].Name, g.Def.Piles[to].Name, key)
		return false
	}
	return true
}

func sameCards(a, b []model.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

func setDiff(want, have map[string]bool) string {
	var only1, only2 []string
	for k := range want {
		if !have[k] {
			only1 = append(only1, k)
		}
	}
	for k := range have {
		if !want[k] {
			only2 = append(only2, k)
		}
	}
	if len(only1)+len(only2) == 0 {
		return ""
	}
	sort.Strings(only1)
	sort.Strings(only2)
	return fmt.Sprintf("expected but missing: %s; present but unexpected: %s", strings.Join(only1, ", "), strings.Join(only2, ", "))
}

// name writes a command in pile names, e.g. "C3→C5 ×2" or "draw".
func (p *perft) name(k tri) string {
	if k.from == noPile {
		return "draw"
	}
	return fmt.Sprintf("%s→%s ×%d", p.c.piles[k.from].name, p.c.piles[k.to].name, k.n)
}

func (p *perft) names(ms []move) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = p.name(tri{m.from, m.to, m.n})
	}
	return strings.Join(out, ", ")
}

// boardDiff compares everything a board keeps about its position but the key, which the
// callers check on their own (against a rehash, or against the key before a move).
func boardDiff(want, got *board) string {
	var d []string
	if want.np != got.np {
		return fmt.Sprintf("%d piles, want %d", got.np, want.np)
	}
	for i := 0; i < want.np; i++ {
		name := want.c.piles[i].name
		if want.n[i] != got.n[i] || want.down[i] != got.down[i] ||
			string(want.cards[i][:want.n[i]]) != string(got.cards[i][:got.n[i]]) {
			d = append(d, fmt.Sprintf("pile %s: %d cards (%d down), want %d (%d down)", name, got.n[i], got.down[i], want.n[i], want.down[i]))
		}
		if want.ph[i] != got.ph[i] { // each pile's own key has no recycle term: it must match
			d = append(d, fmt.Sprintf("pile %s's key %#x, want %#x", name, got.ph[i], want.ph[i]))
		}
		if want.starts[i] != got.starts[i] {
			d = append(d, fmt.Sprintf("pile %s's runs begin at %b, want %b", name, got.starts[i], want.starts[i]))
		}
	}
	if want.c.decks == 1 && want.tops != got.tops {
		d = append(d, fmt.Sprintf("the tops auto looks at are %#x, want %#x", got.tops, want.tops))
	}
	if want.c.decks == 1 && want.stockSet != got.stockSet {
		d = append(d, fmt.Sprintf("the stock and waste hold %#x, want %#x", got.stockSet, want.stockSet))
	}
	if want.want != got.want {
		d = append(d, fmt.Sprintf("the foundations take %#x, want %#x", got.want, want.want))
	}
	if want.emptyCells != got.emptyCells || want.emptyCols != got.emptyCols {
		d = append(d, fmt.Sprintf("%d empty cells and %d empty columns, want %d and %d", got.emptyCells, got.emptyCols, want.emptyCells, want.emptyCols))
	}
	if want.home != got.home || want.homeN != got.homeN {
		d = append(d, fmt.Sprintf("cards home: %d, want %d (or their counts by card differ)", got.homeN, want.homeN))
	}
	if want.recycles != got.recycles {
		d = append(d, fmt.Sprintf("recycles %d, want %d", got.recycles, want.recycles))
	}
	if want.base != got.base {
		d = append(d, fmt.Sprintf("base %d, want %d", got.base, want.base))
	}
	return strings.Join(d, "; ")
}

// dump writes a position pile by pile, face-down cards before a bar, every card named.
func dump(def *model.Def, st *model.State) string {
	var b strings.Builder
	for i := range st.Piles {
		fmt.Fprintf(&b, "  %-3s %s\n", def.Piles[i].Name, pileText(&st.Piles[i]))
	}
	fmt.Fprintf(&b, "  recycles %d, base %d", st.Recycles, st.Base)
	return b.String()
}

func pileText(p *model.Pile) string {
	var b strings.Builder
	for k, c := range p.Cards {
		if k > 0 {
			b.WriteByte(' ')
		}
		if k == p.Down && p.Down > 0 {
			b.WriteString("| ")
		}
		b.WriteString(c.String())
	}
	if p.Down > 0 && p.Down == len(p.Cards) {
		b.WriteString(" |")
	}
	return b.String()
}

// stateDiff lists the piles on which two positions differ.
func stateDiff(def *model.Def, want, got *model.State) string {
	var b strings.Builder
	for i := range want.Piles {
		w, g := &want.Piles[i], &got.Piles[i]
		if w.Down != g.Down || !sameCards(w.Cards, g.Cards) {
			fmt.Fprintf(&b, "  %-3s engine: %s\n      board:  %s\n", def.Piles[i].Name, pileText(w), pileText(g))
		}
	}
	if want.Recycles != got.Recycles {
		fmt.Fprintf(&b, "  recycles: engine %d, board %d\n", want.Recycles, got.Recycles)
	}
	if want.Base != got.Base {
		fmt.Fprintf(&b, "  base: engine %d, board %d\n", want.Base, got.Base)
	}
	return strings.TrimRight(b.String(), "\n")
}

// rankSignature describes a position up to the order of interchangeable piles, with cards by
// rank only: equal for positions a rank-only key must not tell apart.
func rankSignature(c *compiled, st *model.State) string {
	var parts []string
	for i := range st.Piles {
		p := &st.Piles[i]
		b := []byte(fmt.Sprintf("%x/%d:", c.piles[i].salt, p.Down))
		for _, x := range p.Cards {
			b = append(b, byte(x.Rank()))
		}
		parts = append(parts, string(b))
	}
	sort.Strings(parts)
	return strings.Join(parts, "|")
}

// canonicalTwins is twinKey worked out slowly: on a copy of the board, it swaps the tails of
// one pair of twins out of order at a time (a lone tail on the higher twin, or of two tails the
// one that starts with the higher card on the lower twin), until none is, and keys that
// position from scratch.
func canonicalTwins(b *board) uint64 {
	cp := *b
	cp.log = nil
	c := cp.c
	// place finds face-up card x in a column, with the cards on it in order.
	place := func(x byte) (col, height int, ok bool) {
		for _, i := range c.tabs {
			n := int(cp.n[i])
			for k := int(cp.down[i]); k < n; k++ {
				if cp.cards[i][k] != x {
					continue
				}
				for j := k + 1; j < n; j++ {
					if c.piles[i].follows[cp.cards[i][j-1]]&(1<<cp.cards[i][j]) == 0 {
						return 0, 0, false
					}
				}
				return i, k, true
			}
		}
		return 0, 0, false
	}
	for swapped := true; swapped; {
		swapped = false
		for x := byte(0); x < 64 && !swapped; x++ {
			if x&3 > 1 {
				continue // the lower twin of each pair: clubs or diamonds
			}
			px, hx, okx := place(x)
			py, hy, oky := place(x ^ 3)
			if !okx || !oky || px == py {
				continue
			}
			bareX, bareY := hx+1 == int(cp.n[px]), hy+1 == int(cp.n[py])
			if bareY || !bareX && cp.cards[px][hx+1] < cp.cards[py][hy+1] {
				continue
			}
			a := append([]byte(nil), cp.cards[px][hx+1:cp.n[px]]...)
			bb := append([]byte(nil), cp.cards[py][hy+1:cp.n[py]]...)
			copy(cp.cards[px][hx+1:], bb)
			copy(cp.cards[py][hy+1:], a)
			cp.n[px], cp.n[py] = uint8(hx+1+len(bb)), uint8(hy+1+len(a))
			swapped = true
		}
	}
	cp.rehash()
	return cp.hash
}
