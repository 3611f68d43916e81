package model

import "testing"

// TestHistoryRebuild plays a long game (several kept positions apart) and checks that every
// position of the history is rebuilt exactly by Back and recognised by Seen, and that undo and
// redo across kept positions land on the positions played.
func TestHistoryRebuild(t *testing.T) {
	g, err := NewGame(Config{Game: "klondike", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	trail := []State{g.State.Clone()}
	for i := 0; len(trail) < 5*snapEvery+7; i++ {
		var op Op = Draw{}
		if ms := g.Legal(); i%3 == 0 && len(ms) > 0 {
			op = ms[i%len(ms)]
		}
		if _, err := g.Play(op); err != nil {
			t.Fatalf("step %d: %s: %v", i, op, err)
		}
		trail = append(trail, g.State.Clone())
	}
	n := len(trail) - 1
	for k := 0; k <= n; k++ {
		b, ok := g.Back(k)
		if !ok || !b.State.Equal(&trail[n-k]) {
			t.Fatalf("Back(%d) is not the position %d steps back", k, k)
		}
		if !g.Seen(&trail[n-k]) {
			t.Fatalf("Seen misses the position %d steps back", k)
		}
	}
	other, _ := NewGame(Config{Game: "klondike", Seed: 4})
	if g.Seen(&other.State) {
		t.Error("Seen finds a position of another deal")
	}
	for _, u := range []int{1, snapEvery - 1, snapEvery, snapEvery + 1, 2*snapEvery + 5} {
		if _, err := g.Apply(Undo{N: u}); err != nil {
			t.Fatal(err)
		}
		if !g.State.Equal(&trail[n-u]) {
			t.Fatalf("undo %d is not the position %d steps back", u, u)
		}
		if _, err := g.Apply(Redo{N: u}); err != nil {
			t.Fatal(err)
		}
		if !g.State.Equal(&trail[n]) || g.CanUndo() != n {
			t.Fatalf("redo %d does not return to the last position", u)
		}
	}
}
