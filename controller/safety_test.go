//go:build unix

package controller

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chzyer/readline"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
)

// within fails the test if fn does not return in time: no file may block the program.
func within(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { fn(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still blocked after 10s")
	}
}

// A symbolic link planted as the history file is not followed: the file it names is left as
// it is, the prompt says it keeps no history, and readline's history.tmp is never made.
func TestHistoryLinkIsNotFollowed(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), ".bashrc")
	os.WriteFile(victim, []byte("precious\n"), 0o600)
	if err := os.Symlink(victim, filepath.Join(dir, "history")); err != nil {
		t.Skip(err)
	}
	lines := strings.Repeat("draw\nundo\n", 600) // past readline's rewrite at 500 lines
	_, out := promptBytes(t, dir, lines, false)
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Fatalf("the file behind the link was written: %q", b[:min(len(b), 40)])
	}
	if !strings.Contains(out, "no command history") || !strings.Contains(out, "symbolic link") {
		t.Fatalf("no word of the link:\n%.300s", out)
	}
	if _, err := os.Lstat(filepath.Join(dir, "history.tmp")); err == nil {
		t.Fatal("history.tmp was made")
	}
}

// The history file is 0600 from the start, made so again if it was changed, and still 0600
// when it is rewritten (past 1,000 lines, to the last 500).
func TestHistoryFileStaysPrivate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "history")
	var old strings.Builder
	for i := range 2*historyKeep - 1 {
		fmt.Fprintf(&old, "# old %d\n", i)
	}
	os.WriteFile(path, []byte(old.String()), 0o644)
	os.Chmod(path, 0o644)
	promptBytes(t, dir, "# new 1\n# new 2\nquit\n", false)
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("history mode %v %v", info.Mode(), err)
	}
	lines := strings.Split(strings.TrimSuffix(readHistory(t, dir), "\n"), "\n")
	if len(lines) != historyKeep+1 || lines[len(lines)-1] != "quit" || lines[len(lines)-2] != "# new 2" {
		t.Fatalf("%d lines, ending %q", len(lines), lines[max(0, len(lines)-3):])
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "history" && e.Name() != ".writers" {
			t.Errorf("left in the folder: %s", e.Name())
		}
	}
}

// A failed history write is reported under the board, once.
func TestHistoryWriteFailureIsReported(t *testing.T) {
	dir := t.TempDir()
	h := openHistory(dir, os.Stderr)
	os.Remove(h.path)
	os.Mkdir(h.path, 0o700) // the file cannot be written now
	s := newTestSession(t, klondike1)
	rl := newTestReadline(t)
	s.keepHistory(rl, h, "draw")
	s.keepHistory(rl, h, "undo")
	w := s.TakeWarning()
	if !strings.Contains(w, "the command history could not be kept") || strings.Count(w, "history") != 2 || !s.WriteFailed() {
		t.Fatalf("warning %q", w)
	}
}

// --position FILE and load FILE refuse a named pipe and a link to a device at once.
func TestPositionFilesMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pos.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	within(t, func() {
		for path, want := range map[string]string{fifo: "named pipe (FIFO)", zero: "device", dir: "directory"} {
			if _, err := ReadPosition(path); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("ReadPosition(%s): %v", filepath.Base(path), err)
			}
			s := newTestSession(t, klondike1)
			if _, err := s.session(parser.Load{Path: path}); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("load %s: %v", filepath.Base(path), err)
			}
			if _, ok := ReadSave(path, "klondike"); ok {
				t.Errorf("ReadSave(%s)", path)
			}
		}
	})
	// A link to a regular file the user names is followed.
	good := filepath.Join(dir, "good.json")
	s := newTestSession(t, klondike1)
	if _, err := s.session(parser.Save{Path: good}); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	os.Symlink(good, link)
	if _, err := s.session(parser.Load{Path: link}); err != nil {
		t.Fatalf("load through a link of the user's: %v", err)
	}
}

// save FILE never replaces a file that is not a save; a save is replaced with force in a
// script, and after a yes at the prompt.
func TestSaveReplacesOnlySavesAndAsks(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("notes.txt", []byte("my notes\n"), 0o644)
	os.Mkdir("folder", 0o700)

	_, _, errOut, code := runScript(t, klondike1, "draw\nsave notes.txt\n", ScriptOptions{})
	if code != ExitFailed || !strings.Contains(errOut, "notes.txt already exists and is not a solitaire save") {
		t.Fatalf("save notes.txt: exit %d, %s", code, errOut)
	}
	_, _, errOut, code = runScript(t, klondike1, "save notes.txt force\n", ScriptOptions{})
	if code != ExitFailed || !strings.Contains(errOut, "not a solitaire save") {
		t.Fatalf("save notes.txt force: exit %d, %s", code, errOut)
	}
	if b, _ := os.ReadFile("notes.txt"); string(b) != "my notes\n" {
		t.Fatalf("notes.txt is now %q", b)
	}
	if _, err := os.Stat("notes.txt.bak"); err == nil {
		t.Fatal("notes.txt.bak was made")
	}
	_, _, errOut, _ = runScript(t, klondike1, "save folder\n", ScriptOptions{})
	if !strings.Contains(errOut, "it is a folder") {
		t.Fatalf("save folder: %s", errOut)
	}

	// A script: a second save to the same file needs force.
	_, _, errOut, code = runScript(t, klondike1, "draw\nsave g.json\ndraw\nsave g.json\n", ScriptOptions{})
	if code != ExitFailed || !strings.Contains(errOut, "4:1: save g.json: g.json already holds a saved game; save g.json force replaces it") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if movesIn(t, "g.json") != 1 {
		t.Fatal("g.json was replaced without force")
	}
	_, _, errOut, code = runScript(t, klondike1, "draw\ndraw\nsave g.json force\n", ScriptOptions{})
	if code != ExitOK || movesIn(t, "g.json") != 2 || movesIn(t, "g.json.bak") != 1 {
		t.Fatalf("save force: exit %d %s", code, errOut)
	}

	// The prompt asks; anything but y keeps the file.
	s, out := prompt(t, filepath.Join(dir, "state"), false, klondike1, "draw", "draw", "draw", "save g.json", "n",
		"save g.json", "undo", "save g.json", "yes", "quit")
	if strings.Count(out, "g.json already holds a saved game; the old one would be kept as g.json.bak\nreplace it? [y/N]\n") != 3 ||
		strings.Count(out, "g.json was not replaced; nothing was saved") != 2 || !strings.Contains(out, "saved to g.json (2 moves)") {
		t.Fatalf("at the prompt:\n%s", out)
	}
	// undo was a no, and ran as a command too.
	if movesIn(t, "g.json") != 2 || movesIn(t, "g.json.bak") != 2 || s.Game.MoveCount() != 2 {
		t.Fatalf("the answers were not followed: %d moves in play", s.Game.MoveCount())
	}

	// A .bak that is not a save is not replaced either.
	os.WriteFile("h.json", store.Encode(s.Game, store.Progress{}).Marshal(), 0o600)
	os.WriteFile("h.json.bak", []byte("mine\n"), 0o600)
	_, _, errOut, _ = runScript(t, klondike1, "save h.json force\n", ScriptOptions{})
	if !strings.Contains(errOut, "h.json.bak: it is not a solitaire save") {
		t.Fatalf("a .bak of the user's: %s", errOut)
	}
	if b, _ := os.ReadFile("h.json.bak"); string(b) != "mine\n" {
		t.Fatal("h.json.bak was replaced")
	}
}

