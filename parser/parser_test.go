package parser

import (
	"errors"
	"reflect"
	"strings"
	"testing"

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
	want []model.Op
}{
	// Empty lines, comments and empty commands.
	{"", nil},
	{"   ", nil},
	{"\t", nil},
	{"# just a comment", nil},
	{";", nil},
	{" ; ;; ", nil},
	{"draw\n", []model.Op{model.Draw{}}},
	{"draw\r\n", []model.Op{model.Draw{}}},

	// move and its aliases and bare forms.
	{"move C3 F1", []model.Op{mv(c3, f1, 0)}},
	{"move c3 f1", []model.Op{mv(c3, f1, 0)}},
	{"MOVE C3 F1", []model.Op{mv(c3, f1, 0)}},
	{"Move c3", []model.Op{mv(c3, no, 0)}},
	{"m c3 f1", []model.Op{mv(c3, f1, 0)}},
	{"M c3 f", []model.Op{mv(c3, fA, 0)}},
	{"move C1 C4 3", []model.Op{mv(ref('C', 1), ref('C', 4), 3)}},
	{"move c3 2", []model.Op{mv(c3, no, 2)}},
	{"move c3 f1 1", []model.Op{mv(c3, f1, 1)}},
	{"move s", []model.Op{mv(ref('S', 0), no, 0)}},
	{"move w", []model.Op{mv(w, no, 0)}},
	{"c3 f1", []model.Op{mv(c3, f1, 0)}},
	{"c3f1", []model.Op{mv(c3, f1, 0)}},
	{"C3F1", []model.Op{mv(c3, f1, 0)}},
	{"c3f", []model.Op{mv(c3, fA, 0)}},
	{"C1 C4 3", []model.Op{mv(ref('C', 1), ref('C', 4), 3)}},
	{"c1c4 3", []model.Op{mv(ref('C', 1), ref('C', 4), 3)}},
	{"w f", []model.Op{mv(w, fA, 0)}},
	{"W F", []model.Op{mv(w, fA, 0)}},
	{"w", []model.Op{mv(w, no, 0)}},
	{"c3", []model.Op{mv(c3, no, 0)}},
	{"c", []model.Op{mv(ref('C', 0), no, 0)}},
	{"f", []model.Op{mv(fA, no, 0)}},
	{"r", []model.Op{mv(ref('R', 0), no, 0)}},
	{"e", []model.Op{mv(ref('R', 0), no, 0)}},
	{"c3 3", []model.Op{mv(c3, no, 3)}},
	{"r2 c3", []model.Op{mv(ref('R', 2), c3, 0)}},
	{"E2 c3", []model.Op{mv(ref('R', 2), c3, 0)}},
	{"c3 e", []model.Op{mv(c3, ref('R', 0), 0)}},
	{"c3 r", []model.Op{mv(c3, ref('R', 0), 0)}},
	{"C99", []model.Op{mv(ref('C', 99), no, 0)}},
	{"c03 f01", []model.Op{mv(c3, f1, 0)}},
	{"c9999", []model.Op{mv(ref('C', 9999), no, 0)}},
	{"s w", []model.Op{mv(ref('S', 0), w, 0)}},
	{"s1", []model.Op{mv(ref('S', 1), no, 0)}},
	{"s", []model.Op{model.Draw{}}},
	{"S", []model.Op{model.Draw{}}},
	{"move c3 f1 9999", []model.Op{mv(c3, f1, 9999)}},

	// FreeCell notation.
	{"38", []model.Op{mv(c3, ref('C', 8), 0)}},
	{"11", []model.Op{mv(ref('C', 1), ref('C', 1), 0)}},
	{"3a", []model.Op{mv(c3, ref('R', 1), 0)}},
	{"3b", []model.Op{mv(c3, ref('R', 2), 0)}},
	{"3c", []model.Op{mv(c3, ref('R', 3), 0)}},
	{"3d", []model.Op{mv(c3, ref('R', 4), 0)}},
	{"3A", []model.Op{mv(c3, ref('R', 1), 0)}},
	{"3h", []model.Op{mv(c3, fA, 0)}},
	{"3 h", []model.Op{mv(c3, fA, 0)}},
	{"3 a", []model.Op{mv(c3, ref('R', 1), 0)}},
	{"12a", []model.Op{mv(ref('C', 12), ref('R', 1), 0)}},
	{"a8", []model.Op{mv(ref('R', 1), ref('C', 8), 0)}},
	{"b8", []model.Op{mv(ref('R', 2), ref('C', 8), 0)}},
	{"d8", []model.Op{mv(ref('R', 4), ref('C', 8), 0)}},
	{"D1", []model.Op{mv(ref('R', 4), ref('C', 1), 0)}},
	{"c8", []model.Op{mv(ref('C', 8), no, 0)}}, // column C8, not cell c
	{"ah", []model.Op{mv(ref('R', 1), fA, 0)}},
	{"bh", []model.Op{mv(ref('R', 2), fA, 0)}},
	{"ch", []model.Op{mv(ref('R', 3), fA, 0)}},
	{"dh", []model.Op{mv(ref('R', 4), fA, 0)}},
	{"bc", []model.Op{mv(ref('R', 2), ref('R', 3), 0)}},
	{"AH", []model.Op{mv(ref('R', 1), fA, 0)}},
	{"38; 3a; ah", []model.Op{mv(c3, ref('C', 8), 0), mv(c3, ref('R', 1), 0), mv(ref('R', 1), fA, 0)}},

	// Other verbs.
	{"draw", []model.Op{model.Draw{}}},
	{"d", []model.Op{model.Draw{}}},
	{"D", []model.Op{model.Draw{}}},
	{"recycle", []model.Op{model.Draw{}}},
	{"undo", []model.Op{model.Undo{N: 1}}},
	{"undo 1", []model.Op{model.Undo{N: 1}}},
	{"undo 3", []model.Op{model.Undo{N: 3}}},
	{"u", []model.Op{model.Undo{N: 1}}},
	{"U 12", []model.Op{model.Undo{N: 12}}},
	{"redo", []model.Op{model.Redo{N: 1}}},
	{"redo 1", []model.Op{model.Redo{N: 1}}},
	{"redo 2", []model.Op{model.Redo{N: 2}}},
	{"restart", []model.Op{model.Restart{}}},
	{"new", []model.Op{model.New{}}},
	{"new klondike", []model.Op{model.New{Game: "klondike"}}},
	{"new Klondike", []model.Op{model.New{Game: "klondike"}}},
	{"new la-peau", []model.Op{model.New{Game: "la-peau"}}},
	{"new klondike draw=3 seed=42", []model.Op{model.New{Game: "klondike", Options: []model.Option{{Key: "draw", Value: "3"}, {Key: "seed", Value: "42"}}}}},
	{"new draw=3", []model.Op{model.New{Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"new draw = 3", []model.Op{model.New{Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"NEW FreeCell Supermove=Relaxed", []model.Op{model.New{Game: "freecell", Options: []model.Option{{Key: "supermove", Value: "relaxed"}}}}},
	{"new klondike any-card-on-empty=yes passes=unlimited", []model.Op{model.New{Game: "klondike", Options: []model.Option{{Key: "any-card-on-empty", Value: "yes"}, {Key: "passes", Value: "unlimited"}}}}},
	{"new draw", []model.Op{model.New{Game: "draw"}}},
	{"new x k=a1", []model.Op{model.New{Game: "x", Options: []model.Option{{Key: "k", Value: "a1"}}}}},
	{"new seed=18446744073709551615", []model.Op{model.New{Options: []model.Option{{Key: "seed", Value: "18446744073709551615"}}}}},
	{"auto", []model.Op{model.Auto{}}},
	{"moves", []model.Op{model.Moves{}}},
	{"hint", []model.Op{model.Hint{}}},
	{"time", []model.Op{model.Time{}}},
	{"show", []model.Op{model.Show{}}},
	{"help", []model.Op{model.Help{}}},
	{"?", []model.Op{model.Help{}}},
	{"help move", []model.Op{model.Help{Topic: "move"}}},
	{"HELP FreeCell", []model.Op{model.Help{Topic: "freecell"}}},
	{"help grammar", []model.Op{model.Help{Topic: "grammar"}}},
	{"? move", []model.Op{model.Help{Topic: "move"}}},
	{"?move", []model.Op{model.Help{Topic: "move"}}},
	{"help c", []model.Op{model.Help{Topic: "c"}}},
	{"quit", []model.Op{model.Quit{}}},
	{"exit", []model.Op{model.Quit{}}},
	{"q", []model.Op{model.Quit{}}},
	{"Q", []model.Op{model.Quit{}}},

	// La Peau, the collection and position files.
	{"purge", []model.Op{model.Purge{}}},
	{"PURGE", []model.Op{model.Purge{}}},
	{"policy same-suit", []model.Op{model.Policy{Name: "same-suit"}}},
	{"policy alternate", []model.Op{model.Policy{Name: "alternate"}}},
	{"Policy Same-Suit", []model.Op{model.Policy{Name: "same-suit"}}},
	{"policy c", []model.Op{model.Policy{Name: "c"}}},       // the game checks the name
	{"policy load", []model.Op{model.Policy{Name: "load"}}}, // load is a verb only first
	{"games", []model.Op{model.ListGames{}}},
	{"Games # all of them", []model.Op{model.ListGames{}}},
	{"load pos.json", []model.Op{model.Load{Path: "pos.json"}}},
	{"LOAD Pos.JSON", []model.Op{model.Load{Path: "Pos.JSON"}}},
	{"load ./testdata/x.json", []model.Op{model.Load{Path: "./testdata/x.json"}}},
	{"load /tmp/a-b_c.json", []model.Op{model.Load{Path: "/tmp/a-b_c.json"}}},
	{"load ../p.json", []model.Op{model.Load{Path: "../p.json"}}},
	{`load C:\x\y.json`, []model.Op{model.Load{Path: `C:\x\y.json`}}},
	{"load café.json", []model.Op{model.Load{Path: "café.json"}}},
	{"load ~/p1", []model.Op{model.Load{Path: "~/p1"}}},
	{"load c3f1", []model.Op{model.Load{Path: "c3f1"}}},
	{"load 38", []model.Op{model.Load{Path: "38"}}},
	{"load draw=3?", []model.Op{model.Load{Path: "draw=3?"}}},
	{"load load", []model.Op{model.Load{Path: "load"}}},
	{"load\tx.json\r\n", []model.Op{model.Load{Path: "x.json"}}},
	{"load   pos.json   # comment", []model.Op{model.Load{Path: "pos.json"}}},
	{`load "my games/p1.json"`, []model.Op{model.Load{Path: "my games/p1.json"}}},
	{`load"my games/p1.json"`, []model.Op{model.Load{Path: "my games/p1.json"}}},
	{`load "Say \"hi\"; #1.json"`, []model.Op{model.Load{Path: `Say "hi"; #1.json`}}},
	{`load "tab\there" # not a comment inside quotes`, []model.Op{model.Load{Path: "tab\there"}}},
	{`load "back\\slash"`, []model.Op{model.Load{Path: `back\slash`}}},
	{`load "\u00e9t\xc3\xa9\101.json"`, []model.Op{model.Load{Path: "étéA.json"}}},
	{`load "pos.json"`, []model.Op{model.Load{Path: "pos.json"}}},
	{"load pos.json; purge; games", []model.Op{model.Load{Path: "pos.json"}, model.Purge{}, model.ListGames{}}},
	{"load a;load b", []model.Op{model.Load{Path: "a"}, model.Load{Path: "b"}}},
	{"help load", []model.Op{model.Help{Topic: "load"}}},
	{"?load", []model.Op{model.Help{Topic: "load"}}},
	{"new load draw=3", []model.Op{model.New{Game: "load", Options: []model.Option{{Key: "draw", Value: "3"}}}}},

	// Switching games, saving, history and statistics.
	{"switch freecell", []model.Op{model.Switch{Game: "freecell"}}},
	{"Switch FreeCell", []model.Op{model.Switch{Game: "freecell"}}},
	{"switch la-peau", []model.Op{model.Switch{Game: "la-peau"}}},
	{"switch nosuchgame", []model.Op{model.Switch{Game: "nosuchgame"}}}, // the game checks the name
	{"switch c", []model.Op{model.Switch{Game: "c"}}},
	{"switch load", []model.Op{model.Switch{Game: "load"}}},
	{"switch save", []model.Op{model.Switch{Game: "save"}}},
	{"switch klondike # back", []model.Op{model.Switch{Game: "klondike"}}},
	{"save game.json", []model.Op{model.Save{Path: "game.json"}}},
	{"SAVE Game.JSON", []model.Op{model.Save{Path: "Game.JSON"}}},
	{"save ./saves/x-1.json", []model.Op{model.Save{Path: "./saves/x-1.json"}}},
	{`save C:\x\y.json`, []model.Op{model.Save{Path: `C:\x\y.json`}}},
	{"save café.json", []model.Op{model.Save{Path: "café.json"}}},
	{"save c3f1", []model.Op{model.Save{Path: "c3f1"}}},
	{"save 38", []model.Op{model.Save{Path: "38"}}},
	{"save draw=3?", []model.Op{model.Save{Path: "draw=3?"}}},
	{"save save", []model.Op{model.Save{Path: "save"}}},
	{"save load", []model.Op{model.Save{Path: "load"}}},
	{"load save", []model.Op{model.Load{Path: "save"}}},
	{"save\tx.json\r\n", []model.Op{model.Save{Path: "x.json"}}},
	{"save   g.json   # comment", []model.Op{model.Save{Path: "g.json"}}},
	{`save "my games/g.json"`, []model.Op{model.Save{Path: "my games/g.json"}}},
	{`save"my games/g.json"`, []model.Op{model.Save{Path: "my games/g.json"}}},
	{`save "Say \"hi\"; #1.json"`, []model.Op{model.Save{Path: `Say "hi"; #1.json`}}},
	{`save "back\\slash"`, []model.Op{model.Save{Path: `back\slash`}}},
	{`save "\u00e9t\xc3\xa9\101.json"`, []model.Op{model.Save{Path: "étéA.json"}}},
	{"save g.json; load g.json", []model.Op{model.Save{Path: "g.json"}, model.Load{Path: "g.json"}}},
	{"save a;save b", []model.Op{model.Save{Path: "a"}, model.Save{Path: "b"}}},
	{"save g.json force", []model.Op{model.Save{Path: "g.json", Force: true}}},
	{"SAVE g.json FORCE # yes", []model.Op{model.Save{Path: "g.json", Force: true}}},
	{`save "a b" force;draw`, []model.Op{model.Save{Path: "a b", Force: true}, model.Draw{}}},
	{"save force", []model.Op{model.Save{Path: "force"}}},
	{"help save", []model.Op{model.Help{Topic: "save"}}},
	{"new save draw=3", []model.Op{model.New{Game: "save", Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"policy save", []model.Op{model.Policy{Name: "save"}}},
	{"history", []model.Op{model.History{}}},
	{"HISTORY # all moves", []model.Op{model.History{}}},
	{"stats", []model.Op{model.Stats{}}},
	{"stats klondike", []model.Op{model.Stats{Game: "klondike"}}},
	{"solve", []model.Op{model.Solve{}}},
	{"pause; PAUSE", []model.Op{model.Pause{}, model.Pause{}}},
	{"new klondike open draw=3", []model.Op{model.New{Game: "klondike", Options: []model.Option{{Key: "open"}, {Key: "draw", Value: "3"}}}}},
	{"new klondike draw", []model.Op{model.New{Game: "klondike", Options: []model.Option{{Key: "draw"}}}}},
	{"NEWGAME", []model.Op{model.New{}}},
	{"new game", []model.Op{model.New{}}},
	{"new Game draw=3", []model.Op{model.New{Options: []model.Option{{Key: "draw", Value: "3"}}}}},
	{"newgame freecell", []model.Op{model.New{Game: "freecell"}}},
	{"SOLVE Play", []model.Op{model.Solve{Play: true}}},
	{"demo", []model.Op{model.Solve{Play: true}}},
	{"watch", []model.Op{model.Watch{}}},
	{"watch on; watch OFF", []model.Op{model.Watch{Mode: "on"}, model.Watch{Mode: "off"}}},
	{"Stats La-Peau", []model.Op{model.Stats{Game: "la-peau"}}},
	{"stats; history; switch freecell", []model.Op{model.Stats{}, model.History{}, model.Switch{Game: "freecell"}}},
	{"help switch", []model.Op{model.Help{Topic: "switch"}}},
	{"?stats", []model.Op{model.Help{Topic: "stats"}}},

	// Several commands and comments.
	{"draw; draw", []model.Op{model.Draw{}, model.Draw{}}},
	{"draw;draw;", []model.Op{model.Draw{}, model.Draw{}}},
	{"c3 f1; undo # oops", []model.Op{mv(c3, f1, 0), model.Undo{N: 1}}},
	{"d;w f;;s # deal", []model.Op{model.Draw{}, mv(w, fA, 0), model.Draw{}}},
	{"hint #; draw", []model.Op{model.Hint{}}},
}

func ops(cs []Command) []model.Op {
	var out []model.Op
	for _, c := range cs {
		out = append(out, c.Op)
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
		{"draw", []Command{{model.Draw{}, 1, "draw"}}},
		{"  draw  ", []Command{{model.Draw{}, 3, "draw"}}},
		{"c3f1", []Command{{mv(c3, f1, 0), 1, "c3f1"}}},
		{"  move  c3   f1 # go ; x", []Command{{mv(c3, f1, 0), 3, "move  c3   f1"}}},
		{"undo 2;redo ; 38", []Command{{model.Undo{N: 2}, 1, "undo 2"}, {model.Redo{N: 1}, 8, "redo"}, {mv(c3, ref('C', 8), 0), 15, "38"}}},
		{";;new klondike draw = 3 ;", []Command{{model.New{Game: "klondike", Options: []model.Option{{Key: "draw", Value: "3"}}}, 3, "new klondike draw = 3"}}},
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
	{"38 2", 4, `unexpected "2" after the command`},
	{"ah 3", 4, `unexpected "3" after the command`},
	{"restart ?", 9, `unexpected "?" after the command`},
	{"draw draw", 6, `unexpected "draw" after the command`},

	// Starts that are no command.
	{"=", 1, `unexpected "=": a command starts with a word such as move or draw, or a pile such as C3`},
	{"draw; = 3", 7, `unexpected "=": a command starts with a word such as move or draw, or a pile such as C3`},

	// FreeCell notation.
	{"3", 1, `"3" is not a command: a FreeCell move is two digits, e.g. 38 moves column 3 to column 8`},
	{"123", 1, `"123" is not a command: a FreeCell move is two digits, e.g. 38 moves column 3 to column 8`},
	{"30", 2, "there is no column 0: columns are numbered from 1"},
	{"03", 1, "there is no column 0: columns are numbered from 1"},
	{"0a", 1, "there is no column 0: columns are numbered from 1"},
	{"a0", 1, "there is no column 0: columns are numbered from 1"},
	{"b99999", 1, "there is no column 99999: column numbers stop at 9999"},
	{"99999a", 1, "there is no column 99999: column numbers stop at 9999"},
	{"3x", 2, `after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. 3a or 3h; "x" is neither`},
	{"3 ab", 3, `after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. 3a or 3h; "ab" is neither`},
	{"3f", 2, `after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. 3a or 3h; "f" is neither`},

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
			t.Errorf("Parse(%q): the walker could not explain the grammar's rejection", c.line)
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
var roundTripOps = []model.Op{
	mv(c3, f1, 0), mv(c3, fA, 2), mv(w, no, 0), mv(ref('S', 0), no, 0), mv(ref('S', 0), w, 1),
	mv(ref('R', 0), ref('C', 0), 0), mv(ref('C', 9999), ref('R', 4), 9999),
	model.Draw{}, model.Undo{N: 1}, model.Undo{N: 7}, model.Redo{N: 1}, model.Redo{N: 20},
	model.Restart{}, model.New{}, model.New{Game: "klondike"}, model.New{Game: "la-peau"},
	model.New{Game: "freecell", Options: []model.Option{{Key: "cells", Value: "2"}, {Key: "kings-only", Value: "true"}}},
	model.New{Options: []model.Option{{Key: "draw", Value: "3"}}},
	model.New{Game: "draw"},
	model.Auto{}, model.Moves{}, model.Hint{}, model.Time{}, model.Show{},
	model.Help{}, model.Help{Topic: "move"}, model.Help{Topic: "grammar"}, model.Quit{},
	model.Purge{}, model.Policy{Name: "same-suit"}, model.Policy{Name: "alternate"}, model.ListGames{},
	model.Load{Path: "pos.json"}, model.Load{Path: "./testdata/x.json"}, model.Load{Path: "my games/p1.json"},
	model.Load{Path: `C:\x\y.json`}, model.Load{Path: `C:\my games\x.json`}, model.Load{Path: `say "hi".json`},
	model.Load{Path: "tab\there"}, model.Load{Path: "a;b"}, model.Load{Path: "#1"}, model.Load{Path: " "},
	model.Load{Path: "été.json"}, model.Load{Path: "load"}, model.Load{Path: "c3f1"}, model.Load{Path: "-"},
	model.Load{Path: "="}, model.Load{Path: "?"}, model.Load{Path: "\\"}, model.Load{Path: `"`},
	model.Switch{Game: "freecell"}, model.Switch{Game: "la-peau"}, model.Switch{Game: "save"},
	model.Save{Path: "game.json"}, model.Save{Path: "my games/g.json"}, model.Save{Path: `C:\my games\x.json`},
	model.Save{Path: `say "hi".json`}, model.Save{Path: "tab\there"}, model.Save{Path: "a;b"},
	model.Save{Path: "#1"}, model.Save{Path: " "}, model.Save{Path: "été.json"}, model.Save{Path: "save"},
	model.Save{Path: "c3f1"}, model.Save{Path: "\\"}, model.Save{Path: `"`}, model.Save{Path: "?"},
	model.Save{Path: "g.json", Force: true}, model.Save{Path: "force"}, model.Save{Path: "force", Force: true},
	model.Save{Path: "my games/g.json", Force: true},
	model.History{}, model.Stats{}, model.Stats{Game: "klondike"}, model.Stats{Game: "la-peau"},
}

func TestRoundTrip(t *testing.T) {
	all := append([]model.Op(nil), roundTripOps...)
	for _, c := range parseCases {
		all = append(all, c.want...)
	}
	for _, op := range all {
		got, err := Parse(op.String())
		if err != nil {
			t.Errorf("Parse(%q): %v", op.String(), err)
			continue
		}
		if len(got) != 1 || !reflect.DeepEqual(got[0].Op, op) {
			t.Errorf("Parse(%q) = %#v, want %#v", op.String(), ops(got), op)
			continue
		}
		if got[0].Text != op.String() || got[0].Column != 1 {
			t.Errorf("Parse(%q): text %q at %d", op.String(), got[0].Text, got[0].Column)
		}
	}
}

// TestWalkAgrees checks that the hand-written walker, which explains rejected lines, reads
// every line exactly as the grammar does.
func TestWalkAgrees(t *testing.T) {
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

func checkWalk(t *testing.T, line string) {
	t.Helper()
	cmds, err := Parse(line)
	wops, werr := walk(line)
	if err != nil {
		if werr == nil || *werr != *err.(*Error) {
			t.Errorf("%q: Parse error %v, walker error %v", line, err, werr)
		}
		return
	}
	if werr != nil || !reflect.DeepEqual(ops(cmds), wops) {
		t.Errorf("%q: Parse gives %v, walker gives %v, %v", line, ops(cmds), wops, werr)
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
		`Move = ("move" | "m") Pile Pile? Count? .`,
		`Undo = ("undo" | "u") Count? .`,
		`Help = ("help" | "?") <word>? .`,
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
		`Policy = "policy" <word> .`,
		`ListGames = "games" .`,
		`Load = "load" FileName .`,
		`FileName = <string> | <path> .`,
		`SwitchGame = "switch" <word> .`,
		`Save = "save" FileName "force"? .`,
		`History = "history" .`,
		`Stats = "stats" <word>? .`,
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
		{"  load  pos.json  # x", []Command{{model.Load{Path: "pos.json"}, 3, "load  pos.json"}}},
		{`purge;load "a b";games`, []Command{{model.Purge{}, 1, "purge"}, {model.Load{Path: "a b"}, 7, `load "a b"`}, {model.ListGames{}, 18, "games"}}},
		{"policy  Alternate ;", []Command{{model.Policy{Name: "alternate"}, 1, "policy  Alternate"}}},
		{"  save  g.json  # x", []Command{{model.Save{Path: "g.json"}, 3, "save  g.json"}}},
		{`history;save "a b";stats  Klondike ; switch freecell`, []Command{{model.History{}, 1, "history"}, {model.Save{Path: "a b"}, 9, `save "a b"`}, {model.Stats{Game: "klondike"}, 20, "stats  Klondike"}, {model.Switch{Game: "freecell"}, 38, "switch freecell"}}},
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
		if _, err := Parse("new klondike draw"); err == nil {
			b.Fatal("no error")
		}
	}
}
