package cmd

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"solitaire/controller"
	"solitaire/model"
)

// maxRange is the most deals one run solves.
const maxRange = 10_000_000

// rangeFlag is the range flag given, for messages.
func rangeFlag(df *dealFlags) string {
	if df.changed("seeds") {
		return "--seeds"
	}
	return "--deals"
}

// rangeText reads a range, A-B or A; it is compiled on first use, not at start.
var rangeText = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$`) })

// parseRange reads --deals A-B or --seeds A-B (or a single number). --deals means Microsoft
// deal numbers for a game that has them, seeds for the others.
func (sf *solveFlags) parseRange(df *dealFlags) (*controller.DealRange, error) {
	name, text := rangeFlag(df), sf.deals
	if name == "--seeds" {
		text = sf.seeds
	}
	numbered := name == "--deals" && df.info.Numbered
	m := rangeText().FindStringSubmatch(text)
	if m == nil {
		return nil, usageError{fmt.Errorf("%s %q: give a range of numbers such as 1-100, or one number", name, text)}
	}
	a, errA := strconv.ParseUint(m[1], 10, 64)
	b, errB := a, error(nil)
	if m[2] != "" {
		b, errB = strconv.ParseUint(m[2], 10, 64)
	}
	top := uint64(math.MaxUint64)
	if numbered {
		top = model.MaxMSDeal
	}
	text = strings.TrimSpace(text)
	switch {
	case errA != nil || errB != nil:
		return nil, usageError{fmt.Errorf("%s %s is out of range", name, text)}
	case a > b:
		return nil, usageError{fmt.Errorf("%s %s: the range runs backwards; write %d-%d", name, text, b, a)}
	case numbered && (a == 0 || b > top):
		return nil, usageError{fmt.Errorf("%s %s: deal numbers run from 1 to %d", name, text, model.MaxMSDeal)}
	case a == 0:
		return nil, usageError{fmt.Errorf("%s %s: seeds start at 1", name, text)}
	case b-a >= maxRange:
		return nil, usageError{fmt.Errorf("%s %s: at most %d deals in one run", name, text, maxRange)}
	}
	jobs := sf.jobs
	if n := b - a + 1; uint64(jobs) > n {
		jobs = int(n)
	}
	return &controller.DealRange{Info: df.info, Numbered: numbered, First: a, Last: b, Jobs: max(jobs, 1)}, nil
}
