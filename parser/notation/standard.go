package notation

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"solitaire/model"
	"solitaire/parser"
)

// standard is FreeCell's standard notation, as fc-solve and other FreeCell programs write
// moves (--notation standard). A line that begins with a move holds moves only, words split
// at blanks ("38 3a a8 3h ah 38v3"; "c4" is cell c to column 4 here, where the command
// language reads column 4), up to a comment or the summary fc-solve prints after its moves;
// any other line is FreeCell's command language. A move writes its count after v in
// hexadecimal when it carries more than one card, as fc-solve does.
type standard struct{}

func (standard) Name() string { return Standard }

// Decode reads a line of moves whole before any of it runs, so that a word that is no move
// leaves the game as it was, as a command line that does not parse does; each move then has
// the count it carries at the position it is made at (counted).
func (standard) Decode(line string, g *model.Game) (Line, error) {
	moves, err := readMoves(line)
	if err != nil {
		return Line{}, err
	}
	if moves == nil {
		return commands{freecell: true}.Decode(line, g)
	}
	return counted(moves, g), nil
}

// Encode writes a move with fc-solve's count suffix when it carries more than one card, and
// any other command (or a move of a pile the notation has no name for) in the command
// language, which a line that begins with no move is.
func (standard) Encode(op model.Op, g *model.Game) string {
	if tok, err := encodeStandard(g, op); err == nil {
		return tok
	}
	return op.String()
}

// readMoves reads a line that begins with a move in standard notation: each word by
// readToken, with the count written after v or none, up to a comment or fc-solve's summary.
// Any other line gives no commands and no error. The words are split at blanks, not lexed:
// "c4" and "38v3" are one word each here, where the command language reads a pile and a
// number.
func readMoves(line string) ([]parser.Command, error) {
	var out []parser.Command
	for off := 0; off < len(line); {
		rest := line[off:]
		trimmed := strings.TrimLeft(rest, " \t")
		if trimmed == "" {
			break
		}
		off += len(rest) - len(trimmed)
		end := strings.IndexAny(trimmed, " \t")
		if end < 0 {
			end = len(trimmed)
		}
		word := trimmed[:end]
		if !isStandardMove(word) {
			if out == nil || endsMoves(trimmed) {
				break
			}
			return nil, &parser.Error{Column: off + 1, Msg: fmt.Sprintf(
				"%q is not a move in standard notation; a line that begins with moves holds only moves (38 3a a8 3h ah 38v3)", word)}
		}
		m, err := readToken(word)
		if err != nil {
			return nil, &parser.Error{Column: off + 1, Msg: err.Error()}
		}
		out = append(out, parser.Command{Op: m, Column: off + 1, Text: word})
		off += end
	}
	return out, nil
}

// counted gives each move of a line the count it carries at the position it is made at
// (atPosition: fc-solve's move into an empty column without a count carries one card),
// playing the line on a copy of g. The moves after the copy is won are Unneeded. A move the
// copy refuses stops the line when it runs, so it and the moves after it keep their counts as
// written.
func counted(moves []parser.Command, g *model.Game) Line {
	w, _ := g.Back(0)
	var out Line
	legal := true
	for i, c := range moves {
		if w.Won() {
			out.Unneeded = moves[i:]
			break
		}
		if legal {
			m := atPosition(w, c.Op.(model.Move))
			_, err := w.Play(m)
			c.Op, legal = m, err == nil
		}
		out.Commands = append(out.Commands, c)
	}
	return out
}

// isStandardMove reports whether tok has the shape of a move in standard notation as fc-solve
// writes it: a source (a column digit or a cell letter a-d), a destination (a column digit, a
// cell letter or h for the foundations), then perhaps fc-solve's count suffix, v and the count
// in hexadecimal.
func isStandardMove(tok string) bool {
	t := strings.ToLower(tok)
	if len(t) < 2 || !isSource(t[0]) || !isDest(t[1]) {
		return false
	}
	if len(t) == 2 {
		return true
	}
	if t[2] != 'v' || len(t) == 3 {
		return false
	}
	_, err := strconv.ParseUint(t[3:], 16, 8)
	return err == nil
}

