package controller

import (
	"strings"

	"solitaire/model"
)

// GamesHowPrompt ends the games list at the prompt and in scripts.
const GamesHowPrompt = "Start one with new GAME [option=value ...]; read its rules with help GAME."

// GamesWidth is the width the games list fits in.
const GamesWidth = 80

// GamesList lists the games of the collection, one entry each: the name to type, then the
// summary and any other names, wrapped in balanced lines so that the list fits in GamesWidth
// columns. how ends the list, telling how to start a game and read its rules.
func GamesList(how string) string {
	games := model.Games()
	nameWidth := 0
	for _, g := range games {
		nameWidth = max(nameWidth, len(g.Name))
	}
	indent := 2 + nameWidth + 2
	var b strings.Builder
	for _, g := range games {
		text := g.Summary
		if len(g.Aliases) > 0 {
			text += " (also " + strings.Join(g.Aliases, ", ") + ")"
		}
		for k, line := range balance(strings.Fields(text), GamesWidth-indent) {
			if k == 0 {
				b.WriteString("  " + g.Name + strings.Repeat(" ", indent-2-len(g.Name)))
			} else {
				b.WriteString(strings.Repeat(" ", indent))
			}
			b.WriteString(line + "\n")
		}
	}
	if how != "" {
		b.WriteString("\n" + how + "\n")
	}
	return b.String()
}

// balance wraps words into as few lines of at most width as a greedy fill needs, then evens
// the lines out, so that a long summary does not end in a lone word.
func balance(words []string, width int) []string {
	lines := fill(words, width)
	total := len(strings.Join(words, " "))
	for w := (total + len(lines) - 1) / len(lines); w < width; w++ {
		if even := fill(words, w); len(even) == len(lines) {
			return even
		}
	}
	return lines
}

// fill wraps words greedily into lines of at most width (a longer word gets a line of its own).
func fill(words []string, width int) []string {
	var lines []string
	line := ""
	for _, w := range words {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}
