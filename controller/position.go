package controller

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"solitaire/controller/store"
	"solitaire/model"
	"solitaire/parser"
	"solitaire/view"
)

// MaxPositionSize is the largest position file read; a real one is a few kilobytes.
const MaxPositionSize = 1 << 20

// LoadOptions says which game a position file may hold.
type LoadOptions struct {
	Game      string         // the game of a file that names none
	Only      bool           // the file must be a game of Game (play GAME --position)
	Overrides []model.Option // options that win over the file's
}

// LoadGame reads a position file and builds the game it describes, starting at the position.
// Errors do not repeat the path: the caller names the file.
func LoadGame(path string, o LoadOptions) (*model.Game, error) {
	pos, err := ReadPosition(path)
	if err != nil {
		return nil, err
	}
	if pos.Game == "" {
		pos.Game = o.Game
	} else if o.Only && o.Game != "" {
		info, err := model.LookupGame(pos.Game)
		if err != nil {
			return nil, err
		}
		if want, _ := model.LookupGame(o.Game); want != nil && info != want {
			return nil, fmt.Errorf("the position is a game of %s, not %s", info.Name, want.Name)
		}
	}
	return model.LoadPosition(pos, o.Overrides)
}

// positionFile is what a position file may hold: the position, and the other fields a state
// line of --format json carries (jsonState: the deal, the moves made, what the command said,
// the hint, the score, what review found), which are accepted and ignored: a position loaded is a new game from
// those cards. Anything else is refused, so that a misspelt field (facedown) is not silently
// ignored.
type positionFile struct {
	Game     string                     `json:"game"`
	Options  map[string]json.RawMessage `json:"options"`
	Piles    []pileFile                 `json:"piles"`
	Base     int                        `json:"base"`
	Recycles int                        `json:"recycles"`
	Seed     json.RawMessage            `json:"seed"`
	Deal     json.RawMessage            `json:"deal"`
	Moves    json.RawMessage            `json:"moves"`
	Won      json.RawMessage            `json:"won"`
	Command  json.RawMessage            `json:"command"`
	Message  json.RawMessage            `json:"message"`
	Hint     json.RawMessage            `json:"hint"`
	Score    json.RawMessage            `json:"score"`
	Review   json.RawMessage            `json:"review"`
}

type pileFile struct {
	Name     string   `json:"name"`
	Cards    []string `json:"cards"`
	FaceDown int      `json:"face_down"`
}

// optionValue reads an option value: a string as --format json prints it, or a bare number or boolean.
func optionValue(key string, raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		return n.String(), nil
	}
	var t bool
	if err := json.Unmarshal(raw, &t); err == nil {
		return fmt.Sprint(t), nil
	}
	return "", fmt.Errorf("option %s: the value should be a string, a number or true/false, not %s", key, bytes.TrimSpace(raw))
}

// ReadPosition reads a position file: one JSON object in the shape --format json prints, at
// most MaxPositionSize bytes. It checks the form only; model.LoadPosition checks the cards.
func ReadPosition(path string) (model.Position, error) {
	var pos model.Position
	data, err := readSmallFile(path)
	if err != nil {
		return pos, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return pos, errors.New("the file is empty; a position file holds one JSON object, as --format json prints")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f positionFile
	if err := dec.Decode(&f); err != nil {
		return pos, jsonError(data, dec, err)
	}
	off := int(dec.InputOffset())
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		for off < len(data) && strings.ContainsRune(" \t\r\n", rune(data[off])) {
			off++
		}
		return pos, fmt.Errorf("%s: more follows the position; a position file holds one JSON object (one line of --format json output)", where(data, off))
	}
	pos.Game, pos.Base, pos.Recycles = f.Game, f.Base, f.Recycles
	if f.Options != nil {
		pos.Options = model.Options{}
		for _, k := range slices.Sorted(maps.Keys(f.Options)) {
			v, err := optionValue(k, f.Options[k])
			if err != nil {
				return pos, err
			}
			pos.Options[k] = v
		}
	}
	for _, p := range f.Piles {
		pos.Piles = append(pos.Piles, model.PilePosition{Name: p.Name, Cards: p.Cards, FaceDown: p.FaceDown})
	}
	return pos, nil
}

