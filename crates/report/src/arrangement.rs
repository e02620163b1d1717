//! Arrangements as people read them.

/// The arrangement of rank `r` as a string of card numbers (`"021"`), or
/// space-separated for decks of more than 10 cards.
pub fn arrangement_label(r: usize, n: usize) -> String {
    let mut a = Vec::new();
    stats::law::perm::unrank(r, n, &mut a);
    cards_label(&a.iter().map(|&c| usize::from(c)).collect::<Vec<_>>())
}

/// An arrangement, the card at each position (cards and positions counted
/// from 0, as the shuffles' code indexes them), as every page, figure and
/// `shuffle-audit exact` write it: `"021"` is card 0 first, then card 2,
/// then card 1; space-separated for decks of more than 10 cards.
pub fn cards_label(a: &[usize]) -> String {
    let sep = if a.len() > 10 { " " } else { "" };
    a.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}
