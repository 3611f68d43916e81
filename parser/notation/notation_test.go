package notation

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"solitaire/model"
	"solitaire/model/solve"
)

func freecell(t *testing.T, deal int64) *model.Game {
	t.Helper()
	g, err := model.NewGame(model.Config{Game: "freecell", Deal: deal})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// replay plays a line of standard-notation moves, as fc-solve prints it, read by the standard
// codec, and reports whether it wins; the summary fc-solve writes after the moves ends the
// line, and the moves after the win (which our game makes by itself) are not needed.
func replay(t *testing.T, g *model.Game, line string) {
	t.Helper()
	dec, err := standard{}.Decode(line, g)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range dec.Commands {
		if _, err := g.Play(c.Op); err != nil {
			t.Fatalf("move %d, %s (%s): %v", i+1, c.Text, c.Op, err)
		}
	}
	if !g.Won() {
		t.Fatal("the line does not win")
	}
}

// decodeMove reads one word of standard notation at g's position, as a line of one move.
func decodeMove(g *model.Game, tok string) (model.Move, error) {
	dec, err := standard{}.Decode(tok, g)
	if err != nil {
		return model.Move{}, err
	}
	if len(dec.Commands) != 1 {
		return model.Move{}, fmt.Errorf("%q: %d commands", tok, len(dec.Commands))
	}
	m, ok := dec.Commands[0].Op.(model.Move)
	if !ok {
		return model.Move{}, fmt.Errorf("%q: %s, not a move", tok, dec.Commands[0])
	}
	return m, nil
}

// TestFcSolveSolutionsReplay replays fc-solve's own solutions (kept from its output, with the
// count suffix and cell letters it writes) through the engine: each wins.
func TestFcSolveSolutionsReplay(t *testing.T) {
	for _, tc := range []struct {
		deal int64
		file string
	}{{617, "testdata/deal617.fcsolve"}, {1941, "testdata/deal1941.fcsolve"}} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		replay(t, freecell(t, tc.deal), string(data))
	}
}

// TestStandardRoundTrip writes our solver's solutions in standard notation and reads them
// back: the moves read are the moves written, and the line still wins.
func TestStandardRoundTrip(t *testing.T) {
	for deal := int64(1); deal <= 25; deal++ {
		g := freecell(t, deal)
		// The edits shorten the line as a full shortening would, without its searches' cost.
		r, err := solve.Solve(context.Background(), g, solve.Options{Shorten: solve.ShortenEdits, NoAuto: true})
		if err != nil || r.Status != solve.Solved {
			t.Fatalf("deal %d: %v %v", deal, r, err)
		}
		var toks []string
		w := freecell(t, deal)
		for _, op := range r.Moves {
			tok, err := encodeStandard(w, op)
			if err != nil {
				t.Fatalf("deal %d: %s: %v", deal, op, err)
			}
			back, err := decodeMove(w, tok)
			if err != nil {
				t.Fatalf("deal %d: %s read back: %v", deal, tok, err)
			}
			a := &model.Game{Info: w.Info, Def: w.Def, Config: w.Config, State: w.State.Clone()}
			if _, err := a.Play(back); err != nil {
				t.Fatalf("deal %d: %s as %s read back as %s: %v", deal, op, tok, back, err)
			}
			if _, err := w.Play(op); err != nil {
				t.Fatal(err)
			}
			if !a.State.Equal(&w.State) {
				t.Fatalf("deal %d: %s written %s reads back as %s, which moves other cards", deal, op, tok, back)
			}
			toks = append(toks, tok)
		}
		replay(t, freecell(t, deal), strings.Join(toks, " "))
	}
}

