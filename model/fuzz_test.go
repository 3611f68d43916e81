package model

import (
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// fmtSlip matches what fmt writes for a verb gone wrong ("%!d(string=x)", "%!v(MISSING)",
// "%!(EXTRA int=1)"), not a bare "%!": an error may quote the input's own text, which may hold
// one (a card named "%!x").
var fmtSlip = regexp.MustCompile(`%!.?\((MISSING|EXTRA |NOVERB|BAD|[^)=\s]+=)`)

// FuzzPosition loads any JSON as a position: LoadPosition gives a clear error, or a game that
// obeys every rule of the random-play invariants (invariants_test.go) through some random play,
// whose position reads back as the same game.
func FuzzPosition(f *testing.F) {
	for _, v := range invVariants() {
		if len(v.opts) > 1 {
			continue
		}
		g, err := NewGame(Config{Game: v.game, Options: v.opts, Seed: 5})
		if err != nil {
			f.Fatal(err)
		}
		// The deal, and the board some moves on.
		f.Add(fuzzJSON(f, invFull(g)))
		for k := 0; k < 40; k++ {
			if legal := g.Legal(); len(legal) > 0 {
				g.Apply(legal[k*7%len(legal)])
			}
		}
		f.Add(fuzzJSON(f, invFull(g)))
	}
	for _, s := range []string{
		`{}`, `null`, `{"game": "klondike"}`, `{"game": "nope"}`, `{"game": " FreeCell "}`,
		`{"game": "freecell", "options": {"cells": "9"}}`, `{"game": "freecell", "options": {"bogus": "1"}}`,
		`{"game": "klondike", "piles": [{"name": "c1", "cards": ["AS"], "face_down": 2}]}`,
		`{"game": "klondike", "piles": [{"name": "S", "cards": ["AS", "2S"], "face_down": 1}]}`,
		`{"game": "osmosis", "piles": [{"name": "F2", "cards": ["AH"]}]}`,
		`{"game": "canfield", "options": {"classic": "true"}, "piles": [{"name": "F1"}]}`,
		`{"game": "lapeau", "options": {"done": "aces"}, "piles": [{"name": "F1", "cards": ["AS", "2S"]}]}`,
		`{"game": "fifteen", "piles": [{"name": "C1", "cards": ["AS", "AH", "AD", "AC", "2S"]}]}`,
		`{"game": "algerian", "piles": [{"name": "R1", "cards": ["AS", "2S"], "face_down": 0}]}`,
		`{"game": "klondike", "piles": [{"name": "C1", "cards": ["??"]}, {"name": "", "cards": []}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var pos Position
		if len(data) > 1<<16 || json.Unmarshal(data, &pos) != nil {
			t.Skip()
		}
		g, err := LoadPosition(pos, nil)
		if err != nil {
			msg := err.Error()
			if msg == "" || strings.Contains(msg, "\n") || fmtSlip.MatchString(msg) || !utf8.ValidString(msg) {
				t.Fatalf("error %q: want one line of text", msg)
			}
			return
		}
		h := fnv.New64a()
		h.Write(data)
		r := newInvRunAt(t, g, h.Sum64())
		r.hinted = true
		r.play(60)
	})
}

// invFull is g's position with every card named, face-down ones too.
func invFull(g *Game) Position {
	pos := g.Position()
	pos.Piles = append([]PilePosition(nil), pos.Piles...)
	for i := range pos.Piles {
		pos.Piles[i].Cards = make([]string, g.State.Piles[i].Len())
		for k, c := range g.State.Piles[i].Cards {
			pos.Piles[i].Cards[k] = c.String()
		}
	}
	return pos
}

func fuzzJSON(f *testing.F, pos Position) []byte {
	b, err := json.Marshal(pos)
	if err != nil {
		f.Fatal(err)
	}
	return b
}

// FuzzPositionEdit loads positions near the ones play reaches: a variant dealt and played for
// some random moves, then edited (cards moved between piles, swapped or replaced, face-down
// counts changed). LoadPosition refuses the edit with one line of text, or gives a game that
// keeps every invariant through random play. It reaches much further into the rules than
// FuzzPosition's raw JSON.
func FuzzPositionEdit(f *testing.F) {
	variants := invVariants()
	for i := range variants {
		f.Add(uint8(i), uint8(i*37), uint64(i+1), []byte{byte(i % 5), byte(i), byte(i * 3)})
	}
	f.Add(uint8(0), uint8(200), uint64(9), []byte{0, 0, 1, 1, 2, 3, 2, 4, 5})
	f.Fuzz(func(t *testing.T, variant, moves uint8, seed uint64, edits []byte) {
		v := variants[int(variant)%len(variants)]
		g, err := NewGame(Config{Game: v.game, Options: v.opts, Seed: seed | 1})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, uint64(moves)))
		for k := 0; k < int(moves); k++ {
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			// Play, not Apply: the same position, without the dead-end test after each move,
			// which cost a quarter of the time of an input.
			if _, err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		pos := invFull(g)
		ps := pos.Piles
		all := func(k int) (*PilePosition, int) { // the k-th card of the layout, counting round
			total := 0
			for i := range ps {
				total += len(ps[i].Cards)
			}
			k %= total
			for i := range ps {
				if k < len(ps[i].Cards) {
					return &ps[i], k
				}
				k -= len(ps[i].Cards)
			}
			return nil, 0
		}
		for k := 0; k+2 < len(edits) && k < 3*12; k += 3 {
			a, b := int(edits[k+1]), int(edits[k+2])
			pa, pb := &ps[a%len(ps)], &ps[b%len(ps)]
			switch edits[k] % 6 {
			case 0, 1: // the top card of one pile onto another
				if n := len(pa.Cards); n > 0 {
					pb.Cards = append(pb.Cards, pa.Cards[n-1])
					pa.Cards = pa.Cards[:n-1]
					pa.FaceDown = min(pa.FaceDown, n-1)
				}
			case 2: // two cards of the layout change places
				p, i := all(a)
				q, j := all(b)
				p.Cards[i], q.Cards[j] = q.Cards[j], p.Cards[i]
			case 3: // a face-down count from -1 to the pile's size
				pa.FaceDown = b%(len(pa.Cards)+2) - 1
			case 4: // a card replaced by another: one card twice, one missing
				if p, i := all(a); p != nil {
					p.Cards[i] = NewDeck(1)[b%52].String()
				}
			case 5: // the bottom card of one pile onto another
				if n := len(pa.Cards); n > 0 {
					pb.Cards = append(pb.Cards, pa.Cards[0])
					pa.Cards = pa.Cards[1:]
					pa.FaceDown = max(0, min(pa.FaceDown-1, n-1))
				}
			}
		}
		l, err := LoadPosition(pos, nil)
		if err != nil {
			msg := err.Error()
			if msg == "" || strings.Contains(msg, "\n") || fmtSlip.MatchString(msg) {
				t.Fatalf("error %q: want one line of text", msg)
			}
			return
		}
		// 30 commands of random play, where FuzzPosition plays 60: with the random moves before
		// the edit, 60 made an input cost over twice as much, and the target too slow for a
		// million inputs in under an hour on one core; more inputs, each played less, reach more.
		r := newInvRunAt(t, l, seed)
		r.hinted = seed%2 == 0
		r.play(30)
	})
}
