package solve

// hashSet is an open-addressing set of 64-bit position keys, grown by doubling at half full.
type hashSet struct {
	slots []uint64
	n     int
	mask  uint64
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
	if 2*(h.n+1) > len(h.slots) {
		h.grow()
	}
	i := k & h.mask
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

// has reports whether k is in the set.
func (h *hashSet) has(k uint64) bool {
	if k == 0 {
		k = 1
	}
	for i := k & h.mask; ; i = (i + 1) & h.mask {
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
			i := k & h.mask
			for h.slots[i] != 0 {
				i = (i + 1) & h.mask
			}
			h.slots[i] = k
			h.n++
		}
	}
}

// reset empties the set, keeping a small table for the next search.
func (h *hashSet) reset() {
	if len(h.slots) == 0 || len(h.slots) > 1<<16 {
		h.init(1 << 12)
		return
	}
	clear(h.slots)
	h.n = 0
}
