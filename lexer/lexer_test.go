package lexer

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

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
		{"3h", "Card:3h"},
		{"ah", "Card:ah"},
		{"7H C3", "Card:7H Pile:C3"},
		{"10c;as", "Card:10c Sep:; Card:as"},
		{"7♥ QS", "Card:7♥ Card:QS"},
		{"10♡ q♤ a♠️", "Card:10♡ Card:q♤ Card:a♠️"},
		{"as=3", "Card:as Eq:= Number:3"},
		{"ask thoughtful", "Word:ask Word:thoughtful"},
		{"1h", "Number:1 Word:h"},
		{"7hc3", "Number:7 Word:hc Number:3"},
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

// TestFileNames covers the quoted strings and the file name read whole after "load" or "save".
func TestFileNames(t *testing.T) {
	cases := []struct {
		in   string
		want string
	}{
		{"load pos.json", "Word:load Path:pos.json"},
		{"LOAD ./testdata/X.json", "Word:LOAD Path:./testdata/X.json"},
		{`load C:\x\y.json`, `Word:load Path:C:\x\y.json`},
		{"load /tmp/a-b_c.json;draw", "Word:load Path:/tmp/a-b_c.json Sep:; Word:draw"},
		{"load ../p.json#c", "Word:load Path:../p.json"},
		{"load café=1?", "Word:load Path:café=1?"},
		{"load a b", "Word:load Path:a Word:b"},
		{"load c3f1 c3f1", "Word:load Path:c3f1 Pile:c3 Pile:f1"},
		{`load a"b"`, `Word:load Path:a String:"b"`},
		{`load "my games/p1.json"`, `Word:load String:"my games/p1.json"`},
		{`load"a b"`, `Word:load String:"a b"`},
		{`load "a\"b\\" x`, `Word:load String:"a\"b\\" Word:x`},
		{`load "\q"`, `Word:load String:"\q"`}, // the parser checks escapes
		{"load ; x", "Word:load Sep:; Word:x"},
		{"load # x.y", "Word:load"},
		{"load\n\tx.y", "Word:load Path:x.y"},
		{"draw; load x.y", "Word:draw Sep:; Word:load Path:x.y"},
		{"load3", "Word:load Number:3"},
		{"load-x", "Word:load-x"},
		{"loads x", "Word:loads Word:x"},
		{"help load", "Word:help Word:load"},
		{"new load draw=3", "Word:new Word:load Word:draw Eq:= Number:3"},
		{"c3 load", "Pile:c3 Word:load"},
		{`draw "x y"`, `Word:draw String:"x y"`},
		// save reads its file name as load does.
		{"save game.json", "Word:save Path:game.json"},
		{"SAVE ./Saves/G-1.json", "Word:SAVE Path:./Saves/G-1.json"},
		{`save C:\x\y.json`, `Word:save Path:C:\x\y.json`},
		{"save c3f1 c3f1", "Word:save Path:c3f1 Pile:c3 Pile:f1"},
		{"save a;save b", "Word:save Path:a Sep:; Word:save Path:b"},
		{`save "my games/g.json"`, `Word:save String:"my games/g.json"`},
		{`save"a b"`, `Word:save String:"a b"`},
		{"save # x.y", "Word:save"},
		{"save3", "Word:save Number:3"},
		{"save-x", "Word:save-x"},
		{"saves x", "Word:saves Word:x"},
		{"help save", "Word:help Word:save"},
		{"new save draw=3", "Word:new Word:save Word:draw Eq:= Number:3"},
		{"export b.board force", "Word:export Path:b.board Word:force"},
		{"export", "Word:export"},
		{"help export", "Word:help Word:export"},
		{"stats la-peau; switch freecell; history", "Word:stats Word:la-peau Sep:; Word:switch Word:freecell Sep:; Word:history"},
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
	for _, c := range []struct {
		in  string
		col int
	}{
		{`load "abc`, 6},
		{`"abc\"`, 1},
		{"load a\u00a0b", 7},
		{"load a\x00", 7},
		{"load \xff", 6},
		{"load \u200b", 6},
		{"load!", 5},
		{"load.json", 5},
		{"help load x.y", 12},
		{"save a\x00", 7},
		{"save.json", 5},
		{"switch x.y", 9},
	} {
		if _, col := lex(t, c.in); col != c.col {
			t.Errorf("lex(%q): error at column %d, want %d", c.in, col, c.col)
		}
	}
}

func TestIsPathVerb(t *testing.T) {
	for w, want := range map[string]bool{"load": true, "LOAD": true, "save": true, "Save": true, "saves": false, "sav": false, "export": true, "Export": true, "exports": false, "switch": false, "": false} {
		if got := IsPathVerb(w); got != want {
			t.Errorf("IsPathVerb(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestPathRune checks that PathRune tells what the Path pattern accepts, for every rune.
func TestPathRune(t *testing.T) {
	var re *regexp.Regexp
	for _, r := range PathRules {
		if r.Name == Path {
			re = regexp.MustCompile(`^(?:` + r.Pattern + `)$`)
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // surrogates cannot be encoded
		}
		if got, want := PathRune(r), re.MatchString(string(r)); got != want {
			t.Fatalf("PathRune(%U) = %v, but the pattern says %v", r, got, want)
		}
	}
	if re.MatchString("\xff") || PathRune(utf8.RuneError) {
		t.Errorf("a byte that is not UTF-8 must not be part of a path")
	}
}
