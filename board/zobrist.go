package board

// zobristKeys are the random keys of the hash, drawn once from a fixed-seed
// generator so that hashes are the same on every run.
type zobristKeys struct {
	pieces   []uint64 // [type][side][square], grown on demand per type count
	unmovedK [MaxSize * MaxSize]uint64
	side     uint64
}

const maxTypes = 256

var zobrist = func() *zobristKeys {
	z := &zobristKeys{pieces: make([]uint64, maxTypes*2*MaxSize*MaxSize)}
	state := uint64(0x9E3779B97F4A7C15) // fixed seed
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		return splitmix(state)
	}
	for i := range z.pieces {
		z.pieces[i] = next()
	}
	for i := range z.unmovedK {
		z.unmovedK[i] = next()
	}
	z.side = next()
	return z
}()

func (z *zobristKeys) piece(t int, s Side, sq Square) uint64 {
	return z.pieces[(t*2+int(s))*MaxSize*MaxSize+int(sq)]
}

func (z *zobristKeys) unmoved(sq Square) uint64 { return z.unmovedK[sq] }

// splitmix is the SplitMix64 finaliser.
func splitmix(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// mix hashes a memory cell's identity and value.
func mix(a, b, c, d uint64) uint64 {
	return splitmix(splitmix(splitmix(a*0x100000001B3^b)^c) ^ d ^ 0xD6E8FEB86659FD93)
}
