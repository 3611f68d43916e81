package controller

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"solitaire/model"
	"solitaire/parser"
)

// nearWon is a FreeCell position three moves from a win: JS to F2, KH to F1, QS to F2 (KS follows).
const nearWon = `{"game": "freecell",
 "piles": [
  {"name": "R1", "cards": ["JS"]},
  {"name": "F1", "cards": ["AH","2H","3H","4H","5H","6H","7H","8H","9H","TH","JH","QH"]},
  {"name": "F2", "cards": ["AS","2S","3S","4S","5S","6S","7S","8S","9S","TS"]},
  {"name": "F3", "cards": ["AC","2C","3C","4C","5C","6C","7C","8C","9C","TC","JC","QC","KC"]},
  {"name": "F4", "cards": ["AD","2D","3D","4D","5D","6D","7D","8D","9D","TD","JD","QD","KD"]},
  {"name": "C1", "cards": ["KH"]},
  {"name": "C2", "cards": ["KS","QS"]}
 ]}
`

// writeFiles writes name -> content files into a new folder and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadErrorsLeaveTheGame(t *testing.T) {
	nearPile := func(old, new string) string { return strings.Replace(nearWon, old, new, 1) }
	dir := writeFiles(t, map[string]string{
		"empty.json":    "",
		"blank.json":    "  \n",
		"syntax.json":   "{\"game\": \"freecell\",\n  \"piles\": [}\n",
		"trunc.json":    `{"game": "freecell", "pil`,
		"type.json":     `{"game": "freecell", "piles": [{"name": "C1", "cards": [7]}]}`,
		"array.json":    `[1, 2]`,
		"unknown.json":  `{"game": "freecell", "piles": [{"name": "C1", "facedown": 1}]}`,
		"two.json":      nearWon + nearWon,
		"option.json":   `{"game": "freecell", "options": {"cells": [2]}}`,
		"chess.json":    `{"game": "chess"}`,
		"pile.json":     nearPile(`"C2"`, `"C9"`),
		"card.json":     nearPile(`"KS"`, `"KX"`),
		"deck.json":     nearPile(`"KS"`, `"KH"`),
		"cell.json":     nearPile(`["JS"]`, `["JS", "QS"]`),
		"order.json":    nearPile(`"9S","TS"`, `"TS","9S"`),
		"facedown.json": nearPile(`["KH"]`, `["KH"], "face_down": 1`),
		"big.json":      strings.Repeat(" ", MaxPositionSize) + "{}",
	})
	if err := os.Mkdir(filepath.Join(dir, "folder.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ file, want string }{
		{"missing.json", "no such file"},
		{"folder.json", "that is a directory, not a position file"},
		{"big.json", "the file is larger than 1024 KiB; a position file is a few kilobytes"},
		{"empty.json", "the file is empty; a position file holds one JSON object, as --format json prints"},
		{"blank.json", "the file is empty; a position file holds one JSON object, as --format json prints"},
		{"syntax.json", "line 2, column 13: invalid character '}' looking for beginning of value"},
		{"trunc.json", "line 1, column 26: the JSON stops in the middle"},
		{"type.json", "line 1, column 57: piles.cards should be a string, not a number"},
		{"array.json", "line 1, column 1: the position should be an object, not a list"},
		{"unknown.json", `unknown field "facedown" (a position has game, options and piles; a pile has name, cards and face_down)`},
		{"two.json", "line 11, column 1: more follows the position; a position file holds one JSON object (one line of --format json output)"},
		{"option.json", "option cells: the value should be a string, a number or true/false, not [2]"},
		{"chess.json", `unknown game "chess"; the games are: klondike, freecell, canfield, algerian, natali, fifteen, osmosis, lapeau, yukon, golf, tripeaks, pyramid, spider, spiderette, bakersgame, eightoff, seahaven, beleaguered, streets, fortythieves, simplesimon, blackhole, fan`},
		{"pile.json", "pile C9: freecell has no such pile; its piles are R1-R4, F1-F4, C1-C8"},
		{"card.json", `pile C2, card 1: card "KX": unknown suit "X" (use C D H S)`},
		{"deck.json", "the cards must be a whole deck of 52 cards, but there are 52; missing: KS; twice: KH"},
		{"cell.json", "the cards must be a whole deck of 52 cards, but there are 53; twice: QS"},
		{"order.json", "pile F2, card 9: TS cannot go to F2, which needs 9S"},
		{"facedown.json", "pile C1: face_down is 1, but a column holds no face-down cards in freecell"},
	}
	s := newTestSession(t, klondike1)
	if _, err := s.Exec(model.Draw{}); err != nil {
		t.Fatal(err)
	}
	g, before := s.Game, s.Game.State.Clone()
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, err := s.session(parser.Load{Path: filepath.Join(dir, tt.file)})
			if err == nil || err.Error() != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
			if s.Game != g || !s.Game.State.Equal(&before) || s.Game.MoveCount() != 1 {
				t.Errorf("a failed load changed the game")
			}
		})
	}
}

