package controller

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/view"
)

// saver is what a session knows of its state folder: where it is, whether the game in play is
// saved there and its statistics counted, what they already know of the deal, and what went
// wrong writing there. A Session holds one. Its methods need nothing of the game in play; the
// Session's methods in this file (claim, save, settle and the rest) need the game as well.
type saver struct {
	store     *store.Dir     // the state folder, for saves and statistics; nil: none
	stateFlag string         // the --state-dir that named the folder, for the commands quit names; "": none given
	persist   bool           // save after every command and count statistics (the prompt, not scripts)
	progress  store.Progress // what the statistics already know of this deal
	warning   string         // a problem with the state folder, shown once below the board
	failed    bool           // writing to the state folder failed (saves, statistics, history)
	// unsaved, when set, is why the game in play is not saved: another program has its save
	// open (*store.HeldError) or took it over (*store.LostError); claim.
	unsaved     error
	takeOver    bool // --take-over: a save another program has open is taken over at once
	askTakeOver bool // at a terminal: the prompt asks whether to take such a save over
	claimed     bool // claim has run for the game in play, or for the game the prompt began with
	fresh       bool // the game in play was dealt or loaded here, not read from its save
	resumed     bool // the game in play was read from its save and is that save's game
}

// Persist makes the session keep its game in the state folder after every command and count
// statistics (the prompt does; scripts do not).
func (s *saver) Persist(d *store.Dir) {
	s.store, s.persist = d, d != nil
}

// StateDirFlag records that the state folder was named by --state-dir dir: the commands the
// goodbye names must name it again, or "solitaire" alone would resume another folder's game.
// A folder from $SOLITAIRE_HOME or the default needs no flag, and none is recorded.
func (s *saver) StateDirFlag(dir string) { s.stateFlag = dir }

// solitaire is the shell command that runs the program with args in the same state folder.
func (s *saver) solitaire(args string) string {
	c := "solitaire"
	if s.stateFlag != "" {
		c += " --state-dir " + shellQuote(s.stateFlag)
	}
	return strings.TrimSpace(c + " " + args)
}

// UseStore gives the session a state folder to read statistics from, without writing anything.
func (s *saver) UseStore(d *store.Dir) { s.store = d }

// Resume starts a session on the last game played, exactly as it was saved; with no usable save
// it deals a new game of that game (Klondike on a first run) and says why in Warning. A damaged
// save whose .bak is good is offered: the prompt's first line answers whether to take it up.
func Resume(d *store.Dir, style view.Style, clock Clock) (*Session, error) {
	game, lerr := d.ReadLast()
	if game == "" {
		game = "klondike"
	}
	g, p, err := d.ReadGame(game)
	var s *Session
	if g != nil {
		s = NewSessionAt(g, style, clock)
		s.spent, s.progress = p.Elapsed, p
		s.assist.takeUpLine(s.Game, p.Line)
	} else {
		var nerr error
		if s, nerr = NewSession(model.Config{Game: game}, style, clock); nerr != nil {
			return nil, nerr
		}
	}
	s.Persist(d)
	var notes []string
	if lerr != nil {
		notes = append(notes, printable(lerr.Error()+backupNote(lerr)+"; resuming "+game))
	}
	if err != nil {
		notes = append(notes, s.offerBackup(err, "here is a new deal"))
	}
	if r := d.Repaired(game); r != "" {
		notes = append(notes, printable(r))
	}
	s.warning = strings.Join(notes, "\n")
	s.resumed = g != nil
	return s, nil // the prompt takes the save when it starts (claim)
}

// TakeOver says what the prompt does when another solitaire has open the save of the game it
// is to play: take it over at once (take: --take-over), ask (ask: at a terminal), or else play
// without saving, which piped input's exit status then says (help saves: Two programs).
func (s *saver) TakeOver(take, ask bool) { s.takeOver, s.askTakeOver = take, ask }

