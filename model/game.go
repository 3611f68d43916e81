package model

import (
	"fmt"
)

// Config chooses a deal: a game, its options, and a seed or (FreeCell) a Microsoft deal number.
type Config struct {
	Game    string
	Options Options
	Seed    uint64
	Deal    int64 // Microsoft FreeCell deal number; 0 means deal by Seed
}

// State is everything that changes during play. It is small and cheap to copy.
type State struct {
	Piles    []Pile
	Recycles int  // times the waste has been turned back into the stock
	Fan      int  // waste cards from the latest draw still on top (display only)
	Base     Rank // the base rank of the foundations, in games that deal one (classic Canfield, Osmosis)
}

// Clone makes an independent copy sharing no memory with s.
func (s *State) Clone() State {
	n := 0
	for i := range s.Piles {
		n += len(s.Piles[i].Cards)
	}
	buf := make([]Card, 0, n)
	out := State{Piles: make([]Pile, len(s.Piles)), Recycles: s.Recycles, Fan: s.Fan, Base: s.Base}
	for i, p := range s.Piles {
		a := len(buf)
		buf = append(buf, p.Cards...)
		// Full slice expression: an append to one pile must never write into the next.
		out.Piles[i] = Pile{Cards: buf[a:len(buf):len(buf)], Down: p.Down}
	}
	return out
}

// Equal reports whether two states hold the same cards the same way.
func (s *State) Equal(t *State) bool {
	if len(s.Piles) != len(t.Piles) || s.Recycles != t.Recycles {
		return false
	}
	for i := range s.Piles {
		a, b := &s.Piles[i], &t.Piles[i]
		if a.Down != b.Down || len(a.Cards) != len(b.Cards) {
			return false
		}
		for j := range a.Cards {
			if a.Cards[j] != b.Cards[j] {
				return false
			}
		}
	}
	return true
}

// step is one entry of the history: the command, the hash of the position before it (undo
// stack; Seen), and every snapEvery-th entry of the undo stack a copy of that position, from
// which the positions of the following steps are rebuilt by replaying their commands. A full
// position per step cost about 550 bytes; this costs about 40.
type step struct {
	op   Op
	hash uint64
	snap *State // the position before op, on undo entries whose index is a multiple of snapEvery; never modified
	// points is the standard score after op, since the deal or the last restart, once Score
	// has computed it (scored): the score of a long game is then not replayed at every look.
	points int32
	scored bool
}

// snapEvery is the distance between full positions kept in the undo history: undo replays at
// most snapEvery-1 commands.
const snapEvery = 32

// Game is a game in progress: its declaration, its state and its history.
type Game struct {
	Info   *GameInfo
	Def    *Def
	Config Config
	State  State
	start  State
	undo   []step // the commands applied, with the hash of the position before each
	redo   []step // the commands undone (op only), the next one last
	// restarts holds the undo indices of the restarts in the history, the last one last:
	// Moves counts from the last.
	restarts []int
	quiet    bool // Play: no dead-end test
	replay   bool // rebuilding a position from the history: record nothing

	tapeFrom int // the tape (TapeOp) is unchanged below this index since MarkTape
}

// NewGame deals a new game.
func NewGame(cfg Config) (*Game, error) {
	info, err := LookupGame(cfg.Game)
	if err != nil {
		return nil, err
	}
	cfg.Game = info.Name
	pairs := make([]Option, 0, len(cfg.Options))
	for _, k := range cfg.Options.Keys() {
		pairs = append(pairs, Option{Key: k, Value: cfg.Options[k]})
	}
	opts, err := info.Options(pairs)
	if err != nil {
		return nil, err
	}
	cfg.Options = opts
	if cfg.Deal != 0 && !info.Numbered {
		return nil, fmt.Errorf("%s has no numbered deals; use a seed", info.Name)
	}
	if cfg.Deal < 0 || cfg.Deal > MaxMSDeal {
		return nil, fmt.Errorf("deal %d is out of range: deals are 1 to %d", cfg.Deal, MaxMSDeal)
	}
	def := info.define(opts).link()
	var deck []Card
	if cfg.Deal != 0 {
		deck = MSDeal(cfg.Deal)
	} else {
		deck = Shuffle(def.Cards(), cfg.Seed)
	}
	st := State{Piles: make([]Pile, len(def.Piles))}
	st.Base = def.Deal(deck, st.Piles)
	g := &Game{Info: info, Def: def, Config: cfg, State: st}
	g.settle()
	g.start = g.State.Clone()
	return g, nil
}

