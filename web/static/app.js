// The variant designer's page: the editor, the board and the panels, driving
// alfil's WebAssembly bridge (globalThis.alfil, see the bridge contract) on the
// main thread for the one game session, and worker.js for perft and search so
// the page never blocks on them.

const $ = (id) => document.getElementById(id);

// window.designer is the browser test's window into the page.
let resolveReady, rejectReady;
const designer = {
  ready: new Promise((res, rej) => { resolveReady = res; rejectReady = rej; }),
  state: null,
  boardRenderedAt: 0,
  compiledAt: 0,
  lastKeyAt: 0,
};
window.designer = designer;
// An unhandled rejection would only add noise: the failure is shown on the page.
designer.ready.catch(() => {});

const COMPILE_DEBOUNCE_MS = 150;
// A compile runs on this thread. After one that took longer than
// SLOW_COMPILE_MS the pause waited for is twice its time, up to two
// seconds, so that a heavy variant (a file near the library's budgets) is
// not compiled again at every short pause in typing while the keys wait
// behind it; the designer's usual variants stay at the short pause.
const SLOW_COMPILE_MS = 250;
const COMPILE_DEBOUNCE_MAX_MS = 2000;
const GLYPHS = {
  white: { king: '♔', queen: '♕', rook: '♖', bishop: '♗', knight: '♘', pawn: '♙' },
  black: { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' },
};
// The filled glyph drawn behind a white piece's outline so it reads as white on any square.
const FILLED = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };

// Everything the page knows beyond the session's State.
const ui = {
  state: null,          // the last State the bridge returned
  compiledText: '',     // the text of the variant the session runs (what the workers get)
  selection: null,      // null | {kind: 'square', sq} | {kind: 'hand', letter}
  focusSq: -1,          // the square holding the board's roving tabindex
  flipped: false,
  gridKey: '',          // width×height×flip of the square buttons built
  squareButtons: [],    // by square index
  editTool: null,       // the palette's choice: {letter, side}; letter '' erases
  fenDirty: false,      // the user typed in the FEN input since it was last filled
  compileTimer: 0,
  lastCompileMs: 0,     // what the last load() took, all of it (compile, replay, State)
};

// ---------------------------------------------------------------- bridge

// call runs one bridge function and parses its JSON answer; a missing
// function or a throw becomes an ordinary {ok:false} result.
function call(name, ...args) {
  try {
    const fn = globalThis.alfil && globalThis.alfil[name];
    if (typeof fn !== 'function') return { ok: false, error: `alfil.${name} is missing` };
    return JSON.parse(fn(...args));
  } catch (err) {
    return { ok: false, error: `alfil.${name}: ${err && err.message ? err.message : err}` };
  }
}

async function loadWasm() {
  if (typeof WebAssembly !== 'object') throw new Error('this browser has no WebAssembly');
  if (typeof Go !== 'function') throw new Error('wasm_exec.js did not load');
  const go = new Go();
  const registered = new Promise((res) => { globalThis.alfilReady = res; });
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch('alfil.wasm'), go.importObject));
  } catch (streamErr) {
    // A server that sends the wrong Content-Type defeats streaming; the bytes still work.
    const resp = await fetch('alfil.wasm');
    if (!resp.ok) throw new Error(`alfil.wasm: HTTP ${resp.status}`);
    ({ instance } = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject));
  }
  go.run(instance);
  await registered;
}

// ---------------------------------------------------------------- status

function announce(text) {
  $('status').textContent = text;
}

function sideName(side) { return side === 'white' ? 'White' : 'Black'; }
function otherSide(side) { return side === 'white' ? 'black' : 'white'; }

// ---------------------------------------------------------------- state

// applyState takes a State from the bridge (or an error) and redraws. It
// returns whether the answer was a State.
function applyState(res, { keepSelection = false } = {}) {
  if (!res || !res.ok) return false;
  ui.state = res;
  designer.state = res;
  if (!keepSelection) ui.selection = null;
  validateSelection();
  renderAll();
  return true;
}

// validateSelection drops a selection the new State no longer supports:
// a square off the board or without a piece of the side to move, a hand
// letter the side to move no longer holds.
function validateSelection() {
  const s = ui.state, sel = ui.selection;
  if (!sel || !s) return;
  if (sel.kind === 'square') {
    const sq = s.squares[sel.sq];
    if (!sq || !sq.piece || sq.piece.side !== s.toMove) ui.selection = null;
  } else if (sel.kind === 'hand') {
    const hand = s.hands && s.hands[s.toMove];
    if (!hand || !hand.some((h) => h.letter === sel.letter && h.count > 0)) ui.selection = null;
  }
}

// selectedMoves lists the legal moves of the selection, each with its index
// into state.moves.
function selectedMoves() {
  const s = ui.state, sel = ui.selection;
  if (!s || !sel) return [];
  const out = [];
  s.moves.forEach((m, i) => {
    if (m.pass || m.to < 0) return;
    if (sel.kind === 'square' && m.from === sel.sq && m.to !== m.from) out.push({ m, i });
    if (sel.kind === 'hand' && m.from === -1 && m.drop === sel.letter) out.push({ m, i });
  });
  return out;
}

// otherMoves are the moves no click on a target can reach: passes, moves
// without a single target square, moves that stay in place.
function otherMoves() {
  const s = ui.state;
  if (!s) return [];
  const out = [];
  s.moves.forEach((m, i) => {
    if (m.pass || m.to < 0 || (m.from >= 0 && m.from === m.to)) out.push({ m, i });
  });
  return out;
}

