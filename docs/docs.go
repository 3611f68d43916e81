// Package docs holds the help pages of solitaire. The pages are plain text files
// (markdown-ish, ASCII, at most 80 columns) embedded in the program, so the same
// text serves "help TOPIC" at the prompt and "solitaire help TOPIC" in the shell.
package docs

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	near "solitaire/parser/suggest"
	"strings"
	"sync"

	"solitaire/model"
)

//go:embed *.md
var pages embed.FS

// topics lists the help topics in the order Topics returns them: the overview,
// the games, the commands in the order of the overview's command list, then the
// reference pages. Each topic is the file TOPIC.md.
var topics = []string{
	"overview",
	"klondike", "freecell", "canfield", "algerian", "natali", "fifteen", "osmosis", "lapeau", "yukon", "golf", "tripeaks", "pyramid", "spider", "spiderette", "bakersgame", "eightoff", "seahaven", "beleaguered", "streets", "fortythieves", "simplesimon", "blackhole", "fan",
	"move", "draw", "undo", "redo", "restart", "new", "switch", "load", "save", "export", "history",
	"auto", "purge", "policy", "moves", "hint", "solve", "watch", "review", "time", "pause", "stats", "show", "games", "help", "quit",
	"grammar", "options", "saves", "deals", "keys", "winnability",
}

// commands lists the command words of the overview's command list; each has a page.
var commands = []string{
	"move", "draw", "undo", "redo", "restart", "new", "switch", "load", "save", "export", "history",
	"auto", "purge", "policy", "moves", "hint", "solve", "watch", "review", "time", "pause", "stats", "show", "games", "help", "quit",
}

// aliases maps other names a player may type to a topic. Keys are lower case.
var aliases = map[string]string{
	// Overview.
	"intro":    "overview",
	"commands": "overview",
	"piles":    "overview",
	"start":    "overview",
	// A game's other names are topics through model.LookupGame (resolve); this one is no
	// name the game list takes.
	"treasure-trove": "osmosis",
	// Command words and their short forms, as the command language accepts them.
	"m":       "move",
	"d":       "draw",
	"s":       "draw",
	"recycle": "draw",
	"u":       "undo",
	"?":       "help",
	"q":       "quit",
	"exit":    "quit",
	"demo":    "solve",
	// Subjects that live on another page.
	"supermove": "move",
	"safe":      "auto",
	"bakers":    "freecell",
	"challenge": "freecell",
	"syntax":    "grammar",
	"flags":     "options",
	"script":    "options",
	"json":      "options",
	"seed":      "deals",
	"shuffle":   "deals",
	"deal":      "deals",
	"cells":     "freecell",
	"passes":    "draw",
	"stock":     "draw",
	"waste":     "draw",
	"solitaire": "overview",
	"color":     "options",
	"colour":    "options",
	"ascii":     "options",
	"format":    "options",
	"quiet":     "options",
	"state-dir": "options",
	"prompt":    "keys",
	"tab":       "keys",
	"up":        "keys",
	"readline":  "keys",
	// "history" is the command that prints the moves; the typed commands are on keys.
	"command-history": "keys",
	// Saves, the state folder and statistics. "state-dir" stays with the flag on options.
	"save-files":   "saves",
	"saved-games":  "saves",
	"resume":       "saves",
	"state":        "saves",
	"state-folder": "saves",
	"backup":       "saves",
	"broken":       "saves",
	"fc-solve":     "export",
	"fcsolve":      "export",
	"replay":       "history",
	"statistics":   "stats",
	"streak":       "stats",
	"streaks":      "stats",
	"variant":      "stats",
	"position":     "load",
	"positions":    "load",
	"done":         "lapeau",
	"game":         "games",
	// The solver, a command of the shell.
	"solver":     "solve",
	"solution":   "solve",
	"solvable":   "solve",
	"unsolvable": "solve",
	"winnable":   "winnability",
	"odds":       "winnability",
	// Review: where the game was lost.
	"mistake": "review",
	"blunder": "review",
}

// Topics lists the topic names in a sensible order: overview, games, commands,
// then the reference pages.
func Topics() []string { return append([]string(nil), topics...) }

