package model

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestOptionsOver checks that a preset deals the same game whatever game it is typed in:
// the options of the game played (base) give way to what a preset given now implies.
func TestOptionsOver(t *testing.T) {
	canfield, _ := LookupGame("canfield")
	freecell, _ := LookupGame("freecell")
	classic := map[string]string{"classic": "true", "draw": "3", "no-foundation-return": "true"}
	cases := []struct {
		name  string
		info  *GameInfo
		base  Options
		pairs []Option
		want  map[string]string // the options checked; the rest are the defaults
	}{
		{"preset from defaults", canfield, nil, []Option{{Key: "classic"}}, classic},
		{"preset over draw 1 of a game played", canfield, mustOptions(t, canfield, nil), []Option{{Key: "classic", Value: "true"}}, classic},
		{"preset again over classic draw 1", canfield, mustOptions(t, canfield, []Option{{Key: "classic"}, {Key: "draw", Value: "1"}}),
			[]Option{{Key: "classic"}}, classic},
		{"explicit wins over preset", canfield, mustOptions(t, canfield, nil), []Option{{Key: "draw", Value: "1"}, {Key: "classic"}},
			map[string]string{"classic": "true", "draw": "1", "no-foundation-return": "true"}},
		{"preset off puts back defaults", canfield, mustOptions(t, canfield, []Option{{Key: "classic"}}), []Option{{Key: "classic", Value: "false"}},
			map[string]string{"classic": "false", "draw": "1", "no-foundation-return": "false"}},
		{"preset off keeps an option set apart", canfield, mustOptions(t, canfield, []Option{{Key: "classic"}, {Key: "passes", Value: "3"}}),
			[]Option{{Key: "classic", Value: "false"}}, map[string]string{"draw": "1", "passes": "3"}},
		{"base carried", canfield, mustOptions(t, canfield, []Option{{Key: "passes", Value: "3"}}), []Option{{Key: "superior"}},
			map[string]string{"passes": "3", "superior": "true", "manual-fill": "true"}},
		{"freecell relaxed implies supermove", freecell, mustOptions(t, freecell, []Option{{Key: "supermove", Value: "none"}}),
			[]Option{{Key: "relaxed"}}, map[string]string{"relaxed": "true", "supermove": "relaxed"}},
	}
	for _, c := range cases {
		got, err := c.info.OptionsOver(c.base, c.pairs)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s: %s=%s, want %s (all: %v)", c.name, k, got[k], v, got)
			}
		}
		// Typed in any game, the same pairs give the same options when the base is the defaults.
		if c.base == nil {
			fresh, _ := c.info.Options(c.pairs)
			if !reflect.DeepEqual(fresh, got) {
				t.Errorf("%s: OptionsOver(nil) %v, Options %v", c.name, got, fresh)
			}
		}
	}
}

