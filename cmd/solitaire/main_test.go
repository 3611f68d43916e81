package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"solitaire/cmd"
)

// TestMain lets testscript run the real program as the command "solitaire".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"solitaire": func() { os.Exit(cmd.Run()) },
	})
}

// TestScripts pipes the command files under testdata/ into the program and checks its output.
func TestScripts(t *testing.T) {
	sweeps := os.Getenv("SOLITAIRE_SWEEPS") != ""
	testscript.Run(t, testscript.Params{
		Dir: "../../testdata",
		Setup: func(env *testscript.Env) error {
			// Frozen clock: transcripts show 0:00, so they do not depend on the machine's speed.
			env.Setenv("SOLITAIRE_CLOCK", "frozen")
			env.Setenv("SOLITAIRE_HOME", env.WorkDir+"/state")
			env.Setenv("NO_COLOR", "")
			// saves_kill.txtar kills the program this many times (6; 60 with the long sweeps;
			// docs/testing.md).
			kills := os.Getenv("SOLITAIRE_KILLS")
			if kills == "" && sweeps {
				kills = "60"
			}
			env.Setenv("SOLITAIRE_KILLS", kills)
			return nil
		},
		// [sweeps] runs a line only with the long sweeps (SOLITAIRE_SWEEPS=1, which .ci/run sets).
		Condition: func(cond string) (bool, error) {
			if cond == "sweeps" {
				return sweeps, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") == "1",
	})
}

// BenchmarkStartup runs the program as a process: start, deal, print the board, exit (target < 20 ms).
func BenchmarkStartup(b *testing.B) {
	for b.Loop() {
		c := exec.Command("solitaire", "play", "klondike", "--seed", "1", "--quiet")
		c.Stdin = strings.NewReader("")
		if out, err := c.CombinedOutput(); err != nil {
			b.Fatalf("%v: %s", err, out)
		}
	}
}
