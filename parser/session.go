package parser

import (
	"strconv"
	"strings"

	"solitaire/model"
)

// Session is a command the controller carries out: games, files, pages, the clock and the
// solver's assistance. A command that plays or asks about the game is a model.Op instead, which
// the model carries out; Parse returns one or the other.
type Session interface {
	// String is the canonical command text, which parses back to the same command.
	String() string
	isSession()
}

// action is what a parsed command means: a model.Op or a Session.
type action interface{ String() string }

// New starts a new game; Game empty means the current game with a new deal.
type New struct {
	Game    string
	Options []model.Option
}

// Load starts from a position file, in the shape --format json prints, or a save.
type Load struct{ Path string }

// Save exports the current game to a file, in the save format. Force replaces a save already
// there without asking ("save FILE force"); nothing replaces a file that is not a save.
type Save struct {
	Path  string
	Force bool
}

// Export writes the position in fc-solve's board text (FreeCell only): to the file Path, or
// printed when Path is empty. Force replaces a board already there without asking.
type Export struct {
	Path  string
	Force bool
}

// Switch moves to another game, resuming its save or dealing a new one.
type Switch struct{ Game string }

// History prints the current game's moves as a replayable script.
type History struct{}

// Stats shows the statistics of a game, or of every game when Game is empty.
type Stats struct{ Game string }

// Help shows a help page; Topic empty is the command summary.
type Help struct{ Topic string }

// Time shows the time and moves so far.
type Time struct{}

// Show draws the board again.
type Show struct{}

// Quit leaves the program.
type Quit struct{}

// ListGames lists the games of the collection.
type ListGames struct{}

// Solve asks the solver for a win from here: printed as commands, or played one move at a
// time when Play is set (typed "solve play" or "demo").
type Solve struct{ Play bool }

// Watch turns the watcher, which checks after each move whether the game can still be won, on
// or off; Mode empty shows its state.
type Watch struct{ Mode string }

// Review replays the game's history with the solver to find the move that lost the game.
// Seconds bounds the whole review; 0 is the session's budget (controller.AssistOptions).
type Review struct{ Seconds int }

// Pause stops the clock until the next command.
type Pause struct{}

func (New) isSession()       {}
func (Load) isSession()      {}
func (Save) isSession()      {}
func (Export) isSession()    {}
func (Switch) isSession()    {}
func (History) isSession()   {}
func (Stats) isSession()     {}
func (Help) isSession()      {}
func (Time) isSession()      {}
func (Show) isSession()      {}
func (Quit) isSession()      {}
func (ListGames) isSession() {}
func (Solve) isSession()     {}
func (Watch) isSession()     {}
func (Review) isSession()    {}
func (Pause) isSession()     {}

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

// String quotes the path when it holds characters the grammar would split on.
func (l Load) String() string { return "load " + pathText(l.Path) }

func (s Save) String() string {
	out := "save " + pathText(s.Path)
	if s.Force {
		out += " force"
	}
	return out
}

func (e Export) String() string {
	if e.Path == "" {
		return "export"
	}
	out := "export " + pathText(e.Path)
	if e.Force {
		out += " force"
	}
	return out
}

// pathText writes a file name as load and save take it: quoted when it holds characters the
// grammar would split on.
func pathText(p string) string {
	if strings.ContainsAny(p, " \t;#\"") || p == "" {
		return strconv.Quote(p)
	}
	return p
}

func (s Switch) String() string { return "switch " + s.Game }
func (History) String() string  { return "history" }

func (s Stats) String() string {
	if s.Game == "" {
		return "stats"
	}
	return "stats " + s.Game
}

func (h Help) String() string {
	if h.Topic == "" {
		return "help"
	}
	return "help " + h.Topic
}

func (Time) String() string      { return "time" }
func (Show) String() string      { return "show" }
func (Quit) String() string      { return "quit" }
func (ListGames) String() string { return "games" }
func (Pause) String() string     { return "pause" }

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

func (r Review) String() string {
	if r.Seconds == 0 {
		return "review"
	}
	return "review " + strconv.Itoa(r.Seconds)
}
