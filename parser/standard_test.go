package parser

import (
	"reflect"
	"testing"

	"solitaire/model"
)

// TestParseStandard: a line that begins with moves in standard notation is read word by word
// by the notation's decoder, up to a comment or fc-solve's summary; any other line is left to
// Parse; a word that is no move is refused at its column before any move runs.
func TestParseStandard(t *testing.T) {
	c := func(k byte, i int) model.PileRef { return model.PileRef{Kind: k, Index: i} }
	for _, tc := range []struct {
		line string
		want []Command
		col  int // of the error; 0 for none
		msg  string
	}{
		{line: "38 c4\t7av3", want: []Command{
			{Op: model.Move{From: c('C', 3), To: c('C', 8)}, Column: 1, Text: "38"},
			{Op: model.Move{From: c('R', 3), To: c('C', 4)}, Column: 4, Text: "c4"},
			{Op: model.Move{From: c('C', 7), To: c('R', 1), N: 3}, Column: 7, Text: "7av3"},
		}},
		{line: "  ah # home", want: []Command{{Op: model.Move{From: c('R', 1), To: c('F', 0)}, Column: 3, Text: "ah"}}},
		{line: "7h This game is solveable. Total number of states checked is 4308.", want: []Command{
			{Op: model.Move{From: c('C', 7), To: c('F', 0)}, Column: 1, Text: "7h"}}},
		{line: "draw"},
		{line: "move c3 f1; 38"},
		{line: ""},
		{line: "7a draw", col: 4, msg: `"draw" is not a move in standard notation; a line that begins with moves holds only moves (38 3a a8 3h ah 38v3)`},
		{line: "7av0", col: 1, msg: `"7av0" moves no cards: the count after v is 1 or more`},
	} {
		got, err := ParseStandard(tc.line)
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
}