func TestLoadReplacesTheGame(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"near.json":   nearWon,
		"nogame.json": strings.Replace(nearWon, `"game": "freecell",`, "", 1),
	})
	s := newTestSession(t, klondike1)
	s.Exec(model.Draw{})
	out, err := s.session(parser.Load{Path: filepath.Join(dir, "near.json")})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Board || !strings.Contains(out.Message, "a position of FreeCell") {
		t.Errorf("outcome %+v", out)
	}
	g := s.Game
	if g.Info.Name != "freecell" || g.MoveCount() != 0 || g.Config.Seed != 0 || g.Config.Deal != 0 || g.Config.Options["cells"] != "4" {
		t.Fatalf("loaded game %+v", g.Config)
	}
	start := g.State.Clone()
	for _, m := range []string{"R1 F2", "C1 F1", "C2 F2"} {
		from, to := m[:2], m[3:]
		op := model.Move{From: model.PileRef{Kind: from[0], Index: int(from[1] - '0')}, To: model.PileRef{Kind: to[0], Index: int(to[1] - '0')}}
		if _, err := s.Exec(op); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if !g.Won() {
		t.Errorf("the position is not won after its three moves")
	}
	s.Exec(model.Restart{})
	if !s.Game.State.Equal(&start) {
		t.Errorf("restart does not go back to the loaded position")
	}
	// A file that names no game is a position of the game being played.
	if _, err := s.session(parser.Load{Path: filepath.Join(dir, "nogame.json")}); err != nil || s.Game == g {
		t.Errorf("loading a file with no game: %v", err)
	}
	s2 := newTestSession(t, klondike1)
	if _, err := s2.session(parser.Load{Path: filepath.Join(dir, "nogame.json")}); err == nil || !strings.Contains(err.Error(), "klondike has no such pile") {
		t.Errorf("a file with no game loaded into klondike: %v", err)
	}
}

