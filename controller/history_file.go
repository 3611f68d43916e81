package controller

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/chzyer/readline"

	"solitaire/controller/store"
)

// The command history (Up, Ctrl-R) is kept in the state folder's file "history", written by
// this code rather than by readline, which opens the file following symbolic links, rewrites
// it through a fixed history.tmp and leaves it readable by all. Here the file is read as every
// file of the folder is (a regular file, no link followed, a size bound), lines are appended
// with O_NOFOLLOW and mode 0600, and when it has grown to twice historyKeep lines it is
// rewritten with the last historyKeep, atomically, through a temporary file of a new name.

const (
	historyKeep    = 500     // lines Up and Ctrl-R reach, as readline's default
	maxHistoryFile = 4 << 20 // the file is never near this; a larger one is not read
)

// historyFile is the history file of a prompt, or nil for none.
type historyFile struct {
	dir     *store.Dir
	path    string
	recent  []string // the last historyKeep lines
	lines   int      // lines in the file
	broken  bool     // the last write failed (reported once until one succeeds)
	refused bool     // the file could not be used: nothing is written, and the session knows
}

// openHistory reads the history file of the state folder dir ("" for none), making it (empty,
// 0600) if there is none. A file that cannot be used is reported on errOut and left as it is;
// the prompt then keeps no history.
func openHistory(dir string, errOut io.Writer) *historyFile {
	if dir == "" {
		return nil
	}
	h := &historyFile{dir: store.At(dir, nil), path: filepath.Join(dir, "history")} // it reads no save
	if err := os.MkdirAll(dir, 0o700); err != nil {
		fmt.Fprintf(errOut, "solitaire: no command history: %v\n", err)
		return nil
	}
	data, err := store.ReadBounded(h.path, maxHistoryFile)
	if errors.Is(err, fs.ErrNotExist) {
		err = store.AppendFile(h.path, nil)
	} else if err == nil {
		err = store.AppendFile(h.path, nil) // mode 0600 again if it was changed
	}
	if err != nil {
		fmt.Fprintf(errOut, "solitaire: no command history: %s: %v\n", h.path, err)
		return &historyFile{refused: true}
	}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && len(l) <= MaxLine && plainLine(l) {
			h.lines++
			h.recent = append(h.recent, l)
		}
	}
	h.recent = h.recent[max(0, len(h.recent)-historyKeep):]
	return h
}

// load gives readline the lines read, for Up and Ctrl-R. readline's search needs a history
// entry to go back to (it sets one up only when it reads a file itself), so with no line an
// empty one is given.
func (h *historyFile) load(rl *readline.Instance) {
	if h == nil || h.refused || len(h.recent) == 0 {
		rl.SaveHistory("")
		return
	}
	for _, l := range h.recent {
		rl.SaveHistory(l)
	}
}

// add keeps a line typed at the prompt: in readline's memory and at the end of the file. An
// error is returned once, until a write succeeds again.
func (h *historyFile) add(rl *readline.Instance, line string) error {
	rl.SaveHistory(line)
	if h == nil || h.refused || len(h.recent) > 0 && h.recent[len(h.recent)-1] == line {
		return nil // a line repeated is kept once, as readline does
	}
	h.recent = append(h.recent, line)
	if len(h.recent) > historyKeep {
		h.recent = h.recent[len(h.recent)-historyKeep:]
	}
	h.lines++
	var err error
	if h.lines > 2*historyKeep {
		err = h.dir.Rewrite("history", []byte(strings.Join(h.recent, "\n")+"\n"))
		if err == nil {
			h.lines = len(h.recent)
		}
	} else {
		err = store.AppendFile(h.path, []byte(line+"\n"))
	}
	if err != nil {
		if h.broken {
			return nil
		}
		h.broken = true
		return fmt.Errorf("the command history could not be kept: %v", err)
	}
	h.broken = false
	return nil
}

// keepHistory adds a line to the history; a failure is shown under the board.
// A history file that was refused when the prompt started (reported then) counts as a failure
// too, for the exit status of piped input.
func (s *Session) keepHistory(rl *readline.Instance, h *historyFile, line string) {
	if err := h.add(rl, line); err != nil {
		s.warn(err.Error())
	}
	if h != nil && h.refused {
		s.failed = true
	}
}
