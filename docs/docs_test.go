package docs

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/parser"
	"solitaire/view"
)

func TestEveryTopicResolves(t *testing.T) {
	seen := map[string]bool{}
	for _, topic := range Topics() {
		if seen[topic] {
			t.Errorf("topic %q is listed twice", topic)
		}
		seen[topic] = true
		for _, name := range []string{topic, strings.ToUpper(topic), " " + topic + " "} {
			page, err := Page(name)
			if err != nil {
				t.Errorf("Page(%q): %v", name, err)
				continue
			}
			if strings.TrimSpace(page) == "" {
				t.Errorf("Page(%q) is empty", name)
			}
		}
	}
}

func TestTopicsIsACopy(t *testing.T) {
	a := Topics()
	a[0] = "changed"
	if Topics()[0] == "changed" {
		t.Error("Topics returns the package's own slice")
	}
}

// TestEmptyTopicIsTheSummary checks "help" alone: a summary that fits one 24-row screen with
// the prompt line below it, names every command of the overview's list, and points at help
// TOPIC and the overview.
func TestEmptyTopicIsTheSummary(t *testing.T) {
	for _, name := range []string{"", " "} {
		page, err := Page(name)
		if err != nil {
			t.Fatal(err)
		}
		summary, _ := pages.ReadFile("summary.md")
		if page != string(summary) {
			t.Errorf("Page(%q) is not the summary", name)
		}
	}
	page, _ := Page("")
	rendered := Render(page, true)
	if n := strings.Count(rendered, "\n"); n > 22 {
		t.Errorf("the summary takes %d lines; with the prompt it must fit 24 rows (at most 22)", n)
	}
	for i, line := range strings.Split(page, "\n") {
		if c := utf8.RuneCountInString(line); c > 80 {
			t.Errorf("summary.md:%d: %d characters, over 80", i+1, c)
		}
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(page, func(r rune) bool { return r == ' ' || r == '\n' || r == ';' || r == ',' }) {
		words[w] = true
	}
	for _, c := range commands {
		if !words[c] {
			t.Errorf("the summary does not name the command %s", c)
		}
	}
	for _, want := range []string{"help TOPIC", "help overview"} {
		if !strings.Contains(squash(page), want) {
			t.Errorf("the summary does not say %q", want)
		}
	}
	if _, err := Page("summary"); err == nil {
		t.Error("summary is a topic: it should be reached by help alone, and listed nowhere")
	}
}

// TestRender checks that no page shows Markdown markers once rendered: headings lose "#" and
// are bold only when asked, inline markers go, and examples stay exactly as written.
func TestRender(t *testing.T) {
	for _, tt := range []struct{ in, plain, bold string }{
		{"# move: move cards", "move: move cards", "\x1b[1mmove: move cards\x1b[0m"},
		{"## Examples", "Examples", "\x1b[1mExamples\x1b[0m"},
		{"type `c3 f` now", "type c3 f now", "type c3 f now"},
		{"a **strong** word", "a strong word", "a \x1b[1mstrong\x1b[0m word"},
		{"    # a comment in an example", "    # a comment in an example", "    # a comment in an example"},
		{"    `kept` **kept**", "    `kept` **kept**", "    `kept` **kept**"},
		{"an odd ` marker", "an odd ` marker", "an odd ` marker"},
		{"#hashtag", "#hashtag", "#hashtag"},
		{"C7  [JS JH JD JC]*", "C7  [JS JH JD JC]*", "C7  [JS JH JD JC]*"},
	} {
		if got := Render(tt.in, false); got != tt.plain {
			t.Errorf("Render(%q, false) = %q, want %q", tt.in, got, tt.plain)
		}
		if got := Render(tt.in, true); got != tt.bold {
			t.Errorf("Render(%q, true) = %q, want %q", tt.in, got, tt.bold)
		}
	}
	for _, topic := range append(Topics(), "") {
		page, _ := Page(topic)
		plain := Render(page, false)
		if strings.Contains(plain, "\x1b") {
			t.Errorf("help %s: plain rendering holds escape codes", topic)
		}
		if strings.Count(plain, "\n") != strings.Count(page, "\n") {
			t.Errorf("help %s: rendering changed the number of lines", topic)
		}
		for i, line := range strings.Split(plain, "\n") {
			if strings.HasPrefix(line, "    ") {
				continue
			}
			if strings.HasPrefix(line, "#") || strings.Contains(line, "**") || strings.Contains(line, "`") {
				t.Errorf("help %s, line %d: a Markdown marker is left: %q", topic, i+1, line)
			}
		}
		if topic != "" && !strings.HasPrefix(Render(page, true), "\x1b[1m") {
			t.Errorf("help %s: the title is not bold with colour", topic)
		}
	}
}

func TestEveryAliasResolves(t *testing.T) {
	for alias, topic := range aliases {
		if alias != strings.ToLower(alias) {
			t.Errorf("alias %q is not lower case", alias)
		}
		got, err := Page(alias)
		if err != nil {
			t.Errorf("Page(%q): %v", alias, err)
			continue
		}
		want, err := Page(topic)
		if err != nil {
			t.Errorf("alias %q points at %q: %v", alias, topic, err)
			continue
		}
		if got != want {
			t.Errorf("Page(%q) is not the %s page", alias, topic)
		}
	}
	// The aliases the brief and the command language promise.
	for alias, topic := range map[string]string{
		"m": "move", "u": "undo", "q": "quit", "exit": "quit", "d": "draw",
		"recycle": "draw", "?": "help", "M": "move", "EXIT": "quit",
	} {
		got, _ := Page(alias)
		want, _ := Page(topic)
		if got == "" || got != want {
			t.Errorf("Page(%q) should be the %s page", alias, topic)
		}
	}
}

func TestUnknownTopicSuggests(t *testing.T) {
	for typed, want := range map[string]string{
		"mvoe":     "move",
		"moev":     "move",
		"hlep":     "help",
		"klondyke": "klondike",
		"klon":     "klondike",
		"free":     "freecell",
		"undoo":    "undo",
		"restrat":  "restart",
		"optoins":  "options",
		"canfeld":  "canfield",
		"algerain": "algerian",
		"natal":    "natali",
		"fiften":   "fifteen",
		"pileo":    "fifteen",
		"osmo":     "osmosis",
		"lapeu":    "lapeau",
		"purg":     "purge",
		"polcy":    "policy",
		"lod":      "load",
	} {
		_, err := Page(typed)
		if err == nil {
			t.Errorf("Page(%q) should fail", typed)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, `did you mean "`+want+`"`) {
			t.Errorf("Page(%q) error %q does not suggest %q", typed, msg, want)
		}
		for _, topic := range Topics() {
			if !strings.Contains(msg, topic) {
				t.Errorf("Page(%q) error does not list topic %q", typed, topic)
			}
		}
	}
}

// TestUnknownTopicFarSuggestsNothing: a word that is no close misspelling of a topic gets no
// suggestion, only the list of topics (once "help bogus" suggested "overview").
func TestUnknownTopicFarSuggestsNothing(t *testing.T) {
	for _, typed := range []string{"bogus", "xyzzy", "zz", "chess", "mvoes c3"} {
		_, err := Page(typed)
		if err == nil {
			t.Errorf("Page(%q) should fail", typed)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "did you mean") || !strings.Contains(msg, "(topics: overview, ") {
			t.Errorf("Page(%q): %q, want the topics and no suggestion", typed, msg)
		}
	}
}

func TestSuggestionIsATopic(t *testing.T) {
	for _, typed := range []string{"a", "mo", "re", "exi", "qu", "recyc", "superm"} {
		s := suggest(typed)
		ok := false
		for _, topic := range Topics() {
			ok = ok || s == topic
		}
		if !ok {
			t.Errorf("suggest(%q) = %q, not a topic", typed, s)
		}
	}
}

var htmlTag = regexp.MustCompile(`<[A-Za-z/!][^>]*>`)

func TestPagesAreTerminalText(t *testing.T) {
	for _, topic := range Topics() {
		page, _ := Page(topic)
		if !strings.HasSuffix(page, "\n") || strings.HasSuffix(page, "\n\n") {
			t.Errorf("%s: should end with exactly one newline", topic)
		}
		if htmlTag.MatchString(page) {
			t.Errorf("%s: contains HTML: %q", topic, htmlTag.FindString(page))
		}
		for i, line := range strings.Split(strings.TrimSuffix(page, "\n"), "\n") {
			n := i + 1
			if c := utf8.RuneCountInString(line); c > 80 {
				t.Errorf("%s.md:%d: %d characters, over 80: %q", topic, n, c, line)
			}
			if strings.ContainsAny(line, "\t\r") {
				t.Errorf("%s.md:%d: contains a tab or carriage return", topic, n)
			}
			if strings.TrimRight(line, " ") != line {
				t.Errorf("%s.md:%d: trailing spaces", topic, n)
			}
			for _, r := range line {
				// ASCII only: the pages must read the same with --ascii and on any terminal.
				if r > 126 || r < 32 {
					t.Errorf("%s.md:%d: non-ASCII character %q", topic, n, r)
					break
				}
			}
		}
	}
}

func TestEveryPageFileIsReached(t *testing.T) {
	// Every embedded page that a topic names exists; a page file with no topic is
	// allowed (another document), but the topic pages must all be there.
	files, err := fs.Glob(pages, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, f := range files {
		have[strings.TrimSuffix(f, ".md")] = true
	}
	for _, topic := range Topics() {
		if !have[topic] {
			t.Errorf("topic %q has no file %s.md", topic, topic)
		}
	}
}

// commandSection returns the "## Commands" section of the overview.
func commandSection(t *testing.T) string {
	t.Helper()
	page, err := Page("overview")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(page, "## Commands\n")
	if !ok {
		t.Fatal("overview has no ## Commands section")
	}
	section, _, _ := strings.Cut(rest, "\n## ")
	return section
}

func TestEveryCommandHasAPage(t *testing.T) {
	section := commandSection(t)
	// The command list of the overview: the first word of each indented line.
	var listed []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "    ") && strings.TrimSpace(line) != "" {
			f := strings.Fields(line)
			if f[0] == "c3" { // the example line "c3 f; c7 c3; draw"
				continue
			}
			listed = append(listed, f[0])
		}
	}
	if len(listed) != len(commands) {
		t.Errorf("overview lists %d commands %v, want %d %v", len(listed), listed, len(commands), commands)
	}
	for i, c := range commands {
		if i < len(listed) && listed[i] != c {
			t.Errorf("overview command %d is %q, want %q", i+1, listed[i], c)
		}
	}
	for _, c := range append(listed, commands...) {
		page, err := Page(c)
		if err != nil {
			t.Errorf("command %q has no page: %v", c, err)
			continue
		}
		if !strings.HasPrefix(page, "# "+c+":") {
			t.Errorf("page for %q does not start with %q", c, "# "+c+":")
		}
	}
}