// TestArgs checks that the options Args writes replay to the same options, for every game and
// preset with and without the options it implies changed back.
func TestArgs(t *testing.T) {
	for _, info := range Games() {
		sets := [][]Option{nil}
		for _, s := range info.Specs {
			if s.Implies == nil {
				continue
			}
			sets = append(sets, []Option{{Key: s.Key}})
			for k := range s.Implies {
				spec := info.Spec(k)
				sets = append(sets, []Option{{Key: s.Key}, {Key: k, Value: spec.Default}})
			}
		}
		for _, pairs := range sets {
			o := mustOptions(t, info, pairs)
			args := info.Args(o)
			again, err := info.Options(args)
			if err != nil || !reflect.DeepEqual(again, o) {
				t.Errorf("%s %v: Args %v replays to %v (%v), want %v", info.Name, pairs, args, again, err, o)
			}
		}
	}
	canfield, _ := LookupGame("canfield")
	got := canfield.Args(mustOptions(t, canfield, []Option{{Key: "classic"}, {Key: "draw", Value: "1"}}))
	want := []Option{{Key: "classic", Value: "true"}, {Key: "draw", Value: "1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("canfield classic draw=1: Args %v, want %v", got, want)
	}
}

func mustOptions(t *testing.T, info *GameInfo, pairs []Option) Options {
	t.Helper()
	o, err := info.Options(pairs)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestNumbering checks FreeCell's one numbering: a seed the player gives is the Microsoft deal
// of that number, while a seed that reaches NewGame directly (an old save's) still deals by
// the seed's shuffle, so that the save loads as the game it was.
func TestNumbering(t *testing.T) {
	freecell, _ := LookupGame("freecell")
	klondike, _ := LookupGame("klondike")
	cases := []struct {
		info       *GameInfo
		seed       uint64
		deal       int64
		wantSeed   uint64
		wantDeal   int64
		wantErrSub string
	}{
		{freecell, 617, 0, 0, 617, ""},
		{freecell, 0, 617, 0, 617, ""},
		{freecell, 617, 617, 0, 617, ""},
		{freecell, 1, 2, 0, 0, "seed 1 and deal 2 are two deals"},
		{freecell, MaxMSDeal + 1, 0, 0, 0, "deals are numbered 1 to 2147483647"},
		{freecell, 0, 0, 0, 0, ""},
		{klondike, 617, 0, 617, 0, ""},
	}
	for _, c := range cases {
		seed, deal, err := c.info.Numbering(c.seed, c.deal)
		switch {
		case c.wantErrSub != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErrSub) {
				t.Errorf("%s %d/%d: error %v, want %q", c.info.Name, c.seed, c.deal, err, c.wantErrSub)
			}
		case err != nil || seed != c.wantSeed || deal != c.wantDeal:
			t.Errorf("%s %d/%d: %d/%d %v, want %d/%d", c.info.Name, c.seed, c.deal, seed, deal, err, c.wantSeed, c.wantDeal)
		}
	}
	bySeed, err := NewGame(Config{Game: "freecell", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	byDeal, _ := NewGame(Config{Game: "freecell", Deal: 5})
	if bySeed.State.Equal(&byDeal.State) {
		t.Fatal("an old save's FreeCell seed 5 deals Microsoft deal 5: saves would load another game")
	}
	old := Shuffle(NewDeck(1), 5)
	if got := bySeed.State.Piles[len(bySeed.State.Piles)-8].Cards[0]; got != old[0] {
		t.Errorf("FreeCell seed 5 starts C1 with %s, want %s (the seed's shuffle)", got, old[0])
	}
}

// TestOptionErrorExamples: a refused value is an *OptionError whose example is written as the
// game's options are (draw=3) and, for the command line, as flags (--draw 3).
func TestOptionErrorExamples(t *testing.T) {
	for _, tc := range []struct {
		game, key, value string
		option, flag     string // the example in each form
	}{
		{"klondike", "draw", "2", "draw=3", "--draw 3"},
		{"freecell", "cells", "9", "cells=0", "--cells 0"},
		{"klondike", "passes", "none", "passes=3, passes=unlimited", "--passes 3, --passes unlimited"},
		{"canfield", "classic", "maybe", "classic=true", "--classic"},
		{"klondike", "draw", "", "draw=3", "--draw 3"},
	} {
		info, err := LookupGame(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		_, err = info.Options([]Option{{Key: tc.key, Value: tc.value}})
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Key != tc.key {
			t.Errorf("%s %s=%s: %v, want an OptionError of %s", tc.game, tc.key, tc.value, err, tc.key)
			continue
		}
		if want := "(e.g. " + tc.option + ")"; !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s %s=%s: %q, want it to end %q", tc.game, tc.key, tc.value, err, want)
		}
		if want := "(e.g. " + tc.flag + ")"; !strings.HasSuffix(oe.FlagMessage(), want) || !strings.HasPrefix(oe.FlagMessage(), oe.Err.Error()) {
			t.Errorf("%s --%s %s: %q, want the message ending %q", tc.game, tc.key, tc.value, oe.FlagMessage(), want)
		}
	}
}

// TestLookupGameAsWritten holds LookupGame to the spellings players use:
// case, blanks, hyphens and underscores do not count, in names and aliases alike; other
// letters do.
func TestLookupGameAsWritten(t *testing.T) {
	for typed, want := range map[string]string{
		"lapeau": "lapeau", "la peau": "lapeau", "La Peau": "lapeau", "la-peau": "lapeau",
		"LA_PEAU": "lapeau", " la  peau ": "lapeau", "Peau": "lapeau", "free cell": "freecell",
		"FreeCell": "freecell", "pile on": "fifteen", "Fifteen Puzzle": "fifteen",
		"fifteen_puzzle": "fifteen", "Klondike": "klondike",
	} {
		info, err := LookupGame(typed)
		if err != nil {
			t.Errorf("LookupGame(%q): %v", typed, err)
			continue
		}
		if info.Name != want {
			t.Errorf("LookupGame(%q) = %s, want %s", typed, info.Name, want)
		}
	}
	for _, typed := range []string{"la pea", "lapeaux", "klondike3", "", "la/peau"} {
		if info, err := LookupGame(typed); err == nil {
			t.Errorf("LookupGame(%q) = %s, want an error", typed, info.Name)
		} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", typed)) {
			t.Errorf("LookupGame(%q): %v, want the error to quote what was typed", typed, err)
		}
	}
}
