// Package notation holds the notations other programs use for moves and positions, as codecs
// apart from the rules: FreeCell's standard move notation ("38", "3a", "ah", fc-solve's "38v3")
// and fc-solve's board text. Our own command language is the parser's and Op.String's; these
// read and write the same model values.
package notation

import (
	"fmt"
	"strconv"
	"strings"

	"solitaire/model"
)

// Standard is the name of FreeCell's standard notation, as --notation takes it.
const Standard = "standard"

// Names lists the notations --notation takes: our command language first.
var Names = []string{"commands", Standard}

// IsStandardMove reports whether tok has the shape of a move in standard notation: a source
// (a column digit or a cell letter a-d), a destination (a column digit, a cell letter or h for
// the foundations), then perhaps fc-solve's count suffix, v and the count in hexadecimal.
func IsStandardMove(tok string) bool {
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

func isSource(c byte) bool { return c >= '1' && c <= '9' || c >= 'a' && c <= 'd' }
func isDest(c byte) bool   { return isSource(c) || c == 'h' }

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

// DecodeStandard reads one move in standard notation at g's current position. Without a count,
// a move onto a column that holds cards carries the run that fits there, and a move into an
// empty column carries one card, as fc-solve writes its moves.
func DecodeStandard(g *model.Game, tok string) (model.Move, error) {
	if !IsStandardMove(tok) {
		return model.Move{}, fmt.Errorf("%q is not a move in standard notation: write the source (a column 1-8 or a cell a-d) and the destination (a column, a cell or h for the foundations), e.g. 38, 3a, a8, 3h; a count goes after v in hexadecimal, e.g. 38v3", tok)
	}
	t := strings.ToLower(tok)
	m := model.Move{From: ref(t[0]), To: ref(t[1])}
	if len(t) > 2 {
		n, _ := strconv.ParseUint(t[3:], 16, 8)
		if n == 0 {
			return model.Move{}, fmt.Errorf("%q moves no cards: the count after v is 1 or more", tok)
		}
		m.N = int(n)
		return m, nil
	}
	if m.To.Kind == 'C' {
		if p, _, ok := g.Pile(m.To.String()); ok && p.Empty() {
			m.N = 1
		}
	}
	return m, nil
}

// EncodeStandard writes op, a move made at g's current position, in standard notation, with
// fc-solve's count suffix on a move of more than one card. Only FreeCell's piles have names
// in it: columns 1-9, cells a-d and the foundations.
func EncodeStandard(g *model.Game, op model.Op) (string, error) {
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
	n, err := Carries(g, m)
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

// Carries is how many cards move m carries when made at g's current position: its count, or
// for a move without one the count the game chooses (the longest run that may go).
func Carries(g *model.Game, m model.Move) (int, error) {
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