// Name is the game's name, e.g. "klondike".
func (g *Game) Name() string { return g.Info.Name }

// Pile returns the named pile and its spec, or false if the game has no such pile.
func (g *Game) Pile(name string) (*Pile, *PileSpec, bool) {
	i := g.Def.pileIndex(name)
	if i < 0 {
		return nil, nil, false
	}
	return &g.State.Piles[i], &g.Def.Piles[i], true
}

// MoveCount is the number of commands that changed the board, less those undone: the place
// in the history, where undo and redo go from (a restart is one of them).
func (g *Game) MoveCount() int { return len(g.undo) }

// Moves is the number of moves made since the deal started, or since the last restart: the
// count a player sees.
func (g *Game) Moves() int {
	if k := len(g.restarts); k > 0 {
		return len(g.undo) - g.restarts[k-1] - 1
	}
	return len(g.undo)
}

// CanUndo is the number of steps that can be undone.
func (g *Game) CanUndo() int { return len(g.undo) }

// CanRedo is the number of steps that can be redone.
func (g *Game) CanRedo() int { return len(g.redo) }

// History lists the commands that led from the deal to the current state.
func (g *Game) History() []Op {
	ops := make([]Op, len(g.undo))
	for i, s := range g.undo {
		ops[i] = s.op
	}
	return ops
}

// Redoable lists the commands redo would replay, the next one first.
func (g *Game) Redoable() []Op {
	ops := make([]Op, len(g.redo))
	for i := range g.redo {
		ops[i] = g.redo[len(g.redo)-1-i].op
	}
	return ops
}

// TapeLen is the length of the tape: the commands of History followed by those of Redoable.
// Undo and redo move along the tape without changing it; a new command cuts it where the game
// stands and adds itself; restart empties it.
func (g *Game) TapeLen() int { return len(g.undo) + len(g.redo) }

// TapeOp is the command at index i of the tape (0 <= i < TapeLen), without copying the history.
func (g *Game) TapeOp(i int) Op {
	if i < len(g.undo) {
		return g.undo[i].op
	}
	return g.redo[len(g.redo)-1-(i-len(g.undo))].op
}

// TapeChangedFrom is the index from which the tape may differ from what it was at the last
// MarkTape (0 if never marked): the commands before it are the same. A save appends only those
// from here on.
func (g *Game) TapeChangedFrom() int { return min(g.tapeFrom, g.TapeLen()) }

// Forget goes back to the start of the deal with no history, as restart did before it could
// be undone: journals written then record it so.
func (g *Game) Forget() {
	g.State = g.start.Clone()
	g.undo, g.redo, g.restarts = nil, nil, nil
	g.tapeFrom = 0
}

// MarkTape records that the tape as it is now has been saved.
func (g *Game) MarkTape() { g.tapeFrom = g.TapeLen() }

// Won reports whether the game is won, by its win rule.
func (g *Game) Won() bool {
	home := 0
	for i := range g.State.Piles {
		p := &g.State.Piles[i]
		spec := &g.Def.Piles[i]
		if g.Def.Win == WinCleared {
			if spec.Role == Tableau && !p.Empty() {
				return false
			}
			continue
		}
		switch spec.Role {
		case Foundation:
			home += len(p.Cards)
			continue
		case Tableau:
			if p.Empty() {
				continue
			}
			switch g.Def.Win {
			case WinQuads:
				if len(p.Cards) != 4*g.Def.Decks || !sameRank(p.Cards) {
					return false
				}
				continue
			case WinSequences:
				if p.Cards[0].Rank() != King || p.Down > 0 || !spec.Rule.isSequence(g.State.Base, p.Cards) || g.toFoundationOK(p.Top()) {
					return false // a stack's top that could still go home (an ace, with done=aces) is not finished
				}
				continue
			}
		}
		if !p.Empty() {
			return false
		}
	}
	return g.Def.Win != WinFoundations || home == 52*g.Def.Decks
}

func sameRank(cs []Card) bool {
	for _, c := range cs {
		if c.Rank() != cs[0].Rank() {
			return false
		}
	}
	return true
}

