//! The judge's sentences, typed: every finding, verdict and guarantee is
//! worded here once, as [`Words`], and each format (text, Markdown, HTML,
//! certificate, handout, live page) renders the same words, adding only
//! its markup. The numbers in them are written as people read them
//! ([`count`], [`level`]).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One piece of a sentence and how it is set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "text")]
pub enum Span {
    /// Plain words.
    Plain(String),
    /// Words that carry the finding: bold on a page.
    Strong(String),
    /// A command, flag or value as typed: code on a page.
    Code(String),
}

/// A sentence of the judge's, each piece set as it says.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Words(pub Vec<Span>);

impl Words {
    /// An empty sentence.
    pub fn new() -> Self {
        Words(Vec::new())
    }

    /// The sentence followed by plain `text`.
    pub fn plain(mut self, text: impl Into<String>) -> Self {
        self.0.push(Span::Plain(text.into()));
        self
    }

    /// The sentence followed by `text` set strong.
    pub fn strong(mut self, text: impl Into<String>) -> Self {
        self.0.push(Span::Strong(text.into()));
        self
    }

    /// The sentence followed by `text` set as code.
    pub fn code(mut self, text: impl Into<String>) -> Self {
        self.0.push(Span::Code(text.into()));
        self
    }

    /// The sentence followed by `other`.
    pub fn then(mut self, other: Words) -> Self {
        self.0.extend(other.0);
        self
    }

    /// The sentence with each piece rendered by `set` (the markup of a
    /// format) and joined.
    pub fn render(&self, set: impl Fn(&Span) -> String) -> String {
        self.0.iter().map(set).collect()
    }
}

/// The plain text: the words without markup.
impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for span in &self.0 {
            let (Span::Plain(t) | Span::Strong(t) | Span::Code(t)) = span;
            f.write_str(t)?;
        }
        Ok(())
    }
}

/// A count with thousands separators: `2,000,000`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A large whole number, with thousands separated, or in scientific
/// notation past 10^15: `1,000,000`, `1.0e18`.
pub fn large_count(x: f64) -> String {
    if x < 1e15 {
        count(x.round() as u64)
    } else {
        format!("{x:.1e}")
    }
}

/// A significance level as people write it: `0.05`, `0.01`, `1e-6`.
pub fn level(alpha: f64) -> String {
    if alpha >= 1e-4 {
        format!("{alpha}")
    } else {
        format!("{alpha:e}")
    }
}

/// A number as a flag gives it, for a refusal that names it: the shortest
/// form that reads back as the same number (`5e-324`, `1e-301`, `0.05`,
/// `-0.5`, `NaN`).
///
/// ```
/// assert_eq!(judge::words::as_typed(5e-324), "5e-324");
/// assert_eq!(judge::words::as_typed(1.5), "1.5");
/// assert_eq!(judge::words::as_typed(0.0), "0");
/// ```
pub fn as_typed(x: f64) -> String {
    if x > 0.0 && x < 1e-3 {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

/// A probability that is a power of ten as a page writes it: `10^-6`.
pub fn power_of_ten(p: f64) -> String {
    format!("10^{}", p.log10().round() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(level(0.05), "0.05");
        assert_eq!(level(1e-6), "1e-6");
        assert_eq!(power_of_ten(1e-6), "10^-6");
        assert_eq!(power_of_ten(1e-12), "10^-12");
    }

    #[test]
    fn the_plain_text_is_the_words_without_their_setting() {
        let w = Words::new()
            .plain("exit 1: ")
            .strong("biased")
            .code(" --alpha");
        assert_eq!(w.to_string(), "exit 1: biased --alpha");
        assert_eq!(
            w.render(|s| match s {
                Span::Strong(t) => format!("**{t}**"),
                Span::Code(t) => format!("`{t}`"),
                Span::Plain(t) => t.clone(),
            }),
            "exit 1: **biased**` --alpha`"
        );
    }
}
