package controller

import (
	"bufio"
	"io"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/chzyer/readline"
)

// What reaches readline.
//
// chzyer/readline acts on control bytes wherever they come from: 0x12 and 0x13 start a history
// search that panics when there is no terminal width to draw it in (and the panic, in readline's
// own goroutine, cannot be recovered); 0x1A sends SIGTSTP to the program and to its parent; a
// long line costs time quadratic in its length (each rune copies the line into the history).
// So the prompt's input goes through promptInput first:
//
//   - Piped input (and a terminal whose output is redirected, which is left in line mode) is cut
//     into lines of at most MaxLine bytes, in linear time. A line readline may see unchanged
//     (valid UTF-8, graphic characters only) goes through; any other line is kept aside, and
//     readline sees a marker line in its place. RunPrompt takes the line back from the queue:
//     control bytes (other than tab) and long lines are refused there, anything else (a tab,
//     invalid UTF-8, an invisible character) goes to the parser, which words it as script mode
//     does.
//   - At a terminal, keys go through, except NUL and Ctrl-Z, which are dropped. Once a line
//     passes MaxLine bytes (a paste), the marker and Enter are sent in place of the rest of it,
//     and the rest is dropped up to the next Enter, or until a read has to wait for input (the
//     paste is over): the line comes back refused, and readline, whose work grows with the
//     square of the line, never holds more than MaxLine bytes of it.
//
// The marker is the byte 0x1A, which otherwise never reaches readline; filterRune turns it into
// markerRune, which readline inserts as a character, and drops markerRune itself.

const (
	markerByte = 0x1A     // sent to readline in place of a line it must not see
	markerRune = '\uE000' // what filterRune turns markerByte into, in the line readline returns

	// pasteGap is how long a terminal must stay quiet for a paste to have ended.
	pasteGap = 300 * time.Millisecond
)

// asideLine is a line readline did not see.
type asideLine struct {
	line    string // the raw line, without its line ending; empty when tooLong
	tooLong bool   // the line passed MaxLine bytes; nothing of it is kept
}

// promptInput is the reader readline reads the prompt's input from.
type promptInput struct {
	src io.ReadCloser
	tty bool // a terminal in raw mode: keys, not lines

	r      *bufio.Reader // lines mode
	lineNo int

	n        int      // terminal: bytes since the last Enter, Ctrl-J or Ctrl-C
	esc      escState // terminal: where an escape sequence stands
	skipping bool     // terminal: dropping the rest of a line that passed MaxLine
	buf      []byte

	out []byte // what is ready for readline
	err error  // the error after out

	mu    sync.Mutex
	aside []asideLine
}

type escState uint8

const (
	escGround escState = iota
	escStart           // after ESC
	escCSI             // after ESC [, until a final byte
	escSS3             // after ESC O, for one byte
)

func newPromptInput(src io.ReadCloser, tty bool) *promptInput {
	p := &promptInput{src: src, tty: tty}
	if tty {
		p.buf = make([]byte, 4096)
	} else {
		p.r = bufio.NewReaderSize(src, 64*1024)
	}
	return p
}

// Close closes the input it reads.
func (p *promptInput) Close() error { return p.src.Close() }

func (p *promptInput) Read(b []byte) (int, error) {
	for len(p.out) == 0 && p.err == nil {
		if p.tty {
			p.readKeys()
		} else {
			p.readLine()
		}
	}
	if len(p.out) > 0 {
		n := copy(b, p.out)
		p.out = p.out[n:]
		return n, nil
	}
	return 0, p.err
}

// readLine reads one line and makes it ready for readline, or sets it aside.
func (p *promptInput) readLine() {
	line, tooLong, err := readLine(p.r)
	if err != nil && line == "" && !tooLong {
		p.err = err
		return
	}
	p.lineNo++
	if p.lineNo == 1 {
		line = strings.TrimPrefix(line, "\ufeff") // a byte-order mark some editors write
	}
	switch {
	case tooLong:
		p.setAside(asideLine{tooLong: true})
	case !plainLine(line):
		p.setAside(asideLine{line: line})
	default:
		p.out = append(p.out, line...)
		p.out = append(p.out, '\n')
	}
	if err != nil {
		p.err = err // the last line had no newline; it has one now
	}
}

func (p *promptInput) setAside(a asideLine) {
	p.mu.Lock()
	p.aside = append(p.aside, a)
	p.mu.Unlock()
	p.out = append(p.out, markerByte, '\n')
}

// plainLine reports whether readline may see line as it is: valid UTF-8 of graphic characters
// only (letters, marks, numbers, punctuation, symbols and spaces), none of which readline
// takes for a key.
func plainLine(line string) bool {
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size <= 1 || !unicode.IsGraphic(r) {
			return false
		}
		i += size
	}
	return true
}

