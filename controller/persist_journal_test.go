package controller

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// folderFiles is every file of the state folder but the typed-command history and the locks,
// with its content.
func folderFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == "history" || e.IsDir() || strings.HasSuffix(e.Name(), ".lock") {
			continue // GAME.lock names the program that has the game open: no game data
		}
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		info, _ := e.Info()
		m[e.Name()] = string(b) + info.ModTime().String()
	}
	return m
}

// Commands that change nothing write nothing to the state folder (the clock is frozen, so
// leaving writes no time either).
func TestQueriesWriteNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	prompt(t, dir, false, klondike1, "c4 f", "draw", "quit")
	before := folderFiles(t, dir)
	for _, line := range []string{"time", "moves", "help", "help saves", "show", "history", "games", "c9 f", "move C1 C2", "stats", "quit"} {
		t.Run(line, func(t *testing.T) {
			prompt(t, dir, true, model.Config{}, line, "quit")
			after := folderFiles(t, dir)
			for name, v := range before {
				if after[name] != v {
					t.Errorf("%s was written", name)
				}
			}
			if len(after) != len(before) {
				t.Errorf("%d files, were %d", len(after), len(before))
			}
		})
	}
}

// A move appends to the journal: the base is not written again.
func TestAMoveAppends(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	prompt(t, dir, false, klondike1, "c4 f", "quit")
	base, _ := os.ReadFile(filepath.Join(dir, "klondike.json"))
	journal, _ := os.ReadFile(filepath.Join(dir, "klondike.journal"))
	s, _ := prompt(t, dir, true, model.Config{}, "draw", "undo", "redo", "quit")
	if now, _ := os.ReadFile(filepath.Join(dir, "klondike.json")); string(now) != string(base) {
		t.Error("the base was written again")
	}
	now, _ := os.ReadFile(filepath.Join(dir, "klondike.journal"))
	if !strings.HasPrefix(string(now), string(journal)) || strings.Count(string(now), "\n") != strings.Count(string(journal), "\n")+3 {
		t.Errorf("the journal did not grow by three lines:\n%s", now)
	}
	r, _ := prompt(t, dir, true, model.Config{}, "quit")
	if r.Game.MoveCount() != 2 || !r.Game.State.Equal(&s.Game.State) {
		t.Fatalf("resumed %d moves", r.Game.MoveCount())
	}
}

// breakSave leaves a Klondike save (seed 2, 1 move) damaged beside a good .bak (seed 1,
// 2 moves and one to redo), as new leaves them: GAME.json and its journal both, since either
// alone holds the game.
func breakSave(t *testing.T, dir string) {
	t.Helper()
	prompt(t, dir, false, klondike1, "c4 f", "draw", "draw", "undo", "new seed=2", "draw", "quit")
	for _, name := range []string{"klondike.json", "klondike.journal"} {
		path := filepath.Join(dir, name)
		data, _ := os.ReadFile(path)
		os.WriteFile(path, data[:len(data)/2], 0o600)
	}
}

// A damaged save is moved aside with its .bak, the .bak's game is offered before the new deal
// is played, and taking it up resumes it exactly.
func TestBrokenSaveOffersTheBackup(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	breakSave(t, dir)
	s, out := prompt(t, dir, true, model.Config{}, "y", "quit")
	if !strings.Contains(out, "klondike.json cannot be used") || !strings.Contains(out, "Its last good copy") ||
		!strings.Contains(out, "(2 moves)") || !strings.Contains(out, "here is a new deal.\ntake up the copy? [y/N]\n") {
		t.Fatalf("no offer:\n%s", out)
	}
	if s.Game.Config.Seed != 1 || s.Game.MoveCount() != 2 || s.Game.CanRedo() != 1 {
		t.Fatalf("took up seed %d, %d moves, %d to redo", s.Game.Config.Seed, s.Game.MoveCount(), s.Game.CanRedo())
	}
	r, _ := prompt(t, dir, true, model.Config{}, "quit")
	if r.Game.Config.Seed != 1 || r.Game.MoveCount() != 2 {
		t.Fatalf("the copy taken up was not saved: seed %d, %d moves", r.Game.Config.Seed, r.Game.MoveCount())
	}
}

// Refusing the offer, or quitting at once, plays the new deal and keeps the good copy aside:
// quitting twice over (the new deal saved twice) never overwrites it, and load takes it up.
func TestBrokenSaveThenQuitKeepsAGoodCopy(t *testing.T) {
	for _, first := range []string{"quit", "n", "draw"} {
		t.Run(first, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			breakSave(t, dir)
			s, out := prompt(t, dir, true, model.Config{}, first, "quit")
			if s.Game.Config.Seed == 1 {
				t.Fatalf("the copy was taken up without a yes:\n%s", out)
			}
			prompt(t, dir, true, model.Config{}, "draw", "quit")
			prompt(t, dir, true, model.Config{}, "new", "quit")
			copies, _ := filepath.Glob(filepath.Join(dir, "klondike.json.bak.broken-*"))
			if len(copies) != 1 {
				t.Fatalf("copies %v", copies)
			}
			l, out := prompt(t, dir, true, model.Config{}, "load "+copies[0], "quit")
			if l.Game.Config.Seed != 1 || l.Game.MoveCount() != 2 || l.Game.CanRedo() != 1 {
				t.Fatalf("load of the copy: seed %d, %d moves\n%s", l.Game.Config.Seed, l.Game.MoveCount(), out)
			}
		})
	}
}

// When every file is damaged, the program says what it could not read, the .bak copies too.
func TestEveryFileBroken(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	prompt(t, dir, false, model.Config{Game: "freecell", Deal: 1}, "c1 r", "new", "c1 r", "quit")
	for _, name := range []string{"freecell.json", "freecell.journal", "freecell.json.bak", "freecell.journal.bak", "last.json", "last.json.bak"} {
		os.WriteFile(filepath.Join(dir, name), []byte("{garbage"), 0o600)
	}
	s, out := prompt(t, dir, true, model.Config{}, "quit")
	for _, want := range []string{"last.json cannot be used", "last.json.bak cannot be used either", "resuming klondike"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	if s.Game.Info.Name != "klondike" {
		t.Fatalf("resumed %s", s.Game.Info.Name)
	}
	// last.json is good again (klondike); the freecell save and its copy are both damaged.
	_, out = prompt(t, dir, true, model.Config{}, "switch freecell", "quit")
	for _, want := range []string{"freecell.json cannot be used", "freecell.json.bak.broken-", "cannot be used either", "here is a new deal"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
}

// save FILE then load FILE of a long game: load reads what save writes (the limits were 4 MiB
// and 1 MiB, about 63,000 moves).
func TestLongGameSaveFileLoads(t *testing.T) {
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	for range 100_000 {
		if _, err := g.Play(model.Draw{}); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSessionAt(g, view.Style{ASCII: true}, frozen)
	s.script = true
	file := filepath.Join(t.TempDir(), "long.json")
	for _, line := range []string{"save " + file, "new", "load " + file} {
		if _, err := s.runLine(1, line, func(parser.Command, Outcome) {}); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	if s.Game.MoveCount() != 100_000 {
		t.Fatalf("loaded %d moves", s.Game.MoveCount())
	}
}