// claim takes the save of the game in play for this program (store.Dir.Hold), so that no other
// program writes it meanwhile. When another program has it open, claim takes it over with
// --take-over; at a terminal it asks whether to; else this game is not saved, and the warning
// says why and what to do.
func (s *Session) claim() {
	s.unsaved, s.claimed = nil, true
	if !s.persist {
		return
	}
	err := s.store.Hold(s.Game.Info.Name)
	var he *store.HeldError
	if err == nil && s.resumed {
		// What reading the save mended (a journal line cut off or damaged, GAME.json rebuilt
		// from the journal) is written whole now, not at the next change: a program killed
		// before one would leave the files as the damage did (help saves: The journal).
		s.save(false)
		return
	}
	if !errors.As(err, &he) {
		return // held, or an error of the folder, which the next save reports
	}
	if s.takeOver {
		if err := s.store.TakeOver(s.Game.Info.Name); err == nil {
			s.Notify(fmt.Sprintf("took over the save of %s from the other solitaire (%s): it stops saving it", s.Game.Info.Name, heldWho(he)))
			s.reread()
			return
		}
	}
	s.heldElsewhere(err)
}

// heldWho is what a *store.HeldError says of the program that holds a save.
func heldWho(he *store.HeldError) string {
	msg := he.Error()
	if i := strings.Index(msg, "("); i >= 0 {
		return strings.TrimSuffix(msg[i+1:], ")")
	}
	return msg
}

// heldElsewhere puts the game in play without saving because another program has its save open
// (a *store.HeldError) or has taken it over from this one (a *store.LostError): nothing of it is
// written (save returns err), and the player is told, and at a terminal asked whether to take
// the save over.
func (s *Session) heldElsewhere(err error) {
	first := s.unsaved == nil
	s.unsaved = err
	if !first {
		return
	}
	name := s.Game.Info.Name
	msg := err.Error() + ": this game is not saved"
	if !s.askTakeOver || s.question != nil {
		s.failed = true // with piped input the exit status says it
		s.warn(msg + "; --take-over takes the save over")
		return
	}
	s.warn(msg)
	s.ask("take over", "take the save over (the other solitaire then stops saving it)?", func(yes bool) (Outcome, error) {
		if !yes {
			return Outcome{Message: fmt.Sprintf("playing without saving; save FILE keeps a copy of the game, and --take-over takes the save of %s at the start", name)}, nil
		}
		if err := s.store.TakeOver(name); err != nil {
			return Outcome{}, err
		}
		s.unsaved = nil
		s.reread()
		if s.fresh {
			s.abandonSaved(name) // a new deal in place of the other's game
		}
		if err := s.saveNow(); err != nil {
			return Outcome{Board: true}, nil // the warning says why
		}
		s.settle()
		return Outcome{Board: true, Message: fmt.Sprintf("took over the save of %s: %s is saved here from now on", name, s.describe())}, nil
	})
}

// reread takes up the save again after taking it over, when the game in play is the one read
// from it and has not changed since: the other program may have played on meanwhile, and its
// last saved game is where this one goes on.
func (s *Session) reread() {
	g := s.Game
	if !s.resumed || g.TapeChangedFrom() < g.TapeLen() {
		return
	}
	if ng, p, err := s.store.ReadGame(g.Info.Name); err == nil && ng != nil {
		s.Game, s.started, s.spent, s.progress = ng, s.clock(), p.Elapsed, p
		s.progress.Elapsed = 0
		s.assist.takeUpLine(s.Game, p.Line)
	}
}

// release lets the save of the game in play go, for another program to take (the game is put
// away, or the prompt ends).
func (s *Session) release() {
	if s.persist {
		s.store.Release(s.Game.Info.Name)
	}
}

// offerBackup says why a game's save could not be used and, when its last good copy (the
// .bak, moved aside with it) could, asks whether to take that copy up instead of the deal in
// play: the prompt's next line answers. instead says what is in play meanwhile.
func (s *Session) offerBackup(err error, instead string) string {
	msg := printable(err.Error())
	var ce *store.CorruptError
	if !errors.As(err, &ce) || ce.Backup == nil {
		return msg + printable(backupNote(err)) + "; " + instead
	}
	bak, bp := ce.Backup, ce.BackupProgress
	s.ask("take up the copy", "take up the copy?", func(yes bool) (Outcome, error) {
		if !yes {
			return Outcome{Message: fmt.Sprintf("the new deal stays; load %s takes up the copy later", quotedPath(ce.BackupPath))}, nil
		}
		s.Game, s.started, s.spent, s.progress = bak, s.clock(), bp.Elapsed, bp
		s.progress.Elapsed = 0 // the time is kept in spent; saveNow adds it up
		s.assist.takeUpLine(s.Game, bp.Line)
		return Outcome{Board: true, Message: fmt.Sprintf("took up the copy of %s, %s", printable(ce.Path), model.Plural(bak.MoveCount(), "move"))}, nil
	})
	return fmt.Sprintf("%s\nIts last good copy, %s (%s), was moved aside with it; %s.",
		msg, printable(ce.BackupPath), model.Plural(bak.MoveCount(), "move"), instead)
}

