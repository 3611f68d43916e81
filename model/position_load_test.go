package model

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// lpFull is the position of g with every card named, face-down ones too: what a position file holds.
func lpFull(g *Game) Position {
	pos := g.Position()
	pos.Seed, pos.Deal, pos.Moves, pos.Won = 0, 0, 0, false
	for i := range pos.Piles {
		for k, c := range g.State.Piles[i].Cards {
			pos.Piles[i].Cards[k] = c.String()
		}
	}
	return pos
}

// lpVariants are the eight games, some with options that change their piles or rules.
var lpVariants = []struct {
	game string
	opts Options
}{
	{"klondike", nil},
	{"klondike", Options{"draw": "3", "open": "true"}},
	{"freecell", nil},
	{"freecell", Options{"cells": "2", "bakers": "true"}},
	{"canfield", nil},
	{"canfield", Options{"classic": "true"}},
	{"algerian", nil},
	{"algerian", Options{"pysol-layout": "true"}},
	{"natali", nil},
	{"osmosis", nil},
	{"osmosis", Options{"strict-start": "true", "peek": "true"}},
	{"fifteen", nil},
	{"fifteen", Options{"relaxed": "true"}},
	{"lapeau", nil},
	{"lapeau", Options{"done": "aces"}},
	{"lapeau", Options{"done": "none"}},
}

func lpName(game string, opts Options) string {
	name := game
	for _, k := range opts.Keys() {
		name += "," + k + "=" + opts[k]
	}
	return name
}

// lpSamePiles reports the first pile where two games differ, or "".
func lpSamePiles(a, b *Game) string {
	for i := range a.State.Piles {
		p, q := &a.State.Piles[i], &b.State.Piles[i]
		if p.Down != q.Down || cardsString(p.Cards) != cardsString(q.Cards) {
			return a.Def.Piles[i].Name + ": " + pileText(p) + " vs " + pileText(q)
		}
	}
	return ""
}

func TestLoadPositionDeals(t *testing.T) {
	for _, v := range lpVariants {
		for seed := uint64(1); seed <= 20; seed++ {
			dealt, err := NewGame(Config{Game: v.game, Seed: seed, Options: v.opts})
			if err != nil {
				t.Fatal(err)
			}
			pos := lpFull(dealt)
			g, err := LoadPosition(pos, nil)
			if err != nil {
				t.Fatalf("%s seed %d: %v", lpName(v.game, v.opts), seed, err)
			}
			if d := lpSamePiles(g, dealt); d != "" {
				t.Fatalf("%s seed %d: loaded piles differ at %s", lpName(v.game, v.opts), seed, d)
			}
			if g.State.Base != dealt.State.Base {
				t.Errorf("%s seed %d: base %d, want %d", lpName(v.game, v.opts), seed, g.State.Base, dealt.State.Base)
			}
			if g.Config.Seed != 0 || g.Config.Deal != 0 || g.Config.Game != v.game || !reflect.DeepEqual(g.Config.Options, dealt.Config.Options) {
				t.Errorf("%s: config %+v, want the game and options of %+v and no seed", lpName(v.game, v.opts), g.Config, dealt.Config)
			}
			if g.MoveCount() != 0 || g.CanUndo() != 0 || g.CanRedo() != 0 {
				t.Errorf("%s: a loaded game has history", lpName(v.game, v.opts))
			}
			// Round trip: the loaded game prints the position it was loaded from.
			want := dealt.Position()
			want.Seed, want.Deal = 0, 0
			if got := g.Position(); !reflect.DeepEqual(got, want) {
				t.Errorf("%s seed %d: Position()\n got %+v\nwant %+v", lpName(v.game, v.opts), seed, got, want)
			}
		}
	}
}

