package controller

import (
	"strings"

	"solitaire/docs"
	"solitaire/parser"
)

// HelpPage is the text of a help topic: a page from docs, or "ebnf", the grammar generated
// from the parser itself, so that page can never disagree with what is accepted.
func HelpPage(topic string) (string, error) {
	if strings.EqualFold(strings.TrimSpace(topic), "ebnf") {
		return "EBNF: the command grammar, generated from the parser\n\n" + parser.Grammar(), nil
	}
	return docs.Page(topic)
}
