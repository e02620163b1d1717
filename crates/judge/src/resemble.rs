//! Which known algorithm an exact law is, when its figures say so exactly:
//! what lets a page say "this is Sattolo's algorithm" and be right.

use stats::law::perm::factorial;
use stats::{ExactDistribution, Fraction};

/// A known algorithm an exact law is, told exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Known {
    /// Sattolo's algorithm: a uniformly random single cycle, the law of
    /// the off-by-one.
    Sattolo,
}

/// The known algorithm `law` is exactly, if any ([`is_sattolo`] on its
/// figures). Only a complete law can be told.
pub fn of(law: &ExactDistribution) -> Option<Known> {
    if !law.is_complete() {
        return None;
    }
    let n = law.deck;
    let max = Fraction::new(law.max_weight(), law.denominator);
    let tv = law.total_variation().lower_exact;
    let weights = law.position_weights();
    is_sattolo(&LawFigures {
        deck: n,
        support: law.support() as u64,
        max_probability: &max,
        total_variation: &tv,
        no_fixed_point: (0..n).all(|i| weights[i][i] == 0),
    })
    .then_some(Known::Sattolo)
}

/// The exact figures of a law that tell Sattolo's algorithm: it deals each
/// of the `(n − 1)!` single cycles of `n` cards with probability
/// `1/(n − 1)!` and nothing else.
#[derive(Clone, Copy, Debug)]
pub struct LawFigures<'a> {
    /// Cards.
    pub deck: usize,
    /// Arrangements dealt with positive probability.
    pub support: u64,
    /// The largest probability of an arrangement.
    pub max_probability: &'a Fraction,
    /// The exact total variation distance from uniform.
    pub total_variation: &'a Fraction,
    /// Whether no card ever ends where it started.
    pub no_fixed_point: bool,
}

/// Whether `law` is exactly Sattolo's algorithm's (a uniform single
/// cycle): `(n − 1)!` arrangements, each `1/(n − 1)!`, none with a card in
/// place, at distance `1 − 1/n` from uniform. Compared as fractions.
///
/// ```
/// use judge::resemble::{LawFigures, is_sattolo};
/// use stats::Fraction;
/// let (p, tv) = (Fraction::new(1u64, 2u64), Fraction::new(2u64, 3u64));
/// let law = LawFigures { deck: 3, support: 2, max_probability: &p, total_variation: &tv, no_fixed_point: true };
/// assert!(is_sattolo(&law));
/// ```
pub fn is_sattolo(law: &LawFigures) -> bool {
    let n = law.deck as u64;
    if n < 2 {
        return false;
    }
    let cycles = factorial(law.deck - 1);
    law.support == cycles
        && law.no_fixed_point
        && *law.max_probability == Fraction::new(1u64, cycles)
        && *law.total_variation == Fraction::new(n - 1, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sattolo_is_told_by_its_exact_figures_and_nothing_near_them() {
        for id in ["blog-fisher-yates", "naive-swap", "fisher-yates"] {
            let e = algorithms::registry::find(id).unwrap();
            for n in 3..=6 {
                let law =
                    stats::exact_distribution(&e.algorithm, n, &stats::Limits::default()).unwrap();
                let expected = (id == "blog-fisher-yates").then_some(Known::Sattolo);
                assert_eq!(of(&law), expected, "{id} {n}");
            }
        }
    }
}
