package model

import "testing"

// TestRefusalMessages pins what a refused move says where the reason is easy to get wrong.
func TestRefusalMessages(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		op    Op
		err   string
	}{
		// A column whose top two cards are no sequence: the reason is the cards, not a
		// one-card-at-a-time rule, which FreeCell does not have.
		{name: "freecell: top cards not in sequence", game: "freecell", piles: map[string]string{"C1": "8D 2H", "C2": "9C"},
			op: mv("C1", "C2", 2), err: "the top 2 cards of C1 are not a sequence that can move together (only the top card can)"},
		{name: "klondike: face-up cards not in sequence", game: "klondike", piles: map[string]string{"C1": "5S | 8D 2H", "C2": "9C"},
			op: mv("C1", "C2", 2), err: "the top 2 cards of C1 are not a sequence that can move together (only the top card can)"},
		{name: "freecell: a run of two, three asked", game: "freecell", piles: map[string]string{"C1": "KH 8D 7C", "C2": "9C"},
			op: mv("C1", "C2", 3), err: "the top 3 cards of C1 are not a sequence that can move together (the top 2 are)"},
		{name: "classic canfield: a whole column that is no sequence", game: "canfield", opts: Options{"classic": "true"},
			piles: map[string]string{"C1": "8D 2H", "C2": "9C", "F1": "5S", "R1": "KS"}, op: mv("C1", "C2", 2),
			err: "the top 2 cards of C1 are not a sequence that can move together (only the top card can)"},
		// "F" alone: no foundation takes the card, and each says what it needs (once, it
		// named F1 only, as if F1 were the one foundation).
		{name: "freecell: F, no foundation takes it", game: "freecell", piles: map[string]string{"C8": "7D", "F1": "AC"},
			op: mv("C8", "F", 0), err: "7D goes on no foundation: F1 needs 2C, F2-F4 need an ace"},
		{name: "klondike: F, the suit's own foundation only", game: "klondike", piles: map[string]string{"C1": "7D", "F2": "AD 2D", "F3": "AC"},
			op: mv("C1", "F", 0), err: "7D goes on no foundation: F2 needs 3D"},
		{name: "natali: F, up and down foundations", game: "natali", piles: map[string]string{"C1": "7D", "F1": "AS", "F2": "AH"},
			op: mv("C1", "F", 0), err: "7D goes on no foundation: F1 needs 2S, F2 needs 2H, F3 and F4 need an ace, F5-F8 need a king"},
		{name: "osmosis: F, the foundations not started left out", game: "osmosis", piles: map[string]string{"R1": "5S", "F1": "AD"},
			op: mv("R1", "F", 0), err: "5S goes on no foundation: F1 needs any diamond, F2 needs a card of a new suit whose rank is in F1"},
		{name: "freecell: F named, the pile's own words", game: "freecell", piles: map[string]string{"C8": "7D", "F1": "AC"},
			op: mv("C8", "F2", 0), err: "7D cannot go to F2, which needs an ace"},
		// The waste gives one card at a time: that is its rule.
		{name: "klondike: the waste", game: "klondike", piles: map[string]string{"W": "8D 7C", "C2": "9H"},
			op: mv("W", "C2", 2), err: "W moves one card at a time here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			before := g.State.Clone()
			_, err := g.Apply(tt.op)
			if err == nil || err.Error() != tt.err {
				t.Fatalf("%s: error %v, want %q", tt.op, err, tt.err)
			}
			if !g.State.Equal(&before) {
				t.Fatal("a refused move changed the board")
			}
		})
	}
}