// TestLoadJSONOutput loads a state line of --format json output: FreeCell has no face-down cards.
func TestLoadJSONOutput(t *testing.T) {
	played, out, _, code := runScript(t, model.Config{Game: "freecell", Deal: 1, Options: model.Options{"cells": "3"}},
		"C8 R1\nC1 C8\nC8 C7\n", ScriptOptions{JSON: true})
	if code != 0 {
		t.Fatal(out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	dir := writeFiles(t, map[string]string{"last.json": lines[len(lines)-1]})
	s := newTestSession(t, klondike1)
	if _, err := s.session(parser.Load{Path: filepath.Join(dir, "last.json")}); err != nil {
		t.Fatal(err)
	}
	got, want := s.Game.Position(), played.Game.Position()
	if !reflect.DeepEqual(got.Piles, want.Piles) || !reflect.DeepEqual(got.Options, want.Options) || got.Moves != 0 {
		t.Errorf("loaded\n%+v\nwant\n%+v", got, want)
	}
	// Options may be bare numbers and booleans.
	var raw map[string]any
	json.Unmarshal([]byte(lines[0]), &raw)
	raw["options"] = map[string]any{"cells": 3, "bakers": false}
	b, _ := json.Marshal(raw)
	os.WriteFile(filepath.Join(dir, "bare.json"), b, 0o600)
	if _, err := s.session(parser.Load{Path: filepath.Join(dir, "bare.json")}); err != nil || s.Game.Config.Options["cells"] != "3" {
		t.Errorf("bare option values: %v", err)
	}
}

func TestLoadOnlyGame(t *testing.T) {
	dir := writeFiles(t, map[string]string{"near.json": nearWon})
	_, err := LoadGame(filepath.Join(dir, "near.json"), LoadOptions{Game: "klondike", Only: true})
	if err == nil || err.Error() != "the position is a game of freecell, not klondike" {
		t.Errorf("got %v", err)
	}
	g, err := LoadGame(filepath.Join(dir, "near.json"), LoadOptions{Game: "freecell", Only: true, Overrides: []model.Option{{Key: "cells", Value: "1"}}})
	if err != nil || g.Config.Options["cells"] != "1" {
		t.Errorf("override: %v", err)
	}
}

func TestGamesList(t *testing.T) {
	s := newTestSession(t, klondike1)
	out, err := s.session(parser.ListGames{})
	if err != nil || out.Board {
		t.Fatalf("%+v %v", out, err)
	}
	for _, line := range strings.Split(out.Message, "\n") {
		if len(line) > 80 {
			t.Errorf("line of %d columns: %q", len(line), line)
		}
	}
	for _, g := range model.Games() {
		if !strings.Contains(out.Message, "\n  "+g.Name+" ") && !strings.HasPrefix(out.Message, "  "+g.Name+" ") {
			t.Errorf("%s is not listed:\n%s", g.Name, out.Message)
		}
	}
	// Every word of every summary is there, in order.
	flat := strings.Join(strings.Fields(out.Message), " ")
	for _, g := range model.Games() {
		if !strings.Contains(flat, g.Summary) {
			t.Errorf("summary of %s missing or broken", g.Name)
		}
	}
}

// TestGamesListEven: solitaire games wraps every summary to one width (once, each
// was balanced on its own, so one ended at column 78 and the next at 52): the lines that wrap
// end within a word of each other, and no entry takes more lines than the longest needs.
func TestGamesListEven(t *testing.T) {
	entries := map[string][]string{}
	var name string
	for _, line := range strings.Split(strings.TrimRight(GamesList(""), "\n"), "\n") {
		if f := strings.Fields(line); !strings.HasPrefix(line, "    ") {
			name = f[0]
		}
		entries[name] = append(entries[name], line)
	}
	shortest, longest, most := GamesWidth, 0, 0
	for _, lines := range entries {
		most = max(most, len(lines))
		for _, l := range lines[:len(lines)-1] {
			shortest, longest = min(shortest, len(l)), max(longest, len(l))
		}
	}
	if longest > GamesWidth || longest-shortest > 12 || most > 2 {
		t.Errorf("wrapped lines from %d to %d columns, entries of up to %d lines; want one margin:\n%s", shortest, longest, most, GamesList(""))
	}
}

func TestEvenWidth(t *testing.T) {
	words := func(s string) []string { return strings.Fields(s) }
	for _, tt := range []struct {
		texts []string
		most  int
		want  int
	}{
		{[]string{"short"}, 66, 5},
		{[]string{"aa bb cc dd", "a b"}, 20, 11},
		{[]string{"aa bb cc dd", "a b"}, 6, 5},             // two lines each at most: aa bb / cc dd
		{[]string{"aa bb cc dd eee", "x"}, 8, 8},           // at 7, three lines: aa bb / cc dd / eee
		{[]string{strings.Repeat("x", 70) + " y"}, 66, 66}, // a word longer than the width has a line of its own
	} {
		var texts [][]string
		for _, s := range tt.texts {
			texts = append(texts, words(s))
		}
		if got := evenWidth(texts, tt.most); got != tt.want {
			t.Errorf("evenWidth(%q, %d) = %d, want %d", tt.texts, tt.most, got, tt.want)
		}
	}
}

// TestJSONStateLoadsBack: a state line of --format json that names every card is a position
// file (once, the score and hint fields were refused as unknown). Each game is
// played a little by a script (a hint asked for; in open Klondike the whole stock drawn, so
// that every card shows, and a score kept), and its last state, with whatever fields it
// carries, loads back as the same piles.
func TestJSONStateLoadsBack(t *testing.T) {
	for _, tt := range []struct {
		cfg    model.Config
		script string
	}{
		{model.Config{Game: "freecell", Deal: 3}, "hint\nauto\n"},
		{model.Config{Game: "klondike", Seed: 2, Options: model.Options{"open": "true", "scoring": "vegas"}}, strings.Repeat("draw\n", 24) + "moves\n"},
		{model.Config{Game: "klondike", Seed: 2, Options: model.Options{"open": "true"}}, strings.Repeat("draw\n", 24) + "moves\n"},
		{model.Config{Game: "fifteen", Seed: 5}, "hint\n"},
		{model.Config{Game: "lapeau", Seed: 6}, "hint\n"},
	} {
		cfg := tt.cfg
		t.Run(cfg.Game, func(t *testing.T) {
			cfg.Options = optionsOf(t, cfg)
			s, out, errOut, code := runScript(t, cfg, tt.script, ScriptOptions{JSON: true})
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			last := lines[len(lines)-1]
			if !strings.Contains(last, `"message":`) || cfg.Game == "klondike" && !strings.Contains(last, `"score":`) {
				t.Fatalf("the last state carries no message or no score: %s", last)
			}
			path := filepath.Join(writeFiles(t, map[string]string{"state.json": last}), "state.json")
			g, err := LoadGame(path, LoadOptions{Game: cfg.Game})
			if err != nil {
				t.Fatalf("%s\ndoes not load: %v", last, err)
			}
			if got, want := g.Position().Piles, s.Game.Position().Piles; !reflect.DeepEqual(got, want) {
				t.Errorf("loaded piles %v, want %v", got, want)
			}
		})
	}
}

// optionsOf is cfg's options, all of the game's, as a deal of it has them.
func optionsOf(t *testing.T, cfg model.Config) model.Options {
	t.Helper()
	info, err := model.LookupGame(cfg.Game)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []model.Option
	for k, v := range cfg.Options {
		pairs = append(pairs, model.Option{Key: k, Value: v})
	}
	opts, err := info.Options(pairs)
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

// TestPositionFileTakesEveryStateField holds ReadPosition to jsonState: every field a state
// line can carry, all of them set, is read, so that a field added to the state is added to
// the position file too.
func TestPositionFileTakesEveryStateField(t *testing.T) {
	g, err := NewGame(model.Config{Game: "freecell", Deal: 3})
	if err != nil {
		t.Fatal(err)
	}
	st := jsonState{Position: g.Position(), Command: "hint", Message: "hint: draw", Hint: "draw", Score: &model.Score{System: "standard", Points: 5},
		Review: &ReviewReport{}}
	st.Base, st.Recycles, st.Moves, st.Seed = 1, 1, 1, 3 // a state has a seed or a deal: set both here
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	if want := reflect.TypeFor[jsonState]().NumField() - 1 + reflect.TypeFor[model.Position]().NumField(); len(fields) != want {
		t.Fatalf("the state has %d fields set, want all %d: %s", len(fields), want, b)
	}
	path := filepath.Join(writeFiles(t, map[string]string{"state.json": string(b)}), "state.json")
	if _, err := ReadPosition(path); err != nil {
		t.Errorf("ReadPosition(%s): %v", b, err)
	}
}
