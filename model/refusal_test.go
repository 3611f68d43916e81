package model

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestRefusalFields: every kind of refusal comes out of Apply as a *RefusalError with the
// card, piles, counts and need it is about, and its plain text is its words with the cards in
// letters. Every kind has a row, but two that no command of the eight games meets (Nowhere,
// NoTake: TestRefusalWordsOfEveryKind words them).
func TestRefusalFields(t *testing.T) {
	ref := func(s string) PileRef { return mv(s, "", 0).From }
	refs := func(names ...string) []PileRef {
		out := make([]PileRef, len(names))
		for i, n := range names {
			out[i] = ref(n)
		}
		return out
	}
	cards := func(names ...string) []Card {
		out := make([]Card, len(names))
		for i, n := range names {
			out[i] = card(t, n)
		}
		return out
	}
	byCard := func(c, dest string) Move { return Move{Card: card(t, c), To: ref(dest)} }
	follows := func(top string, match Match, ranks ...Rank) *Need {
		return &Need{Kind: NeedFollows, Top: card(t, top), Match: match, Ranks: ranks}
	}
	won := map[string]string{}
	for i, s := range "SDCH" {
		won[fmt.Sprintf("F%d", i+1)] = "A" + string(s) + " 2" + string(s) + " 3" + string(s) + " 4" + string(s) + " 5" + string(s) +
			" 6" + string(s) + " 7" + string(s) + " 8" + string(s) + " 9" + string(s) + " T" + string(s) + " J" + string(s) + " Q" + string(s) + " K" + string(s)
	}
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		ops   []Op // played first, each must be accepted
		op    Op
		want  RefusalError
		text  string
	}{
		{name: "empty", game: "klondike", piles: map[string]string{"C1": "5S"}, op: mv("C2", "C1", 0),
			want: RefusalError{Kind: RefusedEmpty, From: ref("C2")}, text: "C2 is empty"},
		{name: "stays", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"F1": "7H", "C1": "8S"}, op: mv("F1", "C1", 0),
			want: RefusalError{Kind: RefusedStays, From: ref("F1")}, text: "cards on the foundations stay there in this game"},
		{name: "stays, by card", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"F1": "7H", "C1": "8S"}, op: byCard("7H", "C1"),
			want: RefusalError{Kind: RefusedStays, Card: card(t, "7H"), ByCard: true, From: ref("F1"), N: 1},
			text: "7H is in F1, and cards on the foundations stay there in this game"},
		{name: "face down", game: "klondike", piles: map[string]string{"C1": "5S 8D |", "C2": "9C"}, op: mv("C1", "C2", 0),
			want: RefusalError{Kind: RefusedFaceDown, From: ref("C1")}, text: "the top card of C1 is face down"},
		// A hidden card's refusal names no pile: it tells nothing the table does not show.
		{name: "a face-down card named", game: "klondike", piles: map[string]string{"C1": "5S | 8D", "C2": "9C"}, op: byCard("5S", "C2"),
			want: RefusalError{Kind: RefusedCardHidden, Card: card(t, "5S"), ByCard: true}, text: "5S is not face up yet: a hidden card cannot be named"},
		{name: "frozen", game: "fifteen", piles: map[string]string{"C1": "7H 7D 7C 7S", "C2": "2H"}, op: mv("C1", "C3", 0),
			want: RefusalError{Kind: RefusedFrozen, From: ref("C1")}, text: "C1 is complete and frozen"},
		{name: "covered", game: "tripeaks", piles: map[string]string{"P1": "5S", "P4": "7H", "W": "4C"}, op: mv("P1", "W", 0),
			want: RefusalError{Kind: RefusedCovered, From: ref("P1"), Piles: refs("P4")}, text: "P1 is covered by P4: only a card with nothing on it moves"},
		{name: "covered, as the destination", game: "pyramid", piles: map[string]string{"P1": "6S", "P2": "2H", "P28": "7H"}, op: mv("P28", "P1", 0),
			want: RefusalError{Kind: RefusedCovered, Card: card(t, "7H"), From: ref("P28"), To: ref("P1"), N: 1, Piles: refs("P2")},
			text: "P1 is covered by P2: nothing is played on a covered card"},
		{name: "not top", game: "pyramid", piles: map[string]string{"W": "6S 2H", "P28": "7H"}, op: Move{Card: card(t, "7H"), Onto: card(t, "6S")},
			want: RefusalError{Kind: RefusedNotTop, Card: card(t, "6S"), ByCard: true, To: ref("W")},
			text: "6S is in W under other cards: a card is played onto the top card of a pile"},
		{name: "count", game: "klondike", piles: map[string]string{"C1": "9H 8S", "C2": "TC"}, op: mv("C1", "C2", 5),
			want: RefusalError{Kind: RefusedCount, From: ref("C1"), N: 5, Most: 2}, text: "C1 has only 2 cards"},
		{name: "hidden", game: "klondike", piles: map[string]string{"C1": "5S | 9H 8S", "C2": "TC"}, op: mv("C1", "C2", 3),
			want: RefusalError{Kind: RefusedHidden, From: ref("C1"), N: 3, Most: 2}, text: "only 2 cards are face up in C1"},
		{name: "top or all", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9C", "F1": "5S"}, op: mv("C1", "C2", 2),
			want: RefusalError{Kind: RefusedTopOrAll, From: ref("C1"), N: 2, Most: 3}, text: "C1 moves only its top card or the whole column here"},
		{name: "top or all, by card", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9C", "F1": "5S"}, op: byCard("8S", "C2"),
			want: RefusalError{Kind: RefusedTopOrAll, Card: card(t, "8S"), ByCard: true, On: cards("7D"), From: ref("C1"), N: 2, Most: 3},
			text: "8S is under 7D in C1, which moves only its top card or the whole column here"},
		{name: "one at a time", game: "klondike", piles: map[string]string{"W": "8D 7C", "C2": "9H"}, op: mv("W", "C2", 2),
			want: RefusalError{Kind: RefusedOneAtATime, From: ref("W"), N: 2, Most: 1}, text: "W moves one card at a time here"},
		{name: "one at a time, a foundation's card", game: "klondike", piles: map[string]string{"F4": "AH 2H", "C1": "3S"}, op: byCard("AH", "C1"),
			want: RefusalError{Kind: RefusedOneAtATime, Card: card(t, "AH"), ByCard: true, On: cards("2H"), From: ref("F4"), N: 2, Most: 1},
			text: "AH is in F4 under 2H: only a foundation's top card comes back"},
		{name: "run", game: "freecell", piles: map[string]string{"C1": "KH 8D 7C", "C2": "9C"}, op: mv("C1", "C2", 3),
			want: RefusalError{Kind: RefusedRun, From: ref("C1"), N: 3, Most: 2}, text: "the top 3 cards of C1 are not a sequence that can move together (the top 2 are)"},
		{name: "run, by card", game: "freecell", piles: map[string]string{"C1": "KH 8D 7C", "C2": "9C"}, op: byCard("KH", "C2"),
			want: RefusalError{Kind: RefusedRun, Card: card(t, "KH"), ByCard: true, On: cards("8D", "7C"), From: ref("C1"), N: 3, Most: 2},
			text: "KH is under 8D and 7C in C1, which are not in sequence with it (only the top 2 move together)"},
		{name: "single", game: "freecell", piles: map[string]string{"F2": "AH 2H", "C1": "3H 2S"}, op: mv("C1", "F2", 2),
			want: RefusalError{Kind: RefusedSingle, Card: card(t, "3H"), From: ref("C1"), To: ref("F2"), N: 2}, text: "F2 takes one card at a time"},
		{name: "full", game: "freecell", piles: map[string]string{"R1": "5S", "C1": "6H"}, op: mv("C1", "R1", 0),
			want: RefusalError{Kind: RefusedFull, Card: card(t, "6H"), From: ref("C1"), To: ref("R1"), N: 1}, text: "R1 is full"},
		{name: "room", game: "fifteen", piles: map[string]string{"C1": "2S 7H 7D", "C2": "9C 7C 7S"}, op: mv("C1", "C2", 2),
			want: RefusalError{Kind: RefusedRoom, Card: card(t, "7H"), From: ref("C1"), To: ref("C2"), N: 2, Most: 1}, text: "C2 has room for only 1 card"},
		{name: "wrong card", game: "klondike", piles: map[string]string{"C1": "5H", "C2": "6D"}, op: mv("C1", "C2", 0),
			want: RefusalError{Kind: RefusedCard, Card: card(t, "5H"), From: ref("C1"), To: ref("C2"), N: 1, Need: follows("6D", MatchAltColor, 5)},
			text: "5H cannot go to C2, which needs a black 5"},
		{name: "wrong card, a suit's ace", game: "klondike", piles: map[string]string{"C1": "5S"}, op: mv("C1", "F1", 0),
			want: RefusalError{Kind: RefusedCard, Card: card(t, "5S"), From: ref("C1"), To: ref("F1"), N: 1, Need: &Need{Kind: NeedAce, Card: card(t, "AS")}},
			text: "5S cannot go to F1, which needs AS"},
		{name: "group limit", game: "lapeau", piles: lapeauFull(map[string]string{"C1": "8H 7H 6H", "C2": "9H", "C3": ""}), op: mv("C1", "C2", 0),
			want: RefusalError{Kind: RefusedLimit, From: ref("C1"), To: ref("C2"), N: 3, Most: 2}, text: "3 cards cannot move at once here: free space allows 2 (see help move)"},
		{name: "none fits", game: "klondike", piles: map[string]string{"C1": "9H 8S 7D", "C2": "KC"}, op: mv("C1", "C2", 0),
			want: RefusalError{Kind: RefusedNoneFits, From: ref("C1"), To: ref("C2"), Most: 3, Need: follows("KC", MatchAltColor, Queen)},
			text: "no card of C1's top 3 fits on C2, which needs a red queen"},
		{name: "no foundation", game: "freecell", piles: map[string]string{"C8": "7D", "F1": "AC"}, op: mv("C8", "F", 0),
			want: RefusalError{Kind: RefusedNoFoundation, Card: card(t, "7D"), From: ref("C8"), To: ref("F"), N: 1, Needs: []PilesNeed{
				{Piles: refs("F1"), Need: *follows("AC", MatchSameSuit, 2)}, {Piles: refs("F2", "F3", "F4"), Need: Need{Kind: NeedAce}}}},
			text: "7D goes on no foundation: F1 needs 2C, F2-F4 need an ace"},
		{name: "no move", game: "klondike", piles: map[string]string{"C1": "5H", "C2": "6D"}, op: mv("C1", "", 0),
			want: RefusalError{Kind: RefusedNoMove, Card: card(t, "5H"), From: ref("C1")}, text: "no legal move for 5H from C1"},
		{name: "no piles of the kind", game: "lapeau", piles: map[string]string{"C1": "5H"}, op: mv("C1", "R1", 0),
			want: RefusalError{Kind: RefusedNoPiles, Game: "lapeau", To: ref("R1")}, text: "lapeau has no free cells or reserves"},
		{name: "no pile of the number", game: "klondike", piles: map[string]string{"C1": "5H"}, op: mv("C9", "C1", 0),
			want: RefusalError{Kind: RefusedNoPile, Game: "klondike", From: ref("C9"), Piles: refs("C1", "C2", "C3", "C4", "C5", "C6", "C7")},
			text: "klondike has no pile C9 (columns are C1-C7)"},
		{name: "no pile of the number, the only one", game: "klondike", piles: map[string]string{"C1": "5H"}, op: mv("C1", "W2", 0),
			want: RefusalError{Kind: RefusedNoPile, Game: "klondike", To: ref("W2"), Piles: refs("W")}, text: "klondike has no pile W2 (the only one is W)"},
		{name: "bad count", game: "klondike", piles: map[string]string{"C1": "5H"}, op: mv("C1", "C2", -1),
			want: RefusalError{Kind: RefusedBadCount, N: -1}, text: "the number of cards must be 1 or more"},
		{name: "from the stock", game: "klondike", piles: map[string]string{"S": "| 5H"}, op: mv("S", "C1", 0),
			want: RefusalError{Kind: RefusedFromStock, From: ref("S")}, text: "cards come off the stock with draw, not move"},
		{name: "same pile", game: "klondike", piles: map[string]string{"C1": "5H"}, op: mv("C1", "C1", 0),
			want: RefusalError{Kind: RefusedSamePile, From: ref("C1"), To: ref("C1")}, text: "C1 is both the source and the destination"},
		{name: "no such card", game: "klondike", piles: map[string]string{"C1": "3S"}, op: byCard("KD", ""),
			want: RefusalError{Kind: RefusedNoCard, Card: card(t, "KD"), ByCard: true}, text: "KD is not in this game"},
		{name: "both copies", game: "natali", piles: map[string]string{"C1": "7H", "C2": "7H", "C3": "8H"}, op: byCard("7H", "C3"),
			want: RefusalError{Kind: RefusedBothCopies, Card: card(t, "7H"), ByCard: true, To: ref("C3"), Piles: refs("C1", "C2")},
			text: "both 7H can move, from C1 and C2: name the pile, e.g. move C2"},
		{name: "all empty", game: "freecell", piles: map[string]string{"C1": "5H"}, op: mv("R", "C1", 0),
			want: RefusalError{Kind: RefusedAllEmpty, From: ref("R"), To: ref("C1"), Role: Cell}, text: "every free cell is empty: nothing to move from R"},
		{name: "no source", game: "freecell", piles: map[string]string{"R1": "5S", "R2": "9H", "C1": "KC"}, op: mv("R", "C1", 0),
			want: RefusalError{Kind: RefusedNoSource, From: ref("R"), To: ref("C1"), Tops: []PileTop{{ref("R1"), card(t, "5S")}, {ref("R2"), card(t, "9H")}}},
			text: "no card on R1 (5S) or R2 (9H) can move to C1"},
		{name: "ambiguous", game: "freecell", piles: map[string]string{"R1": "5S", "R2": "5C", "C1": "6H"}, op: mv("R", "C1", 0),
			want: RefusalError{Kind: RefusedAmbiguous, From: ref("R"), To: ref("C1"), Tops: []PileTop{{ref("R1"), card(t, "5S")}, {ref("R2"), card(t, "5C")}}},
			text: "R alone is ambiguous as a source: R1 (5S) and R2 (5C) could move; name the pile, e.g. R1"},
		{name: "won", game: "klondike", piles: won, op: Draw{},
			want: RefusalError{Kind: RefusedWon}, text: "the game is won: type new for another deal, or undo to go back"},
		{name: "no stock", game: "freecell", piles: map[string]string{"C1": "5H"}, op: Draw{},
			want: RefusalError{Kind: RefusedNoStock, Game: "freecell"}, text: "freecell has no stock to draw from"},
		{name: "stock and waste empty", game: "klondike", piles: map[string]string{"C1": "5H"}, op: Draw{},
			want: RefusalError{Kind: RefusedStockEmpty, From: ref("S")}, text: "the stock and the waste are both empty"},
		{name: "no passes", game: "klondike", opts: Options{"passes": "1"}, piles: map[string]string{"W": "5H"}, op: Draw{},
			want: RefusalError{Kind: RefusedNoPasses, From: ref("S"), Game: "klondike", Most: 1}, text: "the stock is empty and no passes are left (klondike allows 1 pass)"},
		{name: "no redeal", game: "algerian", piles: map[string]string{"C1": "5H"}, op: Draw{},
			want: RefusalError{Kind: RefusedNoRedeal, From: ref("S"), Game: "algerian"}, text: "the stock is empty, and algerian has no redeal"},
		{name: "deal onto an empty column", game: "spider", piles: map[string]string{"C1": "5H", "C2": "5H", "S": "2C"}, op: Draw{},
			want: RefusalError{Kind: RefusedDealEmpty, To: ref("C3"), Game: "spider"},
			text: "C3 is empty: the stock deals only when every column has a card; fill it first (new spider any-deal=true lifts this)"},
		{name: "a run of two suits", game: "spider", piles: map[string]string{"C1": "9S 8H 7H", "C2": "TC"}, op: mv("C1", "C2", 3),
			want: RefusalError{Kind: RefusedRun, From: ref("C1"), N: 3, Most: 2, Suited: true},
			text: "the top 3 cards of C1 are not a run of one suit, and only such a run moves together (the top 2 are)"},
		{name: "no steps", game: "klondike", piles: map[string]string{"C1": "5H"}, op: Redo{},
			want: RefusalError{Kind: RefusedNoSteps, Op: Redo{N: 1}, N: 1}, text: "nothing to redo"},
		{name: "steps", game: "klondike", piles: map[string]string{"C1": "5H", "C2": "6S"}, ops: []Op{mv("C1", "C2", 0)}, op: Undo{N: 3},
			want: RefusalError{Kind: RefusedSteps, Op: Undo{N: 3}, N: 3, Most: 1}, text: "only 1 step can be undone"},
		{name: "purge elsewhere", game: "klondike", piles: map[string]string{"C1": "5H"}, op: Purge{},
			want: RefusalError{Kind: RefusedNotThisGame, Op: Purge{}, Game: "klondike"}, text: "purge is a La Peau command; auto plays safe cards home in klondike"},
		{name: "policy elsewhere", game: "klondike", piles: map[string]string{"C1": "5H"}, op: Policy{Name: "alternate"},
			want: RefusalError{Kind: RefusedNotThisGame, Op: Policy{Name: "alternate"}, Game: "klondike"}, text: "policy is a La Peau command"},
		{name: "unknown policy", game: "lapeau", piles: map[string]string{"C1": "5H"}, op: Policy{Name: "7H"},
			want: RefusalError{Kind: RefusedPolicy, Op: Policy{Name: "7H"}}, text: `unknown policy "7H": use same-suit or alternate`},
		{name: "policy late", game: "lapeau", piles: map[string]string{"C1": "5H", "C2": "6H"}, ops: []Op{mv("C1", "C2", 0)}, op: Policy{Name: "alt"},
			want: RefusalError{Kind: RefusedPolicyLate, Op: Policy{Name: "alternate"}},
			text: "the policy can change only before the first move; start a new game with new lapeau alternate=true"},
		{name: "not a game move", game: "klondike", piles: map[string]string{"C1": "5H"}, op: Hint{},
			want: RefusalError{Kind: RefusedNotGameMove, Op: Hint{}}, text: "hint is not a game move"},
	}
	seen := map[Refusal]bool{RefusedNowhere: true, RefusedNoTake: true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			for _, op := range tt.ops {
				if _, err := g.Apply(op); err != nil {
					t.Fatalf("%s: %v", op, err)
				}
			}
			_, err := g.Apply(tt.op)
			var e *RefusalError
			if !errors.As(err, &e) {
				t.Fatalf("%s: error %v (%T), want a *RefusalError", tt.op, err, err)
			}
			if !reflect.DeepEqual(*e, tt.want) {
				t.Errorf("%s:\n got %+v\nwant %+v", tt.op, *e, tt.want)
			}
			if err.Error() != tt.text || e.Words(Card.String) != tt.text {
				t.Errorf("%s: %q, want %q", tt.op, err, tt.text)
			}
		})
		seen[tt.want.Kind] = true
	}
	for k := RefusedEmpty; k <= RefusedNotGameMove; k++ {
		if !seen[k] {
			t.Errorf("no row refuses a command as %s", k)
		}
	}
}

