//! Arrangements as people read them.

/// The arrangement of rank `r` as a string of card numbers (`"021"`), or
/// space-separated for decks of more than 10 cards.
pub fn arrangement_label(r: usize, n: usize) -> String {
    let mut a = Vec::new();
    stats::law::perm::unrank(r, n, &mut a);
    let sep = if n > 10 { " " } else { "" };
    a.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}
