// Package suggest finds the word a mistyped one was meant to be: the one "did you mean" names,
// for a command's verb (parser) and for a help topic (docs), by one rule.
package suggest

import "strings"

// Nearest returns the word of words that w is a slip away from, or "" when none is: a letter
// missing, added or changed, or two neighbours swapped, count as one slip each, and a word of
// five letters or more may have two; a word that w begins, w being at least prefix letters long,
// is less than a slip away ("und" for undo), and wins over words a slip away ("hist" is
// history, not hint). Of words equally near, the first in words wins. A command's verb takes
// prefixes of three letters and more (every letter begins a verb: "h" is a slip of none); a help
// topic any, as a book's index is read ("mo" is move). A guess at a word
// that is no slip of any ("bogus") only puzzles, so it is not made.
func Nearest(w string, words []string, prefix int) string {
	w = strings.ToLower(strings.TrimSpace(w))
	if w == "" {
		return ""
	}
	limit := 1
	if len([]rune(w)) >= 5 {
		limit = 2
	}
	// Scores in half slips: a word that w begins is half a slip nearer than its one.
	best, bestD := "", 2*limit+1
	for _, v := range words {
		d := 2 * Distance(w, v)
		if len([]rune(w)) >= prefix && strings.HasPrefix(v, w) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = v, d
		}
	}
	return best
}

// Distance is the optimal string alignment distance between a and b, in letters: edits, with a
// swap of neighbours one edit, since "drwa" for "draw" is one slip of the fingers. A word of
// more than 64 letters is as far as its length from any other: no word is a slip of it.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return max(len(ra), len(rb))
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
