'use strict';
// shuffle-audit from JavaScript: decks dealt by any program, audited by
// the engine of the command line (the native half, crates/node). Every
// figure and word comes from that engine; this file checks arguments and
// shapes the result.
const path = require('node:path');

const native = require(path.join(__dirname, 'shuffle_audit.node'));

/** The judge's default family-wise level of an audit. */
const AUDIT_ALPHA = native.auditAlpha();

/** What an audit found: the document of `shuffle-audit audit --json`. */
class Audit {
  constructor(found) {
    /** The document, as `shuffle-audit audit --json` writes it. */
    this.document = JSON.parse(found.json);
    /** The same document as text (JSON). */
    this.json = found.json;
    /** What `shuffle-audit audit` prints. */
    this.text = found.text;
    /** What it found, in one sentence. */
    this.finding = found.finding;
    /** The command's exit code: 0 no bias shown, 1 bias shown. */
    this.exitCode = found.exitCode;
    /** Whether the decks show bias at the audit's level. */
    this.biasShown = found.exitCode === 1;
  }

  toString() {
    return this.text;
  }
}

function refuse(message) {
  throw new TypeError(message);
}

function options(given, call) {
  if (given === null || typeof given !== 'object') refuse(`options: ${String(given)}: give an object, or nothing`);
  const known = new Set(['alpha', 'ordered', 'skipInvalid', 'name', 'deck']);
  for (const key of Object.keys(given)) {
    if (!known.has(key)) refuse(`options.${key}: not an option of audit: give ${[...known].join(', ')}`);
  }
  const { alpha = AUDIT_ALPHA, ordered = true, skipInvalid = false, name = 'decks' } = given;
  if (typeof alpha !== 'number') refuse(`options.alpha: ${String(alpha)}: give a number`);
  if (typeof ordered !== 'boolean') refuse(`options.ordered: ${String(ordered)}: give true or false`);
  if (typeof skipInvalid !== 'boolean') refuse(`options.skipInvalid: ${String(skipInvalid)}: give true or false`);
  if (typeof name !== 'string' || name === '') refuse(`options.name: ${String(name)}: give a non-empty string`);
  return { alpha, ordered, skipInvalid, name, command: `node: shuffle-audit.${call}` };
}

/**
 * Audits decks dealt elsewhere, as `shuffle-audit audit` audits a file of
 * them: an array of decks (each an array of cards), or one Uint8Array or
 * Uint16Array of `decks × options.deck` cards, deck after deck.
 */
function audit(decks, given = {}) {
  const opts = options(given, 'audit');
  if (decks instanceof Uint8Array || decks instanceof Uint16Array) {
    const deck = given.deck;
    if (!Number.isInteger(deck) || deck < 1) {
      refuse(`options.deck: ${String(deck)}: a typed array needs the cards per deck, a whole number from 1`);
    }
    if (decks.length % deck !== 0) {
      refuse(`a typed array of ${decks.length} cards is not whole decks of ${deck}: give decks × deck cards`);
    }
    const kind = decks instanceof Uint8Array ? 'Uint8Array' : 'Uint16Array';
    opts.command = `node: shuffle-audit.audit(<${kind} ${decks.length / deck}x${deck}>)`;
    return new Audit(native.auditTyped(decks, deck, opts));
  }
  if (!Array.isArray(decks)) {
    refuse('decks: give an array of decks (arrays of cards), or a Uint8Array or Uint16Array with options.deck');
  }
  decks.forEach((row, d) => {
    if (!Array.isArray(row)) refuse(`decks[${d}]: ${String(row)}: each deck is an array of cards`);
    row.forEach((card, p) => {
      if (!Number.isSafeInteger(card)) refuse(`decks[${d}][${p}]: ${String(card)}: a card is a whole number`);
    });
    if (given.deck !== undefined && row.length !== given.deck) {
      refuse(`decks[${d}] holds ${row.length} cards, but options.deck is ${given.deck}`);
    }
  });
  const deck = decks.length ? decks[0].length : 0;
  opts.command = `node: shuffle-audit.audit(<${decks.length} decks of ${deck}>)`;
  return new Audit(native.auditRows(decks, opts));
}

module.exports = { audit, Audit, AUDIT_ALPHA };
