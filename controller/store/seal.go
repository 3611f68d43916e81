package store

import (
	"bytes"
	"encoding/hex"
	"hash/crc32"
	"sync"
)

// Checksums: every line of a journal, and GAME.json, carries a CRC-32C of what it holds, so
// that a flipped byte, a lost newline or a line cut short is found and said, never read as
// something else (help saves: The journal). A journal's lines are chained: a line's sum covers
// the sum of the line before it too, so that a line left out or moved is found as well.

var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// sumKey begins the field that ends a sealed line: ,"sum":"xxxxxxxx"}.
const sumKey = `,"sum":"`

// sealTail is the length of what seal adds after the object's fields: the key, 8 hex digits,
// the quote and the closing brace.
const sealTail = len(sumKey) + 8 + 2

// chainSum is the CRC-32C of body after the sum of the line before (0 for the first line).
func chainSum(prev uint32, body []byte) uint32 {
	var p [4]byte
	p[0], p[1], p[2], p[3] = byte(prev>>24), byte(prev>>16), byte(prev>>8), byte(prev)
	return crc32.Update(crc32.Update(0, castagnoli(), p[:]), castagnoli(), body)
}

func hex8(v uint32) []byte {
	var b [4]byte
	b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	out := make([]byte, 8)
	hex.Encode(out, b[:])
	return out
}

// seal turns a JSON object with at least one field (as json.Marshal writes it: no newline,
// "}" last) into a journal line: the object with a last field, sum, and a newline. It returns
// the line and its sum.
func seal(object []byte, prev uint32) ([]byte, uint32) {
	body := object[:len(object)-1]
	sum := chainSum(prev, body)
	line := make([]byte, 0, len(body)+sealTail+1)
	line = append(line, body...)
	line = append(line, sumKey...)
	line = append(line, hex8(sum)...)
	line = append(line, '"', '}', '\n')
	return line, sum
}

// unseal checks a line (without its newline) that seal wrote after a line whose sum was prev,
// and returns the object without its sum and the line's sum. ok is false when the line is not
// one that seal wrote there: a byte changed, a part missing, or another line before it.
func unseal(line []byte, prev uint32) (object []byte, sum uint32, ok bool) {
	if len(line) < sealTail+1 || !bytes.HasSuffix(line, []byte(`"}`)) {
		return nil, 0, false
	}
	body, tail := line[:len(line)-sealTail], line[len(line)-sealTail:]
	if !bytes.HasPrefix(tail, []byte(sumKey)) {
		return nil, 0, false
	}
	var got [4]byte
	if _, err := hex.Decode(got[:], tail[len(sumKey):len(sumKey)+8]); err != nil {
		return nil, 0, false
	}
	want := uint32(got[0])<<24 | uint32(got[1])<<16 | uint32(got[2])<<8 | uint32(got[3])
	if chainSum(prev, body) != want {
		return nil, 0, false
	}
	object = make([]byte, 0, len(body)+1)
	object = append(append(object, body...), '}')
	return object, want, true
}

// checksumKey is the field that ends GAME.json (version 4): "checksum": "xxxxxxxx", the CRC-32C
// of every byte before it.
const checksumKey = ",\n  \"checksum\": \""

// addChecksum adds the checksum field to a save as Marshal writes it (an object, "\n}\n" last).
func addChecksum(data []byte) []byte {
	body := bytes.TrimSuffix(data, []byte("\n}\n"))
	out := make([]byte, 0, len(data)+len(checksumKey)+12)
	out = append(out, body...)
	out = append(out, checksumKey...)
	out = append(out, hex8(chainSum(0, body))...)
	return append(out, "\"\n}\n"...)
}

// checkChecksum reports whether data ends with a checksum field (has) and, if so, whether it
// is the sum of what comes before it (ok).
func checkChecksum(data []byte) (has, ok bool) {
	end := bytes.TrimRight(data, " \t\r\n")
	if !bytes.HasSuffix(end, []byte("\"\n}")) && !bytes.HasSuffix(end, []byte("\"}")) {
		return false, false
	}
	i := bytes.LastIndex(data, []byte(checksumKey))
	if i < 0 {
		return bytes.Contains(data, []byte(`"checksum"`)), false
	}
	rest := data[i+len(checksumKey):]
	if len(rest) < 8 {
		return true, false
	}
	var got [4]byte
	if _, err := hex.Decode(got[:], rest[:8]); err != nil {
		return true, false
	}
	want := uint32(got[0])<<24 | uint32(got[1])<<16 | uint32(got[2])<<8 | uint32(got[3])
	return true, chainSum(0, data[:i]) == want && string(bytes.TrimRight(rest[8:], " \t\r\n")) == "\"\n}"
}
