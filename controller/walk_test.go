package controller

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"solitaire/model"
	"solitaire/view"
)

// plainStyle draws the boards of the walk: letters, no colour.
var plainStyle = view.Style{ASCII: true}

// TestAgreementWalk plays whole games of every game and its main option sets, following the
// hints, making random legal moves (and some undos and restarts), and a mix of the two, and at
// every position holds what the program says to agreement:
//
//   - moves lists each distinct legal command; it adds "No more moves: nothing is left but
//     ..." exactly where the board's notice comes (model.DeadEnd) and moves lists something,
//     and what that names covers every command listed;
//   - a hinted command is legal and one that moves lists (by the position it leads to); "no
//     move is left but X" and "no more moves" only at a dead end, X in moves' words; at a
//     dead end the hint says one of them;
//   - "a win in N" is the length of the line then followed: the next hint after its move says
//     N-1, and the move of "a win in 1" wins; following the hints from the first win found
//     wins in exactly N commands;
//   - solve's verdict is hint's: the same N and first command, the same advice when lost, no
//     win found when the hint guessed;
//   - the watcher's status word is that verdict too, the board's "No more moves" comes after a
//     command exactly at a dead end, the watcher speaks only when the game is lost and was
//     not known lost before ("that move lost the game" only after a winnable position);
//   - replayed as a script (--watch) and at the prompt (piped), the same commands get the same
//     words from the watcher, and end with the same status word.
//
// Its default size takes a few seconds (each game as dealt, walks of 6 commands); with
// SOLITAIRE_SWEEPS=1 the main option sets too, and walks of 25;
// AGREE_SEEDS=N plays seeds 1-N of every option set alone (botSets) with longer walks
// (AGREE_STEPS, 80 commands in the long run), every walk replayed, as docs/testing.md says.
func TestAgreementWalk(t *testing.T) {
	t.Parallel()
	seeds := envInt("AGREE_SEEDS", 0)
	long := seeds > 0
	sets := walkSets()
	switch {
	case long:
		sets = botSets()
	case !sweeps():
		sets = sets[:len(model.Games())] // each game as dealt; the option sets with the sweeps
		fallthrough
	default:
		seeds = 1
	}
	steps := 6
	switch {
	case long:
		steps = 80
	case sweeps():
		steps = 25
	}
	steps = envInt("AGREE_STEPS", steps)
	start := time.Now()
	var st walkStats
	for _, set := range sets {
		for seed := 1; seed <= seeds; seed++ {
			cfg := set
			cfg.Seed = uint64(seed)
			for _, mode := range []string{"hints", "random", "mix"} {
				t0 := time.Now()
				w := newWalker(t, cfg, mode, &st)
				w.walk(steps)
				t1 := time.Now()
				if long || mode == "random" {
					w.replay()
				}
				if os.Getenv("AGREE_TIMES") != "" {
					t.Logf("%s: %d lines, walk %s, replay %s", w.name, len(w.lines), t1.Sub(t0).Round(time.Millisecond), time.Since(t1).Round(time.Millisecond))
				}
			}
		}
	}
	t.Logf("%d walks, %d positions: %d hints with a win, %d lost, %d guesses; %d dead ends, %d games won by hints, %d watcher notes; %s",
		st.walks, st.positions, st.wins, st.lost, st.guesses, st.dead, st.hintWins, st.notes, time.Since(start).Round(time.Millisecond))
	if st.wins == 0 || st.lost == 0 || st.dead == 0 || st.hintWins == 0 || st.notes == 0 {
		t.Errorf("the walks met no win, loss, dead end, hinted win or watcher note: they proved less than they should (%+v)", st)
	}
}

// walkSets are every game as dealt and the main option sets.
func walkSets() []model.Config {
	var out []model.Config
	for _, info := range model.Games() {
		out = append(out, model.Config{Game: info.Name})
	}
	for _, o := range []struct{ game, key, value string }{
		{"klondike", "draw", "3"}, {"klondike", "passes", "1"}, {"freecell", "cells", "2"},
		{"canfield", "classic", "true"}, {"lapeau", "alternate", "true"}, {"algerian", "pysol-layout", "true"},
	} {
		out = append(out, model.Config{Game: o.game, Options: model.Options{o.key: o.value}})
	}
	return out
}

// walkBudget is each search's positions in the walk: fixed, so that every search of a
// position gives the same answer, at the prompt and in a script too; large enough for the
// walks that follow the hints to find a win to follow, and small for the others, whose
// positions are mostly searched afresh.
func walkBudget(mode string) int {
	if mode == "hints" {
		return 3_000
	}
	return 1_000
}

type walkStats struct {
	walks, positions, wins, lost, guesses, dead, hintWins, notes int
}

// walker plays one game through a session, as the player would type, and keeps what it typed.
type walker struct {
	t     *testing.T
	name  string
	cfg   model.Config
	mode  string
	s     *Session
	rng   *rand.Rand
	st    *walkStats
	lines []string // every line typed, for the replays
	notes []string // what the watcher said, in order
	// promised is the win the last hint promised, when its move was played after it: the next
	// position must be won (1) or its hint must promise one fewer.
	promised int
}

