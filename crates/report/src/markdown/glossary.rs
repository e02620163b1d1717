//! The glossary: every term the pages use that a reader may not know.

/// The terms, alphabetically: `(term, explanation)`.
pub(crate) const TERMS: &[(&str, &str)] = &[
    (
        "arrangement (permutation)",
        "One order of the deck. A deck of n cards has n! = n · (n − 1) · … · 1 of them: 6 for \
         3 cards, 720 for 6, about 8 × 10^67 for 52.",
    ),
    (
        "Bhattacharyya coefficient, Hellinger bound",
        "A way to turn the distance between two distributions into a floor on how many \
         shuffles any test whatever needs to tell them apart (the \"no test under\" column).",
    ),
    (
        "Bonferroni correction, family-wise",
        "When a run applies several tests, each p-value is multiplied by the number of tests, \
         so that the chance that *any* of them cries wolf on a fair shuffle stays below the \
         level (\"family-wise\": for the whole family of tests at once).",
    ),
    (
        "chi-square (χ²) test",
        "Compares counts with the counts a fair shuffle would give on average. Large \
         differences give a large statistic and a small p-value. *df* (degrees of freedom) is \
         the number of cells that can vary freely; the G-test, whose law with few counts \
         per cell is not quite chi-square, is referred to a scaled chi-square law with its \
         exact mean and variance, so its df can be fractional.",
    ),
    (
        "collision test, Stein–Chen",
        "Counts pairs of identical decks among many dealt. A shuffle that can deal only a few \
         million different decks (because it is seeded from the clock or a 32-bit number) \
         repeats itself; a fair one practically never does. Stein–Chen is the theorem that \
         bounds the error of counting those pairs with a Poisson distribution.",
    ),
    (
        "consecutive decks (lag 1), contingency",
        "Whether each deck depends on the one dealt before it. Each deck is written in the \
         order of the previous one (a card named by the position it held there) and tested \
         like a deck of its own; the contingency test counts which card takes the place of \
         which from one deck to the next. A dealer who reshuffles the last deck with a poor \
         shuffle deals decks that each look fair but fail these tests.",
    ),
    (
        "cycle, single cycle, Sattolo's algorithm, Stirling numbers",
        "Follow where card 1 goes, then where that position's card goes, and so on until you \
         are back: that loop is a cycle. Sattolo's algorithm deals only arrangements made of \
         one single cycle through all cards: (n − 1)! of the n!, and never leaves a card in \
         place. Stirling numbers of the first kind count arrangements by their cycles.",
    ),
    (
        "descent, rising sequence, Eulerian numbers",
        "A descent is a place where a card is followed by a lower one. A rising sequence is a \
         run of cards i, i + 1, i + 2, … that appear in order (not necessarily next to each \
         other); a riffle of a sorted deck leaves at most two. Eulerian numbers count \
         arrangements by their descents.",
    ),
    (
        "distribution (exact law)",
        "How likely each arrangement is. The exact law is computed by counting every path of \
         random choices with its probability, not by shuffling: no chance is involved.",
    ),
    (
        "fair (uniform)",
        "Every arrangement exactly equally likely: probability 1/n! each, whatever order the \
         deck started in.",
    ),
    (
        "fixed point, rencontres numbers",
        "A card that ends where it started. A fair shuffle leaves 1 in place on average; \
         rencontres numbers count arrangements by their fixed points.",
    ),
    (
        "GSR riffle",
        "The Gilbert–Shannon–Reeds model of a riffle: cut the deck by a coin-toss count, \
         then drop cards from each half with probability proportional to its size. Bayer and \
         Diaconis (1992) gave its exact law after any number of riffles.",
    ),
    (
        "Markov chain, state merging",
        "Two ways of computing an exact law faster than walking every path: follow one \
         card's position step by step (a Markov chain), or merge the paths that reach the \
         same deck before going on (state merging).",
    ),
    (
        "noncentral chi-square, power",
        "Power is the chance that a test calls a real bias. Knowing the exact law, the \
         noncentral chi-square distribution gives the power of a chi-square test at any \
         number of shuffles, hence the \"shuffles to see it\".",
    ),
    (
        "p-value",
        "How often a fair shuffle would give counts at least this far from even. A tiny \
         p-value (below {suspicious_below} here) is evidence of bias; a large one only means this sample \
         shows none. Below {smallest_printed} it is printed as \"< {smallest_printed}\": the laws \
         a statistic is referred to (chi-square, normal) are approximations whose error so far \
         in the tail is larger than the p-value itself, so a smaller figure would claim a \
         precision no test has.",
    ),
    (
        "path",
        "One sequence of random choices an algorithm can make. When every choice is a fair \
         draw, every path is equally likely, and counting paths gives exact probabilities.",
    ),
    (
        "rand(), 15 bits",
        "C's rand() on Microsoft's runtime returns one of 32,768 values. Reduced to k results \
         by `rand() % k` or by scaling, some results get one value more than others unless k \
         divides 32,768: a tiny bias.",
    ),
    (
        "seed",
        "The number a pseudo-random generator starts from. The same seed gives the same \
         shuffles; a program that seeds from the clock can deal only as many decks as the \
         clock has values.",
    ),
    (
        "SHA-256",
        "A fingerprint of a file: any change to its bytes changes it. An audit certificate \
         names its input by it, so anyone can check which decks were tested (`sha256sum`).",
    ),
    (
        "significance level (alpha), confidence",
        "The most a test may cry wolf on a fair shuffle: at alpha = 0.01 (99 % confidence) a \
         fair shuffle is flagged at most once in a hundred audits. `audit --alpha` sets it \
         for the whole family of tests.",
    ),
    (
        "total variation distance (TV)",
        "The largest amount by which any bet on the deck's order wins more often with this \
         shuffle than with a fair one: 0 for a fair shuffle, at most 1.",
    ),
    (
        "two-level test, KS",
        "Run the same test many times with different seeds: a fair shuffle's p-values are \
         spread evenly between 0 and 1 (or lean towards 1, for a test of counts), and a \
         one-sided Kolmogorov–Smirnov (KS) test checks that they are not too small too often.",
    ),
    (
        "verdict: uniform, no bias shown, unusual, suspicious, biased",
        "What a page concludes. *Uniform*: an exact law proves every arrangement equally \
         likely on the decks it counted. *No bias shown*: the tests of a sample did not reject \
         at its size, and that is all: a sample never proves a shuffle fair, and a bias too \
         small for it passes (below a total variation distance of {floor}/N no test of N decks \
         shows one {power} times in 100). *Unusual*: a smallest adjusted p-value between \
         {suspicious_below} and {unusual_below}, which a fair shuffle gives about once in a \
         thousand runs. *Suspicious*: between {biased_below} and {suspicious_below}, not \
         confirmed by a second seed. *Biased*: an exact law shows it, or a sample's smallest \
         adjusted p-value is below {biased_below} (or suspicious and confirmed).",
    ),
];

