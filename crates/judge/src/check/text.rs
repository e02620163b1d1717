//! The words a developer reads when a check fails or passes.

use super::recognise::MISS_PROBABILITY;
use super::{Band, DETECTION_POWER, Evidence, Failure, Finding, Pass, Plan, TestKind};
use crate::words::count;
use algorithms::defect::Language;
use std::fmt::{self, Display, Formatter};

/// A share as a percentage with four significant digits: `13.54%`,
/// `1.923%`, `0.1389%`.
fn percent(p: f64) -> String {
    if p == 0.0 {
        return "0%".into();
    }
    let x = 100.0 * p;
    let decimals = (3 - x.abs().log10().floor() as i32).clamp(0, 8) as usize;
    format!("{x:.decimals$}%")
}

/// A probability in scientific notation: `6.2e-57`.
fn tiny(p: f64) -> String {
    format!("{p:.1e}")
}

fn cards(a: &[u8]) -> String {
    let shown: Vec<String> = a.iter().map(u8::to_string).collect();
    format!("[{}]", shown.join(", "))
}

/// `" in 13.54% of shuffles (135,412 times); a fair shuffle: 1.923%
/// (18,269..=20,209 times); 52 of 2,704 cells outside their range"`.
fn against_fair(
    f: &mut Formatter<'_>,
    c: u64,
    band: &Band,
    outside: usize,
    cells: u64,
    noun: &str,
) -> fmt::Result {
    write!(
        f,
        " in {} of shuffles ({} times); a fair shuffle: {} ({}..={} times); {} of {} {noun} outside their range",
        percent(c as f64 / band.trials as f64),
        count(c),
        percent(band.p),
        count(band.lo),
        count(band.hi),
        count(outside as u64),
        count(cells)
    )
}

impl Display for Finding {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let deck = self.deck();
        write!(
            f,
            "{} cards, {} shuffles: ",
            deck.cards,
            count(deck.shuffles)
        )?;
        match self {
            Finding::Position {
                card,
                position,
                count: c,
                band,
                cells_outside,
                ..
            } => {
                write!(f, "card {card} ended at position {position}")?;
                against_fair(
                    f,
                    *c,
                    band,
                    *cells_outside,
                    (deck.cards * deck.cards) as u64,
                    "cells",
                )
            }
            Finding::Arrangement {
                arrangement,
                count: c,
                band,
                cells_outside,
                ..
            } => {
                write!(f, "arrangement {} came up", cards(arrangement))?;
                let arrangements = (1.0 / band.p).round() as u64;
                against_fair(f, *c, band, *cells_outside, arrangements, "arrangements")
            }
            Finding::Repeats {
                pairs, fair_chance, ..
            } => write!(
                f,
                "{} pairs of deals were the same deck; a fair shuffle repeats any deck with probability at most {}",
                count(*pairs),
                tiny(*fair_chance)
            ),
        }
    }
}

/// A failure's words for a caller in `language`: its fixes name that
/// language's library calls ([`Failure::advising`]).
#[derive(Clone, Copy, Debug)]
pub struct Advised<'a> {
    failure: &'a Failure,
    language: Language,
}

impl Failure {
    /// The failure in words for a caller in `language` (its `Display` is
    /// these words for a Rust caller).
    pub fn advising(&self, language: Language) -> Advised<'_> {
        Advised {
            failure: self,
            language,
        }
    }
}

impl Display for Failure {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.advising(Language::Rust).fmt(f)
    }
}