// ---------------------------------------------------------------- rendering

function renderAll() {
  renderBoard();
  renderHands();
  renderGameBar();
  renderMoveList();
  renderLegalList();
  renderOtherMoves();
  renderFen();
  renderPalette();
  renderResult();
}

function pieceLabel(piece) {
  if (!piece) return 'empty';
  if (piece.stack && piece.stack.length) return `${piece.side} stack of ${piece.stack.join(', ')}`;
  return `${piece.side} ${piece.type || piece.letter}`;
}

// pieceElement draws one piece: a chess glyph for the six classic types, a
// lettered disc otherwise, with a count badge for stacks.
function pieceElement(piece) {
  const span = document.createElement('span');
  span.className = 'piece';
  span.dataset.letter = piece.letter;
  span.dataset.side = piece.side;
  const stacked = piece.stack && piece.stack.length > 1;
  const glyph = !stacked && !piece.letter.startsWith('+') && GLYPHS[piece.side][piece.type];
  if (glyph) {
    span.classList.add('glyph');
    span.textContent = glyph;
    if (piece.side === 'white') span.dataset.fill = FILLED[piece.type];
  } else {
    span.classList.add('disc', piece.side);
    const top = stacked ? piece.stack[0] : piece.letter;
    const letter = document.createElement('span');
    letter.className = 'letter';
    letter.textContent = top;
    if (top.length > 1) span.classList.add('long');
    span.append(letter);
    if (stacked) {
      const badge = document.createElement('span');
      badge.className = 'badge';
      badge.textContent = String(piece.stack.length);
      span.append(badge);
    }
  }
  return span;
}

// buildGrid makes the square buttons for the current size and orientation;
// renderBoard then only updates them, so focus survives every move.
function buildGrid() {
  const s = ui.state;
  const key = `${s.width}x${s.height}:${ui.flipped}`;
  if (key === ui.gridKey) return;
  ui.gridKey = key;
  const board = $('board');
  board.textContent = '';
  board.style.setProperty('--files', s.width);
  board.style.setProperty('--ranks', s.height);
  ui.squareButtons = new Array(s.width * s.height);
  const ys = [...Array(s.height).keys()];
  const xs = [...Array(s.width).keys()];
  if (!ui.flipped) ys.reverse(); else xs.reverse();
  for (const y of ys) {
    const row = document.createElement('div');
    row.className = 'rank';
    row.setAttribute('role', 'row');
    const label = document.createElement('span');
    label.className = 'rank-label';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = s.ranks[y] ?? String(y + 1);
    row.append(label);
    for (const x of xs) {
      const sq = y * s.width + x;
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.className = 'square ' + ((x + y) % 2 === 0 ? 'dark' : 'light');
      btn.dataset.sq = String(sq);
      btn.dataset.x = String(x);
      btn.dataset.y = String(y);
      btn.tabIndex = -1;
      btn.setAttribute('role', 'gridcell');
      row.append(btn);
      ui.squareButtons[sq] = btn;
    }
    board.append(row);
  }
  const fileRow = document.createElement('div');
  fileRow.className = 'file-labels';
  fileRow.setAttribute('aria-hidden', 'true');
  fileRow.append(document.createElement('span'));
  for (const x of xs) {
    const f = document.createElement('span');
    f.textContent = s.files[x] ?? String.fromCharCode(97 + x);
    fileRow.append(f);
  }
  board.append(fileRow);
  sizeBoard();
}

function renderBoard() {
  const s = ui.state;
  if (!s) return;
  buildGrid();
  const targets = new Map(); // square → moves landing there
  for (const t of selectedMoves()) {
    if (!targets.has(t.m.to)) targets.set(t.m.to, []);
    targets.get(t.m.to).push(t);
  }
  const checked = new Set(s.inCheck ? royalSquares(s) : []);
  const last = s.last;
  if (ui.focusSq < 0 || !s.squares[ui.focusSq] || s.squares[ui.focusSq].hole) ui.focusSq = firstFocusable(s);
  const editing = $('edit-mode').checked;
  s.squares.forEach((info, sq) => {
    const btn = ui.squareButtons[sq];
    btn.dataset.name = info.name;
    btn.classList.toggle('hole', !!info.hole);
    btn.disabled = !!info.hole;
    const sel = ui.selection && ui.selection.kind === 'square' && ui.selection.sq === sq;
    btn.classList.toggle('selected', !!sel);
    const isTarget = targets.has(sq);
    btn.classList.toggle('target', isTarget);
    btn.classList.toggle('capture', isTarget && !!info.piece);
    btn.classList.toggle('last', !!last && (last.from === sq || last.to === sq));
    btn.classList.toggle('check', checked.has(sq));
    btn.tabIndex = sq === ui.focusSq ? 0 : -1;
    btn.textContent = '';
    if (info.hole) {
      btn.setAttribute('aria-label', `${info.name}, hole`);
      return;
    }
    if (info.piece) btn.append(pieceElement(info.piece));
    let label = `${info.name}, ${pieceLabel(info.piece)}`;
    if (sel) label += ', selected';
    if (isTarget) {
      const sans = targets.get(sq).map((t) => t.m.san).join(' or ');
      label += `, move ${sans}`;
    }
    if (checked.has(sq)) label += ', in check';
    if (editing) label += ', click to place';
    btn.setAttribute('aria-label', label);
  });
  designer.boardRenderedAt = performance.now();
}

function firstFocusable(s) {
  const idx = s.squares.findIndex((q) => !q.hole);
  return idx < 0 ? 0 : idx;
}

