package controller

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
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

// writtenBytes is what this process has passed to write(2) so far (Linux's /proc/self/io
// wchar), or false where that is not known.
func writtenBytes() (int64, bool) {
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "wchar: "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// BenchmarkSaving300Commands plays 300 commands at the prompt's pace (apply, count, save) in a
// new game and in a game of 100,000 moves: saving costs what a command changed, so the two
// cost about the same (issue 12: at most twice). bytes/cmd is what the commands wrote, the
// base written again now and then included (Linux only).
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
			var written, cmds int64
			known := true
			for b.Loop() {
				before, ok := writtenBytes()
				known = known && ok
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
				after, _ := writtenBytes()
				written += after - before
				cmds += 300
			}
			if s.WriteFailed() {
				b.Fatal(s.TakeWarning())
			}
			if known {
				b.ReportMetric(float64(written)/float64(cmds), "bytes/cmd")
			}
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
