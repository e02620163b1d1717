use super::*;

mod decklists;
mod parallel;

fn parse(lines: &[&str]) -> Result<Vec<Vec<u8>>, (usize, LineError)> {
    let mut p = DeckParser::new(None, None);
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        out.push(p.parse(l.as_bytes()).map_err(|e| (i + 1, e))?.to_vec());
    }
    Ok(out)
}

#[test]
fn plain_comma_and_json_lines_read_alike() {
    let want = vec![vec![2u8, 0, 3, 1]; 6];
    let got = parse(&[
        "2 0 3 1",
        "2,0,3,1",
        " 2, 0 ,3,1 \r",
        "[2,0,3,1]",
        "[ 2, 0, 3, 1 ]",
        "2\t0\t3\t1",
    ])
    .unwrap();
    assert_eq!(got, want);
}

#[test]
fn the_first_deck_sets_the_numbering() {
    assert_eq!(parse(&["3 1 4 2", "1 2 3 4"]).unwrap()[0], vec![2, 0, 3, 1]);
    let mut p = DeckParser::new(None, None);
    p.parse(b"3 1 4 2").unwrap();
    assert_eq!((p.base(), p.deck()), (Some(Base::One), Some(4)));
    // Once 1-based, a 0 is out of range.
    assert_eq!(
        p.parse(b"0 1 2 3").unwrap_err(),
        LineError::OutOfRange {
            value: 0,
            base: Base::One,
            n: 4
        }
    );
    assert_eq!(
        DeckParser::new(None, None).parse(b"5 6 7").unwrap_err(),
        LineError::NoBase(3)
    );
}

#[test]
fn every_kind_of_bad_line_is_named() {
    let cases: &[(&str, &str)] = &[
        ("", "empty line"),
        ("   ", "empty line"),
        ("1 2 x", "\"x\" is not a number"),
        ("1 2 3x", "\"3x\" is not a number"),
        ("1 -2 0", "\"-2\" is not a number"),
        (
            "0 1 99999999999999999999999",
            "card 99999999999999999999999 is out of range: a deck holds 2..=255 cards",
        ),
        (
            "[0,1,99999999999999999999]",
            "card 99999999999999999999 is out of range",
        ),
        (
            "0 1 99999999999999999999x",
            "\"99999999999999999999x\" is not a number",
        ),
        ("[0,1,2", "no closing ]"),
        ("[0,,1,2]", "a comma without a number"),
        ("[0 1 2]", "two numbers without a comma"),
        ("[0,1,2,]", "a comma after the last number"),
        ("[]", "an empty array"),
        ("0 1 1", "card 1 appears twice"),
        (
            "0 1 3",
            "card 3 is out of range: a 0-based deck of 3 cards holds 0..=2",
        ),
        ("0", "a deck of 1 cards"),
    ];
    for (line, want) in cases {
        let e = DeckParser::new(None, None)
            .parse(line.as_bytes())
            .unwrap_err();
        assert!(e.to_string().contains(want), "{line:?}: {e}");
    }
    let mut p = DeckParser::new(None, None);
    p.parse(b"0 1 2").unwrap();
    assert_eq!(
        p.parse(b"0 1 2 3").unwrap_err().to_string(),
        "4 cards, expected 3 (the deck size of the first deck)"
    );
}

#[test]
fn a_read_stops_at_the_first_bad_line_or_counts_them_all() {
    let text = "0 1 2\n2 1 0\n2 2 0\n1 0 2\nfoo\n\n2 0 1";
    let mut seen = 0;
    let e = read_decks(
        text.as_bytes(),
        &mut DeckParser::new(None, None),
        false,
        |_| seen += 1,
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "line 3: card 2 appears twice");
    assert_eq!(seen, 2);
    let mut decks = Vec::new();
    let c = read_decks(
        text.as_bytes(),
        &mut DeckParser::new(None, None),
        true,
        |d| decks.push(d.to_vec()),
    )
    .unwrap();
    assert_eq!((c.lines, c.decks, c.invalid_total()), (7, 4, 3));
    assert_eq!(c.invalid[0].kind, LineKind::DuplicateCard);
    assert_eq!(
        (c.invalid[1].kind, c.invalid[1].first_line),
        (LineKind::NotANumber, 5)
    );
    assert_eq!(
        (c.invalid[2].kind, c.invalid[2].first_line),
        (LineKind::EmptyLine, 6)
    );
    assert_eq!(decks[3], vec![2, 0, 1]);
    // Nothing valid: an error, empty input included.
    let e = read_decks(
        "x\n".as_bytes(),
        &mut DeckParser::new(None, None),
        true,
        |_| {},
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("no decks in the input: 1 invalid"),
        "{e}"
    );
    let e = read_decks(
        "".as_bytes(),
        &mut DeckParser::new(None, None),
        true,
        |_| {},
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "no decks in the input (it is empty)");
}

