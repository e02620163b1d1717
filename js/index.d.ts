/** The judge's default family-wise level of an audit. */
export declare const AUDIT_ALPHA: number;

/** How an audit is run. */
export interface AuditOptions {
  /** Family-wise level: a fair source is flagged with probability at most this. */
  alpha?: number;
  /** Whether the decks are in the order dealt (the tests of consecutive decks run). Default true. */
  ordered?: boolean;
  /** Count and skip bad decks instead of refusing them. Default false. */
  skipInvalid?: boolean;
  /** The input's name in the document (`input.source`). Default "decks". */
  name?: string;
  /** Cards per deck: required with a typed array, checked with arrays. */
  deck?: number;
}

/** What an audit found: the document of `shuffle-audit audit --json`. */
export declare class Audit {
  /** The document, as `shuffle-audit audit --json` writes it. */
  readonly document: Record<string, unknown> & { finding: string; result: Record<string, unknown> };
  /** The same document as JSON text. */
  readonly json: string;
  /** What `shuffle-audit audit` prints. */
  readonly text: string;
  /** What it found, in one sentence. */
  readonly finding: string;
  /** The command's exit code: 0 no bias shown, 1 bias shown. */
  readonly exitCode: 0 | 1;
  /** Whether the decks show bias at the audit's level. */
  readonly biasShown: boolean;
  toString(): string;
}

/**
 * Audits decks dealt elsewhere, as `shuffle-audit audit` audits a file of
 * them: an array of decks (each an array of cards), or one typed array of
 * `decks × options.deck` cards, deck after deck.
 */
export declare function audit(
  decks: ReadonlyArray<ReadonlyArray<number>> | Uint8Array | Uint16Array,
  options?: AuditOptions,
): Audit;

/** assertFair's default false-failure probability: a fair shuffle fails a check with probability at most this. */
export declare const DEFAULT_FALSE_FAILURE: number;

/** The shuffles of each deck size assertFair makes when `deck` is given and `decks` is not. */
export declare const DEFAULT_CHECK_SHUFFLES: number;

/** How assertFair checks a shuffle. */
export interface AssertFairOptions {
  /** The deck size or sizes, 2 to 255 cards (the judge's default plan when neither `deck` nor `decks` is given). */
  deck?: number | ReadonlyArray<number>;
  /** The shuffles of each deck size (default DEFAULT_CHECK_SHUFFLES). */
  decks?: number;
  /** Seeds the check, and the generator a shuffle of two parameters is given. Default 0. */
  seed?: number;
  /** A fair shuffle fails the check with probability at most this. Default DEFAULT_FALSE_FAILURE. */
  falseFailure?: number;
  /** Run a check too small to notice even a shuffle that does nothing, rather than refuse it. Default false. */
  allowSmallSample?: boolean;
}

/**
 * A shuffle: it rearranges the array `[0, 1, …, n-1]` it is given in place,
 * or returns the shuffled cards. A function of two parameters is also given
 * `random`, a seeded generator with Math.random's contract.
 */
export type Shuffle = (deck: number[], random: () => number) => void | ArrayLike<number>;

/**
 * Checks that `shuffle` is fair; throws node's AssertionError with the
 * finding in words, and the known mistake it resembles, when it shows
 * bias. Returns the check's guarantee in words when it passes.
 */
export declare function assertFair(shuffle: Shuffle, options?: AssertFairOptions): string;

/** How recover reads the state back. */
export interface RecoverOptions {
  /** Decks to predict after those given, dealt back to back. Default 1. */
  next?: number;
  /** The most states and predictions listed. Default 5. */
  cap?: number;
}

/** What recover found: the document of `shuffle-audit recover --json`. */
export declare class Recovery {
  /** The document, as `shuffle-audit recover --json` writes it. */
  readonly document: Record<string, unknown> & { conclusion: string; search: Record<string, unknown> };
  /** The same document as JSON text. */
  readonly json: string;
  /** What `shuffle-audit recover` prints. */
  readonly text: string;
  /** The command's exit code: 0 the decks to come are known, 1 they are not, 2 no state deals the decks. */
  readonly exitCode: 0 | 1 | 2;
  /** The judge's conclusion. */
  readonly conclusion: 'known' | 'several' | 'too_few_cards' | 'out_of_reach' | 'no_state';
  /** Whether every state that deals the decks given deals the same decks next. */
  readonly known: boolean;
  /** The decks dealt next, each as the loop leaves the array, when they are known; else null. */
  readonly next: number[][] | null;
  toString(): string;
}

/**
 * Reads the state of V8's Math.random back from decks a Fisher–Yates loop
 * dealt with it, in the order dealt, and predicts the decks it deals next.
 */