// TestLoadPositionReachable loads positions reached by random play: every one must load as it is.
func TestLoadPositionReachable(t *testing.T) {
	for _, v := range lpVariants {
		rng := rand.New(rand.NewPCG(7, 11))
		for seed := uint64(1); seed <= 6; seed++ {
			g, err := NewGame(Config{Game: v.game, Seed: seed, Options: v.opts})
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 150; step++ {
				ops := g.Legal()
				if len(ops) == 0 {
					break
				}
				if _, err := g.Apply(ops[rng.IntN(len(ops))]); err != nil {
					t.Fatalf("%s: %v", lpName(v.game, v.opts), err)
				}
				l, err := LoadPosition(lpFull(g), nil)
				if err != nil {
					t.Fatalf("%s seed %d after %v: %v\n%+v", lpName(v.game, v.opts), seed, g.History(), err, lpFull(g))
				}
				if d := lpSamePiles(l, g); d != "" || l.State.Base != g.State.Base {
					t.Fatalf("%s seed %d: loaded piles differ at %s (base %d vs %d)", lpName(v.game, v.opts), seed, d, l.State.Base, g.State.Base)
				}
			}
		}
	}
}

func TestLoadPositionRestart(t *testing.T) {
	dealt, _ := NewGame(Config{Game: "klondike", Seed: 3})
	g, err := LoadPosition(lpFull(dealt), nil)
	if err != nil {
		t.Fatal(err)
	}
	start := g.State.Clone()
	if _, err := g.Apply(Draw{}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(Restart{}); err != nil {
		t.Fatal(err)
	}
	if !g.State.Equal(&start) || g.Moves() != 0 {
		t.Errorf("restart does not return to the loaded position")
	}
}

func TestLoadPositionOverrides(t *testing.T) {
	dealt, _ := NewGame(Config{Game: "freecell", Deal: 1})
	pos := lpFull(dealt)
	g, err := LoadPosition(pos, []Option{{Key: "cells", Value: "2"}, {Key: "supermove", Value: "none"}})
	if err != nil {
		t.Fatal(err)
	}
	if g.Config.Options["cells"] != "2" || g.Config.Options["supermove"] != "none" || len(g.pilesOf(Cell)) != 2 {
		t.Errorf("overrides not applied: %v", g.Config.Options)
	}
	// The file's options apply unless overridden, and empty piles the game lacks (R4) are
	// ignored; game names are not case sensitive.
	pos.Game, pos.Options = "FreeCell", Options{"cells": "3"}
	if g, err = LoadPosition(pos, nil); err != nil {
		t.Fatal(err)
	}
	if len(g.pilesOf(Cell)) != 3 || g.Config.Options["supermove"] != "canonical" || g.Config.Game != "freecell" {
		t.Errorf("file options: %v", g.Config)
	}
	// A card in a cell that an override takes away is an unknown pile.
	pos = lpFull(dealt)
	lpMoveTop(&pos, "C8", "R3", 1)
	if _, err := LoadPosition(pos, []Option{{Key: "cells", Value: "2"}}); err == nil || err.Error() != "pile R3: freecell has no such pile; its piles are R1-R2, F1-F4, C1-C8" {
		t.Errorf("got %v", err)
	}
}

// lpRun is a run of one suit, e.g. lpRun(Spades, 1, 13) is AS..KS.
func lpRun(s Suit, from, to Rank) []string {
	var out []string
	for r := from; r <= to; r++ {
		out = append(out, NewCard(r, s).String())
	}
	return out
}

// lpHome is a won position: every card on the foundations, one suit each, in the order given.
func lpHome(game string, suits ...Suit) Position {
	pos := Position{Game: game}
	for i, s := range suits {
		pos.Piles = append(pos.Piles, PilePosition{Name: "F" + itoa(i+1), Cards: lpRun(s, Ace, King)})
	}
	return pos
}

// lpPile finds the named pile of a position, adding it if it is not there.
func lpPile(pos *Position, name string) *PilePosition {
	for i := range pos.Piles {
		if pos.Piles[i].Name == name {
			return &pos.Piles[i]
		}
	}
	pos.Piles = append(pos.Piles, PilePosition{Name: name})
	return &pos.Piles[len(pos.Piles)-1]
}

// lpMoveTop moves the top n cards of one pile of a position to another.
func lpMoveTop(pos *Position, from, to string, n int) {
	lpPile(pos, to) // added first: adding may move the piles
	f := lpPile(pos, from)
	cut := len(f.Cards) - n
	moved := append([]string(nil), f.Cards[cut:]...)
	f.Cards = f.Cards[:cut]
	t := lpPile(pos, to)
	t.Cards = append(t.Cards, moved...)
}

// lpTake removes the first card of a pile that ok accepts and returns it.
func lpTake(pos *Position, pile string, ok func(string) bool) string {
	p := lpPile(pos, pile)
	for k, c := range p.Cards {
		if ok(c) {
			p.Cards = append(p.Cards[:k:k], p.Cards[k+1:]...)
			p.FaceDown = min(p.FaceDown, len(p.Cards))
			return c
		}
	}
	panic("no such card in " + pile)
}

func TestLoadPositionErrors(t *testing.T) {
	klondikeHome := func() Position { return lpHome("klondike", Spades, Diamonds, Clubs, Hearts) }
	freecellHome := func() Position { return lpHome("freecell", Hearts, Spades, Clubs, Diamonds) }
	dealt := func(game string, seed uint64, opts Options) func() Position {
		return func() Position {
			g, err := NewGame(Config{Game: game, Seed: seed, Options: opts})
			if err != nil {
				panic(err)
			}
			return lpFull(g)
		}
	}
	tests := []struct {
		name   string
		base   func() Position
		change func(p *Position)
		want   string // the whole message
	}{
		{"no game", klondikeHome, func(p *Position) { p.Game = "" }, "the position names no game"},
		{"unknown game", klondikeHome, func(p *Position) { p.Game = "chess" },
			`unknown game "chess"; the games are: klondike, freecell, canfield, algerian, natali, fifteen, osmosis, lapeau, yukon, golf, tripeaks, pyramid, spider, spiderette, bakersgame, eightoff, seahaven, beleaguered, streets, fortythieves, simplesimon, blackhole, fan`},
		{"unknown option", freecellHome, func(p *Position) { p.Options = Options{"colour": "red"} },
			`freecell has no option "colour"; its options are: cells, supermove, bakers, kings-only, challenge, no-foundation-return, relaxed, autoplay`},
		{"bad option value", freecellHome, func(p *Position) { p.Options = Options{"cells": "9"} },
			`option cells: "9" is not a number from 0 to 4 (e.g. cells=0)`},
		{"unknown pile", freecellHome, func(p *Position) { lpMoveTop(p, "F1", "X9", 1) },
			"pile X9: freecell has no such pile; its piles are R1-R4, F1-F4, C1-C8"},
		{"unknown pile klondike", klondikeHome, func(p *Position) { lpMoveTop(p, "F1", "C8", 1) },
			"pile C8: klondike has no such pile; its piles are S, W, F1-F4, C1-C7"},
		{"odd pile name", klondikeHome, func(p *Position) { lpMoveTop(p, "F1", "c 1", 1) },
			`pile "c 1": klondike has no such pile; its piles are S, W, F1-F4, C1-C7`},
		{"pile names ignore case", klondikeHome, func(p *Position) { p.Piles[0].Name = "f1" }, ""},
		{"a covered card face down", dealt("tripeaks", 3, nil), func(p *Position) { lpPile(p, "P1").FaceDown = 1 }, ""},
		{"a bottom card face down", dealt("tripeaks", 3, nil), func(p *Position) { lpPile(p, "P19").FaceDown = 1 },
			"pile P19: face_down is 1, but a column holds no face-down cards in tripeaks"},
		{"an uncovered card face down", dealt("tripeaks", 3, nil), func(p *Position) {
			lpMoveTop(p, "P19", "W", 1)
			lpMoveTop(p, "P20", "W", 1)
			lpPile(p, "P10").FaceDown = 1
		}, "pile P10: face_down is 1, but nothing covers it, so its card is face up: leave face_down out or make it 0"},
		{"duplicate pile", klondikeHome, func(p *Position) {
			p.Piles = append(p.Piles, PilePosition{Name: "F1"})
		}, "pile F1 is listed twice"},
		{"not a card", klondikeHome, func(p *Position) { p.Piles[1].Cards[2] = "1X" },
			`pile F2, card 3: card "1X": unknown rank "1" (use A 2-9 T J Q K)`},
		{"hidden card", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "C7").Cards[0] = "??" },
			`pile C7, card 1: "??" hides a card; a position must name every card, face-down ones too`},
		{"missing and twice", klondikeHome, func(p *Position) { p.Piles[3].Cards[6] = "KS" },
			"the cards must be a whole deck of 52 cards, but there are 52; missing: 7H; twice: KS"},
		{"missing", klondikeHome, func(p *Position) { p.Piles[3].Cards = p.Piles[3].Cards[:12] },
			"the cards must be a whole deck of 52 cards, but there are 51; missing: KH"},
		{"many missing", klondikeHome, func(p *Position) { p.Piles = p.Piles[:1] },
			"the cards must be a whole deck of 52 cards, but there are 13; missing: AC, AD, AH, 2C, 2D, 2H, 3C, 3D, 3H, 4C, 4D, 4H and 27 more"},
		{"one deck in a two-deck game", freecellHome, func(p *Position) { p.Game = "natali" },
			"the cards must be two whole decks, every card twice (104 cards), but there are 52; missing: AC, AD, AH, AS, 2C, 2D, 2H, 2S, 3C, 3D, 3H, 3S and 40 more"},
		{"three of a card in a two-deck game", dealt("algerian", 1, nil), func(p *Position) {
			s := lpPile(p, "S")
			s.Cards[0] = s.Cards[1]
			s.FaceDown = 0
		}, "the cards must be two whole decks, every card twice (104 cards), but there are 104; missing: "},
		{"face_down negative", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "C3").FaceDown = -1 },
			"pile C3: face_down is -1, but the pile has 3 cards"},
		{"face_down too big", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "C3").FaceDown = 4 },
			"pile C3: face_down is 4, but the pile has 3 cards"},
		{"face_down on an empty pile", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "W").FaceDown = 1 },
			"pile W: face_down is 1, but the pile has 0 cards"},
		{"all face down in a column", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "C3").FaceDown = 3 },
			"pile C3: all 3 cards are face down, but the top card of a column turns face up by itself in klondike"},
		{"face_down on a freecell column", dealt("freecell", 1, nil), func(p *Position) { lpPile(p, "C2").FaceDown = 2 },
			"pile C2: face_down is 2, but a column holds no face-down cards in freecell"},
		{"face_down on a foundation", klondikeHome, func(p *Position) { p.Piles[0].FaceDown = 2 },
			"pile F1: face_down is 2, but a foundation holds no face-down cards in klondike"},
		{"face_down on the waste", dealt("klondike", 1, nil), func(p *Position) {
			lpMoveTop(p, "S", "W", 3)
			lpPile(p, "S").FaceDown = 0
			lpPile(p, "W").FaceDown = 1
		}, "pile W: face_down is 1, but a waste holds no face-down cards in klondike"},
		{"stock face_down left out", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "S").FaceDown = 0 }, ""},
		{"stock face up", dealt("klondike", 1, nil), func(p *Position) { lpPile(p, "S").FaceDown = 3 },
			"pile S: face_down is 3, but the cards of a stock are all face down: leave face_down out or make it 24"},
		{"algerian reserve face_down left out", dealt("algerian", 1, nil), func(p *Position) { lpPile(p, "R1").FaceDown = 0 }, ""},
		{"algerian reserve face_down wrong", dealt("algerian", 1, nil), func(p *Position) { lpPile(p, "R1").FaceDown = 1 },
			"pile R1: face_down is 1, but only the top card of a reserve is face up in algerian: leave face_down out or make it 3"},
		{"foundation of the wrong suit", klondikeHome, func(p *Position) { p.Piles[0].Name, p.Piles[3].Name = "F4", "F1" },
			"pile F1, card 1: AH cannot go to F1, which needs AS"},
		{"foundation out of order", klondikeHome, func(p *Position) {
			f := p.Piles[0].Cards
			f[1], f[2] = f[2], f[1]
		}, "pile F1, card 2: 3S cannot go to F1, which needs 2S"},
		{"foundation not starting with an ace", freecellHome, func(p *Position) {
			lpMoveTop(p, "F2", "C1", 13)
			lpMoveTop(p, "C1", "F2", 12)
		}, "pile F2, card 1: 2S cannot go to F2, which needs an ace"},
		{"foundation of mixed suits", freecellHome, func(p *Position) {
			lpMoveTop(p, "F2", "C1", 12)
			lpMoveTop(p, "F1", "C2", 12)
			lpMoveTop(p, "C2", "F2", 12)
			lpMoveTop(p, "C1", "F1", 12)
		}, "pile F1, card 2: 2S cannot go to F1, which needs 2H"},
		{"down foundation", dealt("algerian", 1, nil), func(p *Position) {
			lpPile(p, "F5").Cards = []string{lpPile(p, "C1").Cards[1]}
			lpPile(p, "C1").Cards = lpPile(p, "C1").Cards[:1]
		}, "pile F5, card 1: "},
		{"a cell with two cards", freecellHome, func(p *Position) { lpMoveTop(p, "F1", "R1", 2) },
			"pile R1: 2 cards, but a free cell holds at most 1 card in freecell"},
		{"a fifteen pile with five", dealt("fifteen", 1, nil), func(p *Position) { lpMoveTop(p, "C1", "C2", 1) },
			"pile C2: 5 cards, but a column holds at most 4 cards in fifteen"},
		{"lapeau aces-only done stack", dealt("lapeau", 1, Options{"done": "aces"}), func(p *Position) {
			p.Piles = []PilePosition{}
			for i, s := range []Suit{Spades, Hearts, Diamonds, Clubs} {
				p.Piles = append(p.Piles, PilePosition{Name: "F" + itoa(i+1), Cards: lpRun(s, Ace, King)})
			}
		}, "pile F1: 13 cards, but a foundation holds at most 1 card in lapeau"},
		{"classic canfield base", dealt("canfield", 1, Options{"classic": "true"}), func(p *Position) {
			base := lpPile(p, "F1").Cards[0][0]
			lpPile(p, "F2").Cards = []string{lpTake(p, "S", func(c string) bool { return c[0] != base })}
		}, "pile F2, card 1: "},
		{"classic canfield with no base card", dealt("canfield", 1, Options{"classic": "true"}), func(p *Position) {
			lpMoveTop(p, "F1", "C1", 1)
		}, "pile F1 is empty, but in canfield the deal puts the card that sets the foundations' base rank there"},
		{"canfield empty column", dealt("canfield", 1, nil), func(p *Position) { lpMoveTop(p, "C2", "C1", 1) },
			"pile C2 is empty, but R1 still has cards, and in canfield an empty column is filled from it at once"},
		{"canfield manual fill", dealt("canfield", 1, Options{"manual-fill": "true"}), func(p *Position) { lpMoveTop(p, "C2", "C1", 1) }, ""},
		{"osmosis second foundation of the same suit", dealt("osmosis", 1, nil), func(p *Position) {
			f1 := lpPile(p, "F1").Cards[0]
			lpPile(p, "F2").Cards = []string{lpTake(p, "S", func(c string) bool { return c[1] == f1[1] })}
		}, "pile F2, card 1: "},
		{"osmosis foundation before the one above", dealt("osmosis", 1, nil), func(p *Position) {
			f1 := lpPile(p, "F1").Cards[0]
			lpPile(p, "F3").Cards = []string{lpTake(p, "S", func(c string) bool { return c[0] == f1[0] })}
		}, "pile F3, card 1: "},
		{"osmosis rank not in the foundation above", dealt("osmosis", 1, nil), func(p *Position) {
			f1 := lpPile(p, "F1").Cards[0]
			lpPile(p, "F2").Cards = []string{
				lpTake(p, "S", func(c string) bool { return c[0] == f1[0] }),
				lpTake(p, "S", func(c string) bool { return c[0] != f1[0] && c[1] != f1[1] }),
			}
		}, "pile F2, card 2: "},
		{"osmosis with an empty first foundation", dealt("osmosis", 1, nil), func(p *Position) {
			lpMoveTop(p, "F1", "S", 1)
			lpPile(p, "S").FaceDown = 0
		},
			"pile F1 is empty, but in osmosis the deal puts the card that sets the foundations' base rank there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := tt.base()
			tt.change(&pos)
			_, err := LoadPosition(pos, nil)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tt.want == "":
			case err == nil:
				t.Errorf("no error, want %q", tt.want)
			case strings.HasSuffix(tt.want, ": ") && !strings.HasPrefix(err.Error(), tt.want):
				t.Errorf("got  %q\nwant %q...", err, tt.want)
			case !strings.HasSuffix(tt.want, ": ") && err.Error() != tt.want:
				t.Errorf("got  %q\nwant %q", err, tt.want)
			}
		})
	}
}