// royalSquares are the checked royals' squares: the bridge's checks when it
// sends them, else the side to move's piece named king (no mark otherwise,
// rather than a guess).
function royalSquares(s) {
  if (s.checks && s.checks.length) return s.checks;
  const king = s.squares.findIndex((q) => q.piece && q.piece.side === s.toMove && q.piece.type === 'king');
  return king < 0 ? [] : [king];
}

function renderHands() {
  const s = ui.state;
  const top = $('hand-top'), bottom = $('hand-bottom');
  top.textContent = '';
  bottom.textContent = '';
  const hasHands = !!s.hands;
  top.hidden = bottom.hidden = !hasHands;
  if (!hasHands) return;
  const bottomSide = ui.flipped ? 'black' : 'white';
  fillHand(bottom, bottomSide, s.hands[bottomSide] || []);
  fillHand(top, otherSide(bottomSide), s.hands[otherSide(bottomSide)] || []);
}

function fillHand(el, side, pieces) {
  const s = ui.state;
  el.setAttribute('aria-label', `${sideName(side)}'s hand`);
  const title = document.createElement('span');
  title.className = 'hand-title';
  title.textContent = `${sideName(side)} in hand:`;
  el.append(title);
  if (!pieces.length) {
    const none = document.createElement('span');
    none.className = 'hand-empty';
    none.textContent = 'nothing';
    el.append(none);
    return;
  }
  const typeOf = new Map((s.types || []).map((t) => [t.letter, t.name]));
  for (const h of pieces) {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'hand-piece';
    btn.dataset.letter = h.letter;
    btn.dataset.side = side;
    const piece = { letter: h.letter, side, type: typeOf.get(h.letter) || '' };
    btn.append(pieceElement(piece));
    const count = document.createElement('span');
    count.className = 'hand-count';
    count.textContent = `×${h.count}`;
    btn.append(count);
    const selected = ui.selection && ui.selection.kind === 'hand' && ui.selection.letter === h.letter && side === s.toMove;
    btn.classList.toggle('selected', !!selected);
    btn.setAttribute('aria-pressed', selected ? 'true' : 'false');
    btn.setAttribute('aria-label', `${side} ${piece.type || h.letter} in hand, ${h.count}`);
    btn.disabled = side !== s.toMove || s.over;
    btn.addEventListener('click', () => selectHand(h.letter));
    el.append(btn);
  }
}

function renderGameBar() {
  const s = ui.state;
  $('game-name').textContent = s.name || '';
  $('to-move').textContent = s.over ? 'Game over' : `${sideName(s.toMove)} to move${s.inCheck ? ' (check)' : ''}`;
  $('undo').disabled = !s.canUndo;
  $('redo').disabled = !s.canRedo;
  $('engine-move').disabled = s.over;
}