func TestEveryVerbHasAPage(t *testing.T) {
	// Each command, of the game or of the session, prints as a verb; that verb must have a page.
	ops := []interface{ String() string }{
		model.Move{From: model.PileRef{Kind: 'C', Index: 1}}, model.Draw{}, model.Undo{}, model.Redo{},
		model.Restart{}, parser.New{}, model.Auto{}, model.Moves{}, model.Hint{}, parser.Time{},
		parser.Show{}, parser.Help{}, parser.Quit{},
		model.Purge{}, model.Policy{Name: "alternate"}, parser.ListGames{}, parser.Load{Path: "p.json"},
		parser.Switch{Game: "freecell"}, parser.Save{Path: "s.json"}, parser.Export{}, parser.History{}, parser.Stats{},
		parser.Solve{}, parser.Watch{}, parser.Review{}, parser.Pause{},
	}
	for _, op := range ops {
		verb := strings.Fields(op.String())[0]
		if _, err := Page(verb); err != nil {
			t.Errorf("command %q (%T) has no page: %v", verb, op, err)
		}
		// A verb that is another command's page (pause: time) is listed with it.
		found := aliases[verb] != ""
		for _, c := range commands {
			found = found || c == verb
		}
		if !found {
			t.Errorf("command %q is missing from the command list", verb)
		}
	}
}

