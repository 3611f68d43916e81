// Package controller owns the loop: it reads lines, parses them, applies them to the game and
// shows the result, at the interactive prompt or in script mode. It is the only package that
// touches terminals and files.
package controller

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// Exit codes, as gojq names them.
const (
	ExitOK     = 0 // every command ran
	ExitFailed = 1 // a command was invalid (script mode)
	ExitUsage  = 2 // bad command line
	ExitError  = 3 // the program could not run (I/O)

	// solitaire solve, and solitaire review (reviewStatus).
	ExitUnsolvable  = 4   // a deal has no win: the solver searched every position (review: the game is lost)
	ExitGaveUp      = 5   // the solver stopped at a limit before it knew
	ExitInterrupted = 130 // Ctrl-C stopped the solver (128 + SIGINT, as shells report it)
)

// Clock tells the time; tests freeze it.
type Clock func() time.Time

// Session is one player's game and the things around it: options, clock and style.
type Session struct {
	Game    *model.Game
	Style   view.Style
	clock   Clock
	started time.Time
	spent   time.Duration // time spent before this session (a resumed game)
	json    bool          // script output is JSON states

	saver                // the state folder: saves, statistics, the claim on a game's save (persist.go)
	script   bool        // RunScript: save asks no question (save FILE force replaces a save)
	assist   assistant   // the solver's help: hint, solve, demo, the watcher
	display  display     // how that help shows itself while the line being run runs (runLineOn)
	running  string      // the command being run, as typed (a demo announces it before its moves)
	notation string      // "" or "standard": the notation lines are read and moves written in (SetNotation, codec)
	paused   bool        // pause: the clock stops until the next command
	confirm  bool        // new, load and restart ask before abandoning a game in progress
	dealtBy  boardOrigin // the board file the game was dealt from (play freecell --board FILE)

	// question, when set, takes the prompt's next line as its answer (ask, confirm.go).
	question *question
}

// NewSession starts a session on a new game.
func NewSession(cfg model.Config, style view.Style, clock Clock) (*Session, error) {
	if clock == nil {
		clock = time.Now
	}
	g, err := NewGame(cfg)
	if err != nil {
		return nil, err
	}
	return &Session{Game: g, Style: style, clock: clock, started: clock()}, nil
}

// NewGame deals a game, choosing a random seed (or, for FreeCell, a deal number 1-32000) when none is given.
func NewGame(cfg model.Config) (*model.Game, error) {
	if cfg.Game == "" {
		cfg.Game = "klondike"
	}
	info, err := model.LookupGame(cfg.Game)
	if err != nil {
		return nil, err
	}
	if cfg.Seed == 0 && cfg.Deal == 0 {
		if info.Numbered {
			cfg.Deal = rand.Int64N(32000) + 1
		} else {
			cfg.Seed = rand.Uint64N(999_999_999) + 1
		}
	}
	return model.NewGame(cfg)
}

// Elapsed is the time spent on the current game.
// The clock counts playing time: it stops at the win and while paused, and a gap between two
// commands counts at most idleCap (a player who walked away is not playing).
func (s *Session) Elapsed() time.Duration {
	if s.paused || s.Game.Won() {
		return s.spent
	}
	return s.spent + min(s.clock().Sub(s.started), idleCap)
}

// idleCap is the most a gap between two commands adds to the time.
const idleCap = time.Minute

// tick adds the time since the last command to the game's time; every command does it first.
func (s *Session) tick() {
	s.spent, s.started, s.paused = s.Elapsed(), s.clock(), false
}

// Outcome is what one command produced, for the loop to show.
type Outcome struct {
	Message string        // text to print below the board
	Board   bool          // the board should be shown again
	Watch   string        // what the watcher says of the position reached, also in Message: --quiet shows it with the boards left out
	Hint    model.Op      // the command a hint suggests, if any (a field of its own in JSON output)
	Review  *ReviewReport // what review found (a field of its own in JSON output)
	Quit    bool
}

// Do runs one parsed command: a session command here, a game operation through Exec.
func (s *Session) Do(c parser.Command) (Outcome, error) {
	var out Outcome
	var err error
	if c.Session != nil {
		out, err = s.session(c.Session)
	} else {
		out, err = s.Exec(c.Op)
	}
	if err != nil {
		return out, err
	}
	return s.watched(out), nil
}

