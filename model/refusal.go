package model

import (
	"fmt"
	"strconv"
	"strings"
)

// CardWriter writes a card into a message: Card.String writes it in letters ("TH"); the view
// draws it as the board does ("10♥", red or not).
type CardWriter func(Card) string

// Worded is a value of the model that a player reads: a refused command (RefusalError), a
// position file's mistake (DeckError, BaseCardError), what a pile needs (Need), why hint
// suggests a command (Reason), a move (Move). Words puts it in words with its cards written by
// w, and its plain text (Error or String) is Words(Card.String): the words are written once,
// here, and how a card looks is the view's (view.Error, view.Words).
type Worded interface {
	Words(w CardWriter) string
}

// Refusal is why a command is refused: a small value, so that deciding costs no words and each
// explanation is worded from the same decision. lifts and takes decide the rules' refusals (the
// source side, then the destination side); the others are what the command names.
type Refusal uint8

// The refusals: Accepted, then the source side's (lifts), then the destination side's (takes),
// then the others, by the command they refuse.
const (
	Accepted          Refusal = iota
	RefusedEmpty              // nothing to lift: the pile is empty
	RefusedStays              // cards on the foundations stay there in this game
	RefusedFaceDown           // the top card is face down
	RefusedFrozen             // a complete pile of one rank is frozen
	RefusedCovered            // other piles lie over the pile (Piles: those that hold cards)
	RefusedNoTake             // the pile's take rule gives no cards
	RefusedCount              // more cards than the pile holds
	RefusedHidden             // more cards than lie face up
	RefusedTopOrAll           // the pile gives its top card or all of it, nothing between
	RefusedOneAtATime         // the pile gives one card at a time
	RefusedRun                // the cards are not a sequence the pile lets move together
	RefusedSingle             // the pile takes one card at a time
	RefusedFull               // the pile is full
	RefusedRoom               // the pile has room for fewer cards
	RefusedCard               // that card does not go there: the pile needs another (Need says which)

	// A move's other refusals.
	RefusedLimit        // more cards than the free cells and empty columns let move at once
	RefusedNoneFits     // no card of the source's top run fits on the destination
	RefusedNoFoundation // F alone: no foundation takes the card
	RefusedNowhere      // no pile takes the source's cards
	RefusedNoMove       // no destination tried takes the card
	RefusedNoPiles      // the game has no piles of the kind named (Klondike has no free cells)
	RefusedNoPile       // the game has no pile of that number (C9 in Klondike)
	RefusedBadCount     // a count below 1
	RefusedFromStock    // cards come off the stock with draw
	RefusedSamePile     // the source is the destination
	RefusedCardHidden   // the card named lies face down
	RefusedNoCard       // the card named is in no pile
	RefusedBothCopies   // two copies of the card named can move
	RefusedAllEmpty     // a source letter alone (F, R): every pile of it is empty
	RefusedNoSource     // a source letter alone: no pile's top can make the move
	RefusedAmbiguous    // a source letter alone: several piles' tops can
	RefusedWon          // the game is won: nothing more to play
	RefusedNotTop       // a card named as the destination is not the top of its pile

	// The other commands' refusals.
	RefusedNoStock     // draw: the game has no stock
	RefusedStockEmpty  // draw: the stock and the waste are both empty
	RefusedNoPasses    // draw: the stock is empty and no passes are left
	RefusedNoRedeal    // draw: the stock that deals onto piles is empty
	RefusedNoSteps     // undo, redo: nothing to take back or do again
	RefusedSteps       // undo, redo: fewer steps than asked
	RefusedNotThisGame // purge, policy: a command of another game
	RefusedPolicy      // policy: no such policy
	RefusedPolicyLate  // policy: the game has begun
	RefusedNotGameMove // a command that does not play (moves, hint) given to Apply
	RefusedDealEmpty   // draw: the stock deals only when no pile it deals to is empty (Pile: the first empty one)
	RefusedRunSuit     // the pile takes a run of two or more cards only on a card of the run's suit (Rule.RunSuit)
)

