package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"solitaire/model"
	"solitaire/parser"
)

// play applies commands written as at the prompt; a failing one fails the test.
func play(t testing.TB, g *model.Game, lines ...string) {
	t.Helper()
	for _, l := range lines {
		cmds, err := parser.Parse(l)
		if err != nil || len(cmds) != 1 || cmds[0].Op == nil {
			t.Fatalf("%q: %v", l, err)
		}
		if _, err := g.Apply(cmds[0].Op); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
}

func opStrings(ops []model.Op) string {
	var b strings.Builder
	for _, op := range ops {
		b.WriteString(op.String() + "; ")
	}
	return b.String()
}

func sameGame(t *testing.T, got, want *model.Game) {
	t.Helper()
	if got == nil {
		t.Fatal("no game read")
	}
	if !got.State.Equal(&want.State) {
		t.Error("the position differs")
	}
	if h, w := opStrings(got.History()), opStrings(want.History()); h != w {
		t.Errorf("history\n got %s\nwant %s", h, w)
	}
	if r, w := opStrings(got.Redoable()), opStrings(want.Redoable()); r != w {
		t.Errorf("redo list\n got %s\nwant %s", r, w)
	}
}

// Every way the tape changes (a new command, undo, redo, a command after undo that cuts the
// redo list, restart) is one journal line, and a program that reads the folder afresh gets
// the same game: history, redo list and position.
func TestJournalRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		steps []string // one save after each
	}{
		{"moves", []string{"c4 f", "draw", "draw", "draw"}},
		{"undo and redo", []string{"c4 f", "draw", "draw", "undo 2", "redo", "undo", "undo"}},
		{"a command after undo cuts the redo list", []string{"draw", "draw", "draw", "undo 2", "c4 f", "draw"}},
		{"restart", []string{"c4 f", "draw", "restart"}},
		{"restart then play", []string{"c4 f", "draw", "undo", "restart", "draw", "draw", "undo"}},
		{"undo everything", []string{"draw", "draw", "undo 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDir(t)
			g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
			p := Progress{ID: "0123456789abcdef"}
			if err := d.WriteGame(g, p); err != nil {
				t.Fatal(err)
			}
			base, _ := os.ReadFile(d.file("klondike.json"))
			for i, step := range tt.steps {
				play(t, g, step)
				p.Elapsed = time.Duration(i+1) * time.Second
				p.Counted = i > 0
				if err := d.WriteGame(g, p); err != nil {
					t.Fatal(err)
				}
			}
			if now, _ := os.ReadFile(d.file("klondike.json")); !bytes.Equal(now, base) {
				t.Error("the base was written again for a command")
			}
			j, _ := os.ReadFile(d.file("klondike.journal"))
			if n := bytes.Count(j, []byte("\n")); n != len(tt.steps)+1 {
				t.Errorf("journal of %d lines, want a head and one a command:\n%s", n, j)
			}
			got, gp, err := At(d.Path).ReadGame("klondike")
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, got, g)
			if gp != p {
				t.Errorf("progress %+v, want %+v", gp, p)
			}
		})
	}
}

// A command that changes nothing writes nothing: no file of the folder changes. The time
// alone is written only by FlushGame (on leaving).
func TestNothingChangedWritesNothing(t *testing.T) {
	d := newDir(t)
	g := played(t)
	p := Progress{ID: "x", Elapsed: time.Second}
	d.WriteGame(g, p)
	play(t, g, "draw")
	d.WriteGame(g, p)
	snapshot := func() map[string]string {
		m := map[string]string{}
		entries, _ := os.ReadDir(d.Path)
		for _, e := range entries {
			b, _ := os.ReadFile(d.file(e.Name()))
			info, _ := e.Info()
			m[e.Name()] = string(b) + info.ModTime().String()
		}
		return m
	}
	before := snapshot()
	time.Sleep(10 * time.Millisecond) // a rewrite would show in the times
	for range 3 {
		p.Elapsed += time.Second
		if err := d.WriteGame(g, p); err != nil {
			t.Fatal(err)
		}
	}
	after := snapshot()
	for name, v := range before {
		if after[name] != v {
			t.Errorf("%s was written although nothing changed", name)
		}
	}
	if len(after) != len(before) {
		t.Errorf("files %d, were %d", len(after), len(before))
	}
	if err := d.FlushGame(g, p); err != nil {
		t.Fatal(err)
	}
	_, gp, err := At(d.Path).ReadGame("klondike")
	if err != nil || gp.Elapsed != p.Elapsed {
		t.Fatalf("the time on leaving was not kept: %v %v", gp.Elapsed, err)
	}
}