// option is one game option as the game's page must show it: the key, and for an option with
// a fixed set of values, those values.
type option struct {
	key    string
	values []string
}

// gameTable lists the games, the other names they answer to, and their options. It is written
// from the games' pages, so it holds while a game is still missing from the model; where the model
// knows a game, TestGamePagesListTheirOptions checks the model's own options as well.
var gameTable = []struct {
	name    string
	aliases []string
	options []option
}{
	{"klondike", nil, []option{
		{"draw", []string{"1", "3"}}, {"passes", []string{"unlimited"}}, {"open", nil},
		{"any-card-on-empty", nil}, {"no-foundation-return", nil},
	}},
	{"freecell", nil, []option{
		{"cells", nil}, {"supermove", []string{"canonical", "linear", "none", "relaxed"}},
		{"bakers", nil}, {"kings-only", nil}, {"challenge", nil}, {"no-foundation-return", nil},
	}},
	{"canfield", nil, []option{
		{"classic", nil}, {"manual-fill", nil}, {"draw", []string{"1", "3"}},
		{"passes", []string{"unlimited"}}, {"partial-runs", nil}, {"stop-at-base", nil},
		{"no-foundation-return", nil},
	}},
	{"algerian", nil, []option{
		{"no-wrap", nil}, {"final-deal", []string{"tableau", "reserves"}}, {"pysol-layout", nil},
	}},
	{"natali", nil, []option{
		{"wrap", nil}, {"draw", []string{"1", "3"}}, {"passes", []string{"unlimited"}}, {"autofill", nil},
	}},
	{"fifteen", []string{"pileon", "fifteen-puzzle"}, []option{
		{"no-freeze", nil}, {"relaxed", nil},
	}},
	{"osmosis", nil, []option{
		{"strict-start", nil}, {"draw", []string{"1", "3"}}, {"passes", []string{"unlimited"}}, {"peek", nil},
	}},
	{"lapeau", []string{"la-peau", "peau"}, []option{
		{"alternate", nil}, {"peau-moves", []string{"optimal", "classic"}},
		{"done", []string{"all", "aces", "none"}},
	}},
	{"yukon", nil, []option{{"russian", nil}}},
	{"golf", nil, []option{{"wrap", nil}}},
	{"tripeaks", nil, []option{{"wrap", nil}}},
	{"pyramid", nil, []option{{"passes", []string{"unlimited"}}}},
	{"spider", nil, []option{{"suits", []string{"4", "2", "1"}}, {"any-deal", nil}, {"keep-runs", nil}, {"home", []string{"runs", "cards"}}, {"runs-in-suit", nil}, {"scoring", []string{"standard", "none"}}}},
	{"spiderette", nil, []option{{"suits", []string{"4", "2", "1"}}, {"any-deal", nil}, {"keep-runs", nil}, {"home", []string{"runs", "cards"}}, {"runs-in-suit", nil}, {"scoring", []string{"standard", "none"}}}},
	{"bakersgame", nil, []option{
		{"cells", nil}, {"supermove", []string{"canonical", "linear", "none", "relaxed"}},
		{"kings-only", nil}, {"challenge", nil}, {"no-foundation-return", nil},
		{"relaxed", nil}, {"autoplay", nil},
	}},
	{"eightoff", nil, nil},
	{"seahaven", nil, nil},
	{"beleaguered", nil, nil},
	{"streets", nil, nil},
	{"fortythieves", nil, nil},
	{"simplesimon", nil, []option{{"keep-runs", nil}, {"home", []string{"runs", "cards"}}, {"runs-in-suit", nil}}},
	{"blackhole", nil, nil},
	{"fan", nil, []option{{"fans", []string{"solvitaire", "classic"}}}},
}

