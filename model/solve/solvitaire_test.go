package solve

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"solitaire/model"
)

// Solvitaire (Blake and Gent's solver, docs/winnability.md) reads a deal as JSON: "tableau
// piles", "stock", "waste", "cells", "foundations" and "hole", each a list of cards bottom
// first (so the stock's last card is the next dealt, as ours), a card written as its rank (A,
// 2-10, J, Q, K) and its suit letter, lower case where the card lies face down. These tests
// write our deals in that form, so that its verdicts can be set beside ours deal by deal
// (docs/testing.md, "Beside Solvitaire").

// solvitaireCard is a card as Solvitaire reads it.
func solvitaireCard(c model.Card, down bool) string {
	rank := map[model.Rank]string{model.Ace: "A", model.Jack: "J", model.Queen: "Q", model.King: "K"}[c.Rank()]
	if rank == "" {
		rank = strconv.Itoa(int(c.Rank()))
	}
	suit := string(c.Suit().Letter())
	if down {
		suit = strings.ToLower(suit)
	}
	return rank + suit
}

// solvitaireDeal is g's position as Solvitaire's deal file. Golf's waste and Black Hole's
// foundation are its hole; an empty free cell is "" (Solvitaire takes a full row of cells).
func solvitaireDeal(g *model.Game) ([]byte, error) {
	out := map[string]any{}
	var tableau [][]string
	var found, cells []string
	for i, p := range g.State.Piles {
		spec := &g.Def.Piles[i]
		cards := []string{}
		for k, c := range p.Cards {
			cards = append(cards, solvitaireCard(c, k < p.Down && spec.Role == model.Tableau))
		}
		switch spec.Role {
		case model.Tableau:
			tableau = append(tableau, cards)
		case model.Stock:
			out["stock"] = cards
		case model.Waste:
			out["waste"] = cards
		case model.Foundation:
			found = append(found, cards...)
		case model.Cell:
			if len(cards) == 0 {
				cards = []string{""}
			}
			cells = append(cells, cards...)
		default:
			return nil, fmt.Errorf("pile %s: Solvitaire's deal files have no such pile", spec.Name)
		}
	}
	out["tableau piles"] = tableau
	if len(found) > 0 {
		out["foundations"] = found
	}
	if len(cells) > 0 {
		out["cells"] = cells
	}
	hole := map[string]string{"golf": "waste", "blackhole": "foundations"}[g.Name()]
	if hole != "" {
		list, _ := out[hole].([]string)
		if len(list) == 0 {
			return nil, fmt.Errorf("%s: no card to start the hole", g.Name())
		}
		out["hole"] = list[len(list)-1]
		delete(out, hole)
	}
	return json.Marshal(out)
}