// TestDecodeStandardWord: a word of standard notation, alone on a line, is one move; a word
// that is no move makes the line a command line, for the command language.
func TestDecodeStandardWord(t *testing.T) {
	g := freecell(t, 617)
	// Empty column C1 and a card in cell a, to see the count rules.
	if _, err := g.Play(model.Move{From: model.PileRef{Kind: 'C', Index: 7}, To: model.PileRef{Kind: 'R', Index: 1}}); err != nil {
		t.Fatal(err)
	}
	const commandLine = "a command line"
	for _, tc := range []struct {
		tok, want, err string
	}{
		{"7b", "move C7 R2", ""},
		{"7H", "move C7 F", ""},
		{"a8", "move R1 C8", ""},
		{"ah", "move R1 F", ""},
		{"38", "move C3 C8", ""},
		{"38v3", "move C3 C8 3", ""},
		{"38vA", "move C3 C8 10", ""},
		{"ab", "move R1 R2", ""},
		{"38v0", "", "moves no cards"},
		{"c3p", commandLine, ""},
		{"3", commandLine, ""},
		{"h3", commandLine, ""},
		{"e3", commandLine, ""},
		{"38v", commandLine, ""},
		{"38vz", commandLine, ""},
	} {
		if tc.want == commandLine {
			if cmds, err := readMoves(tc.tok); cmds != nil || err != nil {
				t.Errorf("%s: %v, %v; want a command line", tc.tok, cmds, err)
			}
			continue
		}
		m, err := decodeMove(g, tc.tok)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want %q", tc.tok, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.tok, err)
		case tc.err == "" && m.String() != tc.want:
			t.Errorf("%s: %s, want %s", tc.tok, m, tc.want)
		}
	}
}