// checkOption reports what a game's page, or the new page, leaves out about one option.
func checkOption(t *testing.T, game, page, newPage string, o option, from string) {
	t.Helper()
	if !strings.Contains(page, "--"+o.key) {
		t.Errorf("help %s does not list the flag --%s (%s)", game, o.key, from)
	}
	if !strings.Contains(page, o.key+"=") {
		t.Errorf("help %s does not list the option %s= (%s)", game, o.key, from)
	}
	if !strings.Contains(newPage, o.key+"=") {
		t.Errorf("help new does not list the %s option %s= (%s)", game, o.key, from)
	}
	for _, v := range o.values {
		if !strings.Contains(page, v) {
			t.Errorf("help %s does not mention the value %s of %s (%s)", game, v, o.key, from)
		}
	}
}

func TestGamePagesListTheirOptions(t *testing.T) {
	newPage, _ := Page("new")
	overview, _ := Page("overview")
	games, _ := Page("games")
	listed := map[string]bool{}
	for _, g := range gameTable {
		listed[g.name] = true
		page, err := Page(g.name)
		if err != nil {
			t.Errorf("game %s has no page: %v", g.name, err)
			continue
		}
		for _, where := range []struct{ name, text string }{
			{"the overview", overview}, {"help games", games}, {"help new", newPage},
		} {
			if !strings.Contains(where.text, g.name) {
				t.Errorf("%s does not mention %s", where.name, g.name)
			}
		}
		if !strings.Contains(page, "--seed") || !strings.Contains(page, "seed=") {
			t.Errorf("help %s does not list --seed and seed=", g.name)
		}
		for _, a := range g.aliases {
			if got, _ := Page(a); got != page {
				t.Errorf("help %s is not the %s page", a, g.name)
			}
		}
		for _, o := range g.options {
			checkOption(t, g.name, page, newPage, o, "the test's table")
		}
		// The model's own options and names, once the model has the game.
		info, err := model.LookupGame(g.name)
		if err != nil {
			continue
		}
		if info.Name != g.name {
			t.Errorf("the model calls %s %s", g.name, info.Name)
		}
		for _, s := range info.Specs {
			checkOption(t, g.name, page, newPage, option{s.Key, s.Values}, "the model's options")
		}
		for _, a := range info.Aliases {
			if got, _ := Page(a); got != page {
				t.Errorf("the model calls %s also %s, but help %s is not its page", g.name, a, a)
			}
		}
	}
	for _, g := range model.Games() {
		if !listed[g.Name] {
			t.Errorf("the model has a game %s that the docs do not know: add a page and a row", g.Name)
		}
	}
	if len(gameTable) != len(model.Games()) {
		t.Errorf("the collection has %d games, the table %d", len(model.Games()), len(gameTable))
	}
}

