package store

import "testing"

// TestScoreArithmetic checks what scores bring to a variant's record: the Vegas total adds the
// ante and the cards home once a deal, and the best score comes from unaided wins only.
func TestScoreArithmetic(t *testing.T) {
	type rec struct {
		deal string
		e    Event
		p    Points
	}
	tests := []struct {
		name      string
		records   []rec
		wantTotal int
		wantBest  int
	}{
		{"vegas: the ante at the first move", []rec{{"a", Played, Points{Vegas: -52}}}, -52, 0},
		{"vegas: the cards home at the end", []rec{{"a", Played, Points{Vegas: -52}}, {"a", Abandoned, Points{Vegas: 35}}}, -17, 0},
		{"vegas: cumulative over deals", []rec{
			{"a", Played, Points{Vegas: -52}}, {"a", Abandoned, Points{Vegas: 35}},
			{"b", Played, Points{Vegas: -52}}, {"b", Won, Points{Vegas: 260}},
		}, 191, 0},
		{"vegas: a deal recorded twice pays once", []rec{
			{"a", Played, Points{Vegas: -52}}, {"a", Played, Points{Vegas: -52}},
			{"a", Won, Points{Vegas: 260}}, {"a", Won, Points{Vegas: 260}},
		}, 208, 0},
		{"standard: the best unaided win", []rec{
			{"a", Won, Points{Standard: 500, Scored: true}}, {"b", Won, Points{Standard: 420, Scored: true}},
		}, 0, 500},
		{"standard: a win with hints is no best score", []rec{{"a", WonHinted, Points{Standard: 700, Scored: true}}}, 0, 0},
		{"standard: an abandoned deal is no best score", []rec{{"a", Abandoned, Points{Standard: 300, Scored: true}}}, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newDir(t)
			for _, r := range tc.records {
				if err := d.RecordScored("klondike", r.deal, r.e, 10, 0, r.p); err != nil {
					t.Fatal(err)
				}
			}
			st, err := d.ReadStats()
			if err != nil {
				t.Fatal(err)
			}
			got := st.Variants["klondike"]
			if got.VegasTotal != tc.wantTotal || got.BestScore != tc.wantBest {
				t.Errorf("vegas total %d, best score %d; want %d, %d", got.VegasTotal, got.BestScore, tc.wantTotal, tc.wantBest)
			}
		})
	}
}