// backupNote says why the .bak of a file that could not be used cannot stand in for it either.
func backupNote(err error) string {
	var ce *store.CorruptError
	if !errors.As(err, &ce) || ce.BackupPath == "" {
		return ""
	}
	if ce.BackupErr != nil {
		return fmt.Sprintf("; its copy %s cannot be used either: %v", ce.BackupPath, ce.BackupErr)
	}
	if ce.Backup == nil {
		return fmt.Sprintf("; its copy %s names the game", ce.BackupPath) // last.json's
	}
	return fmt.Sprintf("; its last good copy, %s (%s), was moved aside with it: load %s takes it up",
		ce.BackupPath, model.Plural(ce.Backup.MoveCount(), "move"), quotedPath(ce.BackupPath))
}

// Start begins a new game in the prompt's session (solitaire play GAME). The game's old save,
// if any, is replaced (its .bak keeps it); an unfinished, counted deal there ends the streak.
// When the prompt asks before abandoning a game (ConfirmAbandon) and that save holds a game in
// progress, Start asks first, as new, load and restart do: call ConfirmAbandon before Start.
func (s *Session) Start() {
	if !s.persist {
		return
	}
	s.fresh = true
	if s.claim(); s.unsaved != nil {
		return // nothing is written, and the prompt asks whether to take the save over
	}
	if s.confirm && s.askBeforeReplacing() {
		return
	}
	s.abandonSaved(s.Game.Info.Name)
	s.saveNow()
}

// askBeforeReplacing puts the saved game of Start's game back in play, when it has moves and
// is not won, and leaves the question whether to abandon it for the prompt's first line: yes
// deals the new game as Start would have, anything else keeps the saved one. Nothing is
// written before the answer, so quitting at the question, or a kill, loses nothing. It reports
// whether it asked; a save that cannot be read is left to Start, which says why.
func (s *Session) askBeforeReplacing() bool {
	fresh, dealtBy := s.Game, s.dealtBy
	old, p, err := s.store.ReadGame(fresh.Info.Name)
	if err != nil || old == nil || old.Moves() == 0 || old.Won() {
		return false
	}
	s.Game, s.started, s.spent, s.progress = old, s.clock(), p.Elapsed, p
	s.progress.Elapsed = 0 // the time is kept in spent; saveNow adds it up
	s.assist.takeUpLine(s.Game, p.Line)
	s.fresh, s.resumed = false, true
	s.settle()
	by := "play " + fresh.Info.Name
	s.ask(by, fmt.Sprintf("abandon %s, %s?", s.describe(), model.Plural(old.Moves(), "move")), func(yes bool) (Outcome, error) {
		if !yes {
			return Outcome{Board: true, Message: "kept your saved game, " + s.describe()}, nil
		}
		s.Game, s.started, s.spent, s.progress, s.dealtBy = fresh, s.clock(), 0, store.Progress{}, dealtBy
		s.fresh, s.resumed = true, false
		s.abandonSaved(fresh.Info.Name)
		s.saveNow()
		return Outcome{Board: true, Message: "new game: " + s.describe()}, nil
	})
	s.Notify(fmt.Sprintf("%s: a new deal, %s, in place of your saved game (above)", by, describeDeal(fresh)))
	return true
}

// abandonSaved ends the streak when the saved deal of a game, about to be replaced, was
// counted as played and not won.
func (s *saver) abandonSaved(game string) {
	old, p, err := s.store.ReadGame(game)
	if err != nil {
		s.warning = printable(err.Error() + backupNote(err))
		return
	}
	if old != nil && p.Counted && !p.Recorded {
		s.recordScored(store.Variant(old), p.ID, store.Abandoned, 0, 0, endPoints(old))
	}
}

