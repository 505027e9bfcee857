package board

import (
	"fmt"
	"strconv"
	"strings"
)

// The state field is a FEN's optional last field in braces,
// {seed:9e3779b97f4a7c15,last:e4}, holding what a position of some
// variants carries beyond the standard fields (docs/language.md § FEN
// state field): the random seed of a variant whose moves roll dice
// (Variant.Seeded) and the square of the piece that made the previous ply
// (Variant.TracksLast). Only those variants write it, with their keys in
// this fixed order.
const (
	stateSeedKey = "seed"
	stateLastKey = "last"
)

// goldenGamma is SplitMix64's increment (2^64 / φ).
const goldenGamma = 0x9E3779B97F4A7C15

// NextSeed returns the seed after seed: SplitMix64's step,
// splitmix(seed + 2^64/φ). A seeded variant's seed advances by it every
// ply, whatever the move (docs/language.md § rand), so that two move
// orders reaching one placement at one ply reach one seed.
func NextSeed(seed uint64) uint64 { return splitmix(seed + goldenGamma) }

// Mix returns SplitMix64's finaliser of x: a fixed, well spread 64-bit
// function, which a seeded variant's rolls are computed with.
func Mix(x uint64) uint64 { return splitmix(x) }

// seedSalt and lastSalt set apart the keys of the seed and of the last
// mover's square from every other key of the hash.
const (
	seedSalt = 0x5EED5EED5EED5EED
	lastSalt = 0x1A571A571A571A57
)

// seedHash is the hash's part for the seed: none in a variant that has no
// seed, so that its hashes are what they were before seeds existed.
func (p *Position) seedHash() uint64 {
	if !p.V.Seeded {
		return 0
	}
	return splitmix(p.Seed ^ seedSalt)
}

// SeedHash returns the part of Hash that the seed adds (0 in a variant
// without one): a repetition leaves it out (movegen's RepetitionHash).
func (p *Position) SeedHash() uint64 { return p.seedHash() }

// lastHash is the hash's part for the last mover: a key of the square it
// stands on now, none when it is off the board (what a FEN cannot name
// is no part of the position). It is computed when the hash is asked
// for, not kept, because the last mover may move or be taken by the next
// ply before SetLast names the new one.
func (p *Position) lastHash() uint64 {
	sq := p.LastSquare()
	if sq == NoSquare {
		return 0
	}
	return splitmix(uint64(sq) ^ lastSalt)
}

// LastSquare returns the square of the piece that made the previous ply
// (Position.Last), or NoSquare when there is none or it is off the board
// or a ghost.
func (p *Position) LastSquare() Square {
	if p.Last < 0 || int(p.Last) >= len(p.Pieces) {
		return NoSquare
	}
	pc := &p.Pieces[p.Last]
	if !pc.OnBoard || p.isGhost(pc) {
		return NoSquare
	}
	return pc.Square
}

// SetSeed sets the position's random seed (Variant.Seeded), journaled and
// hashed.
func (p *Position) SetSeed(seed uint64) {
	if p.Seed == seed {
		return
	}
	p.journal = append(p.journal, change{kind: chSeed, old: int64(p.Seed)})
	p.hash ^= p.seedHash()
	p.Seed = seed
	p.hash ^= p.seedHash()
}

// SetLast records piece id (-1 for none) as the one that made the
// previous ply (Variant.TracksLast), journaled; the hash counts the
// square it stands on.
func (p *Position) SetLast(id int32) {
	if p.Last == id {
		return
	}
	p.journal = append(p.journal, change{kind: chLast, old: int64(p.Last)})
	p.Last = id
}

// cutStateField takes the state field off fields when the last one starts
// with {, and returns it (its text empty when there is none). Only the
// last field may: anything after it is an error.
func cutStateField(fen string, fields []field) ([]field, field, error) {
	for i := 1; i < len(fields); i++ {
		if !strings.HasPrefix(fields[i].text, "{") {
			continue
		}
		if i != len(fields)-1 {
			return nil, field{}, fieldError(fen, fields[i+1], "the state field {…} must be the FEN's last field, without spaces: found %q after it", fields[i+1].text)
		}
		return fields[:i], fields[i], nil
	}
	return fields, field{}, nil
}

// readStateField sets what the state field f says, the pieces already
// placed: {key:value,…}, each key once, in any order. The keys are those
// of the variant: seed (Variant.Seeded), hexadecimal, and last
// (Variant.TracksLast), a square with a piece on it or -. A key left out
// keeps its default: the variant's DefaultSeed, no last mover.
func (p *Position) readStateField(fen string, f field) error {
	if f.text == "" {
		return nil
	}
	if !strings.HasSuffix(f.text, "}") || len(f.text) < 2 {
		return fieldError(fen, f, "bad state field %q: it must be {key:value,…}", f.text)
	}
	body, off := f.text[1:len(f.text)-1], f.off+1
	if body == "" {
		return nil
	}
	seen := map[string]bool{}
	for _, entry := range strings.Split(body, ",") {
		at := field{entry, off}
		off += len(entry) + 1
		key, value, ok := strings.Cut(entry, ":")
		if !ok {
			return fieldError(fen, at, "state field: expected key:value, found %q", entry)
		}
		valueAt := field{value, at.off + len(key) + 1}
		if seen[key] {
			return fieldError(fen, at, "state field: key %q given twice", key)
		}
		seen[key] = true
		switch {
		case key == stateSeedKey && p.V.Seeded:
			seed, err := strconv.ParseUint(value, 16, 64)
			if err != nil {
				return fieldError(fen, valueAt, "state field: bad seed %q (1 to 16 hexadecimal digits)", value)
			}
			p.Seed = seed
		case key == stateLastKey && p.V.TracksLast:
			if value == "-" {
				p.Last = -1
				continue
			}
			sq, err := p.ParseSquare(value)
			if err != nil {
				return fieldError(fen, valueAt, "state field: bad last mover %q: %v", value, err)
			}
			id := p.squares[sq]
			if id < 0 || p.isGhost(&p.Pieces[id]) {
				return fieldError(fen, valueAt, "state field: last mover %q: no piece stands there", value)
			}
			p.Last = id
		default:
			return fieldError(fen, at, "state field: unknown key %q (%s)", key, p.stateKeysHint())
		}
	}
	return nil
}

// stateKeysHint says which keys the variant's state field has.
func (p *Position) stateKeysHint() string {
	var keys []string
	if p.V.Seeded {
		keys = append(keys, stateSeedKey)
	}
	if p.V.TracksLast {
		keys = append(keys, stateLastKey)
	}
	if keys == nil {
		return "the variant has no state field"
	}
	return "the variant's keys: " + strings.Join(keys, ", ")
}

// writeStateField appends " {seed:…,last:…}" to b with the variant's keys
// in their fixed order; nothing for a variant without any.
func (p *Position) writeStateField(b *strings.Builder) {
	if !p.V.Seeded && !p.V.TracksLast {
		return
	}
	b.WriteString(" {")
	if p.V.Seeded {
		fmt.Fprintf(b, "%s:%x", stateSeedKey, p.Seed)
		if p.V.TracksLast {
			b.WriteByte(',')
		}
	}
	if p.V.TracksLast {
		b.WriteString(stateLastKey + ":")
		if sq := p.LastSquare(); sq != NoSquare {
			b.WriteString(p.SquareName(sq))
		} else {
			b.WriteByte('-')
		}
	}
	b.WriteByte('}')
}
