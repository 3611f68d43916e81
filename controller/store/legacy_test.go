package store

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// copyLegacy copies the files of testdata/legacy/name into a fresh state folder.
func copyLegacy(t *testing.T, name string) *Dir {
	t.Helper()
	d := newDir(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "legacy", name, "*"))
	if len(files) == 0 {
		t.Fatal("no legacy files")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(d.file(filepath.Base(f)), data, 0o600)
	}
	return d
}

// legacyKlondike is the game testdata/legacy/v2 holds, played again here.
func legacyKlondike(t *testing.T) (*model.Game, Progress) {
	g, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}})
	play(t, g, "c4 f", "draw", "draw", "undo", "redo", "draw", "undo 2", "draw", "restart", "draw", "undo")
	return g, Progress{ID: "0123456789abcdef", Elapsed: 11 * time.Second, Counted: true}
}

// legacyFreeCell is the game testdata/legacy/v3 holds.
func legacyFreeCell(t *testing.T) (*model.Game, Progress) {
	g, _ := model.NewGame(model.Config{Game: "freecell", Deal: 617})
	play(t, g, "move C1 R")
	p := Progress{ID: "fedcba9876543210", Hinted: true, Elapsed: 7 * time.Second,
		Line: &Line{At: 1, Hash: hashText(&g.State), Moves: []string{"move C2 R"}}}
	play(t, g, "move C2 R")
	return g, p
}

// Saves written before issue 27 (GAME.json of versions 2 and 3 with journals of version 1, and
// save FILE of versions 1 and 3; testdata/legacy/README) load as they were, and the next save
// writes them in the new format, which reads back the same.
func TestLegacySavesLoad(t *testing.T) {
	for _, c := range []struct {
		dir, game string
		want      func(*testing.T) (*model.Game, Progress)
	}{{"v2", "klondike", legacyKlondike}, {"v3", "freecell", legacyFreeCell}} {
		t.Run(c.dir, func(t *testing.T) {
			d := copyLegacy(t, c.dir)
			want, wp := c.want(t)
			g, p, err := d.ReadGame(c.game)
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, g, want)
			if (p.Line == nil) != (wp.Line == nil) || p.Line != nil && !reflect.DeepEqual(*p.Line, *wp.Line) {
				t.Errorf("line %+v, want %+v", p.Line, wp.Line)
			}
			p.Line, wp.Line = nil, nil
			if p != wp {
				t.Errorf("progress %+v, want %+v", p, wp)
			}
			if r := d.Repaired(c.game); r != "" {
				t.Errorf("said %s", r)
			}
			play(t, g, "undo")
			if err := d.WriteGame(g, p); err != nil {
				t.Fatal(err)
			}
			j, _ := os.ReadFile(d.file(journalName(c.game)))
			if !bytes.Contains(j, []byte(`"version":2`)) {
				t.Errorf("the journal was not written anew: %.80s", j)
			}
			d.Release(c.game)
			again, _, err := At(d.Path, readOp).ReadGame(c.game)
			if err != nil {
				t.Fatal(err)
			}
			sameGame(t, again, g)
		})
	}
	for _, f := range []string{"savefile-v1.json", "savefile-v3.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "legacy", f))
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := Decode(data, readOp)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want, _ := legacyKlondike(t)
		if strings.Contains(f, "v3") {
			want, _ = legacyFreeCell(t)
		}
		sameGame(t, g, want)
	}
}

// A journal of version 1 written before restart could be undone has a line that keeps nothing
// and adds nothing for a restart: it still reads, as the deal's start with no history.
func TestOldRestartLineReads(t *testing.T) {
	d := copyLegacy(t, "v2")
	start, _ := model.NewGame(model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}})
	line := `{"keep":0,"at":0,"hash":"` + hashText(&start.State) + `","elapsed_seconds":3}` + "\n"
	f, err := os.OpenFile(d.file("klondike.journal"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(line); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, _, err := d.ReadGame("klondike")
	if err != nil {
		t.Fatal(err)
	}
	if !got.State.Equal(&start.State) || got.TapeLen() != 0 {
		t.Errorf("an old restart line: tape of %d, at the start %v", got.TapeLen(), got.State.Equal(&start.State))
	}
}
