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

function variantList() {
  return ffish.variants().split(' ').filter((v) => v !== '');
}

// board returns a Board of the request's position, or throws. ffish's
// Board constructor reads an unknown variant or a bad FEN as out-of-bounds
// memory, so both are checked first.
function board(req) {
  if (!variantList().includes(req.variant)) {
    throw new Error(`ffish has no variant ${JSON.stringify(req.variant)}`);
  }
  const fen = req.fen || ffish.startingFen(req.variant);
  const code = ffish.validateFen(fen, req.variant, !!req.chess960);
  // -5 (FEN_INVALID_CASTLING_INFO) is let through: validateFen reads the
  // castling field as castling alone, so it refuses a seirawan FEN whose
  // king has moved and whose pieces may still gate (its own fen() writes
  // such FENs: RNBQ1BNR[EHeh] w ABCDFGHabcdfgh), and Position::set reads
  // the field letter by letter, with no way to run off the board.
  if (code !== 1 && code !== FEN_INVALID_CASTLING_INFO) {
    throw new Error(`ffish refuses the FEN ${JSON.stringify(fen)} of ${req.variant} (validateFen ${code})`);
  }
  const b = new ffish.Board(req.variant, fen, !!req.chess960);
  for (const m of req.moves || []) {
    if (!b.push(m)) {
      const at = b.fen();
      b.delete();
      throw new Error(`ffish finds ${m} illegal in ${at}`);
    }
  }
  return b;
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
      ffish.loadVariantConfig(req.ini);
      return { variants: variantList() };
    case 'start':
      if (!variantList().includes(req.variant)) {
        throw new Error(`ffish has no variant ${JSON.stringify(req.variant)}`);
      }
      return { fen: ffish.startingFen(req.variant) };
  }
  const b = board(req);
  try {
    switch (req.op) {
      case 'moves':
        return { moves: legal(b) };
      case 'fen':
        return { fen: b.fen() };
      case 'perft':
        if (!Number.isInteger(req.depth) || req.depth < 0) {
          throw new Error(`perft needs a depth of 0 or more, not ${JSON.stringify(req.depth)}`);
        }
        return { nodes: perft(b, req.depth) };
      default:
        throw new Error(`no op ${JSON.stringify(req.op)}`);
    }
  } finally {
    b.delete();
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
    }
    if (printed.length > 0) out.printed = printed;
    process.stdout.write(JSON.stringify(out) + '\n');
  });
  process.stdout.write(JSON.stringify({ ready: true }) + '\n');
};
