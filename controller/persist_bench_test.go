package controller

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// longGame is Klondike seed 1 after n draws (the stock turned round and round).
func longGame(tb testing.TB, n int) *model.Game {
	g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	for range n {
		if _, err := g.Play(model.Draw{}); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// startSaving is a prompt session on game g, saving in a fresh state folder under dir.
func startSaving(tb testing.TB, dir string, g *model.Game) *Session {
	d, err := store.Open(filepath.Join(dir, "state"), parser.ParseOp)
	if err != nil {
		tb.Fatal(err)
	}
	s := NewSessionAt(g, view.Style{ASCII: true}, frozen)
	s.Persist(d)
	s.Start()
	return s
}

// play300 plays 300 commands at the prompt's pace (apply, count, save: two draws and an undo,
// over and over) and returns the bytes the store wrote for them (store.Written: saves, journal
// lines, statistics, their copies).
func play300(tb testing.TB, s *Session) int64 {
	before := store.Written()
	for i := range 300 {
		var op model.Op = model.Draw{}
		if i%3 == 2 {
			op = model.Undo{N: 1}
		}
		if _, err := s.Exec(op); err != nil {
			tb.Fatal(err)
		}
		s.afterCommand()
	}
	if s.WriteFailed() {
		tb.Fatal(s.TakeWarning())
	}
	return store.Written() - before
}

// TestSavingCostsWhatChanged: 300 commands in a game of 100,000 moves write no more than twice
// what they write in a new game, counted in bytes the store wrote, not in time.
func TestSavingCostsWhatChanged(t *testing.T) {
	fresh := play300(t, startSaving(t, t.TempDir(), longGame(t, 0)))
	long := play300(t, startSaving(t, t.TempDir(), longGame(t, 100_000)))
	t.Logf("300 commands wrote %d bytes in a new game, %d in a game of 100,000 moves", fresh, long)
	if fresh <= 0 || long > 2*fresh {
		t.Fatalf("300 commands wrote %d bytes in a new game and %d in a game of 100,000 moves: over twice as much", fresh, long)
	}
}

// BenchmarkSaving300Commands plays 300 commands at the prompt's pace (apply, count, save) in a
// new game and in a game of 100,000 moves: saving costs what a command changed, so the two
// cost about the same (at most twice; TestSavingCostsWhatChanged holds it).
// bytes/cmd is what the store wrote for the commands, the base written again now and then
// included.
func BenchmarkSaving300Commands(b *testing.B) {
	for _, c := range []struct {
		name  string
		moves int
	}{{"new game", 0}, {"100k moves", 100_000}} {
		b.Run(c.name, func(b *testing.B) {
			s := startSaving(b, b.TempDir(), longGame(b, c.moves))
			var written, cmds int64
			for b.Loop() {
				written += play300(b, s)
				cmds += 300
			}
			b.ReportMetric(float64(written)/float64(cmds), "bytes/cmd")
		})
	}
}

// BenchmarkResume100k reads back a game of 100,000 moves, as "solitaire" does on starting
// (the base, and the same with its last 20,000 moves in the journal); MiB is the memory the
// resumed game holds.
func BenchmarkResume100k(b *testing.B) {
	for _, journal := range []int{0, 20_000} {
		name := "base"
		if journal > 0 {
			name = "base+journal"
		}
		b.Run(name, func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "state")
			d, err := store.Open(dir, parser.ParseOp)
			if err != nil {
				b.Fatal(err)
			}
			g := longGame(b, 100_000-journal)
			if err := d.WriteGame(g, store.Progress{}); err != nil {
				b.Fatal(err)
			}
			for range journal {
				g.Play(model.Draw{})
				if err := d.WriteGame(g, store.Progress{}); err != nil {
					b.Fatal(err)
				}
			}
			var heap float64
			for b.Loop() {
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				got, _, err := store.At(dir, parser.ParseOp).ReadGame("klondike")
				if err != nil || got.MoveCount() != 100_000 {
					b.Fatalf("%v", err)
				}
				runtime.GC()
				runtime.ReadMemStats(&m1)
				heap = float64(int64(m1.HeapAlloc)-int64(m0.HeapAlloc)) / (1 << 20)
				runtime.KeepAlive(got)
			}
			b.ReportMetric(heap, "MiB/100k-moves")
		})
	}
}

// stormFolder saves a game of moves draws, then storm commands at the prompt's pace, undo 9999
// and redo 9999 by turns (issue 27, item 5: a 40,000-move game after 8,000 of them took 67 s
// to take up), and returns the state folder.
func stormFolder(tb testing.TB, moves, storm int) string {
	dir := filepath.Join(tb.TempDir(), "state")
	d, err := store.Open(dir, parser.ParseOp)
	if err != nil {
		tb.Fatal(err)
	}
	g := longGame(tb, moves)
	if err := d.WriteGame(g, store.Progress{}); err != nil {
		tb.Fatal(err)
	}
	for i := range storm {
		var op model.Op = model.Undo{N: 9999}
		if i%2 == 1 {
			op = model.Redo{N: 9999}
		}
		if _, err := g.Play(op); err != nil {
			tb.Fatal(err)
		}
		if err := d.WriteGame(g, store.Progress{}); err != nil {
			tb.Fatal(err)
		}
	}
	d.Release("klondike")
	return dir
}

// BenchmarkResumeStorm takes up a game of 40,000 moves after 8,000 commands of undo 9999 and
// redo 9999 by turns, and one of 100,000 moves after the same storm: a checkpoint comes when
// replaying the journal would cost more than resumeBound, and a run of undo and redo replays
// as one move, so each takes about as long as its checkpoint alone (the target: under 0.5 s).
func BenchmarkResumeStorm(b *testing.B) {
	for _, moves := range []int{40_000, 100_000} {
		b.Run(fmt.Sprintf("%dk moves", moves/1000), func(b *testing.B) {
			dir := stormFolder(b, moves, 8_000)
			for b.Loop() {
				got, _, err := store.At(dir, parser.ParseOp).ReadGame("klondike")
				if err != nil || got.MoveCount() != moves {
					b.Fatalf("%v, %d moves", err, got.MoveCount())
				}
			}
		})
	}
}