// firstMoveNumber reads where the move list starts from the start FEN's
// move-number field when it has one.
function firstMoveNumber(s) {
  const fields = (s.startFen || '').trim().split(/\s+/);
  const n = parseInt(fields[5], 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

function renderMoveList() {
  const s = ui.state;
  const list = $('moves');
  list.textContent = '';
  // Whoever moves now moved first if an even number of plies were played.
  const firstSide = s.ply % 2 === 0 ? s.toMove : otherSide(s.toMove);
  let number = firstMoveNumber(s);
  let li = null;
  s.history.forEach((h, i) => {
    const white = (i % 2 === 0) === (firstSide === 'white');
    if (!li || white) {
      li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = white ? `${number}.` : `${number}…`;
      li.append(num);
      list.append(li);
    }
    const mv = document.createElement('span');
    mv.className = 'san';
    mv.dataset.ply = String(i + 1);
    mv.textContent = h.san;
    if (i === s.history.length - 1) mv.classList.add('current');
    li.append(mv);
    if (!white) { number++; li = null; }
  });
  list.scrollTop = list.scrollHeight;
}

function renderLegalList() {
  const s = ui.state;
  const list = $('legal-list');
  list.textContent = '';
  $('legal-count').textContent = String(s.moves.length);
  s.moves.forEach((m, i) => {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'san-button';
    btn.textContent = m.san;
    btn.title = m.uci;
    btn.dataset.moveIndex = String(i);
    btn.addEventListener('click', () => playIndex(i));
    list.append(btn);
  });
}

function renderOtherMoves() {
  const others = otherMoves();
  const box = $('other-moves'), list = $('other-moves-list');
  list.textContent = '';
  box.hidden = others.length === 0;
  for (const { m, i } of others) {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'san-button';
    btn.textContent = m.pass ? `pass${m.san && m.san !== 'pass' ? ` (${m.san})` : ''}` : (m.san || m.uci);
    btn.title = m.uci;
    btn.addEventListener('click', () => playIndex(i));
    list.append(btn);
  }
}

function renderFen() {
  const input = $('fen');
  if (document.activeElement === input && ui.fenDirty) return;
  input.value = ui.state.fen;
  ui.fenDirty = false;
}

function renderResult() {
  const s = ui.state, el = $('result');
  el.hidden = !s.over;
  el.textContent = s.over ? `Game over: ${s.result}${s.reason ? ` (${s.reason})` : ''}` : '';
}

// renderPalette draws the editor's pieces: every type of the variant for
// both sides, and the eraser.
function renderPalette() {
  const s = ui.state, palette = $('palette');
  const types = s.types || [];
  const key = JSON.stringify(types);
  if (palette.dataset.key !== key) {
    palette.dataset.key = key;
    palette.textContent = '';
    for (const side of ['white', 'black']) {
      for (const t of types) {
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'tool';
        btn.dataset.letter = t.letter;
        btn.dataset.side = side;
        btn.title = `${side} ${t.name} (${t.letter})`;
        btn.setAttribute('aria-label', `place ${side} ${t.name}`);
        btn.append(pieceElement({ letter: t.letter, side, type: t.name }));
        btn.addEventListener('click', () => { ui.editTool = { letter: t.letter, side }; markTool(); });
        palette.append(btn);
      }
    }
    const eraser = document.createElement('button');
    eraser.type = 'button';
    eraser.className = 'tool eraser';
    eraser.dataset.letter = '';
    eraser.textContent = 'Erase';
    eraser.setAttribute('aria-label', 'erase: empty the square');
    eraser.addEventListener('click', () => { ui.editTool = { letter: '', side: 'white' }; markTool(); });
    palette.append(eraser);
    // Keep the chosen tool if the new variant has it, else start with the first type.
    if (!ui.editTool || (ui.editTool.letter && !types.some((t) => t.letter === ui.editTool.letter))) {
      ui.editTool = { letter: types.length ? types[0].letter : '', side: 'white' };
    }
  }
  markTool();
}

function markTool() {
  if (!ui.editTool) return;
  for (const btn of $('palette').querySelectorAll('button')) {
    const on = btn.dataset.letter === ui.editTool.letter &&
      (ui.editTool.letter === '' || btn.dataset.side === ui.editTool.side);
    btn.setAttribute('aria-pressed', on ? 'true' : 'false');
  }
}

// sizeBoard picks the largest square that lets the whole board (with its
// labels) fit the board area's width and the window's height.
function sizeBoard() {
  const s = ui.state;
  if (!s) return;
  const area = $('board-area');
  const board = $('board');
  const width = area.clientWidth;
  if (!width) return;
  const top = area.getBoundingClientRect().top + window.scrollY;
  const narrow = window.innerWidth < 700;
  // On a phone the board takes the width; on a desktop it also fits the window's height.
  const reserved = (s.hands ? 2 * 44 : 0) + 24;
  const availH = narrow ? Infinity : Math.max(200, window.innerHeight - Math.min(top, 140) - reserved - 16);
  const labelW = 18;
  const size = Math.floor(Math.min((width - labelW - 2) / s.width, (availH - labelW) / s.height, 88));
  board.style.setProperty('--sq', `${Math.max(size, 14)}px`);
}

// ---------------------------------------------------------------- playing

function onSquareActivate(sq) {
  const s = ui.state;
  if (!s) return;
  ui.focusSq = sq;
  if ($('edit-mode').checked) {
    editSquare(sq);
    return;
  }
  const info = s.squares[sq];
  const here = selectedMoves().filter((t) => t.m.to === sq);
  if (here.length) {
    chooseAndPlay(here);
    return;
  }
  if (info.piece && info.piece.side === s.toMove && !s.over &&
      !(ui.selection && ui.selection.kind === 'square' && ui.selection.sq === sq)) {
    ui.selection = { kind: 'square', sq };
    const n = selectedMoves().length;
    announce(`${info.name}: ${pieceLabel(info.piece)} selected, ${n} move${n === 1 ? '' : 's'}.`);
  } else {
    ui.selection = null;
  }
  renderBoard();
  renderHands();
}

function selectHand(letter) {
  if (ui.selection && ui.selection.kind === 'hand' && ui.selection.letter === letter) {
    ui.selection = null;
  } else {
    ui.selection = { kind: 'hand', letter };
    const n = selectedMoves().length;
    announce(`${letter} in hand selected, ${n} drop${n === 1 ? '' : 's'}.`);
  }
  renderBoard();
  renderHands();
}

function clearSelection() {
  if (!ui.selection) return;
  ui.selection = null;
  renderBoard();
  renderHands();
  announce('Selection cleared.');
}

// chooseAndPlay plays the one move given, or asks which of several moves
// sharing a target the user means.
function chooseAndPlay(candidates) {
  if (candidates.length === 1) {
    playIndex(candidates[0].i);
    return;
  }
  const dialog = $('choice'), list = $('choice-list');
  list.textContent = '';
  for (const { m, i } of candidates) {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.dataset.moveIndex = String(i);
    btn.textContent = m.san;
    btn.title = m.uci;
    btn.addEventListener('click', () => { dialog.close(); playIndex(i); });
    list.append(btn);
  }
  dialog.showModal();
  list.querySelector('button').focus();
}

// The choice dialog's buttons follow the arrow keys too.
$('choice-list').addEventListener('keydown', (ev) => {
  const buttons = [...$('choice-list').querySelectorAll('button')];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  let next = -1;
  if (ev.key === 'ArrowDown' || ev.key === 'ArrowRight') next = (at + 1) % buttons.length;
  if (ev.key === 'ArrowUp' || ev.key === 'ArrowLeft') next = (at - 1 + buttons.length) % buttons.length;
  if (next >= 0) { ev.preventDefault(); buttons[next].focus(); }
});
$('choice').addEventListener('close', () => {
  // Back to the board where the choice started.
  const btn = ui.squareButtons[ui.focusSq];
  if (btn && $('board').contains(btn)) btn.focus();
});

// playIndex plays state.moves[i] as the user's move.
function playIndex(i) {
  const s = ui.state;
  const m = s && s.moves[i];
  if (!m) return;
  const mover = s.toMove;
  const res = call('play', i);
  if (!res.ok) {
    announce(`Move failed: ${res.error}`);
    return;
  }
  applyState(res);
  announceMove(mover, m.san, res);
  maybeEngineReply();
}

function announceMove(mover, san, s) {
  let text = `${sideName(mover)} played ${san}.`;
  if (s.over) text += ` Game over: ${s.result}${s.reason ? ` by ${s.reason}` : ''}.`;
  else text += ` ${sideName(s.toMove)} to move${s.inCheck ? ', in check' : ''}.`;
  announce(text);
}

function undo() {
  const res = call('undo');
  if (applyState(res)) announce(`Move taken back. ${sideName(res.toMove)} to move.`);
}

function redo() {
  const res = call('redo');
  if (applyState(res)) {
    const last = res.history[res.history.length - 1];
    announce(`Replayed ${last ? last.san : 'a move'}. ${sideName(res.toMove)} to move.`);
  }
}

function editSquare(sq) {
  const { letter, side } = ui.editTool;
  const res = call('edit', sq, letter, side);
  const name = ui.state.squares[sq].name;
  if (!res.ok) {
    announce(`Cannot edit ${name}: ${res.error}`);
    return;
  }
  applyState(res);
  const type = (res.types || []).find((t) => t.letter === letter);
  announce(letter ? `Put a ${side} ${type ? type.name : letter} on ${name}.` : `Emptied ${name}.`);
}

function setFen() {
  const fen = $('fen').value.trim();
  const res = call('setFEN', fen);
  if (!res.ok) {
    $('fen-error').textContent = res.error;
    return;
  }
  $('fen-error').textContent = '';
  ui.fenDirty = false;
  applyState(res);
  announce(`Position set. ${sideName(res.toMove)} to move.`);
}

// ---------------------------------------------------------------- board keys

// moveFocus walks from a square in a screen direction to the next square
// that is not a hole.
function moveFocus(fromSq, dxScreen, dyScreen) {
  const s = ui.state;
  let x = fromSq % s.width, y = Math.floor(fromSq / s.width);
  // Screen up is rank up unless the board is flipped; screen right is file right likewise.
  const dx = ui.flipped ? -dxScreen : dxScreen;
  const dy = ui.flipped ? dyScreen : -dyScreen;
  for (;;) {
    x += dx; y += dy;
    if (x < 0 || y < 0 || x >= s.width || y >= s.height) return fromSq;
    const sq = y * s.width + x;
    if (!s.squares[sq].hole) return sq;
  }
}

$('board').addEventListener('click', (ev) => {
  const btn = ev.target.closest('button.square');
  if (!btn || btn.disabled) return;
  onSquareActivate(Number(btn.dataset.sq));
});

$('board').addEventListener('keydown', (ev) => {
  const btn = ev.target.closest('button.square');
  if (!btn || !ui.state) return;
  const sq = Number(btn.dataset.sq);
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (dirs[ev.key]) {
    ev.preventDefault();
    const next = moveFocus(sq, ...dirs[ev.key]);
    setFocusSquare(next);
  } else if (ev.key === 'Home' || ev.key === 'End') {
    ev.preventDefault();
    // Home and End go to the first and last square on screen.
    const domOrder = [...$('board').querySelectorAll('button.square:not(:disabled)')];
    const target = ev.key === 'Home' ? domOrder[0] : domOrder[domOrder.length - 1];
    if (target) setFocusSquare(Number(target.dataset.sq));
  } else if (ev.key === 'Escape') {
    ev.preventDefault();
    clearSelection();
  }
});

function setFocusSquare(sq) {
  const old = ui.squareButtons[ui.focusSq];
  if (old) old.tabIndex = -1;
  ui.focusSq = sq;
  const btn = ui.squareButtons[sq];
  btn.tabIndex = 0;
  btn.focus();
}

document.addEventListener('keydown', (ev) => {
  // Escape anywhere outside the editor and dialogs drops the selection.
  if (ev.key === 'Escape' && ev.target !== $('editor') && !$('choice').open && ui.selection) clearSelection();
});

// ---------------------------------------------------------------- editor

const editor = $('editor');

function renderGutter(errorLines = currentErrorLines) {
  const lines = editor.value.split('\n').length;
  const gutter = $('gutter');
  if (gutter.childElementCount !== lines) {
    const frag = document.createDocumentFragment();
    for (let n = 1; n <= lines; n++) {
      const d = document.createElement('div');
      d.dataset.line = String(n);
      d.textContent = String(n);
      frag.append(d);
    }
    gutter.textContent = '';
    gutter.append(frag);
  }
  for (const d of gutter.children) d.classList.toggle('error', errorLines.has(Number(d.dataset.line)));
  gutter.scrollTop = editor.scrollTop;
}

// renderBackdrop mirrors the text behind the transparent textarea, with a
// band on every error line and the error's column underlined.
function renderBackdrop(errors = currentErrors) {
  const back = $('backdrop');
  const lines = editor.value.split('\n');
  const byLine = new Map();
  for (const e of errors) if (e.line) byLine.set(e.line, [...(byLine.get(e.line) || []), e]);
  const frag = document.createDocumentFragment();
  lines.forEach((text, idx) => {
    const n = idx + 1;
    const div = document.createElement('div');
    div.className = 'bline';
    const errs = byLine.get(n);
    if (errs) {
      div.classList.add('err');
      const col = Math.max(1, errs[0].col || 1) - 1;
      const before = text.slice(0, col), at = text.slice(col, col + 1) || ' ', after = text.slice(col + 1);
      const mark = document.createElement('span');
      mark.className = 'err-col';
      mark.textContent = at;
      div.append(before, mark, after);
    } else {
      div.textContent = text || ' ';
    }
    frag.append(div);
  });
  // One wrapper as wide as the textarea's scrolled content, so an error band
  // spans the line however far the editor is scrolled sideways.
  const wrapper = document.createElement('div');
  wrapper.className = 'blines';
  wrapper.append(frag);
  back.textContent = '';
  back.append(wrapper);
  wrapper.style.minWidth = `${editor.scrollWidth}px`;
  syncScroll();
}

function syncScroll() {
  $('backdrop').scrollTop = editor.scrollTop;
  $('backdrop').scrollLeft = editor.scrollLeft;
  $('gutter').scrollTop = editor.scrollTop;
}

let currentErrors = [];
let currentErrorLines = new Set();

function showErrors(errors) {
  currentErrors = errors;
  currentErrorLines = new Set(errors.map((e) => e.line).filter(Boolean));
  const list = $('errors');
  list.textContent = '';
  for (const e of errors) {
    const li = document.createElement('li');
    li.textContent = e.text || e.msg || String(e);
    if (e.line) {
      li.dataset.line = String(e.line);
      li.dataset.col = String(e.col || 1);
      li.tabIndex = 0;
      li.setAttribute('role', 'button');
      li.title = 'Go to this line';
    }
    list.append(li);
  }
  renderGutter();
  renderBackdrop();
}

function goToLineCol(line, col) {
  const lines = editor.value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.min(Math.max(col - 1, 0), (lines[line - 1] || '').length);
  editor.focus();
  editor.setSelectionRange(offset, offset);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 18;
  const want = (line - 1) * lineHeight;
  if (want < editor.scrollTop || want > editor.scrollTop + editor.clientHeight - 2 * lineHeight) {
    editor.scrollTop = Math.max(0, want - editor.clientHeight / 3);
  }
  // The editor does not wrap, so a far column needs a horizontal scroll too.
  const x = (col - 1) * monoCharWidth();
  if (x < editor.scrollLeft || x > editor.scrollLeft + editor.clientWidth - 40) {
    editor.scrollLeft = Math.max(0, x - editor.clientWidth / 2);
  }
  syncScroll();
}

// monoCharWidth is the width of one character in the editor's monospace font.
function monoCharWidth() {
  const ctx = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(editor);
  ctx.font = `${style.fontSize} ${style.fontFamily}`;
  return ctx.measureText('0').width || 8;
}

$('errors').addEventListener('click', (ev) => {
  const li = ev.target.closest('li[data-line]');
  if (li) goToLineCol(Number(li.dataset.line), Number(li.dataset.col));
});
$('errors').addEventListener('keydown', (ev) => {
  const li = ev.target.closest('li[data-line]');
  if (li && (ev.key === 'Enter' || ev.key === ' ')) {
    ev.preventDefault();
    goToLineCol(Number(li.dataset.line), Number(li.dataset.col));
  }
});

// compile loads the editor's text into the session. keep says whether the
// game carries over (typing) or starts afresh (a new variant).
function compile(keep) {
  clearTimeout(ui.compileTimer);
  const text = editor.value;
  const t0 = performance.now();
  const res = call('load', text, keep);
  const elapsed = performance.now() - t0;
  ui.lastCompileMs = elapsed;
  const statusEl = $('compile-status');
  if (!res.ok) {
    const errors = res.errors && res.errors.length ? res.errors : [{ line: 0, col: 0, msg: res.error, text: res.error }];
    showErrors(errors);
    statusEl.className = 'compile-status bad';
    statusEl.textContent = `${errors.length} error${errors.length === 1 ? '' : 's'}; the board keeps the last variant that compiled.`;
    return false;
  }
  designer.compiledAt = performance.now();
  ui.compiledText = text;
  showErrors([]);
  statusEl.className = 'compile-status good';
  const ms = typeof res.compileMs === 'number' ? res.compileMs : elapsed;
  statusEl.textContent = `compiled in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  applyState(res, { keepSelection: keep });
  // The designer's loop: say what the edit did to the selected piece.
  if (keep && ui.selection) {
    const n = selectedMoves().length;
    const what = ui.selection.kind === 'square' ? res.squares[ui.selection.sq].name : `${ui.selection.letter} in hand`;
    announce(`Compiled: ${what} now has ${n} move${n === 1 ? '' : 's'}.`);
  } else if (keep) {
    const n = res.moves.length;
    announce(`Compiled: ${sideName(res.toMove)} to move, ${n} legal move${n === 1 ? '' : 's'}.`);
  }
  return true;
}

editor.addEventListener('input', () => {
  designer.lastKeyAt = performance.now();
  renderGutter();
  renderBackdrop();
  clearTimeout(ui.compileTimer);
  const pause = ui.lastCompileMs > SLOW_COMPILE_MS ? Math.min(COMPILE_DEBOUNCE_MAX_MS, 2 * ui.lastCompileMs) : COMPILE_DEBOUNCE_MS;
  ui.compileTimer = setTimeout(() => compile(true), pause);
});
editor.addEventListener('scroll', syncScroll);

function setEditorText(text) {
  editor.value = text;
  editor.scrollTop = 0;
  editor.scrollLeft = 0;
  renderGutter(new Set());
  renderBackdrop([]);
}

// ---------------------------------------------------------------- variants and sharing

function loadVariant(name) {
  const src = call('source', name);
  if (!src.ok) {
    $('compile-status').textContent = `Cannot read ${name}: ${src.error}`;
    return false;
  }
  setEditorText(src.text);
  cancelEngine('variant changed');
  const ok = compile(false);
  if (ok) announce(`${ui.state.name || name} loaded. ${sideName(ui.state.toMove)} to move.`);
  return ok;
}

function share() {
  const res = call('share', editor.value);
  if (!res.ok) {
    $('share-link').value = '';
    announce(`Share failed: ${res.error}`);
    return;
  }
  const fen = ui.state ? ui.state.fen : '';
  const link = `${location.origin}${location.pathname}#v=${res.code}&fen=${encodeURIComponent(fen)}`;
  const input = $('share-link');
  input.value = link;
  input.select();
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(link).then(
      () => announce('Share link copied to the clipboard.'),
      () => announce('Share link ready; copy it from the box.'));
  } else {
    announce('Share link ready; copy it from the box.');
  }
}

// loadSharedLink loads the variant (and position) a share link's hash
// carries, if it carries one; it reports whether a variant compiled.
function loadSharedLink() {
  const hash = readHash();
  if (!hash.v) return false;
  const shared = call('unshare', hash.v);
  if (!shared.ok) {
    $('compile-status').textContent = `The link's variant could not be read: ${shared.error}`;
    return false;
  }
  $('variant').selectedIndex = -1;
  setEditorText(shared.text);
  cancelEngine('variant changed');
  const ok = compile(false);
  if (ok && hash.fen) {
    $('fen').value = hash.fen;
    setFen();
  }
  return ok;
}

// readHash parses "#v=CODE&fen=..." (the share link's hash).
function readHash() {
  const h = location.hash.replace(/^#/, '');
  const out = {};
  for (const part of h.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    try { out[part.slice(0, eq)] = decodeURIComponent(part.slice(eq + 1)); } catch { /* a bad escape: ignore the field */ }
  }
  return out;
}

// ---------------------------------------------------------------- workers

// WorkerJob owns one worker that runs one job at a time; stop terminates it
// (the bridge's perft and search are synchronous, so that is the only way to
// cancel) and starts a fresh one so the next job finds it warm.
class WorkerJob {
  constructor(label) {
    this.label = label;
    this.worker = null;
    this.pending = null; // {id, resolve, reject, onProgress}
    this.nextId = 1;
    this.spawn();
  }

  spawn() {
    this.broken = null;
    const w = new Worker('worker.js');
    w.onmessage = (ev) => this.receive(ev.data);
    w.onerror = (ev) => {
      ev.preventDefault();
      this.fail(new Error(ev.message || `${this.label} worker failed`));
    };
    this.worker = w;
  }

  receive(msg) {
    if (msg.type === 'fatal') {
      // A worker without alfil answers nothing: fail now and every later job at once.
      this.broken = new Error(msg.error);
      this.fail(this.broken);
      return;
    }
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    if (msg.type === 'progress') { if (p.onProgress) p.onProgress(msg.data); return; }
    if (msg.type === 'result') { this.pending = null; p.resolve(msg.data); }
  }

  fail(err) {
    const p = this.pending;
    this.pending = null;
    if (p) p.reject(err);
  }

  run(job, onProgress) {
    if (this.pending) this.stop('replaced');
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.worker.postMessage({ ...job, id });
    });
  }

  get busy() { return !!this.pending; }

  stop(why = 'stopped') {
    this.worker.terminate();
    const p = this.pending;
    this.pending = null;
    this.spawn();
    if (p) p.reject(Object.assign(new Error(why), { stopped: true }));
  }
}

