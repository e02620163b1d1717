'use strict';
// A game's test under node's own runner (`node --test`): deal decks the
// way the game does, and fail the test when the audit shows bias.
const test = require('node:test');
const assert = require('node:assert/strict');
const { audit } = require('shuffle-audit');

/** The game's shuffle: Fisher-Yates with Math.random. */
function shuffle(cards) {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** The classic mistake: swap each card with any card. */
function naiveSwap(cards) {
  for (let i = 0; i < cards.length; i++) {
    const j = Math.floor(Math.random() * cards.length);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

const deal = (f, decks, n) => Array.from({ length: decks }, () => f([...Array(n).keys()]));

test('the game deals fair decks', () => {
  const found = audit(deal(shuffle, 20000, 6));
  assert.equal(found.biasShown, false, found.text);
});

test('the naive swap is caught', () => {
  const found = audit(deal(naiveSwap, 20000, 6));
  assert.equal(found.biasShown, true, found.text);
});
