package solve

import (
	"context"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// TestRange solves a range of deals when SOLVE_RANGE is set, e.g.
// SOLVE_RANGE=freecell:1-200 or SOLVE_RANGE=klondike:1-50:draw=3, and logs a summary.
// It is a measuring tool, not part of the normal test run.
func TestRange(t *testing.T) {
	spec := os.Getenv("SOLVE_RANGE")
	if spec == "" {
		t.Skip("set SOLVE_RANGE=game:A-B[:key=value,...] to run")
	}
	parts := strings.Split(spec, ":")
	ab := strings.Split(parts[1], "-")
	a, _ := strconv.Atoi(ab[0])
	b, _ := strconv.Atoi(ab[1])
	opts := model.Options{}
	if len(parts) > 2 {
		for _, kv := range strings.Split(parts[2], ",") {
			k, v, _ := strings.Cut(kv, "=")
			opts[k] = v
		}
	}
	limit := 10 * time.Second
	if s := os.Getenv("SOLVE_LIMIT"); s != "" {
		f, _ := strconv.ParseFloat(s, 64)
		limit = time.Duration(f * float64(time.Second))
	}
	maxStates := 0
	if s := os.Getenv("SOLVE_STATES"); s != "" {
		maxStates, _ = strconv.Atoi(s)
	}
	// The knobs below change a copy of the default preset, never the solver's own.
	p := presets[0].clone()
	if os.Getenv("SOLVE_BEST") != "" {
		p = presetNamed(t, "best-first").clone()
	}
	if w := os.Getenv("SOLVE_W"); w != "" {
		wt, dw := envWeights(w)
		for _, list := range [][]searchSpec{p.stock, p.stockless} {
			for i := range list {
				if !list[i].walk && list[i].dw != 1 {
					list[i].w, list[i].dw = wt, dw
				}
			}
		}
	}
	for _, list := range [][]searchSpec{p.stock, p.stockless} {
		for i := range list {
			if os.Getenv("SOLVE_NOPRUNE") != "" {
				list[i].prune = false
			}
		}
	}
	p.pruneLonely = os.Getenv("SOLVE_NOLONELY") == ""
	if order := os.Getenv("SOLVE_PORTFOLIO"); order != "" {
		// Digits naming the default's searches by their place in its list.
		from := presets[0].stock
		if parts[0] == "freecell" {
			from = presets[0].stockless
		}
		var list []searchSpec
		for _, ch := range order {
			list = append(list, from[ch-'0'])
		}
		p.stock, p.stockless = list, list
	}
	if order := os.Getenv("SOLVE_SUITED"); order != "" {
		// Digits naming the default's searches for suited games by their place in its list
		// (the list for a game with a stock, or for one without).
		from := presets[0].suited
		if parts[0] == "simplesimon" {
			from = presets[0].suitedStockless
		}
		var list []searchSpec
		for _, ch := range order {
			list = append(list, from[ch-'0'])
		}
		p.suited, p.suitedStockless = list, list
	}
	if w := os.Getenv("SOLVE_SW"); w != "" {
		// The suited searches' weights and move weight, as SOLVE_W.
		wt, dw := envWeights(w)
		for _, list := range [][]searchSpec{p.suited, p.suitedStockless} {
			for i := range list {
				if !list[i].walk {
					list[i].w, list[i].dw = wt, dw
				}
			}
		}
	}
	p.alone = p.alone || os.Getenv("SOLVE_ALONE") != ""
	if f := os.Getenv("SOLVE_FAST"); f != "" {
		// positions,percent: the portfolio's share (preset.fastStates, fastTime)
		n, pc, _ := strings.Cut(f, ",")
		p.fastStates, _ = strconv.Atoi(n)
		p.fastTime, _ = strconv.Atoi(pc)
	}
	if n, _ := strconv.Atoi(os.Getenv("SOLVE_NOISY")); n > 0 {
		// n more of the first best-first search without a stock, each with a pseudo-random
		// term (noiseSeeds), before the list's last search, the proving walk
		last := len(p.stockless) - 1
		list := append([]searchSpec(nil), p.stockless[:last]...)
		first := p.stockless[0]
		first.prune = first.prune && os.Getenv("SOLVE_NOISY_UNPRUNED") == ""
		kinds := []searchSpec{first}
		if os.Getenv("SOLVE_NOISY_MIX") != "" {
			other := first
			other.prune = !first.prune
			kinds = append(kinds, other)
		}
		list = append(list, noisy(kinds, noiseSeeds(n))...)
		p.stockless = append(list, p.stockless[last])
	}
	if n, _ := strconv.Atoi(os.Getenv("SOLVE_NOISY_STOCK")); n > 0 {
		// n more best-first searches with a stock, the list's first and third by turns, each
		// with a pseudo-random term
		p.stock = append(p.stock, noisy([]searchSpec{p.stock[0], p.stock[2]}, noiseSeeds(n))...)
	}
	if f := os.Getenv("SOLVE_SUITEDFAST"); f != "" {
		// positions,percent: the suited portfolio's share (preset.suitedFast)
		n, pc, _ := strings.Cut(f, ",")
		p.suitedFast, _ = strconv.Atoi(n)
		p.suitedFastTime, _ = strconv.Atoi(pc)
	}
	// The staged lists, of two decks and of one (preset.suitedStaged, suitedStagedOwn): the
	// knobs on staged searches set both.
	stagedLists := []*[]searchSpec{&p.suitedStaged, &p.suitedStagedOwn}
	if st := os.Getenv("SOLVE_STAGE"); st != "" {
		// positions,beam[;positions,beam...]: every best-first search of the lists with a
		// stock goes by stages (befs.stage), the searches taking the pairs in turn, and
		// there is no later list of staged searches
		var stages, beams []int
		for _, f := range strings.Split(st, ";") {
			n, bm, _ := strings.Cut(f, ",")
			stage, _ := strconv.Atoi(n)
			beam, _ := strconv.Atoi(bm)
			stages, beams = append(stages, stage), append(beams, beam)
		}
		p.suitedStaged, p.suitedStagedOwn = nil, nil
		for _, list := range []*[]searchSpec{&p.stock, &p.suited, &p.buries} { // p's own copies (preset.clone)
			k := 0
			for i := range *list {
				if !(*list)[i].walk {
					(*list)[i].stage, (*list)[i].beam = stages[k%len(stages)], beams[k%len(beams)]
					k++
				}
			}
		}
	}
	if ph := os.Getenv("SOLVE_PHASE"); ph != "" {
		// percent,positions,beam: the suited list alone for percent of the time, then its
		// staged searches with these knobs (preset.suitedEarly, suitedStaged); positions and
		// beam may be lists split by '/', which the staged searches take in turn
		f := strings.Split(ph+",,", ",")
		p.suitedEarly, _ = strconv.Atoi(f[0])
		stages, beams := strings.Split(f[1], "/"), strings.Split(f[2], "/")
		for _, list := range stagedLists {
			for i := range *list {
				(*list)[i].stage, _ = strconv.Atoi(stages[i%len(stages)])
				(*list)[i].beam, _ = strconv.Atoi(beams[i%len(beams)])
			}
		}
	}
	if n := os.Getenv("SOLVE_STAGED_NOISE"); n != "" {
		// n: the staged searches under n seeds, spiderNoise's first, then noiseSeeds'
		// (preset.suitedStaged, suitedStagedOwn)
		k, _ := strconv.Atoi(n)
		seeds := slices.Concat(spiderNoise, noiseSeeds(k)[min(k, len(spiderNoise)):])[:k]
		p.suitedStaged, p.suitedStagedOwn = spiderStaged(seeds, false), spiderStaged(seeds, true)
	}
	if os.Getenv("SOLVE_DIG") == "off" {
		p.suitedStagedOwn = nil // where every card is its own, the staged searches dig none (dug)
	}
	if n, _ := strconv.Atoi(os.Getenv("SOLVE_NOISY_BURIES")); n > 0 {
		// n more best-first searches where the stock is turned once, the list's first and
		// third by turns, each with a pseudo-random term
		p.buries = append(slices.Clone(p.buries), noisy([]searchSpec{p.buries[0], p.buries[2]}, noiseSeeds(n))...)
	}
	if j := os.Getenv("SOLVE_JOINS"); j != "" {
		// staged, relayed, unrelayed or all: which best-first searches of the suited lists
		// offer joins (befs.joins)
		for _, list := range stagedLists {
			*list = slices.Clone(*list)
			for i := range *list {
				sp := &(*list)[i]
				sp.joins = !sp.walk && (j == "staged" || j == "all" || j == "relayed" && sp.relay || j == "unrelayed" && !sp.relay)
			}
		}
		if j == "all" {
			for _, list := range []*[]searchSpec{&p.suited, &p.suitedStockless} {
				*list = slices.Clone(*list)
				for i := range *list {
					(*list)[i].joins = !(*list)[i].walk
				}
			}
		}
	}
	if sp := os.Getenv("SOLVE_SPREADS"); sp != "" {
		// off, staged or all: which best-first searches of the suited lists offer spreads
		// (befs.spreads; by default those of suited and the staged lists)
		for _, list := range []*[]searchSpec{&p.suited, &p.suitedStaged, &p.suitedStagedOwn, &p.suitedStockless} {
			staged := slices.Contains(stagedLists, list)
			*list = slices.Clone(*list)
			for i := range *list {
				(*list)[i].spreads = !(*list)[i].walk && (sp == "all" || sp == "staged" && staged)
			}
		}
	}
	if os.Getenv("SOLVE_BURIES") == "off" {
		p.buries = nil // the stock's searches where the stock is turned once
	}
	if c := os.Getenv("SOLVE_CULL"); c != "" {
		p.suitedCull, _ = strconv.Atoi(c) // preset.suitedCull
	}
	switch os.Getenv("SOLVE_RELAY") {
	case "off": // the staged searches without relays (befs.relay)
		for _, list := range stagedLists {
			*list = slices.DeleteFunc(slices.Clone(*list), func(sp searchSpec) bool { return sp.relay })
		}
	case "stockless": // the first search without a stock again, offering relays, after it
		sp := p.suitedStockless[0]
		sp.relay = true
		p.suitedStockless = slices.Insert(slices.Clone(p.suitedStockless), 1, sp)
	case "all": // every best-first search of the suited lists offers relays, the staged once
		for _, list := range stagedLists {
			*list = slices.DeleteFunc(slices.Clone(*list), func(sp searchSpec) bool { return !sp.relay })
		}
		for _, list := range []*[]searchSpec{&p.suited, &p.suitedStockless} {
			*list = slices.Clone(*list)
			for i := range *list {
				(*list)[i].relay = !(*list)[i].walk
			}
		}
	}
	if os.Getenv("SOLVE_ANYSUIT") == "off" {
		p.anySuit = nil // the stockless searches, without the streamlined walk
	}
	if q := os.Getenv("SOLVE_QUOTA"); q != "" {
		p.firstQuota, _ = strconv.Atoi(q)
	}
	var times []float64
	count := map[Status]int{}
	moves, states := 0, 0
	var failed []int
	begin := time.Now()
	list := []int{}
	for d := a; d <= b; d++ {
		list = append(list, d)
	}
	if l := os.Getenv("SOLVE_LIST"); l != "" {
		list = list[:0]
		for _, f := range strings.Split(l, ",") {
			d, _ := strconv.Atoi(f)
			list = append(list, d)
		}
	}
	for _, d := range list {
		cfg := model.Config{Game: parts[0], Options: opts}
		if parts[0] == "freecell" {
			cfg.Deal = int64(d)
		} else {
			cfg.Seed = uint64(d)
		}
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{TimeLimit: limit, MaxStates: maxStates, preset: p}
		if mb, _ := strconv.Atoi(os.Getenv("SOLVE_MEM")); mb > 0 {
			opt.MaxMemory = int64(mb) << 20 // a job's share, as a range of two jobs has 512
		}
		if os.Getenv("SOLVE_SHORTEN") == "off" {
			opt.Shorten = ShortenOff // as the winnability rows are measured
		}
		r, err := Solve(context.Background(), g, opt)
		if err != nil {
			t.Fatalf("%d: %v", d, err)
		}
		count[r.Status]++
		states += r.States
		times = append(times, r.Elapsed.Seconds())
		if r.Status == Solved {
			moves += len(r.Moves)
		} else {
			failed = append(failed, d)
		}
		if os.Getenv("SOLVE_VERBOSE") != "" {
			t.Logf("%d: %v", d, r)
		}
	}
	sort.Float64s(times)
	n := len(times)
	t.Logf("%s %d-%d: solved %d, unsolvable %d, gave up %d; %.2f s total, median %.4f s, p99 %.4f s, max %.2f s; mean length %.1f; mean states %d",
		spec, a, b, count[Solved], count[Unsolvable], count[GaveUp], time.Since(begin).Seconds(), times[n/2], times[n*99/100], times[n-1],
		float64(moves)/float64(max(1, count[Solved])), states/n)
	if len(failed) > 0 && len(failed) < 50 {
		t.Logf("not solved: %v", failed)
	}
}

// envWeights reads eval's weights and a move's weight from a knob's value: home, emptyCol,
// down, brk, cell, reserve, depth, the move's weight, block, separated by commas.
func envWeights(w string) (weights, int32) {
	var v [9]int32
	for i, f := range strings.Split(w, ",") {
		n, _ := strconv.Atoi(f)
		v[i] = int32(n)
	}
	return weights{home: v[0], emptyCol: v[1], down: v[2], brk: v[3], cell: v[4], reserve: v[5], depth: v[6], block: v[8]}, v[7]
}
