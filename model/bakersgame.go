package model

// Baker's Game: help bakersgame. FreeCell's declaration with the columns built down by suit
// (FreeCell's bakers option, fixed), under a name of its own: its deals, saves and statistics
// are its own. Cards stay on the foundations by default, as in the rules its published
// winnability is for (docs/winnability.md).
var bakersGame = &GameInfo{
	Name:     "bakersgame",
	Aliases:  []string{"Baker's Game"},
	Title:    "Baker's Game",
	Summary:  "FreeCell's ancestor: the columns build down by suit; three deals in four can be won",
	Numbered: true,
	Specs:    withDefault(withoutSpec(freecellGame.Specs, "bakers"), "no-foundation-return", "true"),
	define: func(o Options) *Def {
		fixed := Options{"bakers": "true"}
		for k, v := range o {
			fixed[k] = v
		}
		return defineFreeCell(fixed)
	},
}

// withDefault is specs with the option key's default changed (specs is a copy of its own).
func withDefault(specs []OptionSpec, key, value string) []OptionSpec {
	for i := range specs {
		if specs[i].Key == key {
			specs[i].Default = value
		}
	}
	return specs
}

// withoutSpec is specs without the option key: a game made from another with that option fixed.
func withoutSpec(specs []OptionSpec, key string) []OptionSpec {
	out := make([]OptionSpec, 0, len(specs))
	for _, s := range specs {
		if s.Key != key {
			out = append(out, s)
		}
	}
	return out
}
