// Package pgn writes and reads games in Portable Game Notation, the text
// form chess programs exchange games in, for every variant alfil plays.
//
// # Writing
//
// [Write] writes a [game.Game]: the seven tag roster (Event, Site, Date,
// Round, White, Black, Result) with PGN's unknowns ("?", "????.??.??")
// for what the caller does not give, then
//
//   - Variant, the program's name, unless the variant is chess;
//   - SetUp "1" and FEN when the game does not start from the variant's
//     setup;
//   - Termination: "normal" for a game that is over (by its moves or by
//     the players: a resignation is a normal end too), "unterminated" for
//     one that goes on; PGN's other values (time forfeit, adjudication,
//     abandoned, …) are for the caller to give;
//   - the caller's other tags, in order.
//
// The moves follow in standard algebraic notation (Board.SAN, with its
// check and mate marks), numbered ("1. e4 e5 2. Nf3"; a game that starts
// with the second side to move starts "12... e5"), in lines of at most
// [LineWidth] bytes. A move SAN cannot name is written as Board.SAN
// writes it, in the board's long form (c3/capt:b4/capt:c4), which other
// programs do not read. Why the game ended — checkmate, stalemate,
// repetition, resignation, … ([game.Reason]) — is a comment before the
// result token: {checkmate} 1-0.
//
// # Reading
//
// A [Reader] reads a file's games one at a time ([Reader.Next]);
// [ReadAll] reads them all. Each is a [Record]: its tags as written, and
// a [game.Game] with its moves played. The reader reads what other
// programs write (Lichess, ChessBase, pgn-extract):
//
//   - tag values with \" and \\ escaped;
//   - comments, {…} and ; to the end of the line, skipped (Lichess's
//     clock comments {[%clk 0:03:00]} among them), and lines that start
//     with % (escape lines);
//   - move numbers (12. and 12...), annotations ($14, and ! ? !! ?? !?
//     ?! after a move) and variations, nested or not, skipped: the moves
//     of a variation are not checked;
//   - SAN as Board.ParseSAN forgives it: check marks missing or extra,
//     0-0 for O-O, e8Q for e8=Q;
//   - line ends \n or \r\n, a UTF-8 byte order mark.
//
// The Variant tag names the variant (no tag: chess) as [VariantName]
// reads it: case, spaces, hyphens and plus signs do not count
// (seirawan+960, the game line of seirawan960.alf), and the names Lichess
// writes ("Standard", "From Position", "Three-check", "King of the
// Hill") are the embedded variants'. A [Variants] function turns the
// name into a program ([Embedded], the variants that ship with alfil, by
// default). A FEN tag sets the start position, with or without SetUp
// "1".
//
// # Results
//
// A game's result token and its Result tag must agree. When the moves end
// the game by a rule — checkmate, stalemate, the checks counted,
// repetition, … — the record's result must be that one (or *, which
// says nothing), and a move after the end is an error. Otherwise the
// record's result stands as given: a resignation, a time forfeit, an
// adjudication are ends the board does not show. [Record.Result] holds
// it and the game itself goes on; [Write] writes such a record back
// with its result.
//
// The variants' repetition and move rules are read as FIDE's are, draws a
// player claims (game.ClaimDraws): a record may play on past a third
// repetition or fifty moves, and one that ends there drawn has claimed
// it — its game ends by that rule (game.Claim).
//
// # Errors
//
// A game that cannot be read is an [*Error]: the game's index in the
// file, the line and column of the token at fault, and for a move its
// number and side:
//
//	game 3, line 41:12: move 17 (white) "Nxe5": no legal move "Nxe5" in …
//
// The reader then goes on with the next game; [ReadAll] collects the
// errors in an [ErrorList]. Bad input ends in an error, never a panic or
// a hang: a token (a tag value, a move) is at most 64 KiB, comments are
// skipped without being kept, and the depth of nested variations is a
// counter.
package pgn