let perftJob = null, engineJob = null;

// gameSnapshot is what a worker needs to rebuild the session's game.
function gameSnapshot() {
  const s = ui.state;
  return {
    text: ui.compiledText,
    fen: s.startFen,
    moves: JSON.stringify(s.history.map((h) => h.uci)),
  };
}

async function runPerft() {
  const s = ui.state;
  if (!s) return;
  const depth = Math.min(8, Math.max(1, parseInt($('perft-depth').value, 10) || 1));
  $('perft-depth').value = String(depth);
  const result = $('perft-result'), progress = $('perft-progress'), divide = $('perft-divide');
  result.removeAttribute('data-nodes');
  result.textContent = `perft ${depth}: running…`;
  divide.textContent = '';
  progress.max = 1;
  progress.value = 0;
  $('perft-run').disabled = true;
  $('perft-stop').disabled = false;
  const t0 = performance.now();
  try {
    const res = await perftJob.run({ kind: 'perft', ...gameSnapshot(), depth }, (p) => {
      progress.max = Math.max(1, p.total);
      progress.value = p.done;
      result.textContent = `perft ${depth}: ${p.done}/${p.total} root moves…`;
    });
    if (!res.ok) {
      result.textContent = `perft failed: ${res.error}`;
      return;
    }
    progress.max = 1;
    progress.value = 1;
    const ms = typeof res.ms === 'number' ? res.ms : performance.now() - t0;
    result.dataset.nodes = String(res.nodes);
    result.textContent = `${res.nodes.toLocaleString('en')} nodes in ${Math.round(ms)} ms (depth ${depth})`;
    for (const d of res.divide || []) {
      const li = document.createElement('li');
      li.textContent = `${d.move}: ${d.nodes}`;
      divide.append(li);
    }
  } catch (err) {
    result.textContent = err.stopped ? `perft ${depth}: stopped` : `perft failed: ${err.message}`;
    progress.value = 0;
  } finally {
    $('perft-run').disabled = false;
    $('perft-stop').disabled = true;
  }
}

