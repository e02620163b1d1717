// What a JavaScript engine's own `a.sort(() => rand() - 0.5)` does, counted,
// for crates/stats/tests/runtime_laws.rs:
//
//   js102 sort_counts.js perms 5 1000000 1      # count, then the order
//   js102 sort_counts.js positions 52 100000 1  # row: card, column: place
//
// `rand` is mulberry32 seeded with the last argument, in [0, 1) by steps of
// 2^-32, so that a run is the same on every machine; the comparator's sign
// is all the sort sees, as with Math.random.
"use strict";

function mulberry32(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const args = typeof scriptArgs !== "undefined" ? scriptArgs : process.argv.slice(2);
const [mode, n, sorts, seed] = [args[0], Number(args[1]), Number(args[2]), Number(args[3])];
const rand = mulberry32(seed);
const out = typeof print === "function" ? print : console.log;
if (mode === "perms") {
  const counts = new Map();
  for (let s = 0; s < sorts; s++) {
    const a = Array.from({ length: n }, (_, i) => i);
    a.sort(() => rand() - 0.5);
    const key = a.join(" ");
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  for (const [key, count] of counts) out(`${count} ${key}`);
} else if (mode === "positions") {
  const counts = new Float64Array(n * n);
  for (let s = 0; s < sorts; s++) {
    const a = Array.from({ length: n }, (_, i) => i);
    a.sort(() => rand() - 0.5);
    for (let p = 0; p < n; p++) counts[a[p] * n + p]++;
  }
  out("throws 0");
  for (let c = 0; c < n; c++) out(Array.from(counts.subarray(c * n, (c + 1) * n)).join(" "));
} else {
  throw new Error(`mode ${mode}: use perms or positions`);
}
