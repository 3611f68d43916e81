// Package lexer defines the tokens of the command language typed at the solitaire prompt.
//
// It only splits text into tokens; the parser package decides what they mean. A pile name is
// one letter followed by digits, and words hold no digits, so "c3f1" splits into the two piles
// C3 and F1 without a space.
//
// Three words change how the next is read: when a command starts with the verb "load", "save" or "export"
// and a blank follows it, the file name after the blank is read whole ("pos.json",
// "./x/y-1.json"), up to a blank, ";", "#" or '"', with PathRules instead of Rules. Everywhere
// else, "load", "save" and "export" are words like any other ("help load"), and a file name may also be
// quoted in Go syntax.
package lexer

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	plex "github.com/alecthomas/participle/v2/lexer"
)

// Token type names, as the grammar refers to them.
const (
	Comment    = "Comment"    // "#" to the end of the line; dropped
	Whitespace = "Whitespace" // blanks between tokens; dropped
	Sep        = "Sep"        // ";" between commands on one line
	Eq         = "Eq"         // "=" between an option's key and value
	Query      = "Query"      // "?", short for help
	String     = "String"     // a double-quoted string in Go syntax: "my games/p1.json"
	Card       = "Card"       // a rank and a suit: 7H, th, 10c, QS, 7♥
	Pile       = "Pile"       // a letter and digits: C3, f1, E2, a8, X1
	Number     = "Number"     // digits: 3, 38
	Word       = "Word"       // letters, with "-" or "_" inside: draw, la-peau
	Path       = "Path"       // a file name after load or save, as typed: pos.json, C:\x\y.json
)

// The verbs whose argument is read with PathRules.
const (
	LoadVerb   = "load"
	SaveVerb   = "save"
	ExportVerb = "export"
)

// IsPathVerb reports whether w, in any case, is a verb whose argument is a file name read with
// PathRules when it starts a command.
func IsPathVerb(w string) bool {
	return strings.EqualFold(w, LoadVerb) || strings.EqualFold(w, SaveVerb) || strings.EqualFold(w, ExportVerb)
}

// Rules are the token patterns in the order they are tried; the first that matches wins.
//
// Pile comes before Word so that a letter followed by digits is a pile, never a word and a
// number. Card comes first: a rank and a suit standing alone ("7h", "as", "10c" and "7♥",
// but not "ask" or "7hc") is a card name; FreeCell's command language reads a lone "3h" as
// its standard notation's move (the notation package). Line endings count as blanks so that
// a line read with its newline still lexes.
// Anything no rule matches (other punctuation, control characters, non-ASCII letters, invalid
// UTF-8, a '"' that is never closed) is a lexing error at that byte, which the parser turns
// into a message. A String may hold any escape; the parser checks them.
var Rules = []plex.SimpleRule{
	{Name: Comment, Pattern: `#[^\n]*`},
	{Name: Whitespace, Pattern: `[ \t\r\n]+`},
	{Name: Sep, Pattern: `;`},
	{Name: Eq, Pattern: `=`},
	{Name: Query, Pattern: `\?`},
	{Name: String, Pattern: stringPattern},
	{Name: Card, Pattern: `(?:10|[2-9AaTtJjQqKk])(?:[CDHScdhs]\b|[♣♦♥♠♧♢♡♤]\x{FE0F}?)`},
	{Name: Pile, Pattern: `[A-Za-z][0-9]+`},
	{Name: Number, Pattern: `[0-9]+`},
	{Name: Word, Pattern: `[A-Za-z]+(?:[-_][A-Za-z]+)*`},
}

// PathRules replace Rules for the file name of a command that starts with "load" or "save" and
// a blank, until a token other than blanks or a comment has been read.
//
// A Path is printable text: it stops at blanks, ";", "#" and '"', and holds no control or
// format character, no Unicode space and no byte that is not UTF-8 (which the pattern sees
// as U+FFFD, excluded with it). PathRune tells the same in Go.
var PathRules = []plex.SimpleRule{
	{Name: Comment, Pattern: `#[^\n]*`},
	{Name: Whitespace, Pattern: `[ \t\r\n]+`},
	{Name: Sep, Pattern: `;`},
	{Name: String, Pattern: stringPattern},
	{Name: Path, Pattern: `[^;#"\p{C}\p{Z}\x{FFFD}]+`},
}

// PathRune reports whether r may appear in a Path token; it is the Go form of its pattern.
func PathRune(r rune) bool {
	return r != ';' && r != '#' && r != '"' && r != utf8.RuneError && !unicode.In(r, unicode.C, unicode.Z)
}