// A save written before journals (version 1, no token) loads, and the next save writes a base
// with a journal after it.
func TestOldSavesLoad(t *testing.T) {
	d := newDir(t)
	g := played(t)
	old := Encode(g, Progress{Counted: true}).Marshal()
	if !bytes.Contains(old, []byte(`"version": 1`)) {
		t.Fatal("not a version 1 save")
	}
	os.WriteFile(d.file("klondike.json"), old, 0o600)
	got, p, err := d.ReadGame("klondike")
	if err != nil || !p.Counted {
		t.Fatal(err)
	}
	sameGame(t, got, g)
	play(t, got, "draw")
	if err := d.WriteGame(got, p); err != nil {
		t.Fatal(err)
	}
	if bak, _ := os.ReadFile(d.file("klondike.json.bak")); !bytes.Equal(bak, old) {
		t.Error("the old save is not the .bak")
	}
	play(t, got, "draw")
	d.WriteGame(got, p)
	again, _, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, again, got)
}

// journalled leaves a folder with a .bak pair (the game at 3 commands) and a current save
// (base at 3 commands, journal to 6), and returns the game.
func journalled(t *testing.T, d *Dir) *model.Game {
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	d.WriteGame(g, Progress{})
	for _, l := range []string{"c4 f", "draw", "draw"} {
		play(t, g, l)
		d.WriteGame(g, Progress{})
	}
	// The same game read by another program is another object: written whole, .bak kept.
	g, _, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	d.WriteGame(g, Progress{})
	for _, l := range []string{"draw", "draw", "draw"} {
		play(t, g, l)
		d.WriteGame(g, Progress{})
	}
	return g
}

// The journal's last line, cut short by a crash while it was written, is left out; a journal
// that does not add up anywhere else makes the save damaged: it is moved aside with its .bak,
// and the .bak's game comes with the error, to be offered.
func TestJournalDamage(t *testing.T) {
	tests := []struct {
		name   string
		edit   func([]byte) []byte
		moves  int    // the moves read back, if the save is good
		broken string // the error, if not
	}{
		{name: "cut short in the last line", edit: func(b []byte) []byte { return b[:len(b)-5] }, moves: 5},
		{name: "a command changed", edit: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"add":["draw"]`), []byte(`"add":["c1 f"]`), 1)
		}, broken: "journal line 2"},
		{name: "a hash changed", edit: func(b []byte) []byte {
			i := bytes.Index(b, []byte(`"hash":"`)) + 8
			b[i] ^= 1
			return b
		}, broken: "do not lead to the recorded position"},
		{name: "a line missing", edit: func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			return bytes.Join(append(lines[:2:2], lines[3:]...), nil)
		}, broken: "journal line 3"},
		{name: "not a journal", edit: func([]byte) []byte { return []byte("garbage\n") }, broken: "does not begin as a journal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDir(t)
			journalled(t, d)
			path := d.file("klondike.journal")
			j, _ := os.ReadFile(path)
			os.WriteFile(path, tt.edit(j), 0o600)
			g, _, err := (&Dir{Path: d.Path, now: d.now}).ReadGame("klondike") // another program
			if tt.broken == "" {
				if err != nil || g.MoveCount() != tt.moves {
					t.Fatalf("read %v, %v; want %d moves", g, err, tt.moves)
				}
				return
			}
			var ce *CorruptError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.broken) {
				t.Fatalf("got %v; want a CorruptError saying %q", err, tt.broken)
			}
			for _, name := range []string{"klondike.json", "klondike.journal", "klondike.json.bak", "klondike.journal.bak"} {
				if _, err := os.Lstat(d.file(name)); err == nil {
					t.Errorf("%s was left in place", name)
				}
				if _, err := os.Lstat(d.file(name) + ".broken-20261122-100000"); err != nil {
					t.Errorf("%s was not moved aside with the others", name)
				}
			}
			if ce.Backup == nil || ce.Backup.MoveCount() != 3 || ce.BackupErr != nil {
				t.Fatalf("the good copy was not offered: %+v", ce)
			}
			// The copy is a whole save now: load FILE reads it alone.
			data, _ := os.ReadFile(ce.BackupPath)
			if bg, _, err := Decode(data); err != nil || bg.MoveCount() != 3 {
				t.Fatalf("the copy alone: %v", err)
			}
		})
	}
}

