// Package lexer defines the tokens of the command language typed at the solitaire prompt.
//
// It only splits text into tokens; the parser package decides what they mean. A pile name is
// one letter followed by digits, and words hold no digits, so "c3f1" splits into the two piles
// C3 and F1 without a space.
package lexer

import (
	plex "github.com/alecthomas/participle/v2/lexer"
)

// Token type names, as the grammar refers to them.
const (
	Comment    = "Comment"    // "#" to the end of the line; dropped
	Whitespace = "Whitespace" // blanks between tokens; dropped
	Sep        = "Sep"        // ";" between commands on one line
	Eq         = "Eq"         // "=" between an option's key and value
	Query      = "Query"      // "?", short for help
	Pile       = "Pile"       // a letter and digits: C3, f1, E2, a8, X1
	Number     = "Number"     // digits: 3, 38
	Word       = "Word"       // letters, with "-" or "_" inside: draw, la-peau
)

// Rules are the token patterns in the order they are tried; the first that matches wins.
//
// Pile comes before Word so that a letter followed by digits is a pile, never a word and a
// number. Line endings count as blanks so that a line read with its newline still lexes.
// Anything no rule matches (other punctuation, control characters, non-ASCII letters, invalid
// UTF-8) is a lexing error at that byte, which the parser turns into a message.
var Rules = []plex.SimpleRule{
	{Name: Comment, Pattern: `#[^\n]*`},
	{Name: Whitespace, Pattern: `[ \t\r\n]+`},
	{Name: Sep, Pattern: `;`},
	{Name: Eq, Pattern: `=`},
	{Name: Query, Pattern: `\?`},
	{Name: Pile, Pattern: `[A-Za-z][0-9]+`},
	{Name: Number, Pattern: `[0-9]+`},
	{Name: Word, Pattern: `[A-Za-z]+(?:[-_][A-Za-z]+)*`},
}

// Elided lists the token types the parser skips.
var Elided = []string{Comment, Whitespace}

// Definition is the participle lexer for one typed line.
var Definition = plex.MustSimple(Rules)
