package parser

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	plex "github.com/alecthomas/participle/v2/lexer"

	"solitaire/lexer"
	"solitaire/model"
)

// maxNumber bounds counts and pile numbers, so that no typed number can overflow and a slip
// of the finger gets a message instead of a billion undo steps.
const maxNumber = 9999

var (
	sepType    = lexer.Definition.Symbols()[lexer.Sep]
	eqType     = lexer.Definition.Symbols()[lexer.Eq]
	queryType  = lexer.Definition.Symbols()[lexer.Query]
	pileType   = lexer.Definition.Symbols()[lexer.Pile]
	cardType   = lexer.Definition.Symbols()[lexer.Card]
	numberType = lexer.Definition.Symbols()[lexer.Number]
	wordType   = lexer.Definition.Symbols()[lexer.Word]
	stringType = lexer.Definition.Symbols()[lexer.String]
	pathType   = lexer.Definition.Symbols()[lexer.Path]
)

// verbs are the full command names, in the order suggestions prefer them.
var verbs = []string{"move", "draw", "undo", "redo", "restart", "new", "auto", "moves",
	"hint", "time", "show", "help", "quit", "exit", "recycle", "purge", "policy", "games", "load",
	"switch", "save", "history", "stats", "solve", "demo", "watch", "pause"}

const (
	pileLetters      = "pile names start with C (column), F (foundation), R or E (cell or reserve), S (stock) or W (waste)"
	moveNeedsFrom    = "move needs a source pile, e.g. move C3 F1"
	policyNeedsName  = "policy needs a name: policy same-suit or policy alternate"
	loadNeedsFile    = "load needs a file name, e.g. load position.json"
	switchNeedsGame  = "switch needs a game, e.g. switch freecell"
	saveNeedsFile    = "save needs a file name, e.g. save game.json"
	statsTakesGame   = "stats takes a game name, e.g. stats klondike"
	solveTakesPlay   = "solve takes nothing or play: solve prints a win from here, solve play plays it"
	watchTakesMode   = "watch takes on or off: watch on checks after each move whether the game can still be won"
	tokenKinds       = `commands are made of words, pile names like C3, card names like 7H, numbers, quoted file names, "=", ";" and "?"`
	cardTakesNoCount = "a card moves with the cards lying on it: leave the count out, or name the pile, e.g. move C3 C5 2"
)

// fallbacks counts rejected lines that the walker could not explain; tests keep it at zero
// because a fallback means the walker and the grammar disagree.
var fallbacks atomic.Int64

// diagnose explains why the grammar rejected line.
func diagnose(line string, perr error) *Error {
	if _, err := walk(line); err != nil {
		return err
	}
	fallbacks.Add(1)
	col := len(line) + 1
	var pe participle.Error
	if errors.As(perr, &pe) {
		col = min(max(pe.Position().Offset+1, 1), len(line)+1)
	}
	msg := "this command is not understood; type help grammar to see what is accepted"
	if col <= len(line) {
		msg = fmt.Sprintf("unexpected %q; type help grammar to see what is accepted", nextToken(line[col-1:]))
	}
	return &Error{Column: col, Msg: msg}
}

// nextToken is a short sample of the text at the start of s, for a message.
func nextToken(s string) string {
	if i := strings.IndexAny(s, " \t;#"); i > 0 {
		s = s[:i]
	}
	if len(s) > 16 {
		s = s[:16]
	}
	return s
}

