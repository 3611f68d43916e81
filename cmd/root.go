// Package cmd holds the cobra commands of the solitaire binary; each is thin and calls into controller.
package cmd

import (
	"errors"
	"fmt"
	"github.com/spf13/pflag"
	"io"
	"os"
	"runtime/debug"
	"slices"
	near "solitaire/parser/suggest"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/model"
	"solitaire/view"
)

// Version is the program version; release builds set it with -ldflags "-X solitaire/cmd.Version=...".
var Version = "0.1.0-dev"

// globals are the flags every command takes.
type globals struct {
	color       string
	ascii       bool
	stateDir    string
	format      string
	quiet       bool
	keepGoing   bool
	interactive bool
	hintTime    time.Duration
	watch       bool
	yes         bool
	bell        bool         // ring the terminal bell at the prompt on a refused command and on a win
	takeOver    bool         // take a game's save from another solitaire that has it open
	notation    string       // FreeCell's standard notation, when play GAME --notation sets it
	later       lazyCommands // the commands of the tree still to be completed
}

// assist is the solver's help as the flags set it.
func (g *globals) assist() controller.AssistOptions {
	return controller.AssistOptions{HintTime: g.hintTime, Watch: g.watch}
}

// streams are the program's standard files, replaceable in tests.
type streams struct {
	in       io.ReadCloser
	out, err io.Writer
}

// std is the streams as the controller takes them.
func (s streams) std() controller.Streams {
	return controller.Streams{In: s.in, Out: s.out, Err: s.err}
}

// exitError carries an exit status out of a cobra command.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// Run runs the program with the process's arguments and files, and returns the exit status.
func Run() int {
	return run(os.Args[1:], streams{in: os.Stdin, out: os.Stdout, err: os.Stderr})
}

func run(args []string, io streams) int {
	root, later := newTree(io)
	args = gameArgs(root, args)
	later.buildFor(root, args)
	root.SetArgs(args)
	c, err := root.ExecuteC()
	var ee exitError
	var ue usageError
	switch {
	case err == nil:
		return controller.ExitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &ue):
		// The help of the command that refused: play klondike's lists the flags Klondike takes,
		// which solitaire --help does not.
		path := "solitaire"
		if c != nil {
			path = c.CommandPath()
		}
		fmt.Fprintf(io.err, "solitaire: %s\nRun '%s --help' for usage.\n", controller.Printable(err.Error()), path)
		return controller.ExitUsage
	default:
		fmt.Fprintf(io.err, "solitaire: %s\n", controller.Printable(err.Error()))
		return controller.ExitError
	}
}

// newRoot is the whole command tree, every game's commands complete: for the manual page and
// the tests that walk every command.
func newRoot(io streams) *cobra.Command {
	root, later := newTree(io)
	later.buildAll()
	return root
}

