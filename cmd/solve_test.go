package cmd

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"solitaire/controller"
	"solitaire/docs"
	"solitaire/model"
)

// TestSolveRealDeal runs the real solver on FreeCell deal 1 and plays its solution through the
// engine to a win.
func TestSolveRealDeal(t *testing.T) {
	code, out, errOut := runCmd(t, "", "solve", "freecell", "--deal", "1", "--shorten", "edits")
	if code != controller.ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	header, _, _ := strings.Cut(out, "\n")
	args := strings.Fields(strings.TrimPrefix(header, "# solitaire "))
	code, board, errOut := runCmd(t, out, append(args, "--quiet", "--ascii")...)
	if code != controller.ExitOK || !strings.HasSuffix(strings.TrimSpace(board), "won") {
		t.Errorf("replaying %v: exit %d, %s\n%s", args, code, errOut, board)
	}
}

// TestReplayCommand checks that the first line of a solution deals the same game: every game,
// with every option changed from its default at once.
func TestReplayCommand(t *testing.T) {
	for _, info := range model.Games() {
		var pairs []model.Option
		for _, s := range info.Specs {
			v := "true"
			switch s.Kind {
			case model.OptBool:
				if s.Default == "true" {
					v = "false"
				}
			case model.OptInt:
				v = fmt.Sprint(s.Min)
				if v == s.Default {
					v = fmt.Sprint(s.Max)
				}
			case model.OptPasses:
				v = "2"
			default:
				v = s.Values[0]
				if v == s.Default {
					v = s.Values[len(s.Values)-1]
				}
			}
			pairs = append(pairs, model.Option{Key: s.Key, Value: v})
		}
		opts, err := info.Options(pairs)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		cfg := model.Config{Game: info.Name, Seed: 77, Options: opts}
		if info.Numbered {
			cfg.Seed, cfg.Deal = 0, 77 // --seed 77 is deal 77 there
		}
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		header := controller.PlayCommand(g, "")
		args := strings.Fields(strings.TrimPrefix(header, "solitaire "))
		code, out, errOut := runCmd(t, "", append(args, "--quiet", "--format", "json")...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", header, code, errOut)
			continue
		}
		var pos struct {
			Seed    uint64
			Deal    uint64
			Options map[string]string
		}
		json.Unmarshal([]byte(out), &pos)
		if pos.Seed+pos.Deal != 77 || !reflect.DeepEqual(model.Options(pos.Options), g.Config.Options) {
			t.Errorf("%s deals seed %d with %v, want seed 77 with %v", header, pos.Seed, pos.Options, g.Config.Options)
		}
	}
	g, _ := model.NewGame(model.Config{Game: "freecell", Deal: 617})
	if got, want := controller.PlayCommand(g, "my deal's.json"), `solitaire play freecell --position 'my deal'\''s.json'`; got != want {
		t.Errorf("PlayCommand = %s, want %s", got, want)
	}
	if got := controller.PlayCommand(g, ""); got != "solitaire play freecell --deal 617" {
		t.Errorf("PlayCommand = %s", got)
	}
}

func TestParseRange(t *testing.T) {
	for _, tt := range []struct {
		game, flag, text string
		first, last      uint64
		err              string
	}{
		{"freecell", "--deals", "1-3", 1, 3, ""},
		{"freecell", "--deals", " 7 ", 7, 7, ""},
		{"freecell", "--deals", "5 - 9", 5, 9, ""},
		{"freecell", "--deals", "2147483647", 2147483647, 2147483647, ""},
		{"freecell", "--deals", "1-2147483648", 0, 0, "deal numbers run from 1 to 2147483647"},
		{"freecell", "--seeds", "1-2147483648", 0, 0, "at most 10000000 deals"},
		{"freecell", "--seeds", "2147483648", 2147483648, 2147483648, ""},
		{"klondike", "--deals", "18446744073709551615", 18446744073709551615, 18446744073709551615, ""},
		{"klondike", "--deals", "18446744073709551616", 0, 0, "out of range"},
		{"klondike", "--seeds", "1-10000000", 1, 10000000, ""},
		{"klondike", "--seeds", "1-10000001", 0, 0, "at most 10000000 deals in one run"},
		{"klondike", "--seeds", "3-2", 0, 0, "the range runs backwards; write 2-3"},
		{"klondike", "--seeds", "0", 0, 0, "seeds start at 1"},
		{"klondike", "--seeds", "-3", 0, 0, "give a range"},
		{"klondike", "--seeds", "1-", 0, 0, "give a range"},
		{"klondike", "--seeds", "", 0, 0, "give a range"},
	} {
		info, _ := model.LookupGame(tt.game)
		c := newSolveGame(&globals{}, streams{}, info)
		if err := c.Flags().Parse([]string{tt.flag + "=" + tt.text}); err != nil {
			t.Fatal(err)
		}
		df := &dealFlags{info: info, flags: c.Flags()}
		sf := &solveFlags{deals: tt.text, seeds: tt.text, jobs: 4}
		r, err := sf.parseRange(df)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s %s %q: error %v, want %q", tt.game, tt.flag, tt.text, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s %s %q: %v", tt.game, tt.flag, tt.text, err)
		case r.First != tt.first || r.Last != tt.last:
			t.Errorf("%s %s %q: %d-%d, want %d-%d", tt.game, tt.flag, tt.text, r.First, r.Last, tt.first, tt.last)
		case r.Numbered != (tt.game == "freecell" && tt.flag == "--deals"):
			t.Errorf("%s %s: numbered %v", tt.game, tt.flag, r.Numbered)
		case r.Jobs != int(min(4, tt.last-tt.first+1)):
			t.Errorf("%s %s %q: %d jobs", tt.game, tt.flag, tt.text, r.Jobs)
		}
	}
}

// TestSolveHelpPage checks help solve against the command: every flag of solve GAME, the exit
// statuses and the default limits.
func TestSolveHelpPage(t *testing.T) {
	page, err := docs.Page("solve")
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(page), " ")
	info, _ := model.LookupGame("freecell")
	c := newSolveGame(&globals{}, streams{}, info)
	for _, name := range []string{"seed", "deal", "position", "deals", "seeds", "jobs", "verbose", "time-limit", "max-states", "max-memory"} {
		if c.Flags().Lookup(name) == nil {
			t.Errorf("solve freecell has no flag --%s", name)
		}
		if !strings.Contains(page, "--"+name) {
			t.Errorf("help solve does not mention --%s", name)
		}
	}
	for _, want := range []string{
		fmt.Sprintf("Exit status %d.", controller.ExitOK),
		fmt.Sprintf("Exit status %d.", controller.ExitUnsolvable),
		fmt.Sprintf("Exit status %d.", controller.ExitGaveUp),
		fmt.Sprintf("the exit status is %d", controller.ExitInterrupted),
		fmt.Sprintf("is exit status %d", controller.ExitUsage),
		fmt.Sprintf("0 or not given: %d", controller.DefaultMaxStates),
		fmt.Sprintf("0 or not given: %d", controller.DefaultMaxMemoryMiB),
		"thoughtful", "face-down", "auto", "solitaire play freecell --deal 617 < moves.txt",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("help solve does not say %q", want)
		}
	}
	if got, _ := docs.Page("unsolvable"); got != page {
		t.Error("help unsolvable is not the solve page")
	}
}
