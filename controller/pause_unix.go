//go:build unix

package controller

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// keyPause waits d for a key on the terminal in, and reports whether none came (the demo goes
// on). The terminal is raw only while it waits, so the key needs no Enter and is not echoed;
// Ctrl-C is a key like any other there. Off a terminal it does not wait.
func keyPause(in any, d time.Duration) func() bool {
	f, ok := in.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	fd := int(f.Fd())
	return func() bool {
		old, err := term.MakeRaw(fd)
		if err != nil {
			time.Sleep(d)
			return true
		}
		defer term.Restore(fd, old)
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for deadline := time.Now().Add(d); ; {
			left := time.Until(deadline)
			if left <= 0 {
				return true
			}
			n, err := unix.Poll(fds, int(left.Milliseconds())+1)
			if err == unix.EINTR {
				continue
			}
			if err != nil || n == 0 {
				return err == nil
			}
			var b [16]byte
			unix.Read(fd, b[:]) // the key that stops the demo is not a command
			return false
		}
	}
}
