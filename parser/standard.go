package parser

import (
	"fmt"
	"strings"

	"solitaire/notation"
)

// ParseStandard reads a line as --notation standard plays it. A line that begins with a move in
// FreeCell's standard notation holds moves only ("38 3a a8 3h 38v3", as fc-solve writes them),
// each read by model/notation's decoder, up to a comment or the summary fc-solve prints after
// its moves; any other line is a command line, for Parse, and gives no commands and no error.
//
// The words are split at blanks, not lexed: the notation's "c4" (cell c to column 4) and
// "38v3" are one word each here, where the command language reads a pile and a number. Each
// move has the count written after v, or none: how many cards a move without one carries
// depends on the position it is made at (notation.AtPosition).
func ParseStandard(line string) ([]Command, error) {
	var out []Command
	for off := 0; off < len(line); {
		rest := line[off:]
		trimmed := strings.TrimLeft(rest, " \t")
		if trimmed == "" {
			break
		}
		off += len(rest) - len(trimmed)
		end := strings.IndexAny(trimmed, " \t")
		if end < 0 {
			end = len(trimmed)
		}
		word := trimmed[:end]
		if !notation.IsStandardMove(word) {
			if out == nil || notation.EndsMoves(trimmed) {
				break
			}
			return nil, &Error{Column: off + 1, Msg: fmt.Sprintf(
				"%q is not a move in standard notation; a line that begins with moves holds only moves (38 3a a8 3h ah 38v3)", word)}
		}
		m, err := notation.ReadToken(word)
		if err != nil {
			return nil, &Error{Column: off + 1, Msg: err.Error()}
		}
		out = append(out, Command{Op: m, Column: off + 1, Text: word})
		off += end
	}
	return out, nil
}
