package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Result is what a command did, for the view to report.
type Result struct {
	Op      Op     // the command as carried out, in canonical form
	Auto    []Move // cards played home automatically after it
	Note    string // a remark worth showing, e.g. "recycled the waste"
	Changed bool   // the board changed
	Won     bool   // the game is won
	NoMoves bool   // no productive move is left (the game goes on)
}

// Apply carries out a command that changes the game. Hint and moves, which ask about the game
// rather than change it, are answered by the controller and refused here.
func (g *Game) Apply(op Op) (Result, error) {
	switch o := op.(type) {
	case Move:
		if g.Won() {
			return Result{}, &RefusalError{Kind: RefusedWon}
		}
		return g.applyMove(o)
	case Draw:
		if g.Won() {
			return Result{}, &RefusalError{Kind: RefusedWon}
		}
		return g.draw()
	case Auto:
		if g.Won() {
			return Result{}, &RefusalError{Kind: RefusedWon}
		}
		return g.auto()
	case Undo:
		return g.walk(&g.undo, &g.redo, o.N, "undo")
	case Redo:
		return g.walk(&g.redo, &g.undo, o.N, "redo")
	case Restart:
		return g.restart()
	case Purge:
		if g.Won() {
			return Result{}, &RefusalError{Kind: RefusedWon}
		}
		return g.purge()
	case Policy:
		return g.setPolicy(o.Name)
	}
	return Result{}, &RefusalError{Kind: RefusedNotGameMove, Op: op}
}

// Play carries out a command as Apply does but leaves out the dead-end test, which a
// program replaying a known line (the solver) does not need; it returns the canonical command.
func (g *Game) Play(op Op) (Op, error) {
	g.quiet = true
	defer func() { g.quiet = false }()
	r, err := g.Apply(op)
	return r.Op, err
}

// result fills in the outcome fields of a command's result.
func (g *Game) result(op Op, changed bool) Result {
	r := Result{Op: op, Changed: changed, Won: g.Won()}
	if !r.Won && !g.quiet {
		r.NoMoves = g.DeadEnd()
	}
	return r
}

// restart goes back to the start of the deal as one step of the history, so that undo takes
// it back like any other command (the moves before it are not lost).
func (g *Game) restart() (Result, error) {
	if g.Moves() == 0 && !g.replay { // a replay keeps no history to count
		r := g.result(Restart{}, false)
		r.Note = "the deal is at its start already"
		return r, nil
	}
	before := g.State
	g.State = g.start.Clone()
	g.record(Restart{}, before)
	return g.result(Restart{}, true), nil
}

// finish completes a state-changing command: auto-finish if the deal is trivially won, then history.
func (g *Game) finish(op Op, before State) Result {
	var auto []Move
	if g.Def.RunsHome {
		auto = g.playRuns()
	}
	if g.Def.AutoPlay {
		auto = g.playHome(g.safe)
	}
	auto = append(auto, g.autoFinish()...)
	g.record(op, before)
	r := g.result(op, true)
	r.Auto = auto
	return r
}

// autoFinish plays a trivially won deal home and returns the cards it moved.
func (g *Game) autoFinish() []Move {
	if !g.Def.AutoFinish || !g.finishable() {
		return nil
	}
	// Only a full deal is sure to finish; a partial position may stall, and then nothing happened.
	saved := g.State.Clone()
	auto := g.playHome(nil)
	if !g.Won() {
		g.State, auto = saved, nil
	}
	return auto
}

// AutoFinishWins reports whether the engine's auto-finish would win the game from here, as it
// is tried after every command; the solver asks it so that its lines end where the game does.
func (g *Game) AutoFinishWins() bool {
	if !g.Def.AutoFinish || !g.finishable() {
		return false
	}
	saved := g.State.Clone()
	g.playHome(nil)
	won := g.Won()
	g.State = saved
	return won
}