// TakeWarning returns the pending state-folder warning once.
func (s *saver) TakeWarning() string {
	w := s.warning
	s.warning = ""
	return w
}

// replace puts another game in play (new, load). The deal whose save it takes over is thrown
// away: if it was counted and not won, the winning streak ends. A deal of another game than the
// current one stays saved as it is, as with switch.
func (s *Session) replace(g *model.Game, p store.Progress) {
	other := g.Info.Name != s.Game.Info.Name
	if s.persist {
		if !other {
			if s.progress.Counted && !s.progress.Recorded && s.unsaved == nil {
				s.recordScored(store.Variant(s.Game), s.progress.ID, store.Abandoned, 0, 0, endPoints(s.Game))
			}
		} else {
			s.saveNow()
			s.release()
		}
	}
	s.Game, s.started, s.spent, s.progress = g, s.clock(), p.Elapsed, p
	s.progress.Elapsed = 0 // the time is kept in spent; saveNow adds it up
	s.assist.takeUpLine(s.Game, p.Line)
	s.fresh, s.resumed = true, false
	if other {
		if s.claim(); s.unsaved == nil && s.persist {
			s.abandonSaved(g.Info.Name)
		}
	}
}

// afterCommand saves the game and then counts the statistics; it runs after every command at
// the prompt.
func (s *Session) afterCommand() {
	if !s.persist {
		return
	}
	if s.save(false) != nil {
		return // the statistics count only what the save holds: settle, after the next save
	}
	s.settle()
}

// settle counts in the statistics what the save holds and they have not counted yet (the
// deal's first move, its end), then marks the save so. The save is written before the
// statistics, so that no kill can leave them counting a move or a win the save does not hold
// (a kill on the winning move); a kill between the two leaves a save whose win is not marked
// counted, and the next program, which settles as it takes the game up, counts it then: the
// deal's id makes a count made twice change nothing (store.RecordDeal).
func (s *Session) settle() {
	if !s.persist || s.unsaved != nil {
		return
	}
	if s.progress.ID == "" {
		// The deal's id goes into its save before anything is counted for it (see record).
		if s.saveNow() != nil {
			return
		}
	}
	before := s.progress
	v := store.Variant(s.Game)
	if !s.progress.Counted && s.Game.MoveCount() > 0 {
		s.progress.Counted = s.recordScored(v, s.progress.ID, store.Played, 0, 0, antePoints(s.Game))
	}
	if s.Game.Won() && !s.progress.Recorded {
		e := store.Won
		switch {
		case s.progress.Demoed:
			e = store.DemoFinished
		case s.progress.Hinted:
			e = store.WonHinted
		}
		s.progress.Recorded = s.recordScored(v, s.progress.ID, e, s.Game.Moves(), s.Elapsed(), endPoints(s.Game))
	}
	if s.progress != before {
		s.save(false)
	}
}

// noteAssist counts one use of the solver's help (store.HintUsed, SolveUsed or DemoUsed) in the
// variant's statistics and marks the deal, so that its win is counted as won with hints, or not
// as a win after a demo. Call it from the command that gave the help, before afterCommand runs,
// and for DemoUsed only once the demo has played a move. Scripts write no statistics: there it
// does nothing. Help asked for after the deal's end is counted but changes nothing of the deal.
func (s *Session) noteAssist(e store.Event) {
	if !s.persist {
		return
	}
	before := s.progress
	switch e {
	case store.HintUsed, store.SolveUsed:
		s.progress.Hinted = true
	case store.DemoUsed:
		s.progress.Demoed = true
	default:
		panic(fmt.Sprintf("noteAssist: event %d is not a use of help", e))
	}
	if before != s.progress {
		// The mark goes into the save first: a kill before the save must not leave the help
		// counted and the deal unmarked, or its win would count as unaided.
		if s.saveNow() != nil {
			return
		}
	}
	if s.unsaved == nil {
		s.record(store.Variant(s.Game), e, 0, 0)
	}
}

