package controller

import (
	"strings"

	"solitaire/model"
	"solitaire/view"
)

// GamesHowPrompt ends the games list at the prompt and in scripts.
const GamesHowPrompt = "Start one with new GAME [option=value ...]; read its rules with help GAME."

// GamesWidth is the width the games list fits in.
const GamesWidth = 80

// GamesList lists the games of the collection, one entry each: the name to type, then the
// summary and any other names, wrapped evenly (evenWidth) so that the list fits in GamesWidth
// columns. how ends the list, telling how to start a game and read its rules.
func GamesList(how string) string {
	games := model.Games()
	nameWidth := 0
	texts := make([][]string, len(games))
	for i, g := range games {
		nameWidth = max(nameWidth, len(g.Name))
		text := g.Summary
		if len(g.Aliases) > 0 {
			text += " (also " + strings.Join(g.Aliases, ", ") + ")"
		}
		texts[i] = strings.Fields(text)
	}
	indent := 2 + nameWidth + 2
	width := evenWidth(texts, GamesWidth-indent)
	var b strings.Builder
	for i, g := range games {
		for k, line := range fill(texts[i], width) {
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

// evenWidth is the one width every text of a list is wrapped to, so that the list has one right
// margin: the narrowest at which no text takes more lines than the longest text takes in most
// columns. Each text then fills its lines to about that width, and a short one does not end in
// a lone word.
func evenWidth(texts [][]string, most int) int {
	lines := func(width int) int {
		n := 0
		for _, t := range texts {
			n = max(n, len(fill(t, width)))
		}
		return n
	}
	floor := 1 // no narrower than the longest word: a line never goes past the margin
	for _, t := range texts {
		for _, w := range t {
			floor = max(floor, min(len(w), most))
		}
	}
	need, width := lines(most), most
	for width > floor && lines(width-1) <= need {
		width--
	}
	return width
}

// fill wraps words into lines of at most width, as view.Wrap breaks a message (a longer word
// gets a line of its own).
func fill(words []string, width int) []string {
	return strings.Split(view.Wrap(strings.Join(words, " "), width), "\n")
}
