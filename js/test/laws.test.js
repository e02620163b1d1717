'use strict';
// exact and sample: the registry's algorithms, their exact laws and their
// sampled counts, as `shuffle-audit exact` and `sample` give them, byte
// for byte but for provenance and wall time.
const test = require('node:test');
const assert = require('node:assert/strict');
const { algorithms, exact, sample, DEFAULT_SEED } = require('..');
const { cli, cliPath, withoutRun } = require('./helpers');

test('the package knows the algorithms the command line lists, in its order', (t) => {
  if (!cliPath()) return t.skip('no shuffle-audit binary to compare with');
  const listed = JSON.parse(cli('list', '--json').out);
  assert.deepEqual(algorithms().map((a) => a.id), listed.map((a) => a.id));
  assert.ok(algorithms().every((a) => a.name !== '' && a.summary !== ''));
});

test('an exact law from JavaScript is the command line\'s, byte for byte', (t) => {
  if (!cliPath()) return t.skip('no shuffle-audit binary to compare with');
  // Brute force, state merging and the Markov chain.
  for (const [id, deck] of [['naive-swap', 4], ['naive-swap', 7], ['fisher-yates', 30], ['sort-random-v8-legacy', 5]]) {
    const law = exact(id, deck, { threads: 2 });
    const { out } = cli('exact', '-a', id, '-d', String(deck), '--json', '--threads', '2');
    assert.equal(withoutRun(law.json), withoutRun(out), `${id} on ${deck} cards`);
    assert.equal(law.text.split('\n')[0], cli('exact', '-a', id, '-d', String(deck)).out.split('\n')[0]);
  }
});