function setEngineState(thinking, text) {
  const status = $('engine-status');
  status.dataset.state = thinking ? 'thinking' : 'idle';
  status.querySelector('.text').textContent = text;
  $('engine-stop').disabled = !thinking;
}

// positionKey names a game position exactly enough to tell whether an
// engine answer still applies: same variant text, same start, same moves.
function positionKey(snapshot) {
  return `${snapshot.text}\u0000${snapshot.fen}\u0000${snapshot.moves}`;
}

async function engineMove() {
  const s = ui.state;
  if (!s || s.over) return;
  const ms = parseInt($('engine-time').value, 10) || 1000;
  const snap = gameSnapshot();
  const key = positionKey(snap);
  setEngineState(true, 'thinking…');
  $('engine-info').textContent = '';
  let res;
  try {
    res = await engineJob.run({ kind: 'search', ...snap, ms });
  } catch (err) {
    // A search replaced by a newer one leaves the status to the newer one.
    if (err.stopped && err.message === 'replaced') return;
    setEngineState(false, err.stopped ? (err.message === 'stopped' ? 'stopped' : `stopped: ${err.message}`) : `failed: ${err.message}`);
    return;
  }
  if (!res.ok) {
    setEngineState(false, `no move: ${res.error}`);
    return;
  }
  const info = `${res.san || res.move}: depth ${res.depth}, ${formatScore(res)}, ${Number(res.nodes).toLocaleString('en')} nodes, ${Math.round(res.ms)} ms`;
  $('engine-info').textContent = info;
  if (!ui.state || positionKey(gameSnapshot()) !== key) {
    setEngineState(false, 'answer dropped: the position changed while it thought');
    return;
  }
  const mover = ui.state.toMove;
  const played = call('playMove', res.move);
  if (!played.ok) {
    setEngineState(false, `engine move ${res.move} refused: ${played.error}`);
    return;
  }
  setEngineState(false, `played ${res.san || res.move}`);
  applyState(played);
  announceMove(mover, res.san || played.history[played.history.length - 1].san, played);
}

