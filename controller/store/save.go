package store

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"time"

	"solitaire/model"
)

// SaveFormat and SaveVersion identify a save file; a version above ours is refused, not guessed at.
// Version 2 is version 1 with a journal token (journal.go); a save without one (save FILE)
// is written as version 1, which older programs read. Version 3 may also hold a winning line
// (Line); a save without one is written as version 1, as before, so that only a save that
// needs it is one older programs refuse. Version 4 is GAME.json with a generation and a
// checksum (checkpoint): a flipped byte there is found, and the game is rebuilt from the journal.
const (
	SaveFormat  = "solitaire-save"
	SaveVersion = 4
)

// checkpointVersion is the version of GAME.json as the program writes it.
const checkpointVersion = 4

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
	Format     string               `json:"format"`
	Version    int                  `json:"version"`
	Generation int64                `json:"generation,omitempty"` // GAME.json: the checkpoint's number, higher each time (version 4)
	Game       string               `json:"game"`
	ID         string               `json:"id,omitempty"` // names the deal in the statistics' record of what was counted
	Options    model.Options        `json:"options"`
	Seed       uint64               `json:"seed,omitempty"`
	Deal       int64                `json:"deal,omitempty"`
	Start      *model.Position      `json:"start,omitempty"`
	Moves      []string             `json:"moves"`
	Redo       []string             `json:"redo,omitempty"`
	Elapsed    float64              `json:"elapsed_seconds"`
	Counted    bool                 `json:"counted,omitempty"`      // counted as played in the statistics
	Recorded   bool                 `json:"won_recorded,omitempty"` // its win is in the statistics
	Hinted     bool                 `json:"hinted,omitempty"`       // hint or solve was used on the deal
	Demoed     bool                 `json:"demoed,omitempty"`       // solve play (demo) played a move of it
	Final      []model.PilePosition `json:"final,omitempty"`        // left out only in a journal's head, which holds a hash instead
	Journal    string               `json:"journal,omitempty"`      // the token GAME.journal names (version 2)
	Line       *Line                `json:"line,omitempty"`         // the winning line kept with the game (version 3)
	Checksum   string               `json:"checksum,omitempty"`     // GAME.json: the CRC-32C of what comes before it (version 4)
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

// NewDealID is a new id for a deal: 16 random hex digits. It tells deals apart, guards
// nothing, and so needs no cryptographic randomness (math/rand/v2's generator is seeded by the
// system, and the crypto packages are not linked for it).
func NewDealID() string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], rand.Uint64())
	return hex.EncodeToString(b[:])
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
// the recorded position; read turns each command's text back into a command. Any problem is an
// error that says what is wrong.
func Decode(data []byte, read OpReader) (*model.Game, Progress, error) {
	g, p, _, err := decode(data, newOpCache(read))
	return g, p, err
}

// OpReader reads one command of a save as Op.String wrote it. The store keeps commands as
// text and knows no command language: the controller passes the parser's reader (see
// docs/architecture.md, "Saves").
type OpReader func(line string) (model.Op, error)

// opCache reads each distinct command of a save once: a long game repeats a few hundred
// commands (draw, move C3 F1 ...), and parsing was most of the time a resume took.
type opCache struct {
	read OpReader
	ops  map[string]model.Op
}

func newOpCache(read OpReader) opCache { return opCache{read: read, ops: map[string]model.Op{}} }

func (c opCache) parse(line string) (model.Op, error) {
	if op, ok := c.ops[line]; ok {
		return op, nil
	}
	if c.read == nil {
		return nil, errors.New("cannot be read: no command reader was given")
	}
	op, err := c.read(line)
	if err != nil {
		return nil, err
	}
	c.ops[line] = op
	return op, nil
}

// decode is Decode that also returns the save's journal token.
func decode(data []byte, ops opCache) (*model.Game, Progress, string, error) {
	s, err := parseSave(data)
	if err != nil {
		return nil, Progress{}, "", err
	}
	g, p, err := build(s, ops, "")
	if err != nil {
		return nil, Progress{}, "", err
	}
	return g, p, s.Journal, nil
}

// parseSave reads a save's JSON and checks what it says of itself (format, version,
// checksum), without dealing its game.
func parseSave(data []byte) (*Save, error) {
	var probe struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Format != SaveFormat {
		if bytes.Contains(data, []byte(`"`+SaveFormat+`"`)) {
			return nil, errors.New("not valid save JSON (truncated or edited?)")
		}
		return nil, ErrNotSave
	}
	has, sumOK := checkChecksum(data)
	var s Save
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("not valid save JSON: %w", err)
	}
	if dec.More() {
		return nil, errors.New("extra data after the save")
	}
	switch {
	case s.Format != SaveFormat:
		return nil, ErrNotSave
	case s.Version > SaveVersion:
		return nil, &newerError{s.Version}
	case s.Version < 1:
		return nil, fmt.Errorf("unknown save version %d", s.Version)
	case has && !sumOK, s.Version >= checkpointVersion && !has:
		return nil, errors.New("it does not match its checksum: a byte of it changed, or it was edited")
	}
	return &s, nil
}

