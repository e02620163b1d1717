//! The mistakes that make a shuffle unfair, each stated once.
//!
//! Every biased algorithm of the [`registry`](crate::registry) names its
//! [`Defect`]: the class of mistake it makes, with the reason the class is
//! biased and the fix. A checker that recognises one of these mistakes in
//! someone's shuffle explains it with the same words.

/// A kind of mistake that makes a shuffle unfair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Defect {
    /// Sattolo's algorithm where Fisher–Yates was meant: the partner of
    /// position `i` is drawn from the positions before it, never `i` itself.
    SingleCycle,
    /// The naive swap: every position swaps with a partner drawn from the
    /// whole deck.
    NaiveSwap,
    /// `n` swaps of two positions drawn from the whole deck.
    RandomTranspositions,
    /// A sort with a comparator that answers at random.
    RandomComparator,
    /// A stable sort by random keys that can be equal.
    TiedKeys,
    /// A raw 15-bit `rand()` word reduced to `0..k` by `%` or by scaling.
    UnevenReduction,
    /// A correct shuffle reseeded for every deal from a small seed (the
    /// clock, a 32-bit value).
    FewSeeds,
    /// A correct riffle model applied too few times.
    TooFewRiffles,
    /// A "riffle" that is no riffle model.
    BrokenRiffle,
}

impl Defect {
    /// Every defect, in declaration order.
    pub const ALL: [Defect; 9] = [
        Defect::SingleCycle,
        Defect::NaiveSwap,
        Defect::RandomTranspositions,
        Defect::RandomComparator,
        Defect::TiedKeys,
        Defect::UnevenReduction,
        Defect::FewSeeds,
        Defect::TooFewRiffles,
        Defect::BrokenRiffle,
    ];

    /// Stable kebab-case id, used in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Defect::SingleCycle => "single-cycle",
            Defect::NaiveSwap => "naive-swap",
            Defect::RandomTranspositions => "random-transpositions",
            Defect::RandomComparator => "random-comparator",
            Defect::TiedKeys => "tied-keys",
            Defect::UnevenReduction => "uneven-reduction",
            Defect::FewSeeds => "few-seeds",
            Defect::TooFewRiffles => "too-few-riffles",
            Defect::BrokenRiffle => "broken-riffle",
        }
    }

    /// The mistake in a few words, as a developer would name it.
    pub fn title(self) -> &'static str {
        match self {
            Defect::SingleCycle => "Sattolo's off-by-one (partner drawn from 0..i, not 0..=i)",
            Defect::NaiveSwap => "the naive swap (partner drawn from the whole deck)",
            Defect::RandomTranspositions => "n swaps of two random positions",
            Defect::RandomComparator => "sorting with a random comparator",
            Defect::TiedKeys => "sorting by random keys that can tie",
            Defect::UnevenReduction => "rand() % k (or scaled) on a 15-bit rand()",
            Defect::FewSeeds => "reseeding every deal from a small seed",
            Defect::TooFewRiffles => "too few riffle shuffles",
            Defect::BrokenRiffle => "a riffle that is no riffle model",
        }
    }

    /// Why this mistake is biased, in one sentence.
    pub fn reason(self) -> &'static str {
        match self {
            Defect::SingleCycle => {
                "only the (n-1)! single-cycle permutations can occur: no card ever stays in its place"
            }
            Defect::NaiveSwap => {
                "n^n equally likely paths cannot split evenly over n! permutations, because n-1 divides n! and shares no factor with n^n"
            }
            Defect::RandomTranspositions => {
                "n^(2n) equally likely paths cannot split evenly over n! permutations, and cards stay in place too often"
            }
            Defect::RandomComparator => {
                "every probability is a multiple of a power of 2, never 1/n! for n >= 3, and cards stay near where they started"
            }
            Defect::TiedKeys => "tied keys keep the starting order, favouring the identity",
            Defect::UnevenReduction => {
                "32768 raw rand() words do not divide evenly into the k results of each draw"
            }
            Defect::FewSeeds => {
                "the deck is a function of the seed: S seeds deal at most S of the n! decks, each with a probability that is a multiple of 1/S"
            }
            Defect::TooFewRiffles => {
                "k riffles reach every deck with probability C(2^k + n - r, n) / 2^(nk), never exactly 1/n!"
            }
            Defect::BrokenRiffle => {
                "packets come from one half's tail into a drifting index, so the deck keeps much of its order"
            }
        }
    }

    /// How to mend it, in one sentence, for a Rust caller.
    pub fn fix(self) -> String {
        self.fix_in(Language::Rust)
    }

    /// How to mend it, in one sentence, naming the library calls of
    /// `language`.
    pub fn fix_in(self, language: Language) -> String {
        match self {
            Defect::SingleCycle => {
                "draw the partner of position i from 0..=i (i included), as Fisher-Yates does".into()
            }
            Defect::NaiveSwap => {
                "draw the partner of position i from i..n going up (or 0..=i going down): Fisher-Yates".into()
            }
            Defect::RandomTranspositions | Defect::RandomComparator | Defect::BrokenRiffle => {
                format!("use Fisher-Yates ({})", language.shuffle())
            }
            Defect::TiedKeys => "use Fisher-Yates, or keys that cannot tie".into(),
            Defect::UnevenReduction => format!(
                "draw bounded integers without bias (rejection, or {})",
                language.bounded()
            ),
            Defect::FewSeeds => {
                "seed one generator once from enough entropy (52! needs 226 bits) and keep drawing from it".into()
            }
            Defect::TooFewRiffles => {
                "riffle more times (Bayer and Diaconis: about (3/2) log2 n), or use Fisher-Yates".into()
            }
        }
    }
}