function formatScore(res) {
  if (res.mate) return `mate in ${Math.abs(res.mate)}${res.mate < 0 ? ' (against)' : ''}`;
  const pawns = (res.score || 0) / 100;
  return `eval ${pawns > 0 ? '+' : ''}${pawns.toFixed(2)}`;
}

function maybeEngineReply() {
  if ($('engine-auto').checked && ui.state && !ui.state.over) engineMove();
}

function cancelEngine(why) {
  if (engineJob && engineJob.busy) engineJob.stop(why);
}

// ---------------------------------------------------------------- controls

function wireControls() {
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('flip').addEventListener('click', () => {
    ui.flipped = !ui.flipped;
    $('flip').setAttribute('aria-pressed', String(ui.flipped));
    const hadFocus = $('board').contains(document.activeElement);
    renderBoard();
    renderHands();
    if (hadFocus) ui.squareButtons[ui.focusSq].focus();
  });
  $('fen').addEventListener('input', () => { ui.fenDirty = true; });
  $('fen').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); setFen(); } });
  $('fen-set').addEventListener('click', setFen);
  $('fen-copy').addEventListener('click', () => {
    const fen = $('fen').value;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(fen).then(() => announce('FEN copied.'), () => { $('fen').select(); announce('Select the FEN and copy it.'); });
    } else {
      $('fen').select();
    }
  });
  $('variant').addEventListener('change', () => {
    const name = $('variant').value;
    if (name) loadVariant(name);
  });
  $('edit-mode').addEventListener('change', () => {
    const on = $('edit-mode').checked;
    $('palette').hidden = !on;
    document.body.classList.toggle('editing', on);
    ui.selection = null;
    renderBoard();
    renderHands();
    announce(on ? 'Edit mode: click a square to place the chosen piece.' : 'Edit mode off.');
  });
  $('share').addEventListener('click', share);
  $('perft-run').addEventListener('click', runPerft);
  $('perft-stop').addEventListener('click', () => perftJob.stop('stopped'));
  $('engine-move').addEventListener('click', engineMove);
  $('engine-stop').addEventListener('click', () => engineJob.stop('stopped'));
  new ResizeObserver(() => sizeBoard()).observe($('board-area'));
  window.addEventListener('resize', sizeBoard);
}

