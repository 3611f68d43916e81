package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"solitaire/model"
)

// Record is the statistics of one game variant. Won counts every win, with hints or without
// (files from before hints were counted hold only unaided wins, so they read the same);
// WonHinted is the part of Won where hint or solve was used. The fields added for assistance
// are omitempty so that a file with none of it looks as it always did.
type Record struct {
	Played       int     `json:"played"`
	Won          int     `json:"won"`
	Streak       int     `json:"streak"`      // wins in a row, now
	BestStreak   int     `json:"best_streak"` // most wins in a row
	BestSeconds  float64 `json:"best_seconds,omitempty"`
	FewestMoves  int     `json:"fewest_moves,omitempty"`
	WonHinted    int     `json:"won_with_hints,omitempty"` // wins after hint or solve, counted in Won too
	DemoFinished int     `json:"demo_finished,omitempty"`  // deals finished after a demo: not wins
	Hints        int     `json:"hints,omitempty"`          // hint commands
	Solves       int     `json:"solves,omitempty"`         // solve commands (the line printed)
	Demos        int     `json:"demos,omitempty"`          // solve play / demo commands
	BestScore    int     `json:"best_score,omitempty"`     // the best standard score of an unaided win
	VegasTotal   int     `json:"vegas_total,omitempty"`    // Vegas dollars over every deal: the cumulative score
}

// Points is what a deal's score brings to the statistics with an event.
type Points struct {
	Standard int  // the deal's standard score, a best score if the event is an unaided win
	Scored   bool // Standard holds a score (the deal keeps standard scoring)
	Vegas    int  // dollars added to the Vegas total: the ante at Played, the cards home at the end
}

// WonUnaided is the number of wins without hint, solve or demo.
func (r Record) WonUnaided() int { return r.Won - r.WonHinted }

// WinRate is the share of played games won, 0 to 1.
func (r Record) WinRate() float64 {
	if r.Played == 0 {
		return 0
	}
	return float64(r.Won) / float64(r.Played)
}

// Stats maps a variant ("klondike", "klondike draw=3") to its record.
type Stats struct {
	Format   string            `json:"format"`
	Version  int               `json:"version"`
	Variants map[string]Record `json:"variants"`
	// Deals are the deals counted last (at most keepDeals), with the once-a-deal events
	// counted for each, so that counting an event again for the same deal changes nothing.
	Deals []DealEvents `json:"deals,omitempty"`
}

// DealEvents are the once-a-deal events counted for a deal, by its save's id: a bit per Event.
type DealEvents struct {
	ID     string `json:"id"`
	Events uint32 `json:"events"`
}

// keepDeals bounds Stats.Deals: a deal is resumed long after others were played only if it
// was put aside with switch, and there is one such deal per game.
const keepDeals = 64

// oncePerDeal are the events a deal has at most once: its being played, its end, and its
// being abandoned. They are what a resumed save could count a second time.
func oncePerDeal(e Event) bool {
	switch e {
	case Played, Won, WonHinted, DemoFinished, Abandoned:
		return true
	}
	return false
}

// counted reports whether event e is already counted for deal id, and marks it counted.
func (st *Stats) counted(id string, e Event) bool {
	if id == "" || !oncePerDeal(e) {
		return false
	}
	entry := DealEvents{ID: id}
	for i, d := range st.Deals {
		if d.ID == id {
			entry = d
			st.Deals = append(st.Deals[:i], st.Deals[i+1:]...)
			break
		}
	}
	seen := entry.Events&(1<<e) != 0
	entry.Events |= 1 << e
	st.Deals = append(st.Deals, entry)
	if len(st.Deals) > keepDeals {
		st.Deals = st.Deals[len(st.Deals)-keepDeals:]
	}
	return seen
}

const statsFormat = "solitaire-stats"

// Variant names a game with its options that differ from the defaults: "klondike draw=3 passes=3".
func Variant(g *model.Game) string {
	parts := []string{g.Info.Name}
	for _, s := range g.Info.Specs {
		if v := g.Config.Options[s.Key]; v != "" && v != s.Default {
			parts = append(parts, s.Key+"="+v)
		}
	}
	return strings.Join(parts, " ")
}

// Event is what happened to a game that the statistics count.
type Event uint8

// The events.
const (
	Played    Event = iota // the first move of a deal was made
	Won                    // the deal was won unaided (once per deal)
	Abandoned              // a counted, unwon deal was replaced by another: the streak ends

	WonHinted    // the deal was won after hint or solve: a win, also counted apart
	DemoFinished // the deal was won after the demo played in it: not a win, and the streak ends
	HintUsed     // a hint was given
	SolveUsed    // solve printed a winning line
	DemoUsed     // solve play (demo) played moves
)

