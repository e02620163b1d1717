//! The native half of the node package `shuffle-audit` (`js/`): decks
//! dealt in JavaScript audited by the engine of the command line.
//!
//! Decks come as rows (an array of arrays) or as one typed array of N×n
//! cards, counted in place by the engine ([`engine::audit::count_rows`])
//! and judged as `shuffle-audit audit` judges a file
//! ([`engine::audit::decks`]); their SHA-256 is that of the text the
//! command would read, one deck per line with the cards apart by a space.
//! With `skipInvalid`, that text is written and read by
//! [`engine::audit::run`], which counts the bad decks as the command
//! does. Either way the document is the command's on a file of that text,
//! to the byte, but for its provenance and time. Nothing is computed here.

pub mod check;
pub mod laws;
pub mod recover;

use deck_lines::ReadError;
use engine::audit::{AuditError, Audited, Lines, RowMajor, Rows, RowsError, count_rows};
use napi::bindgen_prelude::{Either, Uint8Array, Uint16Array};
use napi_derive::napi;
use report::export::Format;
use report::sampled::{AuditReport, InputInfo};
use report::{Provenance, Standalone};
use std::io::Write;
use std::time::Instant;

/// How an audit is run: the caller's options, checked in JavaScript.
#[napi(object)]
#[derive(Debug)]
pub struct AuditOptions {
    /// The input's name in the document (`input.source`).
    pub name: String,
    /// The family-wise level.
    pub alpha: f64,
    /// Whether the decks are in the order dealt.
    pub ordered: bool,
    /// Whether bad rows are counted and skipped rather than refused.
    pub skip_invalid: bool,
    /// The call, as the document's provenance records it.
    pub command: String,
}

/// An audit's document, rendered.
#[napi(object)]
#[derive(Debug)]
pub struct NativeAudit {
    /// `shuffle-audit audit --json`'s document.
    pub json: String,
    /// What `shuffle-audit audit` prints.
    pub text: String,
    /// What it found, in one sentence.
    pub finding: String,
    /// The command's exit code: 0 no bias shown, 1 bias shown.
    pub exit_code: u32,
}

/// `audit` of rows, each a deck: `rows[d][position] = card`.
#[napi]
pub fn audit_rows(rows: Vec<Vec<i64>>, options: AuditOptions) -> napi::Result<NativeAudit> {
    let start = Instant::now();
    if !options.skip_invalid {
        return audit_counted(rows.as_slice(), &options, start);
    }
    let mut text = Vec::with_capacity(rows.iter().map(|r| 3 * r.len()).sum());
    for row in &rows {
        line(&mut text, row.iter().copied());
    }
    audit_text(&text, &options, start)
}

/// `audit` of one typed array of `decks × deck` cards, deck after deck.
#[napi]
pub fn audit_typed(
    cards: Either<Uint8Array, Uint16Array>,
    deck: u32,
    options: AuditOptions,
) -> napi::Result<NativeAudit> {
    let start = Instant::now();
    let deck = deck as usize;
    if !options.skip_invalid {
        return match &cards {
            Either::A(a) => audit_counted(
                &RowMajor {
                    cards: &a[..],
                    deck,
                },
                &options,
                start,
            ),
            Either::B(a) => audit_counted(
                &RowMajor {
                    cards: &a[..],
                    deck,
                },
                &options,
                start,
            ),
        };
    }
    let mut text = Vec::new();
    match &cards {
        Either::A(a) => rows_of(&mut text, &a[..], deck),
        Either::B(a) => rows_of(&mut text, &a[..], deck),
    }
    audit_text(&text, &options, start)
}

/// Counts `rows` in place by the engine ([`engine::audit::count_rows`]),
/// hashing them as the text `audit` would read, and judges them: the
/// command's document on a file of that text. Bad rows are refused (with
/// `skipInvalid`, the decks go through [`audit_text`], which counts them).
fn audit_counted<R: Rows + ?Sized>(
    rows: &R,
    options: &AuditOptions,
    start: Instant,
) -> napi::Result<NativeAudit> {
    let alpha = level(options.alpha)?;
    let counted =
        count_rows(rows, None, options.ordered, true, &|| false).map_err(|e| match e {
            RowsError::Row { row, why } => refused(format!(
                "decks[{row}]: {why} (skipInvalid: true counts bad decks instead)"
            )),
            e => refused(format!("{}: {e}", options.name)),
        })?;
    let (sha256, bytes) = counted.digest.expect("asked for");
    let input = InputInfo {
        source: options.name.clone(),
        lines: counted.decks,
        decks: counted.decks,
        deck: counted.deck,
        base: Some(counted.base),
        base_detected: true,
        invalid: Vec::new(),
        sha256: Some(sha256),
        bytes,
        ordered: options.ordered,
    };
    let outcome = engine::audit::decks(engine::audit::Decks {
        name: options.name.clone(),
        input,
        counts: counted.counts,
        alpha,
    })
    .map_err(|e| refused(e.to_string()))?;
    rendered(outcome, rayon::current_num_threads(), options, start)
}

