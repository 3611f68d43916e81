package solve

import (
	"flag"
	"os"
	"testing"
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
