package solve

import (
	"context"
	"maps"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// TestJamsDeals: the check applies where complete runs go home and the columns build down
// and move runs in order, whatever the suits and decks; not where single cards go home.
func TestJamsDeals(t *testing.T) {
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		{model.Config{Game: "spiderette"}, true},
		{model.Config{Game: "spiderette", Options: model.Options{"suits": "1", "keep-runs": "true"}}, true},
		{model.Config{Game: "spider"}, true},
		{model.Config{Game: "spider", Options: model.Options{"suits": "2", "any-deal": "true"}}, true},
		{model.Config{Game: "simplesimon"}, true},
		{model.Config{Game: "simplesimon", Options: model.Options{"runs-in-suit": "true"}}, true},
		{model.Config{Game: "spiderette", Options: model.Options{"home": "cards"}}, false}, // cards go home
		{model.Config{Game: "simplesimon", Options: model.Options{"home": "cards"}}, false},
		{model.Config{Game: "fortythieves"}, false}, // a waste
		{model.Config{Game: "klondike"}, false},
		{model.Config{Game: "yukon"}, false}, // any face-up card moves
		{model.Config{Game: "freecell"}, false},
	} {
		_, c, _ := dealBoard(t, tc.cfg)
		if c.jams != tc.want {
			t.Errorf("%s %v: jams %v, want %v", tc.cfg.Game, tc.cfg.Options, c.jams, tc.want)
		}
	}
}

// spideretteBoard is a Spiderette position of the columns and the stock given (bottom first,
// all face up unless a | divides them), and each suit none of them holds home.
func spideretteBoard(t *testing.T, cols map[string]string) (*model.Game, *board) {
	t.Helper()
	all := maps.Clone(cols)
	f := 1
	for _, s := range "SHDC" {
		held := false
		for _, col := range cols {
			for k := 1; k < len(col); k++ {
				held = held || col[k] == byte(s) && col[k-1] != ' '
			}
		}
		if !held {
			all["F"+string(rune('0'+f))] = suit(byte(s), 13, 1)
			f++
		}
	}
	return positionBoard(t, "spiderette position", "spiderette", all)
}

// TestJammed: hand-made Spiderette positions, most with the stock out. In the jam every card
// lies on a card one rank lower, under one it cannot leave for: each column's top wants a card
// buried in another column, and the king wants its queen, under itself, home first. Near
// ones are not jammed; those that are the engine's search proves lost.
func TestJammed(t *testing.T) {
	jam := map[string]string{
		"C1": "QS KS", "C2": "TS JS", "C3": "8S 9S", "C4": "6S 7S", "C5": "4S 5S", "C6": "2S 3S", "C7": "AS",
	}
	with := func(base, changes map[string]string) map[string]string {
		out := maps.Clone(base)
		maps.Copy(out, changes)
		return out
	}
	for _, tc := range []struct {
		name string
		cols map[string]string
		want bool
	}{
		{"the jam: no card can ever leave", jam, true},
		{"2S bared: the ace lands on it and C7 empties", with(jam, map[string]string{"C6": "3S 2S"}), false},
		{"8S bared: a run of cards lands in turn and C7 empties", with(jam, map[string]string{"C3": "9S 8S"}), false},
		{"the queen on the king: a run to carry", with(jam, map[string]string{"C1": "KS QS", "C2": "JS TS"}), false},
		{"the hearts left to deal: the check says nothing", with(jam, map[string]string{"S": suit('H', 1, 13) + " |"}), false},
	} {
		g, b := spideretteBoard(t, tc.cols)
		if !b.c.jams {
			t.Fatal("spiderette: jams is off")
		}
		if got := b.jammed(); got != tc.want {
			t.Errorf("%s: jammed %v, want %v", tc.name, got, tc.want)
		}
		if !tc.want {
			continue // not jammed is no claim that a win exists
		}
		if p := engineSearch(g, 200_000, 20*time.Second); !p.exhausted || p.won {
			t.Errorf("%s: jammed, but the engine's search: %s", tc.name, p.verdict())
		}
		// Jammed from the start, the position is answered before any search.
		if r, err := Solve(context.Background(), g, Options{}); err != nil || r.Status != Unsolvable || !r.Strand || r.States != 0 {
			t.Errorf("%s: solve says %v (%v), want unsolvable with no search", tc.name, r, err)
		}
	}
}

