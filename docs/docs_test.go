package docs

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"solitaire/model"
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

func TestEmptyTopicIsOverview(t *testing.T) {
	empty, err := Page("")
	if err != nil {
		t.Fatal(err)
	}
	overview, err := Page("overview")
	if err != nil {
		t.Fatal(err)
	}
	if empty != overview {
		t.Error(`Page("") is not the overview`)
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
		"xyzzy":    "overview",
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

func TestSuggestionIsATopic(t *testing.T) {
	for _, typed := range []string{"a", "zz", "mo", "re", "exi", "qu", "recyc", "superm"} {
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

func TestEveryModelOpHasAPage(t *testing.T) {
	// Each command the model knows prints as a verb; that verb must have a page.
	ops := []model.Op{
		model.Move{From: model.PileRef{Kind: 'C', Index: 1}}, model.Draw{}, model.Undo{}, model.Redo{},
		model.Restart{}, model.New{}, model.Auto{}, model.Moves{}, model.Hint{}, model.Time{},
		model.Show{}, model.Help{}, model.Quit{},
	}
	for _, op := range ops {
		verb := strings.Fields(op.String())[0]
		if _, err := Page(verb); err != nil {
			t.Errorf("command %q (%T) has no page: %v", verb, op, err)
		}
		found := false
		for _, c := range commands {
			found = found || c == verb
		}
		if !found {
			t.Errorf("command %q is missing from the command list", verb)
		}
	}
}

func TestGamePagesListTheirOptions(t *testing.T) {
	newPage, _ := Page("new")
	for _, g := range model.Games() {
		page, err := Page(g.Name)
		if err != nil {
			t.Errorf("game %s has no page: %v", g.Name, err)
			continue
		}
		for _, s := range g.Specs {
			if !strings.Contains(page, "--"+s.Key) {
				t.Errorf("help %s does not list the flag --%s", g.Name, s.Key)
			}
			if !strings.Contains(page, s.Key+"=") {
				t.Errorf("help %s does not list the option %s=", g.Name, s.Key)
			}
			if !strings.Contains(newPage, s.Key+"=") {
				t.Errorf("help new does not list the %s option %s=", g.Name, s.Key)
			}
			for _, v := range s.Values {
				if !strings.Contains(page, v) {
					t.Errorf("help %s does not mention the value %s of %s", g.Name, v, s.Key)
				}
			}
		}
		overview, _ := Page("overview")
		if !strings.Contains(overview, g.Name) {
			t.Errorf("the overview does not mention %s", g.Name)
		}
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

func TestKlondikeFoundationOrder(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	names := map[model.Suit]string{model.Spades: "spades", model.Diamonds: "diamonds",
		model.Clubs: "clubs", model.Hearts: "hearts"}
	var parts []string
	for i := 1; i <= 4; i++ {
		_, spec, ok := g.Pile("F" + string(rune('0'+i)))
		if !ok || !spec.FixedSuit {
			t.Fatalf("F%d is not a fixed-suit foundation", i)
		}
		parts = append(parts, "F"+string(rune('0'+i))+" "+names[spec.Suit])
	}
	page, _ := Page("klondike")
	if want := strings.Join(parts, " "); !strings.Contains(squash(page), want) {
		t.Errorf("help klondike should say %q", want)
	}
}
