// The node side of package ffishoracle: Fairy-Stockfish compiled to
// WebAssembly (the npm package ffish) answering one JSON request a line
// on stdin with one JSON answer a line on stdout, so that one node
// process serves a whole Go test. NODE_PATH must name the node_modules
// that holds ffish.
//
// A request: {"op": OP, "variant", "chess960", "fen" ("" for the
// variant's start), "moves" (UCI moves played from fen), "depth", "ini"}.
// OP is one of
//   info      -> {"info", "variants"}  (the build and the variants it knows)
//   load      -> {"variants"}          (ini: variants.ini text to add)
//   start     -> {"fen"}               (the variant's starting FEN)
//   moves     -> {"moves"}             (the legal moves after the moves)
//   fen       -> {"fen"}               (the FEN after the moves)
//   perft     -> {"nodes"}             (perft depth after the moves)
// Every answer may carry "error" instead; "printed" holds what ffish
// printed meanwhile (it explains a FEN it refuses).
'use strict';

// ffish prints through console.log; stdout carries the answers only.
let printed = [];
console.log = console.warn = console.error = (...args) => { printed.push(args.join(' ')); };
// Under node 18+ the module would fetch its .wasm with fetch(), which
// cannot read a file path; without fetch it reads the file.
delete globalThis.fetch;

const ffish = require('ffish');
const readline = require('readline');

// validateFen's code for a castling field it does not accept (apiutil.h).
const FEN_INVALID_CASTLING_INFO = -5;

// known caches ffish's list of variants, which only load changes.
let known = null;

function variantList() {
  if (known === null) {
    known = ffish.variants().split(' ').filter((v) => v !== '');
  }
  return known;
}

// current is the board of the last request, kept because making a Board
// costs 15-30 ms and a push a fraction of one: a test that asks after
// every ply of a game replays one move, not the game. key is its
// variant and mode, fen where it started, moves those played since.
let current = null;

function forget() {
  if (current !== null) {
    current.board.delete();
    current = null;
  }
}

function checkFEN(req, fen) {
  const code = ffish.validateFen(fen, req.variant, !!req.chess960);
  // -5 (FEN_INVALID_CASTLING_INFO) is let through: validateFen reads the
  // castling field as castling alone, so it refuses a seirawan FEN whose
  // king has moved and whose pieces may still gate (its own fen() writes
  // such FENs: RNBQ1BNR[EHeh] w ABCDFGHabcdfgh), and Position::set reads
  // the field letter by letter, with no way to run off the board.
  if (code !== 1 && code !== FEN_INVALID_CASTLING_INFO) {
    throw new Error(`ffish refuses the FEN ${JSON.stringify(fen)} of ${req.variant} (validateFen ${code})`);
  }
}

// board returns the Board of the request's position, or throws. ffish's
// Board constructor reads an unknown variant or a bad FEN as out-of-bounds
// memory, so both are checked first.
function board(req) {
  if (!variantList().includes(req.variant)) {
    throw new Error(`ffish has no variant ${JSON.stringify(req.variant)}`);
  }
  const key = `${req.variant} ${!!req.chess960}`;
  const fen = req.fen || ffish.startingFen(req.variant);
  if (current === null || current.key !== key) {
    checkFEN(req, fen);
    forget();
    current = { key, fen, moves: [], board: new ffish.Board(req.variant, fen, !!req.chess960) };
  } else if (current.fen !== fen) {
    checkFEN(req, fen);
    current.board.setFen(fen);
    current.fen = fen;
    current.moves = [];
  }
  // back to the moves both games share, then on
  const moves = req.moves || [];
  let shared = 0;
  while (shared < current.moves.length && shared < moves.length && current.moves[shared] === moves[shared]) {
    shared++;
  }
  while (current.moves.length > shared) {
    current.board.pop();
    current.moves.pop();
  }
  for (const m of moves.slice(shared)) {
    if (!current.board.push(m)) {
      throw new Error(`ffish finds ${m} illegal in ${current.board.fen()}`);
    }
    current.moves.push(m);
  }
  return current.board;
}

function legal(b) {
  return b.legalMoves().split(' ').filter((m) => m !== '');
}

// perft counts as Fairy-Stockfish's go perft does: the legal moves of the
// leaves' parents, none past a position whose game is over (legalMoves
// lists none there).
function perft(b, depth) {
  if (depth === 0) return 1;
  if (depth === 1) return b.numberLegalMoves();
  let n = 0;
  for (const m of legal(b)) {
    b.push(m);
    n += perft(b, depth - 1);
    b.pop();
  }
  return n;
}

function answer(req) {
  switch (req.op) {
    case 'info':
      return { info: ffish.info(), variants: variantList() };
    case 'load':
      // a loaded file may redefine the variant the kept board plays
      forget();
      ffish.loadVariantConfig(req.ini);
      known = null;
      return { variants: variantList() };
    case 'start':
      if (!variantList().includes(req.variant)) {
        throw new Error(`ffish has no variant ${JSON.stringify(req.variant)}`);
      }
      return { fen: ffish.startingFen(req.variant) };
  }
  switch (req.op) {
    case 'moves':
      return { moves: legal(board(req)) };
    case 'fen':
      return { fen: board(req).fen() };
    case 'perft':
      if (!Number.isInteger(req.depth) || req.depth < 0) {
        throw new Error(`perft needs a depth of 0 or more, not ${JSON.stringify(req.depth)}`);
      }
      return { nodes: perft(board(req), req.depth) };
    default:
      throw new Error(`no op ${JSON.stringify(req.op)}`);
  }
}

ffish['onRuntimeInitialized'] = () => {
  // ffish fills its list of variants when it first makes a board
  new ffish.Board('chess').delete();
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  lines.on('line', (line) => {
    printed = [];
    let out;
    try {
      out = answer(JSON.parse(line));
    } catch (e) {
      out = { error: String(e && e.message ? e.message : e) };
      // the kept board may be half-way through the moves, or worse
      try {
        forget();
      } catch (ignored) {
        current = null;
      }
    }
    if (printed.length > 0) out.printed = printed;
    process.stdout.write(JSON.stringify(out) + '\n');
  });
  process.stdout.write(JSON.stringify({ ready: true }) + '\n');
};
