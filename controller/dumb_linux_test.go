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
	"time"

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

// TestNarrowTerminal plays at a real terminal 1 to 12 columns wide (issue 27, item 4: at 1, 2,
// 5 or 10 columns readline looped for ever as soon as a line was edited, and Ctrl-C and Ctrl-D
// did nothing): where the prompt does not fit, the terminal edits the line itself, and the
// prompt is printed before it; a line edited with the arrow keys, and quit, are read.
func TestNarrowTerminal(t *testing.T) {
	for _, cols := range []uint16{1, 2, 5, 10, 11, 12} {
		t.Run(fmt.Sprint(cols), func(t *testing.T) {
			master, tty := openPty(t)
			defer master.Close()
			if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: cols}); err != nil {
				t.Skipf("setting the terminal's size: %v", err)
			}
			var out bytes.Buffer
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				io.Copy(&out, master)
			}()
			s := newTestSession(t, klondike1)
			// dr, Left, Right, aw: "draw" however the line is edited; then quit.
			if _, err := master.WriteString("dr\x1b[D\x1b[Caw\rquit\r"); err != nil {
				t.Fatal(err)
			}
			done := make(chan int)
			go func() { done <- s.RunPrompt(tty, tty, tty, PromptOptions{Redraw: true}) }()
			var code int
			select {
			case code = <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("the prompt at %d columns still runs after 20 s", cols)
			}
			tty.Close()
			wg.Wait()
			if code != ExitOK || s.Game.Moves() != 1 {
				t.Fatalf("exit %d, %d moves:\n%q", code, s.Game.Moves(), out.String())
			}
		})
	}
}
