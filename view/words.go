package view

import (
	"errors"
	"strings"

	"solitaire/model"
)

// Words draws a value of the model that words itself (a hint's reason, a command, a need) with
// its cards drawn as the board draws them: "10♥" in Unicode, "TH" in ASCII, red suits red
// when coloured.
func Words(w model.Worded, s Style) string {
	return w.Words(cardWriter(s))
}

// Error draws an error for the player: the refusals of the model in it (model.RefusalError,
// model.DeckError, model.BaseCardError: every model.Worded the error wraps) with their cards
// drawn as the board draws them, and the words of the errors that wrap them ("pile F2, card 2:
// ...") as they are.
func Error(err error, s Style) string {
	if err == nil {
		return ""
	}
	text := err.Error()
	if s.ASCII && !s.Color {
		return text // the plain text writes cards in letters already
	}
	w := cardWriter(s)
	var draw func(e error)
	draw = func(e error) {
		if v, ok := e.(model.Worded); ok {
			// A wrapper's text ends with, or holds, the text of what it wraps (fmt's %w), and
			// the refusal's own words replace it: no card is read back out of the text.
			plain := e.Error()
			if i := strings.LastIndex(text, plain); i >= 0 {
				text = text[:i] + v.Words(w) + text[i+len(plain):]
			}
			return
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			if inner := u.Unwrap(); inner != nil {
				draw(inner)
			}
		case interface{ Unwrap() []error }:
			for _, inner := range u.Unwrap() {
				draw(inner)
			}
		}
	}
	draw(err)
	return text
}

// cardWriter draws cards in the style, for the model's words.
func cardWriter(s Style) model.CardWriter {
	return func(c model.Card) string { return Card(c, s) }
}

// ErrorFields are the fields of a refusal in --format json's "error" object, beside its line,
// column and message: its kind, and the cards (in letters), piles (by name) and counts it is
// about, as the state's piles write them. Fields a refusal does not use are left out.
type ErrorFields struct {
	Kind        string             `json:"kind"`            // model.Refusal's name: "wrong-card", "empty", ...; "deck" and "base" for a position's cards
	Card        string             `json:"card,omitempty"`  // the card that would move or land, or that the command named
	On          []string           `json:"on,omitempty"`    // the cards lying on it that keep it from moving, bottom first
	From        string             `json:"from,omitempty"`  // the source pile, or the pile a position's mistake is in
	To          string             `json:"to,omitempty"`    // the destination
	Needs       *NeedFields        `json:"needs,omitempty"` // what the destination needs
	Count       int                `json:"count,omitempty"` // the cards (or steps) asked for
	Most        int                `json:"most,omitempty"`  // the most there are or may be (model.RefusalError.Most)
	Game        string             `json:"game,omitempty"`
	Piles       []string           `json:"piles,omitempty"`       // the piles of the kind named, or the two copies' piles
	Tops        []PileTopFields    `json:"tops,omitempty"`        // the piles that could be the source, with their tops
	Foundations []PilesNeedFields  `json:"foundations,omitempty"` // the foundations the card could go on, with what they need
	Missing     []string           `json:"missing,omitempty"`     // a position's missing cards
	Extra       []ExtraCardsFields `json:"extra,omitempty"`       // a position's cards that are there too often
	Base        int                `json:"base,omitempty"`        // a position's base rank
}

// NeedFields are what a pile needs (model.Need), for JSON.
type NeedFields struct {
	Kind  string   `json:"kind"`            // model.NeedKind's name: "follows", "king", "ace", ...
	Card  string   `json:"card,omitempty"`  // the one card it takes (an ace of a pile kept for one suit)
	Top   string   `json:"top,omitempty"`   // its top card, which the card must follow
	Ranks []int    `json:"ranks,omitempty"` // the ranks that may follow the top (1 ace to 13 king)
	Cards []string `json:"cards,omitempty"` // where the suit is the top's: the cards that may follow
	Suit  string   `json:"suit,omitempty"`  // the suit it needs: C, D, H or S
	Color string   `json:"color,omitempty"` // the colour it needs: red or black
	Rank  int      `json:"rank,omitempty"`  // the base rank it needs
	Pile  string   `json:"pile,omitempty"`  // the pile before it, whose cards decide
}

// PileTopFields are a pile and its top card, for JSON.
type PileTopFields struct {
	Pile string `json:"pile"`
	Top  string `json:"top,omitempty"`
}

// PilesNeedFields are piles that need the same, for JSON.
type PilesNeedFields struct {
	Piles []string   `json:"piles"`
	Needs NeedFields `json:"needs"`
}

// ExtraCardsFields are cards a position holds Times times, for JSON.
type ExtraCardsFields struct {
	Times int      `json:"times"`
	Cards []string `json:"cards"`
}

