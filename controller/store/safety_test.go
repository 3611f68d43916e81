//go:build unix

package store

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"solitaire/model"
)

// within fails the test if fn does not return in time: a named pipe must never block.
func within(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { fn(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("still blocked after 5s")
	}
}

func TestOpenMakesAPrivateFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "state")
	if _, err := Open(path, readOp); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)
	if info.Mode().Perm() != 0o700 {
		t.Fatalf("state folder mode %04o", info.Mode().Perm())
	}
}

func TestOpenRefusesAFolderOthersCanWrite(t *testing.T) {
	for _, tc := range []struct {
		mode os.FileMode
		want string
	}{
		{0o777, "its group and others may write in it (mode 0777)"},
		{0o770, "its group may write in it (mode 0770)"},
		{0o703, "others may write in it (mode 0703)"},
	} {
		path := filepath.Join(t.TempDir(), "state")
		os.Mkdir(path, 0o700)
		os.Chmod(path, tc.mode)
		_, err := Open(path, readOp)
		var ue *UnsafeFolderError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "chmod 700 "+path) {
			t.Errorf("mode %04o: %v", tc.mode, err)
		}
		if _, err := Existing(path, readOp); !errors.As(err, &ue) {
			t.Errorf("Existing, mode %04o: %v", tc.mode, err)
		}
	}
	path := filepath.Join(t.TempDir(), "state")
	os.Mkdir(path, 0o755) // readable by others is not a risk to the files
	if _, err := Open(path, readOp); err != nil {
		t.Errorf("mode 0755: %v", err)
	}
}

func TestOpenRefusesAFolderOfAnotherUser(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	os.Mkdir(path, 0o700)
	if _, ok := ownerOf(mustStat(t, path)); !ok {
		t.Skip("no file owners here")
	}
	me := euid
	defer func() { euid = me }()
	euid = func() int { return me() + 1 } // as if the folder belonged to someone else
	_, err := Open(path, readOp)
	var ue *UnsafeFolderError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "belongs to another user") || !strings.Contains(err.Error(), "--state-dir") {
		t.Fatalf("a folder of another user: %v", err)
	}
	if d, err := Existing(path, readOp); d != nil || err == nil {
		t.Fatal("Existing took a folder of another user")
	}
}

func mustStat(t *testing.T, path string) os.FileInfo {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// A named pipe in place of a save, last.json or stats.json is refused at once and left as it is.
func TestNamedPipesAreRefusedAtOnce(t *testing.T) {
	d := newDir(t)
	for _, name := range []string{"klondike.json", "last.json", "stats.json"} {
		if err := syscall.Mkfifo(d.file(name), 0o600); err != nil {
			t.Skip("no named pipes here:", err)
		}
	}
	within(t, func() {
		_, _, err := d.ReadGame("klondike")
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("ReadGame: %v", err)
		}
		if _, err := d.ReadLast(); err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("ReadLast: %v", err)
		}
		if _, err := d.ReadStats(); err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("ReadStats: %v", err)
		}
		if err := d.WriteGame(played(t), Progress{}); err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("WriteGame over a pipe: %v", err)
		}
		if err := d.Record("klondike", Played, 0, 0); err == nil {
			t.Error("Record wrote over a pipe")
		}
	})
	for _, name := range []string{"klondike.json", "last.json", "stats.json"} {
		if info, err := os.Lstat(d.file(name)); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s was moved or replaced", name)
		}
	}
}

// A link to /dev/zero is not followed (it once read 3.4 GB), and a link to a file of the user's
// is neither read nor written through.
func TestLinksAreNotFollowed(t *testing.T) {
	d := newDir(t)
	if err := os.Symlink("/dev/zero", d.file("klondike.json")); err != nil {
		t.Skip(err)
	}
	victim := filepath.Join(t.TempDir(), "bashrc")
	os.WriteFile(victim, []byte("precious\n"), 0o600)
	os.Symlink(victim, d.file("last.json"))
	os.Symlink(victim, d.file("freecell.json.bak"))
	within(t, func() {
		_, _, err := d.ReadGame("klondike")
		if err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("ReadGame of a link to /dev/zero: %v", err)
		}
		if _, err := d.ReadLast(); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("ReadLast of a link: %v", err)
		}
	})
	g := played(t)
	if err := d.WriteGame(g, Progress{}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("WriteGame over a link: %v", err)
	}
	fc, _ := model.NewGame(model.Config{Game: "freecell", Deal: 1})
	d.WriteGame(fc, Progress{})
	fc, _ = model.NewGame(model.Config{Game: "freecell", Deal: 2}) // written whole, with a .bak
	if err := d.WriteGame(fc, Progress{}); err == nil || !strings.Contains(err.Error(), "keeping a backup") {
		t.Errorf("a .bak that is a link: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Fatalf("the file behind the link was changed: %q", b)
	}
	if info, _ := os.Lstat(d.file("klondike.json")); info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was moved or replaced")
	}
}

