//! Fuzzes the line parser of `shuffle-audit audit`: any bytes, read as a
//! file of decks, either fail with a line number and reason or yield
//! permutations of `0..n`, all of the same `n`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use deck_lines::{DeckParser, read_decks};

fuzz_target!(|data: &[u8]| {
    for skip in [false, true] {
        let mut parser = DeckParser::new(None, None);
        let mut n = None;
        let result = read_decks(data, &mut parser, skip, |deck| {
            let mut sorted = deck.to_vec();
            sorted.sort_unstable();
            assert!(sorted.iter().enumerate().all(|(i, &c)| usize::from(c) == i));
            assert_eq!(*n.get_or_insert(deck.len()), deck.len());
        });
        if let Ok(counts) = result {
            assert!(counts.decks >= 1);
            assert_eq!(counts.decks + counts.invalid_total(), counts.lines);
        }
    }
});
