package controller

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"solitaire/docs"
	"solitaire/model"
)

// These tests hold help pages to what the program prints; the docs package cannot import the
// controller, so they live here.

// TestGamesPageMatchesTheList checks that help games shows the list as "solitaire games"
// prints it, line for line.
func TestGamesPageMatchesTheList(t *testing.T) {
	page, _ := docs.Page("games")
	list := GamesList("")
	if !strings.Contains(page, "\n"+list+"\n") {
		t.Errorf("help games does not show the games list as the program prints it:\n%s", list)
	}
}

// TestHintPageExample checks the example of help hint against a hint on the deal it names.
func TestHintPageExample(t *testing.T) {
	page, _ := docs.Page("hint")
	m := regexp.MustCompile(`On FreeCell deal (\d+)[^:]*:\n\n    (hint: .*)\n`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("help hint has no example on a FreeCell deal")
	}
	deal, _ := strconv.ParseInt(m[1], 10, 64)
	s := newTestSession(t, model.Config{Game: "freecell", Deal: deal})
	res, err := s.Exec(model.Hint{})
	if err != nil {
		t.Fatal(err)
	}
	// The length of the line is the solver's, which may change as it is tuned: any count will do.
	moves := regexp.MustCompile(`a win in \d+ moves`)
	if got, want := moves.ReplaceAllString(res.Message, "a win in N moves"), moves.ReplaceAllString(m[2], "a win in N moves"); got != want {
		t.Errorf("help hint shows %q; FreeCell deal %s hints %q", m[2], m[1], res.Message)
	}
}

// TestHelpTextKeepsTheGrammar checks that the generated grammar is shown as generated: it is
// not Markdown, and a "*" or "`" in it is part of the language.
func TestHelpTextKeepsTheGrammar(t *testing.T) {
	page, _ := HelpPage("ebnf")
	for _, bold := range []bool{false, true} {
		if got, _ := HelpText(" EBNF ", bold); got != strings.TrimRight(page, "\n") {
			t.Errorf("help ebnf (bold %v) is changed by rendering", bold)
		}
	}
}
