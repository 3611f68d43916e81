package model

import (
	"strings"
	"testing"
)

// Simple Simon's rules, one row each (help simplesimon): Spider's, on one open deck.
func TestSimpleSimonRules(t *testing.T) {
	runRuleCases(t, "simplesimon", []ruleCase{
		{name: "build down regardless of suit", piles: map[string]string{"C1": "5S", "C2": "6H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "6H 5S"}},
		{name: "a run of one suit moves whole", piles: map[string]string{"C1": "9H 8H 7H", "C2": "TS"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "TS 9H 8H 7H"}},
		{name: "a run of two suits does not", piles: map[string]string{"C1": "9S 8H 7H", "C2": "TC"}, op: mv("C1", "C2", 3),
			err: "not a run of one suit"},
		{name: "an empty column takes any card", piles: map[string]string{"C1": "4D 9H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "4D", "C2": "9H"}},
		{name: "a complete run goes home", piles: map[string]string{"C1": "5D " + strings.TrimSuffix(fullRun("C"), " AC"), "C2": "AC"},
			op: mv("C2", "C1", 0), want: map[string]string{"C1": "5D", "F1": fullRun("C")}},
		{name: "keep-runs: the player sends it", opts: Options{"keep-runs": "true"}, piles: map[string]string{"C1": "5D " + fullRun("C")},
			op: mv("C1", "F", 0), want: map[string]string{"C1": "5D", "F1": fullRun("C")}},
		{name: "no stock", op: Draw{}, err: "simplesimon has no stock"},
		{name: "home=cards: an ace goes home", opts: Options{"home": "cards"}, piles: map[string]string{"C1": "5D AC"},
			op: mv("C1", "F", 0), want: map[string]string{"C1": "5D", "F1": "AC"}},
		{name: "home=cards: a complete run stays", opts: Options{"home": "cards"}, piles: map[string]string{"C1": "5D " + strings.TrimSuffix(fullRun("C"), " AC"), "C2": "AC"},
			op: mv("C2", "C1", 0), want: map[string]string{"C1": "5D " + fullRun("C"), "F1": ""}},
		{name: "runs-in-suit: not a run on another suit", opts: Options{"runs-in-suit": "true"}, piles: map[string]string{"C1": "9H 8H", "C2": "TS"},
			op: mv("C1", "C2", 2), err: "a run of two or more cards goes only on a card of its own suit"},
		{name: "runs-in-suit: a run on its own suit", opts: Options{"runs-in-suit": "true"}, piles: map[string]string{"C1": "9H 8H", "C2": "TH"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "TH 9H 8H"}},
	})
}

func TestSimpleSimonDeal(t *testing.T) {
	g, err := NewGame(Config{Game: "simplesimon", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for c, n := range []int{8, 8, 8, 7, 6, 5, 4, 3, 2, 1} {
		if p, _, _ := g.Pile("C" + itoa(c+1)); p.Len() != n || p.Down != 0 {
			t.Errorf("C%d: %d cards, %d face down; want %d, none", c+1, p.Len(), p.Down, n)
		}
	}
}