// walk moves n steps from one history stack to the other (undo or redo).
func (g *Game) walk(from, to *[]step, n int, verb string) (Result, error) {
	if n <= 0 {
		n = 1
	}
	var asked Op = Undo{N: n}
	if verb == "redo" {
		asked = Redo{N: n}
	}
	if len(*from) == 0 {
		return Result{}, &RefusalError{Kind: RefusedNoSteps, Op: asked, N: n}
	}
	if n > len(*from) {
		return Result{}, &RefusalError{Kind: RefusedSteps, Op: asked, N: n, Most: len(*from)}
	}
	names := make([]string, 0, n)
	if verb == "undo" {
		st := g.before(len(g.undo) - n)
		for k := 0; k < n; k++ {
			s := g.undo[len(g.undo)-1]
			g.undo[len(g.undo)-1] = step{} // drop the kept position, if any
			g.undo = g.undo[:len(g.undo)-1]
			if k := len(g.restarts) - 1; k >= 0 && g.restarts[k] == len(g.undo) {
				g.restarts = g.restarts[:k]
			}
			g.redo = append(g.redo, step{op: s.op})
			names = append(names, s.op.String())
		}
		g.State = st
	} else {
		r := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State, start: g.start, quiet: true, replay: true}
		for k := 0; k < n; k++ {
			s := g.redo[len(g.redo)-1]
			g.redo[len(g.redo)-1] = step{}
			g.redo = g.redo[:len(g.redo)-1]
			before := r.State.Clone()
			if _, err := r.Apply(s.op); err != nil {
				panic(fmt.Sprintf("model: redoing %s: %v", s.op, err))
			}
			g.push(s.op, &before)
			names = append(names, s.op.String())
		}
		g.State = r.State
	}
	r := g.result(asked, true)
	// Say what was taken back or done again: "undid: move C3 C6", "redid 2: draw, move W F1".
	done := map[string]string{"undo": "undid", "redo": "redid"}[verb]
	if n > 1 {
		done += " " + strconv.Itoa(n)
	}
	const shown = 5
	if len(names) > shown {
		names = append(names[:shown], "...")
	}
	r.Note = done + ": " + strings.Join(names, ", ")
	return r, nil
}

// draw turns cards from the stock onto the waste, or recycles the waste, as one step.
func (g *Game) draw() (Result, error) {
	before := g.State.Clone()
	note, err := g.turnStock()
	if err != nil {
		return Result{}, err
	}
	r := g.finish(Draw{}, before)
	r.Note = note
	return r, nil
}

// turnStock does the stock mechanics of help draw and says what it did when worth saying.
func (g *Game) turnStock() (string, error) {
	if g.Def.StockDeal != nil {
		return g.dealStock()
	}
	ss, ws := g.pilesOf(Stock), g.pilesOf(Waste)
	if len(ss) == 0 || len(ws) == 0 || g.Def.Draw == 0 {
		return "", &RefusalError{Kind: RefusedNoStock, Game: g.Info.Name}
	}
	s, w := &g.State.Piles[ss[0]], &g.State.Piles[ws[0]]
	if s.Empty() {
		if w.Empty() {
			return "", &RefusalError{Kind: RefusedStockEmpty, From: g.Def.Ref(ss[0])}
		}
		if g.PassesLeft() == 0 {
			return "", &RefusalError{Kind: RefusedNoPasses, From: g.Def.Ref(ss[0]), Game: g.Info.Name, Most: g.Def.Passes}
		}
		for k := len(w.Cards) - 1; k >= 0; k-- {
			s.Cards = append(s.Cards, w.Cards[k])
		}
		s.Down = len(s.Cards)
		w.Cards, w.Down = w.Cards[:0], 0
		g.State.Recycles++
		g.State.Fan = 0
		g.settle() // a stock whose top lies face up turns it (Pyramid)
		note := "recycled the waste into the stock"
		if left := g.PassesLeft(); left >= 0 {
			note += fmt.Sprintf(" (%s left)", Plural(left, "recycle"))
		}
		return note, nil
	}
	n := min(g.Def.Draw, len(s.Cards))
	for k := 0; k < n; k++ {
		w.Cards = append(w.Cards, s.Cards[len(s.Cards)-1])
		s.Cards = s.Cards[:len(s.Cards)-1]
	}
	s.Down = len(s.Cards)
	w.Down = 0
	g.State.Fan = n
	g.settle()
	return "", nil
}

// dealStock deals the stock onto piles (Algerian): Each cards to every pile of To, or, when too
// few cards are left for that, FinalEach cards to each pile of Final. There is no redeal.
func (g *Game) dealStock() (string, error) {
	sd := g.Def.StockDeal
	s := &g.State.Piles[g.pilesOf(Stock)[0]]
	if s.Empty() {
		return "", &RefusalError{Kind: RefusedNoRedeal, From: g.Def.Ref(g.pilesOf(Stock)[0]), Game: g.Info.Name}
	}
	to, each := sd.To, sd.Each
	if len(s.Cards) < len(to)*each && len(sd.Final) > 0 {
		// Too few cards for a whole deal: the final piles get them (where the game has none,
		// as Spider, a position's short stock is dealt in order, as far as it goes).
		to, each = sd.Final, sd.FinalEach
	}
	if i := g.dealEmpty(); i >= 0 {
		return "", &RefusalError{Kind: RefusedDealEmpty, To: g.Def.Ref(i), Game: g.Info.Name}
	}
	for _, name := range to {
		p := &g.State.Piles[g.Def.pileIndex(name)]
		for k := 0; k < each && !s.Empty(); k++ {
			p.Cards = append(p.Cards, s.Cards[len(s.Cards)-1])
			s.Cards = s.Cards[:len(s.Cards)-1]
		}
	}
	s.Down = len(s.Cards)
	g.settle()
	return "", nil
}