// ErrorJSON is the fields of the first refusal err holds (model.RefusalError, model.DeckError
// or model.BaseCardError), or nil when it holds none.
func ErrorJSON(err error) *ErrorFields {
	var re *model.RefusalError
	var de *model.DeckError
	var be *model.BaseCardError
	switch {
	case errors.As(err, &re):
		f := &ErrorFields{Kind: re.Kind.String(), Card: cardName(re.Card), On: cardNames(re.On),
			From: re.From.String(), To: re.To.String(), Count: re.N, Most: re.Most, Game: re.Game}
		if re.Need != nil {
			f.Needs = needFields(re.Need)
		}
		for _, p := range re.Piles {
			f.Piles = append(f.Piles, p.String())
		}
		for _, t := range re.Tops {
			f.Tops = append(f.Tops, PileTopFields{Pile: t.Pile.String(), Top: cardName(t.Top)})
		}
		for _, pn := range re.Needs {
			g := PilesNeedFields{Needs: *needFields(&pn.Need)}
			for _, p := range pn.Piles {
				g.Piles = append(g.Piles, p.String())
			}
			f.Foundations = append(f.Foundations, g)
		}
		return f
	case errors.As(err, &de):
		f := &ErrorFields{Kind: "deck", Count: de.Total, Missing: cardNames(de.Missing)}
		for _, x := range de.Extra {
			f.Extra = append(f.Extra, ExtraCardsFields{Times: x.Times, Cards: cardNames(x.Cards)})
		}
		return f
	case errors.As(err, &be):
		return &ErrorFields{Kind: "base", Card: cardName(be.Card), From: be.Pile.String(), Base: int(be.Base)}
	}
	return nil
}

func needFields(n *model.Need) *NeedFields {
	f := &NeedFields{Kind: n.Kind.String(), Card: cardName(n.Card), Top: cardName(n.Top), Rank: int(n.Rank), Pile: n.Pile.String()}
	for _, r := range n.Ranks {
		f.Ranks = append(f.Ranks, int(r))
	}
	switch {
	case n.Kind == model.NeedSuitRankIn:
		f.Suit = string(n.Suit.Letter())
	case n.Kind == model.NeedSuit, n.Kind == model.NeedFollows && n.Match == model.MatchSameSuit:
		f.Suit = string(n.Top.Suit().Letter())
	case n.Kind == model.NeedFollows && n.Match == model.MatchAltColor:
		f.Color = "red"
		if n.Top.Red() {
			f.Color = "black"
		}
	}
	if n.Kind == model.NeedFollows && n.Match == model.MatchSameSuit {
		for _, r := range n.Ranks {
			f.Cards = append(f.Cards, model.NewCard(r, n.Top.Suit()).String())
		}
	}
	return f
}

// cardName is a card in letters, or "" for no card.
func cardName(c model.Card) string {
	if !c.Valid() {
		return ""
	}
	return c.String()
}

func cardNames(cs []model.Card) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

// Wrap breaks each line of text wider than cols columns at its last space that fits, the
// rest going on under it indented as the line is, so that a long message reads as words at a
// narrow terminal rather than cut mid-word by it. Escape codes take no columns; a word wider
// than the line goes whole on a line of its own; a caret line (a "^" under a column of the
// line above) and the line above it are left as they are, for the caret to stay under its
// column. cols < 1 leaves text unchanged.
func Wrap(text string, cols int) string {
	if cols < 1 {
		return text
	}
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, line := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if caretLine(line) || i+1 < len(lines) && caretLine(lines[i+1]) {
			b.WriteString(line)
			continue
		}
		wrapLine(&b, line, cols)
	}
	return b.String()
}

// caretLine reports whether line is a caret under a column of the line above.
func caretLine(line string) bool { return strings.TrimSpace(stripANSI(line)) == "^" }

// wrapLine writes line to b broken at spaces into pieces of at most cols columns where it
// can, each piece after the first indented as line is.
func wrapLine(b *strings.Builder, line string, cols int) {
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	if len(indent) >= cols/2 {
		indent = ""
	}
	for visibleWidth(line) > cols {
		cut, w := -1, 0 // the last space whose line before it fits, and the columns so far
		for i := 0; i < len(line) && w <= cols; i++ {
			switch c := line[i]; {
			case c == 0x1b:
				i = escapeEnd(line, i)
			case c == ' ' && w > len(indent) && w <= cols:
				cut = i
				w++
			case c < 0x80 || c >= 0xc0:
				w++
			}
		}
		if cut < 0 {
			// The first word is wider than the line: it goes whole (the terminal breaks it),
			// and the rest on the next line.
			start := len(line) - len(strings.TrimLeft(line, " "))
			after := strings.IndexByte(line[start:], ' ')
			if after < 0 {
				break
			}
			cut = start + after
		}
		b.WriteString(strings.TrimRight(line[:cut], " "))
		b.WriteByte('\n')
		line = indent + strings.TrimLeft(line[cut:], " ")
	}
	b.WriteString(line)
}
