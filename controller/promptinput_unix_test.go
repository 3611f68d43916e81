//go:build unix

package controller

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// Ctrl-Z in piped input, or typed, never makes the program send SIGTSTP (readline's SuspendMe
// sends it to the program and to its parent, and both stop). Caught here, it would fail the test
// instead of stopping it.
func TestPromptNoSuspend(t *testing.T) {
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, syscall.SIGTSTP)
	defer signal.Stop(ch)
	for _, keys := range []bool{false, true} {
		end := "\n"
		if keys {
			end = "\r"
		}
		s, out := promptBytes(t, t.TempDir(), "\x1a"+end+"draw\x1a"+end+"\x1a\x1a\x1a"+end+"draw"+end, keys)
		want := 1 // piped: the lines with 0x1A are refused
		if keys {
			want = 2 // typed: Ctrl-Z does nothing
		}
		if s.Game.MoveCount() != want {
			t.Errorf("keys %v: %d moves\n%s", keys, s.Game.MoveCount(), out)
		}
	}
	select {
	case sig := <-ch:
		t.Fatalf("the prompt sent %v", sig)
	default:
	}
}
