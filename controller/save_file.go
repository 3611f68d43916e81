package controller

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
)

// save FILE writes the game to a file of the player's. It never replaces a file that is not a
// solitaire save (nor a folder, a link, a named pipe or a device), and it replaces a save only
// when told to: "save FILE force" in a script, or "y" to the question it asks at the prompt.
// The save it replaces is kept as FILE.bak, which must itself be a save or nothing.

// saveTo exports the game to a file in the save format; load FILE brings it back.
func (s *Session) saveTo(path string, force bool) (Outcome, error) {
	path = expandHome(path)
	exists, err := saveTarget(path)
	if err != nil {
		return Outcome{}, err
	}
	if exists && !force {
		if s.script {
			return Outcome{}, fmt.Errorf("%s already holds a saved game; save %s force replaces it (the old one is kept as %s.bak)", path, quotedPath(path), path)
		}
		s.ask(parser.Save{Path: path}.String(), "replace it?", func(yes bool) (Outcome, error) {
			if yes {
				return s.saveTo(path, true)
			}
			return Outcome{Message: fmt.Sprintf("%s was not replaced; nothing was saved", path)}, nil
		})
		return Outcome{Message: fmt.Sprintf("%s already holds a saved game; the old one would be kept as %s.bak", path, path)}, nil
	}
	p := s.progress
	p.Elapsed, p.Line = s.Elapsed(), s.assist.savedLine(s.Game)
	data := store.Encode(s.Game, p).Marshal()
	if len(data) > store.MaxSave {
		// What load could not read back is not written.
		return Outcome{}, fmt.Errorf("the game is too long to save: %d moves take %d MiB, and a save may take %d MiB; history prints its moves as a script",
			s.Game.MoveCount(), len(data)>>20, store.MaxSave>>20)
	}
	if err := store.WriteFile(path, data); err != nil {
		return Outcome{}, fileError(err)
	}
	msg := fmt.Sprintf("saved to %s (%s); load %s brings it back", path, model.Plural(s.Game.MoveCount(), "move"), quotedPath(path))
	if exists {
		msg += fmt.Sprintf("; the save it replaced is %s.bak", path)
	}
	return Outcome{Message: msg}, nil
}

// saveTarget checks that save may write path: nothing is there (false), or a save that may
// be replaced, whose .bak is a save or nothing (true). Anything else is refused.
func saveTarget(path string) (bool, error) {
	ok, err := store.IsSaveFile(path)
	var nr *store.NotRegularError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case errors.As(err, &nr):
		return false, fmt.Errorf("%s: %v; save writes only regular files: choose another name", path, err)
	case err != nil:
		return false, targetError(path, err)
	case !ok:
		return false, fmt.Errorf("%s already exists and is not a solitaire save; save never replaces another file: choose another name", path)
	}
	bak := path + ".bak"
	ok, err = store.IsSaveFile(bak)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && ok:
		return true, nil
	case err == nil:
		err = errors.New("it is not a solitaire save")
	}
	return false, fmt.Errorf("%s: %v; save keeps the save it replaces there, so %s is left as it is: move %s away first", bak, unwrapPath(err), path, bak)
}

// readSaveFile reads a file the player named that may be a save: up to the size of the largest
// save (store.MaxSave), which the program would have refused to write. Its errors are those of
// a position file.
func readSaveFile(path string) ([]byte, error) {
	data, err := store.ReadNamed(path, store.MaxSave)
	if err != nil {
		return readSmallFile(path) // the same failure, said in plain words
	}
	return data, nil
}

// fileError is the error of a write to a file the player named (save FILE, export FILE): when
// its folder is at fault, what is wrong with the folder alone ("the folder /x does not exist"),
// which the store words without its temporary file; else the store's error.
func fileError(err error) error {
	var fe *store.FolderError
	if errors.As(err, &fe) {
		return fe
	}
	return err
}

// targetError is the error of a look at the file the player named before writing it: a path
// through a file, or a folder that may not be read, is the folder's fault and said of it.
func targetError(path string, err error) error {
	if errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrPermission) {
		return &store.FolderError{Dir: filepath.Dir(path), Err: unwrapPath(err)}
	}
	return fmt.Errorf("%s: %v", path, unwrapPath(err))
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// quotedPath is path as the command language writes it, as a terminal may show it.
func quotedPath(path string) string {
	return printable(strings.TrimPrefix(parser.Load{Path: path}.String(), "load "))
}

// answer gives a line to the pending question of the prompt (ask), if there is one. y or yes
// is a yes; n, no or an empty line a no, and done is true: the line was the answer. Any other
// line is a no too, and then it is run as the command it is. An error of the answer names the
// command that asked ("save g.json: ...").
func (s *Session) answer(lineNo int, line string, each func(parser.Command, Outcome)) (done bool, err error) {
	q := s.question
	if q == nil {
		return false, nil
	}
	s.question = nil
	s.tick() // the answer is a command: the time up to it is played
	a := strings.ToLower(strings.TrimSpace(line))
	yes := a == "y" || a == "yes"
	out, err := q.answer(yes)
	if err != nil {
		return true, &lineError{Line: lineNo, Column: 1, Msg: s.refusal(cardless(q.by), err), Err: err}
	}
	out = s.watched(out) // a yes may have put another game in play
	each(parser.Command{Session: parser.Show{}, Column: 1, Text: strings.TrimSpace(line)}, out)
	return yes || a == "" || a == "n" || a == "no", nil
}
