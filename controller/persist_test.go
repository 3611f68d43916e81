package controller

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// openSession is a session that saves into dir, as cmd makes it: resumed from the folder as
// `solitaire` does, or a new deal of cfg as `solitaire play` does; take is --take-over.
func openSession(t *testing.T, dir string, resume bool, cfg model.Config, take bool) *Session {
	t.Helper()
	d, err := store.Open(dir, parser.ParseOp)
	if err != nil {
		t.Fatal(err)
	}
	if resume {
		s, err := Resume(d, view.Style{ASCII: true}, frozen)
		if err != nil {
			t.Fatal(err)
		}
		s.TakeOver(take, false)
		return s
	}
	s := newTestSession(t, cfg)
	s.Persist(d)
	s.TakeOver(take, false)
	s.Start()
	return s
}

// prompt plays lines at the interactive prompt (readline reads piped input as plain lines)
// on a session that saves into dir, as `solitaire play` does; resume starts as `solitaire` does.
func prompt(t *testing.T, dir string, resume bool, cfg model.Config, lines ...string) (*Session, string) {
	t.Helper()
	s := openSession(t, dir, resume, cfg, false)
	var out bytes.Buffer
	in := io.NopCloser(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	if code := s.RunPrompt(in, &out, &out, PromptOptions{}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	return s, out.String()
}

func TestResumeExactlyAsLeft(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s1, _ := prompt(t, dir, false, model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}},
		"c4 f", "draw", "draw", "undo", "quit")
	s2, out := prompt(t, dir, true, model.Config{})
	if s2.Game.Info.Name != "klondike" || s2.Game.Config.Seed != 1 || s2.Game.Config.Options["draw"] != "3" {
		t.Fatalf("resumed %s %+v", s2.Game.Info.Name, s2.Game.Config)
	}
	if !s2.Game.State.Equal(&s1.Game.State) || s2.Game.MoveCount() != 2 || s2.Game.CanRedo() != 1 {
		t.Fatalf("resumed state differs: moves %d redo %d\n%s", s2.Game.MoveCount(), s2.Game.CanRedo(), out)
	}
}

func TestSwitchKeepsEachGame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	_, out := prompt(t, dir, false, klondike1, "c4 f", "switch freecell", "c1 r", "switch klondike", "quit")
	if !strings.Contains(out, "switched to FreeCell: a new deal") || !strings.Contains(out, "switched to Klondike: your saved game, 1 move") {
		t.Fatalf("switch messages missing:\n%s", out)
	}
	s, _ := prompt(t, dir, true, model.Config{})
	if s.Game.Info.Name != "klondike" || s.Game.MoveCount() != 1 {
		t.Fatalf("resumed %s with %d moves", s.Game.Info.Name, s.Game.MoveCount())
	}
	_, out = prompt(t, dir, true, model.Config{}, "switch freecell", "quit")
	if !strings.Contains(out, "switched to FreeCell: your saved game, 1 move") {
		t.Fatalf("freecell's save was not kept:\n%s", out)
	}
}

func TestStatisticsCountOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	// new without a move, undo back to the start, and restart do not count extra games.
	prompt(t, dir, false, klondike1, "new", "new", "c4 f", "undo", "c4 f", "restart", "c4 f", "quit")
	prompt(t, dir, true, model.Config{}, "draw", "quit") // resuming the same deal: still one game
	d, _ := store.Open(dir, parser.ParseOp)
	st, _ := d.ReadStats()
	if r := st.Variants["klondike"]; r.Played != 1 || r.Won != 0 {
		t.Fatalf("record %+v, want one game played", r)
	}
	// Abandoning it for a new deal ends no streak (none yet), and counts the next one on its first move.
	prompt(t, dir, true, model.Config{}, "new", "draw", "quit")
	st, _ = d.ReadStats()
	if r := st.Variants["klondike"]; r.Played != 2 {
		t.Fatalf("record %+v, want two games played", r)
	}
}

func TestWinIsRecordedOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	moves := winningMoves(t)
	lines := append(append([]string{}, moves...), "undo", moves[len(moves)-1], "quit")
	_, out := prompt(t, dir, false, model.Config{Game: "freecell", Deal: 1}, lines...)
	if !strings.Contains(out, "You won") {
		t.Fatalf("no win:\n%s", out[len(out)-2000:])
	}
	d, _ := store.Open(dir, parser.ParseOp)
	st, _ := d.ReadStats()
	r := st.Variants["freecell"]
	if r.Played != 1 || r.Won != 1 || r.Streak != 1 || r.BestStreak != 1 || r.FewestMoves != len(moves) {
		t.Fatalf("record %+v", r)
	}
	s, _ := prompt(t, dir, true, model.Config{}, "stats", "quit")
	if !s.Game.Won() {
		t.Fatal("the won game did not resume as won")
	}
}

// winningMoves reads the FreeCell deal 1 solution from the testscript.
func winningMoves(t *testing.T) []string {
	data, err := os.ReadFile("../testdata/freecell_win.txtar")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	s = s[strings.Index(s, "-- moves.txt --\n")+len("-- moves.txt --\n"):]
	s = s[:strings.Index(s, "-- ")]
	return strings.Split(strings.TrimSpace(s), "\n")
}

func TestCorruptSaveOnResume(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	prompt(t, dir, false, klondike1, "c4 f", "quit")
	path := filepath.Join(dir, "klondike.json")
	os.WriteFile(path, []byte(`{"format":"solitaire-save","version":1,"game":"klondike","moves":[`), 0o600)
	os.WriteFile(filepath.Join(dir, "klondike.journal"), []byte("{\"format\":\"solitaire-journal\",\"version\":2,"), 0o600)
	s, out := prompt(t, dir, true, model.Config{}, "quit")
	if !strings.Contains(out, path+" cannot be used") || !strings.Contains(out, "moved to "+path+".broken-") || !strings.Contains(out, "here is a new deal") {
		t.Fatalf("no clear message:\n%s", out)
	}
	if s.Game.MoveCount() != 0 || s.Game.Info.Name != "klondike" {
		t.Fatal("play did not go on with a new deal")
	}
	matches, _ := filepath.Glob(path + ".broken-*")
	if len(matches) != 1 {
		t.Fatalf("broken save not kept aside: %v", matches)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal("the new deal was not saved")
	}
}

func TestUnwritableStateFolder(t *testing.T) {
	// Permissions do not stop root, who runs CI, so the folder is made unusable another way:
	// it is replaced by a file while the game is on. Play goes on, with a warning.
	dir := filepath.Join(t.TempDir(), "state")
	d, err := store.Open(dir, parser.ParseOp)
	if err != nil {
		t.Fatal(err)
	}
	s := newTestSession(t, klondike1)
	s.Persist(d)
	s.Start()
	os.RemoveAll(dir)
	os.WriteFile(dir, []byte("not a folder"), 0o600)
	var out bytes.Buffer
	in := io.NopCloser(strings.NewReader("c4 f\ndraw\nquit\n"))
	if code := s.RunPrompt(in, &out, &out, PromptOptions{}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out.String(), "the game could not be saved") || s.Game.MoveCount() != 2 {
		t.Fatalf("want play to go on with a warning:\n%s", out.String())
	}
	if data, _ := os.ReadFile(dir); string(data) != "not a folder" {
		t.Fatal("the file in the way was changed")
	}
}

func TestSaveIsAFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	os.MkdirAll(filepath.Join(dir, "klondike.json"), 0o700)
	os.WriteFile(filepath.Join(dir, "last.json"), []byte(`{"game":"klondike"}`), 0o600)
	s, out := prompt(t, dir, true, model.Config{}, "draw", "quit")
	if !strings.Contains(out, "it is a folder, not a file") || s.Game.MoveCount() != 1 {
		t.Fatalf("a save that is a folder:\n%s", out)
	}
	// A folder is not a damaged save: it is left where it is, and nothing is saved over it.
	if matches, _ := filepath.Glob(filepath.Join(dir, "klondike.json.broken-*")); len(matches) != 0 {
		t.Fatal("the folder was moved aside")
	}
	if info, err := os.Stat(filepath.Join(dir, "klondike.json")); err != nil || !info.IsDir() {
		t.Fatal("the folder was not left where it was")
	}
	if !strings.Contains(out, "the game could not be saved") {
		t.Fatalf("no word that the game is not saved:\n%s", out)
	}
}

func TestSaveLoadAndHistory(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "my game.json")
	s, out := prompt(t, filepath.Join(dir, "state"), false, klondike1, "c4 f", "draw", `save "`+file+`"`, "new", `load "`+file+`"`, "history", "quit")
	if s.Game.MoveCount() != 2 || s.Game.Config.Seed != 1 {
		t.Fatalf("loaded save: %d moves, seed %d\n%s", s.Game.MoveCount(), s.Game.Config.Seed, out)
	}
	if !strings.Contains(out, "# solitaire play klondike --seed 1 < this-file\nmove C4 F2\ndraw\n") {
		t.Fatalf("history is not a replayable script:\n%s", out)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("exported save: %v %v", info, err)
	}
}

func TestLoadingASaveDoesNotCountItAgain(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "won.json")
	moves := winningMoves(t)
	prompt(t, filepath.Join(dir, "state"), false, model.Config{Game: "freecell", Deal: 1}, append(moves, "save "+file, "quit")...)
	prompt(t, filepath.Join(dir, "state"), true, model.Config{}, "new", "load "+file, "new", "load "+file, "quit")
	d, _ := store.Open(filepath.Join(dir, "state"), parser.ParseOp)
	st, _ := d.ReadStats()
	if r := st.Variants["freecell"]; r.Played != 1 || r.Won != 1 || r.Streak != 1 {
		t.Fatalf("record %+v, want the one game once", r)
	}
}

func TestNewOtherGameAbandonsThatGamesSave(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	d, _ := store.Open(dir, parser.ParseOp)
	d.Record("klondike", store.Played, 0, 0)
	d.Record("klondike", store.Won, 10, time.Second)
	d.Record("freecell", store.Played, 0, 0)
	d.Record("freecell", store.Won, 10, time.Second)
	// An unwon, counted freecell deal is saved; then klondike is played.
	prompt(t, dir, false, model.Config{Game: "freecell", Deal: 1}, "c8 r1", "quit")
	prompt(t, dir, false, klondike1, "c4 f", "new freecell", "quit")
	st, _ := d.ReadStats()
	if r := st.Variants["klondike"]; r.Streak != 1 {
		t.Errorf("klondike's streak %d: leaving its deal saved for another game ended it", r.Streak)
	}
	if r := st.Variants["freecell"]; r.Streak != 0 {
		t.Errorf("freecell's streak %d: its saved, unwon deal was thrown away by new freecell", r.Streak)
	}
}

func TestScriptsNeverReadSaves(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	prompt(t, dir, false, klondike1, "c4 f", "quit")
	s := newTestSession(t, model.Config{Game: "freecell", Deal: 1})
	d, _ := store.Open(dir, parser.ParseOp)
	s.UseStore(d)
	var out, errOut bytes.Buffer
	if code := s.RunScript(strings.NewReader("switch klondike\n"), &out, &errOut, ScriptOptions{}); code != ExitOK {
		t.Fatal(errOut.String())
	}
	if s.Game.MoveCount() != 0 || !strings.Contains(out.String(), "a new deal") {
		t.Fatalf("a script resumed a saved game:\n%s", out.String())
	}
}