// TestGamePagesDescribeTheDeal checks the pile sizes each game's page gives against the model's
// deal, for the games the model has.
func TestGamePagesDescribeTheDeal(t *testing.T) {
	for _, tt := range []struct {
		game    string
		options model.Options
		cards   map[string]int // pile -> cards after the deal
		down    map[string]int // pile -> face-down cards after the deal (0 if not listed)
		says    string         // what the page says, squashed
	}{
		{"canfield", nil, map[string]int{"R1": 13, "C1": 1, "C4": 1, "S": 35, "W": 0, "F1": 0},
			map[string]int{"R1": 12, "S": 35}, "The other 35 cards are the stock"},
		{"canfield", model.Options{"classic": "true"}, map[string]int{"R1": 13, "F1": 1, "F2": 0, "S": 34},
			map[string]int{"R1": 12, "S": 34}, "the stock holds 34 cards"},
		{"algerian", nil, map[string]int{"C1": 2, "C4": 2, "C5": 1, "C8": 1, "R1": 4, "R6": 4, "S": 68, "F1": 0},
			map[string]int{"R1": 3, "R6": 3, "S": 68}, "The other 68 cards are the stock"},
		{"algerian", model.Options{"pysol-layout": "true"},
			map[string]int{"C1": 1, "C8": 1, "R1": 6, "F1": 0, "F5": 1, "F8": 1, "S": 56},
			map[string]int{"R1": 5, "S": 56}, "The stock holds 56 cards"},
		{"natali", nil, map[string]int{"C1": 8, "C2": 7, "C7": 2, "C8": 1, "S": 68, "W": 0},
			map[string]int{"S": 68}, "The other 68 are the stock"},
		{"fifteen", nil, map[string]int{"C1": 4, "C13": 4, "C14": 0, "C15": 0}, nil,
			"C1 to C13 get four cards each"},
		{"osmosis", nil, map[string]int{"R1": 4, "R4": 4, "F1": 1, "F2": 0, "S": 35, "W": 0},
			map[string]int{"R1": 3, "R4": 3, "S": 35}, "35 cards are the stock"},
		{"osmosis", model.Options{"peek": "true"}, map[string]int{"R1": 4}, map[string]int{"R1": 0},
			"the reserves are dealt face up"},
		{"lapeau", nil, map[string]int{"C1": 4, "C13": 4, "F1": 0, "F4": 0}, nil,
			"C1 to C13, get four cards each, all face up"},
		{"yukon", nil, map[string]int{"C1": 1, "C2": 6, "C7": 11, "F1": 0}, map[string]int{"C2": 1, "C7": 6},
			"C2 to C7 get 1 to 6 face-down cards (one in C2, six in C7), with five face-up cards on them"},
		{"golf", nil, map[string]int{"C1": 5, "C7": 5, "W": 1, "S": 16}, map[string]int{"S": 16},
			"The other 16 cards are the stock (S), face down"},
		{"tripeaks", nil, map[string]int{"P1": 1, "P19": 1, "P28": 1, "W": 1, "S": 23}, map[string]int{"S": 23},
			"The other 23 cards are the stock (S), face down"},
		{"pyramid", nil, map[string]int{"P1": 1, "P22": 1, "P28": 1, "W": 0, "S": 24, "F1": 0}, map[string]int{"S": 23},
			"The other 24 cards are the stock (S), face down but for its top card"},
		{"spider", nil, map[string]int{"C1": 6, "C4": 6, "C5": 5, "C10": 5, "S": 50, "F1": 0, "F8": 0},
			map[string]int{"C1": 5, "C4": 5, "C5": 4, "C10": 4, "S": 50}, "6 cards in C1 to C4 and 5 in C5 to C10, 54 in all"},
		{"fortythieves", nil, map[string]int{"C1": 4, "C10": 4, "S": 64, "W": 0, "F1": 0, "F8": 0},
			map[string]int{"S": 64}, "The other 64 cards are the stock (S), face down"},
		{"simplesimon", nil, map[string]int{"C1": 8, "C3": 8, "C4": 7, "C9": 2, "C10": 1, "F1": 0}, nil,
			"with 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1 cards: all 52, face up"},
		{"blackhole", nil, map[string]int{"F1": 1, "C1": 3, "C17": 3}, nil,
			"The other 51 cards are dealt face up, row by row, into seventeen fans of three, C1 to C17"},
		{"fan", nil, map[string]int{"C1": 3, "C16": 3, "C17": 2, "C18": 2, "F1": 0}, nil, "16 fans of three and 2 of two"},
		{"fan", model.Options{"fans": "classic"}, map[string]int{"C1": 3, "C17": 3, "C18": 1}, nil, "17 of three and 1 of one"},
		{"spiderette", nil, map[string]int{"C1": 1, "C7": 7, "S": 24, "F1": 0, "F4": 0},
			map[string]int{"C7": 6, "S": 24}, "The other 24 cards are the stock (S), face down"},
	} {
		page, err := Page(tt.game)
		if err != nil {
			t.Errorf("%s: %v", tt.game, err)
			continue
		}
		if !strings.Contains(squash(page), tt.says) {
			t.Errorf("help %s should say %q", tt.game, tt.says)
		}
		if _, err := model.LookupGame(tt.game); err != nil {
			continue
		}
		g, err := model.NewGame(model.Config{Game: tt.game, Options: tt.options, Seed: 1})
		if err != nil {
			t.Errorf("%s %v: %v", tt.game, tt.options, err)
			continue
		}
		for name, n := range tt.cards {
			p, _, ok := g.Pile(name)
			if !ok {
				t.Errorf("%s %v: the page names a pile %s that the game does not have", tt.game, tt.options, name)
				continue
			}
			if p.Len() != n {
				t.Errorf("%s %v: the page deals %d cards to %s, the game %d", tt.game, tt.options, n, name, p.Len())
			}
			if p.Down != tt.down[name] {
				t.Errorf("%s %v: the page deals %d of %s face down, the game %d", tt.game, tt.options, tt.down[name], name, p.Down)
			}
		}
	}
}

