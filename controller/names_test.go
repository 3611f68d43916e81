package controller

import (
	osexec "os/exec"
	"strings"
	"testing"
)

// printable shows every name so that nothing in it drives a terminal or adds a line, and
// shellQuote quotes it so that a shell reads back the same bytes, on one line (issue 27,
// item 7).
func TestNamesAreData(t *testing.T) {
	for _, c := range []struct{ name, shown, quoted string }{
		{"plain.json", "plain.json", "plain.json"},
		{"a b's", "a b's", `'a b'\''s'`},
		{"x\nsave injected.json force\n#.board", `x\nsave injected.json force\n#.board`, `$'x\nsave injected.json force\n#.board'`},
		{"s\x1b[31mred", `s\x1b[31mred`, `$'s\x1b[31mred'`},
		{"tab\there", `tab\there`, `$'tab\there'`},
		{"bidi\u202eevil", `bidi\u202eevil`, `$'bidi\xe2\x80\xaeevil'`},
		{"c1\u0085x", `c1\u0085x`, `$'c1\xc2\x85x'`},
		{"bad\xffbyte", `bad\xffbyte`, `$'bad\xffbyte'`},
		{"it's\n", `it's\n`, `$'it\'s\n'`},
		{`back\slash` + "\r", `back\slash\r`, `$'back\\slash\r'`},
		{"日本.json", "日本.json", "'日本.json'"},
	} {
		if got := printable(c.name); got != c.shown {
			t.Errorf("printable(%q) = %q, want %q", c.name, got, c.shown)
		}
		if strings.ContainsAny(printable(c.name), "\n\r\x1b\u0085") {
			t.Errorf("printable(%q) shows a control character", c.name)
		}
		q := shellQuote(c.name)
		if q != c.quoted {
			t.Errorf("shellQuote(%q) = %s, want %s", c.name, q, c.quoted)
		}
		if strings.ContainsAny(q, "\n\r\x1b") {
			t.Errorf("shellQuote(%q) holds a control character", c.name)
		}
		if bash, err := osexec.LookPath("bash"); err == nil {
			out, err := osexec.Command(bash, "-c", "printf %s "+q).Output()
			if err != nil || string(out) != c.name {
				t.Errorf("bash reads %s back as %q (%v), want %q", q, out, err, c.name)
			}
		}
	}
}
