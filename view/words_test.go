package view

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"solitaire/model"
)

// refusedOn plays op on a deal and returns the error it gives, which must be one.
func refusedOn(t *testing.T, cfg model.Config, ops ...model.Op) error {
	t.Helper()
	g := newGame(t, cfg)
	for _, op := range ops[:len(ops)-1] {
		if _, err := g.Apply(op); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
	}
	_, err := g.Apply(ops[len(ops)-1])
	if err == nil {
		t.Fatalf("%s was accepted", ops[len(ops)-1])
	}
	return err
}

func card(t *testing.T, s string) model.Card {
	t.Helper()
	c, err := model.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// hidden is a face-down card of a deal: the bottom card of C7.
func hidden(t *testing.T, cfg model.Config) model.Card {
	t.Helper()
	p, _, ok := newGame(t, cfg).Pile("C7")
	if !ok || p.Down == 0 {
		t.Fatalf("%v: C7 has no face-down card", cfg)
	}
	return p.Cards[0]
}

const red, reset = "\x1b[31m", "\x1b[0m"

// TestError: the view draws the cards of the model's refusals as the board draws them, in
// every style, keeps the words of the errors that wrap them, and rewrites no other text: a
// file name that looks like a card stays as it is.
func TestError(t *testing.T) {
	klondike1 := model.Config{Game: "klondike", Seed: 1} // C1 holds 5S; F1 is the spades' foundation
	down := hidden(t, klondike1)
	hiddenText := " is not face up yet: a hidden card cannot be named"
	drawn := func(s Style) string { return Card(down, s) + hiddenText }
	wrong := &model.RefusalError{Kind: model.RefusedCard, Card: card(t, "7H"), To: model.PileRef{Kind: 'F', Index: 4},
		Need: &model.Need{Kind: model.NeedAce, Card: card(t, "AH")}}
	deck := &model.DeckError{Decks: 1, Total: 52, Missing: []model.Card{card(t, "QS")}, Extra: []model.Extra{{Times: 2, Cards: []model.Card{card(t, "JD")}}}}
	tests := []struct {
		name                          string
		err                           error
		unicode, ascii, color, ascolo string
	}{
		{"a refusal from the game", refusedOn(t, klondike1, mv("C1", "F1", 0)),
			"5♠ cannot go to F1, which needs A♠", "5S cannot go to F1, which needs AS",
			"5♠ cannot go to F1, which needs A♠", "5S cannot go to F1, which needs AS"},
		{"red cards", wrong,
			"7♥ cannot go to F4, which needs A♥", "7H cannot go to F4, which needs AH",
			red + "7♥" + reset + " cannot go to F4, which needs " + red + "A♥" + reset,
			red + "7H" + reset + " cannot go to F4, which needs " + red + "AH" + reset},
		{"wrapped", fmt.Errorf("pile F4, card 2: %w", wrong),
			"pile F4, card 2: 7♥ cannot go to F4, which needs A♥", "pile F4, card 2: 7H cannot go to F4, which needs AH",
			"pile F4, card 2: " + red + "7♥" + reset + " cannot go to F4, which needs " + red + "A♥" + reset,
			"pile F4, card 2: " + red + "7H" + reset + " cannot go to F4, which needs " + red + "AH" + reset},
		{"joined", errors.Join(refusedOn(t, klondike1, mv("C1", "F1", 0)), deck),
			"5♠ cannot go to F1, which needs A♠\nthe cards must be a whole deck of 52 cards, but there are 52; missing: Q♠; twice: J♦",
			"5S cannot go to F1, which needs AS\nthe cards must be a whole deck of 52 cards, but there are 52; missing: QS; twice: JD",
			"5♠ cannot go to F1, which needs A♠\nthe cards must be a whole deck of 52 cards, but there are 52; missing: Q♠; twice: " + red + "J♦" + reset,
			"5S cannot go to F1, which needs AS\nthe cards must be a whole deck of 52 cards, but there are 52; missing: QS; twice: " + red + "JD" + reset},
		{"a card named by the command", refusedOn(t, klondike1, model.Move{Card: down}),
			drawn(Style{}), down.String() + hiddenText, drawn(Style{Color: true}), drawn(Style{ASCII: true, Color: true})},
		{"the base card", &model.BaseCardError{Base: 5, Pile: model.PileRef{Kind: 'F', Index: 1}, Card: card(t, "7C")},
			"base 5: pile F1 starts with 7♣, which sets the base rank", "base 5: pile F1 starts with 7C, which sets the base rank",
			"base 5: pile F1 starts with 7♣, which sets the base rank", "base 5: pile F1 starts with 7C, which sets the base rank"},
		{"no refusal: the text as it is", errors.New("load 7H.json: no such file"),
			"load 7H.json: no such file", "load 7H.json: no such file", "load 7H.json: no such file", "load 7H.json: no such file"},
		{"no card", refusedOn(t, klondike1, model.Undo{}), "nothing to undo", "nothing to undo", "nothing to undo", "nothing to undo"},
		{"no error", nil, "", "", "", ""},
	}
	for _, tt := range tests {
		for _, st := range []struct {
			s    Style
			want string
		}{{Style{}, tt.unicode}, {Style{ASCII: true}, tt.ascii}, {Style{Color: true}, tt.color}, {Style{ASCII: true, Color: true}, tt.ascolo}} {
			if got := Error(tt.err, st.s); got != st.want {
				t.Errorf("%s, %+v:\n got %q\nwant %q", tt.name, st.s, got, st.want)
			}
		}
	}
}

// TestWords: a hint's reason, a command and a need are drawn as the board draws cards.
func TestWords(t *testing.T) {
	tests := []struct {
		name           string
		w              model.Worded
		unicode, color string
	}{
		{"a reason", model.Reason{Kind: model.ReasonOnto, Card: card(t, "TH"), On: card(t, "JC")},
			"moves 10♥ onto J♣", "moves " + red + "10♥" + reset + " onto J♣"},
		{"a reason with a pile", model.Reason{Kind: model.ReasonFreesCell, Card: card(t, "2D"), Pile: model.PileRef{Kind: 'C', Index: 3}},
			"frees a cell by placing 2♦ on C3", "frees a cell by placing " + red + "2♦" + reset + " on C3"},
		{"a reason with no card", model.Reason{Kind: model.ReasonTurnsUp, Pile: model.PileRef{Kind: 'C', Index: 3}},
			"turns up a face-down card in C3", "turns up a face-down card in C3"},
		{"a move by card", model.Move{Card: card(t, "5S"), To: model.PileRef{Kind: 'F', Index: 1}}, "move 5♠ F1", "move 5♠ F1"},
		{"a need", &model.Need{Kind: model.NeedFollows, Top: card(t, "8D"), Match: model.MatchSameSuit, Ranks: []model.Rank{7, 9}},
			"7♦ or 9♦", red + "7♦" + reset + " or " + red + "9♦" + reset},
	}
	for _, tt := range tests {
		if got := Words(tt.w, Style{}); got != tt.unicode {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.unicode)
		}
		if got := Words(tt.w, Style{Color: true}); got != tt.color {
			t.Errorf("%s in colour: %q, want %q", tt.name, got, tt.color)
		}
		if got, want := Words(tt.w, Plain), fmt.Sprint(tt.w); got != want {
			t.Errorf("%s in letters: %q, want its plain text %q", tt.name, got, want)
		}
	}
}