// PassesLeft is the number of recycles still allowed, or -1 when unlimited.
func (g *Game) PassesLeft() int {
	if g.Def.Passes == 0 {
		return -1
	}
	return g.Def.Passes - 1 - g.State.Recycles
}

// record pushes a completed command onto the history and drops the redo list.
func (g *Game) record(op Op, before State) {
	if g.replay {
		return
	}
	g.tapeFrom = min(g.tapeFrom, len(g.undo)) // the redo list is cut here
	g.push(op, &before)
	clear(g.redo) // let the ops be collected
	g.redo = g.redo[:0]
}

// push appends op to the undo history; before is the position it was applied to, and the
// history may keep it (it must not be modified afterwards).
func (g *Game) push(op Op, before *State) {
	s := step{op: op, hash: before.Hash()}
	if len(g.undo)%snapEvery == 0 {
		s.snap = before
	}
	if _, ok := op.(Restart); ok {
		g.restarts = append(g.restarts, len(g.undo))
	}
	g.undo = append(g.undo, s)
}

// before rebuilds the position before undo step i (i == len(g.undo): the current one) by
// replaying the commands from the nearest kept position.
func (g *Game) before(i int) State {
	if i == len(g.undo) {
		return g.State.Clone()
	}
	k := i - i%snapEvery
	r := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.undo[k].snap.Clone(), start: g.start, quiet: true, replay: true}
	for j := k; j < i; j++ {
		if _, err := r.Apply(g.undo[j].op); err != nil {
			// The commands were applied to these very positions; replaying them cannot fail.
			panic(fmt.Sprintf("model: replaying history step %d (%s): %v", j, g.undo[j].op, err))
		}
	}
	return r.State
}

// Hash is a hash of what Equal compares: equal states have equal hashes.
func (s *State) Hash() uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * prime }
	mix(uint64(len(s.Piles)))
	mix(uint64(s.Recycles))
	for i := range s.Piles {
		p := &s.Piles[i]
		mix(uint64(p.Down)<<32 | uint64(len(p.Cards)))
		for _, c := range p.Cards {
			mix(uint64(c))
		}
	}
	return h
}

// Back is a new game, without history, at the position k steps back in g's history (0: the
// current one). It shares no memory with g, so searching it never touches g.
func (g *Game) Back(k int) (*Game, bool) {
	if k < 0 || k > len(g.undo) {
		return nil, false
	}
	b := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.before(len(g.undo) - k), start: g.start}
	return b, true
}

// TapeHash is the hash of the position at index i of the tape (before its command i; i ==
// TapeLen: after the last), without building the position where the history keeps its hash
// (i up to MoveCount). False for an index off the tape.
func (g *Game) TapeHash(i int) (uint64, bool) {
	switch {
	case i < 0 || i > g.TapeLen():
		return 0, false
	case i < len(g.undo):
		return g.undo[i].hash, true
	case i == len(g.undo):
		return g.State.Hash(), true
	}
	b, _ := g.TapeAt(i)
	return b.State.Hash(), true
}

// TapeAt is a new game, without history, at the position at index i of the tape, as Back is
// for the history: Back(MoveCount-i) up to the current position, and past it the redo steps
// played. False for an index off the tape.
func (g *Game) TapeAt(i int) (*Game, bool) {
	switch {
	case i < 0 || i > g.TapeLen():
		return nil, false
	case i <= len(g.undo):
		return g.Back(len(g.undo) - i)
	}
	r := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone(), start: g.start, quiet: true, replay: true}
	for j := len(g.undo); j < i; j++ {
		if _, err := r.Apply(g.TapeOp(j)); err != nil {
			// The redo steps were applied to these very positions; replaying them cannot fail.
			panic(fmt.Sprintf("model: replaying redo step %d (%s): %v", j, g.TapeOp(j), err))
		}
	}
	return &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: r.State, start: g.start}, true
}

// Seen reports whether st is the current position or one the history passed through.
func (g *Game) Seen(st *State) bool {
	if g.State.Equal(st) {
		return true
	}
	h := st.Hash()
	for i := range g.undo {
		if g.undo[i].hash == h {
			if b := g.before(i); b.Equal(st) {
				return true
			}
		}
	}
	return false
}
