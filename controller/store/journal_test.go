package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
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
			got, gp, err := At(d.Path, readOp).ReadGame("klondike")
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
	_, gp, err := At(d.Path, readOp).ReadGame("klondike")
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
	again, _, err := At(d.Path, readOp).ReadGame("klondike")
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
	g, _, err := At(d.Path, readOp).ReadGame("klondike")
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

// flipByte changes one byte of b at the first place after the text at, or at i when at is "".
func flipByte(b []byte, at string, i int) []byte {
	b = bytes.Clone(b)
	if at != "" {
		i = bytes.Index(b, []byte(at)) + len(at)
	}
	b[i] ^= 0x01
	return b
}

// Damage to either file of a save is found and said, never read as something else, and never
// loses more than it must (issue 27, items 1 and 4): the game is taken up from the last line of
// the journal that checks, GAME.json's game stands when its journal cannot be used, and a
// GAME.json that cannot be used is rebuilt from its journal. A blank line is nothing.
func TestJournalDamage(t *testing.T) {
	tests := []struct {
		name    string
		file    string // the file damaged: the journal, or GAME.json
		edit    func([]byte) []byte
		moves   int    // the moves read back
		note    string // what Repaired says; "" nothing
		keptOne bool   // a copy of the journal is kept aside
	}{
		{name: "whole", file: "journal", edit: func(b []byte) []byte { return b }, moves: 6},
		{name: "cut short in the last line", file: "journal", edit: func(b []byte) []byte { return b[:len(b)-5] }, moves: 5,
			note: `the last line of .*klondike.journal was cut off as it was written \(the program was stopped\): the command it held is lost`},
		{name: "the last newline lost", file: "journal", edit: func(b []byte) []byte { return b[:len(b)-1] }, moves: 6},
		{name: "a blank line at the end", file: "journal", edit: func(b []byte) []byte { return append(b, '\n') }, moves: 6},
		{name: "blank lines between", file: "journal", edit: func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\n\n \n")) }, moves: 6},
		{name: "a command changed", file: "journal", edit: func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"add":["draw"]`), []byte(`"add":["c1 f"]`), 1)
		}, moves: 3, keptOne: true,
			note: `line 2 of .*klondike.journal cannot be used \(it does not match its checksum.*\): the game is taken up as the lines before it leave it, 3 moves; what that line and the 2 lines after it held is lost`},
		{name: "a hash changed", file: "journal", edit: func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			lines[2] = flipByte(lines[2], `"hash":"`, 0)
			return bytes.Join(lines, nil)
		}, moves: 4, keptOne: true, note: `line 3 of .*cannot be used \(it does not match its checksum`},
		{name: "a line missing", file: "journal", edit: func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			return bytes.Join(append(lines[:2:2], lines[3:]...), nil)
		}, moves: 4, keptOne: true, note: `line 3 of .*cannot be used.* 4 moves; what that line held is lost`},
		{name: "a newline flipped between the last two lines", file: "journal", edit: func(b []byte) []byte {
			return flipByte(b, "", bytes.LastIndexByte(b[:len(b)-1], '\n'))
		}, moves: 4, keptOne: true, note: `line 3 of .*cannot be used`},
		{name: "the head's token flipped", file: "journal", edit: func(b []byte) []byte { return flipByte(b, `"save":"`, 0) }, moves: 3, keptOne: true,
			note: `its journal .*klondike.journal cannot be used: its first line is damaged .*; the game is taken up as .*klondike.json holds it`},
		{name: "not a journal", file: "journal", edit: func([]byte) []byte { return []byte("garbage\n") }, moves: 3, keptOne: true,
			note: `its journal .* cannot be used: it does not begin as a journal does`},
		{name: "GAME.json's token flipped", file: "base", edit: func(b []byte) []byte { return flipByte(b, `"journal": "`, 0) }, moves: 6,
			note: `klondike.json cannot be used: it does not match its checksum.*; the game was rebuilt from its journal \(the broken file was moved to .*klondike.json.broken-20261122-100000\)`},
		{name: "GAME.json garbage", file: "base", edit: func([]byte) []byte { return []byte("{garbage") }, moves: 6,
			note: `klondike.json cannot be used: .*; the game was rebuilt from its journal`},
		{name: "GAME.json missing", file: "base", edit: nil, moves: 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDir(t)
			journalled(t, d)
			d.Release("klondike") // the program that wrote it has ended
			path := d.file("klondike.journal")
			if tt.file == "base" {
				path = d.file("klondike.json")
			}
			if tt.edit == nil {
				os.Remove(path)
			} else {
				data, _ := os.ReadFile(path)
				os.WriteFile(path, tt.edit(data), 0o600)
			}
			other := &Dir{Path: d.Path, now: d.now, read: readOp} // another program
			g, _, err := other.ReadGame("klondike")
			if err != nil || g == nil || g.MoveCount() != tt.moves {
				t.Fatalf("read %v, %v; want %d moves", g, err, tt.moves)
			}
			note := other.Repaired("klondike")
			if tt.note == "" && note != "" || tt.note != "" && !regexp.MustCompile(tt.note).MatchString(note) {
				t.Fatalf("said %q\nwant %q", note, tt.note)
			}
			kept, _ := filepath.Glob(d.file("klondike.journal.broken-*"))
			if tt.keptOne != (len(kept) == 1) {
				t.Errorf("copies of the journal kept: %v", kept)
			}
			// The next save mends the files: a third program reads the game whole, and says nothing.
			play(t, g, "draw")
			if err := other.WriteGame(g, Progress{}); err != nil {
				t.Fatal(err)
			}
			other.Release("klondike")
			again, _, err := At(d.Path, readOp).ReadGame("klondike")
			if err != nil || again.MoveCount() != tt.moves+1 {
				t.Fatalf("after the next save: %v, %v", again, err)
			}
			if r := At(d.Path, readOp).Repaired("klondike"); r != "" {
				t.Errorf("after the next save: %s", r)
			}
		})
	}
}

