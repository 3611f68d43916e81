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
// Version 2 is version 1 with a journal token (journal.go); a save without one (save FILE)
// is written as version 1, which older programs read. Version 3 may also hold a winning line
// (Line); a save without one is written as version 1 or 2, as before, so that only a save
// that needs it is one older programs refuse.
const (
	SaveFormat  = "solitaire-save"
	SaveVersion = 3
)

// Line is a winning line kept with a game (the hint's remembered line, docs/hint.md), so that
// a resumed game follows the same line as the session that found it: the commands of the line
// from the position at index At of the game's tape (the moves, then the redo steps: At 0 is
// the deal, len(moves) the position the save stands at), and the hash of that position. The
// store only keeps it; the controller checks that it still starts there and wins (a line that
// does not is dropped).
type Line struct {
	At    int      `json:"at"`
	Hash  string   `json:"hash"`
	Moves []string `json:"moves"`
}

// UnmarshalJSON reads a line, and a line that is not one (an edited file) as no line: the
// line is help, and a save must not be lost for it (the rest of a save is read strictly).
func (l *Line) UnmarshalJSON(b []byte) error {
	type plain Line
	var p plain
	if json.Unmarshal(b, &p) != nil {
		p = plain{}
	}
	*l = Line(p)
	return nil
}

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
	Journal  string               `json:"journal,omitempty"` // the token GAME.journal names (version 2)
	Line     *Line                `json:"line,omitempty"`    // the winning line kept with the game (version 3)
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
	// Line is the winning line kept with the game; nil: none. The controller gives the same
	// pointer while the line is the same, and a new one when it changes, which the next save
	// then writes (in GAME.json: the journal's lines carry no line).
	Line *Line
}

// NewDealID is a new id for a deal: 16 random hex digits.
func NewDealID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// lineVersion is the version of a save that holds a line.
const lineVersion = 3

// Encode describes a game and its progress as a save.
func Encode(g *model.Game, p Progress) Save {
	s := Save{Format: SaveFormat, Version: 1, Game: g.Info.Name, ID: p.ID, Options: g.Config.Options,
		Seed: g.Config.Seed, Deal: g.Config.Deal, Moves: []string{}, Elapsed: p.Elapsed.Seconds(),
		Counted: p.Counted, Recorded: p.Recorded, Hinted: p.Hinted, Demoed: p.Demoed, Final: g.Position().Piles}
	if s.Deal != 0 {
		s.Seed = 0
	}
	if p.Line != nil {
		s.Version, s.Line = lineVersion, p.Line
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
	g, p, _, err := decode(data, opCache{})
	return g, p, err
}

// opCache parses each distinct command of a save once: a long game repeats a few hundred
// commands (draw, move C3 F1 ...), and parsing was most of the time a resume took.
type opCache map[string]model.Op

func (c opCache) parse(line string) (model.Op, error) {
	if op, ok := c[line]; ok {
		return op, nil
	}
	cmds, err := parser.Parse(line)
	if err != nil || len(cmds) != 1 {
		return nil, errors.New("is not a command")
	}
	if cmds[0].Op == nil {
		return nil, errors.New("is not a move of the game")
	}
	c[line] = cmds[0].Op
	return cmds[0].Op, nil
}

// decode is Decode that also returns the save's journal token.
func decode(data []byte, ops opCache) (*model.Game, Progress, string, error) {
	var probe struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Format != SaveFormat {
		if bytes.Contains(data, []byte(`"`+SaveFormat+`"`)) {
			return nil, Progress{}, "", errors.New("not valid save JSON (truncated or edited?)")
		}
		return nil, Progress{}, "", ErrNotSave
	}
	var s Save
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, Progress{}, "", fmt.Errorf("not valid save JSON: %w", err)
	}
	if dec.More() {
		return nil, Progress{}, "", errors.New("extra data after the save")
	}
	switch {
	case s.Format != SaveFormat:
		return nil, Progress{}, "", ErrNotSave
	case s.Version > SaveVersion:
		return nil, Progress{}, "", fmt.Errorf("written by a newer solitaire (save version %d; this one reads up to %d)", s.Version, SaveVersion)
	case s.Version < 1:
		return nil, Progress{}, "", fmt.Errorf("unknown save version %d", s.Version)
	}
	var g *model.Game
	var err error
	if s.Start != nil {
		g, err = model.LoadPosition(*s.Start, nil)
	} else {
		if s.Seed == 0 && s.Deal == 0 {
			return nil, Progress{}, "", errors.New("the save names no seed, deal number or start position")
		}
		g, err = model.NewGame(model.Config{Game: s.Game, Options: s.Options, Seed: s.Seed, Deal: s.Deal})
	}
	if err != nil {
		return nil, Progress{}, "", err
	}
	if s.Start != nil && len(s.Options) > 0 && !reflect.DeepEqual(g.Config.Options, s.Options) {
		return nil, Progress{}, "", errors.New("the options do not match the start position's")
	}
	replay := func(list string, lines []string) error {
		for i, line := range lines {
			op, err := ops.parse(line)
			if err != nil {
				return fmt.Errorf("%s %d %q %v", list, i+1, line, err)
			}
			// Play: the dead-end test Apply makes after each command is for the player.
			if _, err := g.Play(op); err != nil {
				return fmt.Errorf("%s %d %q: %v", list, i+1, line, err)
			}
		}
		return nil
	}
	if err := replay("move", s.Moves); err != nil {
		return nil, Progress{}, "", err
	}
	if err := replay("redo move", s.Redo); err != nil {
		return nil, Progress{}, "", err
	}
	if len(s.Redo) > 0 {
		if _, err := g.Play(model.Undo{N: len(s.Redo)}); err != nil {
			return nil, Progress{}, "", fmt.Errorf("restoring the redo list: %v", err)
		}
	}
	if g.MoveCount() != len(s.Moves) {
		return nil, Progress{}, "", errors.New("the moves do not replay as recorded")
	}
	if !reflect.DeepEqual(g.Position().Piles, s.Final) {
		return nil, Progress{}, "", errors.New("the moves do not lead to the recorded position (was the file edited?)")
	}
	if s.Elapsed < 0 || s.Elapsed > 1e9 {
		s.Elapsed = 0
	}
	if s.Line != nil && len(s.Line.Moves) == 0 {
		s.Line = nil // no line to follow; the controller checks the rest
	}
	return g, Progress{ID: s.ID, Elapsed: time.Duration(s.Elapsed * float64(time.Second)), Counted: s.Counted, Recorded: s.Recorded,
		Hinted: s.Hinted, Demoed: s.Demoed, Line: s.Line}, s.Journal, nil
}

