// What SpiderMonkey's own Array.prototype.sort does with a random
// comparator, for the tests of the port
// (crates/algorithms/src/engines/spidermonkey_102.rs):
//
//   (echo "# $(js102 --version)"; js102 crates/algorithms/tests/runtimes/spidermonkey_sort_vectors.js) \
//       > crates/algorithms/tests/data/spidermonkey-102-sort.txt
//
// Math.random is replaced by a scripted stream, as in
// scripts/v8-sort-vectors.js: each call returns 0.75 ("greater":
// Math.random() - 0.5 > 0) or 0.25 ("less"), the choice taken from
// xorshift32 seeded with the case's seed; a stream "p" in 1, 4, 7 answers
// "greater" with probability p/8. Sizes may be given as arguments.
// One line per case: n seed p calls | order.
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

const given = typeof scriptArgs !== "undefined" ? scriptArgs.map(Number) : [];
const sizes = given.length > 0 ? given
  : [2, 3, 4, 5, 9, 10, 16, 23, 24, 25, 31, 32, 33, 52, 64, 65, 100, 127, 200, 256, 500, 1000];
const random = Math.random;
print("# n seed p calls | order");
for (const n of sizes) {
  for (const seed of [1, 2, 3]) {
    for (const p of [1, 4, 7]) {
      const next = stream(seed * 7919 + n, p);
      let calls = 0;
      Math.random = () => { calls++; return next(); };
      const a = Array.from({ length: n }, (_, i) => i);
      a.sort(() => Math.random() - 0.5);
      Math.random = random;
      print(`${n} ${seed} ${p} ${calls} | ${a.join(" ")}`);
    }
  }
}
