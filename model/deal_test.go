package model

import (
	"strings"
	"testing"
)

func cardsString(cs []Card) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

// rowsOf reads the columns of a FreeCell game across, a row at a time.
func rowsOf(g *Game) []string {
	var rows []string
	for r := 0; ; r++ {
		var row []string
		for i := 1; i <= 8; i++ {
			p, _, _ := g.Pile("C" + itoa(i))
			if r < len(p.Cards) {
				row = append(row, p.Cards[r].String())
			}
		}
		if len(row) == 0 {
			return rows
		}
		rows = append(rows, strings.Join(row, " "))
	}
}

func TestMicrosoftDeals(t *testing.T) {
	// The layouts Microsoft FreeCell shows for these deals, as published.
	tests := []struct {
		deal int64
		rows []string
	}{
		{1, []string{"JD 2D 9H JC 5D 7H 7C 5H", "KD KC 9S 5S AD QC KH 3H", "2S KS 9D QD JS AS AH 3C",
			"4C 5C TS QH 4H AC 4D 7S", "3S TD 4S TH 8H 2C JH 7D", "6D 8S 8D QS 6C 3D 8C TC", "6S 9C 2H 6H"}},
		{617, []string{"7D AD 5C 3S 5S 8C 2D AH", "TD 7S QD AC 6D 8H AS KH", "TH QC 3H 9D 6S 8D 3D TC",
			"KD 5H 9S 3C 8S 7H 4D JS", "4C QS 9C 9H 7C 6H 2C 2S", "4S TS 2H 5D JC 6C JH QH", "JD KS KC 4H"}},
	}
	for _, tt := range tests {
		g, err := NewGame(Config{Game: "freecell", Deal: tt.deal})
		if err != nil {
			t.Fatal(err)
		}
		if got := rowsOf(g); strings.Join(got, "/") != strings.Join(tt.rows, "/") {
			t.Errorf("deal %d:\n got %q\nwant %q", tt.deal, got, tt.rows)
		}
	}
}

func TestMSDealLargeNumbersAreWholeDecks(t *testing.T) {
	for _, n := range []int64{32001, 1_000_000, MaxMSDeal} {
		seen := map[Card]bool{}
		for _, c := range MSDeal(n) {
			seen[c] = true
		}
		if len(seen) != 52 {
			t.Errorf("deal %d has %d distinct cards", n, len(seen))
		}
	}
	if _, err := NewGame(Config{Game: "freecell", Deal: MaxMSDeal + 1}); err == nil {
		t.Error("deal above 2^31-1 accepted")
	}
	if _, err := NewGame(Config{Game: "klondike", Deal: 5}); err == nil {
		t.Error("klondike accepted a Microsoft deal number")
	}
}

// The seeded shuffle is a promise to players: these layouts must never change.
func TestSeededShuffleIsStable(t *testing.T) {
	got := cardsString(Shuffle(NewDeck(1), 1))
	const want = "5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D AH 4H TC 8H 9C 8D AD 4D QC 4C TH 9S KC KD " +
		"6H QH 3S JH 2D 2H TS 2C 7H KS 8S KH TD 7C 6D 4S JD AC AS 7S 2S 3D 8C JC 9H QD"
	if got != want {
		t.Fatalf("seed 1 shuffle changed:\n got %s\nwant %s", got, want)
	}
	two := cardsString(Shuffle(NewDeck(2), 42))
	if !strings.HasPrefix(two, "7C 2D 3C 8H 4D 6H QH 8D 2C 9D 8C 3H 2S 3S 7H 3S 5D 9C 6S TH") || len(strings.Fields(two)) != 104 {
		t.Fatalf("two-deck seed 42 shuffle changed: %s", two)
	}
	if got == cardsString(Shuffle(NewDeck(1), 2)) {
		t.Fatal("seeds 1 and 2 deal alike")
	}
}

func TestKlondikeDeal(t *testing.T) {
	g, err := NewGame(Config{Game: "klondike", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	deck := Shuffle(NewDeck(1), 7)
	// Row by row: the first seven cards are the bottoms of C1..C7.
	for i := 1; i <= 7; i++ {
		p, _, _ := g.Pile("C" + itoa(i))
		if p.Len() != i || p.Down != i-1 {
			t.Errorf("C%d: %d cards, %d down; want %d, %d", i, p.Len(), p.Down, i, i-1)
		}
		if p.Cards[0] != deck[i-1] {
			t.Errorf("C%d bottom = %s, want %s", i, p.Cards[0], deck[i-1])
		}
	}
	s, _, _ := g.Pile("S")
	if s.Len() != 24 || s.Down != 24 {
		t.Errorf("stock: %d cards, %d down", s.Len(), s.Down)
	}
	if s.Top() != deck[51] {
		t.Errorf("stock top %s, want the last card dealt %s", s.Top(), deck[51])
	}
	open, _ := NewGame(Config{Game: "klondike", Seed: 7, Options: Options{"open": "true"}})
	for i := 1; i <= 7; i++ {
		if p, _, _ := open.Pile("C" + itoa(i)); p.Down != 0 {
			t.Errorf("open deal: C%d has %d face down", i, p.Down)
		}
	}
}

func TestChallengeDealPutsAcesAndTwosDeepest(t *testing.T) {
	g, _ := NewGame(Config{Game: "freecell", Seed: 3, Options: Options{"challenge": "true"}})
	for i := 1; i <= 8; i++ {
		p, _, _ := g.Pile("C" + itoa(i))
		if r := p.Cards[0].Rank(); r > 2 {
			t.Errorf("C%d starts with %s, want an ace or a two", i, p.Cards[0])
		}
	}
}