// TestSourceRefusals: every refusal that lifts decides for the source side is worded both ways
// from the one decision: for a move that names a pile and a count (check), and for one that
// names a card (liftable), as the player sees that card.
func TestSourceRefusals(t *testing.T) {
	byCard := func(c, dest string) Move { return Move{Card: card(t, c), To: mv(dest, "", 0).From} }
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		op    Op
		why   Refusal // what lifts says of the source, checked first
		pile  string
		n     int
		err   string
	}{
		{name: "empty", game: "klondike", piles: map[string]string{"C1": "5S"}, op: mv("C2", "C1", 0),
			why: RefusedEmpty, pile: "C2", err: "C2 is empty"},
		{name: "foundation cards stay", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"F1": "7H", "C1": "8S"},
			op: mv("F1", "C1", 0), why: RefusedStays, pile: "F1", err: "cards on the foundations stay there in this game"},
		{name: "foundation cards stay, by card", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"F1": "7H", "C1": "8S"},
			op: byCard("7H", "C1"), why: RefusedStays, pile: "F1", err: "7H is in F1, and cards on the foundations stay there in this game"},
		{name: "top face down", game: "klondike", piles: map[string]string{"C1": "5S 8D |", "C2": "9C"}, op: mv("C1", "C2", 0),
			why: RefusedFaceDown, pile: "C1", err: "the top card of C1 is face down"},
		{name: "a face-down card named", game: "klondike", piles: map[string]string{"C1": "5S | 8D", "C2": "9C"}, op: byCard("5S", "C2"),
			why: RefusedHidden, pile: "C1", n: 2, err: "5S is not face up yet: a hidden card cannot be named"},
		{name: "frozen", game: "fifteen", piles: map[string]string{"C1": "7H 7D 7C 7S", "C2": "2H"}, op: mv("C1", "C3", 0),
			why: RefusedFrozen, pile: "C1", err: "C1 is complete and frozen"},
		{name: "frozen, by card", game: "fifteen", piles: map[string]string{"C1": "7H 7D 7C 7S", "C2": "2H"}, op: byCard("7S", "C3"),
			why: RefusedFrozen, pile: "C1", n: 1, err: "C1 is complete and frozen"},
		{name: "more than the pile holds", game: "klondike", piles: map[string]string{"C1": "9H 8S", "C2": "TC"}, op: mv("C1", "C2", 5),
			why: RefusedCount, pile: "C1", n: 5, err: "C1 has only 2 cards"},
		{name: "more than lie face up", game: "klondike", piles: map[string]string{"C1": "5S | 9H 8S", "C2": "TC"}, op: mv("C1", "C2", 3),
			why: RefusedHidden, pile: "C1", n: 3, err: "only 2 cards are face up in C1"},
		{name: "top or whole column", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9C", "F1": "5S"},
			op: mv("C1", "C2", 2), why: RefusedTopOrAll, pile: "C1", n: 2, err: "C1 moves only its top card or the whole column here"},
		{name: "top or whole column, by card", game: "canfield", opts: Options{"classic": "true"}, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9C", "F1": "5S"},
			op: byCard("8S", "C2"), why: RefusedTopOrAll, pile: "C1", n: 2, err: "8S is under 7D in C1, which moves only its top card or the whole column here"},
		{name: "one card at a time", game: "klondike", piles: map[string]string{"W": "8D 7C", "C2": "9H"}, op: mv("W", "C2", 2),
			why: RefusedOneAtATime, pile: "W", n: 2, err: "W moves one card at a time here"},
		{name: "one card at a time, by card", game: "klondike", piles: map[string]string{"W": "8D 7C", "C2": "9S"}, op: byCard("8D", "C2"),
			why: RefusedOneAtATime, pile: "W", n: 2, err: "8D is under 7C in W, and only the top card of W moves"},
		{name: "a foundation's top card only", game: "klondike", piles: map[string]string{"F4": "AH 2H", "C1": "3S"}, op: byCard("AH", "C1"),
			why: RefusedOneAtATime, pile: "F4", n: 2, err: "AH is in F4 under 2H: only a foundation's top card comes back"},
		{name: "not a run", game: "freecell", piles: map[string]string{"C1": "KH 8D 7C", "C2": "9C"}, op: mv("C1", "C2", 3),
			why: RefusedRun, pile: "C1", n: 3, err: "the top 3 cards of C1 are not a sequence that can move together (the top 2 are)"},
		{name: "not a run, by card", game: "freecell", piles: map[string]string{"C1": "KH 8D 7C", "C2": "9C"}, op: byCard("KH", "C2"),
			why: RefusedRun, pile: "C1", n: 3, err: "KH is under 8D and 7C in C1, which are not in sequence with it (only the top 2 move together)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			i := g.Def.pileIndex(tt.pile)
			if i < 0 {
				t.Fatalf("no pile %s", tt.pile)
			}
			if _, why := g.lifts(i, tt.n); why != tt.why {
				t.Fatalf("lifts(%s, %d) = %d, want %d", tt.pile, tt.n, why, tt.why)
			}
			// The refusals of a whole pile leave takeable nothing; the others refuse a count only.
			none := tt.why == RefusedEmpty || tt.why == RefusedStays || tt.why == RefusedFaceDown || tt.why == RefusedFrozen
			if took := g.takeable(i); (took == 0) != none {
				t.Fatalf("takeable(%s) = %d, which disagrees with the refusal %d", tt.pile, took, tt.why)
			}
			before := g.State.Clone()
			_, err := g.Apply(tt.op)
			if err == nil || err.Error() != tt.err {
				t.Fatalf("%s: error %v, want %q", tt.op, err, tt.err)
			}
			if !g.State.Equal(&before) {
				t.Fatal("a refused move changed the board")
			}
		})
	}
}

