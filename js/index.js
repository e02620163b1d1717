'use strict';
// shuffle-audit from JavaScript: decks dealt by any program, audited by
// the engine of the command line (the native half, crates/node). Every
// figure and word comes from that engine; this file checks arguments and
// shapes the result.
const assert = require('node:assert');
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

/**
 * What recover found: the document of `shuffle-audit recover --json`.
 */
class Recovery {
  constructor(found) {
    /** The document, as `shuffle-audit recover --json` writes it. */
    this.document = JSON.parse(found.json);
    /** The same document as text (JSON). */
    this.json = found.json;
    /** What `shuffle-audit recover` prints. */
    this.text = found.text;
    /** The command's exit code: 0 the decks to come are known, 1 they are not, 2 no state deals the decks. */
    this.exitCode = found.exitCode;
    /** The judge's conclusion: known, several, too_few_cards, out_of_reach or no_state. */
    this.conclusion = this.document.conclusion;
    /** Whether every state that deals the decks given deals the same decks next. */
    this.known = found.exitCode === 0;
    /** The decks dealt next, each as the loop leaves the array, when they are known; else null. */
    this.next = this.known ? this.document.search.predictions[0].decks : null;
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
  checkRows(decks, given.deck);
  const deck = decks.length ? decks[0].length : 0;
  opts.command = `node: shuffle-audit.audit(<${decks.length} decks of ${deck}>)`;
  return new Audit(native.auditRows(decks, opts));
}

/** assertFair's default false-failure probability: a fair shuffle fails a check with probability at most this. */
const DEFAULT_FALSE_FAILURE = native.defaultFalseFailure();

/** The shuffles of each deck size assertFair makes when `deck` is given and `decks` is not. */
const DEFAULT_CHECK_SHUFFLES = 100000;

/** Cards assertFair hands the check at a time (64 KB). */
const CHUNK_CARDS = 65536;

/**
 * The generator a shuffle of two arguments is given: xoshiro128** (Blackman
 * and Vigna), its state filled from the seed by splitmix32 (Murmur3's finalizer); each call gives
 * a double in [0, 1) of 53 random bits, as Math.random's contract asks.
 */
function seeded(seed) {
  let x = (seed % 4294967296) >>> 0;
  let y = Math.floor(seed / 4294967296) >>> 0;
  const split = () => {
    x = (x + 0x9e3779b9) | 0;
    let z = x ^ y;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  if ((a | b | c | d) === 0) a = 1;
  const next = () => {
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a; d ^= b; b ^= c; a ^= d; c ^= t; d = rotl(d, 11);
    return r;
  };
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
}

function rotl(v, k) {
  return (v << k) | (v >>> (32 - k));
}

function whole(name, value, least) {
  if (!Number.isSafeInteger(value) || value < least) {
    refuse(`${name}: ${String(value)}: give a whole number from ${least}`);
  }
  return value;
}

/**
 * Checks that `shuffle` is fair, and throws node's AssertionError with the
 * finding in words, and the known mistake it resembles, when it is not.
 *
 * `shuffle` is called with a fresh array `[0, 1, …, n-1]` and either
 * rearranges it in place or returns the shuffled cards. A function of two
 * parameters is also given `random`, a generator seeded from `seed` with
 * Math.random's contract, so that its check is reproducible; one that
 * draws from Math.random cannot be seeded.
 *
 * Options: `deck`, the deck size or sizes (the judge's default plan when
 * neither `deck` nor `decks` is given); `decks`, the shuffles of each
 * (default DEFAULT_CHECK_SHUFFLES); `seed`; `falseFailure` (a fair shuffle
 * fails with at most this probability); `allowSmallSample` (a check of
 * too few shuffles to notice even a shuffle that does nothing is refused
 * unless this is true). Returns the check's guarantee in words when the
 * shuffle passes.
 */
function assertFair(shuffle, given = {}) {
  if (typeof shuffle !== 'function') refuse(`shuffle: ${String(shuffle)}: give a function that shuffles an array`);
  if (given === null || typeof given !== 'object') refuse(`options: ${String(given)}: give an object, or nothing`);
  const known = new Set(['deck', 'decks', 'seed', 'falseFailure', 'allowSmallSample']);
  for (const key of Object.keys(given)) {
    if (!known.has(key)) refuse(`options.${key}: not an option of assertFair: give ${[...known].join(', ')}`);
  }
  const { seed = 0, falseFailure = DEFAULT_FALSE_FAILURE, allowSmallSample = false } = given;
  whole('options.seed', seed, 0);
  if (typeof falseFailure !== 'number') refuse(`options.falseFailure: ${String(falseFailure)}: give a number`);
  if (typeof allowSmallSample !== 'boolean') {
    refuse(`options.allowSmallSample: ${String(allowSmallSample)}: give true or false`);
  }
  let asked = null;
  if (given.deck !== undefined || given.decks !== undefined) {
    const sizes = given.deck === undefined ? native.defaultCheckDecks().map((d) => d.cards)
      : Array.isArray(given.deck) ? given.deck : [given.deck];
    const shuffles = given.decks === undefined ? DEFAULT_CHECK_SHUFFLES : whole('options.decks', given.decks, 1);
    asked = sizes.map((n) => ({ cards: whole('options.deck', n, 1), shuffles }));
  }
  // The judge's plan, or its refusal, before the shuffle is first called.
  // The shuffle runs here; what it deals is fed, in chunks of whole decks,
  // to the check's counting thread, which counts while the shuffle goes on.
  const run = new native.CheckRun(asked, seed, falseFailure, allowSmallSample);
  const plan = run.decks;
  const random = shuffle.length >= 2 ? seeded(seed) : undefined;
  let outcome;
  try {
    feeding: for (const { cards: n, shuffles } of plan) {
      const fresh = Array.from({ length: n }, (_, i) => i);
      const perChunk = Math.max(1, Math.floor(CHUNK_CARDS / n));
      let chunk = new Uint8Array(n * Math.min(perChunk, shuffles));
      let at = 0;
      for (let s = 0; s < shuffles; s++) {
        const cards = fresh.slice();
        const back = shuffle(cards, random);
        const deck = back === undefined ? cards : back;
        if (deck === null || typeof deck !== 'object') {
          throw new TypeError('the shuffle returned something that is not the cards: rearrange the array in place, or return the shuffled cards');
        }
        if (deck.length !== n) {
          throw new RangeError(`the shuffle was given ${n} cards and gave back ${deck.length}: a shuffle rearranges the cards it is given`);
        }
        // A card is a whole number below n; the check finds one dealt twice.
        for (let p = 0; p < n; p++) {
          const c = deck[p];
          if ((c >>> 0) !== c || c >= n) {
            throw new RangeError(`the shuffle left ${String(c)} in the deck: it may only rearrange the cards 0..${n - 1} it is given`);
          }
          chunk[at + p] = c;
        }
        at += n;
        if (at === chunk.length) {
          if (!run.feed(chunk)) break feeding;
          const left = shuffles - s - 1;
          if (left > 0 && left < perChunk) chunk = new Uint8Array(n * left);
          at = 0;
        }
      }
    }
    outcome = run.finish();
  } finally {
    run.abandon();
  }
  if (!outcome.passed) {
    const name = shuffle.name ? `${shuffle.name}: ` : '';
    throw new assert.AssertionError({ message: `${name}${outcome.words}`, stackStartFn: assertFair });
  }
  return outcome.words;
}

/** Every algorithm exact and sample know, in the command line's order: `{ id, name, summary }`. */
function algorithms() {
  return native.algorithms();
}

/** The seed sample deals from when none is given: the command line's. */
const DEFAULT_SEED = native.defaultSeed();

/** The options object of `call`, each key one of `known`. */
function optionsOf(given, call, known) {
  if (given === null || typeof given !== 'object') refuse(`options: ${String(given)}: give an object, or nothing`);
  for (const key of Object.keys(given)) {
    if (!known.includes(key)) refuse(`options.${key}: not an option of ${call}: give ${known.join(', ')}`);
  }
  return given;
}

/** The most worker threads exact and sample accept: the command line's --threads bound. */
const MAX_THREADS = native.maxThreads();

/** `options.threads`: a whole number in 1..=MAX_THREADS, or undefined for one per core. */
function threadsOf(threads) {
  if (threads !== undefined && (!Number.isSafeInteger(threads) || threads < 1 || threads > MAX_THREADS)) {
    refuse(`options.threads: ${String(threads)}: give a whole number in 1..=${MAX_THREADS}, or nothing for one per core`);
  }
  return threads;
}

function algorithmOf(id) {
  if (typeof id !== 'string') refuse(`algorithm: ${String(id)}: give an algorithm's id, as algorithms() lists them`);
  return id;
}

/** What exact found: the document of `shuffle-audit exact --json`, and the law's numbers. */
class Exact {
  #law;

  constructor(law) {
    this.#law = law;
    /** The document, as `shuffle-audit exact --json` writes it. */
    this.document = JSON.parse(law.json);
    /** The same document as text (JSON). */
    this.json = law.json;
    /** What `shuffle-audit exact` prints. */
    this.text = law.text;
    /** Cards. */
    this.deck = this.document.deck;
    /** The method that computed it: brute-force, state-merging or markov-chain. */
    this.method = this.document.method;
    /** The judge's verdict on the law. */
    this.verdict = this.document.verdict;
    /** Whether the law is exactly uniform (the position matrix's, when that is all that is known). */
    this.uniform = law.uniform;
  }

  /** `[card][position]`: the probability that `card` ends at `position`, each correctly rounded. */
  positions() {
    return this.#law.positions();
  }

  /** The probability of each arrangement (`a[position] = card`) in lexicographic order, correctly rounded; null when only the position matrix is known. */
  arrangements() {
    return this.#law.arrangements();
  }

  /** The exact weights of the arrangements, in lexicographic order, over `denominator()`; null when only the position matrix is known. */
  weights() {
    return this.#law.weights();
  }

  /** `[card][position]`: the position matrix's exact weights over `denominator()`; null when only the position matrix is known, rounded. */
  positionWeights() {
    return this.#law.positionWeights();
  }

  /** The common denominator of the exact weights, or null. */
  denominator() {
    return this.#law.denominator();
  }

  /** The report's heatmap of the law, as PNG bytes. */
  heatmap() {
    return this.#law.heatmap();
  }

  toString() {
    return this.text;
  }
}

/**
 * The exact law of `algorithm` on `deck` cards, by the fastest exact
 * method the judge has for it (as `shuffle-audit exact -a ALGORITHM -d
 * DECK`). Before any table is allocated the law's peak memory is
 * estimated; where it exceeds `options.maxMemory` bytes or the memory the
 * system has available, the call is refused naming the estimate, the limit
 * and the largest deck that fits. It runs on the calling thread's turn:
 * node waits until it is done.
 */
function exact(algorithm, deck, given = {}) {
  const { threads, maxMemory } = optionsOf(given, 'exact', ['threads', 'maxMemory']);
  const id = algorithmOf(algorithm);
  whole('deck', deck, 1);
  const opts = {
    threads: threadsOf(threads),
    maxMemory: maxMemory === undefined ? undefined : whole('options.maxMemory', maxMemory, 1),
    command: `node: shuffle-audit.exact(${JSON.stringify(id)}, ${deck})`,
  };
  return new Exact(native.exact(id, deck, opts));
}

/** What sample found: the document of `shuffle-audit sample --json`, and its counts. */
class Sample {
  #counts;

  constructor(counts) {
    this.#counts = counts;
    /** The document, as `shuffle-audit sample --json` writes it. */
    this.document = JSON.parse(counts.json);
    /** The same document as text (JSON). */
    this.json = counts.json;
    /** What `shuffle-audit sample` prints. */
    this.text = counts.text;
    /** The judge's grade: no bias shown, unusual, suspicious or biased. */
    this.verdict = this.document.verdict;
    /** Whether the tests show bias: the judge's grade is suspicious or biased. */
    this.biasShown = counts.biasShown;
    /** The verdict in the command line's words, never a claim of fairness. */
    this.finding = counts.finding;
  }

  /** `[card][position]`: how often `card` ended at `position`. */
  positions() {
    return this.#counts.positions();
  }

  /** How often each arrangement came up, by lexicographic rank, when the histogram was kept; else null. */
  arrangements() {
    return this.#counts.arrangements();
  }

  /** The report's heatmap of the counts, as PNG bytes (with the exact panel where the law is cheap). */
  heatmap() {
    return this.#counts.heatmap();
  }

  toString() {
    return this.text;
  }
}

/**
 * `shuffles` shuffles of `deck` cards by `algorithm`, dealt from
 * `options.seed` (default DEFAULT_SEED), counted and tested, as
 * `shuffle-audit sample -a ALGORITHM -d DECK -n SHUFFLES --seed SEED`: the
 * same seed gives the same counts on any number of threads.
 * `options.histogram` keeps the permutation histogram (true) or not
 * (false); by default it is kept where the shuffles give each arrangement
 * enough expected decks for the permutation tests.
 */
function sample(algorithm, deck, shuffles, given = {}) {
  const { seed = DEFAULT_SEED, histogram, threads } = optionsOf(given, 'sample', ['seed', 'histogram', 'threads']);
  const id = algorithmOf(algorithm);
  whole('deck', deck, 0);
  whole('shuffles', shuffles, 0);
  whole('options.seed', seed, 0);
  if (histogram !== undefined && typeof histogram !== 'boolean') {
    refuse(`options.histogram: ${String(histogram)}: give true or false, or nothing to let the deck decide`);
  }
  const opts = {
    seed,
    histogram,
    threads: threadsOf(threads),
    command: `node: shuffle-audit.sample(${JSON.stringify(id)}, ${deck}, ${shuffles}, { seed: ${seed} })`,
  };
  return new Sample(native.sample(id, deck, shuffles, opts));
}

const [RECOVER_NEXT, RECOVER_CAP, RECOVER_MAX_NEXT] = native.recoverLimits();

/** Each deck of `decks` an array of whole numbers, or a refusal naming the first that is not. */
function checkRows(decks, size) {
  if (!Array.isArray(decks)) refuse('decks: give an array of decks (arrays of cards)');
  decks.forEach((row, d) => {
    if (!Array.isArray(row)) refuse(`decks[${d}]: ${String(row)}: each deck is an array of cards`);
    row.forEach((card, p) => {
      if (!Number.isSafeInteger(card)) refuse(`decks[${d}][${p}]: ${String(card)}: a card is a whole number`);
    });
    if (size !== undefined && row.length !== size) {
      refuse(`decks[${d}] holds ${row.length} cards, but options.deck is ${size}`);
    }
  });
}

/**
 * Reads the state of V8's Math.random (node, Chrome) back from decks a
 * Fisher–Yates loop dealt with it, in the order dealt, each the array as
 * the loop leaves it (its first element first), and predicts the decks it
 * deals next, as `shuffle-audit recover` does. The loop:
 * `for (let i = n - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); swap a[i], a[j] }`
 * on `a = [0, 1, …, n-1]` (or numbered from 1).
 *
 * Options: `next`, the decks to predict (default 1); `cap`, the most states
 * and predictions listed (default 5).
 */
function recover(decks, given = {}) {
  if (given === null || typeof given !== 'object') refuse(`options: ${String(given)}: give an object, or nothing`);
  const known = new Set(['next', 'cap']);
  for (const key of Object.keys(given)) {
    if (!known.has(key)) refuse(`options.${key}: not an option of recover: give ${[...known].join(', ')}`);
  }
  const { next = RECOVER_NEXT, cap = RECOVER_CAP } = given;
  if (!Number.isSafeInteger(next) || next < 1 || next > RECOVER_MAX_NEXT) {
    refuse(`options.next: ${String(next)}: give a whole number in 1..=${RECOVER_MAX_NEXT}`);
  }
  whole('options.cap', cap, 1);
  checkRows(decks);
  if (decks.length === 0) refuse('decks: no deck given: give the decks dealt, in the order dealt');
  decks.forEach((row, d) => {
    if (row.length === 0) refuse(`decks[${d}]: an empty deck: give the cards the loop left in the array`);
  });
  const command = `node: shuffle-audit.recover(<${decks.length} decks of ${decks[0].length}>)`;
  return new Recovery(native.recoverDecks(decks, { next, cap: Math.min(cap, 4294967295), command }));
}

module.exports = {
  audit,
  assertFair,
  recover,
  algorithms,
  exact,
  sample,
  Audit,
  Recovery,
  Exact,
  Sample,
  DEFAULT_SEED,
  MAX_THREADS,
  AUDIT_ALPHA,
  DEFAULT_FALSE_FAILURE,
  DEFAULT_CHECK_SHUFFLES,
};
