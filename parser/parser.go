// Package parser turns a line typed at the solitaire prompt into model operations.
//
// The grammar (grammar.go) decides what is accepted. When it rejects a line, a small
// token walker (diagnose.go) that follows the same grammar finds the first offending token
// and explains it in words, since participle's own messages name grammar productions.
package parser

import (
	"strings"

	plex "github.com/alecthomas/participle/v2/lexer"

	"solitaire/lexer"
	"solitaire/model"
)

// Command is one parsed command and where it was typed: a game operation (Op), which the model
// carries out, or a session command (Session), which the controller carries out. Exactly one
// is set.
type Command struct {
	Op      model.Op
	Session Session
	Column  int    // 1-based byte column where the command starts
	Text    string // the command as typed, without blanks, comment or ";"
}

// String is the command's canonical text.
func (c Command) String() string {
	if c.Session != nil {
		return c.Session.String()
	}
	return c.Op.String()
}

// action is the command's meaning, whichever field holds it.
func (c Command) action() action {
	if c.Session != nil {
		return c.Session
	}
	return c.Op
}

// commandOf files a parsed meaning under the field it belongs to.
func commandOf(a action, column int, text string) Command {
	c := Command{Column: column, Text: text}
	if s, ok := a.(Session); ok {
		c.Session = s
	} else {
		c.Op = a.(model.Op)
	}
	return c
}

// Error is a parse error at a 1-based byte column of the line.
type Error struct {
	Column int
	Msg    string
}

// Error returns the message alone; the caller adds the line and column.
func (e *Error) Error() string { return e.Msg }

var (
	whitespaceType = lexer.Definition.Symbols()[lexer.Whitespace]
	commentType    = lexer.Definition.Symbols()[lexer.Comment]
)

// Parse parses one typed line into its commands, in order.
func Parse(line string) ([]Command, error) {
	ast, err := grammar.ParseString("", line)
	if err != nil {
		return nil, diagnose(line, err)
	}
	var out []Command
	for _, c := range ast.Commands {
		if c == nil {
			continue
		}
		op, perr := c.op(line)
		if perr != nil {
			return nil, perr
		}
		out = append(out, commandOf(op, c.Pos.Offset+1, c.text(line)))
	}
	return out, nil
}

// text is the command's source from its first to its last token, so blanks and a trailing
// comment are left out.
func (c *command) text(line string) string {
	start, end := c.Pos.Offset, c.Pos.Offset
	for _, t := range c.Tokens {
		if t.Type == whitespaceType || t.Type == commentType {
			continue
		}
		end = t.Pos.Offset + len(t.Value)
	}
	return line[start:end]
}

func (c *command) op(line string) (action, *Error) {
	switch {
	case c.Move != nil && c.Move.Card != nil:
		if c.Move.Count != nil {
			return nil, &Error{Column: c.Move.Count.Pos.Offset + 1, Msg: cardTakesNoCount}
		}
		return cardOp(c.Move.Card.token(), c.Move.To, false)
	case c.Move != nil:
		return moveOp(c.Move.From, c.Move.To, c.Move.Count)
	case c.Card != nil:
		return cardOp(c.Card.Card.token(), c.Card.To, c.Card.To == nil)
	case c.Draw != nil:
		return model.Draw{}, nil
	case c.Undo != nil:
		n, err := steps(c.Undo.Count)
		return model.Undo{N: n}, err
	case c.Redo != nil:
		n, err := steps(c.Redo.Count)
		return model.Redo{N: n}, err
	case c.Restart != nil:
		return model.Restart{}, nil
	case c.NewGame != nil:
		return c.NewGame.op(), nil
	case c.Auto != nil:
		return model.Auto{}, nil
	case c.Moves != nil:
		return model.Moves{}, nil
	case c.Hint != nil:
		return model.Hint{}, nil
	case c.Time != nil:
		return Time{}, nil
	case c.Show != nil:
		return Show{}, nil
	case c.Pause != nil:
		return Pause{}, nil
	case c.Help != nil:
		return Help{Topic: strings.ToLower(c.Help.Topic)}, nil
	case c.Quit != nil:
		return Quit{}, nil
	case c.Purge != nil:
		return model.Purge{}, nil
	case c.Policy != nil:
		return model.Policy{Name: strings.ToLower(c.Policy.Name)}, nil
	case c.Games != nil:
		return ListGames{}, nil
	case c.Load != nil:
		path, err := loadPath(c.Load.File.token())
		if err != nil {
			return nil, err
		}
		return Load{Path: path}, nil
	case c.Switch != nil:
		return Switch{Game: strings.ToLower(c.Switch.Game)}, nil
	case c.Save != nil:
		path, err := loadPath(c.Save.File.token())
		if err != nil {
			return nil, err
		}
		return Save{Path: path, Force: c.Save.Force}, nil
	case c.History != nil:
		return History{}, nil
	case c.Stats != nil:
		return Stats{Game: strings.ToLower(c.Stats.Game)}, nil
	case c.Solve != nil:
		return Solve{Play: c.Solve.Play || c.Solve.Demo}, nil
	case c.Watch != nil:
		return Watch{Mode: strings.ToLower(c.Watch.Mode)}, nil
	case c.Bare != nil:
		return c.Bare.op()
	case c.FreeCell != nil:
		ts := words(c.FreeCell.Tokens)
		if len(ts) == 1 {
			// A verb without its argument fails its own rule and lands here as a plain word.
			if msg := missingArgument(ts[0].Value); msg != "" {
				return nil, &Error{Column: endColumn(line, ts[0]), Msg: msg}
			}
		}
		return freeCellOp(ts)
	}
	// Unreachable: the grammar sets exactly one alternative.
	return nil, &Error{Column: c.Pos.Offset + 1, Msg: "unrecognised command"}
}

