//! The audits read line by line on one thread: single draws, each judged
//! alone, and a stream watched deck by deck.

use deck_lines::{Base, DeckParser, Hashing, ReadError};
use report::sampled::{FollowReport, SingleAuditReport, SingleDraw};
use stats::hypothesis::follow::{Mode, Monitor};
use std::io::{BufRead, BufReader, Read};
use std::ops::ControlFlow;

/// An audit of single draws (`audit --single`): each line one draw.
#[derive(Debug)]
pub struct Single<R> {
    /// The file, or `"-"` for standard input.
    pub source: String,
    /// The input, unbuffered; its bytes are hashed as they are read.
    pub input: R,
    /// Whether invalid lines are counted and skipped.
    pub skip_invalid: bool,
    /// The family-wise level of each draw.
    pub alpha: f64,
}

/// What the draws showed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draws {
    /// Whether a draw shows bias at its level (the judge's verdict of
    /// each draw).
    pub bias_shown: bool,
    /// The document: each draw with its verdict.
    pub report: SingleAuditReport,
}

impl Draws {
    /// 1 when a draw shows bias at its level, 0 when none does.
    pub fn exit_code(&self) -> u8 {
        crate::exit::of_bias(self.bias_shown)
    }
}

/// Reads `request`'s draws and judges each alone ([`judge::single`]).
///
/// # Errors
/// What [`deck_lines::read_draws`] refuses.
pub fn single<R: Read>(request: Single<R>) -> Result<Draws, ReadError> {
    let mut reader = BufReader::with_capacity(1 << 16, Hashing::new(request.input));
    let mut judge = judge::single::DrawJudge::new(request.alpha);
    let mut draws = Vec::new();
    let counts = deck_lines::read_draws(&mut reader, request.skip_invalid, |line, draw, base| {
        draws.push(SingleDraw {
            line,
            base,
            verdict: judge.judge(draw),
        });
    })?;
    let (sha256, bytes) = reader.into_inner().finish();
    Ok(Draws {
        bias_shown: draws.iter().any(|d| d.verdict.level.bias_shown),
        report: SingleAuditReport {
            source: request.source,
            lines: counts.lines,
            invalid: counts.invalid,
            sha256,
            bytes,
            power: judge::single::SINGLE_POWER,
            draws,
        },
    })
}

/// A stream watched deck by deck (`audit --follow`).
#[derive(Debug)]
pub struct Follow<R> {
    /// The file, or `"-"` for standard input.
    pub source: String,
    /// The lines, as they come.
    pub input: R,
    /// Cards per deck, when given.
    pub deck: Option<usize>,
    /// Card numbering, when given.
    pub base: Option<Base>,
    /// Whether invalid lines are counted and skipped.
    pub skip_invalid: bool,
    /// The level: the alarm rings when the evidence reaches `1/alpha`.
    pub alpha: f64,
    /// What the alarm guarantees.
    pub mode: Mode,
}

/// Why a stream cannot be watched.
#[derive(Debug, thiserror::Error)]
pub enum FollowError {
    /// A line could not be read, or no deck was read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The lines are decklists, whose laws the monitor does not know.
    #[error(
        "the lines are decklists ({cards} cards, {distinct} distinct: names, or cards that repeat): --follow watches decks of distinct numbered cards; audit decklists and shoes without --follow"
    )]
    Decklists {
        /// Cards per line.
        cards: usize,
        /// Distinct cards among them.
        distinct: usize,
    },
}

/// Where the stream stands when it ends or the alarm rings.
#[derive(Clone, Debug, PartialEq)]
pub struct Watched {
    /// The document; its `finding` is the judge's.
    pub report: FollowReport,
}

impl Watched {
    /// 1 when the alarm rang, 0 when the input ended first.
    pub fn exit_code(&self) -> u8 {
        crate::exit::of_bias(self.report.finding.bias_shown())
    }
}

/// Bets on every deck of `request`'s stream as it comes
/// ([`stats::hypothesis::follow`]) and stops at the first line where the
/// evidence reaches `1/alpha` ([`judge::grade::alarm`]). `progress` is
/// told each deck's line and the monitor after it.
///
/// # Errors
/// [`FollowError`]: a line not read, or decklists.
pub fn follow<R: BufRead>(
    request: Follow<R>,
    mut progress: impl FnMut(u64, &Monitor),
) -> Result<Watched, FollowError> {
    let mut parser = DeckParser::new(request.deck, request.base);
    let mut settled = deck_lines::settle(request.input, &mut parser, request.skip_invalid)?;
    // The monitor's laws are those of decks of distinct cards: decklists
    // (names, or cards that repeat, as shoes have) are refused before any
    // line is judged.
    if let Some(list) = parser.decklist_read() {
        return Err(FollowError::Decklists {
            cards: list.cards(),
            distinct: list.counts().len(),
        });
    }
    let mut monitor: Option<Monitor> = None;
    let mut alarm_line = None;
    let counts = settled.read_until(&mut parser, |line, deck| {
        let m = monitor.get_or_insert_with(|| Monitor::new(deck.len(), request.mode));
        m.observe(deck);
        progress(line, m);
        if judge::grade::alarm(m, request.alpha) {
            alarm_line = Some(line);
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    let m = monitor.expect("read_until fails without a deck");
    Ok(Watched {
        report: FollowReport {
            source: request.source,
            lines: counts.lines,
            decks: counts.decks,
            invalid: counts.invalid,
            deck: parser.deck().expect("known after a deck"),
            finding: judge::follow::FollowFinding::of(&m, request.alpha, alarm_line),
        },
    })
}
