//! Fuzzes the line parser of `shuffle-audit audit`: any bytes, read as a
//! file of decks, either fail with a line number and reason or yield decks
//! of one composition, all of the same length: permutations of `0..n`, or,
//! when the lines are decklists, each value as often as the list has it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use deck_lines::{DeckParser, read_decks};

fuzz_target!(|data: &[u8]| {
    for skip in [false, true] {
        let mut parser = DeckParser::new(None, None);
        let mut decks: Vec<Vec<u8>> = Vec::new();
        let result = read_decks(data, &mut parser, skip, |deck| {
            let mut sorted = deck.to_vec();
            sorted.sort_unstable();
            decks.push(sorted);
        });
        if let Ok(counts) = result {
            assert!(counts.decks >= 1);
            assert_eq!(counts.decks + counts.invalid_total(), counts.lines);
            let want: Vec<u8> = match parser.decklist_read() {
                Some(list) => {
                    let mut values: Vec<u8> = list.listed().into_iter().map(|v| v as u8).collect();
                    values.sort_unstable();
                    values
                }
                None => (0..decks[0].len() as u8).collect(),
            };
            assert!(decks.iter().all(|d| *d == want));
        }
    }
});
