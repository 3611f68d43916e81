package solve

import "sync/atomic"

// Gauge adds up the memory that the tables of searches running at once take (the jobs of a
// range share one, Options.Gauge), and keeps the most they took together. Each search adds what
// its tables take as its limit checks see it, and takes it back when it ends.
type Gauge struct {
	now, peak atomic.Int64
}

// add changes the bytes held by n and raises the peak to the new total.
func (g *Gauge) add(n int64) {
	v := g.now.Add(n)
	for p := g.peak.Load(); v > p && !g.peak.CompareAndSwap(p, v); p = g.peak.Load() {
	}
}

// Peak is the most bytes the searches' tables took at once.
func (g *Gauge) Peak() int64 { return g.peak.Load() }
