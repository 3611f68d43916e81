package solve

import "testing"

// TestHashSetBound: under a memory bound the set doubles only while a grow (the old and the new
// table at once) fits, then fills to three quarters and says it is full; it stays a set.
func TestHashSetBound(t *testing.T) {
	for _, tc := range []struct {
		maxBytes int64
		most     int // slots of the largest table
	}{
		{0, 0},
		{1 << 20, 1 << 16},   // a grow to 2^16 slots holds 3*2^15*8 bytes = 768 KiB; to 2^17, 1.5 MiB
		{3 << 20, 1 << 18},   // to 2^18: 3 MiB exactly
		{3<<20 - 1, 1 << 17}, // one byte less
		{1, 1 << 13},         // the smallest bound
	} {
		var h hashSet
		h.reset(tc.maxBytes)
		keys := 3 << 16
		if tc.most > 0 {
			keys = tc.most // beyond three quarters: the set must say it is full first
		}
		fullAt := -1
		for i := 1; i <= keys; i++ {
			k := uint64(i) * 0x9E3779B97F4A7C15
			if !h.insert(k) {
				t.Fatalf("max %d: key %d reported as seen before", tc.maxBytes, i)
			}
			if h.insert(k) { // (the check for a grow counts this key again: a grow can come one key early)
				t.Fatalf("max %d: key %d inserted twice", tc.maxBytes, i)
			}
			if h.full && fullAt < 0 {
				fullAt = i
			}
			if tc.most > 0 && len(h.slots) > tc.most && 8*(i+1) <= 7*tc.most {
				t.Fatalf("max %d: %d slots with %d keys, bound %d", tc.maxBytes, len(h.slots), i, tc.most)
			}
		}
		switch {
		case tc.most == 0 && (fullAt >= 0 || len(h.slots) < 2*keys):
			t.Errorf("no bound: full at %d, %d slots for %d keys", fullAt, len(h.slots), keys)
		case tc.most > 0 && fullAt != 3*tc.most/4:
			t.Errorf("max %d: full at key %d, want %d (three quarters of %d)", tc.maxBytes, fullAt, 3*tc.most/4, tc.most)
		}
		for i := 1; i <= keys; i++ {
			if !h.has(uint64(i) * 0x9E3779B97F4A7C15) {
				t.Fatalf("max %d: key %d lost", tc.maxBytes, i)
			}
		}
	}
}

// TestInsertAtKeepsEarliest: a clocked key is news when it is new or seen only later, and
// then keeps the earlier time; a later or equal time is not news; the times of other keys,
// and a grow of the table, change nothing.
func TestInsertAtKeepsEarliest(t *testing.T) {
	var h hashSet
	h.reset(0)
	const k = 0xABCDEF0123456789
	steps := []struct {
		key  uint64
		time uint16
		news bool
	}{
		{k, 40, true},
		{k, 41, false},
		{k, 40, false},
		{k, 7, true},
		{k, 39, false},
		{k ^ 1<<40, 90, true}, // another position
		{k, 6, true},
		{k, 6, false},
		{k &^ (1<<clockBits - 1), 5, true}, // the time's bits of the key play no part
	}
	for i, s := range steps {
		if got := h.insertAt(s.key, s.time); got != s.news {
			t.Fatalf("step %d: insertAt(%x, %d) = %v, want %v", i, s.key, s.time, got, s.news)
		}
	}
	for i := 1; i <= 1<<14; i++ { // grows the table several times
		h.insertAt(uint64(i)*0x9E3779B97F4A7C15, uint16(i))
	}
	if h.insertAt(k, 5) || !h.insertAt(k, 4) || h.insertAt(k^1<<40, 90) {
		t.Fatal("a grow lost a key's earliest time")
	}
	if h.insertAt(0, 0) != true || h.insertAt(0, 0) != false {
		t.Fatal("key 0 is not kept")
	}
}