/// A term's explanation with the figures it names filled in from the
/// constants that decide them.
fn explained(what: &str) -> String {
    what.replace(
        "{suspicious_below}",
        &judge::words::power_of_ten(judge::grade::SUSPICIOUS_BELOW),
    )
    .replace(
        "{smallest_printed}",
        &format!("10^{}", crate::fmt::SMALLEST_PRINTED_LOG10_P),
    )
    .replace(
        "{unusual_below}",
        &judge::words::power_of_ten(judge::grade::UNUSUAL_BELOW),
    )
    .replace(
        "{biased_below}",
        &judge::words::power_of_ten(judge::grade::BIASED_BELOW),
    )
    .replace(
        "{floor}",
        &format!(
            "{}",
            judge::suite::DEFAULT_POWER - judge::grade::FLOOR_LEVEL
        ),
    )
    .replace(
        "{power}",
        &format!("{:.0}", 100.0 * judge::suite::DEFAULT_POWER),
    )
}

/// The glossary page.
pub(super) fn page() -> String {
    let mut md = String::from("# Glossary\n\n[← the report](README.md)\n\n");
    for (term, what) in TERMS {
        md.push_str(&format!("**{term}.** {}\n\n", explained(what)));
    }
    md
}

#[cfg(test)]
mod tests {
    use super::{TERMS, page};

    #[test]
    fn every_figure_named_is_filled_in() {
        let page = page();
        assert!(!page.contains('{'), "a figure left unfilled");
        assert!(page.contains("(below 10^-6 here)"), "{page}");
        assert!(page.contains("printed as \"< 10^-300\""), "{page}");
        assert!(
            page.contains("between 10^-12 and 10^-6, not confirmed")
                && page.contains("below a total variation distance of 0.98/N no test of N decks shows one 99 times in 100"),
            "{page}"
        );
    }

    #[test]
    fn terms_are_in_alphabetical_order_and_explained() {
        let keys: Vec<String> = TERMS.iter().map(|(t, _)| t.to_lowercase()).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
        assert!(
            TERMS
                .iter()
                .all(|(_, w)| w.split_whitespace().count() >= 10)
        );
    }
}