func newWalker(t *testing.T, cfg model.Config, mode string, st *walkStats) *walker {
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatalf("%v: %v", cfg, err)
	}
	s := NewSessionAt(g, plainStyle, frozen)
	s.Assist(walkAssist(mode))
	w := &walker{t: t, cfg: cfg, mode: mode, s: s, st: st, rng: rand.New(rand.NewPCG(cfg.Seed, uint64(len(mode))))}
	w.name = fmt.Sprintf("%s %v seed %d, %s", cfg.Game, cfg.Options, cfg.Seed, mode)
	st.walks++
	if n := s.look(); n != "" { // as RunScript and RunPrompt look at the game they start on
		w.notes = append(w.notes, n)
	}
	return w
}

func walkAssist(mode string) AssistOptions {
	return AssistOptions{HintTime: time.Minute, SolveTime: time.Minute, WatchTime: time.Minute, MaxStates: walkBudget(mode), ShortenStates: testShorten, Watch: true}
}

func (w *walker) fail(format string, args ...any) {
	w.t.Helper()
	w.t.Fatalf("%s, after %s: %s\nboard:\n%s", w.name, strings.Join(w.lines, "; "), fmt.Sprintf(format, args...), w.s.board())
}

// do runs a line as typed, keeping it and what the watcher said.
func (w *walker) do(line string) Outcome {
	w.t.Helper()
	w.lines = append(w.lines, line)
	out := exec(w.t, w.s, line)
	if out.Watch != "" {
		w.notes = append(w.notes, out.Watch)
		w.st.notes++
	}
	return out
}

// walk plays up to steps commands (a walk that follows a promised win goes on to the end).
func (w *walker) walk(steps int) {
	for k := 0; (k < steps || w.promised > 0) && k < 1000 && !w.s.Game.Won(); k++ {
		w.st.positions++
		h := w.check()
		line := w.choose(h)
		if line == "" {
			return // nothing legal to do: a dead end with nothing left, checked
		}
		played := h.Hint != nil && line == h.Hint.String()
		w.promised = 0
		if played {
			w.promised = winLength(h.Message)
		}
		w.after(line)
		if w.promised == 1 && !w.s.Game.Won() {
			w.fail("the hint promised a win in 1 move, and %s did not win", line)
		}
		if w.promised == 1 {
			w.st.hintWins++
		}
	}
}

// choose is the next line to type: the hint's move, a random listed move, undo or restart.
func (w *walker) choose(h Outcome) string {
	useHint := w.mode == "hints" || w.mode == "mix" && w.rng.IntN(2) == 0
	if h.Hint != nil && useHint {
		return h.Hint.String()
	}
	g := w.s.Game
	if w.mode != "hints" && g.CanUndo() > 0 {
		switch w.rng.IntN(12) {
		case 0:
			return "undo"
		case 1:
			if w.rng.IntN(4) == 0 {
				return "restart"
			}
		}
	}
	listed := distinctMoves(g)
	if len(listed) == 0 {
		if g.CanUndo() > 0 {
			return "undo"
		}
		return ""
	}
	return listed[w.rng.IntN(len(listed))].String()
}

var (
	deadNote = regexp.MustCompile(` No more moves: nothing is left but (.*)$`) // with the lines joined
	leftHint = regexp.MustCompile(`^hint: no move is left but (.*); this one wins: `)
	noMore   = "No more moves: undo, restart or new."
)

// kinds are the words DeadEndLeft has for each kind of command.
func kindWords(op model.Op) string {
	switch m, ok := op.(model.Move); {
	case !ok:
		return "drawing"
	case m.From.Kind == 'F':
		return "taking cards back from the foundations"
	}
	return "sideways moves"
}

