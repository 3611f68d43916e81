package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"sync"
	"time"

	"solitaire/model"
)

// A game's save is two files: GAME.json, the checkpoint (a whole save, as save FILE writes it,
// with a token, a generation and a checksum), and GAME.journal, one line for each command that
// changed something. Rewriting the whole save after every command cost 3 MB and 30 ms a command
// at 100,000 moves; a journal line costs what the command changed.
//
// The journal stands on its own: its first line, the head, holds the game as the checkpoint
// does (the deal and the commands played, in compact JSON), so that a GAME.json that cannot be
// used is rebuilt from the journal, and a journal that cannot be used (or only in part) still
// leaves GAME.json's game. Every line carries a checksum that chains to the line before it
// (seal.go), so a changed byte, a lost newline, a line left out or cut short is found, and the
// game is taken up from the last line that checks, with a word of what was lost.
//
// A checkpoint writes the journal first (its head, under a new token and a higher generation),
// then GAME.json: a kill between the two leaves a journal newer than GAME.json, which is read
// alone. A checkpoint is written when a game is put in play (new, load, a game read afresh),
// when reading the files mended something (a line cut off, a damaged line, GAME.json rebuilt),
// and when replaying the journal would cost more than resumeBound: so taking a game up never
// replays much more than its checkpoint, however many commands (undo 9999, redo 9999 ...) were
// typed since.
//
// The tape is the game's commands: those played (History), then those redo would play
// (Redoable). Undo and redo only move along it; a new command cuts it where the game stands.
// A journal entry says how much of the tape before it is kept (Keep), what follows (Add),
// where the game stands on it (At), the hash of the position there, and the progress.

// MaxSave is the one size limit of a save: what is larger is neither written nor read. At
// about 16 bytes a move it holds more than 1,000,000 moves, in the base or in the journal.
const MaxSave = 64 << 20

// saveLimit is MaxSave; tests lower it.
var saveLimit int64 = MaxSave

const (
	journalFormat  = "solitaire-journal"
	journalVersion = 2 // 1: no head game, no checksums (read, never written)
)

// journalHead is the journal's first line.
type journalHead struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Save    string `json:"save"`                 // the token of the checkpoint it follows
	Gen     int64  `json:"generation,omitempty"` // the checkpoint's generation (version 2)
	// Base is the game at the checkpoint, a Save without its final piles (version 2).
	Base json.RawMessage `json:"base,omitempty"`
	Hash string          `json:"hash,omitempty"` // the hash of Base's position (version 2)
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
// is, the checkpoint's token and generation, the journal as this program left it, and the tape
// and progress as last written.
type track struct {
	game     *model.Game
	token    string // "" : no journal to add to (an old save): write a checkpoint first
	gen      int64
	lines    int         // journal entries after the head
	cost     int         // what replaying them costs, in commands (entryCost)
	size     int64       // the journal's size as this program left it
	headSize int64       // the size of its head
	sum      uint32      // the sum of its last line, which the next one chains to
	file     os.FileInfo // the journal as this program left it: another program's is another file
	at       int
	tape     int
	prog     Progress
	options  string // the game's options as the checkpoint holds them (policy changes them)
	bad      bool   // the next save writes a checkpoint: a write failed half-way, or what was read was mended
}

// optionsKey is a game's options as text: fmt prints a map's keys in order.
func optionsKey(g *model.Game) string { return fmt.Sprint(g.Config.Options) }

func journalName(game string) string { return game + ".journal" }

// resumeBound is the most replaying a journal may cost (entryCost, summed) before the next
// save writes a checkpoint: an eighth of the game's length, between 2,000 and 20,000
// commands. Taking a game up replays its checkpoint and then at most this much: for a game of
// 100,000 moves about a fifth more, and a storm of undo 9999 and redo 9999 no more than a few
// moves would (BenchmarkResumeStorm).
func resumeBound(tape int) int { return min(max(2000, tape/8), 20_000) }