// newTree is the command tree with the games' commands light: later completes them.
func newTree(io streams) (*cobra.Command, lazyCommands) {
	later := lazyCommands{}
	g := &globals{later: later}
	root := &cobra.Command{
		Use:   "solitaire",
		Short: "A patience collection for the terminal",
		Long: `solitaire plays patience games at a prompt: type commands like "move C3 F1",
"draw", "undo" or "hint" and the board is redrawn after each one. Commands can
also be piped in from a file, so games can be scripted, replayed and tested.

Run "solitaire help" for the command list, "solitaire help klondike" for rules.`,
		Args:          noArgs,
		Version:       Version, // the version template reads the whole text, build info and all, only when asked
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(c *cobra.Command, _ []string) error {
			return g.resume(io)
		},
	}
	root.CompletionOptions.HiddenDefaultCmd = false
	root.SetVersionTemplate("solitaire {{versionText}}\n")
	f := root.PersistentFlags()
	f.StringVar(&g.color, "color", "auto", "colour: auto (on a terminal, unless NO_COLOR is set), always or never")
	f.BoolVar(&g.ascii, "ascii", false, "draw suits as letters (TH, 9S) instead of symbols")
	f.StringVar(&g.stateDir, "state-dir", "", "folder for saves, statistics and history (default $SOLITAIRE_HOME, else $XDG_STATE_HOME/solitaire or ~/.local/state/solitaire)")
	f.StringVar(&g.format, "format", "text", "script output: text or json (one state per line; refused at the prompt)")
	f.BoolVar(&g.quiet, "quiet", false, "script mode: print only the final board")
	f.BoolVar(&g.keepGoing, "keep-going", false, "script mode: go on after an invalid line, exit 1 at the end")
	f.BoolVar(&g.interactive, "interactive", false, "play as at the prompt even when input is piped: save, count statistics, resume")
	f.DurationVar(&g.hintTime, "hint-time", controller.DefaultHintTime, "how long hint may search for a win (e.g. 1s, 5s; asked again, 4 times as long); solve and demo take up to 10 times as long, review 30")
	f.BoolVar(&g.yes, "yes", false, "at the prompt, play GAME, new, load and restart do not ask before abandoning a game in progress")
	f.BoolVar(&g.bell, "bell", false, "at the prompt, ring the terminal bell on an illegal move and on a win")
	f.BoolVar(&g.takeOver, "take-over", false, "at the prompt, take the save of the game from another solitaire that has it open (it then stops saving it); without it a terminal asks, and piped input plays without saving")
	f.BoolVar(&g.watch, "watch", false, "after each move, check whether the game can still be won, and say when a move lost it")
	root.AddCommand(newPlay(g, io, later), newSolve(g, io, later), newReview(g, io), newGames(io), newVersion(io), newStats(g, io), newMan(io))
	root.SetHelpCommand(newHelp(g, io))
	completeFlags(root)
	strictCompletion(root)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{dealFlagError(c, plainFlagError(err))} })
	root.PersistentPreRunE = func(*cobra.Command, []string) error { return g.checkHintTime() }
	root.SetOut(io.out)
	root.SetErr(io.err)
	return root, later
}

func init() {
	// Game names are case-insensitive at the prompt; "solitaire play FreeCell" works too.
	cobra.EnableCaseInsensitive = true
	cobra.AddTemplateFunc("versionText", versionText)
}

// noArgs refuses arguments to a command that takes none, suggesting the subcommand (a game) the
// word was probably meant to be, as the prompt suggests a command or a game.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
	if s := didYouMean(c, args[0]); s != "" {
		msg += s
	} else if c.HasAvailableSubCommands() {
		var names []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				names = append(names, sub.Name())
			}
		}
		msg += " (the choices: " + strings.Join(names, ", ") + ")"
	}
	return usageError{errors.New(msg)}
}

// didYouMean is the suggestion the shell commands add to a mistyped word: "; did you mean
// "X"?" with X the subcommand of parent (play's are the games) that word is a slip of, by the
// rule the prompt's suggestions follow (suggest.Nearest; a word of two letters and more may be
// the beginning of one: "la" for lapeau), or "" if none.
func didYouMean(parent *cobra.Command, word string) string {
	var names []string
	name := map[string]string{} // a name or alias, and the command's name
	for _, sub := range parent.Commands() {
		if !sub.IsAvailableCommand() {
			continue
		}
		for _, n := range append([]string{sub.Name()}, sub.Aliases...) {
			names = append(names, strings.ToLower(n))
			name[strings.ToLower(n)] = sub.Name()
		}
	}
	if s := near.Nearest(word, names, 2); s != "" {
		return fmt.Sprintf("; did you mean %q?", name[s])
	}
	return ""
}

// lookupGame is model.LookupGame for a game named on the command line by an argument (stats
// GAME): a word that is no game gets the suggestion "play WORD" would give, as a usage error.
func (g *globals) lookupGame(c *cobra.Command, word string) (*model.GameInfo, error) {
	info, err := model.LookupGame(word)
	if err == nil {
		return info, nil
	}
	if play, _, ferr := c.Root().Find([]string{"play"}); ferr == nil && play != c.Root() {
		g.later.build(play) // its games
		if s := didYouMean(play, word); s != "" {
			err = fmt.Errorf("unknown game %q%s", word, s)
		}
	}
	return nil, usageError{err}
}

