package controller

import (
	"fmt"
	"strconv"
	"strings"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/view"
)

// antePoints is what the first move of a deal brings to the statistics: a Vegas deal pays its
// ante then, as the deal counts as played (help stats).
func antePoints(g *model.Game) store.Points {
	if g.Scoring() == model.ScoringVegas {
		return store.Points{Vegas: -model.VegasAnte}
	}
	return store.Points{}
}

// endPoints is what a deal's score brings to the statistics when it ends, won or given up: in
// Vegas the cards home (the ante was paid at the first move), in standard a candidate best score.
func endPoints(g *model.Game) store.Points {
	sc := g.Score()
	switch sc.System {
	case model.ScoringVegas:
		return store.Points{Vegas: sc.Points + model.VegasAnte}
	case model.ScoringStandard:
		return store.Points{Standard: sc.Points, Scored: true}
	}
	return store.Points{}
}

// vegasNote is the cumulative Vegas score for the status line: the total kept in the
// statistics and what this deal would add if it ended now. Empty outside Vegas and without a
// state folder (scripts count nothing).
func (s *Session) vegasNote() string {
	if !s.persist || s.Game.Scoring() != model.ScoringVegas {
		return ""
	}
	st, err := s.store.ReadStats()
	if err != nil {
		return ""
	}
	total := st.Variants[store.Variant(s.Game)].VegasTotal
	if s.progress.Counted && !s.progress.Recorded {
		total += endPoints(s.Game).Vegas
	}
	return "total " + view.Dollars(total)
}

// scoresTable adds the scores of the variants that keep one to the statistics: the best
// standard score and the Vegas total.
func scoresTable(b *strings.Builder, st store.Stats, names []string) {
	var scored []string
	for _, n := range names {
		if r := st.Variants[n]; r.BestScore != 0 || r.VegasTotal != 0 {
			scored = append(scored, n)
		}
	}
	if len(scored) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%-22s %10s %11s\n", "scores", "best score", "vegas total")
	for _, n := range scored {
		r := st.Variants[n]
		best, total := "-", "-"
		if r.BestScore != 0 {
			best = strconv.Itoa(r.BestScore)
		}
		if r.VegasTotal != 0 {
			total = view.Dollars(r.VegasTotal)
		}
		fmt.Fprintf(b, "%-22s %10s %11s\n", statsName(n), best, total)
	}
	b.WriteString("best score: unaided wins, standard scoring; vegas total: every Vegas deal\n")
}