impl Display for Advised<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let Advised {
            failure: this,
            language,
        } = *self;
        if let Some(e) = &this.not_a_permutation {
            return write!(f, "the shuffle is broken: {e}");
        }
        let tests = this.plan.tests.len();
        writeln!(
            f,
            "the shuffle is not fair: {} of {} tests failed (a fair shuffle fails this check with probability at most {}; seed {})",
            this.findings.len(),
            tests,
            tiny(this.plan.false_failure),
            this.plan.seed
        )?;
        for finding in &this.findings {
            writeln!(f, "  {finding}")?;
        }
        if this.resembles.is_empty() {
            return write!(
                f,
                "it matches none of the known mistakes (a shuffle that is one of them is missed with probability at most {MISS_PROBABILITY} per deck size)"
            );
        }
        for (i, r) in this.resembles.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match r.defects.as_slice() {
                [one] => writeln!(f, "it looks like {}", one.title())?,
                many => {
                    let titles: Vec<&str> = many.iter().map(|d| d.title()).collect();
                    writeln!(f, "it looks like one of: {}", titles.join("; "))?;
                }
            }
            match &r.evidence {
                Evidence::SameLaw { algorithms, decks } => {
                    let ids: Vec<String> = algorithms.iter().map(|a| format!("`{a}`")).collect();
                    let sizes: Vec<String> = decks.iter().map(usize::to_string).collect();
                    writeln!(
                        f,
                        "  evidence: where each card ends agrees with the exact law of {} (shuffle-audit's registry) at {} cards",
                        ids.join(", "),
                        sizes.join(", ")
                    )?;
                }
                Evidence::NoFixedPoints => writeln!(
                    f,
                    "  evidence: no card ever stayed in its place, at any deck size"
                )?,
                Evidence::StaysNear { moved, fair, cards } => writeln!(
                    f,
                    "  evidence: at {cards} cards a card moved {moved:.3} places on average; a fair shuffle moves it {fair:.3}: cards stay near where they started"
                )?,
                Evidence::Repeats { as_if_decks, cards } => writeln!(
                    f,
                    "  evidence: at {cards} cards, deals repeat as if the shuffle could deal only about {as_if_decks:.3e} decks"
                )?,
            }
            let last = r.defects.len() == 1;
            if last {
                let d = r.defects[0];
                writeln!(f, "  why: {}", d.reason())?;
                write!(f, "  fix: {}", d.fix_in(language))?;
            } else {
                write!(f, "  fix: use Fisher-Yates ({})", language.shuffle())?;
            }
        }
        Ok(())
    }
}

/// A relative deviation as a percentage with three significant digits.
fn relative(d: Option<f64>) -> String {
    match d {
        None => "never".into(),
        Some(d) => {
            let x = 100.0 * d;
            let decimals = (2 - x.log10().floor() as i32).clamp(0, 6) as usize;
            format!("{x:.decimals$}%")
        }
    }
}

/// The plan as a Markdown table: each test, its share of the false-failure
/// probability, and the smallest bias it catches with probability
/// [`DETECTION_POWER`].
impl Display for Plan {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "| cards | shuffles | test | cells | false failure | caught with probability {DETECTION_POWER} |"
        )?;
        writeln!(f, "|---:|---:|---|---:|---:|---|")?;
        for g in &self.tests {
            let caught = match g.kind {
                TestKind::Repeats => format!(
                    "a shuffle that deals at most {:.1e} different decks",
                    g.detects_decks_up_to.unwrap_or(0.0)
                ),
                TestKind::Positions => format!(
                    "a card lands at a position {} more often or {} less often than 1/n",
                    relative(g.detects_above),
                    relative(g.detects_below)
                ),
                TestKind::Arrangements => format!(
                    "an arrangement comes up {} more often or {} less often than 1/n!",
                    relative(g.detects_above),
                    relative(g.detects_below)
                ),
            };
            writeln!(
                f,
                "| {} | {} | {} | {} | {} | {caught} |",
                g.deck.cards,
                count(g.deck.shuffles),
                g.kind.name(),
                count(g.cells),
                tiny(g.false_failure)
            )?;
        }
        write!(
            f,
            "| | {} | all | | {} | |",
            count(self.shuffles()),
            tiny(self.false_failure)
        )
    }
}

impl Display for Pass {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let cells = self
            .plan
            .tests
            .iter()
            .filter(|g| g.kind != TestKind::Repeats)
            .count();
        write!(
            f,
            "no bias found: {} shuffles over {} deck sizes, {} tests ({} of cells, the rest of repeats)",
            count(self.plan.shuffles()),
            self.plan.decks().len(),
            self.plan.tests.len(),
            cells
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_a_developer_expects() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(percent(0.1354), "13.54%");
        assert_eq!(percent(1.0 / 52.0), "1.923%");
        assert_eq!(percent(1.0 / 720.0), "0.1389%");
        assert_eq!(percent(1.0), "100.0%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(tiny(6.2e-57), "6.2e-57");
    }
}
