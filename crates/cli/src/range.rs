//! The one error for a value outside what a command allows: one line that
//! names the value and what is allowed (`deck size 300 is not allowed for
//! sampling: use 2..=255`). Every command's checks go through it.

use std::fmt::{self, Display};
use std::ops::RangeInclusive;

/// A value outside what is allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NotAllowed {
    /// What the value is (`"deck size"`, `"--repeat"`).
    what: String,
    /// The value as given.
    value: String,
    /// What it was for (`" for sampling"`), or empty.
    purpose: String,
    /// What is allowed (`"2..=255"`, `"1 or more"`).
    allowed: String,
}

impl NotAllowed {
    /// `what value` is not allowed: use `allowed`.
    pub(crate) fn new(what: &str, value: impl Display, allowed: impl Into<String>) -> Self {
        NotAllowed {
            what: what.into(),
            value: value.to_string(),
            purpose: String::new(),
            allowed: allowed.into(),
        }
    }

    /// Says what the value was for: `" for sampling"`.
    pub(crate) fn purpose(mut self, purpose: impl Display) -> Self {
        self.purpose = format!(" for {purpose}");
        self
    }

    /// Adds why the range stops where it does, after the range.
    pub(crate) fn because(mut self, why: &str) -> Self {
        self.allowed = format!("{} ({why})", self.allowed);
        self
    }
}

impl Display for NotAllowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} is not allowed{}: use {}",
            self.what, self.value, self.purpose, self.allowed
        )
    }
}

impl std::error::Error for NotAllowed {}

/// A real number as a flag gives it, refused when double precision cannot
/// hold it: `1e-400` would read as 0 and `1e400` as infinity, and the
/// refusal would then name a value nobody typed.
pub(crate) fn parse_real(text: &str) -> Result<f64, String> {
    let x: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text} is not a number"))?;
    let mantissa = text.split(['e', 'E']).next().unwrap_or("");
    if x == 0.0 && mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
        return Err(format!(
            "{text} is too small for double precision, which reads it as 0 (the smallest positive number is about 4.9e-324)"
        ));
    }
    if x.is_infinite() && !text.to_ascii_lowercase().contains("inf") {
        return Err(format!(
            "{text} is too large for double precision, which reads it as infinity"
        ));
    }
    Ok(x)
}

/// A size in bytes as `--max-memory` takes it: a whole or decimal number,
/// with an optional unit (k, M, G, T in powers of 1000, with or without B;
/// KiB, MiB, GiB, TiB in powers of 1024), at least 1 byte.
pub(crate) fn parse_bytes(text: &str) -> Result<u64, String> {
    let refused = || {
        format!(
            "size {text:?} is not understood: use bytes or a number with a unit, like 500M, 8G or 4GiB"
        )
    };
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let x: f64 = number.parse().map_err(|_| refused())?;
    let scale: f64 = match unit.trim() {
        "" | "B" => 1.0,
        "k" | "K" | "kB" | "KB" => 1e3,
        "M" | "MB" => 1e6,
        "G" | "GB" => 1e9,
        "T" | "TB" => 1e12,
        "KiB" => 1024.0,
        "MiB" => 1024.0 * 1024.0,
        "GiB" => 1024.0 * 1024.0 * 1024.0,
        "TiB" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return Err(refused()),
    };
    let bytes = (x * scale).floor();
    if !(1.0..=u64::MAX as f64).contains(&bytes) {
        return Err(
            NotAllowed::new("memory size", text, "1 byte or more, below 16 EiB").to_string(),
        );
    }
    Ok(bytes as u64)
}

/// `value` when it lies in `range`.
pub(crate) fn within<T: PartialOrd + Display>(
    what: &str,
    value: T,
    range: RangeInclusive<T>,
) -> Result<T, NotAllowed> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(NotAllowed::new(
            what,
            &value,
            format!("{}..={}", range.start(), range.end()),
        ))
    }
}

/// `value` when it is `min` or more.
pub(crate) fn at_least(what: &str, value: u64, min: u64) -> Result<u64, NotAllowed> {
    if value >= min {
        Ok(value)
    } else {
        Err(NotAllowed::new(what, value, format!("{min} or more")))
    }
}

/// `value` when it is 1 or more.
pub(crate) fn at_least_one(what: &str, value: u64) -> Result<u64, NotAllowed> {
    at_least(what, value, 1)
}

