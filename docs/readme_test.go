package docs

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeGoVersion holds the Go version README.md asks for to go.mod's go line, the version
// the Go tool requires: a reader who installs what README names must be able to build.
// Every "Go 1.x" the README names must be that version.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+(?:\.\d+)?)\s*$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	want := string(m[1])
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile(`\bGo (\d+\.\d+(?:\.\d+)?)\b`).FindAllSubmatch(readme, -1)
	if len(named) == 0 {
		t.Fatal("README.md names no Go version")
	}
	for _, n := range named {
		if string(n[1]) != want {
			t.Errorf("README.md asks for Go %s, go.mod's go line says %s", n[1], want)
		}
	}
}

// readmeBlock is a fenced block of README.md: its info string (sh, console, text) and lines.
type readmeBlock struct {
	info  string
	line  int // the line of README.md the block's first line is on
	lines []string
}

// readmeBlocks splits README.md into its fenced blocks.
func readmeBlocks(t *testing.T) []readmeBlock {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []readmeBlock
	var cur *readmeBlock
	for i, line := range strings.Split(string(readme), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &readmeBlock{info: strings.TrimPrefix(line, "```"), line: i + 2}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	if cur != nil {
		t.Fatalf("README.md:%d: a block that is never closed", cur.line-1)
	}
	return blocks
}

// readmeNotRun are the README's commands that TestReadmeCommands does not run, and why.
var readmeNotRun = map[string]string{
	"go test ./...": "this test is one of them; .ci/run runs it",
}

// TestReadmeCommands runs every command block of README.md against the real program, built
// from this tree as "solitaire" on the PATH, so that an example a new user copies cannot fail
// (the first script example once exited 1). Each block declares its kind:
//
//   - sh: each line is run by sh in one scratch folder, in order (a file one line writes, the
//     next may read), and must exit 0; go commands run at the module's root;
//   - console: a session at the prompt. "$ COMMAND" starts it; "GAME> LINE" is typed (what
//     follows two blanks and "(" is a remark); every other line must be in the output, in
//     order (the typed lines are piped in, so the command is run with --interactive);
//   - text: a synopsis, not run.
func TestReadmeCommands(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the README's commands")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "solitaire"), "../cmd/solitaire")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the program: %v\n%s", err, out)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"SOLITAIRE_CLOCK=frozen", "NO_COLOR=1")
	ran := 0
	for _, b := range readmeBlocks(t) {
		work := t.TempDir()
		benv := append(env[:len(env):len(env)], "SOLITAIRE_HOME="+filepath.Join(work, "state"))
		switch b.info {
		case "sh":
			for k, line := range b.lines {
				cmdline := strings.TrimSpace(line)
				if cmdline == "" {
					continue
				}
				if _, skip := readmeNotRun[strings.TrimSpace(strings.SplitN(cmdline, "#", 2)[0])]; skip {
					continue
				}
				c := exec.Command(sh, "-c", cmdline)
				c.Dir, c.Env, c.Stdin = work, benv, strings.NewReader("")
				if strings.HasPrefix(cmdline, "go ") {
					c.Dir = root
				}
				if out, err := c.CombinedOutput(); err != nil {
					t.Errorf("README.md:%d: %s: %v\n%s", b.line+k, cmdline, err, tail(out))
				}
				ran++
			}
		case "console":
			replaySession(t, b, filepath.Join(bin, "solitaire"), benv, work)
			ran++
		case "text":
		default:
			t.Errorf("README.md:%d: a block of kind %q: say sh (commands), console (a session) or text", b.line-1, b.info)
		}
	}
	if ran == 0 {
		t.Error("README.md has no command to run")
	}
	for line := range readmeNotRun {
		if !readmeHas(t, line) {
			t.Errorf("readmeNotRun names %q, which README.md no longer has", line)
		}
	}
}

// sessionPrompt is a line typed at the prompt in a README session: the game's prompt, the line
// typed, and a remark in parentheses after two blanks.
var sessionPrompt = regexp.MustCompile(`^[a-z]+> (.*?)(?:\s{2,}\(.*\))?$`)

// winIn is the length of the solver's line in a hint, which the solver decides: the session
// shows one, the check takes any.
var winIn = regexp.MustCompile(`a win in \d+ moves`)

// replaySession plays a console block of README.md with the program solitaire and checks that its output lines appear in
// the program's output, in order.
func replaySession(t *testing.T, b readmeBlock, solitaire string, env []string, work string) {
	t.Helper()
	if len(b.lines) == 0 || !strings.HasPrefix(b.lines[0], "$ solitaire ") {
		t.Errorf("README.md:%d: a console block starts with \"$ solitaire ...\"", b.line)
		return
	}
	args := append(strings.Fields(strings.TrimPrefix(b.lines[0], "$ solitaire ")), "--interactive")
	var typed, want []string
	for _, line := range b.lines[1:] {
		if m := sessionPrompt.FindStringSubmatch(line); m != nil {
			typed = append(typed, m[1])
		} else {
			want = append(want, line)
		}
	}
	c := exec.Command(solitaire, args...)
	c.Dir, c.Env, c.Stdin = work, env, strings.NewReader(strings.Join(typed, "\n")+"\n")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Errorf("README.md:%d: %s: %v\n%s", b.line, b.lines[0], err, tail(out))
		return
	}
	got := strings.Split(winIn.ReplaceAllString(string(out), "a win in N moves"), "\n")
	k := 0
	for _, w := range want {
		w = winIn.ReplaceAllString(w, "a win in N moves")
		for k < len(got) && strings.TrimRight(got[k], " ") != strings.TrimRight(w, " ") {
			k++
		}
		if k == len(got) {
			t.Errorf("README.md:%d: the session shows %q, which the program does not print there; it printed:\n%s", b.line, w, out)
			return
		}
		k++
	}
}

// readmeHas reports whether a line of a sh block of README.md, comment aside, is cmdline.
func readmeHas(t *testing.T, cmdline string) bool {
	for _, b := range readmeBlocks(t) {
		for _, line := range b.lines {
			if b.info == "sh" && strings.TrimSpace(strings.SplitN(line, "#", 2)[0]) == cmdline {
				return true
			}
		}
	}
	return false
}

// tail is the end of a command's output, enough to see why it failed.
func tail(out []byte) string {
	const most = 2000
	if len(out) > most {
		return "..." + string(out[len(out)-most:])
	}
	return string(out)
}
