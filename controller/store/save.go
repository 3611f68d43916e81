package store

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"time"

	"solitaire/model"
	"solitaire/parser"
)

// SaveFormat and SaveVersion identify a save file; a version above ours is refused, not guessed at.
const (
	SaveFormat  = "solitaire-save"
	SaveVersion = 1
)

// Save is a game on disk: the deal (game, options, seed or deal number, or a start position)
// and the commands played, so a save is also a replayable script. Final is the position the
// commands must lead to; loading replays them and checks it.
type Save struct {
	Format   string               `json:"format"`
	Version  int                  `json:"version"`
	Game     string               `json:"game"`
	ID       string               `json:"id,omitempty"` // names the deal in the statistics' record of what was counted
	Options  model.Options        `json:"options"`
	Seed     uint64               `json:"seed,omitempty"`
	Deal     int64                `json:"deal,omitempty"`
	Start    *model.Position      `json:"start,omitempty"`
	Moves    []string             `json:"moves"`
	Redo     []string             `json:"redo,omitempty"`
	Elapsed  float64              `json:"elapsed_seconds"`
	Counted  bool                 `json:"counted,omitempty"`      // counted as played in the statistics
	Recorded bool                 `json:"won_recorded,omitempty"` // its win is in the statistics
	Hinted   bool                 `json:"hinted,omitempty"`       // hint or solve was used on the deal
	Demoed   bool                 `json:"demoed,omitempty"`       // solve play (demo) played a move of it
	Final    []model.PilePosition `json:"final"`
}

// Progress is what a save carries besides the game: time spent and what the statistics know.
// Hinted and Demoed stay set for the rest of the deal (undo and restart included), so that a
// win after help is counted as one however the help was followed.
type Progress struct {
	ID       string // the deal's id: the statistics count its once-a-deal events once
	Elapsed  time.Duration
	Counted  bool // counted as played
	Recorded bool // its end (a win, or a finish by demo) is counted
	Hinted   bool // hint or solve was used: a win counts as won with hints
	Demoed   bool // the demo played a move: a win is not the player's
}

// NewDealID is a new id for a deal: 16 random hex digits.
func NewDealID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Encode describes a game and its progress as a save.
func Encode(g *model.Game, p Progress) Save {
	s := Save{Format: SaveFormat, Version: SaveVersion, Game: g.Info.Name, ID: p.ID, Options: g.Config.Options,
		Seed: g.Config.Seed, Deal: g.Config.Deal, Moves: []string{}, Elapsed: p.Elapsed.Seconds(),
		Counted: p.Counted, Recorded: p.Recorded, Hinted: p.Hinted, Demoed: p.Demoed, Final: g.Position().Piles}
	if s.Deal != 0 {
		s.Seed = 0
	}
	if s.Seed == 0 && s.Deal == 0 {
		start := g.StartPosition()
		s.Start = &start
	}
	for _, op := range g.History() {
		s.Moves = append(s.Moves, op.String())
	}
	for _, op := range g.Redoable() {
		s.Redo = append(s.Redo, op.String())
	}
	return s
}

// Marshal renders a save as indented JSON, one move per line.
func (s Save) Marshal() []byte {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err) // only plain data: cannot fail
	}
	return append(b, '\n')
}

// ErrNotSave says the bytes are JSON but not a save (perhaps a position).
var ErrNotSave = errors.New("not a solitaire save")

