//! Every algorithm of the suite, with a stable kebab-case id, its source,
//! the verdict the exact enumeration gives it, and whether it can be
//! enumerated.
//!
//! The expected verdicts come from the exact distributions computed by the
//! `stats` crate (and are re-checked by its tests for decks of 1 to 6 cards),
//! not from what the seed documents claim.

mod documents;
mod entry;
mod table;

pub use documents::{
    DOCUMENTS, PUBLISHED_QUOTES, PublishedQuote, Quote, SourceDocument, TEACHING_QUOTES, Walk,
    document, published_quote, quote,
};
pub use entry::*;
pub use table::{REGISTRY, runtime_sorts};

/// The error for an id that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    /// The id asked for.
    pub id: String,
    /// The nearest registered ids, best first.
    pub suggestions: Vec<&'static str>,
}

impl core::fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown algorithm id {:?}", self.id)?;
        if self.suggestions.is_empty() {
            write!(f, "; `shuffle-audit list` shows the {} ids", REGISTRY.len())
        } else {
            write!(f, "; did you mean {}?", self.suggestions.join(" or "))
        }
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// The registry entry with this id.
///
/// # Errors
/// [`UnknownAlgorithm`], with the nearest ids as suggestions.
pub fn find(id: &str) -> Result<&'static Entry, UnknownAlgorithm> {
    if let Some(entry) = REGISTRY.iter().find(|e| e.id == id) {
        return Ok(entry);
    }
    let mut scored: Vec<(usize, &'static str)> = REGISTRY
        .iter()
        .map(|e| (edit_distance(id, e.id), e.id))
        .collect();
    scored.sort();
    let limit = (id.len() / 3).max(2);
    let mut suggestions: Vec<&'static str> = scored
        .iter()
        .filter(|(d, _)| *d <= limit)
        .take(3)
        .map(|&(_, s)| s)
        .collect();
    if suggestions.is_empty() {
        suggestions = REGISTRY
            .iter()
            .map(|e| e.id)
            .filter(|e| e.contains(id) && !id.is_empty())
            .take(3)
            .collect();
    }
    Err(UnknownAlgorithm {
        id: id.to_owned(),
        suggestions,
    })
}

/// Levenshtein distance between two short ids.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests;