func (p *pile) token() plex.Token { return plex.Token{Value: p.Name, Pos: p.Pos} }

func (c *cardName) token() plex.Token { return plex.Token{Type: cardType, Value: c.Name, Pos: c.Pos} }

func (f *fileName) token() plex.Token {
	if f.Quoted != "" {
		return plex.Token{Type: stringType, Value: f.Quoted, Pos: f.Pos}
	}
	return plex.Token{Type: pathType, Value: f.Plain, Pos: f.Pos}
}

// missingArgument is the message for a verb typed alone that needs an argument, or "".
func missingArgument(verb string) string {
	switch strings.ToLower(verb) {
	case "move", "m":
		return moveNeedsFrom
	case "policy":
		return policyNeedsName
	case lexer.LoadVerb:
		return loadNeedsFile
	case "switch":
		return switchNeedsGame
	case lexer.SaveVerb:
		return saveNeedsFile
	}
	return ""
}

func moveOp(from, to *pile, c *count) (action, *Error) {
	var m model.Move
	var err *Error
	if m.From, err = pileRef(from.token()); err != nil {
		return nil, err
	}
	if to != nil {
		if m.To, err = pileRef(to.token()); err != nil {
			return nil, err
		}
	}
	if c != nil {
		if m.N, err = number(plex.Token{Value: c.Digits, Pos: c.Pos}, "cards"); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// steps reads the count of undo and redo; a bare "undo" is one step, as "undo 1" is, so the
// canonical text "undo" parses back to the same Op.
func steps(c *count) (int, *Error) {
	if c == nil {
		return 1, nil
	}
	return number(plex.Token{Value: c.Digits, Pos: c.Pos}, "steps")
}

func (n *newGame) op() New {
	op := New{Game: gameWord(n.Game)}
	for _, o := range n.Options {
		op.Options = append(op.Options, model.Option{Key: strings.ToLower(o.Key), Value: strings.ToLower(o.Value)})
	}
	return op
}

// gameWord is the game new names: "new game" (and "new Game") means the current one.
func gameWord(w string) string {
	if w = strings.ToLower(w); w == "game" {
		return ""
	}
	return w
}

func (b *bare) op() (action, *Error) {
	if b.To == nil && b.Count == nil {
		if strings.EqualFold(b.From.Name, "s") {
			return model.Draw{}, nil
		}
		if isCellSource(b.From.Name) {
			return freeCellOp([]plex.Token{b.From.token()})
		}
	}
	return moveOp(b.From, b.To, b.Count)
}

// endColumn is where the command ending with token t ends: the ";" after it, or the end of
// the line when only blanks or a comment follow.
func endColumn(line string, t plex.Token) int {
	rest := line[t.Pos.Offset+len(t.Value):]
	trimmed := strings.TrimLeft(rest, " \t\r\n")
	if trimmed == "" || trimmed[0] == '#' {
		return len(line) + 1
	}
	return len(line) - len(trimmed) + 1
}

// words drops the blanks and comments that a node's Tokens may hold.
func words(ts []plex.Token) []plex.Token {
	out := ts[:0:0]
	for _, t := range ts {
		if t.Type != whitespaceType && t.Type != commentType {
			out = append(out, t)
		}
	}
	return out
}
