package model

// Position is a game's state in the shape `--format json` prints and positions are loaded from.
type Position struct {
	Game     string         `json:"game"`
	Seed     uint64         `json:"seed,omitempty"`
	Deal     int64          `json:"deal,omitempty"`
	Options  Options        `json:"options"`
	Moves    int            `json:"moves"`
	Won      bool           `json:"won"`
	Base     int            `json:"base,omitempty"`     // the foundations' base rank, in games that deal one
	Recycles int            `json:"recycles,omitempty"` // times the waste was turned over
	Piles    []PilePosition `json:"piles"`
}

// PilePosition is one pile of a Position: cards bottom first, face-down cards shown as "??".
type PilePosition struct {
	Name     string   `json:"name"`
	Cards    []string `json:"cards"`
	FaceDown int      `json:"face_down"`
}

// Position describes the current state, piles in board order, face-down cards hidden as "??".
func (g *Game) Position() Position { return g.describe(&g.State, false) }

// StartPosition describes the state the game started from, naming every card, so that
// LoadPosition can start the same game again (saves of games begun from a position use it).
func (g *Game) StartPosition() Position {
	pos := g.describe(&g.start, true)
	pos.Moves, pos.Won = 0, false
	return pos
}

func (g *Game) describe(st *State, reveal bool) Position {
	pos := Position{Game: g.Info.Name, Seed: g.Config.Seed, Deal: g.Config.Deal, Options: g.Config.Options,
		Moves: g.Moves(), Won: g.Won(), Base: int(st.Base), Recycles: st.Recycles, Piles: make([]PilePosition, len(g.Def.Piles))}
	if pos.Deal != 0 {
		pos.Seed = 0
	}
	for i, spec := range g.Def.Piles {
		p := &st.Piles[i]
		down := p.Down
		if !reveal && st == &g.State {
			down = g.FaceDown(i)
		}
		cards := make([]string, len(p.Cards))
		for k, c := range p.Cards {
			if k < down && !reveal {
				cards[k] = "??"
			} else {
				cards[k] = c.String()
			}
		}
		pos.Piles[i] = PilePosition{Name: spec.Name, Cards: cards, FaceDown: down}
	}
	return pos
}

// FreeSpace counts empty free cells and empty columns, and the longest run that may move
// onto a card now by the game's group-move rule.
func (g *Game) FreeSpace() (cells, cols, maxRun int) {
	cells, cols = g.empties(-1, -1, false)
	maxRun = 1 << 20
	if cs := g.pilesOf(Tableau); len(cs) > 0 {
		// Measured as a move between two non-empty columns: a column that is neither source nor destination.
		maxRun = g.groupLimit(-1, -1)
	}
	return cells, cols, maxRun
}
