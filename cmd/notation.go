package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/model"
	"solitaire/parser/notation"
)

// interopFlags are FreeCell's flags for other programs' formats, on play and solve:
// --notation standard reads and writes moves as "38 3a a8 3h", and --board FILE starts from a
// position in fc-solve's board text.
type interopFlags struct {
	notation string
	board    string
	on       bool // the game has them
}

// addInterop gives c the interop flags when the game is FreeCell; elsewhere they do not exist.
func addInterop(c *cobra.Command, info *model.GameInfo, writes string) *interopFlags {
	f := &interopFlags{on: info.Name == "freecell"}
	if !f.on {
		return f
	}
	c.Flags().StringVar(&f.notation, "notation", "commands", fmt.Sprintf(
		"how moves are %s: commands, or standard FreeCell notation (38 3a a8 3h ah 38v3; help freecell)", writes))
	c.RegisterFlagCompletionFunc("notation", values(notation.Names...))
	c.Flags().StringVar(&f.board, "board", "", "start from the position in `FILE`, in fc-solve's board text (one column per line; help freecell)")
	return f
}

// check refuses a notation the flag does not know and a board with another starting point.
func (f *interopFlags) check(df *dealFlags, others ...string) error {
	if !f.on {
		return nil
	}
	if f.notation != "commands" && f.notation != notation.Standard {
		return usageError{fmt.Errorf("--notation %q: use %s", f.notation, strings.Join(notation.Names, " or "))}
	}
	if !df.changed("board") {
		return nil
	}
	for _, o := range append([]string{"seed", "deal", "position"}, others...) {
		if df.changed(o) {
			return usageError{fmt.Errorf("--board starts from the file's cards: --%s does not go with it", o)}
		}
	}
	return nil
}

// name is the notation for the controller: "" for the command language.
func (f *interopFlags) name() string {
	if f.notation == notation.Standard {
		return notation.Standard
	}
	return ""
}

// boardGame reads --board FILE. A file that cannot be used is a usage error, reported
// without the usage hint.
func (f *interopFlags) boardGame(io streams, overrides []model.Option) (*model.Game, error) {
	g, err := controller.LoadBoard(f.board, overrides)
	if err != nil {
		fmt.Fprintf(io.err, "solitaire: --board %s: %s\n", controller.Printable(f.board), controller.Printable(err.Error()))
		return nil, exitError{controller.ExitUsage}
	}
	return g, nil
}
