package view

import (
	"testing"
	"time"
)

func TestProgressBar(t *testing.T) {
	for _, tt := range []struct {
		done, total int64
		elapsed     time.Duration
		ascii       bool
		want        string
	}{
		{0, 3, 0, false, "freecell deals   0% |                              | (0/3) 0s"},
		{1, 3, 2 * time.Second, false, "freecell deals  33% |██████████                    | (1/3) 2s, about 4s left"},
		{3, 3, 5 * time.Second, false, "freecell deals 100% |██████████████████████████████| (3/3) 5s"},
		{0, 4, 0, true, "freecell deals   0% [                              ] (0/4) 0s"},
		{1, 4, time.Second, true, "freecell deals  25% [======>                       ] (1/4) 1s, about 3s left"},
		{4, 4, 61 * time.Second, true, "freecell deals 100% [==============================] (4/4) 1m1s"},
		{9, 0, 0, true, "freecell deals 100% [==============================] (1/1) 0s"}, // an empty range
	} {
		if got := ProgressBar("freecell deals", tt.done, tt.total, tt.elapsed, tt.ascii); got != tt.want {
			t.Errorf("%d of %d:\n got %q\nwant %q", tt.done, tt.total, got, tt.want)
		}
	}
}
