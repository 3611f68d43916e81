package model

import "testing"

func TestSolveFreeCellDeal(t *testing.T) {
	if testing.Short() {
		t.Skip("search")
	}
	g, _ := NewGame(Config{Game: "freecell", Deal: 1})
	ops, ok := Solve(g, 200000)
	if !ok {
		t.Fatal("no solution found for deal 1")
	}
	// Replaying the solution through Apply, the way a player would type it, must win.
	for _, op := range ops {
		if _, err := g.Apply(op); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
	}
	if !g.Won() {
		t.Fatal("the solution does not win")
	}
	t.Logf("%d commands", len(ops))
	for _, op := range ops {
		t.Log(op)
	}
}