// A failed .bak write is an error, and the save is not replaced.
func TestBackupFailureIsReported(t *testing.T) {
	d := newDir(t)
	g := played(t)
	if err := d.WriteGame(g, Progress{}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(d.file("klondike.json"))
	old := createTemp
	defer func() { createTemp = old }()
	createTemp = func(dir, pattern string) (tempFile, error) {
		if strings.Contains(pattern, ".bak.tmp-") {
			return nil, &os.PathError{Op: "open", Path: dir, Err: syscall.ENOSPC}
		}
		return os.CreateTemp(dir, pattern)
	}
	err := d.WriteGame(played(t), Progress{}) // a new deal: written whole, with a .bak
	if err == nil || !strings.Contains(err.Error(), "keeping a backup") || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("a failed .bak write: %v", err)
	}
	if after, _ := os.ReadFile(d.file("klondike.json")); !bytes.Equal(before, after) {
		t.Fatal("the save was replaced although its .bak could not be written")
	}
}

func TestDiskFullSaysSo(t *testing.T) {
	d := newDir(t)
	g := played(t)
	d.WriteGame(g, Progress{})
	before, _ := os.ReadFile(d.file("klondike.json"))
	old := createTemp
	defer func() { createTemp = old }()
	createTemp = func(dir, pattern string) (tempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		return &enospcFile{f}, err
	}
	err := d.WriteGame(played(t), Progress{}) // a new deal: a checkpoint, the files written whole
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), "previous version is kept") {
		t.Fatalf("a full disk: %v", err)
	}
	if after, _ := os.ReadFile(d.file("klondike.json")); !bytes.Equal(before, after) {
		t.Fatal("a failed write changed the save")
	}
}

type enospcFile struct{ *os.File }

func (f *enospcFile) Write(p []byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

// Temporary files that killed programs left are removed when the folder is next opened, but
// not while another program is writing.
func TestLeftoverTemporaryFilesAreRemoved(t *testing.T) {
	d := newDir(t)
	d.WriteGame(played(t), Progress{})
	d.WriteGame(played(t), Progress{})
	left := []string{".klondike.json.tmp-123", ".stats.json.tmp-4", ".klondike.json.bak.tmp-99", ".history.tmp-7"}
	for _, n := range left {
		os.WriteFile(d.file(n), []byte("x"), 0o600)
	}
	keep := []string{"klondike.json", "klondike.json.bak", "last.json", "notes.tmp-1", ".tmp-1"}
	os.WriteFile(d.file("notes.tmp-1"), nil, 0o600)
	os.WriteFile(d.file(".tmp-1"), nil, 0o600)

	// Another program is writing: nothing is removed.
	l, _ := d.lockFile(".writers")
	if err := l.RLock(); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(d.Path, readOp); err != nil {
		t.Fatal(err)
	}
	for _, n := range left {
		if _, err := os.Lstat(d.file(n)); err != nil {
			t.Errorf("%s was removed while another program wrote", n)
		}
	}
	l.Unlock()
	l.Close()

	if _, err := Open(d.Path, readOp); err != nil {
		t.Fatal(err)
	}
	for _, n := range left {
		if _, err := os.Lstat(d.file(n)); err == nil {
			t.Errorf("%s is still there", n)
		}
	}
	for _, n := range keep {
		if _, err := os.Lstat(d.file(n)); err != nil {
			t.Errorf("%s was removed", n)
		}
	}
}

// A deal's once-a-deal events are counted once, however often they are recorded: a program
// killed after writing the statistics and before the save records them again on resume.
func TestDealEventsCountOnce(t *testing.T) {
	d := newDir(t)
	for range 3 {
		for _, e := range []Event{Played, Won, HintUsed} {
			if err := d.RecordDeal("klondike", "deal-1", e, 80, time.Minute); err != nil {
				t.Fatal(err)
			}
		}
	}
	d.RecordDeal("klondike", "deal-2", Played, 0, 0)
	d.RecordDeal("klondike", "", Played, 0, 0) // no id: counted every time, as before
	st, _ := d.ReadStats()
	r := st.Variants["klondike"]
	if r.Played != 3 || r.Won != 1 || r.Hints != 3 || r.Streak != 1 {
		t.Fatalf("counted %+v", r)
	}
	for i := range keepDeals + 10 {
		d.RecordDeal("freecell", string(rune('a'+i%26))+strings.Repeat("x", i), Played, 0, 0)
	}
	st, _ = d.ReadStats()
	if len(st.Deals) != keepDeals || st.Variants["freecell"].Played != keepDeals+10 {
		t.Fatalf("%d deals kept, %d played", len(st.Deals), st.Variants["freecell"].Played)
	}
}

func TestAppendFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "history")
	os.WriteFile(path, []byte("draw\n"), 0o644)
	os.Chmod(path, 0o644)
	if err := AppendFile(path, []byte("undo\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "draw\nundo\n" || mustStat(t, path).Mode().Perm() != 0o600 {
		t.Fatalf("%q, mode %04o", b, mustStat(t, path).Mode().Perm())
	}
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("x"), 0o600)
	link := filepath.Join(dir, "link")
	os.Symlink(victim, link)
	if err := AppendFile(link, []byte("y")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("append through a link: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "x" {
		t.Fatal("appended through a link")
	}
}

