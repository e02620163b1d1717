//! Which exact method answers a question, decided before any work: the
//! whole law by walking every path or by state merging, the position
//! matrix by the Markov chain; and which exact law a power plan rests on.

use algorithms::{Entry, Exact, SwapShuffle};
use stats::MAX_EXACT_DECK;
use stats::law::markov::{MAX_EXACT_MARKOV_DECK, MAX_MARKOV_DECK};
use stats::law::merge::{MAX_MERGE_DECK, cheaper_than_brute_force};

/// The largest deck `auto` merges: 11 cards take seconds and under 1 GB;
/// 12 take minutes and 12 GB, so there `auto` gives the Markov chain's
/// position matrix and the whole law is computed only when asked for
/// (`--method state-merging`).
pub const AUTO_MERGE_UP_TO: usize = 11;

/// The exact method asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requested {
    /// The whole law by the cheaper of brute force and state merging where
    /// one applies, else the Markov chain.
    Auto,
    /// Walk every path.
    BruteForce,
    /// Carry one weight per arrangement from step to step.
    StateMerging,
    /// Carry one card's position from step to step (the position matrix).
    MarkovChain,
}

/// How an exact question is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactPlan {
    /// Walk every path.
    Walk,
    /// State merging over the arrangements.
    Merge(SwapShuffle),
    /// The one-card Markov chain: the position matrix.
    Chain(SwapShuffle),
}

impl ExactPlan {
    /// The method, in words.
    pub fn words(&self) -> &'static str {
        match self {
            ExactPlan::Walk => "the walk of every path",
            ExactPlan::Merge(_) => "state merging",
            ExactPlan::Chain(_) => "the Markov chain",
        }
    }

    /// Bytes the method holds at its peak for `entry` on `deck` cards on
    /// `threads` threads, beyond the program itself (each method's own
    /// estimate: [`stats::law::exact::peak_bytes`],
    /// [`stats::law::merge::peak_bytes`],
    /// [`stats::law::markov::exact::peak_bytes`]), for the memory check
    /// ([`crate::memory::fits`]) at this deck and below it.
    pub fn peak_bytes(&self, entry: &Entry, deck: usize, threads: usize) -> u64 {
        let swaps = || entry.algorithm.swap_shuffle(deck);
        match self {
            ExactPlan::Walk => stats::law::exact::peak_bytes(&entry.algorithm, deck, threads),
            ExactPlan::Merge(_) => swaps().map_or(0, |s| stats::law::merge::peak_bytes(&s)),
            ExactPlan::Chain(_) => swaps().map_or(0, |s| stats::law::markov::exact::peak_bytes(&s)),
        }
    }
}

/// Why no exact method answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoExactMethod {
    /// A deck of no cards.
    EmptyDeck,
    /// The algorithm's tree cannot be walked, and no other method was
    /// possible or asked for.
    NotEnumerable(&'static str),
    /// Over the largest deck of the method asked for.
    TooLarge {
        /// The method.
        method: Requested,
        /// Its largest deck.
        max: usize,
    },
    /// State merging or the Markov chain asked for a shuffle that is not
    /// swap-based.
    NotSwapBased(Requested),
    /// No method reaches this deck.
    NoneAtThisSize,
}

