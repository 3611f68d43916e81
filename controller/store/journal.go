package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"time"

	"solitaire/model"
)

// A game's save is two files: GAME.json, the base (a whole save, as save FILE writes it, with
// a token), and GAME.journal, the changes since, one line a command that changed something.
// Rewriting the whole save after every command cost 3 MB and 30 ms a command at 100,000 moves;
// a journal line costs what the command changed. The base is written again when the game is
// replaced (new, load, switch) and when the journal has grown long beside it (compactAt),
// so that reading it back stays about as fast as reading the base.
//
// The tape is the game's commands: those played (History), then those redo would play
// (Redoable). Undo and redo only move along it; a new command cuts it where the game stands.
// A journal entry says how much of the tape before it is kept (Keep), what follows (Add),
// where the game stands on it (At), the hash of the position there, and the progress.
//
// The journal's first line names the base it belongs to by its token; a journal of another
// base (left when a program was killed between writing a base and starting its journal) is
// ignored. A last line without its newline was cut short by a crash while being written and is
// ignored too; anything else that does not add up makes the save broken.

// MaxSave is the one size limit of a save: what is larger is neither written nor read. At
// about 16 bytes a move it holds more than 1,000,000 moves, in the base or in the journal.
const MaxSave = 64 << 20

// saveLimit is MaxSave; tests lower it.
var saveLimit int64 = MaxSave

const journalFormat = "solitaire-journal"

// journalHead is the journal's first line.
type journalHead struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Save    string `json:"save"` // the token of the base it follows
}

// entry is one journal line: the save after a command.
type entry struct {
	Keep     int      `json:"keep"`
	Add      []string `json:"add,omitempty"`
	At       int      `json:"at"`
	Hash     string   `json:"hash"`
	Elapsed  float64  `json:"elapsed_seconds"`
	Counted  bool     `json:"counted,omitempty"`
	Recorded bool     `json:"won_recorded,omitempty"`
	Hinted   bool     `json:"hinted,omitempty"`
	Demoed   bool     `json:"demoed,omitempty"`
}

// track is what the folder holds of a game this program saved or read: which game object it
// is, the base's token, and the tape and progress as last written.
type track struct {
	game    *model.Game
	token   string // "" : the base has no journal yet (an old save): write a base first
	entries int    // journal lines after the head
	added   int    // moves those lines add
	size    int64  // the journal's size as this program left it
	at      int
	tape    int
	prog    Progress
	options string // the game's options as the base holds them (policy changes them)
	bad     bool   // a write failed half-way: the next save writes a base
}

// optionsKey is a game's options as text: fmt prints a map's keys in order.
func optionsKey(g *model.Game) string { return fmt.Sprint(g.Config.Options) }

func journalName(game string) string { return game + ".journal" }

// compactAt is how many journal entries (counting the moves they add) make the next save a
// base: a quarter of the game's length, and at least 1,000, so that the base is rewritten
// seldom and the journal never holds more to replay than a quarter of the base.
func compactAt(tape int) int { return max(1000, tape/4) }

func (p Progress) sameFlags(q Progress) bool {
	p.Elapsed, q.Elapsed = 0, 0
	return p == q
}

// WriteGame saves a game, as GAME.json and its journal, and records it as the last game
// played. It writes only what changed since the game was last saved or read: nothing if only
// the time did, one journal line for a command. A game this folder has not seen (a new deal,
// a loaded file) is written whole.
func (d *Dir) WriteGame(g *model.Game, p Progress) error { return d.saveGame(g, p, false) }

// FlushGame is WriteGame that also writes a change of the time alone (on leaving).
func (d *Dir) FlushGame(g *model.Game, p Progress) error { return d.saveGame(g, p, true) }

