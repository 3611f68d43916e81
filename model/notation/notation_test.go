package notation

import (
	"context"
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

// replay plays a line of standard-notation moves, as fc-solve prints it, and reports whether
// it wins; the summary fc-solve writes after the moves ends the line.
func replay(t *testing.T, g *model.Game, line string) {
	t.Helper()
	for i, tok := range strings.Fields(line) {
		if !IsStandardMove(tok) {
			if !strings.HasPrefix(strings.Join(strings.Fields(line)[i:], " "), "This game is solveable") {
				t.Fatalf("move %d: %q is not standard notation", i+1, tok)
			}
			break
		}
		if g.Won() {
			break // our game plays the last cards home by itself
		}
		m, err := DecodeStandard(g, tok)
		if err != nil {
			t.Fatalf("move %d, %s: %v", i+1, tok, err)
		}
		if _, err := g.Play(m); err != nil {
			t.Fatalf("move %d, %s (%s): %v", i+1, tok, m, err)
		}
	}
	if !g.Won() {
		t.Fatal("the line does not win")
	}
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
		r, err := solve.Solve(context.Background(), g, solve.Options{})
		if err != nil || r.Status != solve.Solved {
			t.Fatalf("deal %d: %v %v", deal, r, err)
		}
		var toks []string
		w := freecell(t, deal)
		for _, op := range r.Moves {
			tok, err := EncodeStandard(w, op)
			if err != nil {
				t.Fatalf("deal %d: %s: %v", deal, op, err)
			}
			back, err := DecodeStandard(w, tok)
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

func TestDecodeStandard(t *testing.T) {
	g := freecell(t, 617)
	// Empty column C1 and a card in cell a, to see the count rules.
	if _, err := g.Play(model.Move{From: model.PileRef{Kind: 'C', Index: 7}, To: model.PileRef{Kind: 'R', Index: 1}}); err != nil {
		t.Fatal(err)
	}
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
		{"c3p", "", "not a move in standard notation"},
		{"3", "", "not a move in standard notation"},
		{"h3", "", "not a move in standard notation"},
		{"e3", "", "not a move in standard notation"},
		{"38v", "", "not a move in standard notation"},
		{"38vz", "", "not a move in standard notation"},
	} {
		m, err := DecodeStandard(g, tc.tok)
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

// TestDecodeEmptyColumn: without a count, a move into an empty column carries one card, and
// with one it carries that many.
func TestDecodeEmptyColumn(t *testing.T) {
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
	for _, tc := range []struct{ tok, want string }{{"78", "move C7 C8 1"}, {"78v2", "move C7 C8 2"}, {"72", "move C7 C2"}} {
		m, err := DecodeStandard(g, tc.tok)
		if err != nil || m.String() != tc.want {
			t.Errorf("%s: %s, %v; want %s", tc.tok, m, err, tc.want)
		}
	}
	if s, err := EncodeStandard(g, model.Move{From: model.PileRef{Kind: 'C', Index: 7}, To: model.PileRef{Kind: 'C', Index: 8}}); err != nil || s != "78v3" {
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