// newerError is a save of a version this solitaire does not know: it is refused, never
// guessed at, and its journal (which a newer solitaire wrote too) is not read in its place.
type newerError struct{ version int }

func (e *newerError) Error() string {
	return fmt.Sprintf("written by a newer solitaire (save version %d; this one reads up to %d)", e.version, SaveVersion)
}

// build deals a save's game and replays its moves and redo steps. The position reached must be
// the save's final piles, or, when hash is given (a journal's head, which has no final piles),
// have that hash.
func build(s *Save, ops opCache, hash string) (*model.Game, Progress, error) {
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
		return nil, Progress{}, err
	}
	if err := replay("redo move", s.Redo); err != nil {
		return nil, Progress{}, err
	}
	if len(s.Redo) > 0 {
		if _, err := g.Play(model.Undo{N: len(s.Redo)}); err != nil {
			return nil, Progress{}, fmt.Errorf("restoring the redo list: %v", err)
		}
	}
	if g.MoveCount() != len(s.Moves) {
		return nil, Progress{}, errors.New("the moves do not replay as recorded")
	}
	switch {
	case hash != "" && hashText(&g.State) != hash,
		hash == "" && !reflect.DeepEqual(g.Position().Piles, s.Final):
		return nil, Progress{}, errors.New("the moves do not lead to the recorded position (was the file edited?)")
	}
	if s.Elapsed < 0 || s.Elapsed > 1e9 {
		s.Elapsed = 0
	}
	line := s.Line
	if line != nil && len(line.Moves) == 0 {
		line = nil // no line to follow; the controller checks the rest
	}
	return g, Progress{ID: s.ID, Elapsed: time.Duration(s.Elapsed * float64(time.Second)), Counted: s.Counted, Recorded: s.Recorded,
		Hinted: s.Hinted, Demoed: s.Demoed, Line: line}, nil
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

// ReadGame loads the save of a game, GAME.json and its journal. No save is (nil, nil).
//
// What can be used is used, and what could not be is said (Repaired): a journal's last line
// cut off as it was written is left out; a journal line that does not check, and those after
// it, are left out (a copy of the journal is kept aside); a GAME.json that cannot be used is
// rebuilt from the journal's head and lines (it is moved aside); a journal that cannot be used
// leaves GAME.json's game. The next save then writes a checkpoint, so nothing is ever added
// after a line that does not check.
//
// A save of which nothing can be used is reported as a *CorruptError, and the caller goes on
// with a new deal. It is moved aside together with its .bak, so that no new save replaces that
// last good copy, and the error carries the .bak's game when it is good, to offer it. A save
// that cannot be read for another reason (permission, a folder, a pipe) is left as it is.
func (d *Dir) ReadGame(game string) (*model.Game, Progress, error) {
	path := d.file(saveName(game))
	delete(d.repaired, game)
	r := d.readSave(path, d.file(journalName(game)), game, true)
	if r.err == nil {
		if r.g != nil {
			r.t.game = r.g
			d.track(game, r.t)
			r.g.MarkTape()
			if len(r.notes) > 0 {
				if d.repaired == nil {
					d.repaired = map[string]string{}
				}
				d.repaired[game] = strings.Join(r.notes, "; ")
			}
		}
		return r.g, r.p, nil
	}
	ce := &CorruptError{Path: path, Err: r.err.err}
	if !r.err.damaged {
		return nil, Progress{}, ce
	}
	moved, err2 := d.quarantineSave(game)
	if err2 != nil {
		ce.Err = fmt.Errorf("%v; moving it aside: %v", ce.Err, err2)
		return nil, Progress{}, ce
	}
	ce.MovedTo = moved[0]
	if ce.MovedTo == "" {
		ce.Path, ce.MovedTo = d.file(journalName(game)), moved[1]
	}
	if bak := moved[2]; bak != "" {
		b := d.readSave(bak, moved[3], game, false)
		switch {
		case b.err != nil:
			ce.BackupPath, ce.BackupErr = bak, b.err.err
		case b.g != nil:
			ce.Backup, ce.BackupProgress, ce.BackupPath = b.g, b.p, bak
			if b.fromJournal {
				// The copy is written whole, so that load FILE takes it up (load reads no
				// journal); its journal, now of no use, stays beside it.
				if err := Replace(bak, Encode(b.g, b.p).Marshal()); err != nil {
					ce.BackupErr = err
				}
			}
		}
	}
	return nil, Progress{}, ce
}