/// The text of `cards`, `deck` to a line.
fn rows_of<C: Copy + Into<i64>>(text: &mut Vec<u8>, cards: &[C], deck: usize) {
    text.reserve(cards.len() * 3);
    for row in cards.chunks(deck.max(1)) {
        line(text, row.iter().map(|&c| c.into()));
    }
}

/// One deck as a line: its cards apart by a space, then a line end.
fn line(text: &mut Vec<u8>, cards: impl Iterator<Item = i64>) {
    for (i, card) in cards.enumerate() {
        if i > 0 {
            text.push(b' ');
        }
        write!(text, "{card}").expect("a vector takes every write");
    }
    text.push(b'\n');
}

/// Reads, counts and judges `text` as `shuffle-audit audit` a file.
fn audit_text(text: &[u8], options: &AuditOptions, start: Instant) -> napi::Result<NativeAudit> {
    let alpha = level(options.alpha)?;
    let request = Lines {
        skip_invalid: options.skip_invalid,
        ordered: options.ordered,
        alpha,
        ..Lines::decks(&options.name, true)
    };
    let read = engine::audit::run(&request, text, &|_, _| {}).map_err(|e| match e {
        // Line n of the text is the deck decks[n - 1].
        AuditError::Read(ReadError::Line { line, error }) => {
            let hint = if options.skip_invalid {
                ""
            } else {
                " (skipInvalid: true counts bad decks instead)"
            };
            refused(format!("decks[{}]: {error}{hint}", line - 1))
        }
        e @ AuditError::TooFew(_) => refused(e.to_string()),
        e => refused(format!("{}: {e}", options.name)),
    })?;
    let outcome = match read.audited {
        Audited::Decks(outcome) => *outcome,
        Audited::Repeated(_) => unreachable!("decklists and shoes are refused"),
    };
    rendered(outcome, read.threads, options, start)
}

/// The audit's document, rendered as the command renders it.
fn rendered(
    outcome: engine::audit::Outcome<AuditReport>,
    threads: usize,
    options: &AuditOptions,
    start: Instant,
) -> napi::Result<NativeAudit> {
    let exit_code = u32::from(outcome.exit_code());
    let finding = outcome.report.finding_words().to_string();
    let provenance = provenance(&options.command, threads);
    let doc = Standalone::new(
        outcome.report,
        provenance,
        Some(start.elapsed().as_secs_f64()),
    );
    let (json, text) = documents(&doc)?;
    Ok(NativeAudit {
        json,
        text,
        finding,
        exit_code,
    })
}

/// The provenance of a document made by `command` on `threads` threads.
fn provenance(command: &str, threads: usize) -> Provenance {
    Provenance {
        threads: Some(threads),
        ..Provenance::new(command)
    }
}

/// `doc` as the command writes it with `--json` and without.
fn documents<D: report::export::Document>(doc: &D) -> napi::Result<(String, String)> {
    let render = |format: Format| -> napi::Result<String> {
        let bytes = format
            .export(doc)
            .map_err(|e| refused(format!("the document could not be rendered: {e}")))?;
        Ok(String::from_utf8(bytes).expect("documents are UTF-8"))
    };
    Ok((
        render(Format::Json)?,
        render(Format::Text { colour: false })?,
    ))
}

/// The family-wise level asked for, checked by the judge.
fn level(alpha: f64) -> napi::Result<f64> {
    judge::grade::family_level(alpha).map_err(|allowed| {
        refused(format!(
            "alpha={} is not a family-wise level: give {allowed}",
            judge::words::as_typed(alpha)
        ))
    })
}

/// A refusal, as the `Error` JavaScript throws.
fn refused(message: String) -> napi::Error {
    napi::Error::from_reason(message)
}

/// The judge's default family-wise level of an audit.
#[napi]
pub fn audit_alpha() -> f64 {
    judge::grade::AUDIT_ALPHA
}