var refusalNames = [...]string{
	"accepted", "empty", "stays", "face-down", "frozen", "covered", "no-take", "count", "hidden",
	"top-or-all", "one-at-a-time", "run", "single", "full", "room", "wrong-card",
	"group-limit", "none-fits", "no-foundation", "nowhere", "no-move", "no-such-piles",
	"no-such-pile", "bad-count", "from-stock", "same-pile", "card-hidden", "no-such-card",
	"both-copies", "all-empty", "no-source", "ambiguous", "won", "not-top",
	"no-stock", "stock-empty", "no-passes", "no-redeal", "no-steps", "steps", "not-this-game",
	"unknown-policy", "policy-late", "not-a-game-move", "deal-empty", "run-suit",
}

// String names the refusal for programs (--format json's "kind"): "wrong-card", "empty", ...
func (r Refusal) String() string {
	if int(r) < len(refusalNames) {
		return refusalNames[r]
	}
	return "refusal " + strconv.Itoa(int(r))
}

// RefusalError is a refused command as data: why (Kind) and the cards, piles and counts the
// refusal is about. Game.Apply's errors are all of this type. The zero fields are the ones the
// refusal does not use.
type RefusalError struct {
	Kind Refusal
	// Card is the card the refusal is about: the one that would move or land, or the one the
	// command named (ByCard), or a source's top card.
	Card   Card
	ByCard bool   // the command named Card ("7H C3"): the words say where it lies
	On     []Card // the cards lying on Card, bottom first, that keep it from moving with them
	// From and To are the source and the destination the refusal is about, as the game names
	// them (C3, F1), or as typed where it has no such pile or the letter stands alone (F).
	From, To PileRef
	Need     *Need // what To needs (RefusedCard, RefusedNoneFits)
	N        int   // the number of cards asked for
	// Most is the most there are or may be: the cards a pile holds or shows, the cards that
	// move together, the cards free space lets move, the room left, the steps there are, the
	// passes a game allows.
	Most  int
	Game  string      // the game's name, where the words name it
	Role  Role        // RefusedAllEmpty: the role of the piles a letter names
	Piles []PileRef   // the piles of the kind named (RefusedNoPile), the piles of the copies that can move (RefusedBothCopies)
	Tops  []PileTop   // the piles that could be the source, with their top cards (RefusedNoSource, RefusedAmbiguous)
	Needs []PilesNeed // the foundations the card could go on, with what they need (RefusedNoFoundation)
	Op    Op          // the command refused, where its words name it (undo, redo, purge, policy)
	// Suited: RefusedRun where only runs of one suit move together (Spider), which the words say
	Suited bool
}

// PileTop is a pile with its top card.
type PileTop struct {
	Pile PileRef
	Top  Card
}

// PilesNeed is one or more piles, in board order, that need the same.
type PilesNeed struct {
	Piles []PileRef
	Need  Need
}

func (e *RefusalError) Error() string { return e.Words(Card.String) }