// Repaired says what the last ReadGame of game mended, in words, or "" if it found the files
// whole: a line cut off, lines that did not check, GAME.json rebuilt from its journal. The game
// it returned is then the last one the files still hold, which may be older than the last
// saved: the player is to be told.
func (d *Dir) Repaired(game string) string { return d.repaired[game] }

// readError is why a save could not be read, and whether that is damage.
type readError struct {
	err     error
	damaged bool
}

func (e *readError) Error() string { return e.err.Error() }

// readResult is what reading a game's files gave.
type readResult struct {
	g           *model.Game
	p           Progress
	t           *track
	notes       []string // what was mended
	fromJournal bool     // the game is not GAME.json's alone: the journal's head or lines made it
	err         *readError
}

// readSave reads a game's GAME.json and journal (either may be missing) and builds the game
// from what can be used of them. With mend, the files that could not be used are moved aside
// (GAME.json) or copied aside (the journal, whose good lines are still read until the next
// checkpoint replaces it).
func (d *Dir) readSave(base, journal, game string, mend bool) readResult {
	ops := newOpCache(d.read)
	var b *Save
	var bErr error // why GAME.json cannot be used, when it is damaged
	data, err := ReadBounded(base, saveLimit)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil && !damaged(err):
		return readResult{err: &readError{err, false}}
	case err != nil:
		bErr = err
	default:
		b, bErr = parseSave(data)
		if bErr == nil && b.Game != game {
			if info, lerr := model.LookupGame(b.Game); lerr == nil && info.Name != game {
				bErr = fmt.Errorf("it holds a %s game", info.Name)
			}
		}
	}
	var jr *journalRead
	jdata, err := ReadBounded(journal, saveLimit)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil && !damaged(err):
		return readResult{err: &readError{fmt.Errorf("its journal %s: %v", journal, err), false}}
	case err != nil:
		jr = &journalRead{headErr: err}
	default:
		jr = parseJournal(jdata)
	}
	var newer *newerError
	if errors.As(bErr, &newer) {
		return readResult{err: &readError{bErr, true}}
	}
	head := jr != nil && jr.headErr == nil
	v2 := head && jr.head.Version == journalVersion

	// Which file the game starts from: GAME.json, or the journal's head when GAME.json cannot
	// be used or the journal is newer (a kill between the two files of a checkpoint).
	fromHead := v2 && (b == nil || bErr != nil || jr.head.Gen > b.Generation && jr.head.Save != b.Journal)
	startAt := func() (*model.Game, Progress, error) {
		if !fromHead {
			g, p, err := build(b, ops, "")
			if err == nil && g.Info.Name != game {
				err = fmt.Errorf("it holds a %s game", g.Info.Name)
			}
			return g, p, err
		}
		var hs Save
		if err := strict(jr.head.Base, &hs); err != nil {
			return nil, Progress{}, fmt.Errorf("its first line is not valid: %v", err)
		}
		g, p, err := build(&hs, ops, jr.head.Hash)
		if err == nil && g.Info.Name != game {
			err = fmt.Errorf("it holds a %s game", g.Info.Name)
		}
		return g, p, err
	}
	switch {
	case !fromHead && bErr != nil:
		return readResult{err: &readError{bErr, true}}
	case !fromHead && b == nil && jr != nil && jr.headErr != nil && len(bytes.TrimSpace(jdata)) > 0:
		// A journal alone, which cannot be used: the game it held is lost, and is said to be.
		return readResult{err: &readError{fmt.Errorf("its journal %s: %v", journal, jr.headErr), true}}
	case !fromHead && b == nil:
		return readResult{} // no GAME.json, and no journal that stands alone: no save
	}
	var notes []string
	g, p, err := startAt()
	switch {
	case err == nil:
	case fromHead && b != nil && bErr == nil:
		// The journal's head does not build: GAME.json alone.
		jr.headErr, fromHead = err, false
		g, p, err = startAt()
		if err != nil {
			return readResult{err: &readError{err, true}}
		}
	case fromHead:
		why := fmt.Errorf("its journal %s: %v", journal, err)
		if bErr != nil {
			why = bErr
		}
		return readResult{err: &readError{why, true}}
	default:
		bErr, b = err, nil
		if !v2 {
			return readResult{err: &readError{err, true}}
		}
		fromHead = true
		if g, p, err = startAt(); err != nil {
			return readResult{err: &readError{bErr, true}}
		}
	}
	res := readResult{p: p, fromJournal: fromHead}
	t := &track{bad: true}
	if fromHead && bErr != nil {
		// GAME.json was damaged: the journal holds the game, and a checkpoint writes it again.
		note := fmt.Sprintf("%s cannot be used: %v; the game was rebuilt from its journal", base, bErr)
		if mend {
			if moved, err := d.Quarantine(base); err == nil {
				note += fmt.Sprintf(" (the broken file was moved to %s)", moved)
			}
		}
		notes = append(notes, note)
	}
	var entries []entry
	switch {
	case fromHead:
		t.token, t.gen, entries = jr.head.Save, jr.head.Gen, jr.entries
	case head && jr.head.Save == b.Journal && b.Journal != "":
		t.token, t.gen, entries = jr.head.Save, max(b.Generation, jr.head.Gen), jr.entries
	case jr != nil && jr.headErr != nil && b.Journal != "":
		// GAME.json stands, but its journal cannot be used at all.
		note := fmt.Sprintf("its journal %s cannot be used: %v; the game is taken up as %s holds it, without the commands the journal added", journal, jr.headErr, base)
		if mend {
			if kept := d.keepAside(journal, jdata); kept != "" {
				note += fmt.Sprintf(" (the journal was kept as %s)", kept)
			}
		}
		notes = append(notes, note)
		jr = nil
	case jr == nil && b.Journal != "" && b.Version >= SaveVersion || jr != nil && len(bytes.TrimSpace(jdata)) == 0:
		// GAME.json names its journal, which a checkpoint writes first: gone or emptied, it
		// took the commands played since with it, if there were any.
		what := "is missing"
		if jr != nil {
			what = "is empty"
		}
		notes = append(notes, fmt.Sprintf("its journal %s %s: the game is taken up as %s holds it, without any command played since that was written", journal, what, base))
		jr = nil
	default:
		jr = nil // no journal, or one of another checkpoint (older): GAME.json is the game
	}
	if b != nil && bErr == nil {
		t.gen = max(t.gen, b.Generation)
	}
	if jr != nil {
		rp := applyEntries(g, entries, p, ops)
		lost, line, why := 0, 0, error(nil)
		if rp.err != nil {
			// Entry rp.n does not replay: the game goes back to the entries before it.
			lost, line, why = len(entries)-rp.n+jr.lost, jr.lineNos[rp.n], rp.err
			if g, p, err = startAt(); err != nil {
				return readResult{err: &readError{err, true}}
			}
			rp = applyEntries(g, entries[:rp.n], p, ops)
		} else if jr.damage != nil {
			lost, line, why = jr.lost, jr.damageLine, jr.damage
		}
		res.p = rp.prog
		t.lines, t.cost = rp.n, rp.cost
		res.fromJournal = res.fromJournal || rp.n > 0
		if why != nil {
			held := "what that line held is lost"
			if lost > 1 {
				held = fmt.Sprintf("what that line and the %s after it held is lost", model.Plural(lost-1, "line"))
			}
			note := fmt.Sprintf("line %d of %s cannot be used (%v): the game is taken up as the lines before it leave it, %s; %s",
				line, journal, why, model.Plural(g.MoveCount(), "move"), held)
			if mend {
				if kept := d.keepAside(journal, jdata); kept != "" {
					note += fmt.Sprintf(" (the journal was kept as %s)", kept)
				}
			}
			notes = append(notes, note)
		}
		if jr.torn {
			what := "the change it held is lost"
			if frag := jdata[jr.good:]; bytes.Contains(frag, []byte(`"add"`)) || !bytes.Contains(frag, []byte(`"at"`)) {
				what = "the command it held is lost"
			}
			notes = append(notes, fmt.Sprintf("the last line of %s was cut off as it was written (the program was stopped): %s", journal, what))
		}
		if v2 && why == nil && !jr.flawed() {
			// Whole and checked: the next command adds its line to it.
			if info, err := os.Lstat(journal); err == nil && info.Size() == int64(len(jdata)) {
				// Started from the head, GAME.json is older than the journal or missing: a
				// checkpoint writes it again.
				t.size, t.headSize, t.sum, t.file, t.bad = jr.good, jr.headSize, jr.sum, info, fromHead
			}
		}
	}
	t.at, t.tape, t.prog, t.options = g.MoveCount(), g.TapeLen(), res.p, optionsKey(g)
	res.g, res.t, res.notes = g, t, notes
	return res
}

// keepAside writes a copy of a file that is still read in part (a journal with a line that
// does not check) beside it, under a new name, as Quarantine names it; "" if it could not.
func (d *Dir) keepAside(path string, data []byte) string {
	aside, err := d.asideName(path)
	if err != nil || d.asWriter(func() error { return Replace(aside, data) }) != nil {
		return ""
	}
	return aside
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
