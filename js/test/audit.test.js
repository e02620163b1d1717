'use strict';
// `audit` gives what `shuffle-audit audit` gives for the same decks, byte
// for byte but for provenance and wall time, and refuses bad input by
// name.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { audit, AUDIT_ALPHA } = require('..');
const { cli, cliPath, withoutRun, readDecks } = require('./helpers');

const CASES = [
  { algorithm: 'fisher-yates', deck: 52, decks: 3000, biased: false },
  { algorithm: 'fisher-yates', deck: 5, decks: 4000, biased: false },
  { algorithm: 'naive-swap', deck: 6, decks: 20000, biased: true },
];

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shuffle-audit-js-'));
test.after(() => fs.rmSync(folder, { recursive: true, force: true }));

for (const c of CASES) {
  for (const ordered of [true, false]) {
    const title = `${c.algorithm} on ${c.deck} cards${ordered ? '' : ', unordered'}: the command's document`;
    test(title, { skip: cliPath() ? false : 'no shuffle-audit binary (cargo build)' }, () => {
      const file = path.join(folder, `${c.algorithm}-${c.deck}.txt`);
      const dealt = cli('deal', '-a', c.algorithm, '-d', String(c.deck), '-n', String(c.decks), '--seed', '7');
      fs.writeFileSync(file, dealt.out);
      const { code, out } = cli('audit', file, '--json', ...(ordered ? [] : ['--unordered']));
      const decks = readDecks(file);
      const rows = audit(decks, { name: file, ordered });
      const typed = (c.deck <= 255 ? Uint8Array : Uint16Array).from(decks.flat());
      const fromTyped = audit(typed, { deck: c.deck, name: file, ordered });
      assert.equal(withoutRun(rows.json), withoutRun(out));
      assert.equal(withoutRun(fromTyped.json), withoutRun(out));
      assert.equal(rows.exitCode, code);
      assert.equal(code, c.biased ? 1 : 0);
      assert.equal(rows.biasShown, c.biased);
      assert.equal(rows.document.finding, JSON.parse(out).finding);
      assert.match(rows.document.provenance.command, /^node: shuffle-audit\.audit\(/);
    });
  }
}

test('the default level is the judge\'s', () => {
  assert.equal(typeof AUDIT_ALPHA, 'number');
  assert.ok(AUDIT_ALPHA > 0 && AUDIT_ALPHA < 1);
});

test('bad decks are refused by name', () => {
  const fair = Array.from({ length: 100 }, () => [0, 1, 2]);
  const cases = [
    [[[0, 1, 2], [0, 0, 1]], /^decks\[1\]: .*card 0 .*twice/],
    [[[0, 1, 2], [0, 1, 3]], /^decks\[1\]: .*card 3/],
    [[[0, 1, 2], [2, -1, 0]], /^decks\[1\]: /],
    [[[0, 1, 2], [0, 1.5, 2]], /^decks\[1\]\[1\]: 1\.5: a card is a whole number/],
    [[[0, 1, 2], 'x'], /^decks\[1\]: x: each deck is an array of cards/],
    ['0 1 2', /^decks: give an array of decks/],
  ];
  for (const [decks, words] of cases) {
    assert.throws(() => audit(decks), (e) => words.test(e.message), String(words));
  }
  assert.throws(() => audit(new Uint8Array(7), { deck: 3 }), /7 cards is not whole decks of 3/);
  assert.throws(() => audit(new Uint8Array(6)), /options\.deck: undefined/);
  assert.throws(() => audit(fair, { alpha: 2 }), /alpha=2 is not a family-wise level/);
  assert.throws(() => audit(fair, { colour: true }), /options\.colour: not an option of audit/);
  assert.throws(() => audit(fair, { deck: 4 }), /decks\[0\] holds 3 cards, but options\.deck is 4/);
});

test('skipInvalid counts bad decks instead of refusing them', () => {
  const decks = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? [0, 1, 2] : i % 3 === 1 ? [1, 2, 0] : [2, 0, 1]));
  decks.push([0, 0, 0]);
  const found = audit(decks, { skipInvalid: true });
  assert.equal(found.document.input.decks, 3000);
  assert.equal(found.document.input.lines, 3001);
});
