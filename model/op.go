package model

import (
	"fmt"
	"strconv"
	"strings"
)

// PileRef names a pile as the player typed it: a kind letter and a 1-based index.
// Index 0 means "unspecified": F alone is the foundation that fits, R alone the first empty cell.
type PileRef struct {
	Kind  byte // 'C', 'F', 'R', 'S' or 'W'
	Index int
}

// String gives the canonical pile name, e.g. "C3" or "F".
func (p PileRef) String() string {
	if p.Kind == 0 {
		return ""
	}
	if p.Index == 0 {
		return string(p.Kind)
	}
	return string(p.Kind) + strconv.Itoa(p.Index)
}

// IsZero reports whether no pile is named.
func (p PileRef) IsZero() bool { return p.Kind == 0 }

// Op is one command, as the parser produces it and the notation prints it.
type Op interface {
	// String is the canonical command text, which parses back to the same Op.
	String() string
	isOp()
}

// Move moves N cards (0: choose) from one pile to another (To zero: choose).
type Move struct {
	From, To PileRef
	N        int
}

// Draw deals from the stock, or recycles the waste when the stock is empty.
type Draw struct{}

// Undo takes back N steps.
type Undo struct{ N int }

// Redo replays N undone steps.
type Redo struct{ N int }

// Restart goes back to the start of the same deal.
type Restart struct{}

// New starts a new game; Game empty means the current game with a new deal.
type New struct {
	Game    string
	Options []Option
}

// Option is one key=value pair, as typed.
type Option struct{ Key, Value string }

// Auto plays every safe card to the foundations.
type Auto struct{}

// Moves lists the legal moves.
type Moves struct{}

// Hint suggests the most useful legal move.
type Hint struct{}

// Time shows the time spent on this game.
type Time struct{}

// Show prints the board again.
type Show struct{}

// Pause stops the clock until the next command.
type Pause struct{}

func (Pause) isOp()          {}
func (Pause) String() string { return "pause" }

// Help shows a help page.
type Help struct{ Topic string }

// Quit leaves the program.
type Quit struct{}

func (Move) isOp()    {}
func (Draw) isOp()    {}
func (Undo) isOp()    {}
func (Redo) isOp()    {}
func (Restart) isOp() {}
func (New) isOp()     {}
func (Auto) isOp()    {}
func (Moves) isOp()   {}
func (Hint) isOp()    {}
func (Time) isOp()    {}
func (Show) isOp()    {}
func (Help) isOp()    {}
func (Quit) isOp()    {}

func (m Move) String() string {
	var b strings.Builder
	b.WriteString("move ")
	b.WriteString(m.From.String())
	if !m.To.IsZero() {
		b.WriteString(" " + m.To.String())
	}
	if m.N > 0 {
		b.WriteString(" " + strconv.Itoa(m.N))
	}
	return b.String()
}

func (Draw) String() string { return "draw" }

func (u Undo) String() string { return countedString("undo", u.N) }

func (r Redo) String() string { return countedString("redo", r.N) }

func countedString(verb string, n int) string {
	if n <= 1 {
		return verb
	}
	return fmt.Sprintf("%s %d", verb, n)
}

func (Restart) String() string { return "restart" }

func (n New) String() string {
	parts := []string{"new"}
	switch {
	case n.Game != "":
		parts = append(parts, n.Game)
	case len(n.Options) > 0 && n.Options[0].Value == "":
		// "new open" would name a game open: "new game open" keeps this game.
		parts = append(parts, "game")
	}
	for _, o := range n.Options {
		if o.Value == "" {
			parts = append(parts, o.Key) // a bare key: open alone is open=true
			continue
		}
		parts = append(parts, o.Key+"="+o.Value)
	}
	return strings.Join(parts, " ")
}

func (Auto) String() string  { return "auto" }
func (Moves) String() string { return "moves" }
func (Hint) String() string  { return "hint" }
func (Time) String() string  { return "time" }
func (Show) String() string  { return "show" }

func (h Help) String() string {
	if h.Topic == "" {
		return "help"
	}
	return "help " + h.Topic
}

func (Quit) String() string { return "quit" }

// Purge sends every card that has become useless in play to the foundations (La Peau).
type Purge struct{}

// Policy switches La Peau's stacking policy before the first move.
type Policy struct{ Name string }

// ListGames lists the games of the collection.
type ListGames struct{}

// Load starts from a position file, in the shape --format json prints.
type Load struct{ Path string }

func (Purge) isOp()     {}
func (Policy) isOp()    {}
func (ListGames) isOp() {}
func (Load) isOp()      {}

func (Purge) String() string     { return "purge" }
func (p Policy) String() string  { return "policy " + p.Name }
func (ListGames) String() string { return "games" }

// String quotes the path when it holds characters the grammar would split on.
func (l Load) String() string {
	if strings.ContainsAny(l.Path, " \t;#\"") || l.Path == "" {
		return "load " + strconv.Quote(l.Path)
	}
	return "load " + l.Path
}

// Switch moves to another game, resuming its save or dealing a new one.
type Switch struct{ Game string }

// Save exports the current game to a file, in the save format. Force replaces a save already
// there without asking ("save FILE force"); nothing replaces a file that is not a save.
type Save struct {
	Path  string
	Force bool
}

// History prints the current game's moves as a replayable script.
type History struct{}

// Stats shows the statistics of a game, or of every game when Game is empty.
type Stats struct{ Game string }

func (Switch) isOp()  {}
func (Save) isOp()    {}
func (History) isOp() {}
func (Stats) isOp()   {}

func (s Switch) String() string { return "switch " + s.Game }
func (s Save) String() string {
	out := "save " + strings.TrimPrefix(Load{Path: s.Path}.String(), "load ")
	if s.Force {
		out += " force"
	}
	return out
}
func (History) String() string { return "history" }

func (s Stats) String() string {
	if s.Game == "" {
		return "stats"
	}
	return "stats " + s.Game
}

// Solve asks the solver for a win from here: printed as commands, or played one move at a
// time when Play is set (typed "solve play" or "demo").
type Solve struct{ Play bool }

// Watch turns the watcher, which checks after each move whether the game can still be won, on
// or off; Mode empty shows its state.
type Watch struct{ Mode string }

func (Solve) isOp() {}
func (Watch) isOp() {}

func (s Solve) String() string {
	if s.Play {
		return "solve play"
	}
	return "solve"
}

func (w Watch) String() string {
	if w.Mode == "" {
		return "watch"
	}
	return "watch " + w.Mode
}
