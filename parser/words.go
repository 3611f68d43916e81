package parser

import (
	"fmt"
	near "solitaire/parser/suggest"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	plex "github.com/alecthomas/participle/v2/lexer"

	"solitaire/lexer"
	"solitaire/model"
)

// maxNumber bounds counts and pile numbers, so that no typed number can overflow and a slip
// of the finger gets a message instead of a billion undo steps.
const maxNumber = 9999

var (
	cardType   = lexer.Definition.Symbols()[lexer.Card]
	numberType = lexer.Definition.Symbols()[lexer.Number]
	wordType   = lexer.Definition.Symbols()[lexer.Word]
	stringType = lexer.Definition.Symbols()[lexer.String]
)

// verbs are the full command names, in the order suggestions prefer them.
var verbs = []string{"move", "draw", "undo", "redo", "restart", "new", "auto", "moves",
	"hint", "time", "show", "help", "quit", "exit", "recycle", "deal", "purge", "policy", "games", "load",
	"switch", "save", "export", "history", "stats", "solve", "demo", "watch", "review", "pause"}

const (
	pileLetters        = "pile names start with C (column), F (foundation), R or E (cell or reserve), S (stock), W (waste) or P (a card of a peak or pyramid)"
	moveNeedsFrom      = "move needs a source pile, e.g. move C3 F1"
	policyNeedsName    = "policy needs a name: policy same-suit or policy alternate"
	loadNeedsFile      = "load needs a file name, e.g. load position.json"
	switchNeedsGame    = "switch needs a game, e.g. switch freecell"
	saveNeedsFile      = "save needs a file name, e.g. save game.json"
	statsTakesGame     = "stats takes a game name, e.g. stats klondike"
	solveTakesPlay     = "solve takes nothing or play: solve prints a win from here, solve play plays it"
	watchTakesMode     = "watch takes on or off: watch on checks after each move whether the game can still be won"
	reviewTakesSeconds = "review takes a number of seconds, the most it may search, e.g. review 60"
	tokenKinds         = `commands are made of words, pile names like C3, card names like 7H, numbers, quoted file names, "=", ";" and "?"`
	helpTakesTopic     = "help takes a topic word, e.g. help move"
	cardTakesNoCount   = "a card moves with the cards lying on it: leave the count out, or name the pile, e.g. move C3 C5 2"
)

// fallbacks counts lines of tokens that the grammar refused, which it never should: it reads
// every line the lexer does, so that all messages come from the conversion. Tests keep it at zero.
var fallbacks atomic.Int64

// lexError describes the character at col that no token starts with.
func lexError(line string, col int) *Error {
	if col > len(line) {
		return &Error{Column: len(line) + 1, Msg: "unexpected end of line"}
	}
	if line[col-1] == '"' {
		// A string token matches whatever follows its quote, up to the next quote.
		return &Error{Column: col, Msg: `this quoted file name has no closing '"'`}
	}
	if flag := flagName(line[col-1:]); flag != "" {
		// "new klondike --draw 3": the shell's flag, typed in the game.
		return &Error{Column: col, Msg: fmt.Sprintf("in the game options are written key=value: %s=VALUE (e.g. new klondike draw=3), not --%s VALUE as on the command line", flag, flag)}
	}
	return &Error{Column: col, Msg: "unexpected " + describe(line[col-1:]) + ": " + tokenKinds}
}

// flagName is the name of the command-line flag that s starts with ("--draw 3", "--draw=3":
// draw), or "" when s starts with none. Only letters, digits, "-" and "_" make the name, so
// that a message quoting it never echoes a byte that is not plain text (FuzzScript found
// "--" followed by a byte that is not UTF-8 written back raw).
func flagName(s string) string {
	rest, ok := strings.CutPrefix(s, "--")
	if !ok {
		return ""
	}
	end := 0
	for end < len(rest) && (rest[end] >= 'a' && rest[end] <= 'z' || rest[end] >= 'A' && rest[end] <= 'Z' ||
		rest[end] >= '0' && rest[end] <= '9' || end > 0 && (rest[end] == '-' || rest[end] == '_')) {
		end++
	}
	return rest[:end]
}

// Unexpected is the error for the character at col (a byte column, from 1) of line where no
// command may have it, worded as the lexer's own errors are. The prompt refuses a line holding
// a control byte with it, even in a comment, before anything on the line is run.
func Unexpected(line string, col int) *Error {
	return &Error{Column: col, Msg: "unexpected " + describe(line[col-1:]) + ": " + tokenKinds}
}

// describe names the character at the start of s for a message.
func describe(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("byte 0x%02X, which is not UTF-8 text", s[0])
	case unicode.IsControl(r):
		return fmt.Sprintf("control character U+%04X", r)
	case unicode.IsSpace(r):
		return fmt.Sprintf("space character U+%04X", r)
	case !unicode.IsGraphic(r):
		return fmt.Sprintf("invisible character U+%04X", r)
	}
	return fmt.Sprintf("character %q", string(r))
}

// parseCard reads card token t (the suit symbols too).
func parseCard(t plex.Token) (model.Card, *Error) {
	c, err := model.ParseCard(t.Value)
	if err != nil {
		return 0, &Error{Column: t.Pos.Offset + 1, Msg: err.Error()}
	}
	return c, nil
}

