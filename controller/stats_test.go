package controller

import (
	"path/filepath"
	"strings"
	"testing"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// TestAssistanceInTheStatistics plays FreeCell deal 1 at the prompt with help noted as the
// hint, solve and demo commands note it, and checks what the statistics make of the deal.
func TestAssistanceInTheStatistics(t *testing.T) {
	win := winningMoves(t)
	const before = 9999 // the moves of an earlier win
	half, rest := win[:len(win)/2], win[len(win)/2:]
	steps := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	for _, tt := range []struct {
		name  string
		steps []string // commands; "!hint", "!solve", "!demo" note help; "!resume" quits and resumes
		want  store.Record
	}{
		{"unaided", win,
			store.Record{Played: 1, Won: 1, Streak: 2, BestStreak: 2, BestSeconds: 0, FewestMoves: len(win)}},
		{"a hint before the first move", steps([]string{"!hint"}, win),
			store.Record{Played: 1, Won: 1, WonHinted: 1, Streak: 2, BestStreak: 2, Hints: 1}},
		{"hints and a solve mid-game", steps(half, []string{"!hint", "!solve", "!hint"}, rest),
			store.Record{Played: 1, Won: 1, WonHinted: 1, Streak: 2, BestStreak: 2, Hints: 2, Solves: 1}},
		{"a hint kept in the save across a resume", steps(half, []string{"!hint", "!resume"}, rest),
			store.Record{Played: 1, Won: 1, WonHinted: 1, Streak: 2, BestStreak: 2, Hints: 1}},
		{"a hint taken back by restart still counts", steps(half, []string{"!hint", "restart"}, win),
			store.Record{Played: 1, Won: 1, WonHinted: 1, Streak: 2, BestStreak: 2, Hints: 1}},
		{"a demo mid-game: no win, the streak ends", steps(half, []string{"!demo"}, rest),
			store.Record{Played: 1, DemoFinished: 1, Streak: 0, BestStreak: 1, Demos: 1}},
		{"a demo, then hints: still no win", steps(half, []string{"!demo", "!resume", "!hint"}, rest),
			store.Record{Played: 1, DemoFinished: 1, Streak: 0, BestStreak: 1, Demos: 1, Hints: 1}},
		{"a hint after the win changes nothing of it", steps(win, []string{"!hint"}),
			store.Record{Played: 1, Won: 1, Streak: 2, BestStreak: 2, FewestMoves: len(win), Hints: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			d, err := store.Open(dir, parser.ParseOp)
			if err != nil {
				t.Fatal(err)
			}
			// One unaided win before, so that the streak's fate shows; its moves are more than
			// any win of this deal takes, so that fewest moves shows whether this deal set it.
			d.Record("freecell", store.Played, 0, 0)
			d.Record("freecell", store.Won, before, 0)
			s := newTestSession(t, model.Config{Game: "freecell", Deal: 1})
			s.Persist(d)
			s.Start()
			for _, step := range tt.steps {
				switch step {
				case "!hint", "!solve", "!demo":
					// As the command would at the prompt: note the help, then the prompt's
					// afterCommand counts and saves.
					s.noteAssist(map[string]store.Event{"!hint": store.HintUsed, "!solve": store.SolveUsed, "!demo": store.DemoUsed}[step])
					s.afterCommand()
				case "!resume":
					if s, err = Resume(d, view.Style{ASCII: true}, frozen); err != nil {
						t.Fatal(err)
					}
				default:
					if _, err := s.runLine(1, step, func(parser.Command, Outcome) { s.afterCommand() }); err != nil {
						t.Fatalf("%s: %v", step, err)
					}
				}
			}
			if !s.Game.Won() {
				t.Fatal("the deal was not won")
			}
			st, _ := d.ReadStats()
			r := st.Variants["freecell"]
			r.Played, r.Won, r.BestSeconds = r.Played-1, r.Won-1, 0
			if r.FewestMoves == before {
				r.FewestMoves = 0
			}
			if r != tt.want {
				t.Errorf("record (less the win before)\n%+v, want\n%+v", r, tt.want)
			}
		})
	}
}

func TestScriptsCountNoAssistance(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	d, _ := store.Open(dir, parser.ParseOp)
	s := newTestSession(t, klondike1)
	s.UseStore(d) // a script reads statistics (the stats command) but never writes them
	for _, e := range []store.Event{store.HintUsed, store.SolveUsed, store.DemoUsed} {
		s.noteAssist(e)
	}
	if st, _ := d.ReadStats(); len(st.Variants) != 0 || s.progress != (store.Progress{}) {
		t.Fatalf("a script counted help: %+v, progress %+v", st.Variants, s.progress)
	}
}

func TestStatsTable(t *testing.T) {
	long := "canfield classic=true draw=3 no-foundation-return=true"
	for _, tt := range []struct {
		name     string
		variants map[string]store.Record
		want     []string // lines (trailing spaces trimmed) that must appear
		absent   []string
	}{
		{"unaided only: no help table",
			map[string]store.Record{"klondike": {Played: 4, Won: 2, Streak: 1, BestStreak: 2, BestSeconds: 271, FewestMoves: 97}},
			[]string{
				"game                   played unaided hinted  rate streak best    time moves",
				"klondike                    4       2      0   50%      1    2    4:31    97",
			},
			[]string{"help used"}},
		{"hinted wins apart, help used below",
			map[string]store.Record{
				"freecell": {Played: 9, Won: 8, WonHinted: 3, Streak: 5, BestStreak: 5, BestSeconds: 192, FewestMoves: 88, Hints: 14, Solves: 1},
				"klondike": {Played: 3, Won: 1, WonHinted: 1, Streak: 0, BestStreak: 1, Demos: 2, DemoFinished: 1},
				long:       {Played: 1},
			},
			[]string{
				"freecell                    9       5      3   89%      5    5    3:12    88",
				"klondike                    3       0      1   33%      0    1       -     -",
				"canfield classic=tru..      1       0      0    0%      0    0       -     -",
				"help used               hints solves  demos by demo",
				"freecell                   14      1      0       0",
				"klondike                    0      0      2       1",
			},
			[]string{"canfield classic=tru..      0      0      0       0"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := StatsTable(store.Stats{Variants: tt.variants}, "")
			lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
			have := map[string]bool{}
			for _, l := range lines {
				if len(l) > 80 {
					t.Errorf("line of %d columns:\n%s", len(l), l)
				}
				have[strings.TrimRight(l, " ")] = true
			}
			for _, w := range tt.want {
				if !have[w] {
					t.Errorf("missing line\n%q in\n%s", w, out)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(out, a) {
					t.Errorf("%q should not appear in\n%s", a, out)
				}
			}
		})
	}
}
