//go:build !unix

package controller

import "time"

// keyPause does not wait where the terminal cannot be polled: the demo runs through.
func keyPause(in any, d time.Duration) func() bool { return nil }