/// `--power` when it lies above the level `alpha` and below 1: a test
/// that ignores the shuffles already rejects with probability `alpha`, so
/// a power at or below it needs no shuffles at all.
pub(crate) fn power_above_level(power: f64, alpha: f64) -> Result<f64, NotAllowed> {
    if power > alpha && power < 1.0 {
        Ok(power)
    } else {
        Err(NotAllowed::new(
            "--power",
            power,
            format!("a probability above the level {} and below 1", short(alpha)),
        )
        .because("a test that ignores the shuffles detects with probability alpha"))
    }
}

/// `value` when it lies strictly between 0 and 1 (a level, a probability).
pub(crate) fn strictly_between_0_and_1(
    what: &str,
    value: f64,
    kind: &str,
) -> Result<f64, NotAllowed> {
    if value > 0.0 && value < 1.0 {
        Ok(value)
    } else {
        Err(NotAllowed::new(
            what,
            value,
            format!("a {kind} strictly between 0 and 1"),
        ))
    }
}

/// A family-wise level `what` gives (`--alpha`), when a decision can be
/// made at it ([`judge::grade::family_level`]).
pub(crate) fn family_level(what: &str, value: f64) -> Result<f64, NotAllowed> {
    judge::grade::family_level(value)
        .map_err(|allowed| NotAllowed::new(what, judge::words::as_typed(value), allowed))
}

/// A level as people write it: `1e-6`, `3.333e-13`, `0.05`.
fn short(x: f64) -> String {
    if (1e-3..1.0).contains(&x) {
        return x.to_string();
    }
    let s = format!("{x:.3e}");
    let (mantissa, exponent) = s.split_once('e').expect("scientific");
    let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
    format!("{mantissa}e{exponent}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_names_the_value_and_what_is_allowed() {
        assert_eq!(within("--max", 3, 1..=30), Ok(3));
        assert_eq!(
            within("deck size", 300, 2..=255).map_err(|e| e.purpose("sampling").to_string()),
            Err("deck size 300 is not allowed for sampling: use 2..=255".into())
        );
        assert_eq!(
            at_least_one("--repeat", 0).unwrap_err().to_string(),
            "--repeat 0 is not allowed: use 1 or more"
        );
        assert_eq!(
            strictly_between_0_and_1("--alpha", 2.0, "level")
                .unwrap_err()
                .to_string(),
            "--alpha 2 is not allowed: use a level strictly between 0 and 1"
        );
        assert!(strictly_between_0_and_1("--power", f64::NAN, "probability").is_err());
        assert_eq!(
            family_level("--alpha", 5e-324).unwrap_err().to_string(),
            "--alpha 5e-324 is not allowed: use a level from 1e-300 up to 1, 1 excluded (below it a decision would rest on p-values under 10^-300, which the tests' reference laws do not mean)"
        );
        assert_eq!(family_level("--alpha", 1e-300), Ok(1e-300));
        assert_eq!(family_level("--alpha", 0.05), Ok(0.05));
        for bad in [0.0, -0.5, 1.0, 2.0, f64::NAN, f64::INFINITY] {
            assert!(family_level("--alpha", bad).is_err(), "{bad}");
        }
        assert_eq!(
            power_above_level(1e-10, 1e-6).unwrap_err().to_string(),
            "--power 0.0000000001 is not allowed: use a probability above the level 1e-6 and below 1 (a test that ignores the shuffles detects with probability alpha)"
        );
        assert_eq!(power_above_level(0.99, 1e-6), Ok(0.99));
        assert_eq!(
            [short(0.05), short(1e-6), short(1.0 / 3e12)],
            ["0.05", "1e-6", "3.333e-13"]
        );
        assert!(power_above_level(1.0, 1e-6).is_err());
        assert_eq!(
            at_least("--shuffles", 1, 1000).unwrap_err().to_string(),
            "--shuffles 1 is not allowed: use 1000 or more"
        );
        assert_eq!(
            within("deck size", 171, 2..=170)
                .unwrap_err()
                .purpose("riffles")
                .because("1/n! underflows a double above")
                .to_string(),
            "deck size 171 is not allowed for riffles: use 2..=170 (1/n! underflows a double above)"
        );
    }
}
