// Usage: node scripts/examples/shuffle.js fisher-yates|sort CARDS DECKS
//
// Prints DECKS shuffled decks of CARDS cards, one JSON array per line, cards
// numbered from 1: the input `shuffle-audit audit -` reads.
//   fisher-yates: the Durstenfeld shuffle with Math.random(); fair.
//   sort:         deck.sort(() => Math.random() - 0.5); biased.
"use strict";
const [how, cards, decks] = process.argv.slice(2);
const n = Number(cards), count = Number(decks);
if (!["fisher-yates", "sort"].includes(how) || !(n >= 2) || !(count >= 1)) {
  console.error("usage: node shuffle.js fisher-yates|sort CARDS DECKS");
  process.exit(2);
}
function fisherYates(deck) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}
function bySort(deck) {
  return deck.sort(() => Math.random() - 0.5);
}
const shuffle = how === "sort" ? bySort : fisherYates;
const lines = [];
for (let k = 0; k < count; k++) {
  const deck = Array.from({ length: n }, (_, i) => i + 1);
  lines.push(JSON.stringify(shuffle(deck)));
  if (lines.length === 10000) {
    process.stdout.write(lines.join("\n") + "\n");
    lines.length = 0;
  }
}
process.stdout.write(lines.length ? lines.join("\n") + "\n" : "");