// TestNeedsEveryCase: needs words each case that takes decides by, and takes refuses a card
// that the words rule out.
func TestNeedsEveryCase(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		pile  string
		card  string // a card the pile refuses
		want  NeedKind
		words string
	}{
		{name: "full cell", game: "freecell", piles: map[string]string{"R1": "5S"}, pile: "R1", card: "6H", want: NeedFull, words: "nothing more (it is full)"},
		{name: "chained, not started", game: "osmosis", piles: map[string]string{"F1": "", "F2": ""}, pile: "F2", card: "6H", want: NeedStarted, words: "nothing until F1 is started"},
		{name: "any card", game: "freecell", pile: "R1", card: "", want: NeedAny, words: "any card"},
		{name: "a king", game: "klondike", pile: "C1", card: "QH", want: NeedKing, words: "a king"},
		{name: "an ace of a suit", game: "klondike", pile: "F4", card: "2H", want: NeedAce, words: "AH"},
		{name: "the base rank", game: "canfield", opts: Options{"classic": "true"}, pile: "F1", card: "AH", want: NeedBase, words: "a 5"},
		{name: "a rank of the pile before", game: "osmosis", piles: map[string]string{"F1": "9H"}, pile: "F2", card: "8S", want: NeedRankIn, words: "a card of a new suit whose rank is in F1"},
		{name: "only the deal", game: "klondike", pile: "W", card: "AH", want: NeedDealt, words: "nothing: only the deal fills it"},
		{name: "only taken from", game: "klondike", piles: map[string]string{"W": "3C"}, pile: "W", card: "2H", want: NeedNothing, words: "nothing: cards are only taken from it"},
		{name: "top face down", game: "klondike", piles: map[string]string{"C1": "5S 8D |"}, pile: "C1", card: "7C", want: NeedFaceDown, words: "nothing until its top card is turned up"},
		{name: "suit and rank of the pile before", game: "osmosis", piles: map[string]string{"F1": "9H 3H", "F2": "9S"}, pile: "F2", card: "5S", want: NeedSuitRankIn, words: "a spade whose rank is in F1"},
		{name: "follows", game: "klondike", piles: map[string]string{"C1": "9H"}, pile: "C1", card: "8H", want: NeedFollows, words: "a black 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			g.State.Base = 5
			i := g.Def.pileIndex(tt.pile)
			if i < 0 {
				t.Fatalf("no pile %s", tt.pile)
			}
			if got := g.need(i); got != tt.want {
				t.Fatalf("need(%s) = %d, want %d", tt.pile, got, tt.want)
			}
			if got := g.needs(i); got.String() != tt.words {
				t.Fatalf("needs(%s) = %q, want %q", tt.pile, got, tt.words)
			}
			if tt.card != "" && g.fits(i, card(t, tt.card), 1) {
				t.Fatalf("%s takes %s, which %q rules out", tt.pile, tt.card, tt.words)
			}
		})
	}
}
