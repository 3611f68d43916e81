package controller

import (
	"errors"
	"io"
	"os"
	osexec "os/exec" // the tests have a func exec
	"strings"

	"solitaire/docs"
	"solitaire/parser"
)

// HelpPage is the text of a help topic: a page from docs, or "ebnf", the grammar generated
// from the parser itself, so that page can never disagree with what is accepted.
func HelpPage(topic string) (string, error) {
	if ebnf(topic) {
		return "EBNF: the command grammar, generated from the parser\n\n" + parser.Grammar(), nil
	}
	return docs.Page(topic)
}

// HelpText is a help page as a terminal shows it: Markdown markers rendered, headings bold
// when bold is set, and no final newline.
func HelpText(topic string, bold bool) (string, error) {
	page, err := HelpPage(topic)
	if err != nil {
		return "", err
	}
	if !ebnf(topic) { // the grammar is EBNF, not Markdown: shown exactly as generated
		page = docs.Render(page, bold)
	}
	return strings.TrimRight(page, "\n"), nil
}

// ebnf reports whether a help topic is the generated grammar.
func ebnf(topic string) bool { return strings.EqualFold(strings.TrimSpace(topic), "ebnf") }

// ScreenRows is the height assumed for a terminal that does not say (the classic 80x24).
const ScreenRows = 24

// TooTall reports whether text, with a prompt line below it, would scroll off a screen of
// rows lines, so that it should go through the pager.
func TooTall(text string, rows int) bool {
	if rows <= 0 {
		rows = ScreenRows
	}
	return strings.Count(strings.TrimRight(text, "\n"), "\n")+1 > rows-1
}

// errNoPager is Page's answer when neither $PAGER nor less is there: the caller prints the page.
var errNoPager = errors.New("no pager: $PAGER is not set and less is not installed")

// Page shows text through the user's pager, $PAGER (a command and its arguments), else
// "less -FRX" (-F: leave at once when the text fits, -R: keep bold, -X: leave the text on the
// screen) when less is installed. The pager reads its keys from the terminal itself; out
// must be the terminal. An error means the text was not shown (no pager, or it failed to
// start): the caller prints it instead.
func Page(out io.Writer, text string) error {
	var argv []string
	if p := strings.Fields(os.Getenv("PAGER")); len(p) > 0 {
		argv = p
	} else if less, err := osexec.LookPath("less"); err == nil {
		argv = []string{less, "-FRX"}
	} else {
		return errNoPager
	}
	c := osexec.Command(argv[0], argv[1:]...)
	c.Stdin = strings.NewReader(strings.TrimRight(text, "\n") + "\n")
	c.Stdout, c.Stderr = out, os.Stderr
	if err := c.Start(); err != nil {
		return err
	}
	c.Wait() // the pager's own status (q, or a broken pipe) says nothing about the page
	return nil
}
