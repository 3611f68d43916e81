package solve

import (
	"math"
	"testing"
	"time"
)

// The table's sizing ends for every memory bound, up to the largest int64 (a bound of
// 6,597,069,766,656 MiB spun for ever: issue 27, item 6), and sizes as it did before wherever
// the old loop ended: the largest power of two n, from 2^13, with n*24 bytes over the bound.
func TestHashSetSizingEnds(t *testing.T) {
	old := func(maxBytes int64) int {
		most := 1 << 13
		for int64(most)*3*8 <= maxBytes {
			most *= 2
		}
		return most
	}
	for _, b := range []int64{1, 1 << 20, 1<<20 + 7, 24 << 13, 24<<13 - 1, 1 << 30, 1<<30 + 1, 3 << 30, 1 << 40, 1 << 50, 1 << 55} {
		var h hashSet
		h.reset(b)
		if want := old(b); h.most != want {
			t.Errorf("bound %d: most %d, want %d", b, h.most, want)
		}
	}
	for _, b := range []int64{6597069766656 << 20, math.MaxInt64, math.MaxInt64 - 1, 1 << 62, 24 << 58} {
		var h hashSet
		done := make(chan int)
		go func() {
			h.reset(b)
			done <- h.most
		}()
		select {
		case most := <-done:
			if most <= 0 || int64(most) > b/12 {
				t.Errorf("bound %d: most %d", b, most)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("bound %d: the sizing does not end", b)
		}
	}
}
