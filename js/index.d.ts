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