// Words puts the refusal in words, each card written by w.
func (e *RefusalError) Words(w CardWriter) string {
	c := func() string { return w(e.Card) }
	from, to := e.From.String(), e.To.String()
	switch e.Kind {
	case RefusedEmpty:
		return from + " is empty"
	case RefusedStays:
		if e.ByCard {
			return c() + " is in " + from + ", and cards on the foundations stay there in this game"
		}
		return "cards on the foundations stay there in this game"
	case RefusedFaceDown:
		return "the top card of " + from + " is face down"
	case RefusedCardHidden:
		return c() + " is not face up yet: a hidden card cannot be named"
	case RefusedFrozen:
		return from + " is complete and frozen"
	case RefusedCovered:
		switch {
		case !e.To.IsZero():
			return to + " is covered by " + refList(e.Piles) + ": nothing is played on a covered card"
		case e.ByCard:
			return c() + ", in " + from + ", is covered by " + refList(e.Piles) + ": only a card with nothing on it moves"
		}
		return from + " is covered by " + refList(e.Piles) + ": only a card with nothing on it moves"
	case RefusedCount:
		return from + " has only " + Plural(e.Most, "card")
	case RefusedHidden:
		return "only " + Plural(e.Most, "card is", "cards are") + " face up in " + from
	case RefusedTopOrAll:
		if e.ByCard && e.Most == 1 {
			// The pile is no sequence, so its whole cannot go either.
			return c() + " is under " + cardList(e.On, w) + " in " + from + ", and only the top card of " + from + " moves"
		}
		if e.ByCard {
			return c() + " is under " + cardList(e.On, w) + " in " + from + ", which moves only its top card or the whole column here"
		}
		return from + " moves only its top card or the whole column here"
	case RefusedOneAtATime:
		switch {
		case e.ByCard && e.From.Kind == 'F':
			return c() + " is in " + from + " under " + cardList(e.On, w) + ": only a foundation's top card comes back"
		case e.ByCard:
			return c() + " is under " + cardList(e.On, w) + " in " + from + ", and only the top card of " + from + " moves"
		}
		return from + " moves one card at a time here"
	case RefusedRun:
		switch {
		case e.ByCard && e.Most == 1 && len(e.On) == 1:
			// one card lies on it: "QS is under 6H in C4, which is not in sequence with it"
			return c() + " is under " + cardList(e.On, w) + " in " + from + ", which is not in sequence with it"
		case e.ByCard && e.Most == 1:
			return c() + " is under " + cardList(e.On, w) + " in " + from + ", which are not in sequence with it"
		case e.ByCard:
			return fmt.Sprintf("%s is under %s in %s, which are not in sequence with it (only the top %d move together)", c(), cardList(e.On, w), from, e.Most)
		case e.Suited && e.Most == 1:
			return fmt.Sprintf("the top %d cards of %s are not a run of one suit, and only such a run moves together (only the top card can)", e.N, from)
		case e.Suited:
			return fmt.Sprintf("the top %d cards of %s are not a run of one suit, and only such a run moves together (the top %d are)", e.N, from, e.Most)
		case e.Most == 1:
			return fmt.Sprintf("the top %d cards of %s are not a sequence that can move together (only the top card can)", e.N, from)
		}
		return fmt.Sprintf("the top %d cards of %s are not a sequence that can move together (the top %d are)", e.N, from, e.Most)
	case RefusedNoTake:
		return "cards cannot be taken from " + from
	case RefusedSingle:
		return to + " takes one card at a time"
	case RefusedRunSuit:
		return fmt.Sprintf("%s cannot go to %s with the %s on it: a run of two or more cards goes only on a card of its own suit (runs-in-suit)", c(), to, Plural(e.N-1, "card"))
	case RefusedFull:
		return to + " is full"
	case RefusedRoom:
		return to + " has room for only " + Plural(e.Most, "card")
	case RefusedCard:
		return c() + " cannot go to " + to + ", which needs " + e.Need.Words(w)
	case RefusedLimit:
		return fmt.Sprintf("%d cards cannot move at once here: free space allows %d (see help move)", e.N, e.Most)
	case RefusedNoneFits:
		return fmt.Sprintf("no card of %s's top %d fits on %s, which needs %s", from, e.Most, to, e.Need.Words(w))
	case RefusedNoFoundation:
		parts := make([]string, len(e.Needs))
		for i, pn := range e.Needs {
			first, last := pn.Piles[0].String(), pn.Piles[len(pn.Piles)-1].String()
			switch len(pn.Piles) {
			case 1:
				parts[i] = first + " needs " + pn.Need.Words(w)
			case 2:
				parts[i] = first + " and " + last + " need " + pn.Need.Words(w)
			default:
				parts[i] = first + "-" + last + " need " + pn.Need.Words(w)
			}
		}
		return c() + " goes on no foundation: " + strings.Join(parts, ", ")
	case RefusedNowhere:
		top := "nothing"
		if e.Card.Valid() {
			top = c()
		}
		return top + " has nowhere to go"
	case RefusedNoMove:
		return "no legal move for " + c() + " from " + from
	case RefusedNoPiles:
		return e.Game + " has no " + kindNoun(e.named().Kind)
	case RefusedNoPile:
		named := e.named()
		return fmt.Sprintf("%s has no pile %s (%s)", e.Game, named, rangeText(named.Kind, e.Piles))
	case RefusedBadCount:
		return "the number of cards must be 1 or more"
	case RefusedFromStock:
		return "cards come off the stock with draw, not move"
	case RefusedSamePile:
		return from + " is both the source and the destination"
	case RefusedNoCard:
		return c() + " is not in this game"
	case RefusedBothCopies:
		a, b := e.Piles[0].String(), e.Piles[1].String()
		if len(e.Piles) > 2 {
			// More copies than two (Spider's one- and two-suit decks): name them all.
			names := make([]string, len(e.Piles))
			for k, p := range e.Piles {
				names[k] = p.String()
			}
			return fmt.Sprintf("%d copies of %s can move, from %s: name the pile, e.g. move %s", len(e.Piles), c(), strings.Join(names, ", "), b)
		}
		return fmt.Sprintf("both %s can move, from %s and %s: name the pile, e.g. move %s", c(), a, b, b)
	case RefusedAllEmpty:
		return "every " + e.Role.Noun() + " is empty: nothing to move from " + from
	case RefusedNoSource:
		where := "anywhere"
		if !e.To.IsZero() {
			where = "to " + to
		}
		return "no card on " + topsText(e.Tops, " or ", w) + " can move " + where
	case RefusedAmbiguous:
		return fmt.Sprintf("%s alone is ambiguous as a source: %s could move; name the pile, e.g. %s", from, topsText(e.Tops, " and ", w), e.Tops[0].Pile)
	case RefusedNotTop:
		return c() + " is in " + to + " under other cards: a card is played onto the top card of a pile"
	case RefusedWon:
		return "the game is won: type new for another deal, or undo to go back"
	case RefusedNoStock:
		return e.Game + " has no stock to draw from"
	case RefusedStockEmpty:
		return "the stock and the waste are both empty"
	case RefusedNoPasses:
		return fmt.Sprintf("the stock is empty and no passes are left (%s allows %s)", e.Game, Plural(e.Most, "pass", "passes"))
	case RefusedNoRedeal:
		return "the stock is empty, and " + e.Game + " has no redeal"
	case RefusedNoSteps:
		return "nothing to " + e.verb()
	case RefusedSteps:
		done := "undone"
		if e.verb() == "redo" {
			done = "redone"
		}
		return "only " + Plural(e.Most, "step") + " can be " + done
	case RefusedNotThisGame:
		if _, purge := e.Op.(Purge); purge {
			return "purge is a La Peau command; auto plays safe cards home in " + e.Game
		}
		return "policy is a La Peau command"
	case RefusedPolicy:
		return fmt.Sprintf("unknown policy %q: use same-suit or alternate", e.policy())
	case RefusedPolicyLate:
		alt := "false"
		if e.policy() == "alternate" {
			alt = "true"
		}
		return "the policy can change only before the first move; start a new game with new lapeau alternate=" + alt
	case RefusedNotGameMove:
		return fmt.Sprintf("%s is not a game move", e.Op)
	case RefusedDealEmpty:
		return fmt.Sprintf("%s is empty: the stock deals only when every column has a card; fill it first (new %s any-deal=true lifts this)", to, e.Game)
	}
	return "refused: " + e.Kind.String()
}

