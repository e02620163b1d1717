'use strict';
// usage: node scripts/recover-in-process.js [TRIALS]
// How many 52-card decks, dealt back to back in this node process by the
// Fisher-Yates loop on Math.random, the node package's `recover` needs
// before the next decks are known, and whether its two predicted decks
// are the ones dealt next. Each trial first draws 0..63 numbers, so the
// deals start anywhere in V8's cache of 64. Needs the package built
// (`cd js && npm install`). js/examples/predict-next-deal.test.js and
// js/test/recover.test.js rest on it.
const path = require('node:path');
const { recover } = require(path.join(__dirname, '..', 'js'));

const trials = process.argv[2] === undefined ? 2000 : Number(process.argv[2]);
function deal(n) {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
const needed = new Map();
let wrong = 0;
for (let t = 0; t < trials; t++) {
  for (let k = Math.floor(Math.random() * 64); k > 0; k--) Math.random();
  const dealt = [deal(52), deal(52)];
  let found = recover(dealt, { next: 2 });
  while (!found.known && dealt.length < 6) {
    dealt.push(deal(52));
    found = recover(dealt, { next: 2 });
  }
  const key = found.known ? String(dealt.length) : 'not known from 6';
  needed.set(key, (needed.get(key) || 0) + 1);
  if (found.known && JSON.stringify(found.next) !== JSON.stringify([deal(52), deal(52)])) wrong += 1;
}
for (const [key, count] of [...needed].sort()) {
  console.log(`${key} decks: ${count} of ${trials} (${(100 * count / trials).toFixed(2)} %)`);
}
console.log(`predictions that were not the decks dealt next: ${wrong}`);
