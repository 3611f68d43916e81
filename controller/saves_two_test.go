package controller

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"solitaire/model"
	"solitaire/parser"
)

// sweeps reports whether the long sweeps run at their full size (SOLITAIRE_SWEEPS=1, which
// .ci/run sets; docs/testing.md).
func sweeps() bool { return os.Getenv("SOLITAIRE_SWEEPS") != "" }

// program is one solitaire at the prompt, with piped input, in a test: its own session and its
// own handle on the state folder, as a second process would have.
type program struct {
	s    *Session
	line int
}

// startProgram starts a program as cmd does: play klondike --seed N (resume false), or
// solitaire alone; take is --take-over.
func startProgram(t *testing.T, dir string, resume bool, seed uint64, take bool) *program {
	t.Helper()
	s := openSession(t, dir, resume, model.Config{Game: "klondike", Seed: seed}, take)
	if resume {
		s.claim() // as RunPrompt does when it starts
		s.settle()
	}
	return &program{s: s}
}

// do runs a line as the prompt does.
func (p *program) do(t *testing.T, line string) {
	p.line++
	p.s.runLine(p.line, line, func(parser.Command, Outcome) { p.s.afterCommand() })
}

// quit leaves as the prompt does, and returns the farewell.
func (p *program) quit() string {
	msg := p.s.farewell()
	p.s.release()
	return msg
}

var savedMsg = regexp.MustCompile(`^Saved: (.*), (\d+) moves?\.`)

// Two programs on one game, their commands, starts, take-overs and quits interleaved at random
// (issue 27, item 2: in 152 such runs, 17 resumed a board neither program ended on and 3 left
// the save broken): the next start always takes up the game of the last "Saved" message, with
// as many moves, and the save is never broken.
func TestTwoProgramsInterleaved(t *testing.T) {
	runs := 10
	if sweeps() {
		runs = 400
	}
	for run := range runs {
		rng := rand.New(rand.NewPCG(uint64(run), 27))
		dir := filepath.Join(t.TempDir(), "state")
		var progs [2]*program
		last, lastMoves := "", 0
		var log []string
		quit := func(i int) {
			msg := progs[i].quit()
			log = append(log, fmt.Sprintf("%c quits: %.60s", 'A'+i, msg))
			if m := savedMsg.FindStringSubmatch(msg); m != nil {
				last = m[1]
				fmt.Sscan(m[2], &lastMoves)
			} else if !strings.HasPrefix(msg, "NOT SAVED") {
				t.Fatalf("run %d: farewell %q", run, msg)
			}
			progs[i] = nil
		}
		for range 30 {
			i := rng.IntN(2)
			p := progs[i]
			if p == nil {
				resume, seed, take := rng.IntN(2) == 0, uint64(1+rng.IntN(3)), rng.IntN(3) == 0
				progs[i] = startProgram(t, dir, resume, seed, take)
				log = append(log, fmt.Sprintf("%c starts: resume %v seed %d take-over %v", 'A'+i, resume, seed, take))
				continue
			}
			switch r := rng.IntN(8); {
			case r == 0:
				quit(i)
			case r == 1:
				p.do(t, "undo")
			case r == 2:
				p.do(t, fmt.Sprintf("new seed=%d", 1+rng.IntN(3)))
			default:
				p.do(t, "draw")
			}
			log = append(log, fmt.Sprintf("%c: %s, %d moves", 'A'+i, p.s.describe(), p.s.Game.Moves()))
		}
		for i := range progs {
			if progs[i] != nil {
				quit(i)
			}
		}
		if last == "" {
			continue
		}
		r := startProgram(t, dir, true, 0, false)
		if w := r.s.TakeWarning(); strings.Contains(w, "cannot be used") {
			t.Fatalf("run %d: the save is broken: %s\n%s", run, w, strings.Join(log, "\n"))
		}
		if got := r.s.describe(); got != last || r.s.Game.Moves() != lastMoves {
			t.Fatalf("run %d: the last Saved was %s, %d moves; the next start took up %s, %d moves\n%s",
				run, last, lastMoves, got, r.s.Game.Moves(), strings.Join(log, "\n"))
		}
		r.quit()
	}
}