// named is the pile reference that names no pile: the destination when it is the one, else
// the source.
func (e *RefusalError) named() PileRef {
	if !e.To.IsZero() {
		return e.To
	}
	return e.From
}

// verb is "undo" or "redo", the command refused.
func (e *RefusalError) verb() string {
	if _, redo := e.Op.(Redo); redo {
		return "redo"
	}
	return "undo"
}

// policy is the name of the policy asked for.
func (e *RefusalError) policy() string {
	p, _ := e.Op.(Policy)
	return p.Name
}

// refList joins pile names: "P20", "P20 and P21".
func refList(ps []PileRef) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.String()
	}
	if len(names) <= 2 {
		return strings.Join(names, " and ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func kindNoun(k byte) string {
	switch k {
	case 'P':
		return "peak or pyramid cards"
	case 'C':
		return "columns"
	case 'F':
		return "foundations"
	case 'R', 'E':
		return "free cells or reserves"
	case 'S':
		return "stock"
	case 'W':
		return "waste"
	}
	return "pile " + string(k)
}

// rangeText describes the piles of a kind, e.g. "columns are C1-C7".
func rangeText(k byte, piles []PileRef) string {
	if len(piles) == 1 {
		return "the only one is " + piles[0].String()
	}
	return fmt.Sprintf("%s are %s-%s", kindNoun(k), piles[0], piles[len(piles)-1])
}

// topsText names piles with their top cards: "F1 (AD), F2 (2C) or F3 (9H)".
func topsText(tops []PileTop, last string, w CardWriter) string {
	parts := make([]string, len(tops))
	for k, t := range tops {
		top := "nothing"
		if t.Top.Valid() {
			top = w(t.Top)
		}
		parts[k] = t.Pile.String() + " (" + top + ")"
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + last + parts[len(parts)-1]
}

// cardList names cards, bottom first: "5C", "5C and 4D", "5C, 4D, 3S and 6 more".
func cardList(cs []Card, w CardWriter) string {
	const most = 4
	names := make([]string, 0, most)
	for _, c := range cs[:min(len(cs), most)] {
		names = append(names, w(c))
	}
	switch {
	case len(cs) > most:
		return strings.Join(names[:most-1], ", ") + fmt.Sprintf(" and %d more", len(cs)-most+1)
	case len(names) == 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// NeedKind is the case of a pile's declaration that decides what it takes now. need finds it
// for takes, which tests a card against it, and needs makes it a Need, which words it, so that
// the rule and its explanation cannot drift apart. The last three are cases of NeedFollows
// that only the words tell apart.
type NeedKind uint8

// The cases of what a pile needs.
const (
	NeedFull       NeedKind = iota // at its capacity: nothing more
	NeedStarted                    // an empty chained pile whose previous pile is empty: nothing yet
	NeedAny                        // empty: any card
	NeedKing                       // empty: a king
	NeedAce                        // empty: an ace (Card: the one ace of a pile kept for one suit)
	NeedBase                       // empty: the game's base rank (Rank)
	NeedRankIn                     // empty: a rank that the previous pile (Pile) holds
	NeedDealt                      // empty: nothing, only the deal fills it
	NeedFaceDown                   // the top card is face down: nothing until it turns up
	NeedNothing                    // cards are only taken from it
	NeedSuitRankIn                 // the first card's suit (Suit), of a rank that the previous pile (Pile) holds
	NeedFollows                    // a card that follows the top (Top) by the pile's build and match: Ranks
	NeedSuit                       // NeedFollows where any rank follows: any card of Top's suit
	NeedNoCard                     // NeedFollows where no card follows Top
	NeedBaseCard                   // NeedNoCard because Top is of the base rank, where sequences stop at it
	NeedRun                        // empty: a complete run from king to ace, moved whole
)

var needNames = [...]string{
	"full", "not-started", "any", "king", "ace", "base", "rank-in", "dealt", "face-down",
	"nothing", "suit-rank-in", "follows", "suit", "no-card", "base-card", "run",
}

// String names the case for programs (--format json): "follows", "king", ...
func (k NeedKind) String() string {
	if int(k) < len(needNames) {
		return needNames[k]
	}
	return "need " + strconv.Itoa(int(k))
}

// Need is what a pile takes now, as a value: the case that decides (Kind) and the cards,
// ranks, suit or pile that case names.
type Need struct {
	Kind  NeedKind
	Card  Card    // NeedAce of a pile kept for one suit: that ace
	Top   Card    // NeedFollows, NeedSuit, NeedNoCard, NeedBaseCard: the pile's top card
	Ranks []Rank  // NeedFollows: the ranks that may lie on Top, in order
	Match Match   // NeedFollows: which suits may (MatchSameSuit: Top's; MatchAltColor: the other colour)
	Suit  Suit    // NeedSuitRankIn: the suit
	Rank  Rank    // NeedBase: the base rank
	Pile  PileRef // NeedStarted, NeedRankIn, NeedSuitRankIn: the pile before, whose cards decide
}

// String is the need in words, cards in letters: "AH", "a red 8", "a king".
func (n *Need) String() string { return n.Words(Card.String) }

// Words puts the need in words, each card written by w.
func (n *Need) Words(w CardWriter) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case NeedFull:
		return "nothing more (it is full)"
	case NeedStarted:
		return "nothing until " + n.Pile.String() + " is started"
	case NeedAny:
		return "any card"
	case NeedKing:
		return "a king"
	case NeedRun:
		return "a complete run from king to ace in one suit, moved whole"
	case NeedAce:
		if n.Card.Valid() {
			return w(n.Card)
		}
		return "an ace"
	case NeedBase:
		return article(rankName(n.Rank))
	case NeedRankIn:
		return "a card of a new suit whose rank is in " + n.Pile.String()
	case NeedDealt:
		return "nothing: only the deal fills it"
	case NeedFaceDown:
		return "nothing until its top card is turned up"
	case NeedNothing:
		return "nothing: cards are only taken from it"
	case NeedSuitRankIn:
		return "a " + suitName(n.Suit) + " whose rank is in " + n.Pile.String()
	case NeedSuit:
		return "any " + suitName(n.Top.Suit())
	case NeedNoCard:
		return "nothing: no card goes on " + w(n.Top)
	case NeedBaseCard:
		return "nothing: no card goes on " + w(n.Top) + ", a base card (stop-at-base)"
	}
	names := make([]string, len(n.Ranks))
	for k, r := range n.Ranks {
		switch n.Match {
		case MatchSameSuit:
			names[k] = w(NewCard(r, n.Top.Suit()))
		case MatchAltColor:
			color := "red"
			if n.Top.Red() {
				color = "black"
			}
			names[k] = article(color + " " + rankName(r))
		default:
			names[k] = article(rankName(r))
		}
	}
	return strings.Join(names, " or ")
}

// article puts "a" or "an" before a word: an ace, an 8, a king.
func article(w string) string {
	if strings.HasPrefix(w, "a") || strings.HasPrefix(w, "8") {
		return "an " + w
	}
	return "a " + w
}

func suitName(s Suit) string {
	return [...]string{"club", "diamond", "heart", "spade"}[s&3]
}

func rankName(r Rank) string {
	return [...]string{"", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"}[r]
}

// DeckError is a position whose cards are not the game's whole deck: the cards missing, and
// those there too often, by how often.
type DeckError struct {
	Decks   int    // 1 or 2
	Suits   []Suit // the suits the decks hold, nil for all four (Def.Suits)
	Total   int    // the cards there are
	Missing []Card // each missing copy once, in deck order
	Extra   []Extra
}

// Extra is the cards that are there Times times, in deck order.
type Extra struct {
	Times int
	Cards []Card
}

// maxListed is how many cards a missing or extra list names before "and N more".
const maxListed = 12

func (e *DeckError) Error() string { return e.Words(Card.String) }

// Words puts the mistake in words, each card written by w.
func (e *DeckError) Words(w CardWriter) string {
	deck := "a whole deck of 52 cards"
	switch {
	case len(e.Suits) > 0:
		names := make([]string, len(e.Suits))
		for k, s := range e.Suits {
			names[k] = suitName(s) + "s"
		}
		deck = fmt.Sprintf("%d cards of %s only, each card %s", 52*e.Decks, strings.Join(names, " and "), timesWord(4*e.Decks/len(e.Suits)))
	case e.Decks == 2:
		deck = "two whole decks, every card twice (104 cards)"
	}
	msg := fmt.Sprintf("the cards must be %s, but there are %d", deck, e.Total)
	if e.Total == 1 {
		msg = fmt.Sprintf("the cards must be %s, but there is 1", deck)
	}
	list := func(cs []Card) string {
		names := make([]string, 0, min(len(cs), maxListed))
		for _, c := range cs[:min(len(cs), maxListed)] {
			names = append(names, w(c))
		}
		if len(cs) > maxListed {
			return strings.Join(names, ", ") + fmt.Sprintf(" and %d more", len(cs)-maxListed)
		}
		return strings.Join(names, ", ")
	}
	if len(e.Missing) > 0 {
		msg += "; missing: " + list(e.Missing)
	}
	for _, x := range e.Extra {
		msg += "; " + timesWord(x.Times) + ": " + list(x.Cards)
	}
	return msg
}

func timesWord(n int) string {
	switch n {
	case 2:
		return "twice"
	case 3:
		return "three times"
	}
	return fmt.Sprintf("%d times", n)
}

// BaseCardError is a position whose base rank (Base) is not the rank of the card (Card) that
// starts the foundation (Pile) the deal puts the base card on.
type BaseCardError struct {
	Base Rank
	Pile PileRef
	Card Card
}

func (e *BaseCardError) Error() string { return e.Words(Card.String) }

// Words puts the mistake in words, the card written by w.
func (e *BaseCardError) Words(w CardWriter) string {
	return fmt.Sprintf("base %d: pile %s starts with %s, which sets the base rank", e.Base, e.Pile, w(e.Card))
}