// Decode reads a save and rebuilds its game by replaying the moves, checking that they lead to
// the recorded position. Any problem is an error that says what is wrong.
func Decode(data []byte) (*model.Game, Progress, error) {
	var probe struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Format != SaveFormat {
		if bytes.Contains(data, []byte(`"`+SaveFormat+`"`)) {
			return nil, Progress{}, errors.New("not valid save JSON (truncated or edited?)")
		}
		return nil, Progress{}, ErrNotSave
	}
	var s Save
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, Progress{}, fmt.Errorf("not valid save JSON: %w", err)
	}
	if dec.More() {
		return nil, Progress{}, errors.New("extra data after the save")
	}
	switch {
	case s.Format != SaveFormat:
		return nil, Progress{}, ErrNotSave
	case s.Version > SaveVersion:
		return nil, Progress{}, fmt.Errorf("written by a newer solitaire (save version %d; this one reads up to %d)", s.Version, SaveVersion)
	case s.Version < 1:
		return nil, Progress{}, fmt.Errorf("unknown save version %d", s.Version)
	}
	var g *model.Game
	var err error
	if s.Start != nil {
		g, err = model.LoadPosition(*s.Start, nil)
	} else {
		if s.Seed == 0 && s.Deal == 0 {
			return nil, Progress{}, errors.New("the save names no seed, deal number or start position")
		}
		g, err = model.NewGame(model.Config{Game: s.Game, Options: s.Options, Seed: s.Seed, Deal: s.Deal})
	}
	if err != nil {
		return nil, Progress{}, err
	}
	if s.Start != nil && len(s.Options) > 0 && !reflect.DeepEqual(g.Config.Options, s.Options) {
		return nil, Progress{}, errors.New("the options do not match the start position's")
	}
	replay := func(list string, lines []string) error {
		for i, line := range lines {
			cmds, err := parser.Parse(line)
			if err != nil || len(cmds) != 1 {
				return fmt.Errorf("%s %d %q is not a command", list, i+1, line)
			}
			if cmds[0].Op == nil {
				return fmt.Errorf("%s %d %q is not a move of the game", list, i+1, line)
			}
			if _, err := g.Apply(cmds[0].Op); err != nil {
				return fmt.Errorf("%s %d %q: %v", list, i+1, line, err)
			}
		}
		return nil
	}
	if err := replay("move", s.Moves); err != nil {
		return nil, Progress{}, err
	}
	if err := replay("redo move", s.Redo); err != nil {
		return nil, Progress{}, err
	}
	if len(s.Redo) > 0 {
		if _, err := g.Apply(model.Undo{N: len(s.Redo)}); err != nil {
			return nil, Progress{}, fmt.Errorf("restoring the redo list: %v", err)
		}
	}
	if g.MoveCount() != len(s.Moves) {
		return nil, Progress{}, errors.New("the moves do not replay as recorded")
	}
	if !reflect.DeepEqual(g.Position().Piles, s.Final) {
		return nil, Progress{}, errors.New("the moves do not lead to the recorded position (was the file edited?)")
	}
	if s.Elapsed < 0 || s.Elapsed > 1e9 {
		s.Elapsed = 0
	}
	return g, Progress{ID: s.ID, Elapsed: time.Duration(s.Elapsed * float64(time.Second)), Counted: s.Counted, Recorded: s.Recorded,
		Hinted: s.Hinted, Demoed: s.Demoed}, nil
}

// CorruptError says a file in the state folder could not be used and where it was moved.
type CorruptError struct {
	Path, MovedTo string
	Err           error
}

func (e *CorruptError) Error() string {
	msg := fmt.Sprintf("%s cannot be used: %v", e.Path, e.Err)
	if e.MovedTo != "" {
		msg += fmt.Sprintf("; it was moved to %s", e.MovedTo)
	}
	return msg
}

func (e *CorruptError) Unwrap() error { return e.Err }

// saveName is the file of a game's save.
func saveName(game string) string { return game + ".json" }

// WriteGame saves a game as GAME.json and records it as the last game played.
func (d *Dir) WriteGame(g *model.Game, p Progress) error {
	if err := d.write(saveName(g.Info.Name), Encode(g, p).Marshal()); err != nil {
		return err
	}
	last, _ := json.Marshal(map[string]string{"game": g.Info.Name})
	return d.write("last.json", append(last, '\n'))
}

// ReadGame loads the save of a game. No save is (nil, nil). A save that cannot be used is moved
// aside and reported as a *CorruptError; the caller goes on with a new deal.
func (d *Dir) ReadGame(game string) (*model.Game, Progress, error) {
	path := d.file(saveName(game))
	data, err := readFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, Progress{}, nil
	}
	if err == nil {
		var g *model.Game
		var p Progress
		if g, p, err = Decode(data); err == nil {
			if g.Info.Name != game {
				err = fmt.Errorf("it holds a %s game", g.Info.Name)
			} else {
				return g, p, nil
			}
		}
	}
	ce := &CorruptError{Path: path, Err: err}
	var nr *NotRegularError
	if errors.As(err, &nr) && !nr.Mode.IsDir() {
		// A link, a named pipe or a device is not a broken save: it is refused and left as it
		// is, and nothing is saved over it until it is moved away.
		return nil, Progress{}, ce
	}
	if info, serr := os.Lstat(path); serr == nil && (info.Mode().IsRegular() || info.IsDir()) {
		ce.MovedTo, _ = d.Quarantine(path)
	}
	return nil, Progress{}, ce
}

// LastGame is the name of the game played last, or "" if none is recorded or the record is unreadable.
func (d *Dir) LastGame() string {
	game, _ := d.ReadLast()
	return game
}

// ReadLast is the name of the game played last; "" and no error if none is recorded, and ""
// with a *CorruptError if last.json cannot be used (it is left where it is).
func (d *Dir) ReadLast() (string, error) {
	path := d.file("last.json")
	data, err := readFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", &CorruptError{Path: path, Err: err}
	}
	var last struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(data, &last); err != nil {
		return "", &CorruptError{Path: path, Err: errors.New("not valid JSON")}
	}
	if _, err := model.LookupGame(last.Game); err != nil {
		return "", &CorruptError{Path: path, Err: err}
	}
	return last.Game, nil
}
