//go:build linux

package controller

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openPty opens a pseudo-terminal: the master, where a test types and reads, and the terminal
// the program is given (in cooked mode, echoing, as a terminal starts).
func openPty(t *testing.T) (master, tty *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("naming the pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	return m, tty
}

// TestDumbTerminal plays at a real terminal whose TERM is dumb (once, the prompt
// cleared the screen and readline redrew the line with cursor escapes, which such a terminal
// prints as text): not one escape code goes out, the terminal echoes the lines itself, and the
// prompt, the game's or a question's, is printed before each line is read.
func TestDumbTerminal(t *testing.T) {
	master, tty := openPty(t)
	defer master.Close()
	var out bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		io.Copy(&out, master) // ends when the terminal is closed (EIO)
	}()
	s := newTestSession(t, klondike1)
	s.ConfirmAbandon(true)
	if _, err := master.WriteString("draw\nrestart\nn\nquit\n"); err != nil {
		t.Fatal(err)
	}
	code := s.RunPrompt(tty, tty, tty, PromptOptions{Redraw: true, Dumb: true})
	tty.Close()
	wg.Wait()
	got := out.String()
	if code != ExitOK || s.Game.Moves() != 1 {
		t.Fatalf("exit %d, %d moves:\n%q", code, s.Game.Moves(), got)
	}
	if strings.Contains(got, "\x1b") {
		t.Errorf("an escape code was sent to a dumb terminal:\n%q", got)
	}
	for _, want := range []string{"klondike> ", "abandon Klondike seed 1, 1 move? [y/N] ", "kept the game in progress"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q is not shown:\n%q", want, got)
		}
	}
}