/// The exact method for `entry` on `deck` cards, as `requested`.
///
/// # Errors
/// [`NoExactMethod`] saying why none answers.
pub fn exact_plan(
    entry: &Entry,
    deck: usize,
    requested: Requested,
) -> Result<ExactPlan, NoExactMethod> {
    if deck == 0 {
        return Err(NoExactMethod::EmptyDeck);
    }
    let walkable = |max: usize| -> Result<ExactPlan, NoExactMethod> {
        if let Exact::No(why) = entry.exact {
            return Err(NoExactMethod::NotEnumerable(why));
        }
        if deck > MAX_EXACT_DECK {
            return Err(if requested == Requested::Auto {
                NoExactMethod::NoneAtThisSize
            } else {
                NoExactMethod::TooLarge {
                    method: requested,
                    max,
                }
            });
        }
        Ok(ExactPlan::Walk)
    };
    match (requested, entry.algorithm.swap_shuffle(deck)) {
        (Requested::BruteForce, _) | (Requested::Auto, None) => walkable(MAX_EXACT_DECK),
        (Requested::StateMerging | Requested::MarkovChain, None) => {
            Err(NoExactMethod::NotSwapBased(requested))
        }
        (Requested::StateMerging | Requested::MarkovChain, Some(s)) => {
            let (max, plan) = if requested == Requested::StateMerging {
                (MAX_MERGE_DECK, ExactPlan::Merge(s))
            } else {
                (MAX_EXACT_MARKOV_DECK, ExactPlan::Chain(s))
            };
            if deck > max {
                return Err(NoExactMethod::TooLarge {
                    method: requested,
                    max,
                });
            }
            Ok(plan)
        }
        (Requested::Auto, Some(s)) => {
            if deck <= MAX_EXACT_DECK
                && entry.exact.is_enumerable()
                && !cheaper_than_brute_force(&s)
            {
                Ok(ExactPlan::Walk)
            } else if deck <= AUTO_MERGE_UP_TO {
                Ok(ExactPlan::Merge(s))
            } else if deck <= MAX_EXACT_MARKOV_DECK {
                Ok(ExactPlan::Chain(s))
            } else {
                Err(NoExactMethod::NoneAtThisSize)
            }
        }
    }
}

/// The exact law a power plan rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PowerMethod {
    /// The whole law by enumeration: every test.
    Enumeration,
    /// The position matrix by the (floating-point) Markov chain: the
    /// position test.
    MarkovChain(SwapShuffle),
}

impl PowerMethod {
    /// The method, in words.
    pub fn words(&self) -> &'static str {
        match self {
            PowerMethod::Enumeration => "the walk of every path",
            PowerMethod::MarkovChain(_) => "the Markov chain",
        }
    }

    /// Bytes the law behind the plan holds at its peak for `entry` on
    /// `deck` cards on `threads` threads, beyond the program itself
    /// ([`stats::law::exact::peak_bytes`],
    /// [`stats::law::markov::peak_bytes`]), for the memory check
    /// ([`crate::memory::fits`]) at this deck and below it.
    pub fn peak_bytes(&self, entry: &Entry, deck: usize, threads: usize) -> u64 {
        match self {
            PowerMethod::Enumeration => {
                stats::law::exact::peak_bytes(&entry.algorithm, deck, threads)
            }
            PowerMethod::MarkovChain(_) => entry
                .algorithm
                .swap_shuffle(deck)
                .map_or(0, |s| stats::law::markov::peak_bytes(&s)),
        }
    }
}

/// Why no power plan can be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoPowerMethod {
    /// Neither enumerable nor swap-based.
    NotEnumerable(&'static str),
    /// Beyond the largest deck of every method that applies.
    TooLarge {
        /// The largest deck a method reaches.
        max: usize,
    },
}

/// The exact law behind a power plan for `entry` on `deck` cards: the
/// whole law on small decks, the position matrix of a swap-based shuffle
/// on larger ones.
///
/// # Errors
/// [`NoPowerMethod`] when neither applies.
pub fn power_method(entry: &Entry, deck: usize) -> Result<PowerMethod, NoPowerMethod> {
    let enumerable = entry.exact.is_enumerable();
    let swap_based = entry.algorithm.swap_shuffle(2).is_some();
    if deck <= MAX_EXACT_DECK && enumerable {
        return Ok(PowerMethod::Enumeration);
    }
    if swap_based
        && deck <= MAX_MARKOV_DECK
        && let Some(s) = entry.algorithm.swap_shuffle(deck)
    {
        return Ok(PowerMethod::MarkovChain(s));
    }
    if let Exact::No(why) = entry.exact
        && !swap_based
    {
        return Err(NoPowerMethod::NotEnumerable(why));
    }
    Err(NoPowerMethod::TooLarge {
        max: if swap_based {
            MAX_MARKOV_DECK
        } else {
            MAX_EXACT_DECK
        },
    })
}

/// How an exact law was computed, as documents name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LawMethod {
    /// Every path of the choice tree walked.
    BruteForce,
    /// One pass walked, its law composed with itself.
    RepeatedComposition,
    /// One weight per arrangement carried from step to step.
    StateMerging,
    /// One card's position carried from step to step: the position matrix.
    MarkovChain,
}

