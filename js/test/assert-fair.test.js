'use strict';
// assertFair: a JavaScript shuffle checked by shuffle-check's plan. A fair
// shuffle fails a check with probability at most DEFAULT_FALSE_FAILURE
// (1e-6), so the passes below are wrong once in a million runs at most;
// the biased shuffles fail their checks by far (thousands of standard
// deviations at the judge's default plan, tens at 8 cards).
const test = require('node:test');
const assert = require('node:assert/strict');
const { assertFair, DEFAULT_FALSE_FAILURE } = require('..');

function fisherYates(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
}

function naiveSwap(deck) {
  for (let i = 0; i < deck.length; i++) {
    const j = Math.floor(Math.random() * deck.length);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
}

/** The naive swap drawing from the generator it is given. */
function seededNaive(deck, random) {
  for (let i = 0; i < deck.length; i++) {
    const j = Math.floor(random() * deck.length);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
}

const failure = (f, options) => {
  try {
    assertFair(f, options);
  } catch (e) {
    return e;
  }
  return assert.fail(`${f.name || 'the shuffle'} passed`);
};

test('Fisher-Yates with Math.random passes the default plan', () => {
  const words = assertFair(fisherYates);
  assert.match(words, /^no bias found: 1,600,000 shuffles over 7 deck sizes/);
  assert.equal(DEFAULT_FALSE_FAILURE, 1e-6);
});

test('the naive swap fails with an AssertionError naming it and its fix', () => {
  const e = failure(naiveSwap);
  assert.ok(e instanceof assert.AssertionError, e.stack);
  assert.match(e.message, /^naiveSwap: the shuffle is not fair/);
  assert.match(e.message, /it looks like the naive swap/);
  assert.match(e.message, /fix: draw the partner of position i from i\.\.n/);
});

test('a random comparator fails, its fix in JavaScript', () => {
  const e = failure((d) => d.sort(() => Math.random() - 0.5), { deck: 8 });
  assert.ok(e instanceof assert.AssertionError);
  assert.match(e.message, /sorting with a random comparator/);
  assert.match(e.message, /Math\.floor\(Math\.random\(\) \* \(i \+ 1\)\)/);
  assert.doesNotMatch(e.message, /rand's|random\.shuffle/);
});

test('a sample too small to see a shuffle that does nothing is refused before any call', () => {
  let calls = 0;
  const nothing = () => {
    calls += 1;
  };
  assert.throws(() => assertFair(nothing, { deck: 3, decks: 5 }), {
    message: /5 shuffles of 3 cards cannot notice even a shuffle that does nothing .*; 16 can: give decks: 16 or more, or allowSmallSample: true/,
  });
  assert.equal(calls, 0);
  // 16 is enough to catch it; 15 is refused; asked for, 5 are run.
  assert.throws(() => assertFair(nothing, { deck: 3, decks: 16 }), assert.AssertionError);
  assert.throws(() => assertFair(nothing, { deck: 3, decks: 15 }), { message: /give decks: 16/ });
  assert.match(assertFair(nothing, { deck: 3, decks: 5, allowSmallSample: true }), /no bias found/);
  assert.equal(calls, 16 + 5);
});

test('a shuffle of two parameters draws from a generator seeded by the seed', () => {
  const options = { deck: 5, decks: 20000 };
  const at = (seed) => failure(seededNaive, { ...options, seed }).message;
  assert.equal(at(3), at(3));
  assert.notEqual(at(3), at(4));
  assert.match(at(3), /seed 3\)/);
  // Fair with its generator: Fisher-Yates drawing from it passes.
  const seededFisherYates = (deck, random) => {
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
  };
  for (const seed of [0, 1, 2 ** 40 + 7]) assert.match(assertFair(seededFisherYates, { seed }), /no bias found/);
});

test('a shuffle may return the shuffled cards instead', () => {
  const copy = (d) => {
    const out = [...d];
    fisherYates(out);
    return out;
  };
  assert.match(assertFair(copy, { deck: [4, 52], decks: 20000 }), /no bias found/);
});

test("a shuffle's own error comes through, and the check stops", () => {
  let calls = 0;
  const failing = (d) => {
    calls += 1;
    if (calls === 150000) throw new Error('out of cards');
    fisherYates(d);
  };
  assert.throws(() => assertFair(failing), { message: 'out of cards' });
  assert.equal(calls, 150000);
  // A deal that is not a deck ends the check at the chunk it is in, well
  // before the plan's 1,600,000 calls.
  calls = 0;
  const broken = (d) => {
    calls += 1;
    if (calls === 1000) d[0] = d[1];
  };
  assert.throws(() => assertFair(broken), { name: 'AssertionError', message: /shuffle 1000 of the deck 0\.\.2/ });
  assert.ok(calls < 400000, `${calls} calls`);
});

test('what is not a shuffle is named', () => {
  assert.throws(() => assertFair((d) => d.map((c) => c + 1), { deck: 4 }), {
    name: 'RangeError',
    message: 'the shuffle left 4 in the deck: it may only rearrange the cards 0..3 it is given',
  });
  assert.throws(() => assertFair(() => [0, 0, 1, 2], { deck: 4 }), {
    name: 'AssertionError',
    message: /missing cards 3; cards more than once 0/,
  });
  assert.throws(() => assertFair((d) => d.slice(1), { deck: 4 }), {
    message: 'the shuffle was given 4 cards and gave back 3: a shuffle rearranges the cards it is given',
  });
  assert.throws(() => assertFair(() => 5, { deck: 4 }), { name: 'TypeError' });
  assert.throws(() => assertFair(fisherYates, { deck: 300 }), { message: /deck of 300 cards is not allowed: use 2\.\.=255/ });
  assert.throws(() => assertFair(fisherYates, { seed: -1 }), { message: 'options.seed: -1: give a whole number from 0' });
  assert.throws(() => assertFair(fisherYates, { decks: 1.5 }), { message: 'options.decks: 1.5: give a whole number from 1' });
  assert.throws(() => assertFair(fisherYates, { shuffles: 9 }), { message: /options\.shuffles: not an option of assertFair/ });
  assert.throws(() => assertFair('fisherYates'), { name: 'TypeError' });
});
