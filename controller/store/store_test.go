package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"solitaire/model"
)

func newDir(t *testing.T) *Dir {
	t.Helper()
	d, err := Open(filepath.Join(t.TempDir(), "state"), readOp)
	if err != nil {
		t.Fatal(err)
	}
	d.now = func() time.Time { return time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC) }
	return d
}

// played deals a game and makes some moves, then undoes one so there is a redo list too.
func played(t *testing.T) *model.Game {
	t.Helper()
	g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range []model.Op{model.Move{From: model.PileRef{Kind: 'C', Index: 4}, To: model.PileRef{Kind: 'F'}}, model.Draw{}, model.Draw{}, model.Draw{}} {
		if _, err := g.Apply(op); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.Apply(model.Undo{N: 2}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSaveRoundTrip(t *testing.T) {
	d := newDir(t)
	g := played(t)
	p := Progress{Elapsed: 95 * time.Second, Counted: true}
	if err := d.WriteGame(g, p); err != nil {
		t.Fatal(err)
	}
	if d.LastGame() != "klondike" {
		t.Fatalf("last game %q", d.LastGame())
	}
	got, gp, err := d.ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	if !got.State.Equal(&g.State) || got.MoveCount() != g.MoveCount() || got.CanRedo() != 2 {
		t.Fatalf("resumed game differs: moves %d redo %d", got.MoveCount(), got.CanRedo())
	}
	if gp != p {
		t.Errorf("progress %+v, want %+v", gp, p)
	}
	// The redo list comes back in order: redo twice reaches the state before the undo.
	for i := 0; i < 2; i++ {
		if _, err := got.Apply(model.Redo{}); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(model.Redo{}); err != nil {
			t.Fatal(err)
		}
	}
	if !got.State.Equal(&g.State) {
		t.Fatal("redo after resume led elsewhere")
	}
	if g2, _, err := d.ReadGame("freecell"); g2 != nil || err != nil {
		t.Fatalf("a game never saved: %v %v", g2, err)
	}
}

func TestSaveOfAPositionGame(t *testing.T) {
	src, _ := model.NewGame(model.Config{Game: "freecell", Deal: 5})
	pos := src.StartPosition()
	g, err := model.LoadPosition(pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	back, _, err := Decode(Encode(g, Progress{}).Marshal(), readOp)
	if err != nil {
		t.Fatal(err)
	}
	if !back.State.Equal(&g.State) || back.MoveCount() != 1 {
		t.Fatal("a game begun from a position did not come back")
	}
}

func TestFilesAreAtomicPrivateAndBackedUp(t *testing.T) {
	d := newDir(t)
	g := played(t)
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(d.file("klondike.json"))
	g.Apply(model.Draw{})
	if err := d.WriteGame(g, Progress{}); err != nil { // a journal line
		t.Fatal(err)
	}
	firstJournal, _ := os.ReadFile(d.file("klondike.journal"))
	// Another game object (a new deal) is written whole: the base and its journal go to .bak.
	if err := d.WriteGame(played(t), Progress{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"klondike.json", "klondike.json.bak", "klondike.journal.bak", "last.json"} {
		info, err := os.Stat(d.file(name))
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", name, info.Mode().Perm())
		}
	}
	if bak, _ := os.ReadFile(d.file("klondike.json.bak")); !bytes.Equal(bak, first) {
		t.Error("the .bak is not the previous save")
	}
	if bak, _ := os.ReadFile(d.file("klondike.journal.bak")); !bytes.Equal(bak, firstJournal) {
		t.Error("the journal's .bak is not the previous journal")
	}
	var now Save
	data, _ := os.ReadFile(d.file("klondike.json"))
	json.Unmarshal(data, &now)
	if j, _ := os.ReadFile(d.file("klondike.journal")); !bytes.Contains(j, []byte(`"save":"`+now.Journal+`"`)) || bytes.Count(j, []byte("\n")) != 1 {
		t.Errorf("the journal is not begun afresh for the new checkpoint: %.100s", j)
	}
	if info, _ := os.Stat(d.Path); info.Mode().Perm() != 0o700 {
		t.Errorf("state folder mode %v, want 0700", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(d.Path)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// failingFile fails after writing part of the data, as a full disk or a crash would.
type failingFile struct {
	*os.File
	after int
}

func (f *failingFile) Write(p []byte) (int, error) {
	if len(p) > f.after {
		n, _ := f.File.Write(p[:f.after])
		return n, errors.New("disk full")
	}
	return f.File.Write(p)
}

func TestInterruptedWriteLeavesTheOldSave(t *testing.T) {
	d := newDir(t)
	g := played(t)
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(d.file("klondike.json"))
	old := createTemp
	createTemp = func(dir, pattern string) (tempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		return &failingFile{File: f, after: 100}, err
	}
	defer func() { createTemp = old }()
	err := d.WriteGame(played(t), Progress{}) // a new deal: a checkpoint, the files written whole
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("write error %v", err)
	}
	after, _ := os.ReadFile(d.file("klondike.json"))
	if !bytes.Equal(before, after) {
		t.Fatal("a failed write changed the save")
	}
	entries, _ := os.ReadDir(d.Path)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
	if _, _, err := d.ReadGame("klondike"); err != nil {
		t.Fatalf("the old save no longer loads: %v", err)
	}
}

func TestBrokenSaves(t *testing.T) {
	good := Encode(played(t), Progress{}).Marshal()
	edit := func(f func(s *Save)) []byte {
		var s Save
		json.Unmarshal(good, &s)
		f(&s)
		return s.Marshal()
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{name: "truncated", data: good[:len(good)/2], want: "truncated or edited"},
		{name: "garbage", data: []byte("\x00\xffnot json"), want: "not a solitaire save"},
		{name: "empty", data: []byte{}, want: "not a solitaire save"},
		{name: "future version", data: edit(func(s *Save) { s.Version = 7 }), want: "written by a newer solitaire (save version 7"},
		{name: "hand-edited move", data: edit(func(s *Save) { s.Moves[0] = "move C1 F1" }), want: `move 1 "move C1 F1": 5S cannot go to F1`},
		{name: "hand-edited board", data: edit(func(s *Save) { s.Final[0].Cards = s.Final[0].Cards[1:] }), want: "do not lead to the recorded position"},
		{name: "unknown game", data: edit(func(s *Save) { s.Game = "chess" }), want: `unknown game "chess"`},
		{name: "bad option", data: edit(func(s *Save) { s.Options["draw"] = "2" }), want: `option draw: "2"`},
		{name: "not a command", data: edit(func(s *Save) { s.Moves[0] = "fly away" }), want: "is not a command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDir(t)
			path := d.file("klondike.json")
			if err := os.WriteFile(path, tt.data, 0o600); err != nil {
				t.Fatal(err)
			}
			g, _, err := d.ReadGame("klondike")
			var ce *CorruptError
			if g != nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, %v; want a CorruptError saying %q", g, err, tt.want)
			}
			if !strings.Contains(err.Error(), path) || ce.MovedTo == "" {
				t.Errorf("the message does not name the file and where it went: %v", err)
			}
			if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
				t.Error("the broken save was not moved aside")
			}
			if _, err := os.Lstat(ce.MovedTo); err != nil {
				t.Fatalf("the broken save is lost: %v", err)
			}
			if kept, _ := os.ReadFile(ce.MovedTo); !bytes.Equal(kept, tt.data) {
				t.Error("the broken save was changed")
			}
			// A second broken save the same second gets another name: nothing is overwritten.
			os.WriteFile(path, []byte("junk"), 0o600)
			_, _, err2 := d.ReadGame("klondike")
			if !errors.As(err2, &ce) || ce.MovedTo == "" {
				t.Fatalf("second broken save: %v", err2)
			}
			if _, err := os.Lstat(ce.MovedTo); err != nil {
				t.Error("second broken save lost")
			}
		})
	}
}

// Two programs on one folder never leave a half-written file, and lose no count of the
// statistics. Two programs on one game: only the one that holds its save writes it (the other
// is told which process holds it), until the other takes it over, after which the first
// writes nothing more (issue 27, item 2).
func TestTwoWritersNeverCorrupt(t *testing.T) {
	d := newDir(t)
	other := &Dir{Path: d.Path, now: d.now, read: readOp}
	g1 := played(t)
	g2, _ := model.NewGame(model.Config{Game: "klondike", Seed: 2})
	if err := d.WriteGame(g1, Progress{}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, w := range []struct {
		d    *Dir
		g    *model.Game
		held bool
	}{{d, g1, false}, {other, g2, true}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 60; i++ {
				w.g.Apply(model.Draw{})
				err := w.d.WriteGame(w.g, Progress{})
				var he *HeldError
				switch {
				case w.held && (!errors.As(err, &he) || he.PID != os.Getpid() || he.Game != "klondike"):
					t.Errorf("the second program wrote, or was not told who holds the save: %v", err)
					return
				case !w.held && err != nil:
					t.Error(err)
					return
				}
				if err := w.d.Record("klondike", Played, 0, 0); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	// Meanwhile a reader must always find one whole save.
	var reader sync.WaitGroup
	reader.Add(1)
	go func() {
		defer reader.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			data, err := os.ReadFile(d.file("klondike.json"))
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if _, _, err := Decode(data, readOp); err != nil {
				t.Errorf("a reader saw a broken save: %v", err)
				return
			}
		}
	}()
	wg.Wait()
	close(stop)
	reader.Wait()
	st, err := d.ReadStats()
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Variants["klondike"].Played; got != 120 {
		t.Errorf("two writers counted %d games, want 120: an update was lost", got)
	}
	if got, _, _ := At(d.Path, readOp).ReadGame("klondike"); got == nil || !got.State.Equal(&g1.State) {
		t.Fatal("the save is not the first program's last")
	}
	// The second takes it over: from then on its writes are the save, and the first's are refused.
	if err := other.TakeOver("klondike"); err != nil {
		t.Fatal(err)
	}
	if err := other.WriteGame(g2, Progress{}); err != nil {
		t.Fatal(err)
	}
	g1.Apply(model.Draw{})
	var lost *LostError
	if err := d.WriteGame(g1, Progress{}); !errors.As(err, &lost) || !strings.Contains(err.Error(), "took over the save of klondike") {
		t.Fatalf("the first program's write after the take-over: %v", err)
	}
	if got, _, _ := At(d.Path, readOp).ReadGame("klondike"); got == nil || !got.State.Equal(&g2.State) {
		t.Fatal("the save is not the second program's")
	}
	// When the holder lets it go (or ends), another program takes it without a word.
	other.Release("klondike")
	if err := At(d.Path, readOp).Hold("klondike"); err != nil {
		t.Fatalf("a save no one holds: %v", err)
	}
}

func TestStatsArithmetic(t *testing.T) {
	d := newDir(t)
	events := []struct {
		e     Event
		moves int
		took  time.Duration
	}{
		{Played, 0, 0}, {Won, 120, 300 * time.Second},
		{Played, 0, 0}, {Won, 90, 400 * time.Second},
		{Played, 0, 0}, {Abandoned, 0, 0},
		{Played, 0, 0}, {Won, 150, 200 * time.Second},
		{Played, 0, 0},
	}
	for _, ev := range events {
		if err := d.Record("klondike draw=3", ev.e, ev.moves, ev.took); err != nil {
			t.Fatal(err)
		}
	}
	st, err := d.ReadStats()
	if err != nil {
		t.Fatal(err)
	}
	r := st.Variants["klondike draw=3"]
	want := Record{Played: 5, Won: 3, Streak: 1, BestStreak: 2, BestSeconds: 200, FewestMoves: 90}
	if r != want {
		t.Errorf("record %+v, want %+v", r, want)
	}
	if r.WinRate() != 0.6 {
		t.Errorf("win rate %v", r.WinRate())
	}
	if names := st.Names("klondike"); len(names) != 1 || names[0] != "klondike draw=3" {
		t.Errorf("names %v", names)
	}
	if len(st.Names("freecell")) != 0 {
		t.Error("freecell has statistics it never earned")
	}
}

func TestBrokenStatsAreMovedAsideAndCountingGoesOn(t *testing.T) {
	d := newDir(t)
	os.WriteFile(d.file("stats.json"), []byte(`{"format":"solitaire-stats","version":1,"variants":{`), 0o600)
	_, err := d.ReadStats()
	var ce *CorruptError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "stats.json") {
		t.Fatalf("broken stats: %v", err)
	}
	if _, err := os.Stat(ce.MovedTo); err != nil {
		t.Fatal("broken stats lost")
	}
	if err := d.Record("klondike", Played, 0, 0); err != nil {
		t.Fatal(err)
	}
	if st, _ := d.ReadStats(); st.Variants["klondike"].Played != 1 {
		t.Error("counting did not start again")
	}
}

func TestVariantNames(t *testing.T) {
	for _, tt := range []struct {
		game string
		opts model.Options
		want string
	}{
		{"klondike", nil, "klondike"},
		{"klondike", model.Options{"draw": "3", "passes": "3"}, "klondike draw=3 passes=3"},
		{"freecell", model.Options{"cells": "4"}, "freecell"},
		{"canfield", model.Options{"classic": "true"}, "canfield classic=true draw=3 no-foundation-return=true"},
	} {
		g, _ := model.NewGame(model.Config{Game: tt.game, Seed: 1, Options: tt.opts})
		if got := Variant(g); got != tt.want {
			t.Errorf("%s %v: %q, want %q", tt.game, tt.opts, got, tt.want)
		}
	}
}

func TestAssistanceArithmetic(t *testing.T) {
	type ev struct {
		e     Event
		moves int
		took  time.Duration
	}
	for _, tt := range []struct {
		name   string
		events []ev
		want   Record
	}{
		{"a hinted win counts as won, apart, and keeps the streak",
			[]ev{{Played, 0, 0}, {Won, 100, 90 * time.Second}, {Played, 0, 0}, {HintUsed, 0, 0}, {HintUsed, 0, 0}, {WonHinted, 60, 30 * time.Second}},
			Record{Played: 2, Won: 2, WonHinted: 1, Streak: 2, BestStreak: 2, BestSeconds: 90, FewestMoves: 100, Hints: 2}},
		{"a hinted win sets no best time or fewest moves",
			[]ev{{Played, 0, 0}, {SolveUsed, 0, 0}, {WonHinted, 60, 30 * time.Second}},
			Record{Played: 1, Won: 1, WonHinted: 1, Streak: 1, BestStreak: 1, Solves: 1}},
		{"a deal the demo finished is no win and ends the streak",
			[]ev{{Played, 0, 0}, {Won, 100, time.Minute}, {Played, 0, 0}, {DemoUsed, 0, 0}, {DemoFinished, 80, time.Minute}},
			Record{Played: 2, Won: 1, Streak: 0, BestStreak: 1, BestSeconds: 60, FewestMoves: 100, Demos: 1, DemoFinished: 1}},
		{"uses are counted without a deal played",
			[]ev{{HintUsed, 0, 0}, {SolveUsed, 0, 0}, {DemoUsed, 0, 0}, {DemoUsed, 0, 0}},
			Record{Hints: 1, Solves: 1, Demos: 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := newDir(t)
			for _, e := range tt.events {
				if err := d.Record("klondike", e.e, e.moves, e.took); err != nil {
					t.Fatal(err)
				}
			}
			st, err := d.ReadStats()
			if err != nil {
				t.Fatal(err)
			}
			if r := st.Variants["klondike"]; r != tt.want {
				t.Errorf("record %+v, want %+v", r, tt.want)
			}
		})
	}
}

func TestOldStatsFilesLoadAndNewFieldsAreOmitted(t *testing.T) {
	d := newDir(t)
	// A file written before assistance was counted: every win was unaided.
	old := `{"format":"solitaire-stats","version":1,"variants":{"klondike":{"played":3,"won":2,"streak":1,"best_streak":2,"best_seconds":61,"fewest_moves":88}}}`
	if err := os.WriteFile(d.file("stats.json"), []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := d.ReadStats()
	if err != nil {
		t.Fatal(err)
	}
	r := st.Variants["klondike"]
	if r != (Record{Played: 3, Won: 2, Streak: 1, BestStreak: 2, BestSeconds: 61, FewestMoves: 88}) || r.WonUnaided() != 2 {
		t.Fatalf("old record read as %+v", r)
	}
	// Counting a play in another variant rewrites the file without fields nobody used.
	if err := d.Record("freecell", Played, 0, 0); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(d.file("stats.json"))
	for _, field := range []string{"won_with_hints", "demo_finished", "hints", "solves", "demos"} {
		if bytes.Contains(data, []byte(`"`+field+`"`)) {
			t.Errorf("an unused field %q was written:\n%s", field, data)
		}
	}
}

func TestAssistanceFlagsInTheSave(t *testing.T) {
	g := played(t)
	for _, p := range []Progress{
		{Elapsed: time.Second, Counted: true, Hinted: true},
		{Elapsed: time.Second, Counted: true, Demoed: true},
		{Elapsed: time.Second, Counted: true, Recorded: true, Hinted: true, Demoed: true},
	} {
		_, back, err := Decode(Encode(g, p).Marshal(), readOp)
		if err != nil {
			t.Fatal(err)
		}
		if back != p {
			t.Errorf("progress %+v came back as %+v", p, back)
		}
	}
	// A save written before the flags existed loads, with neither set.
	data := Encode(g, Progress{Counted: true}).Marshal()
	if bytes.Contains(data, []byte(`"hinted"`)) || bytes.Contains(data, []byte(`"demoed"`)) {
		t.Fatalf("unset flags were written:\n%s", data)
	}
	_, back, err := Decode(data, readOp)
	if err != nil || back.Hinted || back.Demoed || !back.Counted {
		t.Fatalf("an old save: %+v, %v", back, err)
	}
}

// stats.json that cannot be read for a reason other than damage is reported and left in
// place, and nothing is written over it.
func TestUnreadableStatsAreLeftInPlace(t *testing.T) {
	d := newDir(t)
	os.Mkdir(d.file("stats.json"), 0o700)
	_, err := d.ReadStats()
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.MovedTo != "" || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("got %v", err)
	}
	if err := d.Record("klondike", Played, 0, 0); err == nil {
		t.Error("the statistics were written over a folder")
	}
	if info, err := os.Stat(d.file("stats.json")); err != nil || !info.IsDir() {
		t.Fatal("the folder was moved")
	}
}