// usageArgs is an argument check whose complaint is a usage error (exit status 2).
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := check(c, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// gameParent sets up play or solve, whose subcommands are the games: a mistyped game followed
// by the game's flags gets the suggestion, not a complaint about the flags.
func gameParent(c *cobra.Command) *cobra.Command {
	c.Args = noArgs
	c.FParseErrWhitelist.UnknownFlags = true
	return namesGame(c)
}

// namesGame marks a command whose first argument may be a game (play, solve, stats, help):
// gameArgs writes it as the game's name.
func namesGame(c *cobra.Command) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[gameArg] = "true"
	return c
}

const gameArg = "game-argument"

// gameArgs writes a game named after play, solve, stats or help as players write it ("La
// Peau", "la_peau", or the two words la peau) as the game's name, so that the command line
// takes every spelling model.LookupGame takes, as the prompt does: cobra matches a subcommand
// by its exact name or alias only. The most words that name a game are taken, up to the
// first flag.
func gameArgs(root *cobra.Command, args []string) []string {
	root.InitDefaultHelpCmd() // cobra adds help only as it executes: Find must see it now
	c, _, err := root.Find(args)
	if err == nil && c.HasParent() && c.Parent().Annotations[gameArg] == "true" {
		c = c.Parent() // play fifteen puzzle: the game's first word was a game of its own
	}
	if err != nil || c.Annotations[gameArg] != "true" {
		return args
	}
	for at, a := range args {
		if !strings.EqualFold(a, c.Name()) {
			continue // a flag or its value (--state-dir play is a folder named play)
		}
		end := at + 1
		for end < len(args) && !strings.HasPrefix(args[end], "-") {
			end++
		}
		for k := end; k > at+1; k-- {
			if info, err := model.LookupGame(strings.Join(args[at+1:k], " ")); err == nil {
				return slices.Concat(args[:at+1], []string{info.Name}, args[k:])
			}
		}
	}
	return args
}

// versionText is the version with the commit it was built from, when the build recorded it.
func versionText() string {
	v := Version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if m := info.Main.Version; m != "" && m != "(devel)" {
		v = strings.TrimPrefix(m, "v")
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision" && len(s.Value) >= 12:
			rev = s.Value[:12]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = ", modified"
		}
	}
	if rev != "" {
		v += " (commit " + rev + dirty + ")"
	}
	return v + ", " + info.GoVersion
}

// style resolves --color and --ascii for the given output.
func (g *globals) style(out io.Writer) (view.Style, error) {
	s, err := controller.OutputStyle(g.color, g.ascii, out)
	if err != nil {
		return s, usageError{err}
	}
	return s, nil
}

// prompting reports whether to play as at the prompt: input from a terminal, or --interactive.
func (g *globals) prompting(io streams) bool { return controller.Prompting(io.in, g.interactive) }

// playFlags are the global flags as the controller takes them.
func (g *globals) playFlags() controller.PlayFlags {
	return controller.PlayFlags{
		StateDir: g.stateDir, Interactive: g.interactive, JSON: g.format == "json", Quiet: g.quiet, KeepGoing: g.keepGoing,
		Yes: g.yes, Bell: g.bell, TakeOver: g.takeOver, Assist: g.assist(), Notation: g.notation,
	}
}

// start deals a new game and plays it.
func (g *globals) start(io streams, cfg model.Config) error {
	if err := g.checkFormat(io); err != nil {
		return err
	}
	style, err := g.style(io.out)
	if err != nil {
		return err
	}
	s, err := controller.NewSession(cfg, style, controller.SystemClock())
	if err != nil {
		return err
	}
	return g.run(io, s)
}