// Record adds one event for a variant to the statistics file, under the folder's lock, so two
// programs counting at once lose nothing. moves and took describe a win.
func (d *Dir) Record(variant string, e Event, moves int, took time.Duration) error {
	return d.RecordDeal(variant, "", e, moves, took)
}

// RecordDeal is Record for the deal whose save has the id deal: an event that a deal has once
// (played, its end, abandoned) is counted once for it, however often it is recorded. The save
// is written after the statistics, so a program killed between the two leaves a save that
// does not know the event was counted; the next program records it again, and this makes
// that second count change nothing.
func (d *Dir) RecordDeal(variant, deal string, e Event, moves int, took time.Duration) error {
	return d.RecordScored(variant, deal, e, moves, took, Points{})
}

// RecordScored is RecordDeal with the points of a deal that keeps a score. They count only when
// the event does (once a deal), so a resumed save cannot pay the same deal twice.
func (d *Dir) RecordScored(variant, deal string, e Event, moves int, took time.Duration, p Points) error {
	return d.locked(func() error {
		st, err := d.readStats()
		if err != nil {
			var ce *CorruptError
			if !errors.As(err, &ce) {
				return err
			}
			st = Stats{} // a broken file was moved aside; counting starts again
		}
		if st.Variants == nil {
			st.Variants = map[string]Record{}
		}
		if st.counted(deal, e) {
			return nil
		}
		r := st.Variants[variant]
		r.apply(e, moves, took)
		r.score(e, p)
		st.Variants[variant] = r
		st.Format, st.Version = statsFormat, 1
		b, _ := json.MarshalIndent(st, "", "  ")
		return d.write("stats.json", append(b, '\n'))
	})
}

// apply counts one event.
func (r *Record) apply(e Event, moves int, took time.Duration) {
	switch e {
	case Played:
		r.Played++
	case Won, WonHinted:
		r.Won++
		r.Streak++
		r.BestStreak = max(r.BestStreak, r.Streak)
		if e == WonHinted {
			// A win with hints keeps the streak, but the best time and fewest moves are the
			// player's own: a line the solver found is not a record to beat.
			r.WonHinted++
			break
		}
		if s := took.Seconds(); r.BestSeconds == 0 || s < r.BestSeconds {
			r.BestSeconds = s
		}
		if r.FewestMoves == 0 || moves < r.FewestMoves {
			r.FewestMoves = moves
		}
	case DemoFinished:
		// The computer finished the deal: for the player it is a deal given up, as with new.
		r.DemoFinished++
		r.Streak = 0
	case Abandoned:
		r.Streak = 0
	case HintUsed:
		r.Hints++
	case SolveUsed:
		r.Solves++
	case DemoUsed:
		r.Demos++
	}
}

// score counts the points that come with an event.
func (r *Record) score(e Event, p Points) {
	r.VegasTotal += p.Vegas
	if e == Won && p.Scored && p.Standard > r.BestScore {
		r.BestScore = p.Standard
	}
}

// ReadStats reads the statistics; a missing file is empty statistics. A broken file is moved
// aside and reported as a *CorruptError along with empty statistics.
func (d *Dir) ReadStats() (Stats, error) {
	var st Stats
	err := d.locked(func() error {
		var err error
		st, err = d.readStats()
		return err
	})
	if st.Variants == nil {
		st.Variants = map[string]Record{}
	}
	return st, err
}

func (d *Dir) readStats() (Stats, error) {
	path := d.file("stats.json")
	data, err := readFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Stats{}, nil
	}
	var st Stats
	readFailed := err != nil
	if err == nil {
		if err = json.Unmarshal(data, &st); err == nil {
			switch {
			case st.Format != statsFormat:
				err = errors.New("not a solitaire statistics file")
			case st.Version != 1:
				err = fmt.Errorf("statistics version %d is not one this solitaire reads", st.Version)
			default:
				return st, nil
			}
		}
	}
	ce := &CorruptError{Path: path, Err: err}
	if !readFailed || damaged(err) {
		// Only damage moves the file aside: one that could not be read (permission, a
		// folder, a link, a pipe) is left as it is, and nothing is written over it.
		ce.MovedTo, _ = d.Quarantine(path)
	}
	return Stats{}, ce
}

// Names lists the variant names in order, those of one game only if game is not empty.
func (st Stats) Names(game string) []string {
	var out []string
	for v := range st.Variants {
		if game == "" || v == game || strings.HasPrefix(v, game+" ") {
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}
