// A game's shuffle checked under Vitest, with nothing configured:
// `npx vitest run`. assertFair throws node's AssertionError naming the bias.
import { test, expect } from 'vitest';
import { assertFair } from 'shuffle-audit';

/** The game's shuffle: Fisher-Yates with Math.random. */
function shuffle(/** @type {number[]} */ cards) {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
}

/** The classic mistake: sort with a comparator that answers at random. */
function randomComparator(/** @type {number[]} */ cards) {
  cards.sort(() => Math.random() - 0.5);
}

test('the game shuffles fairly', () => {
  assertFair(shuffle);
});

test('sorting with a random comparator is caught and named', () => {
  expect(() => assertFair(randomComparator, { deck: 8, decks: 20000 })).toThrow(/sorting with a random comparator/);
});