impl LawMethod {
    /// The kebab-case label, as documents write it.
    pub fn label(self) -> &'static str {
        match self {
            LawMethod::BruteForce => "brute-force",
            LawMethod::RepeatedComposition => "repeated-composition",
            LawMethod::StateMerging => "state-merging",
            LawMethod::MarkovChain => "markov-chain",
        }
    }
}

impl From<stats::Method> for LawMethod {
    fn from(m: stats::Method) -> Self {
        match m {
            stats::Method::BruteForce => LawMethod::BruteForce,
            stats::Method::RepeatedComposition { .. } => LawMethod::RepeatedComposition,
            stats::Method::StateMerging { .. } => LawMethod::StateMerging,
        }
    }
}

impl std::fmt::Display for LawMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.label())
    }
}

/// How far the exact enumerator reaches an algorithm, as documents name
/// it (the registry's [`Exact`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Enumeration {
    /// A finite tree: the whole law.
    Full,
    /// An unbounded loop: the law down to a probability bound, with the
    /// mass left unexplored.
    MassBound,
    /// Too wide to walk: sampling only.
    None,
}

impl Enumeration {
    /// The kebab-case label, as documents write it.
    pub fn label(self) -> &'static str {
        match self {
            Enumeration::Full => "full",
            Enumeration::MassBound => "mass-bound",
            Enumeration::None => "none",
        }
    }
}

impl From<Exact> for Enumeration {
    fn from(e: Exact) -> Self {
        match e {
            Exact::Full => Enumeration::Full,
            Exact::MassBound => Enumeration::MassBound,
            Exact::No(_) => Enumeration::None,
        }
    }
}

impl std::fmt::Display for Enumeration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.label())
    }
}

/// What a power plan rests on, as documents name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PowerBasis {
    /// The whole law, enumerated: every test.
    Enumeration,
    /// The exact position matrix of a swap-based shuffle: the position test.
    MarkovChain,
}

impl PowerBasis {
    /// The kebab-case label, as documents write it.
    pub fn label(self) -> &'static str {
        match self {
            PowerBasis::Enumeration => "enumeration",
            PowerBasis::MarkovChain => "markov-chain",
        }
    }
}

impl std::fmt::Display for PowerBasis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.label())
    }
}

/// The most paths [`cheap_exact_total_variation`] walks: about a second.
pub const CHEAP_MAX_PATHS: u64 = 20_000_000;

/// The exact total variation distance of `entry` on `deck` cards when its
/// whole law is cheap to walk (at most [`CHEAP_MAX_PATHS`] paths, no mass
/// left unexplored), for comparison with a sampled estimate; `None`
/// otherwise.
pub fn cheap_exact_total_variation(entry: &Entry, deck: usize) -> Option<f64> {
    cheap_exact_law(entry, deck).map(|law| law.total_variation().lower)
}

/// The exact law of `entry` on `deck` cards when a walk of at most
/// [`CHEAP_MAX_PATHS`] paths gives it whole; `None` otherwise.
pub fn cheap_exact_law(entry: &Entry, deck: usize) -> Option<stats::ExactDistribution> {
    if !entry.exact.is_enumerable() || deck > MAX_EXACT_DECK {
        return None;
    }
    let mut limits = stats::Limits::for_exact(entry.exact);
    limits.max_paths = CHEAP_MAX_PATHS;
    let law = stats::exact_distribution(&entry.algorithm, deck, &limits).ok()?;
    law.is_complete().then_some(law)
}

