'use strict';
// A lesson's tests: the exact law of the naive swap, its bias as a
// fraction, and a sample of it caught by the tests, from node's runner.
const test = require('node:test');
const assert = require('node:assert/strict');
const { algorithms, exact, sample } = require('shuffle-audit');

test('the naive swap on 3 cards is biased, exactly', () => {
  // 3^3 = 27 equally likely paths cannot fall evenly on 3! = 6 orders.
  const law = exact('naive-swap', 3);
  assert.equal(law.uniform, false);
  assert.equal(law.denominator(), 27n);
  assert.deepEqual(law.weights(), [4n, 5n, 5n, 5n, 4n, 4n]);
  // Fisher–Yates gives each of the 6 orders 1/6.
  const fair = exact('fisher-yates', 3);
  assert.equal(fair.uniform, true);
  assert.deepEqual([...(fair.arrangements() ?? [])], Array(6).fill(1 / 6));
});

test('a sample of the naive swap is caught, and one of Fisher-Yates is not', () => {
  assert.ok(algorithms().some((a) => a.id === 'naive-swap'));
  const naive = sample('naive-swap', 5, 20000, { seed: 7 });
  assert.equal(naive.biasShown, true, naive.text);
  const fair = sample('fisher-yates', 5, 20000, { seed: 7 });
  assert.equal(fair.biasShown, false, fair.text);
  // Each card landed somewhere on each of the 20,000 decks.
  for (const row of fair.positions()) assert.equal(row.reduce((a, b) => a + b, 0), 20000);
});
