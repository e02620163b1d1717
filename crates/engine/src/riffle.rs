//! `riffle`: how many riffles a deck needs, by each model of a riffle,
//! against the exact answer where one is known.

use report::sampled::RiffleReport;

/// What `riffle` is asked, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Cards per deck.
    pub deck: usize,
    /// The most riffles tried.
    pub max: u32,
    /// Decks riffled per model and number of riffles.
    pub shuffles: u64,
    /// Seed of the riffles.
    pub seed: u64,
}

impl Request {
    /// The decks riffled in all, for a progress bar.
    pub fn decks(&self) -> u64 {
        self.shuffles * judge::riffle::RIFFLE_MODELS.len() as u64 * u64::from(self.max)
    }
}

/// What `riffle` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The study, with no figure (the default run draws one).
    pub report: RiffleReport,
}

impl Outcome {
    /// Always 0: `riffle` measures; it decides nothing.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// Riffles `request`'s decks on the current rayon pool; `progress` is
/// told the decks riffled as they are.
pub fn run(request: Request, progress: &(dyn Fn(u64) + Sync)) -> Outcome {
    let Request {
        deck,
        max,
        shuffles,
        seed,
    } = request;
    Outcome {
        report: RiffleReport {
            study: judge::riffle::study(deck, max, shuffles, seed, progress),
            figure: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn progress_counts_every_deck_riffled_once() {
        let request = Request {
            deck: 8,
            max: 3,
            shuffles: 200,
            seed: 1,
        };
        let told = AtomicU64::new(0);
        let outcome = run(request, &|k| {
            told.fetch_add(k, Ordering::Relaxed);
        });
        assert_eq!(told.into_inner(), request.decks());
        assert_eq!(outcome.exit_code(), crate::exit::PASS);
        assert_eq!(
            outcome.report.study,
            judge::riffle::study(8, 3, 200, 1, &|_| {})
        );
    }
}
