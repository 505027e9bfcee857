// Package uci speaks the Universal Chess Interface for alfil: an engine
// that reads commands line by line and answers as chess GUIs and
// tournament managers expect, for any variant of the language.
//
// It knows uci, isready, ucinewgame, setoption (UCI_Variant: every
// embedded variant; UCI_Chess960: a variant played from Chess960's
// starts where alfil ships a file for it, chess as chess960.alf and
// seirawan as seirawan960.alf, castling from any start and written
// king-takes-rook, as Fairy-Stockfish plays them; VariantPath: a .alf file of
// the user's; Threads; Hash), position startpos|fen … [moves …], go (depth, nodes, movetime,
// wtime/btime/winc/binc/movestogo, infinite, and perft N in
// Fairy-Stockfish's form), stop, ponderhit and quit. A command it cannot
// carry out is answered with an info string that says why, and the
// engine goes on. Moves are read and written in the board's notation
// (movegen.Board.Notation): UCI where a move goes from one square to
// another, as Fairy-Stockfish writes it, the long form otherwise.
//
// The alfil command runs it on standard input and output: alfil uci.
package uci