// CorruptError says a file in the state folder could not be used, and where it was moved if it
// was damaged. For a game's save, Backup is the game its .bak holds when that copy is good
// (BackupPath names it, moved aside with the save), or BackupErr says why it is not.
type CorruptError struct {
	Path, MovedTo string
	Err           error

	Backup         *model.Game
	BackupProgress Progress
	BackupPath     string
	BackupErr      error
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

// damaged reports whether a read error means the file is damaged (and may be moved aside):
// its content is wrong, or it is larger than any save. A file that could not be read for
// another reason (permission, a folder, a link, a pipe, a failing disk) is not.
func damaged(readErr error) bool {
	var tl *TooLargeError
	return readErr == nil || errors.As(readErr, &tl)
}

// ReadGame loads the save of a game, its base and its journal. No save is (nil, nil). A save
// that cannot be used is reported as a *CorruptError, and the caller goes on with a new deal.
// A damaged save is moved aside together with its .bak, so that no new save replaces that
// last good copy, and the error carries the .bak's game when it is good, to offer it. A save
// that cannot be read for another reason (permission, a folder, a pipe) is left as it is.
func (d *Dir) ReadGame(game string) (*model.Game, Progress, error) {
	path := d.file(saveName(game))
	g, p, t, err := d.readSave(path, d.file(journalName(game)), game)
	if err == nil {
		if g != nil {
			t.game = g
			d.track(game, t)
			g.MarkTape()
		}
		return g, p, nil
	}
	ce := &CorruptError{Path: path, Err: err.err}
	if !err.damaged {
		return nil, Progress{}, ce
	}
	moved, err2 := d.quarantineSave(game)
	if err2 != nil {
		ce.Err = fmt.Errorf("%v; moving it aside: %v", ce.Err, err2)
		return nil, Progress{}, ce
	}
	ce.MovedTo = moved[0]
	if bak := moved[2]; bak != "" {
		bg, bp, bt, berr := d.readSave(bak, moved[3], game)
		switch {
		case berr != nil:
			ce.BackupPath, ce.BackupErr = bak, berr.err
		case bg != nil:
			ce.Backup, ce.BackupProgress, ce.BackupPath = bg, bp, bak
			if bt.entries > 0 {
				// The copy is written whole, so that load FILE takes it up (load reads no
				// journal); its journal, now of no use, stays beside it.
				if err := Replace(bak, Encode(bg, bp).Marshal()); err != nil {
					ce.BackupErr = err
				}
			}
		}
	}
	return nil, Progress{}, ce
}

// readError is why a save could not be read, and whether that is damage.
type readError struct {
	err     error
	damaged bool
}

func (e *readError) Error() string { return e.err.Error() }

// readSave reads a base and its journal (journal may not exist).
func (d *Dir) readSave(base, journal, game string) (*model.Game, Progress, *track, *readError) {
	data, err := ReadBounded(base, saveLimit)
	if errors.Is(err, os.ErrNotExist) {
		return nil, Progress{}, nil, nil
	}
	if err != nil {
		return nil, Progress{}, nil, &readError{err, damaged(err)}
	}
	ops := opCache{}
	g, p, token, err := decode(data, ops)
	if err == nil && g.Info.Name != game {
		err = fmt.Errorf("it holds a %s game", g.Info.Name)
	}
	if err != nil {
		return nil, Progress{}, nil, &readError{err, true}
	}
	t := &track{token: token, prog: p}
	if token != "" {
		jdata, err := ReadBounded(journal, saveLimit)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, Progress{}, nil, &readError{fmt.Errorf("its journal %s: %v", journal, err), damaged(err)}
		default:
			n, added, jp, err := applyJournal(g, jdata, token, p, ops)
			if err != nil {
				return nil, Progress{}, nil, &readError{fmt.Errorf("its journal %s: %v", journal, err), true}
			}
			if n > 0 {
				t.entries, t.added, t.size, p = n, added, int64(len(jdata)), jp
			}
		}
	}
	t.at, t.tape, t.prog, t.options = g.MoveCount(), g.TapeLen(), p, optionsKey(g)
	return g, p, t, nil
}

