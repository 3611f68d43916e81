// Package store keeps games and statistics on disk safely: atomic writes, a backup of the
// previous version, and broken files moved aside rather than lost.
package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// Dir is a state folder: saves, the record of the last game, statistics and history.
type Dir struct {
	Path string
	now  func() time.Time
}

// Open makes sure the folder exists (mode 0700) and returns it.
func Open(path string) (*Dir, error) {
	if path == "" {
		return nil, errors.New("no state folder: give --state-dir or set SOLITAIRE_HOME")
	}
	if err := os.MkdirAll(path, 0o700); err != nil {
		return nil, fmt.Errorf("state folder %s: %w", path, err)
	}
	return &Dir{Path: path, now: time.Now}, nil
}

// Existing returns the folder if it exists, without creating it (for reading statistics in
// script mode, which writes nothing), or nil.
func Existing(path string) *Dir {
	if info, err := os.Stat(path); err != nil || !info.IsDir() {
		return nil
	}
	return &Dir{Path: path, now: time.Now}
}

// file is the full path of a file in the folder.
func (d *Dir) file(name string) string { return filepath.Join(d.Path, name) }

// createTemp is replaceable so tests can make a write fail half-way.
var createTemp = func(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }

// tempFile is the part of *os.File a write needs.
type tempFile interface {
	io.Writer
	Name() string
	Sync() error
	Close() error
	Chmod(os.FileMode) error
}

// WriteFile replaces path atomically with data: it writes a temporary file beside it with mode
// 0600, syncs it, keeps the old version as path.bak and renames the new one into place, so a
// crash or a second program never leaves a half-written file behind.
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := createTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := backup(path); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	done = true
	syncDir(dir)
	return nil
}

// backup keeps the current version of path as path.bak, itself replaced atomically, so the
// current file is never missing for a moment.
func backup(path string) error {
	info, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it is not a regular file (a folder?); move it away first", path)
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("keeping a backup of %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".bak-*")
	if err != nil {
		return fmt.Errorf("keeping a backup of %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err == nil {
		_, err = tmp.Write(old)
		if err == nil {
			err = tmp.Sync()
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), path+".bak")
		}
	}
	if err != nil {
		tmp.Close()
		return fmt.Errorf("keeping a backup of %s: %w", path, err)
	}
	return nil
}

func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// Quarantine moves a broken file aside under a new name that no other file has, never
// deleting or overwriting anything, and returns the new name.
func (d *Dir) Quarantine(path string) (string, error) {
	stamp := d.now().UTC().Format("20060102-150405")
	for i := 0; i < 100; i++ {
		aside := fmt.Sprintf("%s.broken-%s", path, stamp)
		if i > 0 {
			aside = fmt.Sprintf("%s.broken-%s-%d", path, stamp, i)
		}
		if _, err := os.Lstat(aside); errors.Is(err, os.ErrNotExist) {
			if err := os.Rename(path, aside); err != nil {
				return "", fmt.Errorf("moving %s aside: %w", path, err)
			}
			return aside, nil
		}
	}
	return "", fmt.Errorf("moving %s aside: too many broken copies already", path)
}

// locked runs fn holding an exclusive lock on the folder's lock file, so that two programs
// updating the same file one after the other do not lose each other's changes.
func (d *Dir) locked(fn func() error) error {
	l := flock.New(d.file(".lock"))
	if err := l.Lock(); err != nil {
		return fmt.Errorf("locking %s: %w", d.Path, err)
	}
	defer l.Unlock()
	return fn()
}

// maxFile bounds what is read from the state folder: a save is a few kilobytes.
const maxFile = 4 << 20

// readFile reads a file of the folder, refusing folders and oversized files.
func readFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, errors.New("it is a folder, not a file")
	}
	if info.Size() > maxFile {
		return nil, fmt.Errorf("it is too large (%d bytes) to be a save", info.Size())
	}
	return os.ReadFile(path)
}