// TestSolvitaireDeals writes deals as Solvitaire's deal files where SOLVITAIRE_DEALS is set,
// as DIR:GAME:A-B[:key=value,...] (the options as model.Options): DIR/GAME-SEED.json.
func TestSolvitaireDeals(t *testing.T) {
	spec := os.Getenv("SOLVITAIRE_DEALS")
	if spec == "" {
		t.Skip("set SOLVITAIRE_DEALS=DIR:GAME:A-B[:key=value,...] to write deals")
	}
	parts := strings.Split(spec, ":")
	if len(parts) < 3 {
		t.Fatalf("SOLVITAIRE_DEALS=%q: want DIR:GAME:A-B[:key=value,...]", spec)
	}
	dir, game := parts[0], parts[1]
	from, to, _ := strings.Cut(parts[2], "-")
	a, errA := strconv.Atoi(from)
	b, errB := strconv.Atoi(to)
	if errA != nil || errB != nil || a < 1 || b < a {
		t.Fatalf("SOLVITAIRE_DEALS: %q is not a range of seeds such as 1-100", parts[2])
	}
	opts := model.Options{}
	if len(parts) > 3 {
		for _, kv := range strings.Split(parts[3], ",") {
			k, v, _ := strings.Cut(kv, "=")
			opts[k] = v
		}
	}
	for seed := a; seed <= b; seed++ {
		cfg := model.Config{Game: game, Seed: uint64(seed), Options: opts}
		if game == "freecell" {
			cfg = model.Config{Game: game, Deal: int64(seed), Options: opts}
		}
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		data, err := solvitaireDeal(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.json", game, seed)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSolvitaireDeal: the deal files say what the game holds, pile for pile: the cards in
// their order, the stock's last card the next one dealt, face-down cards in lower case, Golf's
// and Black Hole's first card as the hole, free cells padded to a full row.
func TestSolvitaireDeal(t *testing.T) {
	cards := []struct {
		card model.Card
		down bool
		want string
	}{
		{model.NewCard(model.Ace, model.Spades), false, "AS"},
		{model.NewCard(10, model.Hearts), false, "10H"},
		{model.NewCard(7, model.Clubs), true, "7c"},
		{model.NewCard(model.King, model.Diamonds), false, "KD"},
		{model.NewCard(model.Queen, model.Clubs), false, "QC"},
		{model.NewCard(model.Jack, model.Hearts), true, "Jh"},
	}
	for _, tc := range cards {
		if got := solvitaireCard(tc.card, tc.down); got != tc.want {
			t.Errorf("solvitaireCard(%v, %v) = %q, want %q", tc.card, tc.down, got, tc.want)
		}
	}

	type deal struct {
		Tableau [][]string `json:"tableau piles"`
		Stock   []string   `json:"stock"`
		Waste   []string   `json:"waste"`
		Found   []string   `json:"foundations"`
		Cells   []string   `json:"cells"`
		Hole    string     `json:"hole"`
	}
	for _, tc := range []struct {
		game                 string
		opts                 model.Options
		columns, stock, down int // columns, stock cards, face-down cards in all
		found, cells, hole   bool
	}{
		{game: "fortythieves", columns: 10, stock: 64},
		{game: "spiderette", opts: model.Options{"any-deal": "true"}, columns: 7, stock: 24, down: 21},
		{game: "eightoff", columns: 8, cells: true},
		{game: "beleaguered", columns: 8, found: true},
		{game: "blackhole", columns: 17, hole: true},
		{game: "golf", columns: 7, stock: 16, hole: true},
	} {
		g, err := model.NewGame(model.Config{Game: tc.game, Seed: 3, Options: tc.opts})
		if err != nil {
			t.Fatal(err)
		}
		data, err := solvitaireDeal(g)
		if err != nil {
			t.Fatalf("%s: %v", tc.game, err)
		}
		var d deal
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatalf("%s: %v", tc.game, err)
		}
		if len(d.Tableau) != tc.columns || len(d.Stock) != tc.stock || (len(d.Found) > 0) != tc.found ||
			(len(d.Cells) > 0) != tc.cells || (d.Hole != "") != tc.hole {
			t.Errorf("%s: %d columns, %d stock cards, foundations %v, cells %v, hole %q; want %d, %d, %v, %v, a hole %v",
				tc.game, len(d.Tableau), len(d.Stock), d.Found, d.Cells, d.Hole, tc.columns, tc.stock, tc.found, tc.cells, tc.hole)
			continue
		}
		// Every card of the game once per deck, and the columns as the game holds them.
		var all []string
		down := 0
		for i, col := range d.Tableau {
			all = append(all, col...)
			p, _, ok := g.Pile(fmt.Sprintf("C%d", i+1))
			if !ok {
				t.Fatalf("%s: no C%d", tc.game, i+1)
			}
			for k, c := range p.Cards {
				if col[k] != solvitaireCard(c, k < p.Down) {
					t.Errorf("%s: C%d card %d is %q, want %v", tc.game, i+1, k+1, col[k], c)
				}
			}
			for _, c := range col {
				if c != strings.ToUpper(c) {
					down++
				}
			}
		}
		all = slices.Concat(all, d.Stock, d.Waste, d.Found, d.Cells)
		if d.Hole != "" {
			all = append(all, d.Hole)
		}
		all = slices.DeleteFunc(all, func(c string) bool { return c == "" })
		if want := 52 * g.Def.Decks; len(all) != want {
			t.Errorf("%s: %d cards, want %d", tc.game, len(all), want)
		}
		if down != tc.down {
			t.Errorf("%s: %d cards face down, want %d", tc.game, down, tc.down)
		}
		if tc.stock > 0 && tc.game != "spiderette" {
			// The stock's last card is the next one dealt.
			next := d.Stock[len(d.Stock)-1]
			if _, err := g.Apply(model.Draw{}); err != nil {
				t.Fatal(err)
			}
			w, _, _ := g.Pile("W")
			if got := solvitaireCard(w.Cards[len(w.Cards)-1], false); got != next {
				t.Errorf("%s: the stock's last card is %s, but a draw turns %s", tc.game, next, got)
			}
		}
	}
}
