//! `power`: from the exact law, how many shuffles it takes to detect an
//! algorithm's bias, test by test.

pub mod measured;

use algorithms::{Entry, SwapShuffle};
use judge::method::{PowerBasis, PowerMethod};
use judge::pace::Estimate;
use report::sampled::PowerReport;
use stats::law::markov::MarkovError;
use stats::{ExactError, Limits, Progress};

/// What `power` is asked, checked: the law it rests on chosen
/// ([`judge::method::power_method`]) and the memory it takes allowed.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// The level of each test.
    pub alpha: f64,
    /// The power asked for.
    pub power: f64,
    /// The law it rests on.
    pub method: PowerMethod,
    /// The bounds of a walk of every path.
    pub limits: Limits,
}

/// What `power` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Each test's decks to detect the bias.
    pub report: PowerReport,
}

impl Outcome {
    /// Always 0: `power` computes; it decides nothing.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// Why the law could not be had.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The enumeration, over its limits.
    #[error("enumerating {id} on {deck} cards")]
    Enumeration {
        /// The algorithm.
        id: &'static str,
        /// Cards per deck.
        deck: usize,
        /// Why.
        #[source]
        error: ExactError,
    },
    /// Paths were cut: the law is not complete.
    #[error(
        "{id} on {deck} cards has unexplored mass {unexplored:.2e}: power needs the complete law"
    )]
    Incomplete {
        /// The algorithm.
        id: &'static str,
        /// Cards per deck.
        deck: usize,
        /// The probability of the paths not walked.
        unexplored: f64,
    },
    /// The Markov chain, over its bounds.
    #[error("the position matrix of {id} on {deck} cards")]
    Chain {
        /// The algorithm.
        id: &'static str,
        /// Cards per deck.
        deck: usize,
        /// Why.
        #[source]
        error: MarkovError,
    },
}

impl Request {
    /// The fields every power report shares; the method fills in the rest.
    fn report(&self, method: PowerBasis) -> PowerReport {
        PowerReport {
            algorithm: self.entry.id.into(),
            deck: self.deck,
            alpha: self.alpha,
            power: self.power,
            method,
            total_variation: None,
            divergence: None,
            likelihood_ratio_decks: None,
            tests: Vec::new(),
        }
    }

    /// The Markov chain's failure, named.
    fn chain_failed(&self, error: MarkovError) -> Failure {
        Failure::Chain {
            id: self.entry.id,
            deck: self.deck,
            error,
        }
    }

    /// How long the Markov chain takes on `workers` workers, from a timed
    /// start; `None` for an enumeration.
    ///
    /// # Errors
    /// [`Failure::Chain`] when the chain cannot be run.
    pub fn estimate(&self, workers: usize) -> Result<Option<Estimate>, Failure> {
        let PowerMethod::MarkovChain(swaps) = &self.method else {
            return Ok(None);
        };
        Ok(Some(Estimate {
            unit: "rows",
            units: swaps.n as u128,
            seconds_each: stats::law::markov::seconds_per_row(swaps)
                .map_err(|e| self.chain_failed(e))?,
            workers,
        }))
    }
}

/// Computes `request`'s law on the current rayon pool and each test's
/// power plan; `progress` is told how a walk of every path goes, `rows`
/// the rows of the Markov chain done.
///
/// # Errors
/// [`Failure`].
pub fn run(
    request: Request,
    progress: &(dyn Fn(Progress) + Sync),
    rows: &(dyn Fn(u64) + Sync),
) -> Result<Outcome, Failure> {
    match &request.method {
        PowerMethod::Enumeration => by_enumeration(&request, progress),
        PowerMethod::MarkovChain(swaps) => by_markov_chain(&request, swaps, rows),
    }
    .map(|report| Outcome { report })
}

fn by_enumeration(
    request: &Request,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<PowerReport, Failure> {
    let (id, deck) = (request.entry.id, request.deck);
    let law =
        stats::exact_distribution_with(&request.entry.algorithm, deck, &request.limits, progress)
            .map_err(|error| Failure::Enumeration { id, deck, error })?;
    if !law.is_complete() {
        return Err(Failure::Incomplete {
            id,
            deck,
            unexplored: law.unexplored_mass(),
        });
    }
    Ok(PowerReport {
        total_variation: Some(law.total_variation().lower),
        likelihood_ratio_decks: stats::hypothesis::audit::likelihood_ratio_decks(
            &law,
            request.alpha,
            request.power,
        ),
        tests: stats::hypothesis::audit::power_plan(&law, request.alpha, request.power),
        ..request.report(PowerBasis::Enumeration)
    })
}

fn by_markov_chain(
    request: &Request,
    swaps: &SwapShuffle,
    rows: &(dyn Fn(u64) + Sync),
) -> Result<PowerReport, Failure> {
    let law =
        stats::law::markov::position_law_with(swaps, rows).map_err(|e| request.chain_failed(e))?;
    let (alpha, power) = (request.alpha, request.power);
    Ok(PowerReport {
        divergence: stats::law::markov::ProductLaw::of(swaps)
            .map(|p| judge::positions::DivergenceInfo::of(&p, alpha, power)),
        tests: vec![law.position_plan(alpha, power)],
        ..request.report(PowerBasis::MarkovChain)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::method::power_method;

    fn request(id: &str, deck: usize, limits: Limits) -> Request {
        let entry = algorithms::registry::find(id).unwrap();
        Request {
            entry,
            deck,
            alpha: 0.01,
            power: 0.99,
            method: power_method(entry, deck).unwrap(),
            limits,
        }
    }

    fn r_entry() -> &'static Entry {
        algorithms::registry::find("naive-swap").unwrap()
    }

    #[test]
    fn each_law_gives_its_plans_and_a_cut_one_is_refused() {
        // 4 cards: the whole law, every test, and no timing first.
        let small = request("naive-swap", 4, Limits::default());
        assert!(small.estimate(2).unwrap().is_none());
        let r = run(small, &|_| {}, &|_| panic!("no chain")).unwrap();
        assert_eq!(r.exit_code(), crate::exit::PASS);
        assert_eq!(r.report.method, PowerBasis::Enumeration);
        assert!(r.report.tests.len() > 1);
        let law = stats::exact_distribution(&r_entry().algorithm, 4, &Limits::default()).unwrap();
        assert_eq!(r.report.total_variation, Some(law.total_variation().lower));
        assert!(law.total_variation().lower > 0.0);
        // The floor, the most powerful test's decks, is below every
        // test's: no test can do better than the likelihood ratio that
        // knows the law.
        let floor = r.report.likelihood_ratio_decks.unwrap();
        assert!(floor >= 1.0);
        for t in &r.report.tests {
            assert!(floor < t.shuffles.unwrap(), "{}: {floor}", t.name);
        }
        // 30 cards: the position matrix by the chain, timed first, its
        // rows told.
        let large = request("naive-swap", 30, Limits::default());
        assert_eq!(large.estimate(2).unwrap().unwrap().units, 30);
        let rows = std::sync::atomic::AtomicU64::new(0);
        let r = run(large, &|_| panic!("no walk"), &|k| {
            rows.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(r.report.method, PowerBasis::MarkovChain);
        assert_eq!(r.report.tests.len(), 1);
        assert!(rows.into_inner() > 0);
        // Paths cut: no power from an incomplete law.
        let cut = Limits {
            min_path_log2: Some(3),
            ..Limits::default()
        };
        let e = run(request("naive-swap", 4, cut), &|_| {}, &|_| {}).unwrap_err();
        assert!(matches!(e, Failure::Incomplete { deck: 4, .. }), "{e}");
    }
}