// A save that cannot be read for a reason other than damage is reported and left in place.
func TestUnreadableSaveIsLeftInPlace(t *testing.T) {
	d := newDir(t)
	journalled(t, d)
	os.Remove(d.file("klondike.journal"))
	os.Mkdir(d.file("klondike.journal"), 0o700) // the journal is a folder: not damage
	_, _, err := At(d.Path).ReadGame("klondike")
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.MovedTo != "" || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("got %v", err)
	}
	for _, name := range []string{"klondike.json", "klondike.journal", "klondike.json.bak"} {
		if _, err := os.Lstat(d.file(name)); err != nil {
			t.Errorf("%s was moved", name)
		}
	}
}

// The journal is folded into a new base once it is long beside it, so that reading it back
// never replays much more than the base.
func TestJournalIsCompacted(t *testing.T) {
	d := newDir(t)
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	for i := range 2500 {
		if i%2 == 0 {
			play(t, g, "draw")
		} else {
			play(t, g, "undo")
		}
		if err := d.WriteGame(g, Progress{}); err != nil {
			t.Fatal(err)
		}
	}
	j, _ := os.ReadFile(d.file("klondike.journal"))
	if n := bytes.Count(j, []byte("\n")); n > compactAt(0)+1 {
		t.Fatalf("journal of %d lines", n)
	}
	got, _, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got, g)
}

// withSaveLimit lowers the size limit of saves for one test.
func withSaveLimit(t *testing.T, n int64) {
	old := saveLimit
	t.Cleanup(func() { saveLimit = old })
	saveLimit = n
}

// The one limit: a save larger than MaxSave is not written (and so never left unreadable),
// and a file larger is not read.
func TestOneSizeLimit(t *testing.T) {
	d := newDir(t)
	withSaveLimit(t, 8<<10)
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	for range 2000 {
		g.Play(model.Draw{})
	}
	err := d.WriteGame(g, Progress{})
	if err == nil || !strings.Contains(err.Error(), "too long to save") {
		t.Fatalf("writing a save over the limit: %v", err)
	}
	os.WriteFile(d.file("klondike.json"), bytes.Repeat([]byte(" "), 9<<10), 0o600)
	if _, _, err := d.ReadGame("klondike"); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("reading a save over the limit: %v", err)
	}
}