#[test]
fn an_endless_line_is_skipped_without_being_kept() {
    let mut text = vec![b'1'; MAX_LINE_BYTES + 10];
    text.extend_from_slice(b"\n0 1 2\n1 0 2");
    let mut decks = Vec::new();
    // A small buffer, so the long line arrives in many pieces.
    let input = std::io::BufReader::with_capacity(7, text.as_slice());
    let c = read_decks(input, &mut DeckParser::new(None, None), true, |d| {
        decks.push(d.to_vec())
    })
    .unwrap();
    assert_eq!((c.lines, c.decks), (3, 2));
    assert_eq!(c.invalid[0].kind, LineKind::LineTooLong);
    assert_eq!(decks, [vec![0, 1, 2], vec![1, 0, 2]]);
    let input = std::io::BufReader::with_capacity(7, text.as_slice());
    let e = read_decks(input, &mut DeckParser::new(None, None), false, |_| {}).unwrap_err();
    assert!(e.to_string().starts_with("line 1: line longer than"), "{e}");
}

fn read_all(text: &[u8], skip: bool) -> Result<(LineCounts, Vec<Vec<u8>>), ReadError> {
    let mut decks = Vec::new();
    let c = read_decks(text, &mut DeckParser::new(None, None), skip, |d| {
        decks.push(d.to_vec())
    })?;
    Ok((c, decks))
}

#[test]
fn a_byte_order_mark_at_the_start_is_ignored() {
    let (c, decks) = read_all(b"\xEF\xBB\xBF2 0 1\r\n0 1 2\r\n", false).unwrap();
    assert_eq!((c.lines, c.decks), (2, 2));
    assert_eq!(decks[0], [2, 0, 1]);
    // Only at the start: inside the file it is not a number.
    let e = read_all(b"2 0 1\n\xEF\xBB\xBF0 1 2\n", false).unwrap_err();
    assert!(e.to_string().starts_with("line 2: "), "{e}");
}

#[test]
fn lines_ended_by_a_carriage_return_alone_are_named() {
    // Classic Mac OS line ends: one line for the reader.
    let e = read_all(b"2 0 1\r0 1 2\r1 2 0\r", false).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 1: a carriage return (\\r) inside the line"),
        "{e}"
    );
    let e = read_all(b"2 0 1\r0 1 2\r1 2 0\r", true).unwrap_err();
    assert!(e.to_string().contains("carriage return"), "{e}");
    // So long that the line is dropped unread: still named.
    let big = "3 1 0 2\r".repeat(MAX_LINE_BYTES / 8 + 10);
    let e = read_all(big.as_bytes(), false).unwrap_err();
    assert!(e.to_string().contains("carriage return"), "{e}");
    // \r\n is fine.
    assert_eq!(read_all(b"2 0 1\r\n", false).unwrap().0.decks, 1);
    // A line too long to read that ends in \r\n is too long, not ended
    // by \r alone, wherever the reader's buffer splits it (its \r the last
    // byte of one buffer, its \n the first of the next).
    for pad in 0..3 {
        let long = format!("2 0 1\r\n{}0 1 2\r\n", " ".repeat(MAX_LINE_BYTES + pad));
        for capacity in [7, 64, 1 << 16] {
            let mut input = std::io::BufReader::with_capacity(capacity, long.as_bytes());
            let mut parser = DeckParser::new(None, None);
            let e = read_decks(&mut input, &mut parser, false, |_| {}).unwrap_err();
            assert!(e.to_string().starts_with("line 2: line longer than"), "{e}");
        }
    }
    // A \r inside it, followed by more of the line, is still named.
    let inside = format!("2 0 1\n{}\r0 1 2\r\n", " ".repeat(MAX_LINE_BYTES));
    let e = read_all(inside.as_bytes(), false).unwrap_err();
    assert!(e.to_string().contains("carriage return"), "{e}");
    // ... however far past the part kept, when bad lines are skipped and
    // the line is read to its end, a buffer at a time. When they are not,
    // the read stops at the part kept: the line is too long.
    let far = format!("2 0 1\n{}\r0 1 2\r\n", " ".repeat(3 * MAX_LINE_BYTES));
    for capacity in [7, 1 << 13] {
        let mut input = std::io::BufReader::with_capacity(capacity, far.as_bytes());
        let mut parser = DeckParser::new(None, None);
        let counts = read_decks(&mut input, &mut parser, true, |_| {}).unwrap();
        assert_eq!((counts.lines, counts.decks), (2, 1));
        assert_eq!(counts.invalid[0].kind, LineKind::CarriageReturn);
        let mut input = std::io::BufReader::with_capacity(capacity, far.as_bytes());
        let mut parser = DeckParser::new(None, None);
        let e = read_decks(&mut input, &mut parser, false, |_| {}).unwrap_err();
        assert!(e.to_string().starts_with("line 2: line longer than"), "{e}");
    }
}

