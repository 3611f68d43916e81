// Package store keeps games and statistics on disk safely: atomic writes, a backup of the
// previous version, and broken files moved aside rather than lost.
//
// The state folder is private: it is made with mode 0700, and a folder that other users could
// write, or that belongs to another user, is refused. In it only regular files are used: every
// file is checked with lstat, opened without following a symbolic link and without blocking
// (O_NOFOLLOW, O_NONBLOCK), checked again once open, and read with a size bound, so that a
// link, a named pipe or a device put in place of a file is refused at once.
package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gofrs/flock"
)

// Dir is a state folder: saves, the record of the last game, statistics and history.
type Dir struct {
	Path string
	now  func() time.Time
	read OpReader // reads a saved command's text (Decode)

	tracks   map[string]*track // the games saved or read, by name (journal.go)
	holds    map[string]*hold  // the games whose saves this program holds (hold.go)
	repaired map[string]string // what reading a game's files mended, by name (Repaired)
	last     string            // what last.json holds, once read or written
}

// UnsafeFolderError says the state folder is not private, and how to make it so.
type UnsafeFolderError struct {
	Path string
	Why  string // what is wrong
	Fix  string // what to do
}

func (e *UnsafeFolderError) Error() string {
	return fmt.Sprintf("the state folder %s is not safe to use: %s; %s", e.Path, e.Why, e.Fix)
}

// Open makes sure the folder exists (mode 0700) and is private, removes the temporary files a
// killed program left in it, and returns it; read reads the commands of its saves (Decode).
func Open(path string, read OpReader) (*Dir, error) {
	if path == "" {
		return nil, errors.New("no state folder: give --state-dir or set SOLITAIRE_HOME")
	}
	if err := os.MkdirAll(path, 0o700); err != nil {
		return nil, fmt.Errorf("state folder %s: %w", path, err)
	}
	if err := CheckFolder(path); err != nil {
		return nil, err
	}
	d := &Dir{Path: path, now: time.Now, read: read}
	d.removeTemps()
	return d, nil
}

// Existing returns the folder if it exists, without creating it (for reading statistics in
// script mode, which writes nothing): nil and no error if there is none, and an error if it
// is not safe to use.
func Existing(path string, read OpReader) (*Dir, error) {
	if info, err := os.Stat(path); err != nil || !info.IsDir() {
		return nil, nil
	}
	if err := CheckFolder(path); err != nil {
		return nil, err
	}
	return &Dir{Path: path, now: time.Now, read: read}, nil
}

// euid is the user the program runs as; tests replace it to play another user.
var euid = os.Geteuid

// CheckFolder refuses a state folder that another user could change: one that is not a
// folder, that group or others may write, or that belongs to another user. The folder may be
// reached through a symbolic link of the user's; what is checked is the folder itself.
func CheckFolder(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("state folder %s: %w", path, err)
	}
	if !info.IsDir() {
		return fmt.Errorf("state folder %s: it is not a folder", path)
	}
	if uid, ok := ownerOf(info); ok && uid != euid() {
		return &UnsafeFolderError{Path: path,
			Why: fmt.Sprintf("it belongs to another user (uid %d; you are uid %d), who could put links in it to your files", uid, euid()),
			Fix: "use a folder of your own (--state-dir DIR or SOLITAIRE_HOME), or have it given to you (chown)"}
	}
	if perm := info.Mode().Perm(); perm&0o022 != 0 {
		who := "others"
		switch {
		case perm&0o020 != 0 && perm&0o002 != 0:
			who = "its group and others"
		case perm&0o020 != 0:
			who = "its group"
		}
		return &UnsafeFolderError{Path: path,
			Why: fmt.Sprintf("%s may write in it (mode %04o), and could put links in it to your files", who, perm),
			Fix: fmt.Sprintf("make it yours alone with: chmod 700 %s", path)}
	}
	return nil
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

// ioError says what went wrong in words: a full disk is "the disk is full".
func ioError(what, path string, err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return fmt.Errorf("%s %s: disk full (%w); the previous version is kept", what, path, err)
	}
	return fmt.Errorf("%s %s: %w", what, path, err)
}