// emptyC8 is a FreeCell position with column C8 empty and a run of three cards, 9D 8S 7D, on
// top of C7.
func emptyC8(t *testing.T) *model.Game {
	t.Helper()
	pos, err := ParseBoard(`Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: 4C 2C 9C 8C QS 4S 2H
: 5H QH 3C AC 3H 4H QD
: QC 9S 6H 9H 3S KS 3D
: 5D 2S JC 5C JH 6D AS
: 2D KD TH TC TD 8D
: 7H JS KH TS KC 7C
: AH 5S 6S AD 8H JD 7S 6C 4D 9D 8S 7D
:
`)
	if err != nil {
		t.Fatal(err)
	}
	g, err := model.LoadPosition(pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDecodeEmptyColumn: without a count, a move into an empty column carries one card, and
// with one it carries that many.
func TestDecodeEmptyColumn(t *testing.T) {
	g := emptyC8(t)
	for _, tc := range []struct{ tok, want string }{{"78", "move C7 C8 1"}, {"78v2", "move C7 C8 2"}, {"72", "move C7 C2"}} {
		m, err := decodeMove(g, tc.tok)
		if err != nil || m.String() != tc.want {
			t.Errorf("%s: %s, %v; want %s", tc.tok, m, err, tc.want)
		}
	}
	if s, err := encodeStandard(g, model.Move{From: model.PileRef{Kind: 'C', Index: 7}, To: model.PileRef{Kind: 'C', Index: 8}}); err != nil || s != "78v3" {
		t.Errorf("encoding the longest run into the empty column: %q, %v; want 78v3", s, err)
	}
}

// TestFcSolveBoard reads fc-solve's text of deal 617 (from make-microsoft-freecell-board) as
// our deal 617, and writes every deal back as text that reads the same position.
func TestFcSolveBoard(t *testing.T) {
	data, err := os.ReadFile("testdata/deal617.board")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := ParseBoard(string(data))
	if err != nil {
		t.Fatal(err)
	}
	g, err := model.LoadPosition(pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := freecell(t, 617); !g.State.Equal(&want.State) {
		t.Fatalf("fc-solve's deal 617 reads as another position")
	}
	for deal := int64(1); deal <= 30; deal++ {
		w := freecell(t, deal)
		// Part-played positions: cards in the cells and on the foundations.
		for k := 0; k < int(deal)%9; k++ {
			if ls := w.Legal(); len(ls) > 0 {
				if _, err := w.Play(ls[(k*7+int(deal))%len(ls)]); err != nil {
					t.Fatal(err)
				}
			}
		}
		text, err := FormatBoard(w)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := ParseBoard(text)
		if err != nil {
			t.Fatalf("deal %d: %v\n%s", deal, err, text)
		}
		back, err := model.LoadPosition(pos, nil)
		if err != nil {
			t.Fatalf("deal %d: %v\n%s", deal, err, text)
		}
		if back.Position().Piles == nil || FormatOf(t, back) != text {
			t.Fatalf("deal %d: the text does not read back the same:\n%s\n%s", deal, text, FormatOf(t, back))
		}
	}
}

func FormatOf(t *testing.T, g *model.Game) string {
	s, err := FormatBoard(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseBoardErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{": AS\n: 2S\n", "has 2 columns"},
		{"Foundations: X-3\n", "write the suit"},
		{"Foundations: H-Z\n", "unknown rank"},
		{"Freecells: AS 2S 3S 4S 5S\n", "at most 4"},
	} {
		if _, err := ParseBoard(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// TestReadPiles: the one decoder reads fc-solve's two characters and the forms the command
// language lets a player type, and puts each mistake at its byte.
func TestReadPiles(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		off        int    // of the mistake
		err        string // "" for none; "shape" for errNotAMove
	}{
		{text: "38", want: "move C3 C8"},
		{text: "3a", want: "move C3 R1"},
		{text: "3H", want: "move C3 F"},
		{text: "a8", want: "move R1 C8"},
		{text: "c4", want: "move R3 C4"},
		{text: "bc", want: "move R2 R3"},
		{text: "dh", want: "move R4 F"},
		{text: "12a", want: "move C12 R1"},
		{text: "10 c", want: "move C10 R3"},
		{text: "3 \th", want: "move C3 F"},
		{text: "b12", want: "move R2 C12"},
		{text: "3", err: `"3" is not a command: a FreeCell move is two digits`},
		{text: "123", err: `"123" is not a command`},
		{text: "30", off: 1, err: "there is no column 0"},
		{text: "03", err: "there is no column 0"},
		{text: "0a", err: "there is no column 0: columns are numbered from 1"},
		{text: "a0", err: "there is no column 0"},
		{text: "99999a", err: "there is no column 99999: column numbers stop at 9999"},
		{text: "3x", off: 1, err: `after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. 3a or 3h; "x" is neither`},
		{text: "3  AB", off: 3, err: `"AB" is neither`},
		{text: "38 va", off: 3, err: `"va" is neither`},
		{text: "hh", err: "shape"},
		{text: "ae", err: "shape"},
		{text: "a8x", err: "shape"},
		{text: "drwa", err: "shape"},
		{text: "38v3", off: 2, err: `"v3" is neither`}, // the count is fc-solve's token's (readToken)
	} {
		m, err := readPiles(tc.text)
		var se *syntaxError
		switch {
		case tc.err == "":
			if err != nil || m.String() != tc.want {
				t.Errorf("%q: %s, %v; want %s", tc.text, m, err, tc.want)
			}
		case tc.err == "shape":
			if !errors.Is(err, errNotAMove) {
				t.Errorf("%q: %v, want errNotAMove", tc.text, err)
			}
		case !errors.As(err, &se) || errors.Is(err, errNotAMove) || !strings.Contains(se.Msg, tc.err) || se.Offset != tc.off:
			t.Errorf("%q: %#v, want %q at %d", tc.text, err, tc.err, tc.off)
		}
	}
}

// TestReadToken: fc-solve's token is its two characters, read by readPiles, and the count.
func TestReadToken(t *testing.T) {
	for _, tc := range []struct{ tok, want, err string }{
		{tok: "38", want: "move C3 C8"},
		{tok: "38v3", want: "move C3 C8 3"},
		{tok: "c4vA", want: "move R3 C4 10"},
		{tok: "7av0", err: `"7av0" moves no cards: the count after v is 1 or more`},
		{tok: "12a", err: "not a move in standard notation"},
		{tok: "3 a", err: "not a move in standard notation"},
	} {
		m, err := readToken(tc.tok)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v, want %q", tc.tok, err, tc.err)
			}
			continue
		}
		if err != nil || m.String() != tc.want {
			t.Errorf("%q: %s, %v; want %s", tc.tok, m, err, tc.want)
		}
	}
}

func TestEndsMoves(t *testing.T) {
	for rest, want := range map[string]bool{
		"# a note": true, "  This game is solveable. Total": true, "Total number of states checked is 4": true,
		"I could not solve this game.": true, "draw": false, "this game is solveable": false,
	} {
		if endsMoves(rest) != want {
			t.Errorf("endsMoves(%q) = %v, want %v", rest, !want, want)
		}
	}
}
