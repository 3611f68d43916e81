package model

// The shuffle is part of the program's contract: a seed gives the same deal on every machine and in every
// future version, so it is written out here rather than taken from a library whose sequence may change.
// Documented in docs/deals.md; pinned by tests.

// splitMix64 is Vigna's SplitMix64 generator: a 64-bit state advanced by a fixed odd constant and mixed.
type splitMix64 struct{ state uint64 }

func (r *splitMix64) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// below returns a uniform number in [0, n), rejecting the few values that would bias the modulo.
func (r *splitMix64) below(n uint64) uint64 {
	threshold := -n % n // (2^64 - n) mod n
	for {
		x := r.next()
		if x >= threshold {
			return x % n
		}
	}
}

// Shuffle returns the cards in a seeded random order: a Fisher–Yates shuffle from the last
// position down, each position swapped with one at or below it chosen by SplitMix64.
func Shuffle(cards []Card, seed uint64) []Card {
	out := append([]Card(nil), cards...)
	r := splitMix64{state: seed}
	for i := len(out) - 1; i > 0; i-- {
		j := r.below(uint64(i + 1))
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// MaxMSDeal is the highest Microsoft FreeCell deal number: deals are 31-bit numbers.
const MaxMSDeal = 1<<31 - 1

// MSDeal returns the 52 cards of Microsoft FreeCell deal n in dealing order: card i goes to
// column i mod 8, row by row. The generator is Microsoft C's rand(); deals above 32000 use the
// same generator with the number as a 31-bit seed.
func MSDeal(n int64) []Card {
	state := uint32(n)
	rnd := func() uint32 {
		state = (state*214013 + 2531011) & 0x7FFFFFFF
		return state >> 16
	}
	deck := NewDeck(1) // A♣ A♦ A♥ A♠ 2♣ ... K♠, the order the algorithm expects
	out := make([]Card, 0, 52)
	for left := uint32(52); left > 0; left-- {
		i := rnd() % left
		out = append(out, deck[i])
		deck[i] = deck[left-1]
	}
	return out
}