// WriteFile replaces path atomically with data: it writes a temporary file beside it with mode
// 0600, syncs it, keeps the old version as path.bak and renames the new one into place, so a
// crash or a second program never leaves a half-written file behind. A path that is not a
// regular file (a link, a folder, a named pipe) is never replaced. If the .bak cannot be
// written, nothing is replaced and the error says so.
func WriteFile(path string, data []byte) error {
	if err := replaceable(path); err != nil {
		return err
	}
	if err := backup(path); err != nil {
		return err
	}
	return Replace(path, data)
}

// written counts the bytes this program has written to files through the store.
var written atomic.Int64

// Written is how many bytes this program has written to files through the store so far (whole
// files, their .bak copies and appended lines), for measuring what saving costs.
func Written() int64 { return written.Load() }

// Replace is WriteFile without the .bak: it writes path atomically, mode 0600.
func Replace(path string, data []byte) error {
	return replaceFrom(path, bytes.NewReader(data))
}

// FolderError is a file that cannot be written because of its folder: it does not exist, is
// not a folder, or may not be written in. It names the folder, as the player knows it, and
// never the temporary file the write begins with.
type FolderError struct {
	Dir string
	Err error // the system's error, without the temporary file's name
}

func (e *FolderError) Error() string {
	switch {
	case errors.Is(e.Err, fs.ErrNotExist):
		return fmt.Sprintf("the folder %s does not exist", e.Dir)
	case errors.Is(e.Err, syscall.ENOTDIR):
		return fmt.Sprintf("there is no folder %s: a file stands in its path", e.Dir)
	case errors.Is(e.Err, fs.ErrPermission):
		return fmt.Sprintf("the folder %s may not be written in (permission denied)", e.Dir)
	}
	return fmt.Sprintf("the folder %s cannot be written in: %v", e.Dir, e.Err)
}

func (e *FolderError) Unwrap() error { return e.Err }

// templess is err without the name of the temporary file a write goes through (a *fs.PathError
// or an *os.LinkError of the rename names it): the player named another file, and a message
// with ".x.json.tmp-4139869775" in it only puzzles.
func templess(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// replaceFrom writes path atomically, mode 0600, with what r holds.
func replaceFrom(path string, r io.Reader) error {
	dir := filepath.Dir(path)
	tmp, err := createTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		// Creating the temporary file is the first touch of the folder: what fails here is
		// the folder's fault, and is said of it.
		return ioError("writing", path, &FolderError{Dir: dir, Err: templess(err)})
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(0o600); err != nil {
		return ioError("writing", path, templess(err))
	}
	n, err := io.Copy(tmp, r)
	written.Add(n)
	if err != nil {
		return ioError("writing", path, templess(err))
	}
	if err := tmp.Sync(); err != nil {
		return ioError("writing", path, templess(err))
	}
	if err := tmp.Close(); err != nil {
		return ioError("writing", path, templess(err))
	}
	if err := replaceable(path); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return ioError("writing", path, templess(err))
	}
	done = true
	syncDir(dir)
	return nil
}

