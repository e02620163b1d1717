'use strict';
// A game's shuffle checked under Jest, with nothing configured: `npx jest`.
// assertFair throws node's AssertionError naming the bias; Jest prints it.
// Jest runs a test in a context of its own, where Math.random is much
// slower than in node itself, so the plan here is smaller than the
// default (see docs/javascript.md).
const { test, expect } = require('@jest/globals');
const { assertFair } = require('shuffle-audit');

/** The game's shuffle: Fisher-Yates with Math.random. */
function shuffle(/** @type {number[]} */ cards) {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
}

/** The classic mistake: swap each card with any card. */
function naiveSwap(/** @type {number[]} */ cards) {
  for (let i = 0; i < cards.length; i++) {
    const j = Math.floor(Math.random() * cards.length);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
}

test('the game shuffles fairly', () => {
  assertFair(shuffle, { deck: [5, 52], decks: 50000 });
});

test('the naive swap is caught and named', () => {
  expect(() => assertFair(naiveSwap, { deck: 6, decks: 20000 })).toThrow(/it looks like the naive swap/);
});
