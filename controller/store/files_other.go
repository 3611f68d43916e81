//go:build !unix

package store

import "io/fs"

// Elsewhere the open flags do not exist; the lstat and the check after opening remain.
const (
	noFollow = 0
	nonBlock = 0
)

// ownerOf: file owners are not uids here, so the owner is not checked.
func ownerOf(fs.FileInfo) (int, bool) { return 0, false }
