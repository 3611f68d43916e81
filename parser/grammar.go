package parser

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	plex "github.com/alecthomas/participle/v2/lexer"

	"solitaire/lexer"
)

// The grammar types are named after what they mean to a player, because participle derives
// the production names of the "help grammar" page from them.

// line is everything typed at the prompt: commands separated by ";", any of them empty.
type line struct {
	Commands []*command `parser:"@@? ( ';' @@? )*"`
}

// command is one of the alternatives, exactly one of which is set, then any tokens up to
// the next ";" (Extra).
//
// The grammar is permissive on purpose: every argument is optional and whatever follows a
// command is kept in Extra, so every line made of tokens parses. The conversion to commands
// (command.action in parser.go, with the helpers of words.go) then refuses what a command does
// not take, naming the first token that does not belong, what was expected and an example; it
// reads this tree only, so there is no second parser to disagree with this one.
//
// Stray comes last: it takes a command that starts with a token no verb or pile starts with, a
// number or a word that is no verb ("drwa", "38"), which the conversion refuses as an unknown
// command (with a spelling suggestion) or a stray token ("=", a quoted name). FreeCell's
// standard notation is no alternative: its moves ("38", "3 a") are tokens like any others,
// which a notation may read before the conversion does (ParseWith). Bare comes first, as no verb is a pile letter and pile moves are the most common commands
// (each alternative tried costs time).
type command struct {
	Pos    plex.Position
	Tokens []plex.Token

	Bare    *bare       `parser:"( @@"`
	Card    *cardMove   `parser:"| @@"`
	Move    *move       `parser:"| @@"`
	Draw    *draw       `parser:"| @@"`
	Undo    *undo       `parser:"| @@"`
	Redo    *redo       `parser:"| @@"`
	Restart *restart    `parser:"| @@"`
	NewGame *newGame    `parser:"| @@"`
	Auto    *auto       `parser:"| @@"`
	Moves   *moves      `parser:"| @@"`
	Hint    *hint       `parser:"| @@"`
	Time    *time       `parser:"| @@"`
	Show    *show       `parser:"| @@"`
	Help    *help       `parser:"| @@"`
	Quit    *quit       `parser:"| @@"`
	Purge   *purge      `parser:"| @@"`
	Policy  *policy     `parser:"| @@"`
	Games   *listGames  `parser:"| @@"`
	Load    *load       `parser:"| @@"`
	Switch  *switchGame `parser:"| @@"`
	Save    *save       `parser:"| @@"`
	Export  *export     `parser:"| @@"`
	History *history    `parser:"| @@"`
	Stats   *stats      `parser:"| @@"`
	Solve   *solveGame  `parser:"| @@"`
	Watch   *watch      `parser:"| @@"`
	Review  *review     `parser:"| @@"`
	Pause   *pause      `parser:"| @@"`
	Stray   *extra      `parser:"| @@ )"`
	Extra   []*extra    `parser:"@@*"`
}

// extra is any token but ";": what follows a command, which the conversion refuses with a
// message naming it, or a command that starts with no verb (Stray). Tokens tells a number or
// a word from the other kinds.
type extra struct {
	Pos    plex.Position
	Tokens []plex.Token
	Value  string `parser:"@(Word | Pile | Card | Number | String | Path | Eq | Query)"`
}

type move struct {
	Card  *cardName `parser:"('move' | 'm') ( ( @@"`
	From  *pile     `parser:"               | @@ )"`
	To    *pile     `parser:"( @@"`
	Onto  *cardName `parser:"| @@ )?"`
	Count *count    `parser:"@@? )?"`
}

// cardMove names its source by a card: "7H C3", "7h" alone (the best destination), "7H 6C"
// (onto the pile 6C tops: Pyramid's pairs). Count is read only to be refused with a message: a
// card moves with the cards on it.
type cardMove struct {
	Card  *cardName `parser:"@@"`
	To    *pile     `parser:"( @@"`
	Onto  *cardName `parser:"| @@ )?"`
	Count *count    `parser:"@@?"`
}

// cardName is a rank and a suit: 7H, th, 10c, 7♥.
type cardName struct {
	Pos  plex.Position
	Name string `parser:"@Card"`
}

// pile is a pile name; the single letters are words to the lexer, so they are listed here.
type pile struct {
	Pos  plex.Position
	Name string `parser:"@Pile | @'c' | @'f' | @'r' | @'e' | @'s' | @'w'"`
}

type count struct {
	Pos    plex.Position
	Digits string `parser:"@Number"`
}

type draw struct {
	Verb string `parser:"@'draw' | @'d' | @'recycle' | @'deal'"`
}

type undo struct {
	Count *count `parser:"('undo' | 'u') @@?"`
}

type redo struct {
	Count *count `parser:"'redo' @@?"`
}

type restart struct {
	Verb string `parser:"@'restart'"`
}

// newGame takes a game name only when the word is not an option key, so "new draw=3" keeps
// the current game. "newgame" is one word for it; "new game" means the current game.
type newGame struct {
	Game    string    `parser:"('new' | 'newgame') (@Word (?! '='))?"`
	Options []*option `parser:"@@*"`
}

// option is key=value, or a bare key: "open" alone is open=true (the game checks the value).
// A "=" without a value is read, to be refused with a message (EndPos is where it ends).
type option struct {
	EndPos plex.Position
	Key    string `parser:"@Word"`
	Eq     bool   `parser:"( @'='"`
	Value  string `parser:"  @(Word | Number | Pile)? )?"`
}

