package model

// Scoring as Windows Solitaire keeps it (untimed), for the games with a scoring option
// (Klondike). The score is a pure function of the moves in the history since the last restart,
// so undo takes back the points of what it undoes and redo gives them again: neither can earn
// points that the moves on the board did not.

// Scoring systems: the values of the scoring option.
const (
	ScoringStandard = "standard"
	ScoringVegas    = "vegas"
	ScoringNone     = "none"
)

// VegasAnte is what a Vegas deal costs, in dollars; VegasCard is what each card played to a
// foundation pays back.
const (
	VegasAnte = 52
	VegasCard = 5
)

// ScoreEvent is something a step of the game did that a scoring system counts.
type ScoreEvent uint8

// The events of Windows' standard scoring.
const (
	WasteToTableau      ScoreEvent = iota // a card from the waste to a column
	WasteToFoundation                     // a card from the waste to a foundation
	TableauToFoundation                   // a card from a column to a foundation
	FoundationToTableau                   // a card taken back from a foundation
	TurnOver                              // a face-down column card turned face up
	Recycle                               // the waste turned back into the stock (past the free passes)
	Step                                  // any command that changed the board (Spider's -1 a move)
)

// standardPoints is Windows' standard scoring: points per event. Recycle depends on the draw
// (recyclePenalty). A card from one column to another scores nothing (Windows CE gave +3,
// which moving a card back and forth would farm).
var standardPoints = map[ScoreEvent]int{
	WasteToTableau:      5,
	WasteToFoundation:   10,
	TableauToFoundation: 10,
	FoundationToTableau: -15,
	TurnOver:            5,
}

// recyclePenalty is the cost of turning the waste over, by draw, and the number of turns that
// are free: draw 1 pays for every pass after the first, draw 3 for every pass after the third.
var recyclePenalty = map[int]struct{ points, free int }{
	1: {-100, 0},
	3: {-20, 2},
}

// Score is a game's score under its scoring system.
type Score struct {
	System string `json:"system"` // ScoringStandard, ScoringVegas, or "" when the game keeps no score
	Points int    `json:"points"` // points (standard) or dollars (Vegas: -52 at the deal, +5 a card home)
}

// Scoring is the game's scoring system, "" for a game without scoring or with scoring=none.
func (g *Game) Scoring() string {
	switch s := g.Config.Options["scoring"]; s {
	case ScoringStandard, ScoringVegas:
		return s
	}
	return ""
}

// Score computes the score of the deal as played since its start or its last restart. It keeps
// the scores of the steps in the history, so it is not safe to call from two goroutines at once.
func (g *Game) Score() Score {
	sys := g.Scoring()
	switch sys {
	case "":
		return Score{}
	case ScoringVegas:
		// Vegas pays for the cards home, however they got there.
		return Score{System: sys, Points: VegasCard*g.foundationCards(&g.State) - VegasAnte}
	}
	from := 0
	if k := len(g.restarts); k > 0 {
		from = g.restarts[k-1] + 1
	}
	// Go on from the last step whose score is known: each step's score is kept in the history,
	// which undo truncates and redo refills, so it is always the score of the moves on the tape.
	k := len(g.undo)
	for k > from && !g.undo[k-1].scored {
		k--
	}
	points := g.Def.ScoreStart
	if k > from {
		points = int(g.undo[k-1].points)
	}
	if k == len(g.undo) {
		return Score{System: sys, Points: points}
	}
	r := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.before(k), start: g.start, quiet: true, replay: true}
	for j := k; j < len(g.undo); j++ {
		before := r.State.Clone()
		res, err := r.Apply(g.undo[j].op)
		if err != nil {
			break // cannot happen: these commands were applied to these very positions
		}
		for _, e := range g.scoreEvents(&before, &r.State, res) {
			points += g.points(e, r.State.Recycles)
		}
		// Windows' standard score never goes below 0, nor Spider's (help spider).
		points = max(points, 0)
		g.undo[j].points, g.undo[j].scored = int32(points), true
	}
	return Score{System: sys, Points: points}
}

// points is what one event is worth in standard scoring; recycles is the number of turns of
// the waste so far, the one scored included.
func (g *Game) points(e ScoreEvent, recycles int) int {
	if g.Def.Points != nil {
		return g.Def.Points[e]
	}
	if e != Recycle {
		return standardPoints[e]
	}
	p, ok := recyclePenalty[g.Def.Draw]
	if !ok || recycles <= p.free {
		return 0
	}
	return p.points
}

// scoreEvents lists what one step did, from the moves it made (the command's own and the
// automatic ones after it) and from the change of position (turned cards, recycles).
func (g *Game) scoreEvents(before, after *State, res Result) []ScoreEvent {
	out := []ScoreEvent{Step}
	moves := res.Auto
	if m, ok := res.Op.(Move); ok {
		moves = append([]Move{m}, moves...)
	}
	for _, m := range moves {
		from, to := g.Def.pileIndex(m.From.String()), g.Def.pileIndex(m.To.String())
		if from < 0 || to < 0 {
			continue
		}
		if e, ok := moveEvent(g.Def.Piles[from].Role, g.Def.Piles[to].Role); ok {
			out = append(out, e)
		}
	}
	for i := range before.Piles {
		if g.Def.Piles[i].Role == Tableau && after.Piles[i].Down < before.Piles[i].Down {
			for range before.Piles[i].Down - after.Piles[i].Down {
				out = append(out, TurnOver)
			}
		}
	}
	for range after.Recycles - before.Recycles {
		out = append(out, Recycle)
	}
	return out
}

// moveEvent is the event of a card moved from a pile of one role to one of another.
func moveEvent(from, to Role) (ScoreEvent, bool) {
	switch {
	case from == Waste && to == Tableau:
		return WasteToTableau, true
	case from == Waste && to == Foundation:
		return WasteToFoundation, true
	case from == Tableau && to == Foundation:
		return TableauToFoundation, true
	case from == Foundation && to == Tableau:
		return FoundationToTableau, true
	}
	return 0, false
}

// foundationCards counts the cards on the foundations.
func (g *Game) foundationCards(st *State) int {
	n := 0
	for i := range st.Piles {
		if g.Def.Piles[i].Role == Foundation {
			n += len(st.Piles[i].Cards)
		}
	}
	return n
}

// scoringOption is the choice of scoring system, for the games that keep a score.
var scoringOption = OptionSpec{Key: "scoring", Kind: OptEnum, Default: ScoringStandard,
	Values: []string{ScoringStandard, ScoringVegas, ScoringNone},
	Help:   "score kept: standard (Windows' points), vegas ($52 a deal, $5 a card home) or none"}

// vegasPasses is the number of passes Windows allows in Vegas scoring, by draw: the pass limit
// of scoring=vegas when passes is left unlimited.
var vegasPasses = map[int]int{1: 1, 3: 3}
