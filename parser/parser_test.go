package parser

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"solitaire/lexer"
	"solitaire/model"
)

func ref(kind byte, index int) model.PileRef { return model.PileRef{Kind: kind, Index: index} }

func mv(from, to model.PileRef, n int) model.Move { return model.Move{From: from, To: to, N: n} }

var (
	c3 = ref('C', 3)
	f1 = ref('F', 1)
	fA = ref('F', 0)
	w  = ref('W', 0)
	no = model.PileRef{}
)

// parseCases are lines that parse, with the ops they give.
var parseCases = []struct {
	line string
	want []action
}{
	// Empty lines, comments and empty commands.
	{"", nil},
	{"   ", nil},
	{"\t", nil},
	{"# just a comment", nil},
	{";", nil},
	{" ; ;; ", nil},
	{"draw\n", []action{model.Draw{}}},
	{"draw\r\n", []action{model.Draw{}}},

	// move and its aliases and bare forms.
	{"move C3 F1", []action{mv(c3, f1, 0)}},
	{"move c3 f1", []action{mv(c3, f1, 0)}},
	{"MOVE C3 F1", []action{mv(c3, f1, 0)}},
	{"Move c3", []action{mv(c3, no, 0)}},
	{"m c3 f1", []action{mv(c3, f1, 0)}},
	{"M c3 f", []action{mv(c3, fA, 0)}},
	{"move C1 C4 3", []action{mv(ref('C', 1), ref('C', 4), 3)}},
	{"move c3 2", []action{mv(c3, no, 2)}},
	{"move c3 f1 1", []action{mv(c3, f1, 1)}},
	{"move s", []action{mv(ref('S', 0), no, 0)}},
	{"move w", []action{mv(w, no, 0)}},
	{"c3 f1", []action{mv(c3, f1, 0)}},
	{"c3f1", []action{mv(c3, f1, 0)}},
	{"C3F1", []action{mv(c3, f1, 0)}},
	{"c3f", []action{mv(c3, fA, 0)}},
	{"C1 C4 3", []action{mv(ref('C', 1), ref('C', 4), 3)}},
	{"c1c4 3", []action{mv(ref('C', 1), ref('C', 4), 3)}},
	{"w f", []action{mv(w, fA, 0)}},
	{"W F", []action{mv(w, fA, 0)}},
	{"w", []action{mv(w, no, 0)}},
	{"c3", []action{mv(c3, no, 0)}},
	{"c", []action{mv(ref('C', 0), no, 0)}},
	{"f", []action{mv(fA, no, 0)}},
	{"r", []action{mv(ref('R', 0), no, 0)}},
	{"e", []action{mv(ref('R', 0), no, 0)}},
	{"c3 3", []action{mv(c3, no, 3)}},
	{"r2 c3", []action{mv(ref('R', 2), c3, 0)}},
	{"E2 c3", []action{mv(ref('R', 2), c3, 0)}},
	{"c3 e", []action{mv(c3, ref('R', 0), 0)}},
	{"c3 r", []action{mv(c3, ref('R', 0), 0)}},
	{"C99", []action{mv(ref('C', 99), no, 0)}},
	{"c03 f01", []action{mv(c3, f1, 0)}},
	{"c9999", []action{mv(ref('C', 9999), no, 0)}},
	{"s w", []action{mv(ref('S', 0), w, 0)}},
	{"s1", []action{mv(ref('S', 1), no, 0)}},
	{"s", []action{model.Draw{}}},
	{"S", []action{model.Draw{}}},
	{"move c3 f1 9999", []action{mv(c3, f1, 9999)}},

	// FreeCell's standard moves are no part of the command language (the notation package
	// reads them through ParseWith): a lone two-character card is a card.
	{"3h", []action{cm("3H", no)}},
	{"AH", []action{cm("AH", no)}},
	{"3c", []action{cm("3C", no)}},
	{"c8", []action{mv(ref('C', 8), no, 0)}}, // column C8, not cell c

	// Card names as sources.
	{"move 7H C3", []action{cm("7H", c3)}},
	{"m th f", []action{cm("TH", fA)}},
	{"7h c3", []action{cm("7H", c3)}},
	{"7H C3; as f", []action{cm("7H", c3), cm("AS", fA)}},
	{"TH", []action{cm("TH", no)}},
	{"qs", []action{cm("QS", no)}},
	{"10c", []action{cm("TC", no)}},
	{"10C F", []action{cm("TC", fA)}},
	{"7♥ c3", []action{cm("7H", c3)}},
	{"move K♠", []action{cm("KS", no)}},
	{"q♡ c3", []action{cm("QH", c3)}},
	{"A♠️ F", []action{cm("AS", fA)}},
	{"7h", []action{cm("7H", no)}},
	{"move 7h", []action{cm("7H", no)}},
	// A card onto the pile another card tops (Pyramid's pairs).
	{"7h 6c", []action{onto("7H", "6C")}},
	{"move as QH", []action{onto("AS", "QH")}},
	{"10♥ 3♠", []action{onto("TH", "3S")}},
	{"p27 p28", []action{mv(ref('P', 27), ref('P', 28), 0)}},
	{"p28 6c", []action{model.Move{From: ref('P', 28), Onto: cm("6C", no).Card}}},
	{"move c3 7h", []action{model.Move{From: ref('C', 3), Onto: cm("7H", no).Card}}},

	// Other verbs.
	{"draw", []action{model.Draw{}}},
	{"d", []action{model.Draw{}}},
	{"D", []action{model.Draw{}}},
	{"recycle", []action{model.Draw{}}},
	{"deal", []action{model.Draw{}}},
	{"DEAL", []action{model.Draw{}}},
	{"undo", []action{model.Undo{N: 1}}},
	{"undo 1", []action{model.Undo{N: 1}}},
	{"undo 3", []action{model.Undo{N: 3}}},
	{"u", []action{model.Undo{N: 1}}},
	{"U 12", []action{model.Undo{N: 12}}},
	{"redo", []action{model.Redo{N: 1}}},
	{"redo 1", []action{model.Redo{N: 1}}},
	{"redo 2", []action{model.Redo{N: 2}}},
	{"restart", []action{model.Restart{}}},
	{"new", []action{New{}}},
	{"new klondike", []action{New{Game: "klondike"}}},
	{"new Klondike", []action{New{Game: "klondike"}}},
	{"new la-peau", []action{New{Game: "la-peau"}}},
	{"new klondike draw=3 seed=42", []action{New{Game: "klondike", Options: []model.Option{{Key: "draw", Value: "3"}, {Key: "seed", Value: "42"}}}}},
	{"new draw=3", []action{New{Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"new draw = 3", []action{New{Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"NEW FreeCell Supermove=Relaxed", []action{New{Game: "freecell", Options: []model.Option{{Key: "supermove", Value: "relaxed"}}}}},
	{"new klondike any-card-on-empty=yes passes=unlimited", []action{New{Game: "klondike", Options: []model.Option{{Key: "any-card-on-empty", Value: "yes"}, {Key: "passes", Value: "unlimited"}}}}},
	{"new draw", []action{New{Game: "draw"}}},
	{"new x k=a1", []action{New{Game: "x", Options: []model.Option{{Key: "k", Value: "a1"}}}}},
	{"new seed=18446744073709551615", []action{New{Options: []model.Option{{Key: "seed", Value: "18446744073709551615"}}}}},
	{"auto", []action{model.Auto{}}},
	{"moves", []action{model.Moves{}}},
	{"hint", []action{model.Hint{}}},
	{"time", []action{Time{}}},
	{"show", []action{Show{}}},
	{"help", []action{Help{}}},
	{"?", []action{Help{}}},
	{"help move", []action{Help{Topic: "move"}}},
	{"HELP FreeCell", []action{Help{Topic: "freecell"}}},
	{"help grammar", []action{Help{Topic: "grammar"}}},
	{"? move", []action{Help{Topic: "move"}}},
	{"?move", []action{Help{Topic: "move"}}},
	{"help c", []action{Help{Topic: "c"}}},
	{"quit", []action{Quit{}}},
	{"exit", []action{Quit{}}},
	{"q", []action{Quit{}}},
	{"Q", []action{Quit{}}},

	// La Peau, the collection and position files.
	{"purge", []action{model.Purge{}}},
	{"PURGE", []action{model.Purge{}}},
	{"policy same-suit", []action{model.Policy{Name: "same-suit"}}},
	{"policy alternate", []action{model.Policy{Name: "alternate"}}},
	{"Policy Same-Suit", []action{model.Policy{Name: "same-suit"}}},
	{"policy c", []action{model.Policy{Name: "c"}}},       // the game checks the name
	{"policy load", []action{model.Policy{Name: "load"}}}, // load is a verb only first
	{"games", []action{ListGames{}}},
	{"Games # all of them", []action{ListGames{}}},
	{"load pos.json", []action{Load{Path: "pos.json"}}},
	{"LOAD Pos.JSON", []action{Load{Path: "Pos.JSON"}}},
	{"load ./testdata/x.json", []action{Load{Path: "./testdata/x.json"}}},
	{"load /tmp/a-b_c.json", []action{Load{Path: "/tmp/a-b_c.json"}}},
	{"load ../p.json", []action{Load{Path: "../p.json"}}},
	{`load C:\x\y.json`, []action{Load{Path: `C:\x\y.json`}}},
	{"load café.json", []action{Load{Path: "café.json"}}},
	{"load ~/p1", []action{Load{Path: "~/p1"}}},
	{"load c3f1", []action{Load{Path: "c3f1"}}},
	{"load 38", []action{Load{Path: "38"}}},
	{"load draw=3?", []action{Load{Path: "draw=3?"}}},
	{"load load", []action{Load{Path: "load"}}},
	{"load\tx.json\r\n", []action{Load{Path: "x.json"}}},
	{"load   pos.json   # comment", []action{Load{Path: "pos.json"}}},
	{`load "my games/p1.json"`, []action{Load{Path: "my games/p1.json"}}},
	{`load"my games/p1.json"`, []action{Load{Path: "my games/p1.json"}}},
	{`load "Say \"hi\"; #1.json"`, []action{Load{Path: `Say "hi"; #1.json`}}},
	{`load "tab\there" # not a comment inside quotes`, []action{Load{Path: "tab\there"}}},
	{`load "back\\slash"`, []action{Load{Path: `back\slash`}}},
	{`load "\u00e9t\xc3\xa9\101.json"`, []action{Load{Path: "étéA.json"}}},
	{`load "pos.json"`, []action{Load{Path: "pos.json"}}},
	{"load pos.json; purge; games", []action{Load{Path: "pos.json"}, model.Purge{}, ListGames{}}},
	{"load a;load b", []action{Load{Path: "a"}, Load{Path: "b"}}},
	{"help load", []action{Help{Topic: "load"}}},
	{"?load", []action{Help{Topic: "load"}}},
	{"new load draw=3", []action{New{Game: "load", Options: []model.Option{{Key: "draw", Value: "3"}}}}},

	// Switching games, saving, history and statistics.
	{"switch freecell", []action{Switch{Game: "freecell"}}},
	{"Switch FreeCell", []action{Switch{Game: "freecell"}}},
	{"switch la-peau", []action{Switch{Game: "la-peau"}}},
	{"switch nosuchgame", []action{Switch{Game: "nosuchgame"}}}, // the game checks the name
	{"switch c", []action{Switch{Game: "c"}}},
	{"switch load", []action{Switch{Game: "load"}}},
	{"switch save", []action{Switch{Game: "save"}}},
	{"switch klondike # back", []action{Switch{Game: "klondike"}}},
	{"save game.json", []action{Save{Path: "game.json"}}},
	{"SAVE Game.JSON", []action{Save{Path: "Game.JSON"}}},
	{"save ./saves/x-1.json", []action{Save{Path: "./saves/x-1.json"}}},
	{`save C:\x\y.json`, []action{Save{Path: `C:\x\y.json`}}},
	{"save café.json", []action{Save{Path: "café.json"}}},
	{"save c3f1", []action{Save{Path: "c3f1"}}},
	{"save 38", []action{Save{Path: "38"}}},
	{"save draw=3?", []action{Save{Path: "draw=3?"}}},
	{"save save", []action{Save{Path: "save"}}},
	{"save load", []action{Save{Path: "load"}}},
	{"load save", []action{Load{Path: "save"}}},
	{"save\tx.json\r\n", []action{Save{Path: "x.json"}}},
	{"save   g.json   # comment", []action{Save{Path: "g.json"}}},
	{`save "my games/g.json"`, []action{Save{Path: "my games/g.json"}}},
	{`save"my games/g.json"`, []action{Save{Path: "my games/g.json"}}},
	{`save "Say \"hi\"; #1.json"`, []action{Save{Path: `Say "hi"; #1.json`}}},
	{`save "back\\slash"`, []action{Save{Path: `back\slash`}}},
	{`save "\u00e9t\xc3\xa9\101.json"`, []action{Save{Path: "étéA.json"}}},
	{"save g.json; load g.json", []action{Save{Path: "g.json"}, Load{Path: "g.json"}}},
	{"save a;save b", []action{Save{Path: "a"}, Save{Path: "b"}}},
	{"save g.json force", []action{Save{Path: "g.json", Force: true}}},
	{"SAVE g.json FORCE # yes", []action{Save{Path: "g.json", Force: true}}},
	{`save "a b" force;draw`, []action{Save{Path: "a b", Force: true}, model.Draw{}}},
	{"save force", []action{Save{Path: "force"}}},
	{"help save", []action{Help{Topic: "save"}}},
	{"new save draw=3", []action{New{Game: "save", Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"policy save", []action{model.Policy{Name: "save"}}},
	{"export", []action{Export{}}},
	{"export b.board", []action{Export{Path: "b.board"}}},
	{"EXPORT B.Board FORCE", []action{Export{Path: "B.Board", Force: true}}},
	{`export "my boards/617.board"; draw`, []action{Export{Path: "my boards/617.board"}, model.Draw{}}},
	{"export force", []action{Export{Path: "force"}}},
	{"help export", []action{Help{Topic: "export"}}},
	{"history", []action{History{}}},
	{"HISTORY # all moves", []action{History{}}},
	{"stats", []action{Stats{}}},
	{"stats klondike", []action{Stats{Game: "klondike"}}},
	{"solve", []action{Solve{}}},
	{"pause; PAUSE", []action{Pause{}, Pause{}}},
	{"new klondike open draw=3", []action{New{Game: "klondike", Options: []model.Option{{Key: "open"}, {Key: "draw", Value: "3"}}}}},
	{"new klondike draw", []action{New{Game: "klondike", Options: []model.Option{{Key: "draw"}}}}},
	{"NEWGAME", []action{New{}}},
	{"new game", []action{New{}}},
	{"new Game draw=3", []action{New{Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"newgame freecell", []action{New{Game: "freecell"}}},
	{"SOLVE Play", []action{Solve{Play: true}}},
	{"demo", []action{Solve{Play: true}}},
	{"watch", []action{Watch{}}},
	{"watch on; watch OFF", []action{Watch{Mode: "on"}, Watch{Mode: "off"}}},
	{"review", []action{Review{}}},
	{"REVIEW 60; review 0120", []action{Review{Seconds: 60}, Review{Seconds: 120}}},
	{"help review", []action{Help{Topic: "review"}}},
	{"Stats La-Peau", []action{Stats{Game: "la-peau"}}},
	{"stats; history; switch freecell", []action{Stats{}, History{}, Switch{Game: "freecell"}}},
	{"help switch", []action{Help{Topic: "switch"}}},
	{"?stats", []action{Help{Topic: "stats"}}},

	// A game's name of several words, as players write it: the words after
	// the command are the game when together they name one (model.LookupGame).
	{"switch la peau", []action{Switch{Game: "la peau"}}},
	{"Switch La Peau; draw", []action{Switch{Game: "la peau"}, model.Draw{}}},
	{"stats La Peau", []action{Stats{Game: "la peau"}}},
	{"help la peau", []action{Help{Topic: "la peau"}}},
	{"? Fifteen Puzzle # the other name", []action{Help{Topic: "fifteen puzzle"}}},
	{"new la peau", []action{New{Game: "la peau"}}},
	{"New La Peau seed=3", []action{New{Game: "la peau", Options: []model.Option{{Key: "seed", Value: "3"}}}}},
	{"new free cell cells=2", []action{New{Game: "free cell", Options: []model.Option{{Key: "cells", Value: "2"}}}}},
	{"new klondike open", []action{New{Game: "klondike", Options: []model.Option{{Key: "open"}}}}},
	{"new la peau alternate", []action{New{Game: "la peau", Options: []model.Option{{Key: "alternate"}}}}},
	{"new la", []action{New{Game: "la"}}}, // the game checks the name

	// Several commands and comments.
	{"draw; draw", []action{model.Draw{}, model.Draw{}}},
	{"draw;draw;", []action{model.Draw{}, model.Draw{}}},
	{"c3 f1; undo # oops", []action{mv(c3, f1, 0), model.Undo{N: 1}}},
	{"d;w f;;s # deal", []action{model.Draw{}, mv(w, fA, 0), model.Draw{}}},
	{"hint #; draw", []action{model.Hint{}}},
}

func ops(cs []Command) []action {
	var out []action
	for _, c := range cs {
		out = append(out, c.action())
	}
	return out
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		got, err := Parse(c.line)
		if err != nil {
			t.Errorf("Parse(%q): unexpected error at %d: %v", c.line, err.(*Error).Column, err)
			continue
		}
		if !reflect.DeepEqual(ops(got), c.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", c.line, ops(got), c.want)
		}
	}
}

func TestColumnAndText(t *testing.T) {
	cases := []struct {
		line string
		want []Command
	}{
		{"draw", []Command{cmd(model.Draw{}, 1, "draw")}},
		{"  draw  ", []Command{cmd(model.Draw{}, 3, "draw")}},
		{"c3f1", []Command{cmd(mv(c3, f1, 0), 1, "c3f1")}},
		{"  move  c3   f1 # go ; x", []Command{cmd(mv(c3, f1, 0), 3, "move  c3   f1")}},
		{"undo 2;redo ; 7h", []Command{cmd(model.Undo{N: 2}, 1, "undo 2"), cmd(model.Redo{N: 1}, 8, "redo"), cmd(cm("7H", no), 15, "7h")}},
		{";;new klondike draw = 3 ;", []Command{cmd(New{Game: "klondike", Options: []model.Option{{Key: "draw", Value: "3"}}}, 3, "new klondike draw = 3")}},
	}
	for _, c := range cases {
		got, err := Parse(c.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.line, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", c.line, got, c.want)
		}
	}
}

// TestParseWith: a Reader is offered each command's tokens first (no blanks, comments or ";"),
// and what it reads, refuses or leaves to the command language is so; tokens after those it
// used are refused as after any command, and its refusal is the leftmost mistake like any.
func TestParseWith(t *testing.T) {
	var offered [][]Token
	read := func(ts []Token) (model.Op, int, *Error) {
		offered = append(offered, ts)
		switch {
		case ts[0].Value == "zz":
			return model.Auto{}, 1, nil
		case ts[0].Value == "no":
			return nil, 0, &Error{Column: ts[0].Column, Msg: "refused"}
		}
		return nil, 0, nil
	}
	for _, tc := range []struct {
		line string
		want []Command
		col  int // of the error; 0 for none
		msg  string
	}{
		{line: "zz; draw # x", want: []Command{cmd(model.Auto{}, 1, "zz"), cmd(model.Draw{}, 5, "draw")}},
		{line: "  zz  ", want: []Command{cmd(model.Auto{}, 3, "zz")}},
		{line: "zz c3", col: 4, msg: `unexpected "c3" after the command`},
		{line: "draw; no", col: 7, msg: "refused"},
		{line: "no; !", col: 1, msg: "refused"},
		{line: "draw; !", col: 7, msg: `unexpected character "!": ` + tokenKinds},
		{line: "drwa", col: 1, msg: `unknown command "drwa"; did you mean "draw"?`},
	} {
		got, err := ParseWith(tc.line, read)
		if tc.col != 0 {
			pe, ok := err.(*Error)
			if !ok || pe.Column != tc.col || pe.Msg != tc.msg || got != nil {
				t.Errorf("%q: %v, %v; want %d: %s", tc.line, got, err, tc.col, tc.msg)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %#v, %v; want %#v", tc.line, got, err, tc.want)
		}
	}
	offered = nil
	if _, err := ParseWith(`  move c3  f1 # x; y`, read); err != nil {
		t.Fatal(err)
	}
	want := [][]Token{{{Kind: lexer.Word, Value: "move", Column: 3}, {Kind: lexer.Pile, Value: "c3", Column: 8}, {Kind: lexer.Pile, Value: "f1", Column: 12}}}
	if !reflect.DeepEqual(offered, want) {
		t.Errorf("offered %#v, want %#v", offered, want)
	}
}

// errorCases are lines that fail, with the column and message expected.
var errorCases = []struct {
	line string
	col  int
	msg  string
}{
	// Unknown verbs.
	{"drwa", 1, `unknown command "drwa"; did you mean "draw"?`},
	{"Drwa", 1, `unknown command "Drwa"; did you mean "draw"?`},
	{"hlep", 1, `unknown command "hlep"; did you mean "help"?`},
	{"mvoe c3", 1, `unknown command "mvoe"; did you mean "move"?`},
	{"udno 2", 1, `unknown command "udno"; did you mean "undo"?`},
	{"restrat", 1, `unknown command "restrat"; did you mean "restart"?`},
	{"rest", 1, `unknown command "rest"; did you mean "restart"?`},
	{"qiut", 1, `unknown command "qiut"; did you mean "quit"?`},
	{"draw; drwa", 7, `unknown command "drwa"; did you mean "draw"?`},
	{"xyzzy", 1, `unknown command "xyzzy"; type help to see the commands`},
	{"h", 1, `unknown command "h"; type help to see the commands`},
	{"a", 1, `unknown command "a"; type help to see the commands`},
	{"hh", 1, `unknown command "hh"; type help to see the commands`},
	{"la-peau", 1, `unknown command "la-peau"; type help to see the commands`},

	// Piles.
	{"c0", 1, "there is no pile C0: piles are numbered from 1"},
	{"move c3 f0", 9, "there is no pile F0: piles are numbered from 1"},
	{"c00 f1", 1, "there is no pile C00: piles are numbered from 1"},
	{"x1", 1, "unknown pile X1: " + pileLetters},
	{"move X1 c3", 6, "unknown pile X1: " + pileLetters},
	{"c3 h1", 4, "unknown pile H1: " + pileLetters},
	{"c3x1", 3, "unknown pile X1: " + pileLetters},
	{"a8 c3", 1, "unknown pile A8: " + pileLetters},
	{"move a8", 6, "unknown pile A8: " + pileLetters},
	{"c10000", 1, "there is no pile C10000: pile numbers stop at 9999"},
	{"c99999999999999999999999999", 1, "there is no pile C99999999999999999999999999: pile numbers stop at 9999"},

	// Counts.
	{"move c3 c4 0", 12, "the number of cards must be from 1 to 9999, not 0"},
	{"c3 c4 99999999999999999999", 7, "the number of cards must be from 1 to 9999, not 99999999999999999999"},
	{"undo 0", 6, "the number of steps must be from 1 to 9999, not 0"},
	{"redo 10000", 6, "the number of steps must be from 1 to 9999, not 10000"},

	// Arity.
	{"move", 5, moveNeedsFrom},
	{"m", 2, moveNeedsFrom},
	{"move ", 6, moveNeedsFrom},
	{"move # where?", 14, moveNeedsFrom},
	{"move; draw", 5, moveNeedsFrom},
	{"move 3", 6, moveNeedsFrom},
	{"move draw", 6, moveNeedsFrom},
	{"move c3 zz", 9, `expected a destination pile such as F1, or a number of cards, after C3; "zz" is neither`},
	{"c3 =", 4, `expected a destination pile such as F1, or a number of cards, after C3; "=" is neither`},
	{"undo x", 6, "undo takes a number of steps, e.g. undo 3"},
	{"u c3", 3, "undo takes a number of steps, e.g. undo 3"},
	{"redo ?", 6, "redo takes a number of steps, e.g. redo 3"},
	{"help 3", 6, "help takes a topic word, e.g. help move"},
	{"? c3", 3, "help takes a topic word, e.g. help move"},
	{"new 3", 5, `new takes a game name and options, e.g. new klondike draw=3; "3" is neither`},
	{"new klondike --draw 3", 14, `in the game options are written key=value: draw=VALUE (e.g. new klondike draw=3), not --draw VALUE as on the command line`},
	{"new --draw=3", 5, `in the game options are written key=value: draw=VALUE (e.g. new klondike draw=3), not --draw VALUE as on the command line`},
	{"draw --", 6, `unexpected character "-": ` + tokenKinds},
	{"--\xa9", 1, `unexpected character "-": ` + tokenKinds}, // no raw byte in the message (FuzzScript)
	{"--é", 1, `unexpected character "-": ` + tokenKinds},
	{"new klondike draw=", 19, `option "draw" needs a word or a number after "=", e.g. draw=3`},
	{"new draw=;hint", 10, `option "draw" needs a word or a number after "=", e.g. draw=3`},
	{"new klondike 3", 14, `expected an option such as draw=3, not "3"`},
	{"new =3", 5, `new takes a game name and options, e.g. new klondike draw=3; "=" is neither`},

	// Trailing junk.
	{"draw zz", 6, `unexpected "zz" after the command`},
	{"undo 3 zz", 8, `unexpected "zz" after the command`},
	{"move c3 f1 zz", 12, `unexpected "zz" after the command`},
	{"move c3 f1 2 3", 14, `unexpected "3" after the command`},
	{"c3 f1 f2", 7, `unexpected "f2" after the command`},
	{"help move now", 11, `unexpected "now" after the command`},
	{"quit now", 6, `unexpected "now" after the command`},
	{"s 3 x", 5, `unexpected "x" after the command`},
	{"ah 3", 4, cardTakesNoCount},
	{"restart ?", 9, `unexpected "?" after the command`},
	{"draw draw", 6, `unexpected "draw" after the command`},

	// Card names.
	{"move 7h c3 2", 12, cardTakesNoCount},
	{"7h c3 2", 7, cardTakesNoCount},
	{"7h zz", 4, `expected a destination pile such as F1 after 7h; "zz" is not one`},
	{"7h c3 f1", 7, `unexpected "f1" after the command`},
	{"7h 6c 5d", 7, `unexpected "5d" after the command`},
	{"7h 6c 2", 7, cardTakesNoCount},
	{"p28 6c 5d", 8, `unexpected "5d" after the command`},

	// Starts that are no command.
	{"=", 1, `unexpected "=": a command starts with a word such as move or draw, or a pile such as C3`},
	{"draw; = 3", 7, `unexpected "=": a command starts with a word such as move or draw, or a pile such as C3`},

	// FreeCell's standard moves are unknown to the command language alone.
	{"38", 1, `unknown command "38"; type help to see the commands`},
	{"3a", 1, `unknown command "3"; type help to see the commands`},
	{"3 a", 1, `unknown command "3"; type help to see the commands`},
	{"bc", 1, `unknown command "bc"; type help to see the commands`},
	{"a8", 1, "unknown pile A8: " + pileLetters},

	// Characters that are no token.
	{"!", 1, `unexpected character "!": ` + tokenKinds},
	{"draw!", 5, `unexpected character "!": ` + tokenKinds},
	{"move c3 f1; draw, undo", 17, `unexpected character ",": ` + tokenKinds},
	{"new la-", 7, `unexpected character "-": ` + tokenKinds},
	{"new -1", 5, `unexpected character "-": ` + tokenKinds},
	{"draw\x00", 5, `unexpected control character U+0000: ` + tokenKinds},
	{"\x1b[A", 1, `unexpected control character U+001B: ` + tokenKinds},
	{"c3 \xff", 4, `unexpected byte 0xFF, which is not UTF-8 text: ` + tokenKinds},
	{"é", 1, `unexpected character "é": ` + tokenKinds},
	{"draw\u00a0", 5, `unexpected space character U+00A0: ` + tokenKinds},
	{"move\u200b c3", 5, `unexpected invisible character U+200B: ` + tokenKinds},
	// The leftmost problem wins, whether found by the grammar or the lexer.
	{"drwa !", 1, `unknown command "drwa"; did you mean "draw"?`},
	{"x1; !", 1, "unknown pile X1: " + pileLetters},
	{"move !", 6, `unexpected character "!": ` + tokenKinds},
	{"c0 zz", 1, "there is no pile C0: piles are numbered from 1"},
	{"draw zz; !", 6, `unexpected "zz" after the command`},
	{"draw; c0; drwa", 7, "there is no pile C0: piles are numbered from 1"},

	// La Peau, the collection and position files.
	{"purg", 1, `unknown command "purg"; did you mean "purge"?`},
	{"polcy", 1, `unknown command "polcy"; did you mean "policy"?`},
	{"gmes", 1, `unknown command "gmes"; did you mean "games"?`},
	{"laod", 1, `unknown command "laod"; did you mean "load"?`},
	{"load-x", 1, `unknown command "load-x"; did you mean "load"?`},
	{"purge 2", 7, `unexpected "2" after the command`},
	{"games all", 7, `unexpected "all" after the command`},
	{"policy", 7, policyNeedsName},
	{"policy ", 8, policyNeedsName},
	{"policy; games", 7, policyNeedsName},
	{"Policy # which?", 16, policyNeedsName},
	{"policy 3", 8, policyNeedsName},
	{"policy c3", 8, policyNeedsName},
	{"policy =", 8, policyNeedsName},
	{"policy same-suit alternate", 18, `unexpected "alternate" after the command`},
	{"load", 5, loadNeedsFile},
	{"load ", 6, loadNeedsFile},
	{"LOAD # which?", 14, loadNeedsFile},
	{"load; draw", 5, loadNeedsFile},
	{"load ;", 6, loadNeedsFile},
	{"load3", 5, loadNeedsFile},
	{"load=x", 5, loadNeedsFile},
	{"load?", 5, loadNeedsFile},
	{"load a b", 8, `unexpected "b" after the file name; a name with blanks is written in quotes, e.g. load "my games/p1.json"`},
	{`load a"b"`, 7, `unexpected "\"b\"" after the file name; a name with blanks is written in quotes, e.g. load "my games/p1.json"`},
	{`load "a b" c`, 12, `unexpected "c" after the command`},
	{`load ""`, 6, "the quoted file name is empty"},
	{`load "abc`, 6, `this quoted file name has no closing '"'`},
	{`load "abc\"`, 6, `this quoted file name has no closing '"'`},
	{`draw; load "x`, 12, `this quoted file name has no closing '"'`},
	{`load "C:\x\y.json"`, 9, `invalid escape \x in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{`load "a\q"`, 8, `invalid escape \q in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{`load "a\'"`, 8, `invalid escape \' in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{`load "\ud800"`, 7, `invalid escape \u in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{"load \"\\\x01\"", 7, `invalid escape "\\\x01" in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{`load "a\q" zz`, 8, `invalid escape \q in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{`load "a\nb"`, 8, "a file name cannot hold control character U+000A"},
	{"load \"a\nb\"", 8, "a file name cannot hold control character U+000A"},
	{`load "ab\x00"`, 9, "a file name cannot hold control character U+0000"},
	{`load "\u00a0"`, 7, "a file name cannot hold space character U+00A0"},
	{`load "a\u200b"`, 8, "a file name cannot hold invisible character U+200B"},
	{`load "\xff"`, 7, "a file name cannot hold byte 0xFF, which is not UTF-8 text"},
	{`load "é\xc3"`, 9, "a file name cannot hold byte 0xC3, which is not UTF-8 text"},
	{"load \"a\xffb\"", 8, "a file name cannot hold byte 0xFF, which is not UTF-8 text"},
	{"load a\u00a0b", 7, `unexpected space character U+00A0: ` + tokenKinds},
	{"load a\x00", 7, `unexpected control character U+0000: ` + tokenKinds},
	{"load \x1b[A", 6, `unexpected control character U+001B: ` + tokenKinds},
	{"load!", 5, `unexpected character "!": ` + tokenKinds},
	{"load.json", 5, `unexpected character ".": ` + tokenKinds},
	{"load a; drwa", 9, `unknown command "drwa"; did you mean "draw"?`},
	{`"x"`, 1, `unexpected "\"x\"": a command starts with a word such as move or draw, or a pile such as C3`},
	{`draw "x"`, 6, `unexpected "\"x\"" after the command`},
	{`help "x"`, 6, "help takes a topic word, e.g. help move"},

	// Switching games, saving, history and statistics.
	{"swich freecell", 1, `unknown command "swich"; did you mean "switch"?`},
	{"swtich", 1, `unknown command "swtich"; did you mean "switch"?`},
	{"sve g.json", 1, `unknown command "sve"; did you mean "save"?`},
	{"saev", 1, `unknown command "saev"; did you mean "save"?`},
	{"histroy", 1, `unknown command "histroy"; did you mean "history"?`},
	{"stat", 1, `unknown command "stat"; did you mean "stats"?`},
	{"stat klondike", 1, `unknown command "stat"; did you mean "stats"?`},
	{"save-x", 1, `unknown command "save-x"; did you mean "save"?`},
	{"switch", 7, switchNeedsGame},
	{"switch ", 8, switchNeedsGame},
	{"Switch # which?", 16, switchNeedsGame},
	{"switch; draw", 7, switchNeedsGame},
	{"switch 3", 8, switchNeedsGame},
	{"switch c3", 8, switchNeedsGame},
	{"switch =", 8, switchNeedsGame},
	{`switch "freecell"`, 8, switchNeedsGame},
	{"switch freecell klondike", 17, `unexpected "klondike" after the command`},
	{"switch la peau now", 11, `unexpected "peau" after the command`},
	{"switch la peau 3", 11, `unexpected "peau" after the command`},
	{"switch x.y", 9, `unexpected character ".": ` + tokenKinds},
	{"save", 5, saveNeedsFile},
	{"save ", 6, saveNeedsFile},
	{"SAVE # which?", 14, saveNeedsFile},
	{"save; draw", 5, saveNeedsFile},
	{"save ;", 6, saveNeedsFile},
	{"save3", 5, saveNeedsFile},
	{"save=x", 5, saveNeedsFile},
	{"save?", 5, saveNeedsFile},
	{"save a b", 8, `unexpected "b" after the file name; a name with blanks is written in quotes, e.g. save "my games/p1.json"`},
	{"save a force b", 14, `unexpected "b" after the command`},
	{"save a force force", 14, `unexpected "force" after the command`},
	{`save a"b"`, 7, `unexpected "\"b\"" after the file name; a name with blanks is written in quotes, e.g. save "my games/p1.json"`},
	{`save "a b" c`, 12, `unexpected "c" after the command`},
	{`save ""`, 6, "the quoted file name is empty"},
	{`save "abc`, 6, `this quoted file name has no closing '"'`},
	{`save "C:\x\y.json"`, 9, `invalid escape \x in the quoted file name; write \\ for a backslash, or leave the name unquoted`},
	{`save "a\nb"`, 8, "a file name cannot hold control character U+000A"},
	{`save "\xff"`, 7, "a file name cannot hold byte 0xFF, which is not UTF-8 text"},
	{"save a\x00", 7, `unexpected control character U+0000: ` + tokenKinds},
	{"save!", 5, `unexpected character "!": ` + tokenKinds},
	{"save a; saev", 9, `unknown command "saev"; did you mean "save"?`},
	{"export a b", 10, `unexpected "b" after the file name; a name with blanks is written in quotes, e.g. export "my games/p1.json"`},
	{"export a force b", 16, `unexpected "b" after the command`},
	{"export=a", 7, `unexpected "=" after the command`},
	{`export ""`, 8, "the quoted file name is empty"},
	{"exprot", 1, `unknown command "exprot"; did you mean "export"?`},
	{"history 3", 9, `unexpected "3" after the command`},
	{"history all", 9, `unexpected "all" after the command`},
	{"stats 3", 7, statsTakesGame},
	{"stats c3", 7, statsTakesGame},
	{"stats =", 7, statsTakesGame},
	{"stats ?", 7, statsTakesGame},
	{`stats "klondike"`, 7, statsTakesGame},
	{"stats klondike freecell", 16, `unexpected "freecell" after the command`},
	{"stats klondike 3", 16, `unexpected "3" after the command`},
	{"solve now", 7, solveTakesPlay},
	{"solve 3", 7, solveTakesPlay},
	{"solve play fast", 12, `unexpected "fast" after the command`},
	{"demo play", 6, `unexpected "play" after the command`},
	{"watch maybe", 7, watchTakesMode},
	{"watch on off", 10, `unexpected "off" after the command`},
	{"review now", 8, reviewTakesSeconds},
	{"review c3", 8, reviewTakesSeconds},
	{"review =", 8, reviewTakesSeconds},
	{"review 0", 8, "the number of seconds must be from 1 to 9999, not 0"},
	{"review 10000", 8, "the number of seconds must be from 1 to 9999, not 10000"},
	{"review 60 s", 11, `unexpected "s" after the command`},
	{"review 60 more", 11, `unexpected "more" after the command`},
	{"reveiw", 1, `unknown command "reveiw"; did you mean "review"?`},
}

func TestParseErrors(t *testing.T) {
	for _, c := range errorCases {
		before := fallbacks.Load()
		got, err := Parse(c.line)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want an error", c.line, ops(got))
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q): error %T, want *Error", c.line, err)
			continue
		}
		if pe.Column != c.col || pe.Msg != c.msg {
			t.Errorf("Parse(%q) error = %d: %s\n want %d: %s", c.line, pe.Column, pe.Msg, c.col, c.msg)
		}
		if got != nil {
			t.Errorf("Parse(%q) returned commands with an error", c.line)
		}
		if fallbacks.Load() != before {
			t.Errorf("Parse(%q): the grammar refused a line of tokens", c.line)
		}
		if strings.Contains(pe.Msg, "expected") && strings.Contains(pe.Msg, "<") {
			t.Errorf("Parse(%q): participle's text leaked: %s", c.line, pe.Msg)
		}
	}
}

func TestErrorString(t *testing.T) {
	_, err := Parse("drwa")
	if err.Error() != `unknown command "drwa"; did you mean "draw"?` {
		t.Errorf("Error() = %q, want the message alone", err.Error())
	}
}

// roundTripOps are built by hand to reach corners the parse table may miss.
var roundTripOps = []action{
	mv(c3, f1, 0), mv(c3, fA, 2), mv(w, no, 0), mv(ref('S', 0), no, 0), mv(ref('S', 0), w, 1),
	mv(ref('R', 0), ref('C', 0), 0), mv(ref('C', 9999), ref('R', 4), 9999),
	model.Draw{}, model.Undo{N: 1}, model.Undo{N: 7}, model.Redo{N: 1}, model.Redo{N: 20},
	model.Restart{}, New{}, New{Game: "klondike"}, New{Game: "la-peau"},
	New{Game: "freecell", Options: []model.Option{{Key: "cells", Value: "2"}, {Key: "kings-only", Value: "true"}}},
	New{Options: []model.Option{{Key: "draw", Value: "3"}}},
	New{Game: "draw"},
	model.Auto{}, model.Moves{}, model.Hint{}, Time{}, Show{}, Review{}, Review{Seconds: 1}, Review{Seconds: 9999},
	Help{}, Help{Topic: "move"}, Help{Topic: "grammar"}, Quit{},
	model.Purge{}, model.Policy{Name: "same-suit"}, model.Policy{Name: "alternate"}, ListGames{},
	Load{Path: "pos.json"}, Load{Path: "./testdata/x.json"}, Load{Path: "my games/p1.json"},
	Load{Path: `C:\x\y.json`}, Load{Path: `C:\my games\x.json`}, Load{Path: `say "hi".json`},
	Load{Path: "tab\there"}, Load{Path: "a;b"}, Load{Path: "#1"}, Load{Path: " "},
	Load{Path: "été.json"}, Load{Path: "load"}, Load{Path: "c3f1"}, Load{Path: "-"},
	Load{Path: "="}, Load{Path: "?"}, Load{Path: "\\"}, Load{Path: `"`},
	Switch{Game: "freecell"}, Switch{Game: "la-peau"}, Switch{Game: "save"},
	Save{Path: "game.json"}, Save{Path: "my games/g.json"}, Save{Path: `C:\my games\x.json`},
	Save{Path: `say "hi".json`}, Save{Path: "tab\there"}, Save{Path: "a;b"},
	Save{Path: "#1"}, Save{Path: " "}, Save{Path: "été.json"}, Save{Path: "save"},
	Save{Path: "c3f1"}, Save{Path: "\\"}, Save{Path: `"`}, Save{Path: "?"},
	Save{Path: "g.json", Force: true}, Save{Path: "force"}, Save{Path: "force", Force: true},
	Save{Path: "my games/g.json", Force: true},
	Export{}, Export{Path: "b.board"}, Export{Path: "a;b", Force: true}, Export{Path: "force"},
	History{}, Stats{}, Stats{Game: "klondike"}, Stats{Game: "la-peau"},
	Switch{Game: "la peau"}, Stats{Game: "la peau"}, Help{Topic: "la peau"}, New{Game: "la peau"},
	New{Game: "fifteen puzzle", Options: []model.Option{{Key: "relaxed", Value: "true"}}},
}

func TestRoundTrip(t *testing.T) {
	all := append([]action(nil), roundTripOps...)
	for _, c := range parseCases {
		all = append(all, c.want...)
	}
	for _, op := range all {
		got, err := Parse(op.String())
		if err != nil {
			t.Errorf("Parse(%q): %v", op.String(), err)
			continue
		}
		if len(got) != 1 || !reflect.DeepEqual(got[0].action(), op) {
			t.Errorf("Parse(%q) = %#v, want %#v", op.String(), ops(got), op)
			continue
		}
		if got[0].Text != op.String() || got[0].Column != 1 {
			t.Errorf("Parse(%q): text %q at %d", op.String(), got[0].Text, got[0].Column)
		}
	}
}

// TestGrammarReadsEveryLine checks that participle reads every line the lexer does, so that
// every message about a command comes from the conversion of its parse tree.
func TestGrammarReadsEveryLine(t *testing.T) {
	var lines []string
	for _, c := range parseCases {
		lines = append(lines, c.line)
	}
	for _, c := range errorCases {
		lines = append(lines, c.line)
	}
	for _, line := range lines {
		checkWalk(t, line)
	}
}

// checkWalk checks that the grammar accepts line when the lexer reads all of it, and that a
// line it does not accept gets the lexer's message at the byte the lexer refused.
func checkWalk(t *testing.T, line string) {
	t.Helper()
	lexes := true
	lx, _ := lexer.Definition.LexString("", line)
	for {
		tok, err := lx.Next()
		if err != nil {
			lexes = false
			break
		}
		if tok.EOF() {
			break
		}
	}
	_, perr := grammar().ParseString("", line)
	if lexes && perr != nil {
		t.Errorf("%q: the lexer reads it but the grammar refuses it: %v", line, perr)
	}
	if !lexes && perr == nil {
		t.Errorf("%q: the lexer refuses it but the grammar reads it", line)
	}
}

func TestSuggest(t *testing.T) {
	cases := map[string]string{
		"drwa": "draw", "darw": "draw", "draww": "draw", "raw": "draw", "mvoe": "move", "mvoes": "moves",
		"moev": "move", "hnit": "hint", "shwo": "show", "tiem": "time", "ato": "auto", "nwe": "new",
		"resatrt": "restart", "recylce": "recycle", "exti": "exit",
		"purg": "purge", "prgue": "purge", "polcy": "policy", "plicy": "policy", "gmes": "games",
		"gaems": "games", "laod": "load", "lod": "load", "loda": "load",
		"swich": "switch", "swtich": "switch", "switc": "switch", "sve": "save", "saev": "save", "sav": "save",
		"histroy": "history", "histry": "history", "stat": "stats", "stast": "stats", "sats": "stats",
		"x": "", "h": "", "zzzz": "", "he": "", "abcdefgh": "", strings.Repeat("a", 100): "",
	}
	for w, want := range cases {
		if got := suggest(w); got != want {
			t.Errorf("suggest(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestGrammar(t *testing.T) {
	g := Grammar()
	for _, want := range []string{
		`Line = Command? (";" Command?)* .`,
		`Move = ("move" | "m") ((CardName | Pile) (Pile | CardName)? Count?)? .`,
		`CardMove = CardName (Pile | CardName)? Count? .`,
		`Command = (Bare | CardMove | Move | Draw | Undo | Redo | Restart | NewGame | Auto | Moves | Hint | Time | Show | Help | Quit | Purge | Policy | ListGames | Load | SwitchGame | Save | Export | History | Stats | SolveGame | Watch | Review | Pause | Extra) Extra* .`,
		`Extra = (<word> | <pile> | <card> | <number> | <string> | <path> | <eq> | <query>) .`,
		`<card>`,
		`Undo = ("undo" | "u") Count? .`,
		`Help = ("help" | "?") <word>? .`,
		`<eq>`,
		`<query>`,
		`<pile>`,
	} {
		if !strings.Contains(g, want) {
			t.Errorf("Grammar() lacks %q:\n%s", want, g)
		}
	}
}

func TestGrammarNewCommands(t *testing.T) {
	g := Grammar()
	for _, want := range []string{
		`Purge = "purge" .`,
		`Policy = "policy" <word>? .`,
		`ListGames = "games" .`,
		`Load = "load" FileName? .`,
		`FileName = <string> | <path> .`,
		`SwitchGame = "switch" <word>? .`,
		`Save = "save" (FileName "force"?)? .`,
		`Export = "export" (FileName "force"?)? .`,
		`History = "history" .`,
		`Stats = "stats" <word>? .`,
		`Review = "review" Count? .`,
		`<string>`,
		`<path>`,
	} {
		if !strings.Contains(g, want) {
			t.Errorf("Grammar() lacks %q:\n%s", want, g)
		}
	}
}

func TestColumnAndTextLoad(t *testing.T) {
	cases := []struct {
		line string
		want []Command
	}{
		{"  load  pos.json  # x", []Command{cmd(Load{Path: "pos.json"}, 3, "load  pos.json")}},
		{`purge;load "a b";games`, []Command{cmd(model.Purge{}, 1, "purge"), cmd(Load{Path: "a b"}, 7, `load "a b"`), cmd(ListGames{}, 18, "games")}},
		{"policy  Alternate ;", []Command{cmd(model.Policy{Name: "alternate"}, 1, "policy  Alternate")}},
		{"  save  g.json  # x", []Command{cmd(Save{Path: "g.json"}, 3, "save  g.json")}},
		{`history;save "a b";stats  Klondike ; switch freecell`, []Command{cmd(History{}, 1, "history"), cmd(Save{Path: "a b"}, 9, `save "a b"`), cmd(Stats{Game: "klondike"}, 20, "stats  Klondike"), cmd(Switch{Game: "freecell"}, 38, "switch freecell")}},
	}
	for _, c := range cases {
		got, err := Parse(c.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.line, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", c.line, got, c.want)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	const line = "move C3 F1; undo 2 # a typical line"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseShort(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("c3f1"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseError(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("new klondike draw="); err == nil {
			b.Fatal("no error")
		}
	}
}

// cmd is a Command as Parse files it.
func cmd(a action, column int, text string) Command { return commandOf(a, column, text) }

// cm is a move whose source is a card.
// onto is a move of card onto the pile card d tops.
func onto(card, d string) model.Move {
	m := cm(card, model.PileRef{})
	m.Onto = cm(d, model.PileRef{}).Card
	return m
}

func cm(card string, to model.PileRef) model.Move {
	c, err := model.ParseCard(card)
	if err != nil {
		panic(err)
	}
	return model.Move{Card: c, To: to}
}