/// The exact methods that exist for `entry` (`swap_based` when its
/// shuffle is a sequence of random swaps), and up to which deck, in words
/// for messages.
pub fn methods_in_words(entry: &Entry, swap_based: bool) -> String {
    let walk = if entry.exact.is_enumerable() {
        format!("brute force walks it up to {} cards", stats::MAX_EXACT_DECK)
    } else {
        "it cannot be walked".to_string()
    };
    if swap_based {
        format!(
            "{walk}, state merging up to {} cards, the Markov chain (position matrix) up to {} cards",
            stats::law::merge::MAX_MERGE_DECK,
            stats::law::markov::MAX_EXACT_MARKOV_DECK
        )
    } else {
        format!("{walk}; state merging and the Markov chain need a swap-based shuffle")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::find;

    fn plan(id: &str, deck: usize, r: Requested) -> Result<ExactPlan, NoExactMethod> {
        exact_plan(find(id).unwrap(), deck, r)
    }

    #[test]
    fn method_names_are_what_the_documents_print() {
        // Serde's kebab-case names, the labels and Display agree.
        fn same<T: serde::Serialize + std::fmt::Display>(v: T, label: &str) {
            assert_eq!(
                serde_json::to_value(&v).unwrap(),
                serde_json::Value::from(label)
            );
            assert_eq!(v.to_string(), label);
        }
        for m in [
            LawMethod::BruteForce,
            LawMethod::RepeatedComposition,
            LawMethod::StateMerging,
            LawMethod::MarkovChain,
        ] {
            same(m, m.label());
        }
        for e in [Enumeration::Full, Enumeration::MassBound, Enumeration::None] {
            same(e, e.label());
        }
        for b in [PowerBasis::Enumeration, PowerBasis::MarkovChain] {
            same(b, b.label());
        }
        // What stats calls its methods, the documents call them too.
        for m in [
            stats::Method::BruteForce,
            stats::Method::RepeatedComposition { passes: 7 },
            stats::Method::StateMerging { steps: 3 },
        ] {
            assert_eq!(LawMethod::from(m).label(), m.name());
        }
    }

    #[test]
    fn each_method_answers_where_it_can_and_says_why_not() {
        use Requested::*;
        assert_eq!(plan("naive-swap", 0, Auto), Err(NoExactMethod::EmptyDeck));
        assert_eq!(plan("coin-merge-sort", 5, Auto), Ok(ExactPlan::Walk));
        assert!(matches!(
            plan("naive-swap", 11, Auto),
            Ok(ExactPlan::Merge(_))
        ));
        assert!(matches!(
            plan("naive-swap", 52, Auto),
            Ok(ExactPlan::Chain(_))
        ));
        assert_eq!(
            plan("naive-swap", 257, Auto),
            Err(NoExactMethod::NoneAtThisSize)
        );
        assert_eq!(
            plan("coin-merge-sort", 11, Auto),
            Err(NoExactMethod::NoneAtThisSize)
        );
        assert_eq!(
            plan("coin-merge-sort", 5, MarkovChain),
            Err(NoExactMethod::NotSwapBased(MarkovChain))
        );
        assert!(matches!(
            plan("naive-swap", 12, StateMerging),
            Ok(ExactPlan::Merge(_))
        ));
        assert!(matches!(
            plan("naive-swap", 12, Auto),
            Ok(ExactPlan::Chain(_))
        ));
        assert!(matches!(
            plan("naive-swap", 11, Auto),
            Ok(ExactPlan::Merge(_))
        ));
        assert_eq!(
            plan("naive-swap", 13, StateMerging),
            Err(NoExactMethod::TooLarge {
                method: StateMerging,
                max: MAX_MERGE_DECK
            })
        );
        assert_eq!(
            plan("naive-swap", 11, BruteForce),
            Err(NoExactMethod::TooLarge {
                method: BruteForce,
                max: MAX_EXACT_DECK
            })
        );
        assert!(matches!(
            plan("random-keys-16", 3, Auto),
            Err(NoExactMethod::NotEnumerable(_))
        ));
    }

    #[test]
    fn power_rests_on_the_whole_law_then_the_position_matrix() {
        let method = |id: &str, deck| power_method(find(id).unwrap(), deck);
        assert_eq!(method("naive-swap", 6), Ok(PowerMethod::Enumeration));
        assert!(matches!(
            method("naive-swap", 52),
            Ok(PowerMethod::MarkovChain(_))
        ));
        assert_eq!(
            method("naive-swap", MAX_MARKOV_DECK + 1),
            Err(NoPowerMethod::TooLarge {
                max: MAX_MARKOV_DECK
            })
        );
        assert_eq!(
            method("coin-merge-sort", 11),
            Err(NoPowerMethod::TooLarge {
                max: MAX_EXACT_DECK
            })
        );
        assert!(matches!(
            method("random-keys-16", 5),
            Err(NoPowerMethod::NotEnumerable(_))
        ));
    }
}