export declare function recover(decks: ReadonlyArray<ReadonlyArray<number>>, options?: RecoverOptions): Recovery;

/** One algorithm of the registry. */
export interface AlgorithmInfo {
  /** Its id, as exact and sample take it (`fisher-yates`). */
  id: string;
  /** Its name. */
  name: string;
  /** What it does and whether it is fair, in one line. */
  summary: string;
}

/** Every algorithm exact and sample know, in the command line's order. */
export declare function algorithms(): AlgorithmInfo[];

/** The most worker threads exact and sample accept. */
export declare const MAX_THREADS: number;

/** How exact computes a law. */
export interface ExactOptions {
  /** Worker threads, 1 to MAX_THREADS (default: one per core); the law is the same on any number. */
  threads?: number;
  /** Refuse, before any table is allocated, a law whose estimated peak exceeds this many bytes (the system's memory is a limit too). */
  maxMemory?: number;
}

/** What exact found: the document of `shuffle-audit exact --json`, and the law's numbers. */
export declare class Exact {
  /** The document, as `shuffle-audit exact --json` writes it. */
  readonly document: Record<string, unknown> & { deck: number; method: string; verdict: string };
  /** The same document as JSON text. */
  readonly json: string;
  /** What `shuffle-audit exact` prints. */
  readonly text: string;
  /** Cards. */
  readonly deck: number;
  /** The method that computed it. */
  readonly method: 'brute-force' | 'state-merging' | 'markov-chain';
  /** The judge's verdict on the law. */
  readonly verdict: string;
  /** Whether the law is exactly uniform (the position matrix's, when that is all that is known). */
  readonly uniform: boolean;
  /** `[card][position]`: the probability that `card` ends at `position`, each correctly rounded. */
  positions(): number[][];
  /** The probability of each arrangement (`a[position] = card`) in lexicographic order, correctly rounded; null when only the position matrix is known. */
  arrangements(): Float64Array | null;
  /** The exact weights of the arrangements, in lexicographic order, over `denominator()`; null when only the position matrix is known. */
  weights(): bigint[] | null;
  /** `[card][position]`: the position matrix's exact weights over `denominator()`; null when only the position matrix is known, rounded. */
  positionWeights(): bigint[][] | null;
  /** The common denominator of the exact weights, or null. */
  denominator(): bigint | null;
  /** The report's heatmap of the law, as PNG bytes; refused for a law known by its position matrix alone. */
  heatmap(): Buffer;
  toString(): string;
}

/**
 * The exact law of `algorithm` on `deck` cards, by the fastest exact
 * method the judge has for it (as `shuffle-audit exact -a ALGORITHM -d
 * DECK`); refused before any table is allocated where its estimated peak
 * exceeds `options.maxMemory` or the memory the system has available.
 */
export declare function exact(algorithm: string, deck: number, options?: ExactOptions): Exact;

/** The seed sample deals from when none is given: the command line's. */
export declare const DEFAULT_SEED: number;

/** How sample deals and counts. */
export interface SampleOptions {
  /** Seed of the generator (default DEFAULT_SEED): the same seed gives the same counts on any number of threads. */
  seed?: number;
  /** Keep the permutation histogram (up to 10 cards) or not; by default it is kept where the shuffles give each arrangement enough expected decks. */
  histogram?: boolean;
  /** Worker threads, 1 to MAX_THREADS (default: one per core). */
  threads?: number;
}

/** What sample found: the document of `shuffle-audit sample --json`, and its counts. */
export declare class Sample {
  /** The document, as `shuffle-audit sample --json` writes it. */
  readonly document: Record<string, unknown> & { seed: number; shuffles: number; verdict: string };
  /** The same document as JSON text. */
  readonly json: string;
  /** What `shuffle-audit sample` prints. */
  readonly text: string;
  /** The judge's grade. */
  readonly verdict: 'no bias shown' | 'unusual' | 'suspicious' | 'biased';
  /** Whether the tests show bias: the judge's grade is suspicious or biased. */
  readonly biasShown: boolean;
  /** The verdict in the command line's words, never a claim of fairness. */
  readonly finding: string;
  /** `[card][position]`: how often `card` ended at `position`. */
  positions(): number[][];
  /** How often each arrangement came up, by lexicographic rank, when the histogram was kept; else null. */
  arrangements(): Float64Array | null;
  /** The report's heatmap of the counts, as PNG bytes. */
  heatmap(): Buffer;
  toString(): string;
}

/**
 * `shuffles` shuffles of `deck` cards by `algorithm`, counted and tested,
 * as `shuffle-audit sample -a ALGORITHM -d DECK -n SHUFFLES --seed SEED`.
 */
export declare function sample(algorithm: string, deck: number, shuffles: number, options?: SampleOptions): Sample;