// journalBytes bounds the journal's lines after its head, so that reading them stays quick.
const journalBytes = 2 << 20

// entryCost is what replaying an entry costs, in commands, where the entry before it left the
// game at place at on the tape: one for the line, and for an entry that changes the tape (a
// command, which may come after an undo) one for each command it adds and each step undo or
// redo takes to reach its place. An entry that only moves along the tape (undo, redo, the time
// alone) costs one: reading plays only where a run of them ends (applyEntries), so that a storm
// of undo 9999 and redo 9999 replays no more than one of them would.
func entryCost(e entry, at, tape int) int {
	if alongTape(e, tape) {
		return 1
	}
	return 1 + len(e.Add) + abs(at-e.Keep) + abs(e.Keep+len(e.Add)-e.At)
}

// alongTape reports whether an entry only moves along a tape of that length: it keeps it all
// and adds nothing (undo, redo, a change of the time or the flags alone).
func alongTape(e entry, tape int) bool { return len(e.Add) == 0 && e.Keep == tape }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// checkpointDue reports whether the journal has grown past what a resume should replay.
func (t *track) checkpointDue() bool {
	return t.cost >= resumeBound(t.tape) || t.size-t.headSize >= journalBytes || t.size >= saveLimit/2
}

func (p Progress) sameFlags(q Progress) bool {
	p.Elapsed, q.Elapsed = 0, 0
	return p == q
}

// WriteGame saves a game, as GAME.json and its journal, and records it as the last game
// played. It writes only what changed since the game was last saved or read: nothing if only
// the time did, one journal line for a command. A game this folder has not seen (a new deal,
// a loaded file) is written whole. The game's save must be this program's: WriteGame takes it
// when no other program has it (Hold), and refuses to write one that another program has
// (*HeldError) or has taken over (*LostError).
func (d *Dir) WriteGame(g *model.Game, p Progress) error { return d.saveGame(g, p, false) }

// FlushGame is WriteGame that also writes a change of the time alone (on leaving).
func (d *Dir) FlushGame(g *model.Game, p Progress) error { return d.saveGame(g, p, true) }

// errJournalMoved says that the journal is not the file this program left: a checkpoint follows.
var errJournalMoved = errors.New("the journal changed")

