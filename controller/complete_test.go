package controller

import (
	"slices"
	"testing"

	"solitaire/model"
)

// TestComplete: Tab offers the words that can come next, completing the word under the cursor.
func TestComplete(t *testing.T) {
	c := &completer{s: newTestSession(t, model.Config{Game: "freecell", Deal: 1})}
	tests := []struct {
		line string
		want []string // completions of the last word, each followed by a blank
	}{
		{"wat", []string{"ch "}},
		{"revi", []string{"ew "}},
		{"solve ", []string{"play "}},
		{"watch o", []string{"n ", "ff "}},
		{"help wa", []string{"tch "}},
		{"new free", []string{"cell "}},
		{"new klondike dr", []string{"aw="}},
		{"new klondike draw=", []string{"1 ", "3 "}},
		{"new freecell supermove=l", []string{"inear "}},
		{"new cel", []string{"ls="}},
		{"new klondike pas", []string{"ses="}},
		{"move C", []string{"1 ", "2 ", "3 ", "4 ", "5 ", "6 ", "7 ", "8 "}},
		{"draw; und", []string{"o "}},
	}
	for _, tc := range tests {
		got, _ := c.Do([]rune(tc.line), len([]rune(tc.line)))
		var words []string
		for _, r := range got {
			words = append(words, string(r))
		}
		if !slices.Equal(words, tc.want) {
			t.Errorf("complete %q = %q, want %q", tc.line, words, tc.want)
		}
	}
}
