package model

// Baker's Game: help bakersgame. FreeCell's declaration with the columns built down by suit
// (FreeCell's bakers option, fixed), under a name of its own: its deals, saves and statistics
// are its own, and its published winnability is for these rules.
var bakersGame = &GameInfo{
	Name:     "bakersgame",
	Aliases:  []string{"Baker's Game"},
	Title:    "Baker's Game",
	Summary:  "FreeCell's ancestor: the columns build down by suit; three deals in four can be won",
	Numbered: true,
	Specs:    withoutSpec(freecellGame.Specs, "bakers"),
	define: func(o Options) *Def {
		fixed := Options{"bakers": "true"}
		for k, v := range o {
			fixed[k] = v
		}
		return defineFreeCell(fixed)
	},
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