// TestGamesPage checks that "help games" lists the games one a line, in the model's order.
func TestGamesPage(t *testing.T) {
	page, err := Page("games")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page, "solitaire games") {
		t.Error(`help games does not mention "solitaire games"`)
	}
	var names []string
	for _, line := range strings.Split(page, "\n") {
		f := strings.Fields(line)
		if strings.HasPrefix(line, "  ") && len(f) > 1 {
			for _, g := range gameTable {
				if f[0] == g.name {
					names = append(names, f[0])
				}
			}
		}
	}
	var want []string
	for _, g := range gameTable {
		want = append(want, g.name)
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("help games lists %v, want %v", names, want)
	}
	if ms := model.Games(); len(ms) == len(want) {
		for i, g := range ms {
			if g.Name != want[i] {
				t.Errorf("the model lists %s as game %d, the docs %s", g.Name, i+1, want[i])
			}
		}
	}
}

// TestLoadExample checks the example position of "help load": it is JSON in the shape the game
// prints, the model accepts it, and it can be won.
func TestLoadExample(t *testing.T) {
	page, err := Page("load")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(page, "## A small example\n")
	if !ok {
		t.Fatal("help load has no example")
	}
	var lines []string
	in := false
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, `    {"game"`) {
			in = true
		}
		if in {
			lines = append(lines, line)
			if line == "     ]}" {
				break
			}
		}
	}
	var pos model.Position
	if err := json.Unmarshal([]byte(strings.Join(lines, "\n")), &pos); err != nil {
		t.Fatalf("the example of help load is not JSON: %v", err)
	}
	g, err := model.LoadPosition(pos, nil)
	if err != nil {
		t.Fatalf("the example of help load does not load: %v", err)
	}
	if g.Won() {
		t.Fatal("the example of help load is won already")
	}
	if r, err := solve.Solve(context.Background(), g, solve.Options{MaxStates: 200000}); err != nil || r.Status != solve.Solved {
		t.Errorf("the example of help load cannot be won: %v %v", r, err)
	}
}