// farewell is what the prompt says on leaving: it saves the game, with its time, and says
// where the game is kept and how to take it up. When that save fails it must not claim one:
// it says the game is not saved and why, and prints the game's moves as a script (as history
// does) with the command that plays them back into the state folder once it can be written,
// since the program ends and nothing else would keep them. The failure is said here, so it is
// taken from the warnings that would repeat it on standard error.
func (s *Session) farewell() string {
	what := fmt.Sprintf("%s, %s", s.describe(), model.Plural(s.Game.Moves(), "move"))
	if !s.persist {
		// The program is ending: no command typed now can keep the moves, so say what can
		// still be done from the shell.
		return fmt.Sprintf("Bye. %s was not saved (no state folder); %s deals it again.", what, s.replayCommand())
	}
	if err := s.saveNow(); err != nil {
		why := s.TakeWarning()
		if s.unsaved != nil {
			// Another solitaire has the save: the folder can be written, by that program.
			return fmt.Sprintf("NOT SAVED: %s.\n%s: this game was not saved.\n"+
				"To keep the game, copy the script below into a file, and once the other solitaire has ended\n"+
				"(or with --take-over), play the file back, which saves the game: %s --interactive < FILE\n%s",
				what, s.unsaved, s.replayCommand(), strings.TrimRight(s.historyScript(), "\n"))
		}
		if why == "" {
			why = "the game could not be saved: " + err.Error() // said before, and still so
		}
		return fmt.Sprintf("NOT SAVED: %s.\n%s\n"+
			"To keep the game, copy the script below into a file. Once the state folder can be written\n"+
			"(the message above says what stops it; help saves), play the file back, which saves the\n"+
			"game: %s --interactive < FILE\n%s",
			what, why, s.replayCommand(), strings.TrimRight(s.historyScript(), "\n"))
	}
	if s.Game.Won() {
		return fmt.Sprintf("Bye. %s is won; %s deals another.", s.describe(), s.solitaire("play "+s.Game.Info.Name))
	}
	return fmt.Sprintf("Saved: %s. Type %s to take it up again, or %s for a new deal.", what, s.solitaire(""), s.solitaire("play "+s.Game.Info.Name))
}

// saveNow saves the game, its time included: on leaving it, and before anything is counted.
func (s *Session) saveNow() error { return s.save(true) }

// save writes what changed since the game was last saved: after a command, nothing if only
// the time did (hint, time, help, an illegal move), one journal line if the game or what the
// statistics know of it did (store.Dir.WriteGame). withTime writes a change of time alone too.
// A failure is shown as a warning, and returned for farewell, which must not say "Saved".
func (s *Session) save(withTime bool) error {
	if !s.persist {
		return nil
	}
	if s.unsaved != nil {
		return s.unsaved // said once, when it began
	}
	if s.progress.ID == "" {
		s.progress.ID = store.NewDealID()
	}
	s.progress.Line = s.assist.savedLine(s.Game) // the hint's line goes with the game (help saves)
	p := s.progress
	p.Elapsed = s.Elapsed()
	write := s.store.WriteGame
	if withTime {
		write = s.store.FlushGame
	}
	if err := write(s.Game, p); err != nil {
		var he *store.HeldError
		var le *store.LostError
		if errors.As(err, &he) || errors.As(err, &le) {
			s.heldElsewhere(err)
			return err
		}
		s.warn("the game could not be saved: " + err.Error())
		return fmt.Errorf("saving %s: %w", s.describe(), err)
	}
	return nil
}

// record counts an event of the current deal in the statistics. The statistics are written
// before the save that marks the event counted; the deal's id, in both, makes a second count
// after a kill between the two writes change nothing (store.RecordDeal).
func (s *saver) record(variant string, e store.Event, moves int, took time.Duration) {
	s.recordDeal(variant, s.progress.ID, e, moves, took)
}

func (s *saver) recordDeal(variant, deal string, e store.Event, moves int, took time.Duration) {
	s.recordScored(variant, deal, e, moves, took, store.Points{})
}

// beforeRecord, when tests set it, is called before the statistics count an event: it looks at
// the folder then, and false stands for a kill before the write.
var beforeRecord func(e store.Event) bool

// recordScored is recordDeal with the points of the deal's score (antePoints, endPoints). It
// reports whether the event is counted: a deal's flag (Counted, Recorded) is set only then, so
// that the next settle counts what could not be counted now.
func (s *saver) recordScored(variant, deal string, e store.Event, moves int, took time.Duration, p store.Points) bool {
	if beforeRecord != nil && !beforeRecord(e) {
		return false
	}
	if err := s.store.RecordScored(variant, deal, e, moves, took, p); err != nil {
		s.warn("the statistics could not be updated: " + err.Error())
		return false
	}
	return true
}

