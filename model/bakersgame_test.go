package model

import (
	"strings"
	"testing"
)

// TestBakersGameRules: FreeCell's rules with the columns built down by suit.
func TestBakersGameRules(t *testing.T) {
	runRuleCases(t, "bakersgame", []ruleCase{
		{name: "builds by suit, not by colour", piles: with(map[string]string{"C1": "9H", "C2": "TS"}), op: mv("C1", "C2", 0),
			err: "9H cannot go to C2, which needs 9S"},
		{name: "the same suit goes", piles: with(map[string]string{"C1": "9S", "C2": "TS"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "TS 9S"}},
		{name: "a run in suit moves as one", piles: with(map[string]string{"C1": "9S 8S 7S", "C2": "TS"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "TS 9S 8S 7S"}},
		{name: "a run in alternating colours is no run", piles: with(map[string]string{"C1": "9S 8H", "C2": "TS"}), op: mv("C1", "C2", 2),
			err: "not a sequence that can move together"},
		{name: "a card to a free cell", piles: with(map[string]string{"C1": "9H"}), op: mv("C1", "R", 0), want: map[string]string{"R1": "9H", "C1": ""}},
		{name: "F alone picks the suit's foundation", piles: with(map[string]string{"C1": "2H", "F1": "AS", "F2": "AH"}), op: mv("C1", "F", 0),
			want: map[string]string{"F2": "AH 2H"}},
		{name: "an empty column takes any card", piles: map[string]string{"C1": "9H", "C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "9H"}},
		{name: "cards stay on the foundations", piles: with(map[string]string{"F1": "AS 2S"}), op: mv("F1", "R1", 0), err: "stay there"},
		{name: "unless asked", opts: Options{"no-foundation-return": "false"}, piles: with(map[string]string{"F1": "AS 2S"}), op: mv("F1", "R1", 0),
			want: map[string]string{"R1": "2S", "F1": "AS"}},
		{name: "kings only", opts: Options{"kings-only": "true"}, piles: map[string]string{"C1": "9S", "C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"},
			op: mv("C1", "C2", 0), err: "needs a king"},
	})
}

// TestBakersGameIsFreeCellBakers: the same deal as FreeCell's of that number, the same piles and
// rules as freecell bakers=true no-foundation-return=true, and bakers is no option of it.
func TestBakersGameIsFreeCellBakers(t *testing.T) {
	b, err := NewGame(Config{Game: "bakersgame", Deal: 617})
	if err != nil {
		t.Fatal(err)
	}
	f, err := NewGame(Config{Game: "freecell", Deal: 617, Options: Options{"bakers": "true", "no-foundation-return": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	if !b.State.Equal(&f.State) {
		t.Error("Baker's Game deal 617 is not FreeCell's deal 617")
	}
	if b.Def.FoundationReturn || f.Def.FoundationReturn {
		t.Error("cards come back from the foundations")
	}
	if len(b.Def.Piles) != len(f.Def.Piles) {
		t.Fatalf("%d piles, FreeCell bakers %d", len(b.Def.Piles), len(f.Def.Piles))
	}
	for i := range b.Def.Piles {
		if b.Def.Piles[i].Rule != f.Def.Piles[i].Rule || b.Def.Piles[i].Name != f.Def.Piles[i].Name {
			t.Errorf("pile %s: %+v, FreeCell bakers %+v", b.Def.Piles[i].Name, b.Def.Piles[i].Rule, f.Def.Piles[i].Rule)
		}
	}
	info, err := LookupGame("Baker's Game")
	if err != nil || info.Name != "bakersgame" {
		t.Errorf("Baker's Game names %v (%v)", info, err)
	}
	if _, err := info.Options([]Option{{"bakers", "true"}}); err == nil || !strings.Contains(err.Error(), "no option") {
		t.Errorf("bakers=true: %v, want no such option", err)
	}
}
