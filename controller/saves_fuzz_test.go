package controller

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// saveCommands are the commands the saves fuzzer types: moves that are often legal in Klondike,
// draws, undo and redo of one or many steps, restart. Refused ones change nothing, as at the
// prompt.
var saveCommands = []string{
	"draw", "draw", "draw", "undo", "redo", "undo 3", "redo 9", "auto", "restart",
	"move W F", "move W C1", "move W C2", "move W C3", "move W C4", "move W C5", "move W C6", "move W C7",
	"move C1 F", "move C2 F", "move C3 F", "move C4 F", "move C5 F", "move C6 F", "move C7 F",
	"move C2 C1", "move C3 C2", "move C4 C3", "move C5 C4", "move C6 C5", "move C7 C6", "move C1 C7",
	"move C7 C1", "move C6 C2", "move C5 C3", "move C4 C5", "move C3 C6", "move C2 C7", "move C1 C4",
}

// savesRun is one run of the saves fuzzer: programs, one at a time, on one state folder, and
// what they acknowledged.
type savesRun struct {
	t     *testing.T
	dir   string
	p     *program
	acked map[uint64]bool // the positions some acknowledged command left the game in
	last  uint64          // the position the last acknowledged command left
	log   []string
}

// ack records the game in play as acknowledged: its board was shown after its save.
func (r *savesRun) ack() {
	h := r.p.s.Game.State.Hash()
	r.acked[h], r.last = true, h
}

// resume starts the next program, as `solitaire` does, and holds it to what was acknowledged:
// the game it takes up is one an acknowledged command left, and when it is not the last one,
// it says so.
func (r *savesRun) resume() {
	r.p = startProgram(r.t, r.dir, true, 0, false)
	warning := r.p.s.TakeWarning()
	h := r.p.s.Game.State.Hash()
	switch {
	case !r.acked[h]:
		r.t.Fatalf("the game taken up (%s, %d moves) is none an acknowledged command left; it said %q\n%s",
			r.p.s.describe(), r.p.s.Game.Moves(), warning, strings.Join(r.log, "\n"))
	case h != r.last && warning == "":
		r.t.Fatalf("the game taken up (%d moves) is not the last acknowledged one, and nothing says so\n%s",
			r.p.s.Game.Moves(), strings.Join(r.log, "\n"))
	}
	r.log = append(r.log, fmt.Sprintf("resumed at %d moves: %q", r.p.s.Game.Moves(), warning))
	r.ack()
}

// corrupt damages one of the game's two files as a disk or a person could: a byte changed, the
// file cut short (a journal within a line: cut at a line's end it is a shorter journal that
// holds together, which no checksum can tell from one written so), a blank line added.
func (r *savesRun) corrupt(which, how, at byte) {
	name := "klondike.json"
	if which%2 == 1 {
		name = "klondike.journal"
	}
	path := filepath.Join(r.dir, name)
	data, err := os.ReadFile(path)
	if err != nil || len(data) == 0 {
		return
	}
	off := int(at) * len(data) / 256
	switch how % 3 {
	case 0:
		data[off] ^= 1 << (at % 8)
		if data[off] == '\n' || data[off] == '\r' {
			data[off] = 'x' // a line split in two is a cut and a line that is not JSON: the same
		}
	case 1:
		if name == "klondike.journal" {
			// Within a line: neither just after a newline nor just before one (a whole line
			// without its newline checks, and is taken as whole: help saves).
			for off > 0 && (data[off-1] == '\n' || data[off] == '\n') {
				off--
			}
		}
		data = data[:off]
	case 2:
		data = append(data, '\n')
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		r.t.Fatal(err)
	}
	r.log = append(r.log, fmt.Sprintf("corrupted %s (%d at byte %d)", name, how%3, off))
}

// FuzzSaves is the saves' differential test: commands, kills, quits and corruption of either
// of a game's files, in any order. Whatever happens, the game taken up is the one some
// acknowledged command left, and when it is not the last one, the program says so (help saves:
// The journal).
func FuzzSaves(f *testing.F) {
	f.Add([]byte("\x00\x01\x02\x03\x0c\x00\x01\x0e\x01\x40\x0d"))
	f.Add([]byte("\x00\x00\x00\x05\x06\x0e\x00\x00\x80\x0b\x00\x0e\x01\x01\x80\x0d"))
	f.Add([]byte("\x00\x03\x04\x0e\x00\x02\x00\x00\x0e\x01\x02\x00"))
	f.Add([]byte("\x10\x21\x32\x43\x0e\x01\x00\xf0\x07\x08\x0e\x00\x01\x30"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 200 {
			t.Skip()
		}
		playSaves(t, data)
	})
}

// TestSavesAtRandom plays the saves fuzzer's game on random inputs, so that go test tries
// kills and damage at random too: 15 runs, 400 with SOLITAIRE_SWEEPS=1.
func TestSavesAtRandom(t *testing.T) {
	runs := 15
	if sweeps() {
		runs = 400
	}
	rng := rand.New(rand.NewPCG(27, 7))
	for run := range runs {
		data := make([]byte, 20+rng.IntN(100))
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		t.Run(fmt.Sprint(run), func(t *testing.T) { playSaves(t, data) })
	}
}

// playSaves plays one input of the saves fuzzer: each byte an operation, some followed by
// bytes that say which file to damage and how.
func playSaves(t *testing.T, data []byte) {
	r := &savesRun{t: t, dir: filepath.Join(t.TempDir(), "state"), acked: map[uint64]bool{}}
	r.p = startProgram(t, r.dir, false, 1, false)
	r.ack()
	for i := 0; i < len(data); i++ {
		next := func() byte {
			if i+1 < len(data) {
				i++
				return data[i]
			}
			return 0
		}
		switch op := data[i] % 16; op {
		case 11, 12: // killed: nothing more is written
			r.p.s.release()
			r.log = append(r.log, "killed")
			r.resume()
		case 13: // quit
			r.p.quit()
			r.log = append(r.log, "quit")
			r.resume()
		case 14: // killed, and a file damaged before the next start
			which, how, at := next(), next(), next()
			r.p.s.release()
			r.log = append(r.log, "killed")
			r.corrupt(which, how, at)
			r.resume()
		default:
			line := saveCommands[int(data[i]/16+op*16)%len(saveCommands)]
			r.p.do(t, line)
			if w := r.p.s.TakeWarning(); r.p.s.unsaved != nil || strings.Contains(w, "saved") {
				t.Fatalf("%q was not saved: %s\n%s", line, w, strings.Join(r.log, "\n"))
			}
			r.log = append(r.log, fmt.Sprintf("%s: %d moves", line, r.p.s.Game.Moves()))
			r.ack()
		}
	}
	r.p.quit()
	r.resume()
	r.p.quit()
}