// warn shows a failure to write to the state folder below the board, once, and remembers it:
// with piped input (--interactive) the program then exits with ExitError.
func (s *saver) warn(msg string) {
	s.failed = true
	msg = printable(msg) // it names files, and the state folder's path may hold anything
	switch {
	case s.warning == "":
		s.warning = msg
	case !strings.Contains(s.warning, msg):
		s.warning += "\n" + msg
	}
}

// Unsaved records that the state folder could not be opened (the caller has said so): nothing
// of this session will be saved, a failure to write like warn's, so that with piped input
// (--interactive), where no one reads the warning, the exit status says it (help saves).
func (s *saver) Unsaved() { s.failed = true }

// WriteFailed reports whether a save, the statistics or the history could not be written.
func (s *saver) WriteFailed() bool { return s.failed }

// switchGame moves to another game: its saved deal if there is one, else a new deal. The
// current game stays saved as it is.
func (s *Session) switchGame(name string) (Outcome, error) {
	info, err := model.LookupGame(name)
	if err != nil {
		return Outcome{}, err
	}
	s.saveNow()
	if info.Name != s.Game.Info.Name {
		s.release()
	}
	var msg string
	if s.persist { // scripts never read saves: their result must not depend on the state folder
		g, p, err := s.store.ReadGame(info.Name)
		if err != nil {
			msg = s.offerBackup(err, "here is a new deal") + "\n"
		} else if g != nil {
			s.Game, s.started, s.spent, s.progress = g, s.clock(), p.Elapsed, p
			s.assist.takeUpLine(s.Game, p.Line)
			s.fresh, s.resumed = false, true
			if r := s.store.Repaired(info.Name); r != "" {
				s.Notify(printable(r))
			}
			s.claim()
			s.settle()
			return Outcome{Board: true, Message: fmt.Sprintf("switched to %s: your saved game, %s", info.Title, model.Plural(g.MoveCount(), "move"))}, nil
		}
	}
	g, err := NewGame(model.Config{Game: info.Name})
	if err != nil {
		return Outcome{}, err
	}
	s.Game, s.started, s.spent, s.progress = g, s.clock(), 0, store.Progress{}
	s.fresh, s.resumed = true, false
	s.claim()
	return Outcome{Board: true, Message: msg + "switched to " + info.Title + ": a new deal, " + s.describe()}, nil
}

// replayCommand is the shell command that deals the game in play again, for history's script
// of its moves: PlayCommand, with the board file it was dealt from (--board FILE, which
// --position would not read) and the notation the moves are written in.
func (s *Session) replayCommand() string {
	return ReplayCommand(s.Game, "", s.boardFile(), s.writtenIn())
}

// historyScript is the game's moves as a script that replays it from the deal.
func (s *Session) historyScript() string {
	var b strings.Builder
	c := s.Game.Config
	b.WriteString("# " + s.replayCommand())
	if c.Deal == 0 && c.Seed == 0 && s.boardFile() == "" {
		b.WriteString("   (this game began from a position)")
	}
	b.WriteString(" < this-file\n")
	start, _ := s.Game.Back(s.Game.CanUndo())
	for _, op := range NotateLine(start, s.writtenIn(), s.Game.History()) {
		b.WriteString(op + "\n")
	}
	if s.Game.MoveCount() == 0 {
		b.WriteString("# no moves yet\n")
	}
	return b.String()
}

// stats shows the statistics of one game's variants, or of all.
func (s *saver) stats(game string) (Outcome, error) {
	if game != "" {
		info, err := model.LookupGame(game)
		if err != nil {
			return Outcome{}, err
		}
		game = info.Name
	}
	if s.store == nil {
		return Outcome{Message: "stats: no state folder, so no statistics"}, nil
	}
	st, err := s.store.ReadStats()
	msg := StatsTable(st, game)
	if err != nil {
		msg = err.Error() + "\n" + msg
	}
	return Outcome{Message: strings.TrimRight(msg, "\n")}, nil
}

