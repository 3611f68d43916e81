package parser

import (
	"reflect"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"move C3 F1", "c3f1", "38; 3a; ah; a8", "new klondike draw=3 seed=42", "undo 3 # back",
		"drwa", "move", "c0", "X1", "new la-peau", "? grammar", "w f 2;;s", "\xff\x00!",
		"purge; games", "policy same-suit", "policy", "load pos.json", "load ./a/b-1.json # x",
		`load "my games/p1.json"; purge`, `load "a\"b\t\u00e9\\"`, `load C:\x\y.json`, "load",
		`load "x`, `load "\q"`, "load a b", "help load", `draw "x"`,
		"switch freecell", "switch", "switch 3", "save g.json", `save "my games/g.json"; history`,
		"save", "save a b", `save "x`, "stats", "stats klondike", "stats 3", "history 1", "swich", "saev",
	} {
		f.Add(s)
	}
	for _, c := range parseCases {
		f.Add(c.line)
	}
	for _, c := range errorCases {
		f.Add(c.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		before := fallbacks.Load()
		cmds, err := Parse(line)
		if err != nil {
			pe, ok := err.(*Error)
			if !ok {
				t.Fatalf("Parse(%q): error %T %v, want *Error", line, err, err)
			}
			if pe.Column < 1 || pe.Column > len(line)+1 {
				t.Fatalf("Parse(%q): column %d outside 1..%d", line, pe.Column, len(line)+1)
			}
			if pe.Msg == "" || strings.Contains(pe.Msg, "lexer:") || strings.Contains(pe.Msg, "unexpected token") {
				t.Fatalf("Parse(%q): raw or empty message %q", line, pe.Msg)
			}
			if fallbacks.Load() != before {
				// The grammar reads every line of tokens (fallbacks): a refusal here means it
				// no longer does, and the player got the generic message instead of the conversion's.
				t.Fatalf("Parse(%q): the grammar refused a line of tokens, so the message is the fallback: %s", line, pe.Msg)
			}
			if cmds != nil {
				t.Fatalf("Parse(%q): commands returned with an error", line)
			}
		}
		for _, c := range cmds {
			if c.Column < 1 || c.Column+len(c.Text)-1 > len(line) || line[c.Column-1:c.Column-1+len(c.Text)] != c.Text {
				t.Fatalf("Parse(%q): text %q at column %d is not in the line", line, c.Text, c.Column)
			}
			if c.Text == "" || strings.TrimSpace(c.Text) != c.Text {
				t.Fatalf("Parse(%q): text %q is empty or untrimmed", line, c.Text)
			}
			canon := c.String()
			again, err := Parse(canon)
			if err != nil {
				t.Fatalf("Parse(%q) gave %#v, whose text %q does not parse: %v", line, c.action(), canon, err)
			}
			if len(again) != 1 || !reflect.DeepEqual(again[0].action(), c.action()) {
				t.Fatalf("Parse(%q) gave %#v, but its text %q parses to %#v", line, c.action(), canon, ops(again))
			}
		}
		checkWalk(t, line)
	})
}