func isSource(c byte) bool { return c >= '1' && c <= '9' || isCell(c) }
func isDest(c byte) bool   { return isSource(c) || c == 'h' }
func isCell(c byte) bool   { return c >= 'a' && c <= 'd' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// ref is the pile a standard-notation character names: a digit a column, a-d a free cell,
// h the foundations (the game picks which).
func ref(c byte) model.PileRef {
	switch {
	case c >= '1' && c <= '9':
		return model.PileRef{Kind: 'C', Index: int(c - '0')}
	case c == 'h':
		return model.PileRef{Kind: 'F'}
	}
	return model.PileRef{Kind: 'R', Index: int(c-'a') + 1}
}

// syntaxError is a mistake in a move written in standard notation, at byte Offset of the text
// read, so that a reader of lines can point at it.
type syntaxError struct {
	Offset int
	Msg    string
	shape  bool // the text has no shape of a move at all
}

// Error returns the message alone; the reader of the line adds where it is.
func (e *syntaxError) Error() string { return e.Msg }

// Is makes errors.Is(err, errNotAMove) true of text that has no shape of a move at all, which
// a reader of our command language then reads as something else (an unknown command).
func (e *syntaxError) Is(target error) bool { return target == errNotAMove && e.shape }

// errNotAMove is what readPiles and readToken say of text that has no shape of a move at all.
var errNotAMove = errors.New("not a move in standard notation")

// notAMove is the syntaxError of text that is no move in standard notation.
func notAMove(text string) error {
	return &syntaxError{shape: true, Msg: fmt.Sprintf("%q is not a move in standard notation: write the source (a column 1-8 or a cell a-d) and the destination (a column, a cell or h for the foundations), e.g. 38, 3a, a8, 3h; a count goes after v in hexadecimal, e.g. 38v3", text)}
}

// readPiles decodes the two piles of a move in standard notation, with no position and no
// count: the one decoder of the notation, for fc-solve's moves (readToken) and for the moves a
// player types in FreeCell's command language (commands.read). It reads fc-solve's two characters
// ("38", "3a", "a8", "ah", "c4") and what our command language also lets a player type: a
// column number of several digits ("12a"), and a blank between a column number and its cell
// letter ("3 a", "10 c": "10c" is the ten of clubs). A mistake is a *syntaxError at the byte
// that is wrong; text with no shape of a move at all is errNotAMove.
func readPiles(text string) (model.Move, error) {
	t := strings.ToLower(text)
	if len(t) == 2 && isSource(t[0]) && isDest(t[1]) {
		return model.Move{From: ref(t[0]), To: ref(t[1])}, nil
	}
	digits := 0
	for digits < len(t) && isDigit(t[digits]) {
		digits++
	}
	switch {
	case digits > 0 && digits == len(t):
		// Only digits: one for each column. Two digits with no 0 were read above.
		if digits != 2 {
			return model.Move{}, &syntaxError{Msg: fmt.Sprintf("%q is not a command: a FreeCell move is two digits, e.g. 38 moves column 3 to column 8", text)}
		}
		return model.Move{}, &syntaxError{Offset: strings.IndexByte(t, '0'), Msg: "there is no column 0: columns are numbered from 1"}
	case digits > 0:
		// A column number, then its destination: a cell letter or h.
		from, err := column(t[:digits])
		if err != nil {
			return model.Move{}, err
		}
		at := digits + len(t[digits:]) - len(strings.TrimLeft(t[digits:], " \t"))
		if len(t) != at+1 || !isCell(t[at]) && t[at] != 'h' {
			return model.Move{}, &syntaxError{Offset: at, Msg: fmt.Sprintf("after a column number, FreeCell notation takes a cell a-d or h for the foundations, e.g. %sa or %sh; %q is neither", text[:digits], text[:digits], text[at:])}
		}
		return model.Move{From: from, To: ref(t[at])}, nil
	case len(t) > 1 && isCell(t[0]) && isDigit(t[1]):
		// A cell, then a column number.
		if strings.TrimLeft(t[1:], "0123456789") != "" {
			return model.Move{}, notAMove(text)
		}
		to, err := column(t[1:])
		if err != nil {
			return model.Move{}, err
		}
		return model.Move{From: ref(t[0]), To: to}, nil
	}
	return model.Move{}, notAMove(text)
}

// column reads the digits of a column number; its mistakes are at the start of the text.
func column(digits string) (model.PileRef, error) {
	d := strings.TrimLeft(digits, "0")
	switch {
	case d == "":
		return model.PileRef{}, &syntaxError{Msg: fmt.Sprintf("there is no column %s: columns are numbered from 1", digits)}
	case len(d) > 4:
		return model.PileRef{}, &syntaxError{Msg: fmt.Sprintf("there is no column %s: column numbers stop at %d", digits, maxColumn)}
	}
	n, _ := strconv.Atoi(d) // at most four digits
	return model.PileRef{Kind: 'C', Index: n}, nil
}

// maxColumn bounds a column number as the command language bounds every number it reads.
const maxColumn = 9999

// readToken reads one move as fc-solve writes it, with no position: the piles (readPiles) and
// the count after v, 0 when there is none.
func readToken(tok string) (model.Move, error) {
	if !isStandardMove(tok) {
		return model.Move{}, notAMove(tok)
	}
	m, err := readPiles(tok[:2])
	if err != nil {
		return model.Move{}, err
	}
	if len(tok) > 2 {
		n, _ := strconv.ParseUint(tok[3:], 16, 8)
		if n == 0 {
			return model.Move{}, &syntaxError{Offset: 3, Msg: fmt.Sprintf("%q moves no cards: the count after v is 1 or more", tok)}
		}
		m.N = int(n)
	}
	return m, nil
}

// atPosition gives move m, read with no position, the count it carries in standard notation at
// g's current position: without a count, a move into an empty column carries one card, as
// fc-solve writes its moves; otherwise the count stays as written (0: the game chooses, the
// run that fits).
func atPosition(g *model.Game, m model.Move) model.Move {
	if m.N == 0 && m.To.Kind == 'C' {
		if p, _, ok := g.Pile(m.To.String()); ok && p.Empty() {
			m.N = 1
		}
	}
	return m
}

// encodeStandard writes op, a move made at g's current position, in standard notation, with
// fc-solve's count suffix on a move of more than one card. Only FreeCell's piles have names
// in it: columns 1-9, cells a-d and the foundations.
func encodeStandard(g *model.Game, op model.Op) (string, error) {
	m, ok := op.(model.Move)
	if !ok {
		return "", fmt.Errorf("standard notation writes moves only, not %s", op)
	}
	from, err := char(m.From, false)
	if err != nil {
		return "", err
	}
	to, err := char(m.To, true)
	if err != nil {
		return "", err
	}
	n, err := carries(g, m)
	if err != nil {
		return "", err
	}
	tok := string([]byte{from, to})
	if n > 1 {
		tok += "v" + strconv.FormatInt(int64(n), 16)
	}
	return tok, nil
}

// char is the standard-notation character of a pile.
func char(r model.PileRef, dest bool) (byte, error) {
	switch {
	case r.Kind == 'C' && r.Index >= 1 && r.Index <= 9:
		return byte('0' + r.Index), nil
	case (r.Kind == 'R' || r.Kind == 'E') && r.Index >= 1 && r.Index <= 4:
		return byte('a' + r.Index - 1), nil
	case r.Kind == 'F' && dest:
		return 'h', nil
	}
	return 0, fmt.Errorf("standard notation has no name for %s", r)
}

// carries is how many cards move m carries when made at g's current position: its count, or
// for a move without one the count the game chooses (the longest run that may go).
func carries(g *model.Game, m model.Move) (int, error) {
	if m.N > 0 {
		return m.N, nil
	}
	// The game moves the longest run that is legal; try the counts from the longest down
	// on a scratch copy, so that the rules stay the engine's alone.
	p, _, ok := g.Pile(pileName(g, m.From))
	if !ok {
		return 0, fmt.Errorf("%s: no such pile", m.From)
	}
	var first error
	for n := len(p.Cards) - p.Down; n >= 1; n-- {
		scratch := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
		try := m
		try.N = n
		if _, err := scratch.Play(try); err == nil {
			return n, nil
		} else if first == nil {
			first = err
		}
	}
	if first == nil {
		first = fmt.Errorf("%s is empty", m.From)
	}
	return 0, first
}

// pileName is the name of the pile a reference names; a bare letter names the first.
func pileName(g *model.Game, r model.PileRef) string {
	if r.Index == 0 {
		r.Index = 1
	}
	if r.Kind == 'E' {
		r.Kind = 'R'
	}
	return r.String()
}

// fcSolveSummary starts the sentences fc-solve prints after its moves; a line of moves pasted
// from it ends there.
var fcSolveSummary = []string{"This game is solveable", "I could not solve this game", "Total number of states checked"}

// endsMoves reports whether rest, the text of a line after some moves, ends the moves rather
// than being a mistake in them: a comment, or the summary fc-solve prints after its moves.
func endsMoves(rest string) bool {
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "#") {
		return true
	}
	for _, p := range fcSolveSummary {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}
