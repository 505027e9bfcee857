// The designer's worker: it loads its own copy of alfil.wasm and runs the
// slow, synchronous bridge calls (perft and search) off the page's thread.
// Messages in:  {id, kind: 'perft', text, fen, moves, depth}
//               {id, kind: 'search', text, fen, moves, ms}
// Messages out: {type: 'ready'}, {type: 'fatal', error},
//               {id, type: 'progress', data}, {id, type: 'result', data}
// The page cancels a job by terminating this worker.

importScripts('wasm_exec.js');

let ready = false;
const queued = [];

self.alfilReady = () => {
  ready = true;
  postMessage({ type: 'ready' });
  while (queued.length) handle(queued.shift());
};

self.onmessage = (ev) => {
  if (ready) handle(ev.data);
  else queued.push(ev.data);
};

function parse(json) {
  try {
    return JSON.parse(json);
  } catch (err) {
    return { ok: false, error: `bad answer from alfil: ${err.message}` };
  }
}

function handle(job) {
  let data;
  try {
    if (job.kind === 'perft') {
      const progress = (p) => postMessage({ id: job.id, type: 'progress', data: parse(p) });
      data = parse(self.alfil.perft(job.text, job.fen, job.moves, job.depth, progress));
    } else if (job.kind === 'search') {
      data = parse(self.alfil.search(job.text, job.fen, job.moves, job.ms));
    } else {
      data = { ok: false, error: `unknown job ${job.kind}` };
    }
  } catch (err) {
    data = { ok: false, error: String(err && err.message ? err.message : err) };
  }
  postMessage({ id: job.id, type: 'result', data });
}

async function boot() {
  const go = new Go();
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch('alfil.wasm'), go.importObject));
  } catch (streamErr) {
    const resp = await fetch('alfil.wasm');
    if (!resp.ok) throw new Error(`alfil.wasm: HTTP ${resp.status}`);
    ({ instance } = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject));
  }
  go.run(instance);
}

boot().catch((err) => postMessage({ type: 'fatal', error: `the worker could not load alfil.wasm: ${err && err.message ? err.message : err}` }));
