'use strict';
// The node package's speed, each figure against its baseline in the same run.
//
//     node scripts/bench_node.js CLI [DECKS]
//
// 1. assertFair(fisherYates), the judge's default plan (1,600,000 calls),
//    against a plain loop making the same calls of the same function on
//    fresh copies of the same arrays, best of 9 interleaved rounds, in wall
//    time and in the process's CPU time; beside them, the same loop with
//    each deck read out into a byte array as assertFair reads it (its
//    floor: the cost of looking at the cards at all), and with each deck
//    copied by TypedArray.set alone (the cheapest read-out there is).
// 2. audit of a Uint8Array of DECKS x 52 cards (default 2,000,000) against
//    `CLI audit FILE --json` on the file of the same decks, best of 5
//    interleaved rounds, both on all cores.
//
// Needs the package built (`cd js && npm install`).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { assertFair, audit } = require(path.join(__dirname, '..', 'js'));

const [cli, decksArg] = process.argv.slice(2);
if (!cli) {
  console.error('usage: node scripts/bench_node.js CLI [DECKS]');
  process.exit(2);
}
const DECKS = decksArg === undefined ? 2000000 : Number(decksArg);
// SKIP_AUDIT=1: the first figure alone.
const SKIP_AUDIT = process.env.SKIP_AUDIT === '1';

/** The best wall and CPU seconds of each of `runs`, interleaved over `rounds`. */
function best(rounds, ...runs) {
  const wall = runs.map(() => Infinity);
  const cpu = runs.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    runs.forEach((run, k) => {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      run();
      const t = Number(process.hrtime.bigint() - t0) / 1e9;
      const c = process.cpuUsage(c0);
      wall[k] = Math.min(wall[k], t);
      cpu[k] = Math.min(cpu[k], (c.user + c.system) / 1e6);
    });
  }
  return { wall, cpu };
}

function fisherYates(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}

// 1. The judge's default plan, as assertFair runs it without options.
const plan = [[2, 1e5], [3, 1e5], [4, 1e5], [5, 1e5], [6, 1e5], [13, 1e5], [52, 1e6]];
function plain() {
  for (const [n, shuffles] of plan) {
    const fresh = Array.from({ length: n }, (_, i) => i);
    for (let s = 0; s < shuffles; s++) fisherYates(fresh.slice());
  }
}
// The same calls, each deck read out into a byte array as assertFair reads
// it, and nothing counted: what any check pays before it counts a card.
function readOut() {
  for (const [n, shuffles] of plan) {
    const fresh = Array.from({ length: n }, (_, i) => i);
    const chunk = new Uint8Array(n * 1024);
    let at = 0;
    for (let s = 0; s < shuffles; s++) {
      const deck = fresh.slice();
      fisherYates(deck);
      for (let p = 0; p < n; p++) {
        const c = deck[p];
        if ((c >>> 0) !== c || c >= n) throw new RangeError(String(c));
        chunk[at + p] = c;
      }
      at = at + n === chunk.length ? 0 : at + n;
    }
  }
}
// The cheapest read-out there is: each deck copied by the engine's own
// TypedArray.prototype.set, no card checked, nothing counted. No check
// that looks at every card of every deal can cost less.
function copyOut() {
  for (const [n, shuffles] of plan) {
    const fresh = Array.from({ length: n }, (_, i) => i);
    const chunk = new Uint8Array(n * 1024);
    let at = 0;
    for (let s = 0; s < shuffles; s++) {
      const deck = fresh.slice();
      fisherYates(deck);
      chunk.set(deck, at);
      at = at + n === chunk.length ? 0 : at + n;
    }
  }
}
const words = assertFair(fisherYates);
if (!words.startsWith('no bias found: 1,600,000 shuffles')) throw new Error(`the default plan changed: ${words}`);
const one = best(9, () => assertFair(fisherYates), plain, readOut, copyOut);
const pct = (a, b) => (100 * (a / b - 1)).toFixed(1);
console.log(`1. assertFair(fisherYates), the default plan (1,600,000 calls): ${one.wall[0].toFixed(3)} s; `
  + `the same calls alone ${one.wall[1].toFixed(3)} s: overhead ${pct(one.wall[0], one.wall[1])} % `
  + `(CPU time ${one.cpu[0].toFixed(3)} s against ${one.cpu[1].toFixed(3)} s: ${pct(one.cpu[0], one.cpu[1])} %); `
  + `the same calls with each deck read out into bytes, nothing counted: ${one.wall[2].toFixed(3)} s, `
  + `${pct(one.wall[2], one.wall[1])} %; copied by TypedArray.set, nothing checked or counted: `
  + `${one.wall[3].toFixed(3)} s, ${pct(one.wall[3], one.wall[1])} %`);

// 2. A typed array against the command line on a file of the same decks.
if (SKIP_AUDIT) process.exit(0);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-node-'));
try {
  const file = path.join(folder, 'decks.txt');
  const out = fs.openSync(file, 'w');
  const dealt = spawnSync(cli, ['deal', '-a', 'fisher-yates', '-d', '52', '-n', String(DECKS), '--seed', '3'],
    { stdio: ['ignore', out, 'inherit'] });
  fs.closeSync(out);
  if (dealt.status !== 0) throw new Error(`${cli} deal failed`);
  const text = fs.readFileSync(file, 'latin1');
  const cards = new Uint8Array(DECKS * 52);
  let at = 0;
  let value = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) value = (value < 0 ? 0 : value * 10) + (c - 48);
    else if (value >= 0) {
      cards[at++] = value;
      value = -1;
    }
  }
  if (at !== cards.length) throw new Error(`read ${at} cards, expected ${cards.length}`);
  const viaCli = () => {
    const run = spawnSync(cli, ['audit', file, '--json'], { maxBuffer: 1 << 28 });
    if (run.status !== 0 && run.status !== 1) throw new Error(`${cli} audit: ${run.stderr}`);
    return JSON.parse(run.stdout);
  };
  const same = audit(cards, { deck: 52, name: file }).document;
  if (same.input.sha256 !== viaCli().input.sha256) throw new Error('the array is not the file\'s decks');
  const two = best(5, () => audit(cards, { deck: 52 }), viaCli);
  console.log(`2. audit of a ${DECKS.toLocaleString('en')} x 52 Uint8Array: ${two.wall[0].toFixed(3)} s in node, `
    + `${two.wall[1].toFixed(3)} s \`shuffle-audit audit FILE --json\` on the same decks `
    + `(${(fs.statSync(file).size / 1e6).toFixed(0)} MB): ${(two.wall[1] / two.wall[0]).toFixed(2)}x the command's speed`);
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
