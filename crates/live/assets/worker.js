"use strict";
// The reader's shuffle, run in a Web Worker of the reader's own browser:
// compiled from the code box, checked on one deck, then run deck after
// deck, the decks sent to the server in binary batches (one byte a card).
// The server never sees the code.

let shuffle = null;
let deckSize = 0;
let running = false;

function post(type, fields) {
  self.postMessage(Object.assign({ type }, fields));
}

// One deck: the cards 0 … n−1 in order, shuffled; returned as the
// shuffle's result, or the array itself when the shuffle returns nothing.
// Null with a reason when the result is not the n cards once each.
const seen = new Int32Array(256);
let stamp = 0;
function deal(into, at) {
  const n = deckSize;
  const deck = new Array(n);
  for (let i = 0; i < n; i++) deck[i] = i;
  let out = shuffle(deck);
  if (out === undefined) out = deck;
  if (!out || out.length !== n) {
    return `the shuffle returned ${describe(out)}: a deck of ${n} cards was expected`;
  }
  stamp++;
  for (let p = 0; p < n; p++) {
    const c = out[p];
    if (!Number.isInteger(c) || c < 0 || c >= n || seen[c] === stamp) {
      return `the shuffle returned ${describe(out)}: not the cards 0 to ${n - 1} once each`;
    }
    seen[c] = stamp;
    into[at + p] = c;
  }
  return null;
}

function describe(out) {
  if (out === null || typeof out !== "object") return String(out);
  const head = Array.prototype.slice.call(out, 0, 12).join(", ");
  return `[${head}${out.length > 12 ? ", …" : ""}] (${out.length} items)`;
}

function compile(code) {
  // The code box defines shuffle(deck); anything else it defines stays
  // inside this function.
  const make = new Function(`${code}\n;return typeof shuffle === "function" ? shuffle : null;`);
  const f = make();
  if (!f) throw new Error("the code defines no function shuffle(deck)");
  return f;
}

async function run(session, batchBytes) {
  const n = deckSize;
  const most = Math.max(1, Math.floor(batchBytes / n));
  let size = Math.min(256, most);
  let pending = null;
  const started = performance.now();
  let sent = 0;
  while (running) {
    const batch = new Uint8Array(size * n);
    for (let d = 0; d < size; d++) {
      const bad = deal(batch, d * n);
      if (bad) {
        running = false;
        post("error", { message: `deck ${sent + d + 1}: ${bad}` });
        return;
      }
    }
    if (pending) {
      const answer = await pending;
      if (!answer.ok) {
        running = false;
        post("error", { message: answer.error });
        return;
      }
      if (answer.stop) {
        running = false;
        post("stopped", { decks: answer.decks });
        return;
      }
    }
    if (!running) break;
    sent += size;
    pending = send(session, batch);
    post("sent", { decks: sent, rate: sent / ((performance.now() - started) / 1000) });
    size = Math.min(most, size * 2);
  }
  if (pending) await pending;
}

async function send(session, batch) {
  try {
    const r = await fetch(`/sessions/${session}/decks`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: batch,
    });
    const body = await r.json();
    if (!r.ok) return { ok: false, error: body.error || `the server answered ${r.status}` };
    return { ok: true, stop: body.stop, decks: body.decks };
  } catch (e) {
    return { ok: false, error: `the server cannot be reached: ${e.message}` };
  }
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "check") {
    deckSize = m.deck;
    try {
      shuffle = compile(m.code);
      const bad = deal(new Uint8Array(deckSize), 0);
      if (bad) {
        post("error", { message: bad });
        return;
      }
    } catch (err) {
      post("error", { message: `${err.name}: ${err.message}` });
      return;
    }
    post("ready", {});
  } else if (m.type === "go") {
    running = true;
    run(m.session, m.batchBytes).catch((err) => {
      running = false;
      post("error", { message: `${err.name}: ${err.message}` });
    });
  } else if (m.type === "stop") {
    running = false;
  }
};