func (d *Dir) saveGame(g *model.Game, p Progress, withTime bool) error {
	name := g.Info.Name
	if err := d.Hold(name); err != nil {
		return err
	}
	t := d.tracks[name]
	if t == nil || t.game != g || t.token == "" || t.bad || t.options != optionsKey(g) || t.checkpointDue() {
		return d.checkpoint(g, p, true)
	}
	if p.Line != t.prog.Line {
		// A new winning line (Progress.Line) is written with a checkpoint: journal lines carry
		// none. It changes when a search finds one (hint, solve, the watcher), not at every
		// command, and it is the same game: the .bak keeps the copy it holds (the deal before
		// a new one), which a line every hint would otherwise push out.
		return d.checkpoint(g, p, false)
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
	object, _ := json.Marshal(e)
	line, sum := seal(object, t.sum)
	err := d.locked(func() error {
		return d.asWriter(func() error {
			if err := d.owned(name); err != nil {
				return err
			}
			path := d.file(journalName(name))
			// Another program that wrote this game's files since (an older solitaire, which
			// takes no hold) made them its own: then this one writes a checkpoint.
			info, err := os.Lstat(path)
			if err != nil || !info.Mode().IsRegular() || info.Size() != t.size || t.file == nil || !os.SameFile(info, t.file) {
				return errJournalMoved
			}
			if err := appendTo(path, line, true); err != nil {
				// Perhaps half a line: cut it away, so that the line before stays the last, and
				// write a checkpoint next time in any case.
				truncateFile(path, t.size)
				t.bad = true
				return err
			}
			return nil
		})
	})
	if errors.Is(err, errJournalMoved) {
		return d.checkpoint(g, p, true)
	}
	if err != nil {
		return err
	}
	t.cost += entryCost(e, t.at, t.tape)
	t.lines++
	t.size += int64(len(line))
	t.sum = sum
	t.at, t.tape, t.prog = g.MoveCount(), g.TapeLen(), p
	g.MarkTape()
	return d.writeLast(name)
}

// truncateFile cuts a file to a size; tests make it fail, as it may on a failing disk.
var truncateFile = os.Truncate

// checkpoint writes the whole game: its journal, begun afresh with the game in its head, then
// GAME.json, under a new token and the next generation. With keepBak, the checkpoint and
// journal it replaces are kept first as GAME.json.bak and GAME.journal.bak.
func (d *Dir) checkpoint(g *model.Game, p Progress, keepBak bool) error {
	name := g.Info.Name
	s := Encode(g, p)
	token := NewDealID()
	head := journalHead{Format: journalFormat, Version: journalVersion, Save: token, Hash: hashText(&g.State)}
	hs := s
	hs.Final = nil // the hash checks the position the head's game reaches
	head.Base, _ = json.Marshal(hs)
	s.Version, s.Journal = checkpointVersion, token
	base, journal := d.file(saveName(name)), d.file(journalName(name))
	var written *track
	err := d.locked(func() error {
		return d.asWriter(func() error {
			if err := d.owned(name); err != nil {
				return err
			}
			gen := d.diskGen(name) + 1
			if t := d.tracks[name]; t != nil && t.gen >= gen {
				gen = t.gen + 1
			}
			s.Generation, head.Gen = gen, gen
			data := addChecksum(s.Marshal())
			object, _ := json.Marshal(head)
			headLine, sum := seal(object, 0)
			if int64(len(data)) > saveLimit || int64(len(headLine)) > saveLimit/2 {
				return fmt.Errorf("the game is too long to save: %d moves take %d KiB, and a save may take %d KiB; history prints its moves as a script",
					g.MoveCount(), len(data)>>10, saveLimit>>10)
			}
			for _, f := range []string{base, journal} {
				if err := replaceable(f); err != nil {
					return err
				}
			}
			if keepBak {
				if err := backup(base); err != nil {
					return err
				}
				if err := backupJournal(journal); err != nil {
					return err
				}
			}
			if err := Replace(journal, headLine); err != nil {
				return err
			}
			if err := Replace(base, data); err != nil {
				return err
			}
			info, err := os.Lstat(journal)
			if err != nil {
				return ioError("writing", journal, err)
			}
			written = &track{game: g, token: token, gen: gen, size: int64(len(headLine)), headSize: int64(len(headLine)),
				sum: sum, file: info, at: g.MoveCount(), tape: g.TapeLen(), prog: p, options: optionsKey(g)}
			return nil
		})
	})
	if err != nil {
		if t := d.tracks[name]; t != nil {
			t.bad = true
		}
		return err
	}
	d.track(name, written)
	g.MarkTape()
	return d.writeLast(name)
}

// generationField finds a file's generation among its first bytes, where the program writes it.
var generationField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"generation":\s*([0-9]{1,18})`) })

// diskGen is the highest generation GAME.json and GAME.journal hold (0 for none), so that a
// checkpoint is always newer than what the folder has, whoever wrote it.
func (d *Dir) diskGen(name string) int64 {
	var gen int64
	for _, f := range []string{saveName(name), journalName(name)} {
		fh, err := openRegular(d.file(f))
		if err != nil {
			continue
		}
		head := make([]byte, 512)
		n, _ := io.ReadFull(fh, head)
		fh.Close()
		if m := generationField().FindSubmatch(head[:n]); m != nil {
			if v, err := strconv.ParseInt(string(m[1]), 10, 64); err == nil && v > gen {
				gen = v
			}
		}
	}
	return gen
}

// backupJournal keeps the journal beside the base's .bak: copied as GAME.journal.bak, or, when
// there is none, no GAME.journal.bak either (it would belong to an older .bak).
func backupJournal(journal string) error {
	err := backup(journal)
	if err == nil {
		if _, serr := os.Lstat(journal); errors.Is(serr, os.ErrNotExist) {
			if rerr := os.Remove(journal + ".bak"); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
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

// journalRead is what a journal's bytes hold: its head and the entries that can be read, up
// to the first that cannot, and what was wrong.
type journalRead struct {
	head    journalHead
	headErr error // the head cannot be read: nothing in the journal can be used
	entries []entry
	lineNos []int // each entry's line number, from 1

	good     int64  // the bytes read: up to the end of the last line used, its newline included
	headSize int64  // the head line's size
	sum      uint32 // the last line's sum (version 2)
	unended  bool   // the last line used has no newline after it

	torn       bool  // a last line without its newline, cut short, was left out
	damage     error // why the first line that could not be read could not; nil: none
	damageLine int   // its number
	lost       int   // lines left out from it on (itself included)
}

// flawed reports whether the journal holds anything that was left out, or ends without a
// newline: the next save then writes a checkpoint rather than add to it.
func (r *journalRead) flawed() bool { return r.torn || r.damage != nil || r.unended }

// parseJournal reads a journal's lines. Blank lines are nothing. A last line without its
// newline is whole if it checks (only its newline is missing), else it was cut short as it was
// written and is left out. A line that does not check (version 2: its sum; both: its JSON) and
// every line after it are left out, and said.
func parseJournal(data []byte) *journalRead {
	r := &journalRead{}
	lineNo := 0
	for pos := 0; pos < len(data); {
		line, next, ended := data[pos:], len(data), false
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line, next, ended = line[:i], pos+i+1, true
		}
		pos = next
		lineNo++
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(bytes.TrimSpace(line)) == 0 {
			if r.damage == nil && r.headSize > 0 {
				r.good = int64(next) // harmless: a blank line is nothing
			}
			continue
		}
		if r.damage != nil {
			r.lost++
			continue
		}
		var err error
		if r.headSize == 0 {
			err = r.readHead(line)
			if err != nil {
				r.headErr = err
				return r
			}
			r.headSize, r.good, r.unended = int64(next), int64(next), !ended
			continue
		}
		var e entry
		if err = r.readEntry(line, &e); err != nil {
			if !ended {
				r.torn = true // cut short as it was written
				break
			}
			r.damage, r.damageLine, r.lost = err, lineNo, 1
			continue
		}
		r.entries = append(r.entries, e)
		r.lineNos = append(r.lineNos, lineNo)
		r.good, r.unended = int64(next), !ended
	}
	if r.headSize == 0 && r.headErr == nil && len(bytes.TrimSpace(data)) > 0 {
		r.headErr = errors.New("its first line is cut short")
	}
	return r
}

// readHead reads the first line: a sealed head (version 2) or a plain one (version 1).
func (r *journalRead) readHead(line []byte) error {
	if object, sum, ok := unseal(line, 0); ok {
		if err := strict(object, &r.head); err != nil {
			return fmt.Errorf("its first line is not valid: %v", err)
		}
		if r.head.Format != journalFormat || r.head.Version != journalVersion || len(r.head.Base) == 0 {
			return errors.New("its first line is not a journal's head")
		}
		r.sum = sum
		return nil
	}
	var probe struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(line, &probe) != nil || probe.Format != journalFormat {
		if bytes.Contains(line, []byte(journalFormat)) {
			return errors.New("its first line is damaged (it does not match its checksum)")
		}
		return errors.New("it does not begin as a journal does")
	}
	switch {
	case probe.Version > journalVersion:
		return fmt.Errorf("the journal is of version %d, which this solitaire does not read", probe.Version)
	case probe.Version == journalVersion:
		return errors.New("its first line is damaged (it does not match its checksum)")
	case probe.Version != 1:
		return fmt.Errorf("the journal is of version %d, which this solitaire does not read", probe.Version)
	}
	if err := strict(line, &r.head); err != nil || r.head.Base != nil || r.head.Gen != 0 {
		return errors.New("its first line is not a journal's head")
	}
	return nil
}

// readEntry reads an entry line: sealed after the line before it (version 2), or plain JSON.
func (r *journalRead) readEntry(line []byte, e *entry) error {
	object := line
	if r.head.Version == journalVersion {
		var sum uint32
		var ok bool
		if object, sum, ok = unseal(line, r.sum); !ok {
			return errors.New("it does not match its checksum (a byte changed, or a line was lost or moved)")
		}
		if err := strict(object, e); err != nil {
			return fmt.Errorf("it is not valid: %v", err)
		}
		r.sum = sum
		return nil
	}
	if err := strict(object, e); err != nil {
		return fmt.Errorf("it is not valid: %v", err)
	}
	return nil
}

// strict decodes one JSON value with no field the type lacks and nothing after it.
func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("extra data after the value")
	}
	return nil
}

// replayed is what applying a journal's entries to a game did.
type replayed struct {
	n    int      // entries applied
	cost int      // their entryCost, summed
	prog Progress // the progress after the last
	err  error    // why entry n could not be applied; nil: all were
}

// applyEntries plays entries on g, the game of their checkpoint, with p its progress, and
// stops at the first that does not replay as recorded. g is then as the entries before it
// left it, unless the entry failed half-way (replayed.err is set, and the caller rebuilds).
//
// A run of entries that only move along the tape (undo, redo, the time) is played as one move
// to where the last of them stands, whose hash is checked: the places between are on the same
// tape, and their lines' checksums prove them as written. A failure there is put on the run's
// first entry.
func applyEntries(g *model.Game, entries []entry, p Progress, ops opCache) replayed {
	r := replayed{prog: p}
	run, runAt := -1, 0 // the first entry of the run not yet played, and the place it reached
	var runHash string
	flush := func() bool {
		if run < 0 {
			return true
		}
		err := moveAlong(g, runAt)
		if err == nil && hashText(&g.State) != runHash {
			err = errors.New("the commands do not lead to the recorded position (was the file edited?)")
		}
		if err != nil {
			r.n, r.err = run, err
			return false
		}
		run = -1
		return true
	}
	at := g.MoveCount()
	for i, e := range entries {
		tape := g.TapeLen()
		if alongTape(e, tape) && !(e.Keep == 0 && tape > 0) {
			if e.At < 0 || e.At > tape {
				if flush() {
					r.n, r.err = i, errors.New("it does not fit the game before it")
				}
				return r
			}
			if run < 0 {
				run = i
			}
			runAt, runHash = e.At, e.Hash
		} else {
			if !flush() {
				return r
			}
			if err := replayEntry(g, e, ops); err != nil {
				r.n, r.err = i, err
				return r
			}
		}
		if e.Elapsed < 0 || e.Elapsed > 1e9 {
			e.Elapsed = 0
		}
		r.prog = Progress{ID: p.ID, Elapsed: time.Duration(e.Elapsed * float64(time.Second)), Counted: e.Counted,
			Recorded: e.Recorded, Hinted: e.Hinted, Demoed: e.Demoed, Line: p.Line}
		r.cost += entryCost(e, at, tape)
		at = e.At
		r.n = i + 1
	}
	flush()
	return r
}

// moveAlong brings g to place at on its tape by undo or redo.
func moveAlong(g *model.Game, at int) error {
	var err error
	switch cur := g.MoveCount(); {
	case cur > at:
		_, err = g.Play(model.Undo{N: cur - at})
	case cur < at:
		_, err = g.Play(model.Redo{N: at - cur})
	}
	return err
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
