package lexer

import (
	"errors"
	"strings"
	"testing"

	plex "github.com/alecthomas/participle/v2/lexer"
)

// lex returns "Type:value" for each token that the parser sees, and the error column.
func lex(t *testing.T, s string) ([]string, int) {
	t.Helper()
	l, err := Definition.LexString("", s)
	if err != nil {
		t.Fatalf("LexString(%q): %v", s, err)
	}
	names := map[plex.TokenType]string{}
	for name, typ := range Definition.Symbols() {
		names[typ] = name
	}
	var out []string
	for {
		tok, err := l.Next()
		if err != nil {
			var le *plex.Error
			if !errors.As(err, &le) {
				t.Fatalf("LexString(%q): error %T", s, err)
			}
			return out, le.Pos.Offset + 1
		}
		if tok.EOF() {
			return out, 0
		}
		if name := names[tok.Type]; name != Whitespace && name != Comment {
			out = append(out, name+":"+tok.Value)
		}
	}
}

func TestTokens(t *testing.T) {
	cases := []struct {
		in   string
		want string
	}{
		{"", ""},
		{"   \t ", ""},
		{"# only a comment", ""},
		{"move C3 F1", "Word:move Pile:C3 Pile:F1"},
		{"c3f1", "Pile:c3 Pile:f1"},
		{"C1 C4 3", "Pile:C1 Pile:C4 Number:3"},
		{"a8", "Pile:a8"},
		{"E2 X1", "Pile:E2 Pile:X1"},
		{"38", "Number:38"},
		{"3a", "Number:3 Word:a"},
		{"3h", "Number:3 Word:h"},
		{"ah", "Word:ah"},
		{"w f", "Word:w Word:f"},
		{"c3f", "Pile:c3 Word:f"},
		{"new la-peau any-card-on-empty=1 x_y=z", "Word:new Word:la-peau Word:any-card-on-empty Eq:= Number:1 Word:x_y Eq:= Word:z"},
		{"draw;undo 2 # comment; not a command", "Word:draw Sep:; Word:undo Number:2"},
		{"?move", "Query:? Word:move"},
		{"ab3", "Word:ab Number:3"},
		{"C99999999999999999999", "Pile:C99999999999999999999"},
		{"draw\r\n", "Word:draw"},
	}
	for _, c := range cases {
		got, col := lex(t, c.in)
		if col != 0 {
			t.Errorf("lex(%q): error at column %d", c.in, col)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("lex(%q) = %q, want %q", c.in, strings.Join(got, " "), c.want)
		}
	}
}

func TestLexErrors(t *testing.T) {
	cases := []struct {
		in  string
		col int
	}{
		{"!", 1},
		{"draw!", 5},
		{"move c3, f1", 8},
		{"la-", 3},
		{"-x", 1},
		{"a__b", 2},
		{"x\x00", 2},
		{"\x1b", 1},
		{"ok \xff", 4},
		{"é", 1},
		{"c3\u00a0f1", 3},
	}
	for _, c := range cases {
		_, col := lex(t, c.in)
		if col != c.col {
			t.Errorf("lex(%q): error at column %d, want %d", c.in, col, c.col)
		}
	}
}
