package solve

import "math"

// hashSet is an open-addressing set of 64-bit position keys, grown by doubling at half full.
// Under a memory bound it doubles only while the old and the new table fit in it together (a
// grow holds both), then fills up to three quarters and says it is full.
type hashSet struct {
	slots []uint64
	n     int
	mask  uint64
	most  int  // the most slots a grow may leave it with (0: no bound)
	full  bool // bounded and three quarters full: the search must stop
}

func (h *hashSet) init(size int) {
	h.slots = make([]uint64, size)
	h.n = 0
	h.mask = uint64(size - 1)
}

// insert adds k and reports whether it was new. Key 0 marks an empty slot, so 0 is stored as 1.
func (h *hashSet) insert(k uint64) bool {
	if k == 0 {
		k = 1
	}
	h.room()
	i := h.home(k)
	for {
		switch h.slots[i] {
		case 0:
			h.slots[i] = k
			h.n++
			return true
		case k:
			return false
		}
		i = (i + 1) & h.mask
	}
}

// clockBits is the low bits of a clocked key that hold its time (insertAt).
const clockBits = 16

// insertAt adds key k of a position seen at time t (board.clock) and reports whether that is
// news: k was not there, or only at a later time, which t replaces. The same position seen
// at an earlier time has every move it has later (compiled.clocked), so a later one is not.
func (h *hashSet) insertAt(k uint64, t uint16) bool {
	k = k&^(1<<clockBits-1) | uint64(t)
	if k>>clockBits == 0 {
		k |= 1 << clockBits
	}
	h.room()
	i := h.home(k)
	for {
		x := h.slots[i]
		switch {
		case x == 0:
			h.slots[i] = k
			h.n++
			return true
		case x>>clockBits == k>>clockBits:
			if x <= k {
				return false
			}
			h.slots[i] = k
			return true
		}
		i = (i + 1) & h.mask
	}
}

// home is the slot a key's probe starts from: bits above a clocked key's time, so that one
// position's times meet.
func (h *hashSet) home(k uint64) uint64 { return k >> clockBits & h.mask }

// room grows the table, or marks it full, before a key goes in.
func (h *hashSet) room() {
	if 2*(h.n+1) > len(h.slots) {
		switch {
		case h.most == 0 || 2*len(h.slots) <= h.most || 8*(h.n+1) > 7*len(h.slots):
			h.grow() // past the bound only if the search went on while full: a probe must end
		case 4*(h.n+1) > 3*len(h.slots):
			h.full = true
		}
	}
}

// has reports whether k is in the set.
func (h *hashSet) has(k uint64) bool {
	if k == 0 {
		k = 1
	}
	for i := h.home(k); ; i = (i + 1) & h.mask {
		switch h.slots[i] {
		case 0:
			return false
		case k:
			return true
		}
	}
}

func (h *hashSet) grow() {
	old := h.slots
	h.init(2 * len(old))
	for _, k := range old {
		if k != 0 {
			i := h.home(k)
			for h.slots[i] != 0 {
				i = (i + 1) & h.mask
			}
			h.slots[i] = k
			h.n++
		}
	}
}

// reset empties the set, keeping a small table for the next search, and bounds it to maxBytes
// (0: no bound).
func (h *hashSet) reset(maxBytes int64) {
	h.most, h.full = 0, false
	if maxBytes > 0 {
		// A grow to 2n slots holds 3n at once: most is the largest 2n whose 24n bytes fit.
		// The test divides the bound rather than multiply the size, which overflowed for a
		// bound near the top of int64 and never ended (issue 27); most stops short of
		// overflowing where int is 32 bits.
		h.most = 1 << 13
		for int64(h.most) <= maxBytes/(3*8) && h.most <= math.MaxInt/4 {
			h.most *= 2
		}
	}
	if len(h.slots) == 0 || len(h.slots) > 1<<16 {
		h.init(1 << 12)
		return
	}
	clear(h.slots)
	h.n = 0
}
