/*
Package betza reads Betza's notation for fairy-chess pieces the way
Fairy-Stockfish reads it (piece.cpp, from_betza), and writes the moves as
move lines of alfil's piece language (docs/language.md § Betza
notation), so a piece known by its community notation can be pasted into
a variant file (piece archbishop A betza BN) or imported from a
Fairy-Stockfish variants.ini.

A notation is a run of atoms, each after its modifiers:

	atoms:      W F D N A H C L Z J G (one leap of each; L=C, J=Z)
	            K (W and F), R B Q (riders of W, F, both)
	riders:     a leap atom doubled (NN, the nightrider) or followed by a
	            digit (R4, N2: at most that many leaps); a digit after a
	            rider atom limits it the same way
	modality:   m (moves only), c (captures only); neither: both
	directions: f b l r (forward, back, left, right), v (f and b),
	            s (l and r), and pairs: fr, lf, vr, sf, ff, hr, hl…, as
	            piece.cpp combines them (h is a vertical and a horizontal
	            modifier both: fh is forward and half of the sideways
	            leaps, hr and hl are the chiral halves)
	p:          hop over one piece on the line, then ride on (cannon)
	g:          hop over one piece, landing just behind it (grasshopper)
	n:          lame (non-jumping) leaper: the leap is blocked by a piece
	            on its path (xiangqi horse nN, elephant nA, nD, nZ)
	i:          only from the initial region (Fairy-Stockfish's
	            doubleStepRegion, the owner's second rank unless told
	            otherwise) and only as a move, never a capture

	e:          en passant: read and recorded (Piece.EnPassant), no move,
	            as in Fairy-Stockfish, where en passant is the variant's
	            rule; the language's betza refuses it

Fairy-Stockfish ignores every other letter; this package refuses them
with an [*Error] naming the letter and its offset (j, o, a, x, u, t,
y, z, q, d, digits out of place…), so nothing is dropped silently. So is a
modifier Fairy-Stockfish applies oddly: n on a rider or on a leap it has no
lame table for (W, F, H, C, G), p or g on a leap that is not a W or F
line, and ic (Fairy-Stockfish has no initial captures).

As in Fairy-Stockfish, a later atom for the same direction, modality and
kind replaces an earlier one ("R2R" is a rook), and the second player's
moves are the first player's turned half a turn: a piece whose moves are
not symmetric left to right needs symmetry rotate in its variant
([Piece.Chiral] tells).
*/
package betza
