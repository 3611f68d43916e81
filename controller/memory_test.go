package controller

import (
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// drawScript is a script of n lines of "draw", made as it is read.
type drawScript struct{ left int }

func (d *drawScript) Read(p []byte) (int, error) {
	const line = "draw\n"
	n := 0
	for d.left > 0 && len(p)-n >= len(line) {
		n += copy(p[n:], line)
		d.left--
	}
	if n == 0 && d.left == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// peakRSS is the most memory the process has held (Linux's VmHWM), or false where that is not
// known.
func peakRSS() (int64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// TestMillionLineScript plays a script of 1,000,000 drawScript in Klondike, each one a step of the
// history, and holds the memory the program needs under 200 MiB (once, a one-million-line
// script took 1.07 GB when every step kept a whole position). The peak is the process's
// (VmHWM, Linux), so the test is run alone and only on request; docs/testing.md has the figure:
//
//	SOLITAIRE_MILLION=1 go test ./controller -run TestMillionLineScript -v
func TestMillionLineScript(t *testing.T) {
	if os.Getenv("SOLITAIRE_MILLION") == "" {
		t.Skip("set SOLITAIRE_MILLION=1 to play a script of 1,000,000 lines (about half a minute)")
	}
	const lines, limit = 1_000_000, 200 << 20
	s := newTestSession(t, klondike1)
	// The Go heap, sampled while the script runs: the peak where VmHWM is not known.
	var heap uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			heap = max(heap, m.HeapInuse+m.StackInuse)
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})
	start := time.Now()
	code := s.RunScript(&drawScript{left: lines}, io.Discard, io.Discard, ScriptOptions{Quiet: true})
	close(stop)
	wg.Wait()
	if code != ExitOK || s.Game.MoveCount() != lines {
		t.Fatalf("exit %d after %d moves, want %d and %d", code, s.Game.MoveCount(), ExitOK, lines)
	}
	took := time.Since(start).Round(time.Second)
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	rss, known := peakRSS()
	t.Logf("%d lines in %s: peak Go heap %.1f MiB, live heap after it %.1f MiB, peak RSS %.1f MiB (known: %v)",
		lines, took, float64(heap)/(1<<20), float64(m.HeapAlloc)/(1<<20), float64(rss)/(1<<20), known)
	runtime.KeepAlive(s)
	if !known {
		rss = int64(heap)
	}
	if rss > limit {
		t.Fatalf("a script of %d lines took %.1f MiB, over the %d MiB allowed", lines, float64(rss)/(1<<20), limit>>20)
	}
}

// TestSoftMemoryLimit: a search sets the collector's limit to its tables' bound and half again,
// gives the old one back when it ends, and leaves a limit GOMEMLIMIT has set alone.
func TestSoftMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	debug.SetMemoryLimit(math.MaxInt64)
	restore := softMemoryLimit(1 << 30)
	if got, want := debug.SetMemoryLimit(-1), int64(1<<30+1<<29+64<<20); got != want {
		t.Errorf("limit during the search: %d, want %d", got, want)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("limit after the search: %d, want none", got)
	}
	debug.SetMemoryLimit(3 << 30)
	softMemoryLimit(1 << 30)()
	if got := debug.SetMemoryLimit(-1); got != 3<<30 {
		t.Errorf("a limit set before: %d, want it kept (%d)", got, int64(3<<30))
	}
}