// ---------------------------------------------------------------- start

async function start() {
  try {
    await loadWasm();
  } catch (err) {
    const box = $('loading');
    box.classList.add('failed');
    box.textContent = `alfil could not start: WebAssembly failed to load (${err && err.message ? err.message : err}). ` +
      'Reload the page; if it persists, this browser may not support WebAssembly.';
    rejectReady(err);
    return;
  }
  wireControls();
  const list = call('variants');
  const select = $('variant');
  if (list.ok) {
    for (const v of list.variants) {
      const opt = document.createElement('option');
      opt.value = v.name;
      opt.textContent = v.title && v.title !== v.name ? `${v.title} (${v.name})` : v.name;
      select.append(opt);
    }
  }
  select.value = 'chess';
  // chess first, so a shared variant that fails to compile still leaves a board.
  let ok = loadVariant('chess');
  ok = loadSharedLink() || ok;
  // A share link pasted into this tab changes only the hash: load it too.
  window.addEventListener('hashchange', loadSharedLink);
  perftJob = new WorkerJob('perft');
  engineJob = new WorkerJob('engine');
  $('loading').hidden = true;
  $('app').removeAttribute('aria-busy');
  sizeBoard();
  if (ok) resolveReady(designer);
  else rejectReady(new Error($('compile-status').textContent || 'the first variant did not load'));
}

start();
