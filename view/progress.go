package view

import (
	"fmt"
	"strings"
	"time"
)

// progressWidth is the width of a progress bar, between its ends.
const progressWidth = 30

// ProgressBar draws how far a run has come on one line, for a terminal: what is counted, the
// share done, a bar, the count, the time spent and an estimate of the time left once something
// is done ("freecell deals  40% |████████████      | (4/10) 2s, about 3s left"), the bar in
// ASCII ("[=======>     ]") when ascii.
func ProgressBar(what string, done, total int64, elapsed time.Duration, ascii bool) string {
	total = max(total, 1)
	done = min(max(done, 0), total)
	filled := int(done * progressWidth / total)
	var bar string
	if ascii {
		head := ""
		if filled < progressWidth && done > 0 {
			head, filled = ">", max(filled-1, 0)
		}
		bar = "[" + strings.Repeat("=", filled) + head + strings.Repeat(" ", progressWidth-filled-len(head)) + "]"
	} else {
		bar = "|" + strings.Repeat("█", filled) + strings.Repeat(" ", progressWidth-filled) + "|"
	}
	s := fmt.Sprintf("%s %3d%% %s (%d/%d) %s", what, done*100/total, bar, done, total, roundTime(elapsed))
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		s += ", about " + roundTime(left) + " left"
	}
	return s
}

// roundTime writes a time to the second: "0s", "42s", "3m5s".
func roundTime(d time.Duration) string { return d.Round(time.Second).String() }
