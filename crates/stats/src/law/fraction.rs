//! Exact probabilities: non-negative fractions of big integers, reduced,
//! turned into `f64` once with correct rounding (round half to even).
//!
//! Every figure this crate calls exact (a probability of an arrangement, a
//! cell of a position matrix, a total variation distance, the riffle table)
//! is computed as a [`Fraction`] and rounded only when printed: dividing two
//! `f64`s that were themselves rounded, or summing a million rounded terms,
//! gives `0.7999999999999997` where the answer is `4/5`.

use num_bigint::BigUint;
use num_rational::Ratio;
use num_traits::{ToPrimitive, Zero};
use std::fmt;

/// The natural logarithm of a whole number of any size (`−∞` for 0), from
/// its top 64 bits: relative error a few parts in 10^16, however large.
pub fn ln_whole(x: &BigUint) -> f64 {
    let bits = x.bits();
    if bits == 0 {
        return f64::NEG_INFINITY;
    }
    let shift = bits.saturating_sub(64);
    let top: u64 = (x >> shift).to_u64().expect("at most 64 bits");
    (top as f64).ln() + shift as f64 * std::f64::consts::LN_2
}

/// A non-negative exact fraction, always reduced.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fraction(Ratio<BigUint>);

impl Fraction {
    /// `numerator / denominator`, reduced.
    ///
    /// # Panics
    /// When `denominator` is zero.
    pub fn new(numerator: impl Into<BigUint>, denominator: impl Into<BigUint>) -> Self {
        Fraction(Ratio::new(numerator.into(), denominator.into()))
    }

    /// Zero.
    pub fn zero() -> Self {
        Fraction(Ratio::zero())
    }

    /// The reduced numerator.
    pub fn numerator(&self) -> &BigUint {
        self.0.numer()
    }

