package controller

import (
	"io"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// BenchmarkCommand measures one typed command end to end: parse, apply, render (target < 50 µs).
func BenchmarkCommand(b *testing.B) {
	for _, tc := range []struct {
		cfg  model.Config
		line string
	}{
		{klondike1, "draw"},
		{klondike1, "move C4 F; undo"},
		{model.Config{Game: "tripeaks", Seed: 3}, "move P25 W; undo"},
		{model.Config{Game: "pyramid", Seed: 3}, "move P23 P28; undo"},
		{model.Config{Game: "spider", Seed: 3}, "move C2 C4; undo"},
		{model.Config{Game: "spider", Seed: 3}, "draw; undo"},
	} {
		line := tc.line
		b.Run(tc.cfg.Game+"/"+line, func(b *testing.B) {
			s := newTestSession(b, tc.cfg)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.runLine(1, line, func(c parser.Command, o Outcome) {
					_ = view.Board(s.Game, s.Style, s.Elapsed())
				}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkScript1000 replays a 1,000-line script: a won Klondike game, restarted and replayed.
func BenchmarkScript1000(b *testing.B) {
	ar, err := txtar.ParseFile("../testdata/klondike_win.txtar")
	if err != nil {
		b.Fatal(err)
	}
	var moves string
	for _, f := range ar.Files {
		if f.Name == "moves.txt" {
			moves = string(f.Data)
		}
	}
	var lines []string
	for len(lines) < 1000 {
		lines = append(lines, strings.Split(strings.TrimSpace(moves), "\n")...)
		lines = append(lines, "restart")
	}
	script := strings.Join(lines[:1000], "\n") + "\n"
	b.ReportAllocs()
	for b.Loop() {
		s := newTestSession(b, klondike1)
		if code := s.RunScript(strings.NewReader(script), io.Discard, io.Discard, ScriptOptions{}); code != ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
}