func cards(cs []model.Card) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

// squash joins a page's lines so that text wrapped over lines can be found.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestDealsPageVectors(t *testing.T) {
	page, err := Page("deals")
	if err != nil {
		t.Fatal(err)
	}
	flat := squash(page)

	deck := model.Shuffle(model.NewDeck(1), 1)
	if !strings.Contains(flat, cards(deck)) {
		t.Errorf("deals page does not show the seed 1 deck %s", cards(deck))
	}
	if !strings.Contains(flat, cards(model.NewDeck(1)[:8])) {
		t.Error("deals page does not show the starting deck order")
	}

	k, err := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var tops []model.Card
	for c := 1; c <= 7; c++ {
		p, _, _ := k.Pile("C" + string(rune('0'+c)))
		tops = append(tops, p.Top())
	}
	s, _, _ := k.Pile("S")
	want := "face-up cards of C1 to C7 are " + cards(tops) + ", and the stock's top card is " + s.Top().String()
	if !strings.Contains(flat, want) {
		t.Errorf("deals page: want %q", want)
	}

	f, err := model.NewGame(model.Config{Game: "freecell", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c1, _, _ := f.Pile("C1")
	if want := "FreeCell seed 1: C1 is " + cards(c1.Cards); !strings.Contains(flat, want) {
		t.Errorf("deals page: want %q", want)
	}

	m, err := model.NewGame(model.Config{Game: "freecell", Deal: 1})
	if err != nil {
		t.Fatal(err)
	}
	c1, _, _ = m.Pile("C1")
	if want := "So C1 is " + cards(c1.Cards); !strings.Contains(flat, want) {
		t.Errorf("deals page: want %q", want)
	}
	rows := cards(model.MSDeal(1))
	if !strings.Contains(flat, rows) {
		t.Errorf("deals page does not show deal 1 row by row: %s", rows)
	}
}

func TestFoundationOrder(t *testing.T) {
	// The games whose foundations have fixed suits, and the order their pages give.
	names := map[model.Suit]string{model.Spades: "spades", model.Diamonds: "diamonds",
		model.Clubs: "clubs", model.Hearts: "hearts"}
	for _, game := range []string{"klondike", "lapeau"} {
		if _, err := model.LookupGame(game); err != nil {
			continue
		}
		g, err := model.NewGame(model.Config{Game: game, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for i := 1; i <= 4; i++ {
			_, spec, ok := g.Pile("F" + string(rune('0'+i)))
			if !ok || !spec.FixedSuit {
				t.Fatalf("%s: F%d is not a fixed-suit foundation", game, i)
			}
			parts = append(parts, "F"+string(rune('0'+i))+" "+names[spec.Suit])
		}
		page, _ := Page(game)
		if want := strings.Join(parts, " "); !strings.Contains(squash(page), want) {
			t.Errorf("help %s should say %q", game, want)
		}
	}
}

// TestOverviewListsEveryTopic checks the "Topics:" paragraph of the overview, and the topic list
// of help help, against Topics.
func TestOverviewListsEveryTopic(t *testing.T) {
	overview, _ := Page("overview")
	_, rest, ok := strings.Cut(overview, "\nTopics: ")
	if !ok {
		t.Fatal("the overview has no Topics: paragraph")
	}
	para, _, _ := strings.Cut(rest, "\n\n")
	listed := strings.Split(strings.TrimSuffix(squash(para), "."), ", ")
	if got, want := strings.Join(listed, " "), strings.Join(Topics(), " "); got != want {
		t.Errorf("the overview lists the topics\n%s\nwant\n%s", got, want)
	}
	help, _ := Page("help")
	for _, topic := range Topics() {
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(topic) + `\b`).MatchString(help) {
			t.Errorf("help help does not list the topic %s", topic)
		}
	}
}

// TestSavesPageDescribesTheFormat checks that help saves names the save format, its version
// and every field a save has.
func TestSavesPageDescribesTheFormat(t *testing.T) {
	page, err := Page("saves")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"format": "` + store.SaveFormat + `"`,
		fmt.Sprintf(`"version": %d`, store.SaveVersion),
		"--state-dir", "$SOLITAIRE_HOME", "$XDG_STATE_HOME/solitaire", "~/.local/state/solitaire",
		"last.json", "stats.json", ".bak", ".broken-", "0600", "0700",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("help saves does not say %q", want)
		}
	}
	typ := reflect.TypeOf(store.Save{})
	for i := 0; i < typ.NumField(); i++ {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if !regexp.MustCompile(`(?m)^    ` + regexp.QuoteMeta(name) + ` `).MatchString(page) {
			t.Errorf("help saves does not describe the field %s of a save", name)
		}
	}
	options, _ := Page("options")
	if !strings.Contains(options, "help saves") {
		t.Error("help options does not point at help saves")
	}
	if got, _ := Page("state-dir"); got != options {
		t.Error("help state-dir is not the options page")
	}
}

// TestFifteenCompletePile checks that help fifteen shows a complete pile as the board draws it:
// the page's example line is a line of the board after a few moves of seed 3.
func TestFifteenCompletePile(t *testing.T) {
	page, _ := Page("fifteen")
	example := regexp.MustCompile(`(?m)^    (C\d+ +\[[^]]*\]\*)$`).FindStringSubmatch(page)
	if example == nil {
		t.Fatal("help fifteen shows no complete pile (a line such as \"    C7  [JS JH JD JC]*\")")
	}
	g, err := model.NewGame(model.Config{Game: "fifteen", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := parser.Parse("c3 c14; c9 c15; c13 c3; c13 c9; c11 c14; c14 c13; c9 c14; c4 c9; c6 c4; " +
		"c7 c11; c6 c14; c14 c7; c7 c14 1; c7 c14; c4 c7")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		if _, err := g.Apply(c.Op); err != nil {
			t.Fatalf("%s: %v", c.Text, err)
		}
	}
	board := view.Board(g, view.Style{ASCII: true}, 0)
	if !strings.Contains(squash(board), squash(example[1])) {
		t.Errorf("help fifteen shows a complete pile as %q; the board draws:\n%s", example[1], board)
	}
}

// TestGrammarSketchHasEveryWord: help grammar's sketch, written by hand, says it is what is
// accepted; every word and symbol of the parser's own grammar (its quoted literals: the verbs,
// their short forms, "force", "play", "on", the pile letters, ";", "=", "?") must appear in it
// quoted, so a verb added to the parser cannot be left out of the page (solve, demo, watch,
// export, pause and save's force once were).
func TestGrammarSketchHasEveryWord(t *testing.T) {
	page, err := Page("grammar")
	if err != nil {
		t.Fatal(err)
	}
	_, sketch, ok := strings.Cut(page, "\n## Sketch in EBNF\n")
	if !ok {
		t.Fatal("help grammar has no sketch")
	}
	sketch, _, _ = strings.Cut(sketch, "\n## ")
	sketch = strings.ToLower(sketch)
	generated, _, _ := strings.Cut(parser.Grammar(), "\n(*") // the notes after it are prose
	literals := regexp.MustCompile(`"([^"]+)"`).FindAllStringSubmatch(generated, -1)
	if len(literals) < 30 {
		t.Fatalf("only %d literals in the parser's grammar: %s", len(literals), generated)
	}
	for _, m := range literals {
		if !strings.Contains(sketch, `"`+strings.ToLower(m[1])+`"`) {
			t.Errorf("help grammar's sketch lacks %q, which the parser accepts", m[1])
		}
	}
}

