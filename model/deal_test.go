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

func TestMSDealOne(t *testing.T) {
	g, err := NewGame(Config{Game: "freecell", Deal: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"JD KD 2S 4C 3S 6D 6S", "2D KC KS 5C TD 8S 9C", "9H 9S 9D TS 4S 8D 2H", "JC 5S QD QH TH QS 6H",
		"5D AD JS 4H 8H 6C", "7H QC AS AC 2C 3D", "7C KH AH 4D JH 8C", "5H 3H 3C 7S 7D TC",
	}
	for i, w := range want {
		p, _, _ := g.Pile("C" + itoa(i+1))
		if got := cardsString(p.Cards); got != w {
			t.Errorf("deal 1 C%d = %s, want %s", i+1, got, w)
		}
	}
}
