package solve

import (
	"context"
	"flag"
	"os"
	"testing"

	"solitaire/model"
)

// TestMain turns on engineCheck for the tests, so that every line any test's solve returns
// has been replayed through the engine and written as the engine writes it. Benchmarks run
// without it, as the program does.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		engineCheck = true
	}
	os.Exit(m.Run())
}

// sweeps reports whether the long sweeps run at their full size (SOLITAIRE_SWEEPS=1, which
// .ci/run sets): the verdict comparisons, the replays of every option set, perft and the bound
// checks. Without it each runs at a small size, so that go test ./... stays fast; docs/testing.md
// lists the sweeps and what each guards.
func sweeps() bool { return os.Getenv("SOLITAIRE_SWEEPS") != "" }

// solveDeal deals cfg and solves it under opt, failing the test on an error.
func solveDeal(t *testing.T, cfg model.Config, opt Options) (*model.Game, Result) {
	t.Helper()
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return g, r
}
