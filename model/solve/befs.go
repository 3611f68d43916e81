package solve

// node is a stored position of the best-first search: where its packed cards are, how it was
// reached, and its priority.
type node struct {
	off    uint32 // the packed position's number in the arena
	parent int32
	m      move
	depth  uint16
	prio   int32
}

// packedSize is the bytes one packed position takes: a count and a face-down count per pile,
// every card, and the recycle count.
func (c *compiled) packedSize() int { return 2*len(c.piles) + c.total + 2 }

// pack writes the board into p, which has room for packedSize bytes.
func (b *board) pack(p []byte) {
	k := 0
	for i := 0; i < b.np; i++ {
		n := b.n[i]
		p[k], p[k+1] = n, b.down[i]
		k += 2 + copy(p[k+2:], b.cards[i][:n])
	}
	p[k], p[k+1] = byte(b.recycles), byte(b.recycles>>8)
}

// arena stores packed positions in fixed chunks, so that growing never copies.
type arena struct {
	chunks [][]byte
	size   int // bytes per position
	used   int // positions stored
	per    int // positions per chunk
}

func (a *arena) reset(size int) {
	a.size, a.used = size, 0
	a.per = (1 << 20) / size
}

// add stores the board and returns its number.
func (a *arena) add(b *board) uint32 {
	c, k := a.used/a.per, a.used%a.per
	if c == len(a.chunks) {
		a.chunks = append(a.chunks, make([]byte, a.per*a.size))
	}
	b.pack(a.chunks[c][k*a.size : (k+1)*a.size])
	a.used++
	return uint32(a.used - 1)
}

func (a *arena) get(i uint32) []byte {
	c, k := int(i)/a.per, int(i)%a.per
	return a.chunks[c][k*a.size : (k+1)*a.size]
}

// bytes is the memory the arena holds.
func (a *arena) bytes() int64 { return int64(len(a.chunks)) << 20 }

// trim lets go of the chunks beyond the first few, so an idle searcher stays small.
func (a *arena) trim() {
	if len(a.chunks) > 8 {
		a.chunks = a.chunks[:8:8]
	}
}

// unpack sets the board from a packed position.
func (b *board) unpack(p []byte) {
	c := b.c
	b.log = b.log[:0]
	b.homeN = 0
	b.home = [64]uint8{}
	k := 0
	for i := 0; i < b.np; i++ {
		n := int(p[k])
		b.n[i], b.down[i] = p[k], p[k+1]
		k += 2
		copy(b.cards[i][:n], p[k:k+n])
		if c.piles[i].role == 1 { // model.Foundation
			for _, x := range p[k : k+n] {
				b.home[x]++
			}
			b.homeN += n
		}
		k += n
	}
	b.recycles = int(p[k]) | int(p[k+1])<<8
	b.rehash()
}

// openList is a max-heap of node indices by priority, the priority kept beside each index.
type openList struct {
	items []openItem
}

type openItem struct {
	prio int32
	node int32
}

func (h *openList) push(prio, node int32) {
	h.items = append(h.items, openItem{prio, node})
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h.items[p].prio >= h.items[i].prio {
			break
		}
		h.items[p], h.items[i] = h.items[i], h.items[p]
		i = p
	}
}

func (h *openList) pop() int32 {
	top := h.items[0].node
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && h.items[l].prio > h.items[m].prio {
			m = l
		}
		if r < last && h.items[r].prio > h.items[m].prio {
			m = r
		}
		if m == i {
			return top
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
}

// bestFirst expands the most promising stored position first, until a win, an empty open
// list (every reachable position seen: a proof) or a limit.
func (s *searcher) bestFirst() ([]move, Status) {
	b := &s.b
	s.tt.reset()
	s.tt.insert(b.hash)
	s.states = 1
	if s.g.Won() || s.goal() {
		return nil, Solved
	}
	ar := &s.arena
	ar.reset(s.c.packedSize())
	defer ar.trim()
	nodes := append(s.nodes[:0], node{off: ar.add(b), parent: -1})
	open := &s.open
	open.items = open.items[:0]
	open.push(0, 0)
	buf := s.buf
	defer func() { s.nodes, s.buf = nodes[:0], buf[:0] }()
	for len(open.items) > 0 {
		cur := open.pop()
		nd := nodes[cur]
		b.unpack(ar.get(nd.off))
		buf = s.gen(buf[:0])
		for _, m := range buf {
			mark := len(b.log)
			b.apply(m)
			if !s.tt.insert(b.hash) {
				b.undoTo(mark)
				continue
			}
			s.states++
			if s.goal() {
				path := []move{m}
				for i := cur; nodes[i].parent >= 0; i = nodes[i].parent {
					path = append(path, nodes[i].m)
				}
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return path, Solved
			}
			child := node{off: ar.add(b), parent: cur, m: m, depth: nd.depth + 1}
			child.prio = s.eval() - s.depthWeight*int32(child.depth)
			nodes = append(nodes, child)
			open.push(child.prio, int32(len(nodes)-1))
			b.undoTo(mark)
		}
		s.check++
		if s.check >= 64 {
			s.check = 0
			s.checkLimits()
			if s.memory()+ar.bytes()+int64(cap(nodes))*20+int64(cap(open.items))*8 >= s.opt.MaxMemory {
				s.limit = LimitMemory
			}
			if s.limit != NoLimit {
				return nil, GaveUp
			}
		}
	}
	return nil, Unsolvable
}
