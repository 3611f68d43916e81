package controller

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/view"
)

// longGame is Klondike seed 1 after n draws (the stock turned round and round).
func longGame(b *testing.B, n int) *model.Game {
	g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for range n {
		if _, err := g.Play(model.Draw{}); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

func folderBytes(b *testing.B, dir string) int64 {
	var n int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
	}
	return n
}

// BenchmarkSaving300Commands plays 300 commands at the prompt's pace (apply, count, save) in a
// new game and in a game of 100,000 moves: saving costs what a command changed, so the two
// cost about the same (issue 12: at most twice). bytes/cmd is what the folder grows by.
func BenchmarkSaving300Commands(b *testing.B) {
	for _, c := range []struct {
		name  string
		moves int
	}{{"new game", 0}, {"100k moves", 100_000}} {
		b.Run(c.name, func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "state")
			d, err := store.Open(dir)
			if err != nil {
				b.Fatal(err)
			}
			s := NewSessionAt(longGame(b, c.moves), view.Style{ASCII: true}, frozen)
			s.Persist(d)
			s.Start()
			var grown, cmds int64
			for b.Loop() {
				before := folderBytes(b, dir)
				for i := range 300 {
					var op model.Op = model.Draw{}
					if i%3 == 2 {
						op = model.Undo{N: 1}
					}
					if _, err := s.Exec(op); err != nil {
						b.Fatal(err)
					}
					s.afterCommand()
				}
				grown += folderBytes(b, dir) - before
				cmds += 300
			}
			if s.WriteFailed() {
				b.Fatal(s.TakeWarning())
			}
			b.ReportMetric(float64(grown)/float64(cmds), "bytes/cmd")
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
			d, err := store.Open(dir)
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
				got, _, err := store.At(dir).ReadGame("klondike")
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