func TestIsSaveFile(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.json")
	os.WriteFile(save, Encode(played(t), Progress{}).Marshal(), 0o600)
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("my notes"), 0o600)
	if ok, err := IsSaveFile(save); !ok || err != nil {
		t.Errorf("a save: %v %v", ok, err)
	}
	if ok, err := IsSaveFile(notes); ok || err != nil {
		t.Errorf("notes: %v %v", ok, err)
	}
	if _, err := IsSaveFile(dir); err == nil {
		t.Error("a folder is a save")
	}
}

// The .bak of a file larger than what is read back is still kept: it is copied, not read whole.
func TestBackupOfALargeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	big := bytes.Repeat([]byte("x"), MaxFile+1000)
	os.WriteFile(path, big, 0o600)
	if err := WriteFile(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path + ".bak"); !bytes.Equal(b, big) {
		t.Fatalf(".bak holds %d bytes", len(b))
	}
}

// TestWriteFileSaysWhatIsWrongWithTheFolder: a file that cannot be written because of its
// folder is said of the folder, and no message names the temporary file the write goes through
// (once: "open /nonexistent/dir/.x.json.tmp-4139869775: no such file or directory"). Permission
// is simulated: the tests may run as root, whom no mode stops.
func TestWriteFileSaysWhatIsWrongWithTheFolder(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		path    string
		errno   error // createTemp fails with it; nil: the real one
		want    string
		isError error
	}{
		{"no such folder", filepath.Join(root, "none", "x.json"), nil,
			"the folder " + filepath.Join(root, "none") + " does not exist", fs.ErrNotExist},
		{"a file in the path", filepath.Join(file, "x.json"), nil,
			"there is no folder " + file + ": a file stands in its path", syscall.ENOTDIR},
		{"permission", filepath.Join(root, "x.json"), syscall.EACCES,
			"the folder " + root + " may not be written in (permission denied)", fs.ErrPermission},
		{"a full disk", filepath.Join(root, "x.json"), syscall.ENOSPC,
			"disk full (the folder " + root + " cannot be written in: no space left on device)", syscall.ENOSPC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.errno != nil {
				old := createTemp
				defer func() { createTemp = old }()
				createTemp = func(dir, pattern string) (tempFile, error) {
					return nil, &os.PathError{Op: "open", Path: filepath.Join(dir, strings.Replace(pattern, "*", "4139869775", 1)), Err: tt.errno}
				}
			}
			err := WriteFile(tt.path, []byte("{}"))
			var fe *FolderError
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &fe) || !errors.Is(err, tt.isError) {
				t.Fatalf("error %v, want one saying %q (a FolderError, and %v)", err, tt.want, tt.isError)
			}
			if strings.Contains(err.Error(), ".tmp-") {
				t.Errorf("the error names the temporary file: %v", err)
			}
		})
	}
}
