package solve

import (
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// TestStrandsDeals: the check applies where the stock is turned once, a card at a time, onto a
// waste, the columns move single cards (or the single moves a group is made of), and the
// foundations build up by suit from the ace and keep their cards.
func TestStrandsDeals(t *testing.T) {
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		{model.Config{Game: "fortythieves"}, true},
		{model.Config{Game: "klondike"}, false},                                        // redeals
		{model.Config{Game: "klondike", Options: model.Options{"passes": "1"}}, false}, // runs move
		{model.Config{Game: "freecell"}, false},                                        // no stock
		{model.Config{Game: "spiderette"}, false},                                      // runs home
		{model.Config{Game: "yukon"}, false},                                           // no stock
		{model.Config{Game: "golf"}, false},                                            // won on a waste built on
		{model.Config{Game: "canfield"}, false},                                        // a reserve
		{model.Config{Game: "canfield", Options: model.Options{"draw": "1"}}, false},   // a reserve
	} {
		if _, err := model.NewGame(tc.cfg); err != nil {
			continue // an option this game does not take: nothing to check
		}
		_, c, _ := dealBoard(t, tc.cfg)
		if c.strands != tc.want {
			t.Errorf("%s %v: strands %v, want %v", tc.cfg.Game, tc.cfg.Options, c.strands, tc.want)
		}
	}
}

// TestStrandedAreLost holds the check to the search without it: no position of a line that
// search wins is stranded, and of the positions random play from Forty Thieves deals comes to
// that the check strands, the search wins none (and proves some lost).
func TestStrandedAreLost(t *testing.T) {
	t.Parallel()
	seeds, probes := []uint64{1, 8, 12, 13}, 3 // three won at once, one not
	if sweeps() {
		seeds, probes = nil, 6
		for s := range uint64(40) {
			seeds = append(seeds, s+1)
		}
	}
	var sum checkTally
	for _, seed := range seeds {
		sum = sum.add(holdCheck(t, model.Config{Game: "fortythieves", Seed: seed}, probes, 0x5EED,
			(*board).stranded, func(c *compiled) { c.strands = false }))
	}
	if sum.flagged == 0 || sum.lost == 0 || sum.won == 0 || sum.fresh == 0 {
		t.Errorf("%+v: the test compares nothing", sum)
	}
	t.Logf("%d positions stranded, %d of them proved lost by the search without the check; %d lines won",
		sum.flagged, sum.lost, sum.won)
}

// ftBoard is a Forty Thieves position of the piles given (bottom first; the stock's cards
// are drawn last first), with every other card home: each suit's two foundations hold the
// copies the piles leave out, from the ace up.
func ftBoard(t *testing.T, piles map[string]string) (*model.Game, *board) {
	t.Helper()
	used := map[string]int{}
	for _, p := range piles {
		for _, f := range strings.Fields(strings.ReplaceAll(p, "|", " ")) {
			used[f]++
		}
	}
	all := map[string]string{}
	for name, p := range piles {
		all[name] = p
	}
	for k, s := range "CDHS" {
		var found [2][]string
		for r := 1; r <= 13; r++ {
			card := strings.Fields(suit(byte(s), r, r))[0]
			left := 2 - used[card]
			if left < 0 || r > 1 && left > 2-used[strings.Fields(suit(byte(s), r-1, r-1))[0]] {
				t.Fatalf("%s: the foundations cannot hold the copies left out", card)
			}
			for c := range left {
				found[c] = append(found[c], card)
			}
		}
		all[fmt.Sprintf("F%d", 2*k+1)] = strings.Join(found[0], " ")
		all[fmt.Sprintf("F%d", 2*k+2)] = strings.Join(found[1], " ")
	}
	return positionBoard(t, "forty thieves position", "fortythieves", all)
}

// TestStranded: hand-made Forty Thieves positions with the spades from the fives up and a few
// hearts and diamonds left out of the foundations. In the jam both fives lie in the waste
// under 6S, whose places to land (the 7s) lie under kings, and every column keeps a card
// that can never leave; near ones are not stranded.
func TestStranded(t *testing.T) {
	jam := map[string]string{
		"W": "5S 5S 6S", "C1": "7S KS", "C2": "7S KS", "C3": "QS 9S", "C4": "QS 9S", "C5": "TS 6S",
		"C6": "TS JS", "C7": "8S 8S JS", "C8": "QH KH", "C9": "TH JH", "C10": "TD JD QD KD",
	}
	with := func(changes map[string]string) map[string]string {
		out := maps.Clone(jam)
		for k, v := range changes {
			if v == "" {
				delete(out, k)
			} else {
				out[k] = v
			}
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		piles map[string]string
		want  bool
	}{
		{"the jam: no card can ever leave", jam, true},
		{"7S bared: 6S lands on it, the fives go home", with(map[string]string{"C1": "KS 7S"}), false},
		{"the waste's order: 6S under a five", with(map[string]string{"W": "5S 6S 5S"}), false},
		{"a 7S in the stock, drawn and put on an 8S bared", with(map[string]string{"C1": "KS", "S": "7S |", "C7": "JS 8S 8S"}), false},
		{"a 7S in the stock, no 8S bared", with(map[string]string{"C1": "KS", "S": "7S |"}), true},
		{"the diamonds go home from C10, which empties", with(map[string]string{"C10": "KD QD JD TD"}), false},
		{"KD on its queen, whose twin lies under KD's twin home", with(map[string]string{"C10": "TD JD KD QD"}), true},
	} {
		g, b := ftBoard(t, tc.piles)
		if got := b.stranded(); got != tc.want {
			t.Errorf("%s: stranded %v, want %v", tc.name, got, tc.want)
		}
		if !tc.want {
			continue // not stranded is no claim that a win exists
		}
		if p := engineSearch(g, 200_000, 20*time.Second); !p.exhausted || p.won {
			t.Errorf("%s: stranded, but the engine's search: %s", tc.name, p.verdict())
		}
	}
}