func (d *Dir) saveGame(g *model.Game, p Progress, withTime bool) error {
	name := g.Info.Name
	t := d.tracks[name]
	// The journal is kept under half the size limit, so that it can always be read back.
	if t == nil || t.game != g || t.token == "" || t.bad || t.entries+t.added >= compactAt(g.TapeLen()) ||
		t.size >= saveLimit/2 || t.options != optionsKey(g) {
		if err := d.writeBase(g, p, true); err != nil {
			return err
		}
		return d.writeLast(name)
	}
	if p.Line != t.prog.Line {
		// A new winning line (Progress.Line) is written with the base: journal lines carry
		// none. It changes when a search finds one (hint, solve, the watcher), not at every
		// command, and it is the same game: the .bak keeps the copy it holds (the deal before
		// a new one), which a line every hint would otherwise push out.
		if err := d.writeBase(g, p, false); err != nil {
			return err
		}
		return d.writeLast(name)
	}
	from := g.TapeChangedFrom()
	if from == t.tape && g.TapeLen() == t.tape && g.MoveCount() == t.at && p.sameFlags(t.prog) &&
		(!withTime || p.Elapsed == t.prog.Elapsed) {
		return d.writeLast(name) // nothing changed
	}
	e := entry{Keep: from, At: g.MoveCount(), Hash: hashText(&g.State), Elapsed: p.Elapsed.Seconds(),
		Counted: p.Counted, Recorded: p.Recorded, Hinted: p.Hinted, Demoed: p.Demoed}
	for i := from; i < g.TapeLen(); i++ {
		e.Add = append(e.Add, g.TapeOp(i).String())
	}
	line, _ := json.Marshal(e)
	line = append(line, '\n')
	written := false
	err := d.locked(func() error {
		return d.asWriter(func() error {
			path := d.file(journalName(name))
			if t.entries == 0 {
				head, _ := json.Marshal(journalHead{Format: journalFormat, Version: 1, Save: t.token})
				data := append(append(head, '\n'), line...)
				if err := Replace(path, data); err != nil {
					return err
				}
				t.size, written = int64(len(data)), true
				return nil
			}
			// Another program that wrote this game's files since (two programs playing the
			// same game) made them its own: then this one writes a whole base.
			if info, err := os.Lstat(path); err != nil || info.Size() != t.size {
				return nil
			}
			if err := appendTo(path, line, true); err != nil {
				t.bad = true // perhaps half a line: the next save starts afresh
				return err
			}
			t.size += int64(len(line))
			written = true
			return nil
		})
	})
	if err != nil {
		return err
	}
	if !written {
		if err := d.writeBase(g, p, true); err != nil {
			return err
		}
		return d.writeLast(name)
	}
	t.entries++
	t.added += len(e.Add)
	t.at, t.tape, t.prog = g.MoveCount(), g.TapeLen(), p
	g.MarkTape()
	return d.writeLast(name)
}

// writeBase writes the whole game as GAME.json with a new token. With keepBak, the base and
// journal it replaces are kept as GAME.json.bak and GAME.journal.bak; the old journal is then
// removed (a journal of another token is ignored anyway, should a kill come first).
func (d *Dir) writeBase(g *model.Game, p Progress, keepBak bool) error {
	name := g.Info.Name
	s := Encode(g, p)
	s.Version, s.Journal = max(s.Version, 2), NewDealID() // 3 with a line (Encode)
	data := s.Marshal()
	if int64(len(data)) > saveLimit {
		return fmt.Errorf("the game is too long to save: %d moves take %d KiB, and a save may take %d KiB; history prints its moves as a script",
			g.MoveCount(), len(data)>>10, saveLimit>>10)
	}
	base, journal := d.file(saveName(name)), d.file(journalName(name))
	err := d.locked(func() error {
		return d.asWriter(func() error {
			if err := replaceable(base); err != nil {
				return err
			}
			if keepBak {
				if err := backup(base); err != nil {
					return err
				}
				if err := backupJournal(journal); err != nil {
					return err
				}
			}
			if err := Replace(base, data); err != nil {
				return err
			}
			if err := os.Remove(journal); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return ioError("removing", journal, err)
			}
			return nil
		})
	})
	if err != nil {
		if t := d.tracks[name]; t != nil {
			t.bad = true
		}
		return err
	}
	d.track(name, &track{game: g, token: s.Journal, at: g.MoveCount(), tape: g.TapeLen(), prog: p, options: optionsKey(g)})
	g.MarkTape()
	return nil
}

// backupJournal keeps the journal beside the base's .bak: copied as GAME.journal.bak, or, when
// there is none, no GAME.journal.bak either (it would belong to an older .bak).
func backupJournal(journal string) error {
	err := backup(journal)
	if err == nil {
		if _, serr := os.Lstat(journal); errors.Is(serr, fs.ErrNotExist) {
			if rerr := os.Remove(journal + ".bak"); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
				return fmt.Errorf("keeping a backup of %s: %w", journal, rerr)
			}
		}
	}
	return err
}