// TestJammedAreLost holds the check to the search without it: no position of a line that
// search wins is jammed, and of the positions random play comes to that the check jams, the
// search wins none (and proves some lost). Two-deck Spider has each card twice, one suit
// eight times.
func TestJammedAreLost(t *testing.T) {
	t.Parallel()
	type deal struct {
		game string
		opts model.Options
		seed uint64
	}
	deals := []deal{{"spiderette", nil, 1}, {"spiderette", nil, 28}, {"simplesimon", nil, 2}, {"spider", model.Options{"suits": "1"}, 1}}
	probes := 3
	if sweeps() {
		deals, probes = nil, 6
		for s := range uint64(25) {
			deals = append(deals, deal{"spiderette", nil, s + 1}, deal{"simplesimon", nil, s + 1},
				deal{"spiderette", model.Options{"keep-runs": "true", "suits": "2"}, s + 1})
		}
		for s := range uint64(8) {
			deals = append(deals, deal{"spider", model.Options{"suits": "1"}, s + 1}, deal{"spider", model.Options{"suits": "2"}, s + 1})
		}
	}
	var sum checkTally
	for _, d := range deals {
		cfg := model.Config{Game: d.game, Options: d.opts, Seed: d.seed}
		sum = sum.add(holdCheck(t, cfg, probes, 0x7A11, (*board).jammed, func(c *compiled) { c.jams = false }))
	}
	if sum.flagged == 0 || sum.lost == 0 || sum.won == 0 {
		t.Errorf("%+v: the test compares nothing", sum)
	}
	t.Logf("%d positions jammed, %d of them proved lost by the search without the check; %d lines won",
		sum.flagged, sum.lost, sum.won)
}

// TestRunHome: a card goes home from its spot only in a complete run of its suit: the higher
// cards under it in order and face up, each lower one on it or gone from its spot.
func TestRunHome(t *testing.T) {
	cards := func(s string) []byte {
		var out []byte
		for _, f := range strings.Fields(s) {
			c, err := model.ParseCard(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, byte(c))
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		col     string
		s, down int
		gone    string
		want    bool
	}{
		{"a whole run on its king", suit('S', 13, 1), 0, 0, "", true},
		{"the ace gone", suit('S', 13, 2), 0, 0, "AS", true},
		{"the ace still to come", suit('S', 13, 2), 0, 0, "", false},
		{"the ace of another suit gone", suit('S', 13, 2), 0, 0, "AH", false},
		{"a queen on its king", suit('S', 13, 1), 1, 0, "", true},
		{"a queen on the king face down", suit('S', 13, 1), 1, 1, "", false},
		{"a queen on another king", "KH " + suit('S', 12, 1), 1, 0, "", false},
		{"a king over its queen", "QS KS", 1, 0, "JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", false},
		{"the lower cards gone", "KS QS 5S", 1, 0, "JS TS 9S 8S 7S 6S 4S 3S 2S AS", true},
		{"a lower card neither on it nor gone", "KS QS 5S", 1, 0, "JS TS 9S 8S 7S 6S 4S 3S 2S", false},
	} {
		var gone uint64
		for _, x := range cards(tc.gone) {
			gone |= 1 << x
		}
		if got := runHome(cards(tc.col), tc.s, tc.down, gone); got != tc.want {
			t.Errorf("%s: runHome %v, want %v", tc.name, got, tc.want)
		}
	}
}