// readKeys reads what the terminal sent and makes it ready for readline.
func (p *promptInput) readKeys() {
	start := time.Now()
	n, err := p.src.Read(p.buf)
	if p.skipping && time.Since(start) >= pasteGap {
		p.skipping = false // the read waited: the paste is over, and this is typing
	}
	for _, c := range p.buf[:n] {
		if p.skipping {
			if c == '\r' || c == '\n' {
				p.skipping = false // the end of the long line, which was sent already
			}
			continue
		}
		switch c {
		case 0x00, markerByte:
			// NUL is end of input to readline; Ctrl-Z would suspend the program and its
			// parent (the shell), with the terminal raw. Neither does anything here.
			continue
		case '\r', '\n', readline.CharInterrupt:
			p.n, p.esc = 0, escGround
			p.out = append(p.out, c)
			continue
		}
		p.n++
		if p.n > MaxLine && p.esc == escGround && utf8.RuneStart(c) {
			// Ctrl-G leaves a history search or a completion menu; then the marker, and Enter.
			p.mu.Lock()
			p.aside = append(p.aside, asideLine{tooLong: true})
			p.mu.Unlock()
			p.out = append(p.out, readline.CharBell, markerByte, '\r')
			p.n, p.skipping = 0, true
			continue
		}
		p.esc = nextEsc(p.esc, c)
		p.out = append(p.out, c)
	}
	if err != nil {
		p.err = err
	}
}

// nextEsc follows an escape sequence through byte c, so that a long line is cut between keys.
func nextEsc(s escState, c byte) escState {
	switch s {
	case escStart:
		switch c {
		case '[':
			return escCSI
		case 'O':
			return escSS3
		case 0x1B:
			return escStart
		}
		return escGround
	case escCSI:
		if c >= 0x40 && c <= 0x7E {
			return escGround
		}
		if c < 0x20 || c > 0x3F && c != 0x7F {
			return escGround // not a CSI byte: readline gives up on the sequence too
		}
		return escCSI
	case escSS3:
		return escGround
	}
	if c == 0x1B {
		return escStart
	}
	return escGround
}

// take returns the line RunPrompt should deal with for a line readline returned: the line
// itself, or the one set aside in its place.
func (p *promptInput) take(line string) asideLine {
	if !strings.ContainsRune(line, markerRune) {
		return asideLine{line: line}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.aside) == 0 {
		return asideLine{tooLong: true} // cannot happen: every marker is queued first
	}
	a := p.aside[0]
	p.aside = p.aside[1:]
	return a
}

// filterRune is readline's FuncFilterInputRune: it turns the marker byte into markerRune, and
// what readline must not act on into Ctrl-G, which does nothing but leave a history search or
// a completion menu. interactive says whether readline draws on a terminal (a history search
// can be drawn only there).
//
// A rune is never dropped (process false): readline then asks its reader for more input at
// once, so that it reads past the end of the line; a line read ahead that nobody takes after
// quit leaves readline's Close waiting for ever.
func filterRune(interactive bool) func(rune) (rune, bool) {
	return func(r rune) (rune, bool) {
		keep := true
		switch {
		case r == 0:
			return r, true // end of input
		case r == markerByte:
			return markerRune, true
		case r == markerRune, r == readline.CharCtrlZ:
			keep = false
		case r == readline.CharBckSearch || r == readline.CharFwdSearch:
			keep = interactive
		case r < 0:
			// Alt-B, Alt-F, Alt-D and Alt-Backspace move and delete by words; readline would
			// insert the others (Alt-Ctrl-T) as a character of its own.
			keep = r == readline.MetaBackward || r == readline.MetaForward || r == readline.MetaDelete || r == readline.MetaBackspace
		case r > 0 && r < 0x20:
			keep = readlineKey(r) // a key readline does not use would be inserted raw
		case r >= 0x80 && r <= 0x9F:
			keep = false // C1 controls, which a terminal would act on
		}
		if !keep {
			return readline.CharBell, true
		}
		return r, true
	}
}

// readlineKey reports whether readline gives control character r a meaning of its own.
func readlineKey(r rune) bool {
	switch r {
	case readline.CharLineStart, readline.CharBackward, readline.CharInterrupt, readline.CharDelete,
		readline.CharLineEnd, readline.CharForward, readline.CharBell, readline.CharCtrlH, readline.CharTab,
		readline.CharCtrlJ, readline.CharKill, readline.CharCtrlL, readline.CharEnter, readline.CharNext,
		readline.CharPrev, readline.CharBckSearch, readline.CharFwdSearch,
		readline.CharCtrlU, readline.CharCtrlW, readline.CharCtrlY:
		// Not Ctrl-T: readline's transpose on a line of one character puts the cursor past the
		// end of the line, and the next redraw panics.
		return true
	}
	return false
}

// controlByte returns the column (from 1) of the first control byte in line, tab apart, or 0.
func controlByte(line string) int {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 0x20 && c != '\t' || c == 0x7F {
			return i + 1
		}
	}
	return 0
}

// visible is line as it may be shown on a terminal: control characters (C0, DEL, C1), format
// characters (bidirectional overrides among them) and bytes that are not UTF-8 become U+FFFD,
// and a tab a space, so that nothing echoed can move the cursor, reorder the text or drive
// the terminal.
func visible(line string) string {
	ok := true
	for _, r := range line {
		if !shown(r) {
			ok = false
			break
		}
	}
	if ok {
		return line
	}
	var b strings.Builder
	for _, r := range line {
		switch {
		case r == '\t':
			b.WriteByte(' ')
		case shown(r):
			b.WriteRune(r)
		default:
			b.WriteRune(utf8.RuneError)
		}
	}
	return b.String()
}

// shown reports whether r may be echoed as it is.
func shown(r rune) bool {
	return r != utf8.RuneError && unicode.IsGraphic(r)
}