func (d *Dir) track(name string, t *track) {
	if d.tracks == nil {
		d.tracks = map[string]*track{}
	}
	d.tracks[name] = t
}

// writeLast records the game played last, when last.json does not already name it.
func (d *Dir) writeLast(name string) error {
	if d.last == name {
		return nil
	}
	last, _ := json.Marshal(map[string]string{"game": name})
	if err := d.write("last.json", append(last, '\n')); err != nil {
		return err
	}
	d.last = name
	return nil
}

func hashText(st *model.State) string { return strconv.FormatUint(st.Hash(), 16) }

// applyJournal plays a journal's entries on g, the game of the base with the given token, and
// returns the entries applied, the moves they add, and the progress of the last; p is the
// base's progress. A journal of another base is ignored (0 entries).
func applyJournal(g *model.Game, data []byte, token string, p Progress, ops opCache) (n, added int, _ Progress, err error) {
	lines := bytes.Split(data, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	} else {
		lines = lines[:len(lines)-1] // cut short by a crash while it was written
	}
	if len(lines) == 0 {
		return 0, 0, p, nil
	}
	var head journalHead
	if err := json.Unmarshal(lines[0], &head); err != nil || head.Format != journalFormat {
		return 0, 0, p, errors.New("the journal does not begin as a journal does")
	}
	if head.Version != 1 {
		return 0, 0, p, fmt.Errorf("the journal is of version %d, which this solitaire does not read", head.Version)
	}
	if head.Save != token {
		return 0, 0, p, nil
	}
	for i, line := range lines[1:] {
		var e entry
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return 0, 0, p, fmt.Errorf("journal line %d is not valid: %v", i+2, err)
		}
		if err := replayEntry(g, e, ops); err != nil {
			return 0, 0, p, fmt.Errorf("journal line %d: %v", i+2, err)
		}
		if e.Elapsed < 0 || e.Elapsed > 1e9 {
			e.Elapsed = 0
		}
		p = Progress{ID: p.ID, Elapsed: time.Duration(e.Elapsed * float64(time.Second)), Counted: e.Counted,
			Recorded: e.Recorded, Hinted: e.Hinted, Demoed: e.Demoed, Line: p.Line}
		n++
		added += len(e.Add)
	}
	return n, added, p, nil
}

// replayEntry brings g to the tape and place an entry describes, with the model's own undo,
// redo and restart (Forget, for a restart as older journals wrote it), and checks the position
// against the entry's hash.
func replayEntry(g *model.Game, e entry, ops opCache) error {
	tape := g.TapeLen()
	if e.Keep < 0 || e.Keep > tape || e.At < 0 || e.At > e.Keep+len(e.Add) {
		return errors.New("it does not fit the game before it")
	}
	if e.Keep < tape && len(e.Add) == 0 && e.Keep != 0 {
		return errors.New("it cuts the game short without a command")
	}
	play := func(op model.Op) error {
		_, err := g.Play(op)
		return err
	}
	var err error
	switch at := g.MoveCount(); {
	case e.Keep == 0 && tape > 0 && len(e.Add) == 0:
		g.Forget() // a restart as journals wrote it before restart could be undone
	case e.Keep < at:
		err = play(model.Undo{N: at - e.Keep})
	case e.Keep > at:
		err = play(model.Redo{N: e.Keep - at})
	}
	if err != nil {
		return err
	}
	for i, line := range e.Add {
		op, err := ops.parse(line)
		if err != nil {
			return fmt.Errorf("command %d %q %v", i+1, line, err)
		}
		if err := play(op); err != nil {
			return fmt.Errorf("command %d %q: %v", i+1, line, err)
		}
	}
	switch at := g.MoveCount(); {
	case at > e.At:
		err = play(model.Undo{N: at - e.At})
	case at < e.At:
		err = play(model.Redo{N: e.At - at})
	}
	if err != nil {
		return err
	}
	if g.MoveCount() != e.At || g.TapeLen() != e.Keep+len(e.Add) {
		return errors.New("the commands do not replay as recorded")
	}
	if hashText(&g.State) != e.Hash {
		return errors.New("the commands do not lead to the recorded position (was the file edited?)")
	}
	return nil
}