// A save of which nothing can be used (GAME.json and its journal both damaged) is moved aside
// with its .bak, and the .bak's game comes with the error, to be offered.
func TestBothFilesDamaged(t *testing.T) {
	d := newDir(t)
	journalled(t, d)
	d.Release("klondike")
	os.WriteFile(d.file("klondike.json"), []byte("{garbage"), 0o600)
	os.WriteFile(d.file("klondike.journal"), []byte("garbage\n"), 0o600)
	g, _, err := (&Dir{Path: d.Path, now: d.now, read: readOp}).ReadGame("klondike")
	var ce *CorruptError
	if g != nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), "not a solitaire save") {
		t.Fatalf("got %v, %v; want a CorruptError", g, err)
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
	if bg, _, err := Decode(data, readOp); err != nil || bg.MoveCount() != 3 {
		t.Fatalf("the copy alone: %v", err)
	}
}

// A save that cannot be read for a reason other than damage is reported and left in place.
func TestUnreadableSaveIsLeftInPlace(t *testing.T) {
	d := newDir(t)
	journalled(t, d)
	os.Remove(d.file("klondike.journal"))
	os.Mkdir(d.file("klondike.journal"), 0o700) // the journal is a folder: not damage
	_, _, err := At(d.Path, readOp).ReadGame("klondike")
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
	if n := bytes.Count(j, []byte("\n")); n > resumeBound(0)+1 {
		t.Fatalf("journal of %d lines", n)
	}
	got, _, err := At(d.Path, readOp).ReadGame("klondike")
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
	got, _, err := At(d.Path, readOp).ReadGame("klondike")
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
	got, _, err := At(d.Path, readOp).ReadGame("lapeau")
	if err != nil || got.Config.Options["alternate"] != "true" {
		t.Fatalf("options %v, %v", got.Config.Options, err)
	}
}

// FuzzJournal reads any bytes as the journal of a good base: an error or a game, never a panic.
func FuzzJournal(f *testing.F) {
	d := f.TempDir()
	dir, err := Open(d+"/state", readOp)
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
		g, p, _, err := decode(base, newOpCache(readOp))
		if err != nil {
			t.Fatal(err)
		}
		jr := parseJournal(data)
		if jr.headErr != nil {
			return
		}
		if r := applyEntries(g, jr.entries, p, newOpCache(readOp)); r.err == nil && g.MoveCount() > g.TapeLen() {
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
	got, _, err := At(d.Path, readOp).ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, got, g)
}

