//go:build unix

package store

import (
	"io/fs"
	"syscall"
)

// Open flags: no symbolic link followed in the last element, and no blocking on a named pipe.
const (
	noFollow = syscall.O_NOFOLLOW
	nonBlock = syscall.O_NONBLOCK
)

// ownerOf is the user id that owns a file.
func ownerOf(info fs.FileInfo) (int, bool) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid), true
	}
	return 0, false
}
