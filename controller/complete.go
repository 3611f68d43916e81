package controller

import (
	"sort"
	"strings"

	"solitaire/docs"
	"solitaire/model"
)

// verbs are the command words offered by tab completion.
var verbs = []string{"auto", "draw", "exit", "export", "games", "help", "hint", "history", "load", "move", "moves", "new", "pause", "policy",
	"purge", "quit", "redo", "restart", "review", "save", "show", "solve", "demo", "stats", "switch", "time", "undo", "watch"}

// completer completes the word under the cursor: a command first, then pile, game or help-topic names.
type completer struct{ s *Session }

// Do implements readline.AutoCompleter.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	before := string(line[:pos])
	if i := strings.LastIndexByte(before, ';'); i >= 0 {
		before = before[i+1:]
	}
	fields := strings.Fields(before)
	word := ""
	if len(fields) > 0 && !strings.HasSuffix(before, " ") {
		word = fields[len(fields)-1]
		fields = fields[:len(fields)-1]
	}
	var cands []string
	switch {
	case len(fields) == 0:
		cands = append(append(cands, verbs...), c.pileNames()...)
	case strings.EqualFold(fields[0], "new"):
		cands = c.newWords(fields[1:], word)
	case (strings.EqualFold(fields[0], "switch") || strings.EqualFold(fields[0], "stats")) && len(fields) == 1:
		for _, g := range model.Games() {
			cands = append(cands, g.Name)
		}
	case strings.EqualFold(fields[0], "help") && len(fields) == 1:
		cands = docs.Topics()
	case strings.EqualFold(fields[0], "solve") && len(fields) == 1:
		cands = []string{"play"}
	case strings.EqualFold(fields[0], "watch") && len(fields) == 1:
		cands = []string{"on", "off"}
	default:
		cands = c.pileNames()
	}
	var out [][]rune
	lw := strings.ToLower(word)
	for _, cand := range cands {
		if strings.HasPrefix(strings.ToLower(cand), lw) {
			if !strings.HasSuffix(cand, "=") { // after "draw=" comes the value, not a blank
				cand += " "
			}
			out = append(out, []rune(cand[len(word):]))
		}
	}
	return out, len([]rune(word))
}

// newWords completes the words of new: a game first, then that game's options as key=, and
// after key= the option's values.
func (c *completer) newWords(args []string, word string) []string {
	info := c.s.Game.Info
	if len(args) > 0 {
		if g, err := model.LookupGame(args[0]); err == nil {
			info = g
		}
	}
	var cands []string
	if key, _, ok := strings.Cut(word, "="); ok {
		if spec := info.Spec(strings.ToLower(key)); spec != nil {
			for _, v := range spec.Choices() {
				cands = append(cands, key+"="+v)
			}
		}
		return cands
	}
	if len(args) == 0 {
		for _, g := range model.Games() {
			cands = append(cands, g.Name)
		}
	}
	for _, spec := range info.Specs {
		cands = append(cands, spec.Key+"=")
	}
	return append(cands, "seed=", "winnable=")
}

// pileNames lists the current game's pile names.
func (c *completer) pileNames() []string {
	var names []string
	for _, p := range c.s.Game.Def.Piles {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return names
}