// readSmallFile reads a regular file of at most MaxPositionSize bytes, with plain errors. A
// named pipe, a device or a folder (or a link to one) is refused at once, never opened in a
// way that waits: a link the user names is followed, but it must lead to a regular file.
func readSmallFile(path string) ([]byte, error) {
	data, err := store.ReadNamed(path, MaxPositionSize)
	var nr *store.NotRegularError
	var tl *store.TooLargeError
	switch {
	case err == nil:
		return data, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, errors.New("no such file")
	case errors.Is(err, fs.ErrPermission):
		return nil, errors.New("permission denied")
	case errors.As(err, &nr) && nr.Mode.IsDir():
		return nil, errors.New("that is a directory, not a position file")
	case errors.As(err, &nr):
		return nil, fmt.Errorf("%v; solitaire reads positions and saves only from regular files", err)
	case errors.As(err, &tl):
		return nil, fmt.Errorf("the file is larger than %d KiB; a position file is a few kilobytes", MaxPositionSize>>10)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return nil, fmt.Errorf("reading it: %v", err)
}

// jsonError explains a decoding error, at its line and column when the decoder knows them.
func jsonError(data []byte, dec *json.Decoder, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s: %s", where(data, int(se.Offset)-1), se.Error())
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "the position"
		}
		return fmt.Errorf("%s: %s should be %s, not %s", where(data, int(te.Offset)-1), field, typeWord(te.Type), article(te.Value))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: the JSON stops in the middle", where(data, len(data)))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if strings.HasPrefix(msg, "unknown field ") {
		msg += " (a position has game, options and piles; a pile has name, cards and face_down)"
	}
	return errors.New(msg)
}

// where is "line L, column C" for a byte offset into data.
func where(data []byte, off int) string {
	off = max(0, min(off, len(data)))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

func typeWord(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64, reflect.Uint64:
		return "a whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}

func article(v string) string {
	switch {
	case strings.HasPrefix(v, "number"):
		return "a number"
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	}
	return "a " + v
}

// expandHome turns a leading ~/ into the home folder, as a shell would (at the prompt there is none).
func expandHome(path string) string {
	rest, ok := strings.CutPrefix(path, "~"+string(filepath.Separator))
	if path == "~" {
		rest, ok = "", true // the home folder itself (save refuses a folder); CutPrefix left "~"
	}
	if ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return path
}

// load reads the file of load FILE and builds its game, changing nothing: what says what the
// file holds, and run puts the game in play. A save (from save FILE) resumes its game with its
// history; anything else is a position file, and one that names no game is a position of the
// current game. Errors do not repeat the path: the command's echo names the file.
func (s *Session) load(path string) (what string, run func() (Outcome, error), err error) {
	path = expandHome(path)
	loaded := func(g *model.Game, p store.Progress, what string) func() (Outcome, error) {
		return func() (Outcome, error) {
			s.replace(g, p) // a save's statistics flags come along: a loaded deal is not counted twice
			return Outcome{Board: true, Message: fmt.Sprintf("loaded %s: %s", path, what)}, nil
		}
	}
	if data, err := readSaveFile(path); err == nil {
		g, p, err := store.Decode(data, parser.ParseOp)
		if err == nil {
			what := fmt.Sprintf("a saved game of %s, %s", g.Info.Title, model.Plural(g.MoveCount(), "move"))
			return what, loaded(g, p, what), nil
		}
		if !errors.Is(err, store.ErrNotSave) {
			return "", nil, fmt.Errorf("a save that cannot be used: %v", err)
		}
	}
	g, err := LoadGame(path, LoadOptions{Game: s.Game.Info.Name})
	if err != nil {
		return "", nil, err
	}
	what = "a position of " + g.Info.Title
	return what, loaded(g, store.Progress{}, what), nil
}

// NewSessionAt starts a session on a game already made, e.g. one loaded from a position file.
func NewSessionAt(g *model.Game, style view.Style, clock Clock) *Session {
	if clock == nil {
		clock = time.Now
	}
	return &Session{Game: g, Style: style, clock: clock, started: clock()}
}

// ReadSave reads path as a save file of the game (from save FILE); false if it is not one.
func ReadSave(path, game string) (*model.Game, bool) {
	data, err := readSaveFile(expandHome(path))
	if err != nil {
		return nil, false
	}
	g, _, err := store.Decode(data, parser.ParseOp)
	if err != nil || g.Info.Name != game {
		return nil, false
	}
	return g, true
}