// session runs a command about the session: games, files, pages, the clock and the solver's
// assistance.
func (s *Session) session(cmd parser.Session) (Outcome, error) {
	s.tick()
	switch o := cmd.(type) {
	case parser.Quit:
		return Outcome{Quit: true}, nil
	case parser.Pause:
		s.paused = !s.Game.Won()
		return Outcome{Message: fmt.Sprintf("paused at %s: the clock waits for your next command", view.Duration(s.Elapsed()))}, nil
	case parser.Help:
		page, err := HelpText(o.Topic, s.textStyle().Color)
		if err != nil {
			return Outcome{}, err
		}
		return Outcome{Message: page}, nil
	case parser.Show:
		return Outcome{Board: true}, nil
	case parser.Time:
		return Outcome{Message: fmt.Sprintf("time: %s, %s", view.Duration(s.Elapsed()), model.Plural(s.Game.Moves(), "move"))}, nil
	case parser.Solve:
		return s.solveCmd(o.Play)
	case parser.Watch:
		return s.watchCmd(o.Mode)
	case parser.Review:
		return s.reviewCmd(o.Seconds)
	case parser.New:
		what, run, err := s.newGame(o)
		if err != nil {
			return Outcome{}, err
		}
		return s.abandonFirst(parser.Command{Session: cmd}, what, run)
	case parser.Load:
		what, run, err := s.load(o.Path)
		if err != nil {
			return Outcome{}, err
		}
		return s.abandonFirst(parser.Command{Session: cmd}, what, run)
	case parser.ListGames:
		return Outcome{Message: strings.TrimRight(GamesList(GamesHowPrompt), "\n")}, nil
	case parser.Switch:
		return s.switchGame(o.Game)
	case parser.Save:
		return s.saveTo(o.Path, o.Force)
	case parser.Export:
		return s.export(o.Path, o.Force)
	case parser.History:
		return Outcome{Message: strings.TrimRight(s.historyScript(), "\n")}, nil
	case parser.Stats:
		return s.stats(o.Game)
	}
	return Outcome{}, fmt.Errorf("%s is not a command of this program", cmd)
}

// Exec runs one command that plays or asks about the game.
func (s *Session) Exec(op model.Op) (Outcome, error) {
	s.tick()
	if _, ok := op.(model.Restart); ok {
		return s.abandonFirst(parser.Command{Op: op}, "the same deal again, from the start", func() (Outcome, error) { return s.apply(op) })
	}
	return s.apply(op)
}

// apply runs a command that plays or asks about the game, with no question asked.
func (s *Session) apply(op model.Op) (Outcome, error) {
	switch op.(type) {
	case model.Moves:
		return Outcome{Message: s.legalMoves()}, nil
	case model.Hint:
		return s.hint()
	}
	r, err := s.Game.Apply(op)
	if err != nil {
		return Outcome{}, err
	}
	if _, ok := op.(model.Restart); ok && r.Changed {
		s.started, s.spent = s.clock(), 0
	}
	// The watcher looks at the position reached after the command (Do, look).
	return Outcome{Board: true, Message: strings.TrimRight(view.Result(s.Game, r, s.textStyle(), s.Elapsed()), "\n")}, nil
}

// board renders the board, with the watcher's verdict in the status line when it is on.
func (s *Session) board() string {
	note := s.status()
	if v := s.vegasNote(); v != "" {
		note = strings.TrimSpace(v + "  " + note)
	}
	return view.BoardNote(s.Game, s.Style, s.Elapsed(), note)
}

// describe names the current deal so it can be replayed.
func (s *Session) describe() string { return describeDeal(s.Game) }

// describeDeal names a game's deal so it can be replayed: "Klondike seed 7", "FreeCell deal
// 617", or, for a game that started from a file (--position, load, --board), which has no
// seed, "FreeCell position", as its status line says.
func describeDeal(g *model.Game) string {
	c := g.Config
	switch {
	case c.Deal != 0:
		return fmt.Sprintf("%s deal %d", g.Info.Title, c.Deal)
	case c.Seed != 0:
		return fmt.Sprintf("%s seed %d", g.Info.Title, c.Seed)
	}
	return g.Info.Title + " position"
}