// cardOp is a move whose source is card token t, to pile to (nil: the best).
func cardOp(t plex.Token, to *pile) (action, *Error) {
	c, err := parseCard(t)
	if err != nil {
		return nil, err
	}
	m := model.Move{Card: c}
	if to != nil {
		var perr *Error
		if m.To, perr = pileRef(to.token()); perr != nil {
			return nil, perr
		}
		return m, nil
	}
	return m, nil
}

// loadPath reads the file name of load or save: a Path token as typed, or a String token in Go syntax,
// which may hold blanks, ";", "#" and '"' as well. Either way the name holds no other
// character that a Path cannot, so that the String of Load and Save, which quote
// only the name that needs it, parses back to the same name.
func loadPath(t plex.Token) (string, *Error) {
	if t.Type != stringType {
		return t.Value, nil
	}
	col := t.Pos.Offset + 2 // of the first character inside the quotes
	in := t.Value[1 : len(t.Value)-1]
	if in == "" {
		return "", &Error{Column: col - 1, Msg: "the quoted file name is empty"}
	}
	// Unquote as strconv.Unquote does, noting where in the input each byte of out comes from.
	var out []byte
	var from []int
	for i := 0; i < len(in); {
		start := i
		if in[i] == '\\' {
			v, multibyte, tail, err := strconv.UnquoteChar(in[i:], '"')
			if err != nil {
				return "", &Error{Column: col + i, Msg: "invalid escape " + escapeSample(in[i:]) + ` in the quoted file name; write \\ for a backslash, or leave the name unquoted`}
			}
			if v < utf8.RuneSelf || !multibyte {
				out = append(out, byte(v))
			} else {
				out = utf8.AppendRune(out, v)
			}
			i = len(in) - len(tail)
		} else {
			_, size := utf8.DecodeRuneInString(in[i:])
			out = append(out, in[i:i+size]...)
			i += size
		}
		for len(from) < len(out) {
			from = append(from, start)
		}
	}
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		if !lexer.PathRune(r) && !strings.ContainsRune(" \t;#\"", r) {
			return "", &Error{Column: col + from[i], Msg: "a file name cannot hold " + describe(string(out[i:]))}
		}
		i += size
	}
	return string(out), nil
}

// escapeSample shows the backslash at the start of s and the character after it.
func escapeSample(s string) string {
	r, size := utf8.DecodeRuneInString(s[1:])
	if size == 0 || !strconv.IsPrint(r) || r == utf8.RuneError {
		return fmt.Sprintf("%q", s[:1+size])
	}
	return s[:1+size]
}

// pileKinds are the letters of our pile names; E is another name for R.
const pileKinds = "CFRSWEP"

// PileName reports whether name, a pile token ("c3", "a8"), names a pile in the command
// language: whether its letter is one of ours. Another notation may read the others.
func PileName(name string) bool {
	return name != "" && strings.IndexByte(pileKinds, strings.ToUpper(name)[0]) >= 0
}

// pileRef reads a pile name such as "c3", "F" or "e2" (E is another name for R).
func pileRef(t plex.Token) (model.PileRef, *Error) {
	name := strings.ToUpper(t.Value)
	ref := model.PileRef{Kind: name[0]}
	switch {
	case ref.Kind == 'E':
		ref.Kind = 'R'
	case strings.IndexByte(pileKinds, ref.Kind) < 0:
		return ref, &Error{Column: t.Pos.Offset + 1, Msg: fmt.Sprintf("unknown pile %s: %s", name, pileLetters)}
	}
	if len(name) == 1 {
		return ref, nil
	}
	digits := strings.TrimLeft(name[1:], "0")
	switch {
	case digits == "":
		return ref, &Error{Column: t.Pos.Offset + 1, Msg: fmt.Sprintf("there is no pile %s: piles are numbered from 1", name)}
	case len(digits) > 4:
		return ref, &Error{Column: t.Pos.Offset + 1, Msg: fmt.Sprintf("there is no pile %s: pile numbers stop at %d", name, maxNumber)}
	}
	ref.Index = atoi(digits)
	return ref, nil
}

// number reads a count of cards or steps, 1 to maxNumber.
func number(t plex.Token, what string) (int, *Error) {
	digits := strings.TrimLeft(t.Value, "0")
	if digits == "" || len(digits) > 4 {
		return 0, &Error{Column: t.Pos.Offset + 1, Msg: fmt.Sprintf("the number of %s must be from 1 to %d, not %s", what, maxNumber, t.Value)}
	}
	return atoi(digits), nil
}

// atoi converts at most four digits, so it cannot overflow.
func atoi(digits string) int {
	n := 0
	for _, c := range []byte(digits) {
		n = n*10 + int(c-'0')
	}
	return n
}

// unknownCommand suggests the verb the player probably meant.
func unknownCommand(t plex.Token) *Error {
	msg := fmt.Sprintf("unknown command %s; type help to see the commands", shown(t.Value))
	if v := suggest(strings.ToLower(t.Value)); v != "" {
		msg = fmt.Sprintf("unknown command %s; did you mean %q?", shown(t.Value), v)
	}
	return &Error{Column: t.Pos.Offset + 1, Msg: msg}
}

// suggest returns the verb w is a slip of (suggest.Nearest), or "". One-letter aliases are
// never suggested: every short word is one slip away from them.
func suggest(w string) string { return near.Nearest(w, verbs, 3) }

// shown quotes a token for a message, shortened when it is long: a 4 KB word makes no better message.
func shown(v string) string {
	const most = 32
	if utf8.RuneCountInString(v) <= most {
		return strconv.Quote(v)
	}
	r := []rune(v)
	return strconv.Quote(string(r[:most])) + "..."
}
