package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// One writer per game. A program that has a game's save open holds GAME.lock: an exclusive
// lock (flock) on that file, kept until the program ends or puts the game away, with the
// program's process id and the time in it. The system lets the lock go when the program
// ends, however it ends, so a killed program holds nothing. Another program that wants the
// same save (to resume it, deal a new game in its place, switch to it) finds the lock taken:
// it is told which process has it (*HeldError), and may play without saving or take the save
// over (TakeOver). Taking over puts a new GAME.lock in place of the old one, locked by the new
// program; the first program finds, before its next write, that the GAME.lock it holds is no
// longer the folder's, and writes nothing more (*LostError). Every write of a game's files is
// made under the folder's lock (.lock) after that check, so no write of the old holder can
// come after the new holder's first.

// holder is what GAME.lock says of the program that holds it.
type holder struct {
	PID   int       `json:"pid"`
	Since time.Time `json:"since"`
	Host  string    `json:"host,omitempty"`
}

// hold is a game's save as this program holds it.
type hold struct {
	lock *flock.Flock // locked; its file may have been replaced since by a program that took over
	file os.FileInfo  // the file this program locked
}

// HeldError says that another program has a game's save open: this one may not write it.
type HeldError struct {
	Game  string
	PID   int       // 0 if GAME.lock does not say
	Since time.Time // zero if it does not say
	Host  string
	Path  string // GAME.lock
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("the save of %s is open in another solitaire (%s)", e.Game, e.who())
}

// who names the program that holds the save: "process 1234, since 13:02:11 UTC".
func (e *HeldError) who() string {
	if e.PID == 0 {
		return "a process that did not write its number in " + e.Path
	}
	s := fmt.Sprintf("process %d", e.PID)
	if e.Host != "" {
		if h, err := os.Hostname(); err == nil && h != e.Host {
			s += " on " + e.Host
		}
	}
	if !e.Since.IsZero() {
		s += ", since " + e.Since.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	return s
}

// LostError says that another program took over the save this program held: it is no longer
// written here.
type LostError struct{ HeldError }

func (e *LostError) Error() string {
	return fmt.Sprintf("another solitaire (%s) took over the save of %s, so this one no longer writes it", e.who(), e.Game)
}

func lockName(game string) string { return game + ".lock" }

// Hold takes the save of a game for this program, if no other program has it: then only this
// program writes the game's files until it ends or calls Release. A save another program has
// is a *HeldError; one taken from this program since is a *LostError. Holding it already is
// no error.
func (d *Dir) Hold(game string) error {
	if h := d.holds[game]; h != nil {
		return d.locked(func() error { return d.owned(game) })
	}
	return d.locked(func() error { return d.take(game, false) })
}

// TakeOver takes the save of a game for this program even if another program has it: that
// program writes it no more (it finds a *LostError before its next write).
func (d *Dir) TakeOver(game string) error {
	return d.locked(func() error { return d.take(game, true) })
}

// Release lets the save of a game go, for another program to take.
func (d *Dir) Release(game string) {
	if h := d.holds[game]; h != nil {
		h.lock.Close()
		delete(d.holds, game)
	}
}

// Holder says who holds the save of a game when another program does (a *HeldError), else nil.
func (d *Dir) Holder(game string) error {
	var err error
	d.locked(func() error {
		path := d.file(lockName(game))
		l, lerr := d.lockFile(lockName(game))
		if lerr != nil {
			return nil
		}
		defer l.Close()
		if ok, terr := l.TryLock(); terr == nil && !ok {
			err = heldBy(game, path)
		}
		return nil
	})
	return err
}

// owned checks, under the folder's lock, that this program still holds the save of game:
// nil, a *LostError when another program took it over, or a *HeldError when it never had it.
func (d *Dir) owned(game string) error {
	h := d.holds[game]
	if h == nil {
		return d.take(game, false)
	}
	path := d.file(lockName(game))
	if info, err := os.Lstat(path); err != nil || !os.SameFile(info, h.file) {
		lost := &LostError{}
		if he, ok := heldBy(game, path).(*HeldError); ok {
			lost.HeldError = *he
		} else {
			lost.HeldError = HeldError{Game: game, Path: path}
		}
		return lost
	}
	return nil
}

// take takes the save of game, under the folder's lock: the GAME.lock there when no one holds
// it, or (force) a new one in its place.
func (d *Dir) take(game string, force bool) error {
	if h := d.holds[game]; h != nil {
		if err := d.owned(game); err == nil {
			return nil
		} else if !force {
			return err
		}
		d.Release(game)
	}
	path := d.file(lockName(game))
	me, _ := json.Marshal(holder{PID: os.Getpid(), Since: d.now().UTC().Truncate(time.Second), Host: hostname()})
	var l *flock.Flock
	err := d.asWriter(func() error {
		ll, err := d.lockFile(lockName(game))
		if err != nil {
			return err
		}
		ok, err := ll.TryLock()
		if err != nil {
			ll.Close()
			return fmt.Errorf("locking %s: %w", path, err)
		}
		if ok {
			l = ll
			// The file is this program's now: what it says is written in place.
			return writeHolder(path, me)
		}
		ll.Close()
		if !force {
			return heldBy(game, path)
		}
		// Another program holds the file: a new file in its place, locked before it is put
		// there, is the save's lock from now on.
		tmp, err := createTemp(d.Path, "."+lockName(game)+".tmp-*")
		if err != nil {
			return ioError("writing", path, &FolderError{Dir: d.Path, Err: templess(err)})
		}
		name := tmp.Name()
		if _, err := tmp.Write(me); err != nil {
			tmp.Close()
			os.Remove(name)
			return ioError("writing", path, templess(err))
		}
		tmp.Close()
		nl := flock.New(name, flock.SetFlag(os.O_RDWR|noFollow|nonBlock))
		if ok, err := nl.TryLock(); err != nil || !ok {
			nl.Close()
			os.Remove(name)
			return fmt.Errorf("locking %s: %v", path, err)
		}
		if err := os.Rename(name, path); err != nil {
			nl.Close()
			os.Remove(name)
			return ioError("writing", path, templess(err))
		}
		syncDir(d.Path)
		l = nl
		return nil
	})
	if err != nil {
		return err
	}
	info, err := l.Stat()
	if err != nil {
		l.Close()
		return ioError("locking", path, err)
	}
	if d.holds == nil {
		d.holds = map[string]*hold{}
	}
	d.holds[game] = &hold{lock: l, file: info}
	if t := d.tracks[game]; t != nil && force {
		t.bad = true // what the other program wrote is not what this one read: a checkpoint
	}
	return nil
}

// writeHolder writes what GAME.lock says, in place (the file is locked by this program).
func writeHolder(path string, me []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|noFollow|nonBlock, 0o600)
	if err != nil {
		return ioError("writing", path, err)
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it is not a regular file", path)
	}
	if err := f.Truncate(0); err != nil {
		return ioError("writing", path, err)
	}
	if _, err := f.WriteAt(append(me, '\n'), 0); err != nil {
		return ioError("writing", path, err)
	}
	return nil
}

// heldBy is the *HeldError for the save of game, with what its GAME.lock says.
func heldBy(game, path string) error {
	e := &HeldError{Game: game, Path: path}
	if data, err := ReadBounded(path, 4096); err == nil {
		var h holder
		if json.Unmarshal(data, &h) == nil {
			e.PID, e.Since, e.Host = h.PID, h.Since, h.Host
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		e.Path = filepath.Clean(path)
	}
	return e
}

func hostname() string {
	h, _ := os.Hostname()
	return h
}