// newGame checks `new [GAME] [key=value ...]` and deals its game, changing nothing: what says
// what it deals, and run puts it in play. The same game keeps its options unless overridden.
// winnable=true deals the first deal from the seed on that the solver wins: run searches.
func (s *Session) newGame(o parser.New) (what string, run func() (Outcome, error), err error) {
	cfg, winnable, err := s.newConfig(o)
	if err != nil {
		return "", nil, err
	}
	dealt := func() (Outcome, error) {
		msg := "new game: " + s.describe()
		if w := s.TakeWarning(); w != "" {
			msg += "\n" + w // e.g. which deals winnable=true skipped: scripts see it too
		}
		return Outcome{Board: true, Message: msg}, nil
	}
	if winnable {
		info, _ := model.LookupGame(cfg.Game)
		return "a new deal of " + info.Title + " that the solver wins", func() (Outcome, error) {
			if err := s.newWinnable(cfg); err != nil {
				return Outcome{}, err
			}
			return dealt()
		}, nil
	}
	g, err := NewGame(cfg)
	if err != nil {
		return "", nil, err
	}
	return "a new deal, " + describeDeal(g), func() (Outcome, error) {
		s.replace(g, store.Progress{})
		return dealt()
	}, nil
}

// newConfig reads `new [GAME] [key=value ...]`: the deal it asks for, and whether it must be
// one the solver wins.
func (s *Session) newConfig(o parser.New) (model.Config, bool, error) {
	cfg := model.Config{Game: s.Game.Info.Name}
	var pairs []model.Option
	if o.Game != "" {
		info, err := model.LookupGame(o.Game)
		switch {
		case err == nil:
			cfg.Game = info.Name
		case s.Game.Info.Spec(o.Game) != nil:
			// "new open": a bare option of this game, not a game's name.
			o.Options = append([]model.Option{{Key: o.Game}}, o.Options...)
		default:
			return cfg, false, err
		}
	}
	var base model.Options // the same game keeps its options; a preset given now wins over them
	if cfg.Game == s.Game.Info.Name {
		base = s.Game.Config.Options
	}
	winnable := false // not a rule of the game: it picks the deal, and no save keeps it
	for _, p := range o.Options {
		var err error
		switch strings.ToLower(p.Key) {
		case "winnable":
			if winnable, err = parseWinnable(p.Value); err != nil {
				return cfg, false, err
			}
		case "seed":
			cfg.Seed, err = strconv.ParseUint(p.Value, 10, 64)
			if err != nil || cfg.Seed == 0 {
				return cfg, false, fmt.Errorf("seed=%s: a seed is a whole number from 1 to %d", p.Value, uint64(1<<64-1))
			}
		case "deal":
			cfg.Deal, err = strconv.ParseInt(p.Value, 10, 64)
			if err != nil || cfg.Deal < 1 || cfg.Deal > model.MaxMSDeal {
				return cfg, false, fmt.Errorf("deal=%s: a deal number is a whole number from 1 to %d", p.Value, model.MaxMSDeal)
			}
		default:
			pairs = append(pairs, p)
		}
	}
	info, _ := model.LookupGame(cfg.Game)
	opts, err := info.OptionsOver(base, pairs)
	var unknown *model.UnknownOptionError
	if errors.As(err, &unknown) {
		// new takes the deal's keys too, which are no option of the game: list them as well.
		return cfg, false, fmt.Errorf("%s has no option %q; new %s takes: %s", unknown.Game, unknown.Key, unknown.Game, newKeys(info, unknown.Options))
	}
	if err != nil {
		return cfg, false, err
	}
	cfg.Options = opts
	cfg.Seed, cfg.Deal, err = info.Numbering(cfg.Seed, cfg.Deal)
	return cfg, winnable, err
}

// newKeys lists what new GAME takes: the game's options (options, as the model lists them) and
// the keys that pick the deal, deal= only where the game has numbered deals.
func newKeys(info *model.GameInfo, options string) string {
	deal := "seed and winnable"
	if info.Numbered {
		deal = "deal, seed and winnable"
	}
	if options == "none" {
		return deal
	}
	return options + ", " + deal
}

// distinctMoves is the legal commands with one command for each position they lead to: the
// shortest, so "C3 C1" stands for "C3 C1 2" when both move the same cards.
func distinctMoves(g *model.Game) []model.Op {
	var ops []model.Op
	var after []model.State
	for _, op := range g.Legal() {
		next, _ := g.Back(0)
		if _, err := next.Play(op); err != nil {
			continue
		}
		if i := slices.IndexFunc(after, func(st model.State) bool { return st.Equal(&next.State) }); i >= 0 {
			if len(op.String()) < len(ops[i].String()) {
				ops[i] = op
			}
			continue
		}
		ops, after = append(ops, op), append(after, next.State)
	}
	if g.AutoCount() > 0 {
		// Auto sends the safe cards home as one command (help auto), and lines use it where it
		// sends more than a move would.
		next, _ := g.Back(0)
		if _, err := next.Play(model.Auto{}); err == nil && !slices.ContainsFunc(after, func(st model.State) bool { return st.Equal(&next.State) }) {
			ops = append(ops, model.Auto{})
		}
	}
	return ops
}