// TestErrorJSON: --format json carries a refusal's fields: its kind, the cards in letters, the
// piles by name, the counts and what the destination needs; an error that is no refusal has
// none.
func TestErrorJSON(t *testing.T) {
	klondike1 := model.Config{Game: "klondike", Seed: 1}
	down := hidden(t, klondike1)
	freecell := model.Config{Game: "freecell", Deal: 1}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"a suit's ace", refusedOn(t, klondike1, mv("C1", "F1", 0)),
			`{"kind":"wrong-card","card":"5S","from":"C1","to":"F1","needs":{"kind":"ace","card":"AS"},"count":1}`},
		{"a card that does not follow", refusedOn(t, klondike1, mv("C4", "C1", 0)),
			`{"kind":"wrong-card","card":"AD","from":"C4","to":"C1","needs":{"kind":"follows","top":"5S","ranks":[4],"color":"red"},"count":1}`},
		{"a hidden card names no pile", refusedOn(t, klondike1, model.Move{Card: down, To: model.PileRef{Kind: 'C', Index: 1}}),
			`{"kind":"card-hidden","card":"` + down.String() + `"}`},
		{"the foundations", refusedOn(t, freecell, mv("C1", "F", 0)),
			`{"kind":"no-foundation","card":"6S","from":"C1","to":"F","count":1,"foundations":[{"piles":["F1","F2","F3","F4"],"needs":{"kind":"ace"}}]}`},
		{"a pile the game lacks", refusedOn(t, klondike1, mv("C9", "F1", 0)),
			`{"kind":"no-such-pile","from":"C9","game":"klondike","piles":["C1","C2","C3","C4","C5","C6","C7"]}`},
		{"tops to choose from", refusedOn(t, freecell, mv("C1", "R1", 0), mv("C2", "R2", 0), mv("R", "C3", 0)),
			`{"kind":"no-source","from":"R","to":"C3","tops":[{"pile":"R1","top":"6S"},{"pile":"R2","top":"9C"}]}`},
		{"wrapped", fmt.Errorf("pile F1, card 1: %w", refusedOn(t, klondike1, model.Undo{N: 2})),
			`{"kind":"no-steps","count":2}`},
		{"a deck", &model.DeckError{Decks: 1, Total: 52, Missing: []model.Card{card(t, "QS")}, Extra: []model.Extra{{Times: 2, Cards: []model.Card{card(t, "JS")}}}},
			`{"kind":"deck","count":52,"missing":["QS"],"extra":[{"times":2,"cards":["JS"]}]}`},
		{"no refusal", errors.New("no such file"), `null`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(ErrorJSON(tt.err))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("%s (%v):\n got %s\nwant %s", tt.name, tt.err, b, tt.want)
		}
	}
}

