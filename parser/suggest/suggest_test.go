package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		{"draw", "draw", 0}, {"drwa", "draw", 1}, {"drw", "draw", 1}, {"draww", "draw", 1},
		{"dxaw", "draw", 1}, {"", "draw", 4}, {"ovrevie", "overview", 2}, {"ab", "ba", 1},
		{"klondike", "kolndike", 1}, {"é", "e", 1},
	} {
		if d := Distance(tc.a, tc.b); d != tc.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

func TestNearest(t *testing.T) {
	words := []string{"move", "draw", "undo", "redo", "restart", "hint", "history", "help"}
	for _, tc := range []struct{ w, want string }{
		{"drwa", "draw"},  // a swap
		{"mvoe", "move"},  // a swap
		{"und", "undo"},   // begins it
		{"UNDO ", "undo"}, // case and blanks
		{"restrat", "restart"},
		{"rsetrat", "restart"}, // two slips in a long word
		{"hlep", "help"},
		{"hi", "hint"}, // begins it
		{"hx", ""},     // a short word a slip of too many is none's
		{"bogus", ""},  // no slip of any
		{"hist", "history"},
		{"", ""},
		{"hnit", "hint"},
		{"xx", ""},
	} {
		if got := Nearest(tc.w, words, 1); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.w, got, tc.want)
		}
	}
	// Prefixes from three letters only: "hi" is then a slip of none.
	if got := Nearest("hi", words, 3); got != "" {
		t.Errorf("a prefix of two letters with prefixes from three: %q", got)
	}
	// Of words equally near, the first.
	if got := Nearest("redo", []string{"undo", "redo"}, 3); got != "redo" {
		t.Errorf("an exact word: %q", got)
	}
	if got := Nearest("rdo", []string{"redo", "undo"}, 3); got != "redo" {
		t.Errorf("a tie: %q, want the first", got)
	}
}