// Page returns the help page for a topic. The name is case-insensitive and may be
// an alias ("m" for move, "u" for undo, "q" or "exit" for quit, "d" for draw).
// The empty topic is the summary of the commands, which fits one 24-row screen (the
// overview has them all). An unknown topic gives an error that lists the topics and
// suggests the nearest one.
func Page(topic string) (string, error) {
	name, ok := resolve(topic)
	if strings.TrimSpace(topic) == "" {
		name, ok = "summary", true // not a topic: "help" alone, never listed
	}
	if !ok {
		return "", unknown(topic)
	}
	b, err := pages.ReadFile(name + ".md")
	if err != nil {
		return "", fmt.Errorf("help page %s is missing: %v", name, err)
	}
	return string(b), nil
}

// resolve finds the topic a typed name stands for: a topic or an alias written as players
// write game names (model.NameKey: "State Dir" is state-dir), or a game's name or other name.
func resolve(topic string) (string, bool) {
	if name, ok := keyed()[model.NameKey(topic)]; ok {
		return name, true
	}
	if info, err := model.LookupGame(topic); err == nil {
		return info.Name, true
	}
	return "", false
}

// keyed maps the key (model.NameKey) of every topic and alias to its topic; it is made when
// a topic is first looked up.
var keyed = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(topics)+len(aliases))
	for _, n := range topics {
		m[model.NameKey(n)] = n
	}
	for a, n := range aliases {
		m[model.NameKey(a)] = n
	}
	return m
})

// unknown builds the error for a topic that does not exist.
func unknown(topic string) error {
	msg := fmt.Sprintf("no help on %q", strings.TrimSpace(topic))
	if s := suggest(topic); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return fmt.Errorf("%s (topics: %s)", msg, strings.Join(topics, ", "))
}

// suggest returns the topic a mistyped name is a slip of (suggest.Nearest), among the topics
// and their aliases, earlier topics first; the answer is always a topic name, never an alias.
func suggest(topic string) string {
	names := append([]string(nil), topics...)
	for a := range aliases {
		if len(a) > 1 {
			names = append(names, a)
		}
	}
	for _, g := range model.Games() {
		names = append(names, g.Aliases...)
	}
	// Aliases after their topics, in the topics' order, so that a tie goes to the earlier topic.
	slices.SortStableFunc(names, func(a, b string) int {
		ra, _ := resolve(a)
		rb, _ := resolve(b)
		return order(ra) - order(rb)
	})
	n := near.Nearest(topic, names, 1)
	if n == "" {
		return ""
	}
	n, _ = resolve(n)
	return n
}

// order is the position of a topic in Topics.
func order(topic string) int {
	for i, n := range topics {
		if n == topic {
			return i
		}
	}
	return len(topics)
}

// Render turns a page's Markdown into terminal text: headings lose their "#" marks and
// are bold when bold is set (colour allowed), "**strong**" and "`code`" lose their
// markers (strong text bold too), and indented blocks (examples) stay as they are.
// The pages are written to read well as plain text, so nothing else changes.
func Render(page string, bold bool) string {
	on, off := "", ""
	if bold {
		on, off = "\x1b[1m", "\x1b[0m"
	}
	lines := strings.Split(page, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "    ") {
			continue // an example: typed text, shown exactly
		}
		if h := strings.TrimLeft(line, "#"); h != line && (h == "" || h[0] == ' ') {
			lines[i] = on + strings.TrimSpace(h) + off
			continue
		}
		lines[i] = inline(line, on, off)
	}
	return strings.Join(lines, "\n")
}

// inline removes the inline markers of one line of text: **strong** (bold when on is
// set) and `code`. An unpaired marker is left as it is: it is then no marker.
func inline(line, on, off string) string {
	for _, m := range []struct{ mark, on, off string }{{"**", on, off}, {"`", "", ""}} {
		for {
			a := strings.Index(line, m.mark)
			if a < 0 {
				break
			}
			b := strings.Index(line[a+len(m.mark):], m.mark)
			if b < 0 {
				break
			}
			b += a + len(m.mark)
			line = line[:a] + m.on + line[a+len(m.mark):b] + m.off + line[b+len(m.mark):]
		}
	}
	return line
}

//go:embed solitaire.6
var manPage []byte

// ManVersion stands in the manual page (solitaire.6) where ManPage writes the version.
const ManVersion = "VERSION"

// ManPage is the manual page in roff, with the version given: made from the command tree and
// the help pages by cmd's TestManPageIsCurrent, which holds it to them.
func ManPage(version string) []byte {
	return bytes.Replace(manPage, []byte("solitaire "+ManVersion), []byte("solitaire "+version), 1)
}