// A winning line kept with a game (Progress.Line) is written with a checkpoint, GAME.json and
// the journal's head, and read back with the journal's lines after it; the same line (the
// same pointer) is not written again, and a new one rewrites GAME.json but leaves GAME.json.bak
// as it was. GAME.json is of version 4 either way; save FILE is of version 3 with a line and
// 1 without, which older programs read.
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
	if v := version(); v != 4 {
		t.Errorf("GAME.json without a line is of version %d, want 4", v)
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
	if v := version(); v != 4 {
		t.Errorf("GAME.json with a line is of version %d, want 4", v)
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
	got, gp, err := At(d.Path, readOp).ReadGame("klondike")
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
	d.Release("klondike")
	if _, gp, err := At(d.Path, readOp).ReadGame("klondike"); err != nil || gp.Line != nil || version() != 4 {
		t.Errorf("a line dropped is still read (%+v, %v), version %d", gp.Line, err, version())
	}
}

// A full disk while a journal line is added (issue 27, item 1): the write fails and says so;
// a half-written line is cut away, and when it cannot be (the cut fails too), the next program
// leaves it out, says so, and writes a checkpoint rather than add its next line after the
// fragment, so that the program after that still finds the game. It used to resume with the
// game of the line before, save its next move after the fragment ("Saved: ... 39 moves"), and
// the start after that dealt a new game.
func TestFullDiskMidLine(t *testing.T) {
	for _, cut := range []bool{true, false} {
		t.Run(map[bool]string{true: "the half line cut away", false: "the cut fails too"}[cut], func(t *testing.T) {
			d := newDir(t)
			g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
			for range 38 {
				play(t, g, "draw")
				if err := d.WriteGame(g, Progress{}); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := os.ReadFile(d.file("klondike.journal"))
			oldWrite, oldTruncate := appendWrite, truncateFile
			appendWrite = func(f *os.File, data []byte) (int, error) {
				n, _ := f.Write(data[:len(data)/2])
				return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
			}
			if !cut {
				truncateFile = func(string, int64) error { return syscall.ENOSPC }
			}
			play(t, g, "draw")
			err := d.WriteGame(g, Progress{})
			appendWrite, truncateFile = oldWrite, oldTruncate
			if err == nil || !strings.Contains(err.Error(), "disk full") {
				t.Fatalf("a full disk: %v", err)
			}
			after, _ := os.ReadFile(d.file("klondike.journal"))
			if cut != bytes.Equal(after, before) {
				t.Fatalf("the journal after the failed write (cut %v): %d bytes, were %d", cut, len(after), len(before))
			}
			d.Release("klondike") // the program ends: NOT SAVED

			next := At(d.Path, readOp)
			g2, _, err := next.ReadGame("klondike")
			if err != nil || g2.MoveCount() != 38 {
				t.Fatalf("the next program: %v, %v", g2, err)
			}
			if note := next.Repaired("klondike"); cut == (note != "") || !cut && !strings.Contains(note, "was cut off as it was written") {
				t.Errorf("the next program said %q", note)
			}
			play(t, g2, "draw")
			if err := next.WriteGame(g2, Progress{}); err != nil { // Saved: ..., 39 moves
				t.Fatal(err)
			}
			next.Release("klondike")
			g3, _, err := At(d.Path, readOp).ReadGame("klondike")
			if err != nil || g3.MoveCount() != 39 {
				t.Fatalf("the program after that: %v, %v", g3, err)
			}
		})
	}
}

// A storm of undo and redo costs a resume little (issue 27, item 5: a 40,000-move game after
// 8,000 commands of undo 9999 and redo 9999 took 67 s to take up, for a checkpoint came only
// after 10,000 journal lines and each line replayed its undo or redo): reading the game back
// after 3,000 such commands takes about the work of reading its checkpoint alone, counted in
// allocations, not time (BenchmarkResumeStorm in controller measures the time).
func TestStormResumeCostsLittle(t *testing.T) {
	d := newDir(t)
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	for range 4000 {
		g.Play(model.Draw{})
	}
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	read := func() float64 {
		return testing.AllocsPerRun(2, func() {
			if got, _, err := At(d.Path, readOp).ReadGame("klondike"); err != nil || got.MoveCount() != 4000 {
				t.Fatalf("%v, %v", got, err)
			}
		})
	}
	plain := read()
	// 600 writes, 3,000 with the sweeps: were each undo and redo replayed on reading, 600 would
	// already cost hundreds of times the checkpoint's allocations.
	storm := 600
	if os.Getenv("SOLITAIRE_SWEEPS") != "" {
		storm = 3000
	}
	for i := range storm {
		var op model.Op = model.Undo{N: 999}
		if i%2 == 1 {
			op = model.Redo{N: 999}
		}
		g.Play(op)
		if err := d.WriteGame(g, Progress{}); err != nil {
			t.Fatal(err)
		}
	}
	after := read()
	t.Logf("allocations to read the game: %.0f, after a storm of %d writes %.0f", plain, storm, after)
	if after > 2*plain {
		t.Fatalf("reading the game after a storm of undo and redo: %.0f allocations, against %.0f for its checkpoint alone", after, plain)
	}
}