// TestWrap holds Wrap to breaking long lines at spaces within the width, indenting what
// follows as the line is, and leaving alone what fits, a word too wide, and a line a caret
// points into.
func TestWrap(t *testing.T) {
	red := "\x1b[31mQ♦\x1b[0m"
	tests := []struct {
		name, text string
		cols       int
		want       string
	}{
		{"fits", "hint: draw", 20, "hint: draw"},
		{"exactly", "aaaa bbbb", 9, "aaaa bbbb"},
		{"one break", "aaaa bbbb cccc", 9, "aaaa bbbb\ncccc"},
		{"several breaks", "aa bb cc dd ee", 5, "aa bb\ncc dd\nee"},
		{"indented", "  aaaa bbbb cccc", 11, "  aaaa bbbb\n  cccc"},
		{"word too wide", "abcdefghij", 4, "abcdefghij"},
		{"word too wide, then more", "abcdefghij ab cd", 4, "abcdefghij\nab\ncd"},
		{"wide word after a break", "ab abcdefghij", 4, "ab\nabcdefghij"},
		{"escape codes take no columns", "take " + red + " now", 11, "take " + red + " now"},
		{"escape codes in a broken line", "take " + red + " now please", 11, "take " + red + " now\nplease"},
		{"each line alone", "aaaa bbbb\ncc dd ee", 5, "aaaa\nbbbb\ncc dd\nee"},
		{"a caret's line kept", "  mvoe aaaa bbbb\n  ^\nunknown command here", 10, "  mvoe aaaa bbbb\n  ^\nunknown\ncommand\nhere"},
		{"no width", "aaaa bbbb cccc", 0, "aaaa bbbb cccc"},
		{"spaces at the break dropped", "aaaa    bbbb", 6, "aaaa\nbbbb"},
	}
	for _, tc := range tests {
		if got := Wrap(tc.text, tc.cols); got != tc.want {
			t.Errorf("%s: Wrap(%q, %d) = %q, want %q", tc.name, tc.text, tc.cols, got, tc.want)
		}
		for line := range strings.SplitSeq(Wrap(tc.text, tc.cols), "\n") {
			if tc.cols > 0 && visibleWidth(line) > tc.cols && strings.Contains(strings.TrimSpace(line), " ") && !strings.Contains(tc.name, "caret") {
				t.Errorf("%s: line %q is wider than %d and has a space to break at", tc.name, line, tc.cols)
			}
		}
	}
}

// FuzzWrap: any text at any width keeps its words in order, breaks only at spaces (every
// line wider than the width is one word after its indent, or a line a caret points into), and
// never panics.
func FuzzWrap(f *testing.F) {
	f.Add("hint: draw (nothing better on the board: draw from the stock); no win found", uint8(40))
	f.Add("  mvoe aaaa bbbb\n  ^\nunknown command", uint8(5))
	f.Add("take \x1b[31mQ♦\x1b[0m now please", uint8(11))
	f.Add("      deep indent then words", uint8(8))
	f.Fuzz(func(t *testing.T, text string, width uint8) {
		cols := int(width)
		got := Wrap(text, cols)
		if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(text), " ") {
			t.Fatalf("Wrap(%q, %d) = %q: the words changed", text, cols, got)
		}
		if cols == 0 {
			return
		}
		lines := strings.Split(got, "\n")
		for i, line := range lines {
			caret := caretLine(line) || i+1 < len(lines) && caretLine(lines[i+1])
			if visibleWidth(line) > cols && !caret && strings.ContainsAny(strings.TrimLeft(line, " "), " ") {
				t.Fatalf("Wrap(%q, %d): line %q is wider than %d and could break", text, cols, line, cols)
			}
		}
	})
}