/// The language whose caller a fix is written for: the fair shuffle and
/// the unbiased bounded draw it should call are its own library's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// Rust, with the rand crate.
    Rust,
    /// Python, with its standard module `random`.
    Python,
    /// JavaScript: `Math.random`, and node's `crypto.randomInt`.
    JavaScript,
}

impl Language {
    /// The language's fair shuffle, as its users call it.
    pub fn shuffle(self) -> &'static str {
        match self {
            Language::Rust => "rand's SliceRandom::shuffle",
            Language::Python => "random.shuffle",
            Language::JavaScript => {
                "swap each position i, from the last down, with Math.floor(Math.random() * (i + 1))"
            }
        }
    }

    /// The language's unbiased draw of an integer below a bound.
    pub fn bounded(self) -> &'static str {
        match self {
            Language::Rust => "rand's random_range",
            Language::Python => "random.randrange",
            Language::JavaScript => "node's crypto.randomInt",
        }
    }
}

impl core::fmt::Display for Defect {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_distinct_kebab_case_and_all_is_complete() {
        let mut ids: Vec<&str> = Defect::ALL.iter().map(|d| d.id()).collect();
        assert!(
            ids.iter()
                .all(|id| id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
        );
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Defect::ALL.len());
        // `ALL` is in declaration order: each defect's place is its discriminant.
        for (i, d) in Defect::ALL.iter().enumerate() {
            assert_eq!(*d as usize, i);
        }
    }

    #[test]
    fn a_fix_names_its_callers_library_and_no_other() {
        let libraries = [Language::Rust, Language::Python, Language::JavaScript];
        for d in Defect::ALL {
            assert_eq!(d.fix(), d.fix_in(Language::Rust));
            for language in libraries {
                let fix = d.fix_in(language);
                for other in libraries.into_iter().filter(|&o| o != language) {
                    assert!(
                        !fix.contains(other.shuffle()) && !fix.contains(other.bounded()),
                        "{d:?} for {language:?}: {fix}"
                    );
                }
            }
        }
        let python = Defect::RandomComparator.fix_in(Language::Python);
        assert_eq!(python, "use Fisher-Yates (random.shuffle)");
        let python = Defect::UnevenReduction.fix_in(Language::Python);
        assert!(
            python.ends_with("(rejection, or random.randrange)"),
            "{python}"
        );
        assert!(
            !Defect::UnevenReduction
                .fix_in(Language::Python)
                .contains("rand's")
        );
    }
}