#[test]
fn the_majority_of_the_first_lines_sets_the_deck_size() {
    // Three stray short lines, then 200 good decks of 5.
    let mut text = String::from("0 1\n1 0\n2 0 1\n");
    for i in 0..200u8 {
        let d = [i % 5, (i + 1) % 5, (i + 2) % 5, (i + 3) % 5, (i + 4) % 5];
        text += &format!("{} {} {} {} {}\n", d[0], d[1], d[2], d[3], d[4]);
    }
    let (c, decks) = read_all(text.as_bytes(), true).unwrap();
    assert_eq!((c.lines, c.decks, c.invalid_total()), (203, 200, 3));
    assert_eq!(c.invalid[0].kind, LineKind::WrongLength);
    assert!(
        c.invalid[0]
            .message
            .contains("2 cards, expected 5 (the deck size of most of the first lines)"),
        "{:?}",
        c.invalid
    );
    assert_eq!(decks[0], [0, 1, 2, 3, 4]);
    // Without skipping, the stray line is the one named.
    let e = read_all(text.as_bytes(), false).unwrap_err();
    assert!(
        e.to_string().starts_with("line 1: 2 cards, expected 5"),
        "{e}"
    );
    // The numbering too: two 1-based strays, then 0-based decks of 3.
    let text = "3 1 2\n1 3 2\n0 1 2\n2 1 0\n1 0 2\n";
    let (c, _) = read_all(text.as_bytes(), true).unwrap();
    assert_eq!((c.decks, c.invalid_total()), (3, 2));
    assert_eq!(c.invalid[0].kind, LineKind::OutOfRange);
    // A tie goes to the earliest length.
    let mut p = DeckParser::new(None, None);
    p.vote([&b"0 1 2"[..], b"0 1", b"1 0", b"2 1 0"]);
    assert_eq!((p.deck(), p.base()), (Some(3), Some(Base::Zero)));
    // A given size is kept; the vote only settles the numbering.
    let mut p = DeckParser::new(Some(2), None);
    p.vote([&b"0 1 2"[..], b"2 1", b"1 2", b"4 5 6"]);
    assert_eq!((p.deck(), p.base()), (Some(2), Some(Base::One)));
}

#[test]
fn decks_of_255_cards_are_read_and_256_refused() {
    let line: Vec<String> = (0..255).rev().map(|c| c.to_string()).collect();
    let d = parse(&[&line.join(" ")]).unwrap();
    assert_eq!(d[0][0], 254);
    let line: Vec<String> = (0..256).map(|c| c.to_string()).collect();
    assert_eq!(
        parse(&[&line.join(",")]).unwrap_err().1,
        LineError::DeckSize(256)
    );
}

proptest::proptest! {
    /// Any valid file, in any mix of formats and spacing, reads back as
    /// the decks written, with the numbering detected.
    #[test]
    fn valid_files_round_trip(
        n in 2usize..40,
        one_based in proptest::bool::ANY,
        lines in proptest::collection::vec(
            (proptest::collection::vec(0u32..1000, 40), 0u8..3, 0u8..4),
            1..30,
        ),
        crlf in proptest::bool::ANY,
    ) {
        let base = u64::from(one_based);
        let mut decks = Vec::new();
        let mut text = String::new();
        for (keys, format, pad) in &lines {
            // A permutation from random keys (ties broken by position).
            let mut deck: Vec<u8> = (0..n as u8).collect();
            deck.sort_by_key(|&c| (keys[c as usize], c));
            let cards: Vec<String> =
                deck.iter().map(|&c| (u64::from(c) + base).to_string()).collect();
            let space = " ".repeat(*pad as usize);
            let line = match format {
                0 => cards.join(&format!("{space} ")),
                1 => cards.join(&format!("{space},")),
                _ => format!("{space}[{}]{space}", cards.join(&format!(",{space}"))),
            };
            text.push_str(&line);
            text.push_str(if crlf { "\r\n" } else { "\n" });
            decks.push(deck);
        }
        let mut p = DeckParser::new(None, None);
        let mut got = Vec::new();
        let c = read_decks(text.as_bytes(), &mut p, false, |d| got.push(d.to_vec())).unwrap();
        proptest::prop_assert_eq!(c.decks, lines.len() as u64);
        proptest::prop_assert_eq!(got, decks);
        proptest::prop_assert_eq!(p.base(), Some(if one_based { Base::One } else { Base::Zero }));
    }

    /// Whatever the bytes, a line either fails with a reason or reads
    /// as a permutation of `0..n`.
    #[test]
    fn any_bytes_parse_to_a_permutation_or_an_error(
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
    ) {
        let mut p = DeckParser::new(None, None);
        if let Ok(d) = p.parse(&bytes) {
            let mut sorted = d.to_vec();
            sorted.sort_unstable();
            proptest::prop_assert_eq!(sorted, (0..d.len() as u8).collect::<Vec<_>>());
        }
    }
}