// TestTopicsAsWritten checks that help takes a game's names as the game list does
// ("help La Peau", "help la-peau"), and other topics written the same ways; and that no
// two topics or aliases are one name so written, which would make resolve pick one at random.
func TestTopicsAsWritten(t *testing.T) {
	for _, g := range model.Games() {
		for _, name := range append([]string{g.Name, g.Title}, g.Aliases...) {
			for _, typed := range []string{name, strings.ToUpper(name), strings.ReplaceAll(name, "-", " "), strings.ReplaceAll(name, "-", "_")} {
				if got, ok := resolve(typed); !ok || got != g.Name {
					t.Errorf("resolve(%q) = %q, %v; want the %s page", typed, got, ok, g.Name)
				}
			}
		}
	}
	for typed, want := range map[string]string{"State Dir": "options", "command_history": "keys", "Fc Solve": "export", "la peau": "lapeau"} {
		if got, ok := resolve(typed); !ok || got != want {
			t.Errorf("resolve(%q) = %q, %v; want %s", typed, got, ok, want)
		}
	}
	seen := map[string]string{}
	for _, n := range topics {
		seen[model.NameKey(n)] = n
	}
	for a, n := range aliases {
		if other, ok := seen[model.NameKey(a)]; ok && other != n {
			t.Errorf("alias %q is written as %q, which is the topic %s, not %s", a, other, other, n)
		}
		seen[model.NameKey(a)] = n
	}
}
