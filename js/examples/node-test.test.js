'use strict';
// A game's tests under node's own runner (`node --test`): check the
// game's shuffle function, and audit decks dealt the way the game deals.
const test = require('node:test');
const assert = require('node:assert/strict');
const { assertFair, audit } = require('shuffle-audit');

/** The game's shuffle: Fisher-Yates with Math.random. */
function shuffle(/** @type {number[]} */ cards) {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** The classic mistake: swap each card with any card. */
function naiveSwap(/** @type {number[]} */ cards) {
  for (let i = 0; i < cards.length; i++) {
    const j = Math.floor(Math.random() * cards.length);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/**
 * `decks` decks of `n` cards, each dealt by `f`.
 * @param {(cards: number[]) => number[]} f
 * @param {number} decks
 * @param {number} n
 */
const deal = (f, decks, n) => Array.from({ length: decks }, () => f([...Array(n).keys()]));

test('the game shuffles fairly', () => {
  assertFair(shuffle);
});

test('the naive swap fails its check, named', () => {
  assert.throws(() => assertFair(naiveSwap, { deck: 6, decks: 20000 }), {
    name: 'AssertionError',
    message: /it looks like the naive swap/,
  });
});

test('the game deals fair decks', () => {
  const found = audit(deal(shuffle, 20000, 6));
  assert.equal(found.biasShown, false, found.text);
});

test('the naive swap is caught in dealt decks', () => {
  const found = audit(deal(naiveSwap, 20000, 6));
  assert.equal(found.biasShown, true, found.text);
});
