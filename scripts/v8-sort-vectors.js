// Records what V8's own Array.prototype.sort does with a random comparator,
// for the tests of the port in crates/algorithms/src/engines.rs.
//
//   node scripts/v8-sort-vectors.js > crates/algorithms/tests/data/v8-sort-node.txt
//
// Math.random is replaced by a scripted stream: each call returns 0.75
// ("greater": Math.random() - 0.5 > 0) or 0.25 ("less"), the choice taken
// from xorshift32 seeded with the case's seed, as the Rust test does. A
// stream "p" in 1, 4, 7 answers "greater" with probability p/8, so that
// long runs of wins (and V8's galloping) are exercised too.
"use strict";

function stream(seed, p) {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return (s >>> 29) < p ? 0.75 : 0.25;
  };
}

const sizes = [2, 3, 4, 5, 9, 10, 11, 16, 31, 32, 52, 60, 63, 64, 65, 100, 127, 200, 256, 500, 1000];
const random = Math.random;
console.log(`# node ${process.version} (V8 ${process.versions.v8}): n seed p calls | order`);
for (const n of sizes) {
  for (const seed of [1, 2, 3]) {
    for (const p of [1, 4, 7]) {
      const next = stream(seed * 7919 + n, p);
      let calls = 0;
      Math.random = () => { calls++; return next(); };
      const a = Array.from({ length: n }, (_, i) => i);
      a.sort(() => Math.random() - 0.5);
      Math.random = random;
      console.log(`${n} ${seed} ${p} ${calls} | ${a.join(" ")}`);
    }
  }
}