test('the naive swap on 3 cards: 27 paths, 4 or 5 onto each arrangement, exactly', () => {
  // n^n = 27 equally likely paths onto 3! = 6 arrangements: 27 = 4 + 5 + 5 + 5 + 4 + 4.
  const law = exact('naive-swap', 3);
  assert.equal(law.uniform, false);
  assert.equal(law.verdict, 'biased');
  assert.equal(law.method, 'brute-force');
  assert.deepEqual(law.weights(), [4n, 5n, 5n, 5n, 4n, 4n]);
  assert.equal(law.denominator(), 27n);
  // Every row and column of the exact position matrix holds the whole weight.
  const rows = law.positionWeights();
  for (let i = 0; i < 3; i++) {
    assert.equal(rows[i].reduce((a, b) => a + b, 0n), 27n);
    assert.equal(rows.reduce((a, r) => a + r[i], 0n), 27n);
  }
  // Rounded once from the fractions.
  assert.deepEqual([...law.arrangements()], [4 / 27, 5 / 27, 5 / 27, 5 / 27, 4 / 27, 4 / 27]);
  assert.deepEqual(law.positions()[0], rows[0].map((w) => Number(w) / 27));
  assert.deepEqual([...law.heatmap().subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});

test('a deck beyond the whole law has its position matrix alone', () => {
  // Fisher–Yates on 30 cards by the Markov chain: every cell exactly 1/30.
  const law = exact('fisher-yates', 30);
  assert.equal(law.method, 'markov-chain');
  assert.equal(law.uniform, true);
  assert.equal(law.weights(), null);
  assert.equal(law.arrangements(), null);
  assert.ok(law.positions().every((row) => row.length === 30 && row.every((p) => p === 1 / 30)));
  assert.throws(() => law.heatmap(), /position matrix alone is not drawn/);
  // The naive swap's chain is biased: its largest cell, card 1 ending
  // first, is about 34 % over 1/30, and the matrix holds what the document
  // says of it.
  const naive = exact('naive-swap', 30);
  assert.equal(naive.uniform, false);
  const { card, position, probability } = naive.document.largest_cell;
  assert.equal(naive.positions()[card][position], probability);
  assert.equal(Math.max(...naive.positions().flat()), probability);
  assert.ok(probability > 1.3 / 30, String(probability));
});

test('a law over the memory limit is refused before it starts, naming the largest deck that fits', () => {
  const limit = 40e6;
  const refusal = (() => {
    try {
      exact('fisher-yates', 10, { threads: 1, maxMemory: limit });
    } catch (e) {
      return e.message;
    }
    return assert.fail('refused');
  })();
  assert.match(refusal, /over the 40 MB of the options\.maxMemory given/);
  const largest = Number(/the largest deck that fits by .* is (\d+) cards/.exec(refusal)[1]);
  assert.ok(largest < 10);
  assert.equal(exact('fisher-yates', largest, { threads: 1, maxMemory: limit }).uniform, true);
  assert.throws(() => exact('fisher-yates', largest + 1, { threads: 1, maxMemory: limit }), /over the 40 MB/);
});

test('a sample from JavaScript is the command line\'s, byte for byte, from the same default seed', (t) => {
  if (!cliPath()) return t.skip('no shuffle-audit binary to compare with');
  for (const [id, deck, shuffles] of [['naive-swap', 5, 20000], ['fisher-yates', 12, 3000]]) {
    const found = sample(id, deck, shuffles, { threads: 2 });
    assert.equal(found.document.seed, DEFAULT_SEED);
    const { out } = cli('sample', '-a', id, '-d', String(deck), '-n', String(shuffles), '--json', '--threads', '2');
    assert.equal(withoutRun(found.json), withoutRun(out), `${id} on ${deck} cards`);
  }
});

test('the same seed gives the same counts on any threads; fair passes and the naive swap is caught', () => {
  // Fisher–Yates is graded biased with probability at most the level of
  // that grade (1e-4); the naive swap on 5 cards is a total variation
  // distance of about 0.2 from fair, beyond any level at 20,000 decks.
  const one = sample('fisher-yates', 5, 20000, { seed: 3, threads: 1 });
  const two = sample('fisher-yates', 5, 20000, { seed: 3, threads: 2 });
  assert.deepEqual(one.positions(), two.positions());
  assert.deepEqual(one.arrangements(), two.arrangements());
  assert.equal(one.biasShown, false);
  assert.match(one.finding, /^no bias shown at 20,000 shuffles \(not a proof of fairness/);
  const other = sample('fisher-yates', 5, 20000, { seed: 4, threads: 1 });
  assert.notDeepEqual(other.positions(), one.positions());
  // Every card lands somewhere on every deck.
  assert.ok(one.positions().every((row) => row.reduce((a, b) => a + b, 0) === 20000));
  assert.equal(one.arrangements().length, 120);
  const naive = sample('naive-swap', 5, 20000, { seed: 3 });
  assert.equal(naive.biasShown, true);
  assert.equal(naive.verdict, 'biased');
  assert.deepEqual([...naive.heatmap().subarray(1, 4)], [0x50, 0x4e, 0x47]);
  // The histogram, asked for or refused.
  assert.equal(sample('fisher-yates', 5, 200, { histogram: false }).arrangements(), null);
});

test('bad requests are refused naming the value and what is allowed', () => {
  const refusals = [
    [() => exact('naive-swop', 3), /unknown algorithm id "naive-swop"; did you mean naive-swap\?/],
    [() => exact('fisher-yates', 0), /^deck: 0: give a whole number from 1$/],
    [() => exact('sort-random-v8-legacy', 40), /^sort-random-v8-legacy has no exact method at 40 cards: brute force walks it up to 10 cards/],
    [() => exact('fisher-yates', 5, { method: 'brute-force' }), /^options\.method: not an option of exact: give threads, maxMemory$/],
    [() => exact('fisher-yates', 5, { threads: 1025 }), /^options\.threads: 1025: give a whole number in 1\.\.=1024/],
    [() => sample('fisher-yates', 1, 1000), /^deck 1 is not allowed for sampling: use 2\.\.=255$/],
    [() => sample('fisher-yates', 256, 1000000), /^deck 256 is not allowed for sampling: use 2\.\.=255$/],
    [() => sample('fisher-yates', 5, 24), /^shuffles 24 is too few to test decks of 5 cards: the position test needs at least 25 \(5 per cell\)$/],
    [() => sample('fisher-yates', 11, 1000, { histogram: true }), /^options\.histogram is available for decks of at most 10 cards: 11! = 39916800 counters/],
    [() => sample('fisher-yates', 5, 2.5), /^shuffles: 2\.5: give a whole number from 0$/],
    [() => sample('fisher-yates', 5, 100, { seed: -1 }), /^options\.seed: -1: give a whole number from 0$/],
    [() => sample('fisher-yates', 5, 100, { histogram: 'yes' }), /^options\.histogram: yes: give true or false/],
    [() => sample(5, 5, 100), /^algorithm: 5: give an algorithm's id/],
  ];
  for (const [call, said] of refusals) assert.throws(call, { message: said });
});
