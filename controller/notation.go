package controller

import (
	"errors"
	"fmt"
	"strings"

	"solitaire/model"
	"solitaire/model/notation"
	"solitaire/parser"
)

// SetNotation sets the notation moves are read and written in: "" or "commands" for the
// command language, "standard" for FreeCell's standard notation (FreeCell only). In standard
// notation a line of moves such as "38 3a a8 3h" is read move by move, and hint, solve and
// history write their moves that way; every other line is a command as usual.
func (s *Session) SetNotation(name string) error {
	switch name {
	case "", "commands":
		s.notation = ""
	case notation.Standard:
		if s.Game.Info.Name != "freecell" {
			return fmt.Errorf("--notation standard is FreeCell's notation; %s has only the command language", s.Game.Info.Title)
		}
		s.notation = notation.Standard
	default:
		return fmt.Errorf("--notation %q: use %s", name, strings.Join(notation.Names, " or "))
	}
	return nil
}

// Notate writes op, made at g's current position, in the notation named ("" for the command
// language). A command that the notation has no word for is written as a command.
func Notate(g *model.Game, name string, op model.Op) string {
	if name == notation.Standard {
		if tok, err := notation.EncodeStandard(g, op); err == nil {
			return tok
		}
	}
	return op.String()
}

// NotateLine writes a line of commands from g's current position in the notation named,
// replaying them on a copy of g. The copy is g's own (Back), which knows the deal's start: a
// restart in the line (history after restart) goes back to it, where a game made of the
// position alone was left with no piles, and the next move's notation failed on them.
func NotateLine(g *model.Game, name string, ops []model.Op) []string {
	out := make([]string, len(ops))
	w, _ := g.Back(0)
	for i, op := range ops {
		out[i] = Notate(w, name, op)
		if name != "" {
			_, _ = w.Play(op) // a line that stops being legal is written as commands from here on
		}
	}
	return out
}

// notateAt writes op in the session's notation, op being made at position st.
func (s *Session) notateAt(st *model.State, op model.Op) string {
	if s.notation == "" {
		return op.String()
	}
	g := &model.Game{Info: s.Game.Info, Def: s.Game.Def, Config: s.Game.Config, State: st.Clone()}
	return Notate(g, s.notation, op)
}

// notate writes op, to be made now, in the session's notation.
func (s *Session) notate(op model.Op) string { return s.notateAt(&s.Game.State, op) }

// runStandard runs a line of moves in standard notation (parser.ParseStandard reads it, through
// the notation's one decoder), each given the count it carries at the position it is made at
// (a move into an empty column carries one card unless it has a count). It reports whether the
// line was one (it begins with a move in standard notation); other lines are commands. Moves
// after the game is won are not needed: the game plays its last cards home by itself where
// another program writes each of them.
func (s *Session) runStandard(lineNo int, line string, each func(parser.Command, Outcome)) (handled, quit bool, err error) {
	cmds, err := parser.ParseStandard(line)
	if err != nil {
		var pe *parser.Error
		if errors.As(err, &pe) {
			return true, false, &lineError{Line: lineNo, Column: pe.Column, Msg: pe.Msg}
		}
		return true, false, &lineError{Line: lineNo, Column: 1, Msg: err.Error()}
	}
	if len(cmds) == 0 {
		return false, false, nil
	}
	skipped, at := 0, 0
	for i, c := range cmds {
		if s.Game.Won() {
			if skipped == 0 {
				at = i
			}
			skipped++
			continue
		}
		m := notation.AtPosition(s.Game, c.Op.(model.Move))
		s.running = c.Text
		out, err := s.Exec(m)
		if err != nil {
			return true, false, &lineError{Line: lineNo, Column: c.Column, Msg: s.refusal(cardless(c.Text+" ("+m.String()+")"), err), Err: err}
		}
		each(parser.Command{Op: m, Column: c.Column, Text: c.Text}, out)
	}
	if skipped > 0 {
		each(parser.Command{Session: parser.Show{}, Column: cmds[at].Column, Text: cmds[at].Text},
			Outcome{Message: fmt.Sprintf("the game is won: the last %s on the line %s not needed", model.Plural(skipped, "move"), map[bool]string{true: "was", false: "were"}[skipped == 1])})
	}
	return true, false, nil
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