func movesIn(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s store.Save
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return len(s.Moves)
}

// Output that cannot be written, to a full disk or a closed pipe, is an error exit.
func TestScriptOutputErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err == nil {
		defer full.Close()
		s := newTestSession(t, klondike1)
		var errOut bytes.Buffer
		code := s.RunScript(strings.NewReader("draw\n"), full, &errOut, ScriptOptions{})
		if code != ExitError || !strings.Contains(errOut.String(), "the output could not be written: disk full") {
			t.Errorf("/dev/full: exit %d, %s", code, errOut.String())
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	defer w.Close()
	s := newTestSession(t, klondike1)
	var errOut bytes.Buffer
	code := s.RunScript(strings.NewReader(strings.Repeat("draw\n", 100)), w, &errOut, ScriptOptions{})
	if code != ExitError || !strings.Contains(errOut.String(), "the output could not be written") {
		t.Errorf("closed pipe: exit %d, %s", code, errOut.String())
	}
}

// A kill between the statistics and the save left a save that does not know its deal was
// counted: resuming it counts nothing twice.
func TestKillBetweenStatisticsAndSave(t *testing.T) {
	dir := t.TempDir()
	d, _ := store.Open(dir, parser.ParseOp)
	prompt(t, dir, false, klondike1, "quit") // the deal is saved, with its id, before a move
	before, _ := os.ReadFile(filepath.Join(dir, "klondike.json"))
	prompt(t, dir, true, klondike1, "draw", "quit")                  // counted as played, and saved so
	os.WriteFile(filepath.Join(dir, "klondike.json"), before, 0o600) // as if killed before the save
	s, _ := prompt(t, dir, true, klondike1, "draw", "quit")
	st, _ := d.ReadStats()
	if r := st.Variants["klondike"]; r.Played != 1 || !s.progress.Counted {
		t.Fatalf("played %d after a kill between the two writes", r.Played)
	}
}

// Temporary files left by killed programs are removed by the next program.
func TestLeftoverTemporaryFilesGo(t *testing.T) {
	dir := t.TempDir()
	prompt(t, dir, false, klondike1, "draw", "quit")
	for i := range 25 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf(".klondike.json.tmp-%d", 1000+i)), []byte("{"), 0o600)
	}
	prompt(t, dir, true, klondike1, "draw", "quit")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left: %s", e.Name())
		}
	}
}

func newTestReadline(t *testing.T) *readline.Instance {
	t.Helper()
	rl, err := readline.NewEx(&readline.Config{Stdin: io.NopCloser(strings.NewReader("")), Stdout: io.Discard, Stderr: io.Discard,
		FuncIsTerminal: func() bool { return false }, DisableAutoSaveHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rl.Close() })
	return rl
}

// TestSaveSaysWhatIsWrongWithTheFolder: save FILE and export FILE into a folder that does not
// exist, or through a file, say so of the folder, and never name the temporary file the write
// goes through (once "open /nonexistent/dir/.x.json.tmp-4139869775: no such file or directory").
func TestSaveSaysWhatIsWrongWithTheFolder(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(root, "nonexistent", "dir")
	for _, tt := range []struct {
		line, want string
	}{
		{"save " + filepath.Join(missing, "x.json"), "the folder " + missing + " does not exist"},
		{"export " + filepath.Join(missing, "x.txt"), "the folder " + missing + " does not exist"},
		{"save " + filepath.Join(file, "x.json"), "there is no folder " + file + ": a file stands in its path"},
		{"export " + filepath.Join(file, "x.txt"), "there is no folder " + file + ": a file stands in its path"},
	} {
		_, _, errOut, code := runScript(t, model.Config{Game: "freecell", Deal: 1}, tt.line+"\n", ScriptOptions{Quiet: true})
		if want := "1:1: " + tt.line + ": " + tt.want + "\n"; code != ExitFailed || errOut != want {
			t.Errorf("%s: exit %d, stderr %q; want %d, %q", tt.line, code, errOut, ExitFailed, want)
		}
	}
}