// check holds moves, hint, solve and the watcher to agreement at the position in play, and
// returns the hint.
func (w *walker) check() Outcome {
	w.t.Helper()
	g := w.s.Game
	listed := distinctMoves(g)
	var after []model.State
	for _, op := range listed {
		next, _ := g.Back(0)
		if _, err := next.Play(op); err != nil {
			w.fail("moves lists %s, which is refused: %v", op, err)
		}
		after = append(after, next.State)
	}
	dead := g.DeadEnd()
	if dead {
		w.st.dead++
	}

	m := w.do("moves")
	note := deadNote.FindStringSubmatch(strings.ReplaceAll(m.Message, "\n", " "))
	switch {
	case (note != nil) != (dead && len(listed) > 0):
		w.fail("moves says %q at a position that is %sa dead end, with %d moves", m.Message, map[bool]string{true: "", false: "not "}[dead], len(listed))
	case note != nil:
		for _, op := range listed {
			if !strings.Contains(note[1], kindWords(op)) {
				w.fail("moves lists %s, but says nothing is left but %s", op, note[1])
			}
		}
	}

	h := w.do("hint")
	verdict := "unknown"
	switch {
	case winLength(h.Message) > 0:
		verdict = "winnable"
		w.st.wins++
	case strings.HasPrefix(h.Message, "hint: no win is possible from here; "), strings.HasPrefix(h.Message, "hint: no more moves; "):
		verdict = "lost"
		w.st.lost++
	case strings.Contains(h.Message, "so this is a guess"):
		w.st.guesses++
	}
	if n := winLength(h.Message); w.promised > 1 && n != w.promised-1 {
		w.fail("the last hint promised a win in %d, its move was played, and now the hint says %q", w.promised, h.Message)
	}
	if h.Hint != nil {
		next, _ := g.Back(0)
		if _, err := next.Play(h.Hint); err != nil {
			w.fail("the hint %q is refused: %v", h.Message, err)
		}
		if !slices.ContainsFunc(after, func(st model.State) bool { return st.Equal(&next.State) }) {
			w.fail("the hint %q is no move that moves lists (%s)", h.Message, m.Message)
		}
	}
	left := leftHint.FindStringSubmatch(h.Message)
	switch {
	case left != nil && (!dead || note == nil || left[1] != note[1]):
		w.fail("hint %q beside moves %q (dead end: %v)", h.Message, m.Message, dead)
	case strings.HasPrefix(h.Message, "hint: no more moves") && !dead:
		w.fail("hint %q where the board has moves", h.Message)
	case dead && left == nil && !strings.HasPrefix(h.Message, "hint: no more moves"):
		w.fail("at a dead end the hint says %q", h.Message)
	}

	sv := w.do("solve")
	switch verdict {
	case "winnable":
		head, rest, _ := strings.Cut(sv.Message, "\n")
		first, _, _ := strings.Cut(rest, "\n")
		if want := fmt.Sprintf("solve: a win in %s from here:", model.Plural(winLength(h.Message), "move")); head != want || first != h.Hint.String() {
			w.fail("hint %q, but solve %q, first %q", h.Message, head, first)
		}
	case "lost":
		_, advice, _ := strings.Cut(h.Message, "; ")
		if want := "solve: no win is possible from here; " + advice; sv.Message != want {
			w.fail("hint %q, but solve %q", h.Message, sv.Message)
		}
	default:
		if !strings.HasPrefix(sv.Message, "solve: no win found within ") {
			w.fail("hint %q, but solve %q", h.Message, strings.SplitN(sv.Message, "\n", 2)[0])
		}
	}
	if got := w.s.status(); got != verdict {
		w.fail("the watcher's status is %q, the hint's verdict %q (%q)", got, verdict, h.Message)
	}
	return h
}

// after plays line and checks the board's notice and the watcher's words.
func (w *walker) after(line string) {
	w.t.Helper()
	was, game := w.s.status(), w.s.Game
	out := w.do(line)
	g := w.s.Game
	if strings.Contains(out.Message, noMore) != (g.DeadEnd() && !g.Won()) {
		w.fail("%s says %q at a position whose dead end is %v", line, out.Message, g.DeadEnd())
	}
	now := w.s.status()
	if g.Won() {
		if out.Watch != "" || now != "" {
			w.fail("a won game: the watcher says %q, status %q", out.Watch, now)
		}
		return
	}
	switch {
	case now != "lost" && out.Watch != "":
		w.fail("the status is %s, and the watcher says %q", now, out.Watch)
	case now == "lost" && was != "lost" && out.Watch == "":
		w.fail("%s lost the game (status %s before) and the watcher says nothing", line, was)
	case now == "lost" && was == "lost" && g == game && out.Watch != "":
		w.fail("the game was lost already, and the watcher says %q again", out.Watch)
	case was == "winnable" && now == "lost" && out.Watch != "watch: that move lost the game: undo takes it back":
		w.fail("%s lost a winnable game, and the watcher says %q", line, out.Watch)
	case was != "winnable" && strings.Contains(out.Watch, "that move lost"):
		w.fail("the position before was %s, and the watcher says %q", was, out.Watch)
	}
}

// watchLines are the watcher's words in a transcript.
func watchLines(out string) []string {
	var ws []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "watch: ") {
			ws = append(ws, l)
		}
	}
	return ws
}

// replay types the walk's lines again as a script with --watch and at the prompt, each in a
// session of its own: the watcher must say the same, and the last status word be the same.
func (w *walker) replay() {
	w.t.Helper()
	want, status := strings.Join(w.notes, "\n"), w.s.status()
	script := strings.Join(w.lines, "\n") + "\n"
	for _, how := range []string{"script", "prompt"} {
		g, _ := model.NewGame(w.cfg)
		s := NewSessionAt(g, plainStyle, frozen)
		s.Assist(walkAssist(w.mode))
		var out strings.Builder
		if how == "script" {
			if code := s.RunScript(strings.NewReader(script), &out, &out, ScriptOptions{}); code != ExitOK {
				w.fail("the script exits %d:\n%s", code, out.String())
			}
		} else {
			out.WriteString(promptOut(w.t, s, PromptOptions{}, append(w.lines, "quit")...))
		}
		if got := strings.Join(watchLines(out.String()), "\n"); got != want || s.status() != status {
			w.fail("%s: the watcher said\n%s\nending %q; played directly it said\n%s\nending %q", how, got, s.status(), want, status)
		}
	}
}
