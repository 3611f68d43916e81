package controller

import (
	"errors"
	"fmt"
	"strings"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/parser/notation"
)

// SetNotation sets the notation lines are read and moves written in: "" or "commands" for the
// command language, "standard" for FreeCell's standard notation (FreeCell only). In standard
// notation a line of moves such as "38 3a a8 3h" is read move by move, and hint, solve and
// history write their moves that way; every other line is a command as usual.
func (s *Session) SetNotation(name string) error {
	n, err := notation.For(s.Game, name)
	if err != nil {
		return err
	}
	s.notation = ""
	if n.Name() != notation.CommandLanguage {
		s.notation = n.Name()
	}
	return nil
}

// codec is the notation of the game in play: the session's (codecFor).
func (s *Session) codec() notation.Notation { return codecFor(s.Game, s.notation) }

// codecFor is the notation called name for g, or g's command language where g has none of that
// name (standard notation, after a switch from FreeCell to Klondike).
func codecFor(g *model.Game, name string) notation.Notation {
	n, err := notation.For(g, name)
	if err != nil {
		n, _ = notation.For(g, "")
	}
	return n
}

// writtenIn is the name of the notation the game in play's moves are written in, for the
// command that replays them: "" for the command language.
func (s *Session) writtenIn() string {
	if n := s.codec().Name(); n != notation.CommandLanguage {
		return n
	}
	return ""
}

// NotateLine writes a line of commands from g's current position in the notation named ("" for
// the command language; a game without that notation writes its command language).
func NotateLine(g *model.Game, name string, ops []model.Op) []string {
	return notation.EncodeLine(codecFor(g, name), g, ops)
}

// notateAt writes op in the session's notation, op being made at position st.
func (s *Session) notateAt(st *model.State, op model.Op) string {
	if s.notation == "" {
		return op.String() // the command language writes a command the same at every position
	}
	g := &model.Game{Info: s.Game.Info, Def: s.Game.Def, Config: s.Game.Config, State: st.Clone()}
	return s.codec().Encode(op, g)
}

// notate writes op, to be made now, in the session's notation.
func (s *Session) notate(op model.Op) string { return s.notateAt(&s.Game.State, op) }

// decode reads line from byte off on (off > 0: the rest of a line after a command that put
// another game in play) in the notation of the game in play, with its columns counted in the
// whole line.
func (s *Session) decode(lineNo int, line string, off int) (notation.Line, error) {
	dec, err := s.codec().Decode(line[off:], s.Game)
	if err != nil {
		var pe *parser.Error
		if errors.As(err, &pe) {
			return dec, &lineError{Line: lineNo, Column: off + pe.Column, Msg: pe.Msg}
		}
		return dec, &lineError{Line: lineNo, Column: off + 1, Msg: err.Error()}
	}
	for _, cmds := range [][]parser.Command{dec.Commands, dec.Unneeded} {
		for i := range cmds {
			cmds[i].Column += off
		}
	}
	return dec, nil
}

// named is how a message names command c: by its canonical text, or, when the player typed a
// word of another notation that the command language reads otherwise or not at all ("ah" in
// FreeCell, cell a home, where the command language reads the ace of hearts; "38"; "c4" with
// --notation standard, cell c to column 4), by that word and what it means: "ah (move R1 F)".
// The word is in lower case, as the notation writes it, so that "AH" is not shown as a card.
func named(c parser.Command) string {
	canon := c.String()
	if cmds, err := parser.Parse(c.Text); err == nil && len(cmds) == 1 && cmds[0].String() == canon {
		return canon
	}
	return strings.ToLower(c.Text) + " (" + canon + ")"
}

// echo is how a message names command c (named), as words whose cards the view draws as the
// board draws them.
func echo(c parser.Command) model.Worded {
	if w, ok := c.Op.(model.Worded); ok && named(c) == c.String() {
		return w
	}
	return cardless(named(c))
}

// unneeded says that the moves of a line after the one that won the game were not run: other
// programs write the cards our game plays home by itself (notation.Line).
func (s *Session) unneeded(moves []parser.Command, each func(parser.Command, Outcome)) {
	if len(moves) == 0 {
		return
	}
	were := map[bool]string{true: "was", false: "were"}[len(moves) == 1]
	each(parser.Command{Session: parser.Show{}, Column: moves[0].Column, Text: moves[0].Text},
		Outcome{Message: fmt.Sprintf("the game is won: the last %s on the line %s not needed", model.Plural(len(moves), "move"), were)})
}

// boardOrigin is the board file (--board FILE) that a game was dealt from, with the game: the
// file is that game's deal only, so a game that replaces it (new, load, switch, a resume) has
// none, while restart, which keeps the game, keeps it.
type boardOrigin struct {
	game *model.Game
	path string
}

// DealtFromBoard tells the session that its game was dealt from the board file path (play
// freecell --board FILE), so that history's script names the command that deals it again.
func (s *Session) DealtFromBoard(path string) { s.dealtBy = boardOrigin{s.Game, path} }

// boardFile is the board file the game in play was dealt from, or "".
func (s *Session) boardFile() string {
	if s.dealtBy.game != s.Game {
		return ""
	}
	return s.dealtBy.path
}

// LoadBoard reads a FreeCell position in fc-solve's board text from a file, read as position
// files are (a regular file, of bounded size); options given win over the board's.
func LoadBoard(path string, overrides []model.Option) (*model.Game, error) {
	data, err := readSmallFile(path)
	if err != nil {
		return nil, err
	}
	pos, err := notation.ParseBoard(string(data))
	if err != nil {
		return nil, err
	}
	return model.LoadPosition(pos, overrides)
}

// ReplayCommand is PlayCommand for a game that may have started from a board in fc-solve's
// text (board: its file) and whose moves are written in the notation named.
func ReplayCommand(game *model.Game, position, board, notation string) string {
	s := PlayCommand(game, position)
	if board != "" {
		s = strings.Replace(s, " --position FILE", " --board "+shellQuote(board), 1)
	}
	if notation != "" {
		s += " --notation " + notation
	}
	return s
}