    /// The reduced denominator.
    pub fn denominator(&self) -> &BigUint {
        self.0.denom()
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// The numerator of this fraction written over `denominator`, when
    /// that is exact (`denominator` a multiple of the reduced one):
    /// `29/2097152` over `16777216` is `232`.
    pub fn numerator_over(&self, denominator: u128) -> Option<u128> {
        let d = BigUint::from(denominator);
        if d.is_zero() || !(&d % self.0.denom()).is_zero() {
            return None;
        }
        (self.0.numer() * (d / self.0.denom())).to_u128()
    }

    /// The nearest `f64` (ties to even); `f64::INFINITY` past its range,
    /// `0.0` or a subnormal below it.
    pub fn to_f64(&self) -> f64 {
        self.0.to_f64().unwrap_or(f64::INFINITY)
    }
}

/// The nearest `f64` to `numerator / denominator`, correctly rounded.
///
/// Fast when both fit in 53 bits: then each converts exactly and IEEE 754
/// division rounds the exact quotient once.
pub fn ratio_to_f64(numerator: u128, denominator: u128) -> f64 {
    const EXACT: u128 = 1 << f64::MANTISSA_DIGITS;
    if numerator <= EXACT && denominator <= EXACT {
        numerator as f64 / denominator as f64
    } else {
        Fraction::new(numerator, denominator).to_f64()
    }
}

/// A law given as whole counts of its values `0, 1, …` (ways each value
/// comes up): each value's probability, correctly rounded.
pub fn probabilities(counts: &[BigUint]) -> Vec<f64> {
    let total: BigUint = counts.iter().sum();
    counts
        .iter()
        .map(|c| Fraction::new(c.clone(), total.clone()).to_f64())
        .collect()
}

/// The mean of a law given as whole counts of its values `0, 1, …`,
/// exactly, correctly rounded.
pub fn mean(counts: &[BigUint]) -> f64 {
    let total: BigUint = counts.iter().sum();
    let moment: BigUint = counts.iter().enumerate().map(|(s, c)| c * s).sum();
    Fraction::new(moment, total).to_f64()
}

/// The total variation distance between two laws given as whole counts of
/// the same values, exactly (`Σ |c/T − f/F| / 2 = Σ |c F − f T| / (2 T
/// F)`), correctly rounded.
pub fn total_variation(counts: &[BigUint], other: &[BigUint]) -> f64 {
    let total: BigUint = counts.iter().sum();
    let other_total: BigUint = other.iter().sum();
    let distance: BigUint = counts
        .iter()
        .zip(other)
        .map(|(c, f)| {
            let (x, y) = (c * &other_total, f * &total);
            if x > y { x - y } else { y - x }
        })
        .sum();
    Fraction::new(distance, total * other_total * 2u8).to_f64()
}

impl fmt::Display for Fraction {
    /// `numerator/denominator`, reduced (`0/1` for zero, `1/1` for one).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.0.numer(), self.0.denom())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Fraction {
    /// As its [`Display`](fmt::Display) string, `"39/512"`: JSON numbers
    /// cannot hold the integers of a 52-card law.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Fraction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let (n, m) = s
            .split_once('/')
            .ok_or_else(|| D::Error::custom(format!("{s:?} is not a fraction n/d")))?;
        let parse = |x: &str| {
            x.parse::<BigUint>()
                .map_err(|_| D::Error::custom(format!("{x:?} in {s:?} is not a whole number")))
        };
        let (n, m) = (parse(n)?, parse(m)?);
        if m.is_zero() {
            return Err(D::Error::custom(format!("{s:?} has a zero denominator")));
        }
        Ok(Fraction::new(n, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_of_a_whole_number_holds_at_any_size() {
        assert_eq!(ln_whole(&BigUint::zero()), f64::NEG_INFINITY);
        assert_eq!(ln_whole(&BigUint::from(1u8)), 0.0);
        // n! for every deck size the monitor takes, against statrs.
        let mut f = BigUint::from(1u8);
        for n in 1..=255u64 {
            f *= n;
            let want = statrs::function::factorial::ln_factorial(n);
            assert!((ln_whole(&f) - want).abs() <= 1e-13 * want, "{n}!");
        }
    }

    #[test]
    fn fractions_are_reduced_and_print_as_such() {
        assert_eq!(Fraction::new(24u32, 30u32).to_string(), "4/5");
        assert_eq!(Fraction::new(0u32, 7u32).to_string(), "0/1");
        assert_eq!(Fraction::new(78u32, 1024u32).to_string(), "39/512");
    }

    #[test]
    fn rounding_is_correct_where_two_divisions_are_not() {
        // 4/5 and 39/512: what the exact values must print as.
        assert_eq!(Fraction::new(4u32, 5u32).to_f64(), 0.8);
        assert_eq!(Fraction::new(39u32, 512u32).to_f64(), 0.076171875);
        // (2^60 + 1) / 2^61 = 0.5 + 2^-61 is below half an ulp of 0.5.
        let big = (1u128 << 60) + 1;
        assert_eq!(ratio_to_f64(big, 1 << 61), 0.5);
        // Half-way cases go to even: (2^53 + 1) / 2^53 lies exactly
        // between 1 and 1 + 2^-52; even is 1.
        assert_eq!(ratio_to_f64((1 << 53) + 1, 1 << 53), 1.0);
        // (2^53 + 3) / 2^53 lies between 1 + 2^-52 and 1 + 2^-51; even is
        // 1 + 2^-51.
        assert_eq!(
            ratio_to_f64((1 << 53) + 3, 1 << 53),
            1.0 + f64::EPSILON * 2.0
        );
        // Where rounding the numerator first is wrong: 36203704252545988
        // is not a double; as one it becomes 36203704252545984 and the
        // quotient rounds down one unit. The exact quotient, from Python's
        // `float(fractions.Fraction(36203704252545988, 3))`, is
        // 0x1.56fd8a09674a1p+53.
        let n = 36_203_704_252_545_988u128;
        assert_eq!((n as f64) / 3.0, f64::from_bits(0x434_56fd8a09674a0));
        assert_eq!(ratio_to_f64(n, 3), f64::from_bits(0x434_56fd8a09674a1));
    }

    #[test]
    fn fractions_rewrite_over_a_common_denominator() {
        let f = Fraction::new(232u32, 16_777_216u32);
        assert_eq!(f.to_string(), "29/2097152");
        assert_eq!(f.numerator_over(16_777_216), Some(232));
        assert_eq!(f.numerator_over(1000), None);
        assert_eq!(Fraction::zero().numerator_over(27), Some(0));
    }

    #[test]
    fn tiny_and_huge_fractions_round_to_the_nearest_double() {
        let one = BigUint::from(1u32);
        // 2^-1074 is the smallest subnormal; 2^-1076 rounds to zero.
        assert_eq!(
            Fraction::new(one.clone(), BigUint::from(2u32).pow(1074)).to_f64(),
            f64::from_bits(1)
        );
        assert_eq!(
            Fraction::new(one.clone(), BigUint::from(2u32).pow(1076)).to_f64(),
            0.0
        );
        assert_eq!(
            Fraction::new(BigUint::from(2u32).pow(1024), one).to_f64(),
            f64::INFINITY
        );
    }
}