// stringPattern is a double-quoted string in which a backslash escapes any character.
const stringPattern = `"(?:[^"\\]|\\(?s:.))*"`

// Elided lists the token types the parser skips.
var Elided = []string{Comment, Whitespace}

// Definition is the participle lexer for one typed line.
var Definition = newLineDefinition()

// LineDefinition is a participle lexer that tries Rules, or PathRules for the file name of
// load and save, in order; the first that matches wins, as in participle's simple lexer.
//
// It is written here because participle's stateful lexer would need a rule of its own for
// "load" and "save" to push a state: rules sharing a token type must share a pattern, so the
// verbs would stop being Words, and Go's regexp has no lookahead to keep the rule off "load-x".
// Here the verbs stay Words, and "help load" or "new save" lex as before.
type LineDefinition struct {
	symbols    map[string]plex.TokenType
	once       sync.Once
	rules      []rule // compiled (by compiled) on first use
	pathRules  []rule
	whitespace plex.TokenType
	comment    plex.TokenType
	sep        plex.TokenType
	word       plex.TokenType
}

type rule struct {
	typ plex.TokenType
	re  *regexp.Regexp
}

func newLineDefinition() *LineDefinition {
	d := &LineDefinition{symbols: map[string]plex.TokenType{"EOF": plex.EOF}}
	for _, r := range append(append([]plex.SimpleRule(nil), Rules...), PathRules...) {
		if _, ok := d.symbols[r.Name]; !ok {
			d.symbols[r.Name] = plex.EOF - plex.TokenType(len(d.symbols))
		}
	}
	d.whitespace, d.comment = d.symbols[Whitespace], d.symbols[Comment]
	d.sep, d.word = d.symbols[Sep], d.symbols[Word]
	return d
}

// compiled is the rules' regular expressions, compiled when a line is first lexed rather than
// when the program starts: solitaire --version reads no line.
func (d *LineDefinition) compiled() (rules, pathRules []rule) {
	d.once.Do(func() {
		compile := func(rules []plex.SimpleRule) []rule {
			var out []rule
			for _, r := range rules {
				out = append(out, rule{typ: d.symbols[r.Name], re: regexp.MustCompile(`^(?:` + r.Pattern + `)`)})
			}
			return out
		}
		d.rules, d.pathRules = compile(Rules), compile(PathRules)
	})
	return d.rules, d.pathRules
}

// Symbols maps the token type names to their types.
func (d *LineDefinition) Symbols() map[string]plex.TokenType { return d.symbols }

// Lex reads all of r and lexes it as one line.
func (d *LineDefinition) Lex(filename string, r io.Reader) (plex.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexString lexes s, which may hold several commands separated by ";".
func (d *LineDefinition) LexString(filename, s string) (plex.Lexer, error) {
	return &lineLexer{def: d, data: s, pos: plex.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// state is where the lexer is in the current command.
type state int

const (
	verb     state = iota // before the first token of a command
	args                  // after it
	pathVerb              // after the verb "load" or "save"
	fileName              // after that verb and a blank: PathRules apply
)

type lineLexer struct {
	def   *LineDefinition
	data  string        // the text not yet read
	pos   plex.Position // where data starts
	state state
}

// Next returns the next token, an EOF token at the end, or a *plex.Error at the first byte
// that no rule matches.
func (l *lineLexer) Next() (plex.Token, error) {
	if l.data == "" {
		return plex.EOFToken(l.pos), nil
	}
	rules, pathRules := l.def.compiled()
	if l.state == fileName {
		rules = pathRules
	}
	for _, r := range rules {
		n := len(r.re.FindString(l.data))
		if n == 0 {
			continue
		}
		t := plex.Token{Type: r.typ, Value: l.data[:n], Pos: l.pos}
		l.data = l.data[n:]
		l.pos.Advance(t.Value)
		l.state = l.next(t)
		return t, nil
	}
	sample := []rune(l.data)
	if len(sample) > 16 {
		sample = append(sample[:16], []rune("...")...)
	}
	return plex.Token{}, &plex.Error{Msg: fmt.Sprintf("invalid input text %q", string(sample)), Pos: l.pos}
}

// next is the state after token t.
func (l *lineLexer) next(t plex.Token) state {
	switch t.Type {
	case l.def.sep:
		return verb
	case l.def.whitespace:
		if l.state == pathVerb {
			return fileName
		}
		return l.state
	case l.def.comment:
		return l.state
	case l.def.word:
		if l.state == verb && IsPathVerb(t.Value) {
			return pathVerb
		}
	}
	return args
}
