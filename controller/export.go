package controller

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"solitaire/controller/store"
	"solitaire/parser"
	"solitaire/parser/notation"
)

// export prints the FreeCell position in fc-solve's board text, or writes it to path, which
// play freecell --board reads back and fc-solve solves. As save does, it never replaces a file
// that is not its own kind (here a board), and it replaces a board only when told to: "export
// FILE force" in a script, or "y" to the question it asks at the prompt; the board it replaces
// is kept as FILE.bak, which must itself be a board or nothing.
func (s *Session) export(path string, force bool) (Outcome, error) {
	text, err := notation.FormatBoard(s.Game)
	if err != nil {
		return Outcome{}, fmt.Errorf("export writes fc-solve's board text, which is for FreeCell only; save FILE keeps a game of %s", s.Game.Info.Title)
	}
	if path == "" {
		return Outcome{Message: strings.TrimRight(text, "\n")}, nil
	}
	path = expandHome(path)
	exists, err := exportTarget(path)
	if err != nil {
		return Outcome{}, err
	}
	if exists && !force {
		if s.script {
			return Outcome{}, fmt.Errorf("%s already holds a board; export %s force replaces it (the old one is kept as %s.bak)", path, quotedPath(path), path)
		}
		s.ask(parser.Export{Path: path}.String(), "replace it?", func(yes bool) (Outcome, error) {
			if yes {
				return s.export(path, true)
			}
			return Outcome{Message: fmt.Sprintf("%s was not replaced; nothing was exported", path)}, nil
		})
		return Outcome{Message: fmt.Sprintf("%s already holds a board; the old one would be kept as %s.bak", path, path)}, nil
	}
	if err := store.WriteFile(path, []byte(text)); err != nil {
		return Outcome{}, fileError(err)
	}
	msg := fmt.Sprintf("exported to %s in fc-solve's board text; solitaire play freecell --board %s plays from it", path, shellQuote(path))
	if exists {
		msg += fmt.Sprintf("; the board it replaced is %s.bak", path)
	}
	return Outcome{Message: msg}, nil
}

// exportTarget checks that export may write path: nothing is there (false), or a board that
// may be replaced, whose .bak is a board or nothing (true). Anything else is refused.
func exportTarget(path string) (bool, error) {
	ok, err := isBoardFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case errors.Is(err, syscall.ENOTDIR), errors.Is(err, fs.ErrPermission):
		return false, targetError(path, err) // the folder's fault, not the file's kind
	case err != nil:
		return false, fmt.Errorf("%s: %v; export writes only regular files: choose another name", path, unwrapPath(err))
	case !ok:
		return false, fmt.Errorf("%s already exists and is not a board in fc-solve's text; export never replaces another file: choose another name", path)
	}
	bak := path + ".bak"
	ok, err = isBoardFile(bak)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && ok:
		return true, nil
	case err == nil:
		err = errors.New("it is not a board in fc-solve's text")
	}
	return false, fmt.Errorf("%s: %v; export keeps the board it replaces there, so %s is left as it is: move %s away first", bak, unwrapPath(err), path, bak)
}

// isBoardFile reports whether path is a regular file holding a board in fc-solve's text. A
// file larger than a position file is not one.
func isBoardFile(path string) (bool, error) {
	data, err := store.ReadNamed(path, MaxPositionSize)
	var tl *store.TooLargeError
	switch {
	case errors.As(err, &tl):
		return false, nil
	case err != nil:
		return false, err
	}
	_, err = notation.ParseBoard(string(data))
	return err == nil, nil
}
