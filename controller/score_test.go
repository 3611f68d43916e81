package controller

import (
	"strings"
	"testing"

	"solitaire/controller/store"
	"solitaire/model"
)

// TestScorePoints checks what a deal's score brings to the statistics in each scoring system.
func TestScorePoints(t *testing.T) {
	for _, tc := range []struct {
		scoring   string
		ante, end store.Points
	}{
		{"standard", store.Points{}, store.Points{Standard: 15, Scored: true}},
		{"vegas", store.Points{Vegas: -52}, store.Points{Vegas: 5}},
		{"none", store.Points{}, store.Points{}},
	} {
		g, err := model.NewGame(model.Config{Game: "klondike", Seed: 1, Options: model.Options{"scoring": tc.scoring}})
		if err != nil {
			t.Fatal(err)
		}
		// Seed 1: C4's ace of diamonds goes home and turns a card.
		if _, err := g.Apply(model.Move{From: model.PileRef{Kind: 'C', Index: 4}, To: model.PileRef{Kind: 'F'}}); err != nil {
			t.Fatal(err)
		}
		if got := antePoints(g); got != tc.ante {
			t.Errorf("%s: ante %+v, want %+v", tc.scoring, got, tc.ante)
		}
		if got := endPoints(g); got != tc.end {
			t.Errorf("%s: end %+v, want %+v", tc.scoring, got, tc.end)
		}
	}
}

// TestStatsTableScores checks the scores table: only variants with a score, a dash for none.
func TestStatsTableScores(t *testing.T) {
	st := store.Stats{Variants: map[string]store.Record{
		"klondike":               {Played: 3, Won: 1, BestScore: 625},
		"klondike scoring=vegas": {Played: 2, VegasTotal: -99},
		"freecell":               {Played: 1},
	}}
	out := StatsTable(st, "")
	for _, want := range []string{
		"\nscores                 best score vegas total\n",
		"\nklondike                      625           -\n",
		"\nklondike scoring=vegas          -        -$99\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Count(out, "freecell") != 1 {
		t.Errorf("freecell has a score line:\n%s", out)
	}
	if out := StatsTable(store.Stats{Variants: map[string]store.Record{"freecell": {Played: 1}}}, ""); strings.Contains(out, "scores") {
		t.Errorf("a scores table without scores:\n%s", out)
	}
}