// walk parses line again by hand, following the same grammar, and returns the ops or the
// first offending token. Being hand-written, it knows what each position may hold, which
// lets it say what was expected; Parse uses it only to explain lines the grammar rejected.
func walk(line string) ([]action, *Error) {
	lx, lerr := lexer.Definition.LexString("", line)
	if lerr != nil {
		return nil, &Error{Column: 1, Msg: "this line cannot be read"}
	}
	var ops []action
	var toks []plex.Token
	for {
		t, err := lx.Next()
		if err != nil {
			col := len(line) + 1
			var le *plex.Error
			if errors.As(err, &le) {
				col = le.Pos.Offset + 1
			}
			// An error the walker finds before the bad character is reported first, but not
			// one it finds at the character itself, such as a missing pile in "move !".
			if len(toks) > 0 {
				if _, e := (segment{toks, col}).walk(); e != nil && e.Column < col {
					return nil, e
				}
			}
			return nil, lexError(line, col)
		}
		if t.Type == whitespaceType || t.Type == commentType {
			continue
		}
		if t.EOF() || t.Type == sepType {
			if len(toks) > 0 {
				op, e := (segment{toks, t.Pos.Offset + 1}).walk()
				if e != nil {
					return nil, e
				}
				ops = append(ops, op)
			}
			if t.EOF() {
				return ops, nil
			}
			toks = nil
			continue
		}
		toks = append(toks, t)
	}
}