// run plays the game in s, at the prompt or as a script (controller.Play).
func (g *globals) run(io streams, s *controller.Session) error {
	return commandStatus(controller.Play(io.std(), s, g.playFlags()))
}

// resume plays the last game exactly as it was left (solitaire with no arguments). Scripts,
// which never read or write saves, get a new Klondike deal instead.
func (g *globals) resume(io streams) error {
	if err := g.checkFormat(io); err != nil {
		return err
	}
	style, err := g.style(io.out)
	if err != nil {
		return err
	}
	return commandStatus(controller.ResumeLast(io.std(), style, g.playFlags()))
}

// knownFormat refuses a --format that is neither text nor json.
func (g *globals) knownFormat() error {
	if g.format != "text" && g.format != "json" {
		return usageError{fmt.Errorf("--format %q: use text or json", g.format)}
	}
	return nil
}

// checkFormat refuses a --format the game cannot write: an unknown one, and json at the
// prompt (input from a terminal, or --interactive), which draws boards and asks questions for
// a player; JSON states are what a script writes, one a command (help options).
func (g *globals) checkFormat(io streams) error {
	if err := g.knownFormat(); err != nil || g.format != "json" || !g.prompting(io) {
		return err
	}
	if g.interactive {
		return usageError{errors.New("--format json and --interactive do not go together: JSON states are written for commands played as a script, and --interactive plays them as at the prompt, which draws the board as text; leave out one of them")}
	}
	return usageError{errors.New("--format json writes a JSON state for each command of a script, but the input is a terminal, so this is the prompt, which draws the board as text: pipe the commands in (solitaire play GAME --format json < moves.txt), or leave out --format json")}
}

// checkHintTime refuses a --hint-time that gives no time to search: 0 or less once meant the
// default without a word, so "--hint-time 0" looked accepted and did something else.
func (g *globals) checkHintTime() error {
	if g.hintTime <= 0 {
		return usageError{fmt.Errorf("--hint-time %s: give a time to search, more than 0 (e.g. 300ms or 5s)", g.hintTime)}
	}
	if g.hintTime > maxHintTime {
		// solve and demo search 10 times as long, review 30: past this the products overflow.
		return usageError{fmt.Errorf("--hint-time %s: at most %s (solve and demo search 10 times as long, review 30)", g.hintTime, maxHintTime)}
	}
	return nil
}

// maxHintTime bounds --hint-time.
const maxHintTime = time.Hour

// dealFlagError adds to "unknown flag: --deal", in a game whose deals are numbered by seed
// (every game but FreeCell), the flag that picks its deal: a player who knows FreeCell's
// deal numbers tries --deal first.
func dealFlagError(c *cobra.Command, err error) error {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) || unknown.GetSpecifiedName() != "deal" || unknown.GetSpecifiedShortnames() != "" ||
		c.Flags().Lookup("deal") != nil || c.Flags().Lookup("seed") == nil {
		return err
	}
	name := c.Name()
	if info, lerr := model.LookupGame(name); lerr == nil {
		name = info.Title
	}
	return fmt.Errorf("%w: only FreeCell has deal numbers; %s's deals are picked by --seed (e.g. --seed 3)", err, name)
}

// plainFlagError says what was wrong with a number or true-or-false flag's value without
// strconv's words (pflag's InvalidValueError: "--jobs \"x\" is not a whole number").
func plainFlagError(err error) error {
	var bad *pflag.InvalidValueError
	var num *strconv.NumError
	if !errors.As(err, &bad) || !errors.As(err, &num) {
		return err
	}
	why := "is not a whole number"
	switch {
	case num.Func == "ParseBool":
		why = "is not true or false" // a boolean option's flag (--classic=maybe)
	case errors.Is(num.Err, strconv.ErrRange):
		why = "is out of range"
	}
	return fmt.Errorf("--%s %q %s", bad.GetFlag().Name, bad.GetValue(), why)
}