type auto struct {
	Verb string `parser:"@'auto'"`
}

type moves struct {
	Verb string `parser:"@'moves'"`
}

type hint struct {
	Verb string `parser:"@'hint'"`
}

type time struct {
	Verb string `parser:"@'time'"`
}

type pause struct {
	Verb string `parser:"@'pause'"`
}

type show struct {
	Verb string `parser:"@'show'"`
}

type help struct {
	Topic string `parser:"('help' | '?') @Word?"`
}

type quit struct {
	Verb string `parser:"@'quit' | @'exit' | @'q'"`
}

type purge struct {
	Verb string `parser:"@'purge'"`
}

// policy takes any word; the game checks the name.
type policy struct {
	Name string `parser:"'policy' @Word?"`
}

type listGames struct {
	Verb string `parser:"@'games'"`
}

// load takes a file name, which the lexer reads whole after "load" and a blank.
type load struct {
	File *fileName `parser:"'load' @@?"`
}

// switchGame takes any word; the game checks the name. (switch is a Go keyword.)
type switchGame struct {
	Game string `parser:"'switch' @Word?"`
}

// save takes a file name, read as load's is, and "force" to replace a save already there.
type save struct {
	File  *fileName `parser:"'save' ( @@"`
	Force bool      `parser:"        @'force'? )?"`
}

// export takes a file name, read as save's is, and "force"; without a file it prints the board.
type export struct {
	File  *fileName `parser:"'export' ( @@"`
	Force bool      `parser:"          @'force'? )?"`
}

type history struct {
	Verb string `parser:"@'history'"`
}

// stats takes an optional game name; without one it covers every game.
type stats struct {
	Game string `parser:"'stats' @Word?"`
}

// solveGame is "solve", "solve play" or "demo" (the same as "solve play").
type solveGame struct {
	Demo bool `parser:"  @'demo'"`
	Play bool `parser:"| 'solve' @'play'?"`
}

// watch turns the watcher on or off; alone it shows its state.
type watch struct {
	Mode string `parser:"'watch' @('on' | 'off')?"`
}

// review takes a number of seconds, the most the whole review may search.
type review struct {
	Seconds *count `parser:"'review' @@?"`
}

// fileName is a file name in Go's quoted syntax, or as typed.
type fileName struct {
	Pos    plex.Position
	Quoted string `parser:"  @String"`
	Plain  string `parser:"| @Path"`
}

// bare is a move without the verb: "c3 f1", "c3f1", "w"; "s" alone draws.
type bare struct {
	From  *pile     `parser:"@@"`
	To    *pile     `parser:"( @@"`
	Onto  *cardName `parser:"| @@ )?"`
	Count *count    `parser:"@@?"`
}

// grammar is the parser, built when a line is first parsed rather than when the program starts:
// solitaire --version parses nothing.
var grammar = sync.OnceValue(func() *participle.Parser[line] {
	return participle.MustBuild[line](
		participle.Lexer(lexer.Definition),
		participle.Elide(lexer.Elided...),
		participle.CaseInsensitive(lexer.Word),
	)
})

// tokenNotes documents the lexer tokens, which participle's EBNF names but does not define.
const tokenNotes = `
(* Every argument above is optional and any tokens may follow a command (Extra), so
   that every line of tokens is read; what a command lacks or does not take is then
   refused with a message naming the first token that does not belong: "move" needs a
   source, "load" and "save" a file name, "policy" and "switch" a name; "new" takes a
   game and options, "undo" and "redo" a count, "review" seconds, "help" a topic word. *)

(* Tokens; words are case-insensitive, file names keep their case. "#" starts a comment
   that runs to the end of the line. *)
<card>   = rank suit .                 (* 7H, th, 10c, QS, 7♥: A 2-9 10 T J Q K; C D H S *)
<pile>   = letter digit+ .             (* C3, F1, R2, E2 (same as R2) *)
<number> = digit+ .
<eq>     = "=" .
<query>  = "?" .                       (* short for help *)
<word>   = letter+ (("-" | "_") letter+)* .   (* draw, la-peau, any-card-on-empty *)
<string> = '"' (character | escape)* '"' .     (* Go syntax: "my games/p1.json", "a\"b" *)
<path>   = character+ .   (* not a blank, ";", "#" or '"': pos.json, ../x/y-1.json;
                             only as the file name after "load", "save" or "export" and a blank *)

(* Piles: C columns, F foundations, R or E free cells and reserves, S stock, W waste.
   A pile letter alone (F, R) lets the game choose which one. A lone pile moves from it;
   S alone draws.
   A card names the pile that holds it, with the cards on it: 7H C3, move 7h, 7h alone.
   FreeCell notation, as a whole command and in FreeCell only: 38 (C3 to C8), 3a (C3 to
   cell a = R1), 3h (C3 to the foundations), a8 / b8 / d8 (cell to C8), ah, bc (cell to
   foundation or cell). Cells are a-d; "c3" is column C3, so cell c to a column is written
   "move R3 C8". Elsewhere a lone 3h is the three of hearts. It has no production above:
   in FreeCell the notation's reader takes a command that starts with a number or a word
   that is no verb, a lone card of two characters and a lone pile whose letter is no pile
   of ours before the grammar's conversion does, if it spells a move. *)
`

// Grammar returns the EBNF of the command language, for the "help grammar" page.
func Grammar() string {
	return strings.TrimSpace(grammar().String()) + "\n" + tokenNotes
}
