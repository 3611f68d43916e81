// Package view draws games as text: the board, the outcome of a command, the model's refusals
// and a hint's reasons (words.go), single cards, elapsed time, and the JSON state. It is pure:
// it only reads the game, never changes it.
package view

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"solitaire/model"
)

// Style says how to draw: ASCII cards ("TH", "9S") or Unicode suits ("10♥", "9♠"), and with ANSI
// colour or without. The zero Style is Unicode without colour.
type Style struct {
	ASCII bool // cards as rank letter and suit letter, and no other non-ASCII character either
	Color bool // red suits red, face-down cards and labels dim; no escape codes at all when false
	// Rows is the most lines a board may take, the status line included (a terminal's height
	// less the lines kept for the prompt and a message); 0 is no limit. Taller columns show
	// their first face-up card, a count of the cards left out, and their last cards.
	Rows int
	// Cols is a terminal's width when it is under 80 columns (0: 80): columns are drawn
	// closer together and lines wrap sooner, as far as the board allows.
	Cols int
	// Wide keeps each line of Result whole, however long: text read by programs (the messages
	// of --format json), not shown on a terminal.
	Wide bool
}

// Plain is the style of text that programs read: cards in letters (TH, 9S), no colour, no
// line wrapped. --format json writes its messages so, as its piles name their cards.
var Plain = Style{ASCII: true, Wide: true}

// maxWidth is the widest line Board and Result produce, in visible columns.
const maxWidth = 80

// Board renders the whole board plus a status line, ending in "\n". elapsed is shown in the status line.
func Board(g *model.Game, s Style, elapsed time.Duration) string {
	return BoardNote(g, s, elapsed, "")
}

// BoardNote is Board with a note at the end of the status line (the watcher's "winnable").
func BoardNote(g *model.Game, s Style, elapsed time.Duration, note string) string {
	r := newRenderer(g, s, 2048)
	l := layoutFor(g.Def.Layout)
	l.board(r)
	r.status(l, elapsed, note)
	return string(r.out)
}

// Past renders the board of a position the game went through (review shows the one before
// the move that lost the game): g holds the moves up to it, so the status line counts them,
// but it leaves out the time, which the history does not keep.
func Past(g *model.Game, s Style) string {
	return BoardNote(g, s, noClock, "")
}

// noClock is the elapsed time of a board whose status line shows no time (Past).
const noClock time.Duration = -1

// Result renders what a command did (r from g.Apply): cards played home automatically, the
// model's note, the win message and the "no more moves" notice, one line each (wrapped to
// maxWidth), every line ending in "\n". It is empty when there is nothing to say.
func Result(g *model.Game, res model.Result, s Style, elapsed time.Duration) string {
	r := newRenderer(g, s, 256)
	if len(res.Auto) > 0 {
		r.autoLine(res.Auto, res.Op)
	}
	if res.Note != "" {
		r.words(res.Note, "")
	}
	_, redo := res.Op.(model.Redo)
	if res.Won && !redo { // a redo back into the win is not a new win
		r.words("You won in "+model.Plural(g.Moves(), "move")+" and "+Duration(elapsed)+"!", sgrWin)
	} else if res.NoMoves {
		r.words("No more moves: undo, restart or new.", sgrWarn)
	}
	return string(r.out)
}

// Card renders one card in the style: "TH" in ASCII, "10♥" in Unicode, red when coloured.
func Card(c model.Card, s Style) string {
	if !c.Valid() {
		return "??"
	}
	f := faces(s.ASCII)[c]
	if s.Color && c.Red() {
		return "\x1b[" + sgrRed + "m" + f + sgrReset
	}
	return f
}

// Width is the visible width of the widest line of rendered text (escape codes do not count),
// so that a caller can tell whether a board fits a terminal.
func Width(text string) int {
	w := 0
	for line := range strings.SplitSeq(text, "\n") {
		w = max(w, visibleWidth(line))
	}
	return w
}

// JSON renders the state as one line of JSON without a trailing newline: json.Marshal(g.Position()).
func JSON(g *model.Game) ([]byte, error) {
	return json.Marshal(g.Position())
}

// Duration formats elapsed time as m:ss, or h:mm:ss from an hour on. Negative times read 0:00.
func Duration(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	t := int64(d / time.Second)
	h, m, sec := t/3600, t/60%60, t%60
	b := make([]byte, 0, 12)
	if h > 0 {
		b = strconv.AppendInt(b, h, 10)
		b = append(b, ':', byte('0'+m/10), byte('0'+m%10))
	} else {
		b = strconv.AppendInt(b, m, 10)
	}
	return string(append(b, ':', byte('0'+sec/10), byte('0'+sec%10)))
}

// optionText describes one option value for the status line: "draw 3", "open", "no foo".
func optionText(spec *model.OptionSpec, v string) string {
	if spec.Kind == model.OptBool {
		if v == "true" {
			return spec.Key
		}
		return "no " + spec.Key
	}
	return spec.Key + " " + v
}

// ScoreText is a score as the status line shows it: "score 35", or in Vegas "score -$27".
func ScoreText(sc model.Score) string {
	if sc.System == model.ScoringVegas {
		return "score " + Dollars(sc.Points)
	}
	return "score " + strconv.Itoa(sc.Points)
}

// Dollars writes an amount of Vegas money: "$15", "-$27".
func Dollars(n int) string {
	if n < 0 {
		return "-$" + strconv.Itoa(-n)
	}
	return "$" + strconv.Itoa(n)
}

// faceTables hold every card's text: [0] Unicode, [1] ASCII, indexed by the card byte.
var faceTables [2][64]string

func init() {
	ranks := [...]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
	for i := range 64 {
		c := model.Card(i)
		if !c.Valid() {
			faceTables[0][i], faceTables[1][i] = "??", "??"
			continue
		}
		faceTables[0][i] = ranks[c.Rank()] + c.Suit().Symbol()
		faceTables[1][i] = c.String()
	}
}

func faces(ascii bool) *[64]string {
	if ascii {
		return &faceTables[1]
	}
	return &faceTables[0]
}

// visibleWidth counts the columns a rendered string takes: runes, less ANSI escape sequences.
// Every character this package prints is one column wide.
func visibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1b:
			i = escapeEnd(s, i)
		case c < 0x80 || c >= 0xc0:
			n++
		}
	}
	return n
}

// escapeEnd is the index of the last byte of the escape sequence that begins at s[i] (an ESC).
func escapeEnd(s string, i int) int {
	for i++; i < len(s) && (s[i] < 0x40 || s[i] > 0x7e || s[i] == '['); i++ {
	}
	return i
}

// stripANSI removes the colour escape codes from rendered text.
func stripANSI(s string) string {
	if strings.IndexByte(s, 0x1b) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			i = escapeEnd(s, i)
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
