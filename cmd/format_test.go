package cmd

import (
	"errors"
	"io"
	"strings"
	"testing"

	"solitaire/controller"
)

// TestFormatAtThePrompt: --format json is refused where the game is played at the prompt,
// never ignored, and taken in a script; an unknown format is refused
// everywhere. A terminal's input is the prompt too: checkFormat asks prompting, which
// TestScripts and the prompt's own tests cover.
func TestFormatAtThePrompt(t *testing.T) {
	piped := streams{in: io.NopCloser(strings.NewReader(""))}
	for _, tt := range []struct {
		g    globals
		want string // "" when accepted
	}{
		{globals{format: "json"}, ""},
		{globals{format: "text", interactive: true}, ""},
		{globals{format: "json", interactive: true}, "--format json and --interactive do not go together"},
		{globals{format: "xml"}, `--format "xml": use text or json`},
		{globals{format: "xml", interactive: true}, `--format "xml": use text or json`},
	} {
		err := tt.g.checkFormat(piped)
		var ue usageError
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v: %v, want it taken", tt.g, err)
		case tt.want != "" && (!errors.As(err, &ue) || !strings.HasPrefix(err.Error(), tt.want)):
			t.Errorf("%+v: %v, want a usage error %q", tt.g, err, tt.want)
		}
	}
	code, out, errOut := runCmd(t, "draw\n", "--interactive", "--format", "json", "--state-dir", t.TempDir(), "play", "klondike", "--seed", "1")
	if code != controller.ExitUsage || out != "" || !strings.Contains(errOut, "do not go together") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and the reason", code, out, errOut, controller.ExitUsage)
	}
}