// replaceable refuses to replace anything but a regular file (or nothing).
func replaceable(path string) error {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if errors.Is(err, syscall.ENOTDIR) {
		return ioError("writing", path, &FolderError{Dir: filepath.Dir(path), Err: templess(err)})
	}
	if err != nil {
		return ioError("writing", path, err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("writing %s: %s; it is left as it is: move it away", path, kindError(info.Mode()))
	}
	return nil
}

// backup keeps the current version of path as path.bak, itself replaced atomically, so the
// current file is never missing for a moment.
// The file is copied as it is, whatever its size: it is a regular file (checked without
// following a link), so it ends.
func backup(path string) error {
	f, err := openRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("keeping a backup of %s: %w", path, err)
	}
	defer f.Close()
	if err := replaceable(path + ".bak"); err != nil {
		return fmt.Errorf("keeping a backup of %s: %w", path, err)
	}
	if err := replaceFrom(path+".bak", f); err != nil {
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

// temporary matches the names of the temporary files WriteFile makes.
var temporary = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\..+\.tmp-[0-9]+$`) })

// removeTemps removes the temporary files that programs killed while writing left behind. It
// runs only when no program is writing in the folder (writers hold .writers shared), so a
// temporary file about to be renamed into place is never taken away.
func (d *Dir) removeTemps() {
	l, err := d.lockFile(".writers")
	if err != nil {
		return
	}
	defer l.Close()
	if ok, err := l.TryLock(); err != nil || !ok {
		return
	}
	defer l.Unlock()
	entries, err := os.ReadDir(d.Path)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && temporary().MatchString(e.Name()) {
			os.Remove(d.file(e.Name()))
		}
	}
}

// write replaces a file of the folder with WriteFile, holding .writers shared meanwhile.
func (d *Dir) write(name string, data []byte) error {
	return d.asWriter(func() error { return WriteFile(d.file(name), data) })
}

// asWriter runs f holding .writers shared, so that a program cleaning up the temporary files
// of killed programs (it takes .writers alone) never removes one being written.
func (d *Dir) asWriter(f func() error) error {
	l, err := d.lockFile(".writers")
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.RLock(); err != nil {
		return fmt.Errorf("locking %s: %w", l.Path(), err)
	}
	defer l.Unlock()
	return f()
}

// lockFile is a lock on a file of the folder, which must be a regular file or none.
func (d *Dir) lockFile(name string) (*flock.Flock, error) {
	path := d.file(name)
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("locking %s: %s", path, kindError(info.Mode()))
	}
	return flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR|noFollow|nonBlock)), nil
}

// Quarantine moves a broken file aside under a new name that no other file has, never
// deleting or overwriting anything, and returns the new name.
func (d *Dir) Quarantine(path string) (string, error) {
	aside, err := d.asideName(path)
	if err != nil {
		return "", fmt.Errorf("moving %s aside: %w", path, err)
	}
	if err := os.Rename(path, aside); err != nil {
		return "", fmt.Errorf("moving %s aside: %w", path, err)
	}
	return aside, nil
}

// asideName is a name no file has for a copy of path that could not be used:
// path.broken-YYYYMMDD-HHMMSS, with -1, -2 ... after it when that is taken.
func (d *Dir) asideName(path string) (string, error) {
	stamp := d.now().UTC().Format("20060102-150405")
	for i := 0; i < 100; i++ {
		aside := fmt.Sprintf("%s.broken-%s", path, stamp)
		if i > 0 {
			aside = fmt.Sprintf("%s.broken-%s-%d", path, stamp, i)
		}
		if _, err := os.Lstat(aside); errors.Is(err, os.ErrNotExist) {
			return aside, nil
		}
	}
	return "", errors.New("too many broken copies already")
}

// locked runs fn holding an exclusive lock on the folder's lock file, so that two programs
// updating the same file one after the other do not lose each other's changes.
func (d *Dir) locked(fn func() error) error {
	l, err := d.lockFile(".lock")
	if err != nil {
		return err
	}
	defer l.Close()
	if err := l.Lock(); err != nil {
		return fmt.Errorf("locking %s: %w", d.Path, err)
	}
	defer l.Unlock()
	return fn()
}

// MaxFile bounds what is read from the state folder's small files (last.json, stats.json);
// saves have their own limit, MaxSave.
const MaxFile = 4 << 20

// NotRegularError says a path is something other than a regular file: a symbolic link, a
// folder, a named pipe, a device or a socket. Such a path is never read, written or followed.
type NotRegularError struct{ Mode fs.FileMode }

func (e *NotRegularError) Error() string {
	switch {
	case e.Mode&fs.ModeSymlink != 0:
		return "it is a symbolic link, and solitaire does not follow links in place of its files"
	case e.Mode.IsDir():
		return "it is a folder, not a file"
	case e.Mode&fs.ModeNamedPipe != 0:
		return "it is a named pipe (FIFO), not a regular file"
	case e.Mode&fs.ModeDevice != 0:
		return "it is a device, not a regular file"
	case e.Mode&fs.ModeSocket != 0:
		return "it is a socket, not a regular file"
	}
	return "it is not a regular file"
}

func kindError(m fs.FileMode) error { return &NotRegularError{Mode: m} }

// ReadBounded reads a regular file of at most limit bytes. A symbolic link is not followed:
// the path is checked with lstat, opened with O_NOFOLLOW and O_NONBLOCK (so a named pipe
// cannot block the open), and checked again once open; anything but a regular file is a
// *NotRegularError. A file over the limit is an error, read no further than the limit.
func ReadBounded(path string, limit int64) ([]byte, error) {
	return readChecked(path, limit, true)
}

// ReadNamed is ReadBounded for a file the user named (load FILE, --position FILE): a symbolic
// link there is the user's own and is followed, but what it leads to must be a regular file.
func ReadNamed(path string, limit int64) ([]byte, error) {
	return readChecked(path, limit, false)
}

// openRegular opens a regular file for reading: lstat, then open without following a link or
// blocking, then fstat. Anything else is a *NotRegularError.
func openRegular(path string) (*os.File, error) { return openChecked(path, true) }

func openChecked(path string, noLinks bool) (*os.File, error) {
	stat, flags := os.Stat, os.O_RDONLY|nonBlock
	if noLinks {
		stat, flags = os.Lstat, flags|noFollow
	}
	info, err := stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, kindError(info.Mode())
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil {
		if info, lerr := os.Lstat(path); lerr == nil && noLinks && !info.Mode().IsRegular() {
			return nil, kindError(info.Mode()) // replaced by a link since the lstat
		}
		return nil, err
	}
	if info, err = f.Stat(); err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, kindError(info.Mode())
	}
	return f, nil
}

func readChecked(path string, limit int64, noLinks bool) ([]byte, error) {
	f, err := openChecked(path, noLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, &TooLargeError{Size: info.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Size: int64(len(data)), Limit: limit}
	}
	return data, nil
}

// TooLargeError says a file is over the size a reader accepts.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("it is too large (%d bytes; the limit is %d)", e.Size, e.Limit)
}

// readFile reads a file of the folder: a regular file, not a link, at most MaxFile bytes.
func readFile(path string) ([]byte, error) { return ReadBounded(path, MaxFile) }

// AppendFile adds data at the end of path, a regular file of the user's (made with mode 0600
// if there is none). A symbolic link is not followed and a named pipe does not block: anything
// but a regular file is refused. A file readable by others is made 0600 again.
func AppendFile(path string, data []byte) error { return appendTo(path, data, false) }

// appendWrite writes what appendTo adds; tests make it fail half-way, as a full disk does.
var appendWrite = func(f *os.File, data []byte) (int, error) { return f.Write(data) }

// appendTo is AppendFile, syncing the file to the disk when sync is set.
func appendTo(path string, data []byte, sync bool) error {
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("writing %s: %w", path, kindError(info.Mode()))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|noFollow|nonBlock, 0o600)
	if err != nil {
		if info, lerr := os.Lstat(path); lerr == nil && !info.Mode().IsRegular() {
			return fmt.Errorf("writing %s: %w", path, kindError(info.Mode()))
		}
		return ioError("writing", path, err)
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = kindError(info.Mode())
	}
	if err == nil && info.Mode().Perm() != 0o600 {
		err = f.Chmod(0o600)
	}
	if err == nil && len(data) > 0 {
		var n int
		n, err = appendWrite(f, data)
		written.Add(int64(n))
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return ioError("writing", path, err)
	}
	return nil
}

// Rewrite replaces a file of the folder atomically, mode 0600, keeping no .bak (the history).
func (d *Dir) Rewrite(name string, data []byte) error {
	return d.asWriter(func() error {
		if err := replaceable(d.file(name)); err != nil {
			return err
		}
		return Replace(d.file(name), data)
	})
}

// At is the folder at path as it is, without the checks of Open (which the caller has made);
// read reads the commands of its saves.
func At(path string, read OpReader) *Dir { return &Dir{Path: path, now: time.Now, read: read} }

// IsSaveFile reports whether path is a regular file that begins as a save does (the program
// writes the format name first). A link is not followed: it is a *NotRegularError, as are a
// folder, a named pipe and a device. Only the first bytes are read.
func IsSaveFile(path string) (bool, error) {
	f, err := openRegular(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return false, err
	}
	return looksLikeSave(head[:n]), nil
}

// looksLikeSave: the bytes, blanks aside, start with {"format":"solitaire-save".
func looksLikeSave(head []byte) bool {
	var b []byte
	for _, c := range head {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	want := `{"format":"` + SaveFormat + `"`
	return len(b) >= len(want) && string(b[:len(want)]) == want
}