#[test]
fn shoes_hold_each_card_as_many_times_as_they_have_decks() {
    // Two decks of 3 cards, 1-based, learned from the first line.
    let mut p = DeckParser::shoe(None, None, 2);
    assert_eq!(p.parse(b"3 1 2 2 3 1").unwrap(), [2, 0, 1, 1, 2, 0]);
    assert_eq!(p.base(), Some(Base::One));
    assert_eq!(p.deck(), Some(6));
    let e = p.parse(b"3 3 3 1 2 1").unwrap_err();
    assert_eq!(e.kind(), LineKind::TooManyCopies);
    assert_eq!(
        e.to_string(),
        "card 3 appears more than 2 times: a shoe of 2 decks holds each card 2 times"
    );
    assert_eq!(
        p.parse(b"1 2 3 1 2").unwrap_err().to_string(),
        "5 cards, expected 6 (the shoe size of the first deck)"
    );
    assert_eq!(
        p.parse(b"1 2 3 1 2 4").unwrap_err().to_string(),
        "card 4 is out of range: a 1-based deck of 3 cards holds 1..=3"
    );
    assert_eq!(
        DeckParser::shoe(None, None, 2)
            .parse(b"0 1 2")
            .unwrap_err()
            .to_string(),
        "3 cards cannot be a shoe of 2 decks: it holds 2 x 2..=255 cards"
    );
    // Without a shoe, a repeated card stays an invalid line.
    assert_eq!(
        DeckParser::new(None, None)
            .parse(b"0 1 2 0 1 2")
            .unwrap_err(),
        LineError::Duplicate(0)
    );
}

#[test]
fn a_six_deck_shoe_is_read_with_its_size_voted_and_every_line_checked() {
    // 312 cards, values 0..52 six times each, 0-based; one stray line.
    let shoe: Vec<String> = (0..312).map(|i| ((i * 7) % 52).to_string()).collect();
    let good = shoe.join(" ");
    let mut bad = shoe.clone();
    bad[0] = "1".into(); // seven 1s, five 0s
    let text = format!("{good}\n{}\n{good}\n", bad.join(","));
    let mut p = DeckParser::shoe(None, None, 6);
    let mut read = 0;
    let c = read_decks(text.as_bytes(), &mut p, true, |d| {
        assert_eq!(d.len(), 312);
        read += 1;
    })
    .unwrap();
    assert_eq!(
        (read, c.decks, p.deck(), p.base()),
        (2, 2, Some(312), Some(Base::Zero))
    );
    assert_eq!(c.invalid[0].kind, LineKind::TooManyCopies);
    assert_eq!(c.invalid[0].first_line, 2);
}

proptest::proptest! {
    /// Lines counted in stretches and appended in order find the run of
    /// [`MAX_INVALID_RUN`] bad lines where one count of them all does.
    #[test]
    fn runs_of_bad_lines_append_as_one_count_finds_them(
        runs in proptest::collection::vec((proptest::bool::ANY, 1u64..4000), 1..12),
        cuts in proptest::collection::vec(0u64..30_000, 0..6),
    ) {
        let lines: Vec<bool> = runs
            .iter()
            .flat_map(|&(deck, n)| std::iter::repeat_n(deck, n as usize))
            .collect();
        let count = |lines: &[bool]| {
            let mut c = LineCounts::default();
            for &deck in lines {
                c.lines += 1;
                if deck {
                    c.deck();
                } else {
                    c.invalid(c.lines, &LineError::Empty);
                }
            }
            c
        };
        let whole = count(&lines);
        let mut cuts: Vec<usize> = cuts.iter().map(|&c| c as usize % (lines.len() + 1)).collect();
        cuts.push(0);
        cuts.push(lines.len());
        cuts.sort_unstable();
        let mut appended = LineCounts::default();
        for w in cuts.windows(2) {
            appended.append(count(&lines[w[0]..w[1]]));
        }
        proptest::prop_assert_eq!(&appended, &whole);
        // And where one count finds it is where the run is.
        let mut run = 0;
        let first = lines.iter().position(|&deck| {
            run = if deck { 0 } else { run + 1 };
            run == MAX_INVALID_RUN
        });
        proptest::prop_assert_eq!(whole.overrun(), first.map(|i| i as u64 + 1));
    }
}