// dealEmpty is the first empty pile that keeps a stock dealt onto piles from dealing
// (StockDeal.Full), or -1.
func (g *Game) dealEmpty() int {
	if sd := g.Def.StockDeal; sd != nil && sd.Full {
		for _, name := range sd.To {
			if i := g.Def.pileIndex(name); g.State.Piles[i].Empty() {
				return i
			}
		}
	}
	return -1
}

// DealsLeft counts the deals left in a stock that deals onto piles, and whether the last is the final one.
func (g *Game) DealsLeft() (deals int, final bool) {
	sd := g.Def.StockDeal
	ss := g.pilesOf(Stock)
	if sd == nil || len(ss) == 0 {
		return 0, false
	}
	n := g.State.Piles[ss[0]].Len()
	full := len(sd.To) * sd.Each
	return n / full, n%full > 0
}

// auto plays every safe card home, as one step.
func (g *Game) auto() (Result, error) {
	return g.sendHome(Auto{}, g.safe, "no card can safely go to the foundations now")
}

// purge sends every useless top card home, as one step (La Peau, help lapeau).
func (g *Game) purge() (Result, error) {
	if !g.Def.Purge {
		return Result{}, &RefusalError{Kind: RefusedNotThisGame, Op: Purge{}, Game: g.Info.Name}
	}
	return g.sendHome(Purge{}, g.useless, "no card is useless in play yet")
}

// sendHome plays home the cards allow accepts, as the one step op; none is the error none.
func (g *Game) sendHome(op Op, allow func(Card) bool, none string) (Result, error) {
	before := g.State.Clone()
	moved := g.playHome(allow)
	if len(moved) == 0 {
		// Nothing to do is a notice, not a failed command: a script goes on.
		return Result{Op: op, Note: none}, nil
	}
	r := g.finish(op, before)
	r.Auto = append(moved, r.Auto...)
	return r, nil
}

// policyNames are the policies' names by the value of the alternate option.
var policyNames = map[string]string{"false": "same-suit", "true": "alternate"}

// setPolicy switches the stacking policy before the first move (La Peau's Switch button).
func (g *Game) setPolicy(name string) (Result, error) {
	if g.Info.Spec("alternate") == nil {
		return Result{}, &RefusalError{Kind: RefusedNotThisGame, Op: Policy{Name: name}, Game: g.Info.Name}
	}
	var alt string
	switch name {
	case "same-suit", "same", "suit":
		alt = "false"
	case "alternate", "alternate-colour", "alternate-color", "alt":
		alt = "true"
	default:
		return Result{}, &RefusalError{Kind: RefusedPolicy, Op: Policy{Name: name}}
	}
	if len(g.undo) > 0 || len(g.redo) > 0 {
		return Result{}, &RefusalError{Kind: RefusedPolicyLate, Op: Policy{Name: policyNames[alt]}}
	}
	opts := Options{}
	for k, v := range g.Config.Options {
		opts[k] = v
	}
	opts["alternate"] = alt
	g.Config.Options = opts
	g.Def = g.Info.define(opts).link()
	r := g.result(Policy{Name: policyNames[alt]}, true)
	return r, nil
}

// playHome moves cards to the foundations until none can go: those the predicate allows, or,
// with none, everything, drawing from the stock when stuck (used once the deal is won).
func (g *Game) playHome(allow func(Card) bool) []Move {
	var moved []Move
	stuck := 0
	for guard := 0; guard < 10000; guard++ {
		progress := false
		for _, from := range g.homeSources() {
			c := g.State.Piles[from].Top()
			if allow != nil && !allow(c) {
				continue
			}
			for _, to := range g.pilesOf(Foundation) {
				if g.takeable(from) > 0 && g.canMove(from, to, 1) {
					g.moveCards(from, to, 1)
					moved = append(moved, Move{From: g.Def.Ref(from), To: g.Def.Ref(to)})
					progress = true
					break
				}
			}
			if progress {
				break
			}
		}
		if progress {
			stuck = 0
			continue
		}
		if allow != nil || g.Won() {
			break
		}
		// Nothing playable on the board: turn the stock, as a player finishing the deal would.
		if stuck > 2*52*g.Def.Decks {
			break
		}
		if _, err := g.turnStock(); err != nil {
			break
		}
		stuck++
	}
	return moved
}