// quarantineSave moves a game's damaged save aside with its journal and their .bak copies, all
// under one new suffix: FILE.broken-STAMP. It returns the new names of the base, the journal,
// the base's .bak and the journal's .bak ("" for those there were not).
func (d *Dir) quarantineSave(game string) ([4]string, error) {
	var moved [4]string
	base, journal := d.file(saveName(game)), d.file(journalName(game))
	files := [4]string{base, journal, base + ".bak", journal + ".bak"}
	stamp := d.now().UTC().Format("20060102-150405")
	for i := 0; i < 100; i++ {
		suffix := ".broken-" + stamp
		if i > 0 {
			suffix = fmt.Sprintf(".broken-%s-%d", stamp, i)
		}
		free := true
		for _, f := range files {
			if _, err := os.Lstat(f + suffix); !errors.Is(err, os.ErrNotExist) {
				free = false
			}
		}
		if !free {
			continue
		}
		for k, f := range files {
			if _, err := os.Lstat(f); err != nil {
				continue
			}
			if err := os.Rename(f, f+suffix); err != nil {
				return moved, fmt.Errorf("moving %s aside: %w", f, err)
			}
			moved[k] = f + suffix
		}
		return moved, nil
	}
	return moved, fmt.Errorf("moving %s aside: too many broken copies already", base)
}

// LastGame is the name of the game played last, or "" if none is recorded or the record is unreadable.
func (d *Dir) LastGame() string {
	game, _ := d.ReadLast()
	return game
}

// ReadLast is the name of the game played last; "" and no error if none is recorded. If
// last.json cannot be used the error is a *CorruptError, and the game is the one last.json.bak
// names, if that copy is good ("" if not). A damaged last.json is moved aside, so that the
// next record of the last game does not replace that copy with it; one that cannot be read
// for another reason is left where it is.
func (d *Dir) ReadLast() (string, error) {
	path := d.file("last.json")
	game, err := readLast(path)
	if err == nil {
		d.last = game
		return game, nil
	}
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	ce := &CorruptError{Path: path, Err: err}
	var re *readError
	if errors.As(err, &re) {
		ce.Err = re.err
		if re.damaged {
			ce.MovedTo, _ = d.Quarantine(path)
		}
	}
	if bak, berr := readLast(path + ".bak"); berr == nil {
		ce.BackupPath = path + ".bak"
		return bak, ce
	} else if !errors.Is(berr, os.ErrNotExist) {
		ce.BackupPath, ce.BackupErr = path+".bak", berr
	}
	return "", ce
}

// readLast reads a last.json: a missing file is an error that is fs.ErrNotExist, any other
// a *readError that says whether the file is damaged.
func readLast(path string) (string, error) {
	data, err := readFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err != nil {
		return "", &readError{err, damaged(err)}
	}
	var last struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(data, &last); err != nil {
		return "", &readError{errors.New("not valid JSON"), true}
	}
	if _, err := model.LookupGame(last.Game); err != nil {
		return "", &readError{err, true}
	}
	return last.Game, nil
}
