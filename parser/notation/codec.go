// Package notation holds the ways commands are written as text, as codecs apart from the
// rules: our command language (the parser reads it, Op.String writes it), which in FreeCell
// also reads a standard move typed as a whole command ("38", "3h"), and FreeCell's standard
// notation as other programs write it ("38 3a a8 3h ah", fc-solve's "38v3"); and fc-solve's
// board text, a codec of positions. Each reads and writes the same model values, as chess
// programs read and write moves in algebraic or UCI notation: the model, which decides what
// the moves do, knows nothing of how they are written.
package notation

import (
	"errors"
	"fmt"
	"strings"

	"solitaire/lexer"
	"solitaire/model"
	"solitaire/parser"
)

// Notation reads a line into commands and writes a command as text, each at the position of
// a game it is given (and leaves as it was).
type Notation interface {
	// Name is the notation's name, as --notation takes it (Names).
	Name() string
	// Decode reads line, typed or piped at g's position, into the commands to run; a line
	// with a mistake is refused whole, with a *parser.Error at the column of the first.
	Decode(line string, g *model.Game) (Line, error)
	// Encode writes op, to be made at g's position, as text that Decode reads back there to
	// a command that does the same (the same command, in the command language). A command
	// the notation has no word for is written in the command language, which every notation
	// reads.
	Encode(op model.Op, g *model.Game) string
}

// Line is a line as a notation reads it.
type Line struct {
	Commands []parser.Command // to run, in order
	// Unneeded are the moves of a line of moves after the one that wins the game: other
	// programs write the cards that our game plays home by itself. They are not run.
	Unneeded []parser.Command
}

// The names --notation takes.
const (
	CommandLanguage = "commands"
	Standard        = "standard"
)

// Names lists the notations --notation takes: our command language first.
var Names = []string{CommandLanguage, Standard}

// For is the notation called name ("" is the command language) for game g: the command
// language in every game, FreeCell's own with its standard moves; FreeCell's standard
// notation in FreeCell only.
func For(g *model.Game, name string) (Notation, error) {
	switch name {
	case "", CommandLanguage:
		return commands{freecell: isFreeCell(g)}, nil
	case Standard:
		if !isFreeCell(g) {
			return nil, fmt.Errorf("--notation standard is FreeCell's notation; %s has only the command language", g.Info.Title)
		}
		return standard{}, nil
	}
	return nil, fmt.Errorf("--notation %q: use %s", name, strings.Join(Names, " or "))
}

func isFreeCell(g *model.Game) bool { return g.Info.Name == "freecell" }

// EncodeLine writes ops, made one after another from g's position, in notation n. A notation
// that writes a move by what it does where it is made (standard's count) plays them on a copy
// of g (Back: a copy that knows the deal's start, so that a restart in the line, as history
// may hold, goes back to it); a command that is not legal where it comes, and every one after
// it, is written in the command language.
func EncodeLine(n Notation, g *model.Game, ops []model.Op) []string {
	out := make([]string, len(ops))
	if _, plain := n.(commands); plain {
		// The command language writes a command the same at every position.
		for i, op := range ops {
			out[i] = op.String()
		}
		return out
	}
	w, _ := g.Back(0)
	legal := true
	for i, op := range ops {
		if !legal {
			out[i] = op.String()
			continue
		}
		out[i] = n.Encode(op, w)
		_, err := w.Play(op)
		legal = err == nil
	}
	return out
}

// commands is the command language: the parser reads it and Op.String writes it. In FreeCell
// (freecell) a move in standard notation typed as a whole command is that move, as players
// of other FreeCell programs type them: "38" (column 3 to column 8), "3a" or "3 a", "12a",
// "a8", "bc", and the lone cards of two characters that spell a move, "3h", "ah", "3c", "3d",
// "ac", "ad", which are the move there ("move 3h" is the three of hearts). Elsewhere those
// cards are cards, and the other moves are refused with the command to write instead.
type commands struct{ freecell bool }

func (commands) Name() string { return CommandLanguage }

func (c commands) Decode(line string, _ *model.Game) (Line, error) {
	cmds, err := parser.ParseWith(line, c.read)
	if err != nil {
		return Line{}, err
	}
	return Line{Commands: cmds}, nil
}

func (commands) Encode(op model.Op, _ *model.Game) string { return op.String() }

// read is the parser.Reader of FreeCell's standard moves typed as commands (see commands):
// readPiles, the notation's one decoder, reads the first tokens of a command that may spell
// one (head).
func (c commands) read(ts []parser.Token) (model.Op, int, *parser.Error) {
	n := head(ts)
	if n == 0 {
		return nil, 0, nil
	}
	text := ts[0].Value
	if n == 2 {
		// The blank tells readPiles where the number ends, as the lexer saw it: "38 va" is
		// column 38 and a word, where "38va" would be fc-solve's column 3 to 8, ten cards.
		text += " " + ts[1].Value
	}
	m, err := readPiles(text)
	card := ts[0].Kind == lexer.Card // a card only where it spells a move: "2s" is the two of spades
	var se *syntaxError
	switch {
	case err == nil && c.freecell:
		return m, n, nil
	case err == nil && !card && n == len(ts):
		return nil, 0, &parser.Error{Column: ts[0].Column, Msg: fmt.Sprintf("%s is FreeCell's notation, which only FreeCell reads: write %s", strings.ToLower(typed(ts[:n])), m)}
	case err != nil && c.freecell && !card && !errors.Is(err, errNotAMove) && errors.As(err, &se):
		col := ts[0].Column + se.Offset
		if n == 2 && se.Offset > len(ts[0].Value) {
			col = ts[1].Column + se.Offset - len(ts[0].Value) - 1
		}
		return nil, 0, &parser.Error{Column: col, Msg: se.Msg}
	}
	return nil, 0, nil
}

// head is how many of a command's first tokens may spell a standard move: a number, with the
// word after it when one follows ("38", "3a", "3 a", "12a"); a word ("bc"); and alone, a card
// of two characters ("3h", "ah"; "10c" is the ten of clubs) or a pile whose letter is no pile
// of ours ("a8"; "c8" is column 8). 0 when they cannot.
func head(ts []parser.Token) int {
	if len(ts) == 0 {
		return 0
	}
	switch t := ts[0]; {
	case t.Kind == lexer.Number && len(ts) > 1 && ts[1].Kind == lexer.Word:
		return 2
	case t.Kind == lexer.Number || t.Kind == lexer.Word:
		return 1
	case len(ts) > 1:
		return 0
	case t.Kind == lexer.Card && len(t.Value) == 2, t.Kind == lexer.Pile && !parser.PileName(t.Value):
		return 1
	}
	return 0
}

// typed is the text of tokens as typed, with a blank where there was one.
func typed(ts []parser.Token) string {
	s := ts[0].Value
	for i := 1; i < len(ts); i++ {
		if ts[i].Column > ts[i-1].Column+len(ts[i-1].Value) {
			s += " "
		}
		s += ts[i].Value
	}
	return s
}
