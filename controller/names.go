package controller

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Names are data, never commands or escapes (issue 27, item 7). A file's name, or the state
// folder's path, may hold any byte but "/" and NUL: a newline, an escape sequence, a
// bidirectional override. Shown on a terminal, such a byte would move the cursor, colour the
// screen or reorder the text; written into a script's header, a newline would begin a line of
// commands. So names are shown through printable, and written into commands and headers
// through shellQuote, whose quoting of such a name ($'...') stays on one line.

// printable is s as a terminal may show it: control characters (C0, DEL, C1), format
// characters (bidirectional overrides among them) and bytes that are not UTF-8 are written as
// escapes (\n, \t, \x1b, \u202e, \xff), so that nothing in a name can drive the terminal or
// add a line. Other text, backslashes included, is left as it is.
func printable(s string) string {
	if plainLine(s) { // graphic characters only: nothing a terminal acts on
		return s
	}
	return escapeNonGraphic(s, false)
}

// escapeNonGraphic writes the characters of s that are not graphic as escapes: as $'...'
// wants them inside its quotes when shell is set (a quote and a backslash escaped too).
func escapeNonGraphic(s string, shell bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case shell && (r == '\'' || r == '\\'):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case unicode.IsGraphic(r):
			b.WriteString(s[i : i+size])
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case shell:
			// $'...' has no \u in every shell: the bytes of the character
			for _, c := range []byte(s[i : i+size]) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

// Printable is printable for the command line: a name or an error that names a file, as a
// terminal may show it.
func Printable(s string) string { return printable(s) }