// playRuns sends every complete run a foundation takes there, column by column, to the first
// foundation that takes it (Def.RunsHome), and returns the moves.
func (g *Game) playRuns() []Move {
	var moved []Move
	for again := true; again; {
		again = false
		for _, from := range g.pilesOf(Tableau) {
			if g.takeable(from) < int(King) {
				continue
			}
			for _, to := range g.pilesOf(Foundation) {
				if g.canMove(from, to, int(King)) {
					g.moveCards(from, to, int(King))
					moved = append(moved, Move{From: g.Def.Ref(from), To: g.Def.Ref(to), N: int(King)})
					again = true
					break
				}
			}
		}
	}
	return moved
}

// homeSources lists the piles whose top card may be played, lowest rank first.
func (g *Game) homeSources() []int {
	var out []int
	for i := range g.Def.Piles {
		switch g.Def.Piles[i].Role {
		case Tableau, Cell, Reserve, Waste:
			if g.State.Piles[i].FaceUp() > 0 {
				out = append(out, i)
			}
		}
	}
	// lowest first, so the auto sequence reads naturally
	for a := 1; a < len(out); a++ {
		for b := a; b > 0 && g.State.Piles[out[b]].Top().Rank() < g.State.Piles[out[b-1]].Top().Rank(); b-- {
			out[b], out[b-1] = out[b-1], out[b]
		}
	}
	return out
}

// Safe reports whether auto would send c home: no card that could still want to be built on
// it in the tableau remains in play. The solver keeps its own copy of this rule on its compact
// board, and its perft test holds the two equal through Safe.
func (g *Game) Safe(c Card) bool { return g.safe(c) }

// safe reports whether playing c home can never cost a move: no card that could still want
// to be built on c in the tableau remains in play (Aces aside, which always go home). Where
// the columns wrap (a king on an ace), an ace is a card like any other: it may hold a king,
// and it may need a place itself, so no rank is safe by itself.
func (g *Game) safe(c Card) bool {
	if !g.Def.HomeInOrder() {
		return false
	}
	if c.Rank() <= 2 && !g.Def.Wraps() {
		return true
	}
	return g.everyFollower(c, func(x Card, home int) bool { return home >= g.Def.Copies(x) })
}

// useless reports whether card c is no longer needed in play: every card that could be built
// on it is home or could go home directly (help lapeau, La Peau's purge).
func (g *Game) useless(c Card) bool {
	return g.everyFollower(c, func(x Card, home int) bool {
		return home >= g.Def.Copies(x) || g.homeTop(x.Suit()) >= x.Rank()-1
	})
}

// everyFollower reports whether ok holds for every card that the tableau's rule lets be built
// on c, given how many copies of it are home: the question safe and useless both ask. With no
// tableau rule nothing is ever built on c.
func (g *Game) everyFollower(c Card, ok func(x Card, home int) bool) bool {
	tr := g.Def.tableauRule()
	if tr == nil {
		return true
	}
	home := g.homeCounts()
	low := Rank(2)
	if g.Def.Wraps() {
		low = Ace
	}
	for r := low; r <= King; r++ {
		for _, s := range Suits {
			if x := NewCard(r, s); x != c && tr.Follows(g.State.Base, c, x) && !ok(x, home[x]) {
				return false
			}
		}
	}
	return true
}

// homeCounts counts the cards on the foundations.
func (g *Game) homeCounts() map[Card]int {
	home := make(map[Card]int)
	for _, i := range g.pilesOf(Foundation) {
		for _, x := range g.State.Piles[i].Cards {
			home[x]++
		}
	}
	return home
}

// homeTop is the highest rank on top of a foundation of the suit, 0 if none.
func (g *Game) homeTop(s Suit) Rank {
	var top Rank
	for _, i := range g.pilesOf(Foundation) {
		if p := &g.State.Piles[i]; !p.Empty() && p.Top().Suit() == s && p.Top().Rank() > top {
			top = p.Top().Rank()
		}
	}
	return top
}

// finishable reports whether the deal is trivially won: no face-down card, no reserve card,
// every column an ordered sequence, and the stock either empty or draw-1 with unlimited passes.
func (g *Game) finishable() bool {
	if g.Won() {
		return false
	}
	stockLeft := false
	for i := range g.Def.Piles {
		p := &g.State.Piles[i]
		spec := &g.Def.Piles[i]
		switch spec.Role {
		case Tableau:
			if p.Down > 0 {
				return false
			}
			for k := 1; k < len(p.Cards); k++ {
				if !spec.Rule.Follows(g.State.Base, p.Cards[k-1], p.Cards[k]) {
					return false
				}
			}
		case Reserve:
			if !p.Empty() {
				return false
			}
		case Stock, Waste:
			if !p.Empty() {
				stockLeft = true
			}
		}
	}
	return !stockLeft || (g.Def.Draw == 1 && g.Def.Passes == 0)
}
