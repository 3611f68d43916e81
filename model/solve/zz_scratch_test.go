package solve

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

func TestScratchSets(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	seeds, _ := strconv.Atoi(os.Getenv("SCRATCH_SEEDS"))
	ms, _ := strconv.Atoi(os.Getenv("SCRATCH_STATES"))
	tl, _ := strconv.ParseFloat(os.Getenv("SCRATCH_TIME"), 64)
	total := time.Now()
	for _, set := range perftSets {
		opts := model.Options{}
		for _, kv := range strings.Fields(set.opts) {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				v = "true"
			}
			opts[k] = v
		}
		start := time.Now()
		var st [3]int
		var solved []int
		var maxT time.Duration
		for s := 1; s <= seeds; s++ {
			cfg := model.Config{Game: set.game, Options: opts}
			if set.game == "freecell" {
				cfg.Deal = int64(s)
			} else {
				cfg.Seed = uint64(s)
			}
			g, err := model.NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Solve(context.Background(), g, Options{MaxStates: ms, TimeLimit: time.Duration(tl * float64(time.Second))})
			if err != nil {
				t.Errorf("%v: %v", cfg, err)
				continue
			}
			st[r.Status]++
			maxT = max(maxT, r.Elapsed)
			if r.Status == Solved {
				solved = append(solved, s)
			}
		}
		t.Logf("%-10s %-50q solved %d unsolvable %d gaveup %d  %.2fs (max %.2fs) solved=%v", set.game, set.opts, st[0], st[1], st[2], time.Since(start).Seconds(), maxT.Seconds(), solved)
	}
	t.Logf("total %.1fs", time.Since(total).Seconds())
}
