package cmd

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"solitaire/controller"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, streams{in: io.NopCloser(strings.NewReader(stdin)), out: &out, err: &errOut})
	return code, out.String(), errOut.String()
}

func TestPositionExitStatus(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"game": "freecell", "piles": [{"name": "C1", "cards": ["AS", "AS"]}]}`), 0o600)
	for _, args := range [][]string{
		{"play", "freecell", "--position", bad},
		{"play", "freecell", "--position", filepath.Join(dir, "missing.json")},
		{"play", "freecell", "--position", dir},
		{"play", "fifteen", "--position", bad},
		{"play", "freecell", "--position", bad, "--seed", "2"},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != controller.ExitUsage || out != "" || !strings.HasPrefix(errOut, "solitaire: --position") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args[1:], code, out, errOut)
		}
	}
}

func TestPositionAnyGame(t *testing.T) {
	// Every game's play command takes --position; a position with no game is a position of that game.
	dir := t.TempDir()
	file := filepath.Join(dir, "home.json")
	os.WriteFile(file, []byte(`{"piles": [
		{"name": "F1", "cards": ["AS","2S","3S","4S","5S","6S","7S","8S","9S","TS","JS","QS","KS"]},
		{"name": "F2", "cards": ["AD","2D","3D","4D","5D","6D","7D","8D","9D","TD","JD","QD","KD"]},
		{"name": "F3", "cards": ["AC","2C","3C","4C","5C","6C","7C","8C","9C","TC","JC","QC","KC"]},
		{"name": "F4", "cards": ["AH","2H","3H","4H","5H","6H","7H","8H","9H","TH","JH","QH","KH"]}]}`), 0o600)
	for _, game := range []string{"klondike", "freecell", "canfield", "lapeau"} {
		want := controller.ExitOK
		if game == "lapeau" {
			want = controller.ExitUsage // La Peau's F2 is the hearts' done stack, not the diamonds'
		}
		code, out, errOut := runCmd(t, "", "play", game, "--position", file, "--ascii")
		if code != want {
			t.Errorf("%s: exit %d: %s", game, code, errOut)
		}
		if want == controller.ExitOK && !strings.Contains(out, "won") {
			t.Errorf("%s: the position is not won:\n%s", game, out)
		}
	}
}

func TestGamesCommand(t *testing.T) {
	code, out, errOut := runCmd(t, "", "games")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 80 {
			t.Errorf("%d columns: %q", len(line), line)
		}
	}
	if !strings.Contains(out, "  osmosis   ") || !strings.HasSuffix(out, gamesHow+"\n") {
		t.Errorf("games:\n%s", out)
	}
}