// lexError describes the character at col that no token starts with.
func lexError(line string, col int) *Error {
	if col > len(line) {
		return &Error{Column: len(line) + 1, Msg: "unexpected end of line"}
	}
	if line[col-1] == '"' {
		// A string token matches whatever follows its quote, up to the next quote.
		return &Error{Column: col, Msg: `this quoted file name has no closing '"'`}
	}
	if strings.HasPrefix(line[col-1:], "--") {
		// "new klondike --draw 3": the shell's flag, typed in the game.
		flag := strings.TrimPrefix(strings.Fields(line[col-1:])[0], "--")
		return &Error{Column: col, Msg: fmt.Sprintf("in the game options are written key=value: %s=VALUE (e.g. new klondike draw=3), not --%s VALUE as on the command line", flag, flag)}
	}
	return &Error{Column: col, Msg: "unexpected " + describe(line[col-1:]) + ": " + tokenKinds}
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

// segment is the tokens of one command and the column of whatever ends it (";", the end of
// the line, or a character that is not a token), where a missing token is reported.
type segment struct {
	ts  []plex.Token
	end int
}

func (s segment) col(i int) int {
	if i < len(s.ts) {
		return s.ts[i].Pos.Offset + 1
	}
	return s.end
}

// isPile reports whether token i can name a pile.
func (s segment) isPile(i int) bool {
	if i >= len(s.ts) {
		return false
	}
	t := s.ts[i]
	return t.Type == pileType || t.Type == wordType && len(t.Value) == 1 && strings.Contains("cfresw", strings.ToLower(t.Value))
}

func (s segment) isType(i int, typ plex.TokenType) bool {
	return i < len(s.ts) && s.ts[i].Type == typ
}

// done checks that nothing follows the command, which ends before token i.
func (s segment) done(i int, op action) (action, *Error) {
	if i < len(s.ts) {
		return nil, &Error{Column: s.col(i), Msg: fmt.Sprintf("unexpected %s after the command", shown(s.ts[i].Value))}
	}
	return op, nil
}

func (s segment) walk() (action, *Error) {
	switch s.ts[0].Type {
	case queryType:
		return s.help()
	case numberType:
		return s.freeCell()
	case pileType:
		return s.bare()
	case cardType:
		return s.card(0)
	case wordType:
	default:
		return nil, &Error{Column: s.col(0), Msg: fmt.Sprintf("unexpected %s: a command starts with a word such as move or draw, or a pile such as C3", shown(s.ts[0].Value))}
	}
	switch strings.ToLower(s.ts[0].Value) {
	case "move", "m":
		if s.isType(1, cardType) {
			return s.card(1)
		}
		if !s.isPile(1) {
			return nil, &Error{Column: s.col(1), Msg: moveNeedsFrom}
		}
		return s.move(1)
	case "draw", "d", "recycle":
		return s.done(1, model.Draw{})
	case "undo", "u":
		n, i, err := s.steps("undo")
		if err != nil {
			return nil, err
		}
		return s.done(i, model.Undo{N: n})
	case "redo":
		n, i, err := s.steps("redo")
		if err != nil {
			return nil, err
		}
		return s.done(i, model.Redo{N: n})
	case "restart":
		return s.done(1, model.Restart{})
	case "new", "newgame":
		return s.newGame()
	case "auto":
		return s.done(1, model.Auto{})
	case "moves":
		return s.done(1, model.Moves{})
	case "hint":
		return s.done(1, model.Hint{})
	case "time":
		return s.done(1, Time{})
	case "show":
		return s.done(1, Show{})
	case "pause":
		return s.done(1, Pause{})
	case "help":
		return s.help()
	case "quit", "exit", "q":
		return s.done(1, Quit{})
	case "purge":
		return s.done(1, model.Purge{})
	case "policy":
		if !s.isType(1, wordType) {
			return nil, &Error{Column: s.col(1), Msg: policyNeedsName}
		}
		return s.done(2, model.Policy{Name: strings.ToLower(s.ts[1].Value)})
	case "games":
		return s.done(1, ListGames{})
	case lexer.LoadVerb:
		path, err := s.fileName(lexer.LoadVerb, loadNeedsFile)
		if err != nil {
			return nil, err
		}
		return s.done(2, Load{Path: path})
	case "switch":
		if !s.isType(1, wordType) {
			return nil, &Error{Column: s.col(1), Msg: switchNeedsGame}
		}
		return s.done(2, Switch{Game: strings.ToLower(s.ts[1].Value)})
	case lexer.SaveVerb:
		// "save FILE force": the file name is checked alone, then what follows force.
		force := len(s.ts) > 2 && s.isType(2, wordType) && strings.EqualFold(s.ts[2].Value, "force")
		named := s
		if force {
			named.ts = s.ts[:2]
		}
		path, err := named.fileName(lexer.SaveVerb, saveNeedsFile)
		if err != nil {
			return nil, err
		}
		if force {
			return s.done(3, Save{Path: path, Force: true})
		}
		return s.done(2, Save{Path: path})
	case "history":
		return s.done(1, History{})
	case "demo":
		return s.done(1, Solve{Play: true})
	case "solve":
		if len(s.ts) == 1 {
			return s.done(1, Solve{})
		}
		if !s.isType(1, wordType) || !strings.EqualFold(s.ts[1].Value, "play") {
			return nil, &Error{Column: s.col(1), Msg: solveTakesPlay}
		}
		return s.done(2, Solve{Play: true})
	case "watch":
		if len(s.ts) == 1 {
			return s.done(1, Watch{})
		}
		if !s.isType(1, wordType) || (!strings.EqualFold(s.ts[1].Value, "on") && !strings.EqualFold(s.ts[1].Value, "off")) {
			return nil, &Error{Column: s.col(1), Msg: watchTakesMode}
		}
		return s.done(2, Watch{Mode: strings.ToLower(s.ts[1].Value)})
	case "stats":
		var op Stats
		if len(s.ts) > 1 {
			if !s.isType(1, wordType) {
				return nil, &Error{Column: s.col(1), Msg: statsTakesGame}
			}
			op.Game = strings.ToLower(s.ts[1].Value)
		}
		return s.done(2, op)
	}
	if s.isPile(0) {
		return s.bare()
	}
	return s.freeCell()
}

// fileName reads the file name of load or save, token 1; missing is the message when there
// is none. The caller checks that nothing follows it.
func (s segment) fileName(verb, missing string) (string, *Error) {
	if !s.isType(1, stringType) && !s.isType(1, pathType) {
		return "", &Error{Column: s.col(1), Msg: missing}
	}
	path, err := loadPath(s.ts[1])
	if err != nil {
		return "", err
	}
	if s.isType(1, pathType) && len(s.ts) > 2 {
		return "", &Error{Column: s.col(2), Msg: fmt.Sprintf(`unexpected %s after the file name; a name with blanks is written in quotes, e.g. %s "my games/p1.json"`, shown(s.ts[2].Value), verb)}
	}
	return path, nil
}

// bare is a move without the verb; "s" alone draws and "a8" is FreeCell notation.
func (s segment) bare() (action, *Error) {
	if len(s.ts) == 1 {
		if strings.EqualFold(s.ts[0].Value, "s") {
			return model.Draw{}, nil
		}
		if isCellSource(s.ts[0].Value) {
			return freeCellOp(s.ts)
		}
	}
	return s.move(0)
}

func (s segment) move(i int) (action, *Error) {
	var m model.Move
	var err *Error
	if m.From, err = pileRef(s.ts[i]); err != nil {
		return nil, err
	}
	i++
	if s.isPile(i) {
		if m.To, err = pileRef(s.ts[i]); err != nil {
			return nil, err
		}
		i++
	} else if i < len(s.ts) && !s.isType(i, numberType) {
		return nil, &Error{Column: s.col(i), Msg: fmt.Sprintf("expected a destination pile such as F1, or a number of cards, after %s; %q is neither", m.From, s.ts[i].Value)}
	}
	if s.isType(i, numberType) {
		if m.N, err = number(s.ts[i], "cards"); err != nil {
			return nil, err
		}
		i++
	}
	return s.done(i, m)
}

// card is a move whose source is the card at token i: then a destination pile, perhaps.
func (s segment) card(i int) (action, *Error) {
	var to *pile
	next := i + 1
	if s.isPile(next) {
		to = &pile{Pos: s.ts[next].Pos, Name: s.ts[next].Value}
		next++
	} else if next < len(s.ts) && !s.isType(next, numberType) {
		return nil, &Error{Column: s.col(next), Msg: fmt.Sprintf("expected a destination pile such as F1 after %s; %q is not one", s.ts[i].Value, s.ts[next].Value)}
	}
	if s.isType(next, numberType) {
		return nil, &Error{Column: s.col(next), Msg: cardTakesNoCount}
	}
	op, err := cardOp(s.ts[i], to, i == 0 && to == nil)
	if err != nil {
		return nil, err
	}
	return s.done(next, op)
}

// cardOp is a move whose source is card token t, to pile to (nil: the best). A lone card that
// is also FreeCell notation ("3h", "ad") carries that meaning too; the game picks.
func cardOp(t plex.Token, to *pile, lone bool) (action, *Error) {
	c, err := model.ParseCard(t.Value) // reads the suit symbols too
	if err != nil {
		return nil, &Error{Column: t.Pos.Offset + 1, Msg: err.Error()}
	}
	m := model.Move{Card: c}
	if to != nil {
		var perr *Error
		if m.To, perr = pileRef(to.token()); perr != nil {
			return nil, perr
		}
		return m, nil
	}
	if lone && isNotation(t.Value) {
		// Read as the lexer read it before cards were tokens: "3h" a number and a word.
		ts := []plex.Token{{Type: wordType, Value: t.Value, Pos: t.Pos}}
		if d := t.Value[0]; d >= '0' && d <= '9' {
			rest := t.Pos
			rest.Offset++
			ts = []plex.Token{{Type: numberType, Value: t.Value[:1], Pos: t.Pos}, {Type: wordType, Value: t.Value[1:], Pos: rest}}
		}
		op, perr := freeCellOp(ts)
		if perr == nil {
			fc := op.(model.Move)
			fc.Card = c
			return fc, nil
		}
	}
	return m, nil
}

// isNotation reports whether a card token is also a FreeCell move: a column 2-9 or cell a,
// then cell c or d or h for the foundations.
func isNotation(v string) bool {
	v = strings.ToLower(v)
	return len(v) == 2 && (v[0] >= '2' && v[0] <= '9' || v[0] == 'a') && strings.ContainsRune("cdh", rune(v[1]))
}

// steps reads the optional count of undo or redo.
func (s segment) steps(verb string) (n, next int, err *Error) {
	if len(s.ts) < 2 {
		return 1, 1, nil
	}
	if !s.isType(1, numberType) {
		return 0, 0, &Error{Column: s.col(1), Msg: fmt.Sprintf("%s takes a number of steps, e.g. %s 3", verb, verb)}
	}
	n, err = number(s.ts[1], "steps")
	return n, 2, err
}

func (s segment) newGame() (action, *Error) {
	var op New
	i := 1
	if s.isType(i, wordType) && !s.isType(i+1, eqType) {
		op.Game = gameWord(s.ts[i].Value)
		i++
	}
	for i < len(s.ts) {
		if !s.isType(i, wordType) {
			msg := fmt.Sprintf("expected an option such as draw=3, not %q", s.ts[i].Value)
			if i == 1 {
				msg = fmt.Sprintf("new takes a game name and options, e.g. new klondike draw=3; %q is neither", s.ts[i].Value)
			}
			return nil, &Error{Column: s.col(i), Msg: msg}
		}
		key := s.ts[i].Value
		if !s.isType(i+1, eqType) {
			// A bare key: "new klondike open" is open=true; the game checks it.
			op.Options = append(op.Options, model.Option{Key: strings.ToLower(key)})
			i++
			continue
		}
		if !s.isType(i+2, wordType) && !s.isType(i+2, numberType) && !s.isType(i+2, pileType) {
			return nil, &Error{Column: s.col(i + 2), Msg: fmt.Sprintf("option %q needs a word or a number after \"=\", e.g. draw=3", key)}
		}
		op.Options = append(op.Options, model.Option{Key: strings.ToLower(key), Value: strings.ToLower(s.ts[i+2].Value)})
		i += 3
	}
	return op, nil
}

func (s segment) help() (action, *Error) {
	var op Help
	if len(s.ts) > 1 {
		if !s.isType(1, wordType) {
			return nil, &Error{Column: s.col(1), Msg: "help takes a topic word, e.g. help move"}
		}
		op.Topic = strings.ToLower(s.ts[1].Value)
		return s.done(2, op)
	}
	return op, nil
}

// freeCell is a number ("38"), a number and a letter ("3a"), or a word ("ah", or a typo).
func (s segment) freeCell() (action, *Error) {
	n := 1
	if s.isType(0, numberType) && s.isType(1, wordType) {
		n = 2
	}
	op, err := freeCellOp(s.ts[:n])
	if err != nil {
		return nil, err
	}
	return s.done(n, op)
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

// pileRef reads a pile name such as "c3", "F" or "e2" (E is another name for R).
func pileRef(t plex.Token) (model.PileRef, *Error) {
	name := strings.ToUpper(t.Value)
	ref := model.PileRef{Kind: name[0]}
	switch ref.Kind {
	case 'C', 'F', 'R', 'S', 'W':
	case 'E':
		ref.Kind = 'R'
	default:
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

// isCellSource reports whether a pile token is FreeCell's cell-to-column notation, "a8".
// The letter c is left out: "c3" is column C3, since C is this program's column letter.
func isCellSource(name string) bool {
	return len(name) > 1 && strings.Contains("abd", strings.ToLower(name[:1]))
}

// cellLetter reads a FreeCell pile letter: a-d are the free cells R1-R4, h the foundations.
func cellLetter(c byte) (model.PileRef, bool) {
	switch c {
	case 'a', 'b', 'c', 'd':
		return model.PileRef{Kind: 'R', Index: int(c-'a') + 1}, true
	case 'h':
		return model.PileRef{Kind: 'F'}, true
	}
	return model.PileRef{}, false
}

// freeCellOp reads standard FreeCell notation: "38", "3" "a", "a8" or "ah". Any other word
// lands here as an unknown command.
func freeCellOp(ts []plex.Token) (action, *Error) {
	op, err := freeCellMove(ts)
	if m, ok := op.(model.Move); ok && isNotation(m.Notation) {
		m.Card, _ = model.ParseCard(m.Notation) // "3h" is also the three of hearts
		return m, nil
	}
	return op, err
}

// freeCellMove is freeCellOp without the card a move may also spell.
func freeCellMove(ts []plex.Token) (action, *Error) {
	t := ts[0]
	note := ""
	for _, x := range ts {
		note += strings.ToLower(x.Value)
	}
	col := t.Pos.Offset + 1
	v := strings.ToLower(t.Value)
	switch {
	case v[0] >= '0' && v[0] <= '9' && len(ts) == 2:
		from, err := column(t, v)
		if err != nil {
			return nil, err
		}
		w := strings.ToLower(ts[1].Value)
		to, ok := cellLetter(w[0])
		if len(w) != 1 || !ok {
			return nil, &Error{Column: ts[1].Pos.Offset + 1, Msg: fmt.Sprintf("after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. %sa or %sh; %q is neither", t.Value, t.Value, ts[1].Value)}
		}
		return model.Move{From: from, To: to, Notation: note}, nil
	case v[0] >= '0' && v[0] <= '9':
		if len(v) != 2 {
			return nil, &Error{Column: col, Msg: fmt.Sprintf("%q is not a command: a FreeCell move is two digits, e.g. 38 moves column 3 to column 8", t.Value)}
		}
		if i := strings.IndexByte(v, '0'); i >= 0 {
			return nil, &Error{Column: col + i, Msg: "there is no column 0: columns are numbered from 1"}
		}
		return model.Move{From: model.PileRef{Kind: 'C', Index: int(v[0] - '0')}, To: model.PileRef{Kind: 'C', Index: int(v[1] - '0')}, Notation: note}, nil
	case len(v) > 1 && v[1] >= '0' && v[1] <= '9':
		from, _ := cellLetter(v[0])
		to, err := column(t, v[1:])
		if err != nil {
			return nil, err
		}
		return model.Move{From: from, To: to, Notation: note}, nil
	}
	if len(v) == 2 && v[0] >= 'a' && v[0] <= 'd' {
		if to, ok := cellLetter(v[1]); ok {
			from, _ := cellLetter(v[0])
			return model.Move{From: from, To: to, Notation: note}, nil
		}
	}
	return nil, unknownCommand(t)
}

// column reads the digits of a column number in FreeCell notation; t is the whole token.
func column(t plex.Token, digits string) (model.PileRef, *Error) {
	d := strings.TrimLeft(digits, "0")
	switch {
	case d == "":
		return model.PileRef{}, &Error{Column: t.Pos.Offset + 1, Msg: fmt.Sprintf("there is no column %s: columns are numbered from 1", digits)}
	case len(d) > 4:
		return model.PileRef{}, &Error{Column: t.Pos.Offset + 1, Msg: fmt.Sprintf("there is no column %s: column numbers stop at %d", digits, maxNumber)}
	}
	return model.PileRef{Kind: 'C', Index: atoi(d)}, nil
}

// unknownCommand suggests the verb the player probably meant.
func unknownCommand(t plex.Token) *Error {
	msg := fmt.Sprintf("unknown command %s; type help to see the commands", shown(t.Value))
	if v := suggest(strings.ToLower(t.Value)); v != "" {
		msg = fmt.Sprintf("unknown command %s; did you mean %q?", shown(t.Value), v)
	}
	return &Error{Column: t.Pos.Offset + 1, Msg: msg}
}

// suggest returns the verb nearest to w, or "" when none is close enough to be a typo.
// One-letter aliases are never suggested: every short word is one edit away from them.
func suggest(w string) string {
	limit := 1
	if len(w) > 4 {
		limit = 2
	}
	best, bestD := "", limit+1
	for _, v := range verbs {
		d := distance(w, v)
		if len(w) >= 3 && strings.HasPrefix(v, w) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = v, d
		}
	}
	return best
}

// distance is the optimal string alignment distance: edits counting a swap of neighbours
// as one, since "drwa" for "draw" is one slip of the fingers.
func distance(a, b string) int {
	if len(a) > 32 {
		return len(a) // far from any verb; keeps the table small
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// shown quotes a token for a message, shortened when it is long: a 4 KB word makes no better message.
func shown(v string) string {
	const most = 32
	if utf8.RuneCountInString(v) <= most {
		return strconv.Quote(v)
	}
	r := []rune(v)
	return strconv.Quote(string(r[:most])) + "..."
}