// StatsTable renders statistics as a table, one variant a line, within 80 columns. Wins with
// and without help have a column each; the help used (hints, solves, demos, and deals the demo
// finished) follows in a second table, for the variants where any was used, so that a player
// who never asks for help sees no column of zeros.
func StatsTable(st store.Stats, game string) string {
	names := st.Names(game)
	if len(names) == 0 {
		if game == "" {
			return "No games played yet: a game counts once you make a move.\n"
		}
		return fmt.Sprintf("No %s games played yet: a game counts once you make a move.\n", game)
	}
	var b strings.Builder
	var helped []string
	fmt.Fprintf(&b, "%-22s %6s %7s %6s %5s %6s %4s %7s %5s\n", "game", "played", "unaided", "hinted", "rate", "streak", "best", "time", "moves")
	for _, n := range names {
		r := st.Variants[n]
		best, moves := "-", "-"
		if r.WonUnaided() > 0 {
			best = view.Duration(time.Duration(r.BestSeconds * float64(time.Second)))
		}
		if r.FewestMoves > 0 {
			moves = fmt.Sprint(r.FewestMoves)
		}
		fmt.Fprintf(&b, "%-22s %6d %7d %6d %4.0f%% %6d %4d %7s %5s\n", statsName(n), r.Played, r.WonUnaided(), r.WonHinted, 100*r.WinRate(), r.Streak, r.BestStreak, best, moves)
		if r.Hints+r.Solves+r.Demos+r.DemoFinished > 0 {
			helped = append(helped, n)
		}
	}
	b.WriteString("unaided: wins with no hint or solve; hinted: wins after one; rate: all wins\n")
	b.WriteString("streak: wins in a row now; best: most in a row; time, moves: unaided wins\n")
	if len(helped) > 0 {
		fmt.Fprintf(&b, "\n%-22s %6s %6s %6s %7s\n", "help used", "hints", "solves", "demos", "by demo")
		for _, n := range helped {
			r := st.Variants[n]
			fmt.Fprintf(&b, "%-22s %6d %6d %6d %7d\n", statsName(n), r.Hints, r.Solves, r.Demos, r.DemoFinished)
		}
		b.WriteString("by demo: deals finished after solve play: not wins, and the streak ends\n")
	}
	scoresTable(&b, st, names)
	return b.String()
}

// statsName fits a variant's name in the table's first column.
func statsName(n string) string {
	if len(n) > 22 {
		return n[:20] + ".."
	}
	return n
}

// PlayCommand is the shell command that deals the game again, so that a script of its moves
// piped into it replays them: the game, the deal (--deal, --seed, or --position with the file
// given, FILE if none), and every option that is not the default.
func PlayCommand(game *model.Game, position string) string {
	c := game.Config
	s := "solitaire play " + game.Info.Name
	switch {
	case position != "":
		s += " --position " + shellQuote(position)
	case c.Deal != 0:
		s += fmt.Sprintf(" --deal %d", c.Deal)
	case c.Seed != 0:
		s += fmt.Sprintf(" --seed %d", c.Seed)
	default:
		s += " --position FILE"
	}
	for _, k := range ChangedOptions(game.Info, c.Options) {
		v := c.Options[k]
		switch {
		case game.Info.Spec(k).Kind != model.OptBool:
			s += " --" + k + " " + shellQuote(v)
		case v == "true":
			s += " --" + k
		default:
			s += " --" + k + "=" + v
		}
	}
	return s
}

// ChangedOptions are the options that differ from the game's defaults, in the game's order.
func ChangedOptions(info *model.GameInfo, opts model.Options) []string {
	var keys []string
	for _, spec := range info.Specs {
		if v, ok := opts[spec.Key]; ok && v != spec.Default {
			keys = append(keys, spec.Key)
		}
	}
	return keys
}

// shellSafe matches a word a shell reads as it is; it is compiled on first use, not at start.
var shellSafe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_./~+=:,@%-]+$`) })

// shellQuote quotes a word for a POSIX shell when it needs it. A word with a character that
// is not graphic (a newline, an escape, a byte that is not UTF-8) is quoted as $'...', with
// that character as an escape, so that the word stays on one line and shows nothing a
// terminal acts on: bash, zsh, ksh and POSIX.1-2024 shells read it back as the same bytes.
func shellQuote(s string) string {
	switch {
	case shellSafe().MatchString(s):
		return s
	case !plainLine(s):
		return "$'" + escapeNonGraphic(s, true) + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