// A game of 400,000 moves is saved and resumed (the limit once was about 250,000).
func TestLongGameResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	d := newDir(t)
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	for range 400_000 {
		if _, err := g.Play(model.Draw{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	play(t, g, "draw", "undo 2")
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	got, _, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	if got.MoveCount() != 399_999 || got.CanRedo() != 2 || !got.State.Equal(&g.State) {
		t.Fatalf("resumed %d moves, %d to redo", got.MoveCount(), got.CanRedo())
	}
}

// La Peau's policy changes the game's options, not its moves: the save is written whole.
func TestPolicyIsSaved(t *testing.T) {
	d := newDir(t)
	g, err := model.NewGame(model.Config{Game: "lapeau", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	d.WriteGame(g, Progress{})
	play(t, g, "policy alternate")
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	got, _, err := At(d.Path).ReadGame("lapeau")
	if err != nil || got.Config.Options["alternate"] != "true" {
		t.Fatalf("options %v, %v", got.Config.Options, err)
	}
}

// FuzzJournal reads any bytes as the journal of a good base: an error or a game, never a panic.
func FuzzJournal(f *testing.F) {
	d := f.TempDir()
	dir, err := Open(d + "/state")
	if err != nil {
		f.Fatal(err)
	}
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	dir.WriteGame(g, Progress{})
	for _, l := range []string{"c4 f", "draw", "draw", "undo", "restart", "draw"} {
		play(f, g, l)
		dir.WriteGame(g, Progress{})
	}
	base, _ := os.ReadFile(dir.file("klondike.json"))
	journal, _ := os.ReadFile(dir.file("klondike.journal"))
	f.Add(journal)
	f.Add(journal[:len(journal)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		g, p, token, err := decode(base, opCache{})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := applyJournal(g, data, token, p, opCache{}); err == nil && g.MoveCount() > g.TapeLen() {
			t.Fatal("a game that does not add up was read")
		}
	})
}

// A damaged last.json is moved aside, and last.json.bak names the game instead; recording the
// last game again does not replace that copy with the damaged file.
func TestBrokenLastUsesItsCopy(t *testing.T) {
	d := newDir(t)
	os.WriteFile(d.file("last.json"), []byte("{garbage"), 0o600)
	os.WriteFile(d.file("last.json.bak"), []byte(`{"game":"freecell"}`), 0o600)
	game, err := d.ReadLast()
	var ce *CorruptError
	if game != "freecell" || !errors.As(err, &ce) || ce.MovedTo == "" || !strings.Contains(err.Error(), "not valid JSON") {
		t.Fatalf("got %q, %v", game, err)
	}
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	if bak, _ := os.ReadFile(d.file("last.json.bak")); string(bak) != `{"game":"freecell"}` {
		t.Errorf("last.json.bak is now %q", bak)
	}
	if d.LastGame() != "klondike" {
		t.Error("the last game was not recorded")
	}
}

// The journal stays under half the size limit: past it the next save is a whole base.
func TestJournalStaysReadable(t *testing.T) {
	d := newDir(t)
	withSaveLimit(t, 16<<10)
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	for range 300 {
		play(t, g, "draw")
		if err := d.WriteGame(g, Progress{}); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(d.file("klondike.journal")); err == nil && info.Size() > saveLimit/2+200 {
			t.Fatalf("journal of %d bytes", info.Size())
		}
	}
	got, _, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got, g)
}

// A journal written before restart could be undone has a line that keeps nothing and adds
// nothing for a restart: it still reads, as the deal's start with no history.
func TestOldRestartLineReads(t *testing.T) {
	d := newDir(t)
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	start := g.State.Clone()
	p := Progress{ID: "0123456789abcdef"}
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	play(t, g, "c4 f", "draw")
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	line := `{"keep":0,"at":0,"hash":"` + hashText(&start) + `","elapsed_seconds":3}` + "\n"
	f, err := os.OpenFile(d.file("klondike.journal"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(line); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, _, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	if !got.State.Equal(&start) || got.TapeLen() != 0 {
		t.Errorf("an old restart line: tape of %d, at the start %v", got.TapeLen(), got.State.Equal(&start))
	}
}

// A winning line kept with a game (Progress.Line) is written in GAME.json, which is then of
// version 3, and read back with the journal's lines after it; the same line (the same
// pointer) is not written again, a new one rewrites GAME.json but leaves GAME.json.bak as it
// was, and a save without one stays of version 2 (and 1 for save FILE), which older programs
// read.
func TestLineIsKept(t *testing.T) {
	d := newDir(t)
	g := played(t)
	p := Progress{ID: "x"}
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	version := func() int {
		var s Save
		data, _ := os.ReadFile(d.file(saveName("klondike")))
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		return s.Version
	}
	if v := version(); v != 2 {
		t.Errorf("a save without a line is of version %d, want 2", v)
	}
	if v := Encode(g, p).Version; v != 1 {
		t.Errorf("save FILE without a line is of version %d, want 1", v)
	}
	play(t, g, "draw") // a journal line, so that the base is not the first one
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	bak, _ := os.ReadFile(d.file(saveName("klondike") + ".bak"))
	p.Line = &Line{At: 1, Hash: "abc", Moves: []string{"draw", "move C1 C2"}}
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	if v := version(); v != 3 {
		t.Errorf("a save with a line is of version %d, want 3", v)
	}
	if now, _ := os.ReadFile(d.file(saveName("klondike") + ".bak")); !bytes.Equal(now, bak) {
		t.Error("a new line moved GAME.json to GAME.json.bak: the copy of the deal before is lost")
	}
	base, _ := os.ReadFile(d.file(saveName("klondike")))
	play(t, g, "draw")
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.ReadFile(d.file(saveName("klondike"))); !bytes.Equal(now, base) {
		t.Error("a move with the same line rewrote GAME.json: the line goes in once")
	}
	got, gp, err := At(d.Path).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got, g)
	if gp.Line == nil || !reflect.DeepEqual(*gp.Line, *p.Line) {
		t.Errorf("the line read back is %+v, want %+v", gp.Line, p.Line)
	}
	if v := Encode(g, p).Version; v != 3 {
		t.Errorf("save FILE with a line is of version %d, want 3", v)
	}
	p.Line = nil
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	if _, gp, err := At(d.Path).ReadGame("klondike"); err != nil || gp.Line != nil || version() != 2 {
		t.Errorf("a line dropped is still read (%+v, %v), version %d", gp.Line, err, version())
	}
}
