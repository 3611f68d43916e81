// Package parser turns a line typed at the solitaire prompt into model operations.
//
// The grammar (grammar.go) is the only parser: participle reads a line into a tree, and the
// conversion of that tree (parser.go, with the words, piles, numbers and file names of
// words.go) gives the commands. It reads the command language only; another notation may read
// a command first (ParseWith). The grammar is permissive, every argument optional
// and the tokens after a command kept, so it reads every line the lexer does; the conversion
// refuses what a command lacks or does not take, with the first token that does not belong,
// what was expected and an example, since participle's own messages name grammar productions.
package parser

import (
	"errors"
	"fmt"
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

// Parse parses one typed line into its commands, in order, in the command language alone.
func Parse(line string) ([]Command, error) { return ParseWith(line, nil) }

// ParseOp reads a line that holds one command that plays or asks about the game, as
// Op.String writes it: a saved command (the controller gives it to the store to read saves).
func ParseOp(line string) (model.Op, error) {
	cmds, err := Parse(line)
	if err != nil || len(cmds) != 1 {
		return nil, errors.New("is not a command")
	}
	if cmds[0].Op == nil {
		return nil, errors.New("is not a move of the game")
	}
	return cmds[0].Op, nil
}

// A Reader is what a notation adds to the command language: it is offered each command of a
// line, as its tokens, before the command language reads it. It reads the command (used: how
// many of the tokens make it; the parser refuses any after them as it refuses what follows
// any command), refuses it (err), or leaves it to the command language (used 0). The command
// language knows no other notation: the notation package gives FreeCell's command language
// its standard moves ("38", "3h") this way.
type Reader func(ts []Token) (op model.Op, used int, err *Error)

// Token is a token of a command as a Reader sees it: no blank, comment or ";".
type Token struct {
	Kind   string // the lexer's name of its type: lexer.Number, lexer.Word, lexer.Card, lexer.Pile, ...
	Value  string
	Column int // 1-based byte column
}

// ParseWith parses one typed line into its commands, in order: each command is read by read
// (nil: none) if it reads it, else by the command language.
func ParseWith(line string, read Reader) ([]Command, error) {
	ast, err := grammar().ParseString("", line)
	if err != nil {
		return nil, rejected(line, read, err)
	}
	var out []Command
	for _, c := range ast.Commands {
		if c == nil {
			continue
		}
		op, perr := c.readBy(line, read)
		if perr != nil {
			return nil, perr
		}
		out = append(out, commandOf(op, c.Pos.Offset+1, c.text(line)))
	}
	return out, nil
}

// readBy is the command's meaning: read's, when read reads it, else the command language's.
func (c *command) readBy(line string, read Reader) (action, *Error) {
	if read == nil {
		return c.action(line)
	}
	ts := c.tokens()
	op, used, err := read(ts)
	switch {
	case err != nil:
		return nil, err
	case used == 0:
		return c.action(line)
	case used < len(ts):
		t := ts[used]
		return nil, &Error{Column: t.Column, Msg: fmt.Sprintf("unexpected %s after the command", shown(t.Value))}
	}
	return op, nil
}

// kindNames names the lexer's token types, for Token.Kind.
var kindNames = func() map[plex.TokenType]string {
	m := map[plex.TokenType]string{}
	for name, typ := range lexer.Definition.Symbols() {
		m[typ] = name
	}
	return m
}()

// tokens are the command's tokens but blanks and comments.
func (c *command) tokens() []Token {
	var out []Token
	for _, t := range c.Tokens {
		if t.Type == whitespaceType || t.Type == commentType {
			continue
		}
		out = append(out, Token{Kind: kindNames[t.Type], Value: t.Value, Column: t.Pos.Offset + 1})
	}
	return out
}

// rejected explains a line that participle refused. The grammar reads every line of tokens,
// so that is the lexer refusing a byte no token starts with; but a mistake in the commands
// before that byte is reported first, as the player reads from the left: the text before the
// byte is parsed (by the same grammar and reader) to find one.
func rejected(line string, read Reader, err error) *Error {
	var le *plex.Error
	if !errors.As(err, &le) {
		fallbacks.Add(1)
		return &Error{Column: 1, Msg: "this line is not understood; type help grammar to see what is accepted"}
	}
	col := min(max(le.Pos.Offset+1, 1), len(line)+1)
	if _, perr := ParseWith(line[:col-1], read); perr != nil {
		if e, ok := perr.(*Error); ok && e.Column < col {
			return e
		}
	}
	return lexError(line, col)
}

// text is the command's source from its first to its last token, so blanks and a trailing
// comment are left out.
func (c *command) text(line string) string {
	return line[c.Pos.Offset:c.end()]
}

// end is the byte offset just after the command's last token.
func (c *command) end() int {
	end := c.Pos.Offset
	for _, t := range c.Tokens {
		if t.Type == whitespaceType || t.Type == commentType {
			continue
		}
		end = t.Pos.Offset + len(t.Value)
	}
	return end
}

// action converts the parsed command into its meaning, or refuses it with a message naming the
// first token that does not belong. Each case checks its fields in the order they were typed,
// then what followed (Extra), so the leftmost mistake is the one reported.
func (c *command) action(line string) (action, *Error) {
	x := extras{line: line, ts: c.Extra, end: c.end()}
	switch {
	case c.Bare != nil:
		return c.Bare.op(x)
	case c.Card != nil:
		return cardMoveOp(c.Card.Card, c.Card.To, c.Card.Onto, c.Card.Count, x)
	case c.Move != nil:
		m := c.Move
		switch {
		case m.Card != nil:
			return cardMoveOp(m.Card, m.To, m.Onto, m.Count, x)
		case m.From == nil:
			return nil, x.missing(moveNeedsFrom)
		}
		return moveOp(m.From, m.To, m.Onto, m.Count, x)
	case c.Draw != nil:
		return x.done(model.Draw{})
	case c.Undo != nil:
		n, err := x.steps("undo", c.Undo.Count)
		if err != nil {
			return nil, err
		}
		return x.done(model.Undo{N: n})
	case c.Redo != nil:
		n, err := x.steps("redo", c.Redo.Count)
		if err != nil {
			return nil, err
		}
		return x.done(model.Redo{N: n})
	case c.Restart != nil:
		return x.done(model.Restart{})
	case c.NewGame != nil:
		return c.NewGame.op(x)
	case c.Auto != nil:
		return x.done(model.Auto{})
	case c.Moves != nil:
		return x.done(model.Moves{})
	case c.Hint != nil:
		return x.done(model.Hint{})
	case c.Time != nil:
		return x.done(Time{})
	case c.Show != nil:
		return x.done(Show{})
	case c.Pause != nil:
		return x.done(Pause{})
	case c.Help != nil:
		if c.Help.Topic == "" && len(x.ts) > 0 {
			return nil, x.missing(helpTakesTopic)
		}
		topic, err := x.name(c.Help.Topic)
		if err != nil {
			return nil, err
		}
		return Help{Topic: topic}, nil
	case c.Quit != nil:
		return x.done(Quit{})
	case c.Purge != nil:
		return x.done(model.Purge{})
	case c.Policy != nil:
		if c.Policy.Name == "" {
			return nil, x.missing(policyNeedsName)
		}
		return x.done(model.Policy{Name: strings.ToLower(c.Policy.Name)})
	case c.Games != nil:
		return x.done(ListGames{})
	case c.Load != nil:
		path, err := x.file(c.Load.File, false, lexer.LoadVerb, loadNeedsFile)
		if err != nil {
			return nil, err
		}
		return x.done(Load{Path: path})
	case c.Switch != nil:
		if c.Switch.Game == "" {
			return nil, x.missing(switchNeedsGame)
		}
		game, err := x.name(c.Switch.Game)
		if err != nil {
			return nil, err
		}
		return Switch{Game: game}, nil
	case c.Save != nil:
		path, err := x.file(c.Save.File, c.Save.Force, lexer.SaveVerb, saveNeedsFile)
		if err != nil {
			return nil, err
		}
		return x.done(Save{Path: path, Force: c.Save.Force})
	case c.Export != nil:
		if c.Export.File == nil {
			return x.done(Export{})
		}
		path, err := x.file(c.Export.File, c.Export.Force, lexer.ExportVerb, "")
		if err != nil {
			return nil, err
		}
		return x.done(Export{Path: path, Force: c.Export.Force})
	case c.History != nil:
		return x.done(History{})
	case c.Stats != nil:
		if c.Stats.Game == "" && len(x.ts) > 0 {
			return nil, x.missing(statsTakesGame)
		}
		game, err := x.name(c.Stats.Game)
		if err != nil {
			return nil, err
		}
		return Stats{Game: game}, nil
	case c.Solve != nil:
		if !c.Solve.Play && !c.Solve.Demo && len(x.ts) > 0 {
			return nil, x.missing(solveTakesPlay)
		}
		return x.done(Solve{Play: c.Solve.Play || c.Solve.Demo})
	case c.Watch != nil:
		if c.Watch.Mode == "" && len(x.ts) > 0 {
			return nil, x.missing(watchTakesMode)
		}
		return x.done(Watch{Mode: strings.ToLower(c.Watch.Mode)})
	case c.Review != nil:
		if c.Review.Seconds == nil {
			if len(x.ts) > 0 {
				return nil, x.missing(reviewTakesSeconds)
			}
			return x.done(Review{})
		}
		n, err := number(c.Review.Seconds.token(), "seconds")
		if err != nil {
			return nil, err
		}
		return x.done(Review{Seconds: n})
	case c.Stray != nil:
		return c.Stray.op(x)
	}
	// Unreachable: the grammar sets exactly one alternative.
	return nil, &Error{Column: c.Pos.Offset + 1, Msg: "unrecognised command"}
}

// extras is what followed a command's own fields up to the next ";", and the offset where the
// command ends, which is where a missing argument is reported when nothing followed.
type extras struct {
	line string
	ts   []*extra
	end  int
}

// col is the column of the first extra token, or where the next command or the line starts
// after the end of this one.
func (x extras) col() int {
	if len(x.ts) > 0 {
		return x.ts[0].Pos.Offset + 1
	}
	return nextColumn(x.line, x.end)
}

// missing is the error of a command that lacks its argument: at the token typed instead, or
// at the end of the command.
func (x extras) missing(msg string) *Error { return &Error{Column: x.col(), Msg: msg} }

// done accepts a command when nothing follows it.
func (x extras) done(a action) (action, *Error) {
	if len(x.ts) > 0 {
		return nil, &Error{Column: x.col(), Msg: fmt.Sprintf("unexpected %s after the command", shown(x.ts[0].Value))}
	}
	return a, nil
}

// name is the game or topic a command names, in lower case: first, or first and the words
// after it when together they name a game as players write it ("switch la peau", "help La
// Peau"; model.LookupGame). Anything else after first is refused as done refuses it.
func (x extras) name(first string) (string, *Error) {
	words := []string{first}
	for _, e := range x.ts {
		if e.token().Type != wordType {
			break
		}
		words = append(words, e.Value)
	}
	if len(words) == len(x.ts)+1 && len(words) > 1 && isGame(words) {
		return strings.ToLower(strings.Join(words, " ")), nil
	}
	if _, err := x.done(nil); err != nil {
		return "", err
	}
	return strings.ToLower(first), nil
}

// isGame reports whether words, one blank apart, name a game.
func isGame(words []string) bool {
	_, err := model.LookupGame(strings.Join(words, " "))
	return err == nil
}

// steps reads the optional count of undo or redo; a bare "undo" is one step, as "undo 1" is, so
// the canonical text "undo" parses back to the same Op.
func (x extras) steps(verb string, c *count) (int, *Error) {
	if c == nil {
		if len(x.ts) > 0 {
			return 0, x.missing(fmt.Sprintf("%s takes a number of steps, e.g. %s 3", verb, verb))
		}
		return 1, nil
	}
	return number(c.token(), "steps")
}

// file reads the file name of load or save; force is whether "force" followed it.
func (x extras) file(f *fileName, force bool, verb, missing string) (string, *Error) {
	if f == nil {
		return "", x.missing(missing)
	}
	path, err := loadPath(f.token())
	if err != nil {
		return "", err
	}
	if f.Quoted == "" && !force && len(x.ts) > 0 {
		return "", &Error{Column: x.col(), Msg: fmt.Sprintf(`unexpected %s after the file name; a name with blanks is written in quotes, e.g. %s "my games/p1.json"`, shown(x.ts[0].Value), verb)}
	}
	return path, nil
}

// nextColumn is the column where the text after offset i of line goes on: the next token or
// ";", or the end of the line when only blanks or a comment follow.
func nextColumn(line string, i int) int {
	rest := strings.TrimLeft(line[i:], " \t\r\n")
	if rest == "" || rest[0] == '#' {
		return len(line) + 1
	}
	return len(line) - len(rest) + 1
}

func (p *pile) token() plex.Token { return plex.Token{Value: p.Name, Pos: p.Pos} }

func (c *cardName) token() plex.Token { return plex.Token{Type: cardType, Value: c.Name, Pos: c.Pos} }

func (c *count) token() plex.Token { return plex.Token{Value: c.Digits, Pos: c.Pos} }

func (f *fileName) token() plex.Token {
	if f.Quoted != "" {
		return plex.Token{Type: stringType, Value: f.Quoted, Pos: f.Pos}
	}
	return plex.Token{Value: f.Plain, Pos: f.Pos}
}

// moveOp is a move from a pile; x is what followed it.
func moveOp(from, to *pile, onto *cardName, c *count, x extras) (action, *Error) {
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
	if onto != nil {
		if m.Onto, err = parseCard(onto.token()); err != nil {
			return nil, err
		}
	}
	if c != nil {
		if m.N, err = number(c.token(), "cards"); err != nil {
			return nil, err
		}
	}
	if to == nil && onto == nil && c == nil && len(x.ts) > 0 {
		return nil, x.missing(fmt.Sprintf("expected a destination pile such as F1, or a number of cards, after %s; %q is neither", m.From, x.ts[0].Value))
	}
	return x.done(m)
}

// cardMoveOp is a move whose source is a card, to pile to or onto the pile card onto tops
// (both nil: the best).
func cardMoveOp(card *cardName, to *pile, onto *cardName, c *count, x extras) (action, *Error) {
	if to == nil && onto == nil && c == nil && len(x.ts) > 0 {
		return nil, x.missing(fmt.Sprintf("expected a destination pile such as F1 after %s; %q is not one", card.Name, x.ts[0].Value))
	}
	if c != nil {
		return nil, &Error{Column: c.Pos.Offset + 1, Msg: cardTakesNoCount}
	}
	op, err := cardOp(card.token(), to)
	if err != nil {
		return nil, err
	}
	if onto != nil {
		m := op.(model.Move)
		if m.Onto, err = parseCard(onto.token()); err != nil {
			return nil, err
		}
		op = m
	}
	return x.done(op)
}

// op is the New command, with its options checked in the order typed.
func (n *newGame) op(x extras) (action, *Error) {
	op := New{Game: gameWord(n.Game)}
	opts := n.Options
	if op.Game != "" {
		// "new la peau": a game's name of several words, which the grammar reads as a game
		// and bare options. The most words that name a game are the game ("new fifteen
		// puzzle" is the game fifteen-puzzle; "new klondike open" is Klondike, open).
		words := []string{op.Game}
		for _, o := range n.Options {
			if o.Eq {
				break
			}
			words = append(words, o.Key)
		}
		for k := len(words); k > 1; k-- {
			if isGame(words[:k]) {
				op.Game, opts = strings.ToLower(strings.Join(words[:k], " ")), n.Options[k-1:]
				break
			}
		}
	}
	for _, o := range opts {
		if o.Eq && o.Value == "" {
			return nil, &Error{Column: nextColumn(x.line, o.EndPos.Offset), Msg: fmt.Sprintf("option %q needs a word or a number after \"=\", e.g. draw=3", o.Key)}
		}
		op.Options = append(op.Options, model.Option{Key: strings.ToLower(o.Key), Value: strings.ToLower(o.Value)})
	}
	if len(x.ts) > 0 {
		if n.Game == "" && len(n.Options) == 0 {
			return nil, x.missing(fmt.Sprintf("new takes a game name and options, e.g. new klondike draw=3; %q is neither", x.ts[0].Value))
		}
		return nil, x.missing(fmt.Sprintf("expected an option such as draw=3, not %q", x.ts[0].Value))
	}
	return op, nil
}

// gameWord is the game new names: "new game" (and "new Game") means the current one.
func gameWord(w string) string {
	if w = strings.ToLower(w); w == "game" {
		return ""
	}
	return w
}

// op is a move without the verb; "s" alone draws.
func (b *bare) op(x extras) (action, *Error) {
	if b.To == nil && b.Count == nil && len(x.ts) == 0 && strings.EqualFold(b.From.Name, "s") {
		return model.Draw{}, nil
	}
	return moveOp(b.From, b.To, b.Onto, b.Count, x)
}

// op is a command that starts with no verb: a number or a word is an unknown command (with
// the verb it may be a slip for); any other token starts no command.
func (e *extra) op(x extras) (action, *Error) {
	t := e.token()
	switch t.Type {
	case numberType, wordType:
		return nil, unknownCommand(t)
	}
	return nil, &Error{Column: e.Pos.Offset + 1, Msg: fmt.Sprintf("unexpected %s: a command starts with a word such as move or draw, or a pile such as C3", shown(e.Value))}
}

// token is the extra's token, with its type: the one of its Tokens that is no blank or comment.
func (e *extra) token() plex.Token {
	for _, t := range e.Tokens {
		if t.Type != whitespaceType && t.Type != commentType {
			return t
		}
	}
	return plex.Token{Value: e.Value, Pos: e.Pos}
}
