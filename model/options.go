package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// OptionKind is the type of an option's value.
type OptionKind uint8

// The option kinds.
const (
	OptBool   OptionKind = iota // true or false
	OptInt                      // a whole number between Min and Max
	OptEnum                     // one of Values
	OptPasses                   // a positive number or "unlimited"
)

// OptionSpec declares one game option.
type OptionSpec struct {
	Key      string
	Kind     OptionKind
	Default  string
	Values   []string // OptEnum: the allowed values
	Min, Max int      // OptInt: the range
	Help     string
	Implies  Options // OptBool: other options this one sets when true, unless given explicitly
}

// Options holds a game's option values, normalised to text, keyed by option name.
type Options map[string]string

// Bool reads a boolean option.
func (o Options) Bool(k string) bool { return o[k] == "true" }

// Int reads a numeric option; "unlimited" and unknown values read as 0.
func (o Options) Int(k string) int {
	n, _ := strconv.Atoi(o[k])
	return n
}

// Keys lists the option names in sorted order.
func (o Options) Keys() []string {
	ks := make([]string, 0, len(o))
	for k := range o {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// normalize checks one value against the spec and returns its canonical text; a refused
// value is an *OptionError, told with an example of a good one.
func (s *OptionSpec) normalize(v string) (string, error) {
	n, err := s.check(v)
	if err != nil {
		return "", &OptionError{Key: s.Key, Err: err, spec: *s}
	}
	return n, nil
}

// OptionError is a value that an option does not take. Its message ends with an example of
// one it does take, written as options are written in the game (new klondike draw=3); the
// command line, where options are flags, asks for the example as flags (FlagMessage), so that
// each place shows the form that works there.
type OptionError struct {
	Key  string
	Err  error // what is wrong with the value
	spec OptionSpec
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%v (e.g. %s)", e.Err, e.spec.example(false))
}

func (e *OptionError) Unwrap() error { return e.Err }

// UnknownOptionError is an option key the game does not have. Options lists the game's own;
// a caller that takes more keys besides (new: seed, deal, winnable) words its own list.
type UnknownOptionError struct {
	Game, Key string
	Options   string // the game's option keys, "cells, supermove, ..." ("none" for none)
}

func (e *UnknownOptionError) Error() string {
	return fmt.Sprintf("%s has no option %q; its options are: %s", e.Game, e.Key, e.Options)
}

// FlagMessage is the message with its example written as command-line flags: "(e.g. --draw 3)".
func (e *OptionError) FlagMessage() string {
	return fmt.Sprintf("%v (e.g. %s)", e.Err, e.spec.example(true))
}

// example is the option written with a value other than its default: "draw=3", or as a flag
// "--draw 3" (a boolean flag alone: "--classic").
func (s *OptionSpec) example(flag bool) string {
	write := func(v string) string {
		switch {
		case !flag:
			return s.Key + "=" + v
		case s.Kind == OptBool && v == "true":
			return "--" + s.Key
		case s.Kind == OptBool:
			return "--" + s.Key + "=" + v
		}
		return "--" + s.Key + " " + v
	}
	if s.Kind == OptPasses {
		// One of each form: a number alone would read as an example of the last one named.
		return write("3") + ", " + write("unlimited")
	}
	for _, v := range s.Choices() {
		if v != s.Default {
			return write(v)
		}
	}
	return write(s.Default)
}

// check checks one value against the spec and returns its canonical text.
func (s *OptionSpec) check(v string) (string, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" && s.Kind != OptBool {
		return "", fmt.Errorf("option %s needs a value", s.Key)
	}
	switch s.Kind {
	case OptBool:
		switch v {
		case "", "true", "yes", "on", "1":
			return "true", nil
		case "false", "no", "off", "0":
			return "false", nil
		}
		return "", fmt.Errorf("option %s: %q is not true or false", s.Key, v)
	case OptInt:
		n, err := strconv.Atoi(v)
		if err != nil || n < s.Min || n > s.Max {
			return "", fmt.Errorf("option %s: %q is not a number from %d to %d", s.Key, v, s.Min, s.Max)
		}
		return strconv.Itoa(n), nil
	case OptPasses:
		if v == "unlimited" || v == "inf" {
			return "unlimited", nil
		}
		if v == "0" {
			// 0 once meant unlimited, silently; a player who types it means something else.
			return "", fmt.Errorf("option %s: 0 passes would leave no trip through the stock; give 1 or more, or unlimited", s.Key)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return "", fmt.Errorf("option %s: %q is not a number of passes (1 or more) or unlimited", s.Key, v)
		}
		return strconv.Itoa(n), nil
	default:
		for _, a := range s.Values {
			if v == a {
				return v, nil
			}
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", s.Key, v, strings.Join(s.Values, ", "))
	}
}

// ValueHint describes the values an option takes, for help and flag usage.
func (s *OptionSpec) ValueHint() string {
	switch s.Kind {
	case OptBool:
		return "true|false"
	case OptInt:
		return fmt.Sprintf("%d..%d", s.Min, s.Max)
	case OptPasses:
		return "N|unlimited"
	}
	return strings.Join(s.Values, "|")
}

// Choices lists the values the option takes, for completion: every value of a small range,
// a few for passes.
func (s *OptionSpec) Choices() []string {
	switch s.Kind {
	case OptBool:
		return []string{"true", "false"}
	case OptInt:
		var out []string
		for n := s.Min; n <= s.Max; n++ {
			out = append(out, strconv.Itoa(n))
		}
		return out
	case OptPasses:
		return []string{"unlimited", "1", "2", "3"}
	}
	return s.Values
}

// The stock options games with a waste share: draw 1 or 3, and passes.
var (
	drawOption   = OptionSpec{Key: "draw", Kind: OptEnum, Default: "1", Values: []string{"1", "3"}, Help: "cards turned from the stock at a time"}
	passesOption = OptionSpec{Key: "passes", Kind: OptPasses, Default: "unlimited", Help: "trips through the stock"}
)

// GameInfo is one entry of the collection: names, summary, options and the declaration they produce.
type GameInfo struct {
	Name     string
	Aliases  []string
	Title    string
	Summary  string
	Specs    []OptionSpec
	Numbered bool // deals can also be chosen by Microsoft FreeCell number
	define   func(Options) *Def
}

// Spec finds an option of the game by name.
func (g *GameInfo) Spec(key string) *OptionSpec {
	for i := range g.Specs {
		if g.Specs[i].Key == key {
			return &g.Specs[i]
		}
	}
	return nil
}

// Options validates key=value pairs against the game's options, filling in defaults.
// Later pairs override earlier ones, so base options can be overridden.
func (g *GameInfo) Options(pairs []Option) (Options, error) { return g.OptionsOver(nil, pairs) }

// OptionsOver is Options for a new deal of a game played with the options base (nil: the
// defaults): pairs change base as they would change the defaults. A preset given in pairs sets
// what it implies over base, and one turned off puts back the defaults of what it implied, so
// that "new canfield classic=true" deals the same game in a Canfield game as anywhere else;
// an option given explicitly wins over both.
func (g *GameInfo) OptionsOver(base Options, pairs []Option) (Options, error) {
	o := Options{}
	for _, s := range g.Specs {
		o[s.Key] = s.Default
		if v, ok := base[s.Key]; ok {
			o[s.Key] = v
		}
	}
	given := make([]Option, 0, len(pairs))
	for _, p := range pairs {
		k := strings.ToLower(strings.TrimLeft(p.Key, "-"))
		s := g.Spec(k)
		if s == nil {
			return nil, &UnknownOptionError{Game: g.Name, Key: p.Key, Options: g.optionNames()}
		}
		v, err := s.normalize(p.Value)
		if err != nil {
			return nil, err
		}
		given = append(given, Option{Key: k, Value: v})
	}
	// Presets first, so that an option given explicitly wins over one a preset implies.
	for _, p := range given {
		s := g.Spec(p.Key)
		for k, v := range s.Implies {
			switch {
			case p.Value == "true":
				o[k] = v
			case o[k] == v && base[p.Key] == "true":
				// The preset is turned off: what it set goes back to the default.
				o[k] = g.Spec(k).Default
			}
		}
	}
	for _, p := range given {
		o[p.Key] = p.Value
	}
	return o, nil
}

// Args is the shortest list of options that Options turns into o: the presets that are on,
// then every other option that differs from what the defaults and those presets give. A
// command line that names only the options differing from the defaults would replay a game
// such as classic Canfield with draw=1 as classic's draw 3.
func (g *GameInfo) Args(o Options) []Option {
	var out []Option
	implied := Options{}
	for _, s := range g.Specs {
		implied[s.Key] = s.Default
	}
	for _, s := range g.Specs {
		if s.Implies != nil && o[s.Key] == "true" && s.Default != "true" {
			out = append(out, Option{Key: s.Key, Value: "true"})
			implied[s.Key] = "true"
			for k, v := range s.Implies {
				implied[k] = v
			}
		}
	}
	for _, s := range g.Specs {
		if v, ok := o[s.Key]; ok && v != implied[s.Key] {
			out = append(out, Option{Key: s.Key, Value: v})
		}
	}
	return out
}

func (g *GameInfo) optionNames() string {
	if len(g.Specs) == 0 {
		return "none"
	}
	ns := make([]string, len(g.Specs))
	for i, s := range g.Specs {
		ns[i] = s.Key
	}
	return strings.Join(ns, ", ")
}

// registry is the games of the collection, in the order they are listed.
var registry = []*GameInfo{klondikeGame, freecellGame, canfieldGame, algerianGame, nataliGame, fifteenGame, osmosisGame, lapeauGame, yukonGame, golfGame, tripeaksGame, pyramidGame, spiderGame, spideretteGame, bakersGame, eightOffGame, seahavenGame, beleagueredGame, streetsGame, fortyThievesGame, simpleSimonGame, blackHoleGame, fanGame}

// Games lists every game of the collection, in menu order.
func Games() []*GameInfo { return registry }

// LookupGame finds a game by name or alias as players write it: case, blanks, hyphens and
// underscores do not count (NameKey), so "La Peau", "la-peau" and "la_peau" all name lapeau.
func LookupGame(name string) (*GameInfo, error) {
	n := NameKey(name)
	for _, g := range registry {
		if NameKey(g.Name) == n {
			return g, nil
		}
		for _, a := range g.Aliases {
			if NameKey(a) == n {
				return g, nil
			}
		}
	}
	names := make([]string, len(registry))
	for i, g := range registry {
		names[i] = g.Name
	}
	return nil, fmt.Errorf("unknown game %q; the games are: %s", name, strings.Join(names, ", "))
}

// NameKey is a name as LookupGame compares it: in lower case, without blanks, hyphens and
// underscores. The help topics are compared so too (docs), so that every place a game is named
// takes the same spellings.
func NameKey(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, name)
}

// Numbering is the deal that a seed and a deal number given by the player pick. In a game with
// numbered deals (FreeCell) they are one numbering: seed N is Microsoft deal N, the number
// players share. A seed kept in a save from before dealt by the seed's shuffle, and still does:
// saves reach NewGame without passing here.
func (g *GameInfo) Numbering(seed uint64, deal int64) (uint64, int64, error) {
	if !g.Numbered || seed == 0 {
		return seed, deal, nil
	}
	switch {
	case deal != 0 && uint64(deal) != seed:
		return 0, 0, fmt.Errorf("in %s a seed is a deal number, so seed %d and deal %d are two deals: give one", g.Title, seed, deal)
	case seed > MaxMSDeal:
		return 0, 0, fmt.Errorf("seed %d: %s deals are numbered 1 to %d", seed, g.Title, MaxMSDeal)
	}
	return 0, int64(seed), nil
}