// legalMoves lists the legal commands, each distinct move once, wrapped to 80 columns (on
// one line in --format json, which programs read).
func (s *Session) legalMoves() string {
	ops := distinctMoves(s.Game)
	if len(ops) == 0 {
		return "moves: none; undo, restart or new"
	}
	var b strings.Builder
	line := fmt.Sprintf("moves (%d):", len(ops))
	for i, op := range ops {
		w := " " + strings.TrimPrefix(op.String(), "move ")
		if i < len(ops)-1 {
			w += ","
		}
		if !s.json && len(line)+len(w) > 80 {
			b.WriteString(line + "\n")
			line = " "
		}
		line += w
	}
	b.WriteString(line)
	if left := s.Game.DeadEndLeft(); left != "" {
		// The board says "No more moves" here: say why these do not count, in the words hint
		// uses, so that the notice, moves and hint never contradict each other.
		line = "No more moves: nothing is left but"
		for _, w := range strings.Fields(left) {
			if !s.json && len(line)+1+len(w) > 80 {
				b.WriteString("\n" + line)
				line = ""
			}
			line = strings.TrimPrefix(line+" "+w, " ")
		}
		b.WriteString("\n" + line)
	}
	return b.String()
}

// lineError is an error at a position of an input line: Msg as the player reads it, and the
// error it says (Err), whose refusal --format json gives field by field (view.ErrorJSON).
type lineError struct {
	Line, Column int
	Msg          string
	Err          error
}

func (e *lineError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg) }

func (e *lineError) Unwrap() error { return e.Err }

// refusal is the message of a command that failed: the command, then why, each card in both
// drawn as the board draws cards (7♠ or 7S; letters in --format json).
func (s *Session) refusal(command model.Worded, err error) string {
	return view.Words(command, s.textStyle()) + ": " + view.Error(err, s.textStyle())
}

// cardless is words with no card in them, as a model.Worded: a command that names no card.
type cardless string

func (t cardless) Words(model.CardWriter) string { return string(t) }

// textStyle is the style of the messages: the board's, or view.Plain in --format json, whose
// messages programs read: cards in letters as in its piles, no colour, no line wrapped.
func (s *Session) textStyle() view.Style {
	if s.json {
		return view.Plain
	}
	return s.Style
}

// runLine is runLineOn with the zero display: the solver's help shows nothing while it works.
func (s *Session) runLine(lineNo int, line string, each func(cmd parser.Command, out Outcome)) (quit bool, err error) {
	return s.runLineOn(display{}, lineNo, line, each)
}

// runLineOn reads one input line in the notation of the game in play (decode) and runs its
// commands in order, stopping at the first error, with the solver's help shown on d. each is
// called after every command that ran.
func (s *Session) runLineOn(d display, lineNo int, line string, each func(cmd parser.Command, out Outcome)) (quit bool, err error) {
	s.showing(d, func() { quit, err = s.runLineShown(lineNo, line, each) })
	return quit, err
}

// showing runs f with the solver's help shown on d, and then on the zero display again.
func (s *Session) showing(d display, f func()) {
	s.display = d
	defer func() { s.display = display{} }()
	f()
}

// runLineShown is runLineOn once the display is in place.
func (s *Session) runLineShown(lineNo int, line string, each func(cmd parser.Command, out Outcome)) (quit bool, err error) {
	if done, err := s.answer(lineNo, line, each); done || err != nil {
		return false, err
	}
	dec, err := s.decode(lineNo, line, 0)
	if err != nil {
		return false, err
	}
	for cmds := dec.Commands; len(cmds) > 0; {
		c, game := cmds[0], s.Game
		cmds = cmds[1:]
		s.running = c.Text
		out, err := s.Do(c)
		if err != nil {
			return false, &lineError{Line: lineNo, Column: c.Column, Msg: s.refusal(echo(c), err), Err: err}
		}
		each(c, out)
		if out.Quit {
			return true, nil
		}
		if s.Game != game && len(cmds) > 0 {
			// The rest of the line is the new game's, read in its notation: after "switch
			// freecell", "3h" is column 3 home, where the line was read as the three of hearts.
			if dec, err = s.decode(lineNo, line, cmds[0].Column-1); err != nil {
				return false, err
			}
			cmds = dec.Commands
		}
	}
	s.unneeded(dec.Unneeded, each)
	return false, nil
}
