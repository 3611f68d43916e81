package notation

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"solitaire/model"
	cmdparser "solitaire/parser"
)

func game(t testing.TB, cfg model.Config) *model.Game {
	t.Helper()
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// texts are the commands' canonical texts.
func texts(cs []cmdparser.Command) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

// decodeCase is a line and what a notation reads it as: the commands' canonical texts, or the
// column and message of its refusal.
type decodeCase struct {
	line string
	want []string
	col  int
	msg  string
}

func checkDecode(t *testing.T, n Notation, g *model.Game, cases []decodeCase) {
	t.Helper()
	for _, tc := range cases {
		dec, err := n.Decode(tc.line, g)
		if tc.col != 0 {
			pe, ok := err.(*cmdparser.Error)
			if !ok || pe.Column != tc.col || pe.Msg != tc.msg || dec.Commands != nil {
				t.Errorf("%s in %s: %q: %v, %v; want %d: %s", n.Name(), g.Info.Title, tc.line, texts(dec.Commands), err, tc.col, tc.msg)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(texts(dec.Commands), tc.want) {
			t.Errorf("%s in %s: %q: %q, %v; want %q", n.Name(), g.Info.Title, tc.line, texts(dec.Commands), err, tc.want)
		}
	}
}

// TestCommandsInFreeCell: FreeCell's command language reads a standard move typed as a whole
// command, the lone cards of two characters that spell one included; the rest is the command
// language's. Mistakes in a move are pointed at.
func TestCommandsInFreeCell(t *testing.T) {
	g := game(t, model.Config{Game: "freecell", Deal: 1})
	const neither = `after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. 3a or 3h; `
	checkDecode(t, commands{freecell: true}, g, []decodeCase{
		{line: "38", want: []string{"move C3 C8"}},
		{line: "11", want: []string{"move C1 C1"}}, // the game refuses it
		{line: "3a", want: []string{"move C3 R1"}},
		{line: "3A", want: []string{"move C3 R1"}},
		{line: "3 a", want: []string{"move C3 R1"}},
		{line: "3b", want: []string{"move C3 R2"}},
		{line: "3c", want: []string{"move C3 R3"}},
		{line: "3d", want: []string{"move C3 R4"}},
		{line: "3h", want: []string{"move C3 F"}},
		{line: "3 h", want: []string{"move C3 F"}},
		{line: "12a", want: []string{"move C12 R1"}},
		{line: "10 c", want: []string{"move C10 R3"}},
		{line: "10 H", want: []string{"move C10 F"}},
		{line: "a8", want: []string{"move R1 C8"}},
		{line: "D1", want: []string{"move R4 C1"}},
		{line: "ah", want: []string{"move R1 F"}},
		{line: "AH", want: []string{"move R1 F"}},
		{line: "ad", want: []string{"move R1 R4"}},
		{line: "bh", want: []string{"move R2 F"}},
		{line: "ch", want: []string{"move R3 F"}},
		{line: "bc", want: []string{"move R2 R3"}},
		{line: "38; 3a; ah # home", want: []string{"move C3 C8", "move C3 R1", "move R1 F"}},
		// The command language's.
		{line: "c8", want: []string{"move C8"}},  // column C8, not cell c: write r3 c8
		{line: "10c", want: []string{"move TC"}}, // the ten of clubs
		{line: "as", want: []string{"move AS"}},  // a and s spell no move
		{line: "2s", want: []string{"move 2S"}},  // nor do 2 and s
		{line: "7♥", want: []string{"move 7H"}},  // a suit symbol is no notation
		{line: "move 3h", want: []string{"move 3H"}},
		{line: "3h c5", want: []string{"move 3H C5"}},
		{line: "c3 f1; draw", want: []string{"move C3 F1", "draw"}},
		{line: "load 38", want: []string{"load 38"}},
		// Mistakes.
		{line: "3", col: 1, msg: `"3" is not a command: a FreeCell move is two digits, e.g. 38 moves column 3 to column 8`},
		{line: "123", col: 1, msg: `"123" is not a command: a FreeCell move is two digits, e.g. 38 moves column 3 to column 8`},
		{line: "30", col: 2, msg: "there is no column 0: columns are numbered from 1"},
		{line: "03", col: 1, msg: "there is no column 0: columns are numbered from 1"},
		{line: "0a", col: 1, msg: "there is no column 0: columns are numbered from 1"},
		{line: "a0", col: 1, msg: "there is no column 0: columns are numbered from 1"},
		{line: "b99999", col: 1, msg: "there is no column 99999: column numbers stop at 9999"},
		{line: "99999a", col: 1, msg: "there is no column 99999: column numbers stop at 9999"},
		{line: "3x", col: 2, msg: neither + `"x" is neither`},
		{line: "3f", col: 2, msg: neither + `"f" is neither`},
		{line: "3 ab", col: 3, msg: neither + `"ab" is neither`},
		{line: "draw;  38   va", col: 13, msg: `after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. 38a or 38h; "va" is neither`},
		{line: "38 2", col: 4, msg: `unexpected "2" after the command`},
		{line: "bc c3", col: 4, msg: `unexpected "c3" after the command`},
		{line: "ah 3", col: 4, msg: "a card moves with the cards lying on it: leave the count out, or name the pile, e.g. move C3 C5 2"},
		{line: "drwa", col: 1, msg: `unknown command "drwa"; did you mean "draw"?`},
		{line: "x8", col: 1, msg: "unknown pile X8: pile names start with C (column), F (foundation), R or E (cell or reserve), S (stock), W (waste) or P (a card of a peak or pyramid)"},
		{line: "38; draw!", col: 9, msg: `unexpected character "!": commands are made of words, pile names like C3, card names like 7H, numbers, quoted file names, "=", ";" and "?"`},
		{line: "30; draw!", col: 2, msg: "there is no column 0: columns are numbered from 1"}, // the leftmost mistake
	})
}

// TestCommandsElsewhere: in other games a lone two-character card is the card, and the other
// standard moves are refused with the command to write; a mistaken one is no command at all.
func TestCommandsElsewhere(t *testing.T) {
	for _, cfg := range []model.Config{{Game: "klondike", Seed: 1}, {Game: "algerian", Seed: 1}} {
		g := game(t, cfg)
		n, err := For(g, "")
		if err != nil {
			t.Fatal(err)
		}
		checkDecode(t, n, g, []decodeCase{
			{line: "3h", want: []string{"move 3H"}},
			{line: "ah", want: []string{"move AH"}},
			{line: "AD", want: []string{"move AD"}},
			{line: "3c", want: []string{"move 3C"}},
			{line: "10c", want: []string{"move TC"}},
			{line: "c8", want: []string{"move C8"}},
			{line: "draw; c3 f", want: []string{"draw", "move C3 F"}},
			{line: "38", col: 1, msg: "38 is FreeCell's notation, which only FreeCell reads: write move C3 C8"},
			{line: "draw; a8", col: 7, msg: "a8 is FreeCell's notation, which only FreeCell reads: write move R1 C8"},
			{line: "A8", col: 1, msg: "a8 is FreeCell's notation, which only FreeCell reads: write move R1 C8"},
			{line: "3 a", col: 1, msg: "3 a is FreeCell's notation, which only FreeCell reads: write move C3 R1"},
			{line: "12a", col: 1, msg: "12a is FreeCell's notation, which only FreeCell reads: write move C12 R1"},
			{line: "bc", col: 1, msg: "bc is FreeCell's notation, which only FreeCell reads: write move R2 R3"},
			{line: "30", col: 1, msg: `unknown command "30"; type help to see the commands`},
			{line: "3x", col: 1, msg: `unknown command "3"; type help to see the commands`},
			{line: "38 2", col: 1, msg: `unknown command "38"; type help to see the commands`},
			{line: "d8", col: 1, msg: "d8 is FreeCell's notation, which only FreeCell reads: write move R4 C8"},
		})
	}
}

// TestStandardLines: in standard notation a line that begins with a move holds moves only, split
// at blanks, up to a comment or fc-solve's summary; other lines are FreeCell's command
// language. A word that is no move refuses the whole line.
func TestStandardLines(t *testing.T) {
	g := game(t, model.Config{Game: "freecell", Deal: 617})
	checkDecode(t, standard{}, g, []decodeCase{
		{line: "7a c4\t7bv2", want: []string{"move C7 R1", "move R3 C4", "move C7 R2 2"}},
		{line: "  7h # home", want: []string{"move C7 F"}},
		{line: "7a This game is solveable. Total number of states checked is 4308.", want: []string{"move C7 R1"}},
		{line: "draw", want: []string{"draw"}},
		{line: "move c3 f1; 38", want: []string{"move C3 F1", "move C3 C8"}},
		{line: "7a; 7b", want: []string{"move C7 R1", "move C7 R2"}}, // "7a;" is no move: a command line
		{line: "c4", want: []string{"move R3 C4"}},
		{line: "", want: nil},
		{line: "7a draw", col: 4, msg: `"draw" is not a move in standard notation; a line that begins with moves holds only moves (38 3a a8 3h ah 38v3)`},
		{line: "7av0", col: 1, msg: `"7av0" moves no cards: the count after v is 1 or more`},
	})
}

// TestStandardCounts: each move of a line has the count it carries where it is made, the line
// played on a copy: a move into a column emptied earlier in the line carries one card. From a
// move the game refuses on, the counts stay as written (the line stops there). The moves
// after the win are not needed; the game is left as it was.
func TestStandardCounts(t *testing.T) {
	g := emptyC8(t)
	if _, err := g.Play(model.Move{From: model.PileRef{Kind: 'C', Index: 7}, To: model.PileRef{Kind: 'C', Index: 8}, N: 3}); err != nil {
		t.Fatal(err) // C8 holds 9D 8S 7D, and C7 ends in 6C 4D
	}
	before := g.State.Clone()
	checkDecode(t, standard{}, g, []decodeCase{
		{line: "8a 8b 8c 78", want: []string{"move C8 R1", "move C8 R2", "move C8 R3", "move C7 C8 1"}},
		{line: "8a 8b 8c 78v2", want: []string{"move C8 R1", "move C8 R2", "move C8 R3", "move C7 C8 2"}},
		{line: "8a 8b 8c 58", want: []string{"move C8 R1", "move C8 R2", "move C8 R3", "move C5 C8 1"}},
		// ab is refused (cell b is full): the count of 78 stays as written, though C8 would be empty.
		{line: "8a 8b 8c ab 78", want: []string{"move C8 R1", "move C8 R2", "move C8 R3", "move R1 R2", "move C7 C8"}},
	})
	if !g.State.Equal(&before) {
		t.Fatal("decoding changed the game")
	}

	data, err := os.ReadFile("testdata/deal617.fcsolve")
	if err != nil {
		t.Fatal(err)
	}
	g = game(t, model.Config{Game: "freecell", Deal: 617})
	dec, err := standard{}.Decode(string(data), g)
	if err != nil {
		t.Fatal(err)
	}
	all := len(strings.Fields(string(data)))
	if len(dec.Unneeded) == 0 || len(dec.Commands)+len(dec.Unneeded) >= all {
		t.Fatalf("%d commands and %d unneeded of %d words", len(dec.Commands), len(dec.Unneeded), all)
	}
	if g.MoveCount() != 0 {
		t.Fatal("decoding changed the game")
	}
	for _, c := range dec.Commands {
		if _, err := g.Play(c.Op); err != nil {
			t.Fatalf("%s (%s): %v", c.Text, c, err)
		}
	}
	if !g.Won() {
		t.Fatal("the needed moves do not win")
	}
}

// TestFor: the command language in every game (FreeCell's with its standard moves), standard
// notation in FreeCell only.
func TestFor(t *testing.T) {
	fc := game(t, model.Config{Game: "freecell", Deal: 1})
	kl := game(t, model.Config{Game: "klondike", Seed: 1})
	for _, tc := range []struct {
		g          *model.Game
		name, want string
		err        string
	}{
		{g: fc, name: "", want: CommandLanguage},
		{g: fc, name: "commands", want: CommandLanguage},
		{g: fc, name: "standard", want: Standard},
		{g: kl, name: "", want: CommandLanguage},
		{g: kl, name: "standard", err: "--notation standard is FreeCell's notation; Klondike has only the command language"},
		{g: fc, name: "fc", err: `--notation "fc": use commands or standard`},
	} {
		n, err := For(tc.g, tc.name)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s %q: %v, want %s", tc.g.Info.Name, tc.name, err, tc.err)
		case tc.err == "" && (err != nil || n.Name() != tc.want):
			t.Errorf("%s %q: %v, %v; want %s", tc.g.Info.Name, tc.name, n, err, tc.want)
		}
	}
	if n, _ := For(fc, ""); n.(commands) != (commands{freecell: true}) {
		t.Error("FreeCell's command language does not read its standard moves")
	}
}

// TestRoundTrip: every legal move (and draw) at positions along a game of every kind, written
// by each notation the game has, reads back to a command that does the same there; the command
// language reads back the same command. Hints, solutions, history and review are written so.
func TestRoundTrip(t *testing.T) {
	for _, info := range model.Games() {
		for _, name := range Names {
			cfg := model.Config{Game: info.Name, Seed: 3}
			if info.Numbered {
				cfg = model.Config{Game: info.Name, Deal: 3}
			}
			g := game(t, cfg)
			n, err := For(g, name)
			if err != nil {
				continue // standard outside FreeCell
			}
			for step := 0; step < 40 && !g.Won(); step++ {
				legal := g.Legal()
				if len(legal) == 0 {
					break
				}
				for _, op := range legal {
					checkRoundTrip(t, n, g, op)
				}
				if _, err := g.Play(legal[(step*7)%len(legal)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkRoundTrip(t *testing.T, n Notation, g *model.Game, op model.Op) {
	t.Helper()
	text := n.Encode(op, g)
	dec, err := n.Decode(text, g)
	if err != nil || len(dec.Commands) != 1 || dec.Unneeded != nil {
		t.Fatalf("%s, %s: %s written %q reads back as %q, %v", g.Info.Title, n.Name(), op, text, texts(dec.Commands), err)
	}
	back := dec.Commands[0].Op
	if _, plain := n.(commands); plain && !reflect.DeepEqual(back, op) {
		t.Fatalf("%s: %s written %q reads back as %s", g.Info.Title, op, text, back)
	}
	want, _ := g.Back(0)
	got, _ := g.Back(0)
	if _, err := want.Play(op); err != nil {
		t.Fatal(err)
	}
	if _, err := got.Play(back); err != nil || !sameBoard(got, want) {
		t.Fatalf("%s, %s: %s written %q reads back as %s, which does otherwise (%v)", g.Info.Title, n.Name(), op, text, back, err)
	}
}

// sameBoard reports whether a and b hold the same cards in the same places, but for which
// foundation holds which suit: standard notation's h is "the foundations", and the game picks
// the first that takes the card, where a move may name another empty one.
func sameBoard(a, b *model.Game) bool {
	var fa, fb []string
	for i := range a.Def.Piles {
		pa, pb := a.State.Piles[i], b.State.Piles[i]
		if a.Def.Piles[i].Role == model.Foundation {
			fa, fb = append(fa, fmt.Sprint(pa.Cards)), append(fb, fmt.Sprint(pb.Cards))
			continue
		}
		if pa.Down != pb.Down || !slices.Equal(pa.Cards, pb.Cards) {
			return false
		}
	}
	slices.Sort(fa)
	slices.Sort(fb)
	return slices.Equal(fa, fb)
}

// TestModelKnowsNoNotation: the rules engine (package model: Game, Def, Move, Apply) knows
// nothing of notations: no word of them in its source, and no import of this package or the
// parser. How a move is written is this package's alone.
func TestModelKnowsNoNotation(t *testing.T) {
	files, err := filepath.Glob("../../model/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no model source: %v", err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if i := strings.Index(strings.ToLower(string(data)), "notation"); i >= 0 {
			line := strings.Count(string(data[:i]), "\n") + 1
			t.Errorf("%s:%d speaks of a notation", f, line)
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, data, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "solitaire/parser/notation" || path == "solitaire/parser" || path == "solitaire/lexer" {
				t.Errorf("%s imports %s", f, path)
			}
		}
	}
	for _, field := range reflect.VisibleFields(reflect.TypeFor[model.Move]()) {
		if field.Name != "From" && field.Name != "To" && field.Name != "N" && field.Name != "Card" && field.Name != "Onto" {
			t.Errorf("model.Move has a field %s: a move is its piles, its count or its cards", field.Name)
		}
	}
}

// FuzzDecode: any line, in every notation of FreeCell and in Klondike's command language, is
// refused with a column in the line, or read into commands whose texts stand in the line and
// whose canonical texts the command language of the game reads back the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"38", "3a; 3 a; 12a; 10 c; 10c", "a8 c3", "ah; as; 2s; 3h c5", "38 va", "30", "b99999",
		"7a 7b 7c b7 1b # x", "7a draw", "7av0", "38v3 This game is solveable.", "c4", "move 3h",
		"draw; 38", "load 38", "x8", "\xff", "38; draw!",
	} {
		f.Add(s)
	}
	fc := game(f, model.Config{Game: "freecell", Deal: 617})
	kl := game(f, model.Config{Game: "klondike", Seed: 1})
	codecs := []struct {
		n Notation
		g *model.Game
	}{{commands{freecell: true}, fc}, {standard{}, fc}, {commands{}, kl}}
	f.Fuzz(func(t *testing.T, line string) {
		for _, c := range codecs {
			dec, err := c.n.Decode(line, c.g)
			if err != nil {
				pe, ok := err.(*cmdparser.Error)
				if !ok || pe.Column < 1 || pe.Column > len(line)+1 || pe.Msg == "" {
					t.Fatalf("%s: %q: error %#v", c.n.Name(), line, err)
				}
				continue
			}
			plain, _ := For(c.g, "")
			for _, cmd := range append(dec.Commands, dec.Unneeded...) {
				if cmd.Column < 1 || cmd.Column-1+len(cmd.Text) > len(line) || line[cmd.Column-1:cmd.Column-1+len(cmd.Text)] != cmd.Text {
					t.Fatalf("%s: %q: text %q at column %d is not in the line", c.n.Name(), line, cmd.Text, cmd.Column)
				}
				back, err := plain.Decode(cmd.String(), c.g)
				if err != nil || len(back.Commands) != 1 || back.Commands[0].String() != cmd.String() {
					t.Fatalf("%s: %q gave %s, which reads back as %q, %v", c.n.Name(), line, cmd, texts(back.Commands), err)
				}
			}
		}
	})
}
