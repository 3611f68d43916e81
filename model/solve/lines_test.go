package solve

import (
	"context"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"solitaire/model"
)

// lineGame is a game and option set whose lines are measured, with its target: the most
// commands a solved deal may take on average (docs/winnability.md, "Lines").
type lineGame struct {
	name   string
	game   string
	opts   model.Options
	target float64
}

var lineGames = []lineGame{
	{"klondike", "klondike", nil, 100},
	{"klondike draw 3", "klondike", model.Options{"draw": "3"}, 110},
	{"canfield", "canfield", nil, 120},
	{"canfield classic", "canfield", model.Options{"classic": "true"}, 150},
	{"algerian", "algerian", nil, 160},
	{"natali", "natali", nil, 400},
	{"osmosis", "osmosis", nil, 130},
	{"freecell", "freecell", nil, 85},
}

// TestLineLengths measures the lines solve hands out when LINES is set (LINES=1: seeds 1-200
// of every game; LINES=klondike:1-50 one game): the mean commands of a solved deal, draws
// among them, the longest, and the time. It is a measuring tool.
func TestLineLengths(t *testing.T) {
	spec := os.Getenv("LINES")
	if spec == "" {
		t.Skip("set LINES=1 or LINES=name:A-B to measure")
	}
	a, b := 1, 200
	games := lineGames
	if spec != "1" {
		name, rng, _ := strings.Cut(spec, ":")
		games = nil
		for _, lg := range lineGames {
			if lg.name == name {
				games = append(games, lg)
			}
		}
		if rng != "" {
			x, y, _ := strings.Cut(rng, "-")
			a, _ = strconv.Atoi(x)
			b, _ = strconv.Atoi(y)
		}
	}
	limit := 10 * time.Second
	if s := os.Getenv("SOLVE_LIMIT"); s != "" {
		f, _ := strconv.ParseFloat(s, 64)
		limit = time.Duration(f * float64(time.Second))
	}
	// LINES_PLAN changes the shortening's plan: "global=30 suffixes=90,70,50,30 states=400000".
	var plan *shortenPlan
	if spec := os.Getenv("LINES_PLAN"); spec != "" {
		p := planFor(Options{TimeLimit: limit})
		for _, kv := range strings.Fields(spec) {
			k, v, _ := strings.Cut(kv, "=")
			n, _ := strconv.Atoi(v)
			switch k {
			case "global":
				p.global = n
			case "again":
				p.again = nil
				for _, f := range strings.Split(v, ",") {
					x, _ := strconv.Atoi(f)
					p.again = append(p.again, x)
				}
			case "share":
				p.share = n
			case "states":
				p.states = n
			case "quota":
				p.quota = n
			case "depth":
				p.depth = n
			case "searches": // d5p,a10: weights (d default, a alt), command weight, p pruned
				p.searches = nil
				for _, f := range strings.Split(v, ",") {
					ps := polishSearch{w: &defaultWeights, prune: strings.HasSuffix(f, "p")}
					if f[0] == 'a' {
						ps.w = &altWeights
					}
					x, _ := strconv.Atoi(strings.TrimSuffix(f[1:], "p"))
					ps.dw = int32(x)
					p.searches = append(p.searches, ps)
				}
			case "suffixes":
				p.suffixes = nil
				for _, f := range strings.Split(v, ",") {
					x, _ := strconv.Atoi(f)
					p.suffixes = append(p.suffixes, x)
				}
			default:
				t.Fatalf("LINES_PLAN: unknown %q", k)
			}
		}
		plan = &p
	}
	for _, lg := range games {
		type res struct {
			seed, n, draws int
			secs           float64
			solved         bool
		}
		out := make([]res, b-a+1)
		var wg sync.WaitGroup
		next := make(chan int)
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for d := range next {
					cfg := model.Config{Game: lg.game, Options: lg.opts}
					if lg.game == "freecell" {
						cfg.Deal = int64(d)
					} else {
						cfg.Seed = uint64(d)
					}
					g, err := model.NewGame(cfg)
					if err != nil {
						t.Error(err)
						continue
					}
					opt := Options{TimeLimit: limit}
					if plan != nil {
						opt.plan = plan
					}
					r, err := Solve(context.Background(), g, opt)
					if err != nil {
						t.Errorf("%s %d: %v", lg.name, d, err)
						continue
					}
					x := res{seed: d, secs: r.Elapsed.Seconds(), solved: r.Status == Solved, n: len(r.Moves)}
					for _, op := range r.Moves {
						if _, ok := op.(model.Draw); ok {
							x.draws++
						}
					}
					out[d-a] = x
					if os.Getenv("LINES_VERBOSE") != "" {
						t.Logf("%s %d: %v, %d draws", lg.name, d, r, x.draws)
					}
				}
			}()
		}
		for d := a; d <= b; d++ {
			next <- d
		}
		close(next)
		wg.Wait()
		solved, cmds, draws, longest, longSeed := 0, 0, 0, 0, 0
		var times []float64
		for _, x := range out {
			times = append(times, x.secs)
			if !x.solved {
				continue
			}
			solved++
			cmds += x.n
			draws += x.draws
			if x.n > longest {
				longest, longSeed = x.n, x.seed
			}
		}
		sort.Float64s(times)
		mean := float64(cmds) / float64(max(1, solved))
		t.Logf("%-17s %d-%d: solved %d, mean %.1f commands (%.1f draws), longest %d (seed %d, %.1fx mean); target %.0f; time median %.3f s, p95 %.3f s, max %.2f s",
			lg.name, a, b, solved, mean, float64(draws)/float64(max(1, solved)), longest, longSeed, float64(longest)/mean, lg.target,
			times[len(times)/2], times[len(times)*95/100], times[len(times)-1])
	}
}