// TestRefusalWordsOfEveryKind: each kind has words of its own and a name for programs, and a
// card in them is written by the writer given, never in letters behind its back.
func TestRefusalWordsOfEveryKind(t *testing.T) {
	names := map[string]bool{}
	c, on := NewCard(7, Hearts), NewCard(6, Spades)
	for k := RefusedEmpty; k <= RefusedNotGameMove; k++ {
		e := &RefusalError{Kind: k, Card: c, ByCard: true, On: []Card{on}, From: PileRef{'C', 1}, To: PileRef{'C', 2},
			Need: &Need{Kind: NeedFollows, Top: NewCard(8, Spades), Match: MatchAltColor, Ranks: []Rank{7}}, N: 2, Most: 1,
			Game: "klondike", Piles: []PileRef{{'C', 1}, {'C', 2}}, Tops: []PileTop{{PileRef{'C', 1}, c}},
			Needs: []PilesNeed{{Piles: []PileRef{{'F', 1}}, Need: Need{Kind: NeedAce, Card: NewCard(Ace, Hearts)}}}, Op: Undo{}}
		words := e.Words(func(c Card) string { return "<" + c.String() + ">" })
		if strings.HasPrefix(words, "refused") || words == "" {
			t.Errorf("%s has no words: %q", k, words)
		}
		if strings.Contains(strings.ReplaceAll(words, "<7H>", ""), "7H") {
			t.Errorf("%s writes 7H in letters: %q", k, words)
		}
		if e.Error() != strings.NewReplacer("<", "", ">", "").Replace(words) {
			t.Errorf("%s: Error %q, Words %q", k, e.Error(), words)
		}
		if name := k.String(); names[name] || strings.HasPrefix(name, "refusal ") {
			t.Errorf("%s: no name of its own", name)
		} else {
			names[name] = true
		}
	}
	if got := (&RefusalError{Kind: RefusedNowhere, From: PileRef{'C', 1}}).Error(); got != "nothing has nowhere to go" {
		t.Errorf("an empty pile's nowhere: %q", got)
	}
}
