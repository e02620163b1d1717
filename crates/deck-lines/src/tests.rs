use super::*;

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

/// Parses `lines` as `read_decks` does, the first lines voting: the
/// decks, or the first error with its line number.
fn read(lines: &str, parser: &mut DeckParser) -> Result<Vec<Vec<u8>>, ReadError> {
    let mut decks = Vec::new();
    read_decks(lines.as_bytes(), parser, false, |d| decks.push(d.to_vec()))?;
    Ok(decks)
}

#[test]
fn named_cards_make_a_decklist_with_no_option() {
    let mut p = DeckParser::new(None, None);
    let decks = read(
        "Forest Bolt Island Forest\nIsland Forest Forest Bolt\n[\"Bolt\",\"Forest\",\"Forest\",\"Island\"]\n",
        &mut p,
    )
    .unwrap();
    let list = p.decklist_read().unwrap();
    // Values in the order of their names, whatever the first line's order.
    assert_eq!(list.names(), ["Bolt", "Forest", "Island"]);
    assert_eq!(list.counts(), [1, 2, 1]);
    assert_eq!(
        decks,
        [vec![1, 0, 2, 1], vec![2, 1, 1, 0], vec![0, 1, 1, 2]]
    );
    assert_eq!((p.deck(), p.base()), (Some(4), None));
}

#[test]
fn numbers_that_repeat_make_a_decklist_and_numbers_that_do_not_a_deck() {
    let mut p = DeckParser::new(None, None);
    let decks = read("3 1 1 10\n1 10 3 1\n", &mut p).unwrap();
    let list = p.decklist_read().unwrap();
    // Numbers by value (10 after 3), leading zeros naming the same card.
    assert_eq!(list.names(), ["1", "3", "10"]);
    assert_eq!(decks[1], [0, 2, 1, 0]);
    assert_eq!(list.value_of("010"), Some(2));
    let mut p = DeckParser::new(None, None);
    read("3 1 0 2\n", &mut p).unwrap();
    assert!(p.decklist_read().is_none());
    assert_eq!(p.base(), Some(Base::Zero));
}

#[test]
fn a_line_off_the_decklist_names_the_card_and_the_line() {
    let first = "Forest Forest Island Bolt\n".repeat(3);
    let err = |line: &str| {
        read(
            &format!("{first}{line}\n"),
            &mut DeckParser::new(None, None),
        )
        .unwrap_err()
        .to_string()
    };
    assert_eq!(
        err("Forest Swamp Island Bolt"),
        "line 4: card \"Swamp\" is not in the decklist (its 3 distinct cards are those of most of the first lines, or of --composition)"
    );
    assert_eq!(
        err("Forest Forest Forest Bolt"),
        "line 4: card \"Forest\" appears more than 2 times: the decklist holds 2"
    );
    assert_eq!(
        err("Forest Island Bolt"),
        "line 4: 3 cards, expected 4 (the decklist size of most of the first lines)"
    );
    assert_eq!(
        err("[\"Forest\",\"Fo\\\"rest\",\"Island\",\"Bolt\"]"),
        "line 4: card \"Fo\\\"rest\" is not in the decklist (its 3 distinct cards are those of most of the first lines, or of --composition)"
    );
    // Counted, with --skip-invalid, under their kinds.
    let mut p = DeckParser::new(None, None);
    let input = format!(
        "{first}Forest Swamp Island Bolt\nBolt Bolt Forest Island\nForest Island Forest Bolt\n"
    );
    let counts = read_decks(input.as_bytes(), &mut p, true, |_| {}).unwrap();
    assert_eq!(counts.decks, 4);
    let kinds: Vec<_> = counts
        .invalid
        .iter()
        .map(|l| (l.kind.label(), l.first_line))
        .collect();
    assert_eq!(kinds, [("not-in-decklist", 4), ("too-many-copies", 5)]);
}

#[test]
fn most_of_the_first_lines_decide_the_composition() {
    // A stray first line with a card too many does not decide for the
    // lines after it.
    let input = format!(
        "Forest Forest Forest Bolt\n{}",
        "Forest Forest Island Bolt\n".repeat(3)
    );
    let mut p = DeckParser::new(None, None);
    let counts = read_decks(input.as_bytes(), &mut p, true, |_| {}).unwrap();
    assert_eq!(counts.decks, 3);
    assert_eq!(p.decklist_read().unwrap().counts(), [1, 2, 1]);
}

#[test]
fn a_given_composition_holds_every_line_to_it() {
    let list = Decklist::parse("Forest:2, Island:1,Bolt:1").unwrap();
    assert_eq!(list.names(), ["Bolt", "Forest", "Island"]);
    let mut p = DeckParser::decklist(list);
    assert_eq!(
        read("Forest Island Forest Forest\n", &mut p)
            .unwrap_err()
            .to_string(),
        "line 1: card \"Forest\" appears more than 2 times: the decklist holds 2"
    );
    let bad = |s: &str| Decklist::parse(s).unwrap_err().to_string();
    assert_eq!(
        bad("Forest:2,Island"),
        "\"Island\" is not NAME:COPIES (for example Forest:9)"
    );
    assert_eq!(
        bad("Forest:0,Island:1"),
        "\"Forest:0\" is not NAME:COPIES (for example Forest:9)"
    );
    assert_eq!(bad("Forest:2,Forest:1"), "card \"Forest\" is listed twice");
    assert_eq!(
        bad("Forest:2"),
        "1 distinct card (\"Forest\" with 2 copies): a decklist holds 2..=255"
    );
    // The copies follow the last colon: the message shows the name read.
    assert_eq!(
        bad("Forest:9:1"),
        "1 distinct card (\"Forest:9\" with 1 copy): a decklist holds 2..=255"
    );
    let many: Vec<String> = (0..256).map(|i| format!("c{i}:1")).collect();
    assert_eq!(
        bad(&many.join(",")),
        "256 distinct cards: a decklist holds 2..=255"
    );
    assert_eq!(
        bad("Forest:2000,Island:41"),
        "2041 cards: a decklist holds at most 2040"
    );
    assert_eq!(
        bad(":2,Island:1"),
        "card name \"\": a name is not empty and holds no control character"
    );
    assert!(
        bad("Forest:2,\"Fire, Ice:1")
            .starts_with("\"Forest:2,\\\"Fire, Ice:1\": a quoted name that does not close"),
        "{}",
        bad("Forest:2,\"Fire, Ice:1")
    );
    // Names may hold spaces and colons; quoted, commas.
    let list =
        Decklist::parse("Giant Growth:2, Circle of Protection: Red:1,\"Fire, Ice\":1").unwrap();
    assert_eq!(
        list.names(),
        ["Circle of Protection: Red", "Fire, Ice", "Giant Growth"]
    );
    assert_eq!(list.counts(), [1, 1, 2]);
    assert_eq!(list.separator(), ", ");
}

/// The names of one line, as the decklist reader splits it.
fn names_of(line: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    crate::decklist::split_tokens(line.as_bytes(), &mut tokens).map_err(|e| e.to_string())?;
    Ok(tokens
        .iter()
        .map(|t| String::from_utf8(t.to_vec()).unwrap())
        .collect())
}

#[test]
fn names_hold_spaces_between_commas_or_tabs_and_anything_in_json() {
    let ok = |line: &str, want: &[&str]| assert_eq!(names_of(line).unwrap(), want, "{line:?}");
    // Whitespace alone: one word a name.
    ok("Forest  Island \n Opt", &["Forest", "Island", "Opt"]);
    // A tab and no comma: names separated by tabs.
    ok("Forest  Island\tOpt", &["Forest  Island", "Opt"]);
    // Commas: names hold spaces, the spaces around them dropped.
    ok(
        "Giant Growth, Forest ,Lightning  Bolt",
        &["Giant Growth", "Forest", "Lightning  Bolt"],
    );
    // Tabs and no comma: the same.
    ok(
        "Giant Growth\tForest\t Opt ",
        &["Giant Growth", "Forest", "Opt"],
    );
    // Quotes: commas and tabs inside, "" a quote.
    ok(
        "\"Fire, Ice\", Forest, \"Say \"\"hi\"\"\" , \" padded \"",
        &["Fire, Ice", "Forest", "Say \"hi\"", " padded "],
    );
    ok("\"Fire, Ice\"\tForest", &["Fire, Ice", "Forest"]);
    // Unicode as written.
    ok(
        "Æther Vial, Jötun Grunt, 火球",
        &["Æther Vial", "Jötun Grunt", "火球"],
    );
    // JSON, read by a JSON parser: every escape of the standard, as
    // Python's json.dumps writes them (ensure_ascii), and numbers.
    ok(
        r#"["Giant Growth", "\u00c6ther", "say \"hi\"", "back\\slash", "a\/b", "\ud83c\udccf", 12, "Fire, Ice"]"#,
        &[
            "Giant Growth",
            "Æther",
            "say \"hi\"",
            "back\\slash",
            "a/b",
            "🃏",
            "12",
            "Fire, Ice",
        ],
    );
    ok(
        r#"["tab\there", "nl\nx", "cr\rx", "bs\bx", "ff\fx", "nul\u0000x"]"#,
        &[
            "tab\there",
            "nl\nx",
            "cr\rx",
            "bs\u{8}x",
            "ff\u{c}x",
            "nul\0x",
        ],
    );
    // What cannot be read one way only is an error, never a guess.
    let err = |line: &str| names_of(line).unwrap_err();
    assert!(err("Forest, \"Fire, Ice").starts_with("a quoted name that does not close"));
    assert!(err("Forest, Fi\"re").starts_with("a quote inside a name"));
    assert!(err("\"Fire\" Ice, Forest").starts_with("text after a quoted name"));
    assert!(err("Forest,, Island").starts_with("an empty name between two separators"));
    assert!(err("Forest, Island,").starts_with("an empty name between two separators"));
    assert!(err("Forest \"Island\"").starts_with("a quote in a line of names separated by spaces"));
    assert!(
        err("Giant\tGrowth, Forest").contains("cannot name a card"),
        "{}",
        err("Giant\tGrowth, Forest")
    );
    assert!(err(r#"["Forest", "Isl"#).starts_with("malformed JSON array: "));
    assert!(err(r#"["Forest", "bad \q escape"]"#).starts_with("malformed JSON array: "));
    assert!(err(r#"["Forest", -1]"#).starts_with("\"-1\" cannot name a card"));
    assert!(err(r#"["Forest", 1.5]"#).starts_with("\"1.5\" cannot name a card"));
    assert!(err(r#"["Forest", ""]"#).contains("cannot name a card"));
    assert!(err(r#"["Forest", null]"#).starts_with("\"null\" cannot name a card"));
    assert_eq!(err("[]"), "malformed JSON array: an empty array");
}

#[test]
fn names_with_spaces_make_one_card_and_read_back_as_written() {
    // A fair decklist of names with spaces: each name one card.
    let lines = "Giant Growth, Forest, Giant Growth, Fire, Ice\n\
                 Forest, Giant Growth, \"Fire, Ice\", Giant Growth\n\
                 [\"Giant Growth\", \"Fire, Ice\", \"Forest\", \"Giant Growth\"]\n";
    let mut p = DeckParser::new(None, None);
    let err = read(lines, &mut p).unwrap_err().to_string();
    // The first line has five names (Fire and Ice apart): it is off the
    // composition of most lines, and named.
    assert_eq!(
        err,
        "line 1: 5 cards, expected 4 (the decklist size of most of the first lines)"
    );
    let mut p = DeckParser::new(None, None);
    let decks = read(&lines.replacen("Fire, Ice\n", "\"Fire, Ice\"\n", 1), &mut p).unwrap();
    let list = p.decklist_read().unwrap();
    assert_eq!(list.names(), ["Fire, Ice", "Forest", "Giant Growth"]);
    assert_eq!(
        decks,
        [vec![2, 1, 2, 0], vec![1, 2, 0, 2], vec![2, 0, 1, 2]]
    );
    // A name written with quote_name and the list's separator reads back.
    for name in [
        "Forest",
        "Giant Growth",
        "Fire, Ice",
        "Say \"hi\"",
        " padded",
        "Æther",
    ] {
        let line = [name, "Forest"]
            .map(|n| crate::quote_name(n).into_owned())
            .join(", ");
        assert_eq!(names_of(&line).unwrap(), [name, "Forest"], "{line}");
    }
    // Control characters (only JSON can write them) are shown escaped.
    let mut p = DeckParser::new(None, None);
    read("[\"a\\tb\", \"c\", \"c\"]\n", &mut p).unwrap();
    assert_eq!(p.decklist_read().unwrap().names(), ["a\\tb", "c"]);
}

#[test]
fn a_given_list_keeps_its_order_for_dealing() {
    let list = Decklist::parse("Island:2,Bolt:1,Forest:1").unwrap();
    // Values by name (Bolt 0, Forest 1, Island 2); the list as given.
    assert_eq!(list.listed(), [2, 2, 0, 1]);
    let mut p = DeckParser::new(None, None);
    read("b a a\na b a\n", &mut p).unwrap();
    assert_eq!(p.decklist_read().unwrap().listed(), [0, 0, 1]);
}

/// What the general path says of a line (its `\r` end dropped) for a
/// parser like `p`.
fn general(p: &DeckParser, line: &[u8]) -> Result<Vec<u8>, LineError> {
    let mut q = p.clone();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    q.parse_numbers(line).map(<[u8]>::to_vec)
}

#[test]
fn the_fast_path_reads_common_lines_and_leaves_the_rest() {
    let mut p = DeckParser::new(Some(4), Some(Base::Zero));
    assert_eq!(p.parse(b"3 0 2 1").unwrap(), [3, 0, 2, 1]);
    for line in [
        &b"3,0,2,1"[..],
        b"3\t0 ,2,,1 ",
        b"03 000 2 1",
        b"[3,0,2,1]",
        b"3 0 2 1\r",
        b"3 0 2 1 1",
        b"3 0 2",
        b"3 0 2 4",
        b"3 0 2 1000",
        b"3 0 2\r1",
        b"3 0 2 x",
        b"",
    ] {
        let mut fast = p.clone();
        assert_eq!(
            fast.parse(line).map(<[u8]>::to_vec),
            general(&p, line),
            "{:?}",
            String::from_utf8_lossy(line)
        );
        // The scalar fast path (no SSSE3) agrees too.
        let mut scalar = p.clone();
        scalar.simd = false;
        assert_eq!(scalar.parse(line).map(<[u8]>::to_vec), general(&p, line));
    }
}

proptest::proptest! {
    /// Whatever a settled parser is given, the fast path (sixteen bytes at
    /// a time, or eight without SSSE3) answers as the general path does:
    /// the same deck, or the general path's error.
    #[test]
    fn the_fast_path_answers_as_the_general_path(
        n in 2usize..70,
        one_based in proptest::bool::ANY,
        copies in 1usize..4,
        keys in proptest::collection::vec(0u32..1000, 210),
        separators in proptest::collection::vec(0usize..8, 210),
        edits in proptest::collection::vec((0usize..220, 0usize..12), 0..3),
    ) {
        let cards = n * copies;
        let base = u64::from(one_based);
        let mut deck: Vec<u64> = (0..cards as u64).map(|c| c % n as u64 + base).collect();
        deck.sort_by_key(|&c| keys[c as usize % keys.len()]);
        let seps = [" ", ",", "\t", ", ", "  ", " ,", "\t\t", ",,"];
        let mut tokens: Vec<String> = deck.iter().map(u64::to_string).collect();
        let junk = ["", "x", "1000", "007", "\r", "[", "é", "\x0c", "0", "99", "255", "12345"];
        for &(at, what) in &edits {
            if !tokens.is_empty() {
                let at = at % tokens.len();
                tokens[at] = junk[what].to_string();
            }
        }
        let mut line = String::new();
        for (i, t) in tokens.iter().enumerate() {
            if i > 0 {
                line.push_str(seps[separators[i % separators.len()]]);
            }
            line.push_str(t);
        }
        let p = DeckParser::shoe(Some(cards), Some(if one_based { Base::One } else { Base::Zero }), copies);
        let want = general(&p, line.as_bytes());
        let mut fast = p.clone();
        proptest::prop_assert_eq!(fast.parse(line.as_bytes()).map(<[u8]>::to_vec), want.clone());
        let mut scalar = p.clone();
        scalar.simd = false;
        proptest::prop_assert_eq!(scalar.parse(line.as_bytes()).map(<[u8]>::to_vec), want);
    }
}

/// Every valid deck of `input` in order, and the lines' counts, read one
/// line after another.
fn sequential(input: &[u8], skip: bool) -> Result<(Vec<Vec<u8>>, LineCounts), String> {
    let mut p = DeckParser::new(None, None);
    let mut decks = Vec::new();
    read_decks(input, &mut p, skip, |d| decks.push(d.to_vec()))
        .map(|c| (decks, c))
        .map_err(|e| e.to_string())
}

/// The same, read in parallel on `threads` workers, cut as `sizes` says.
fn in_parallel(
    input: &[u8],
    skip: bool,
    threads: usize,
    sizes: crate::parallel::Sizes,
) -> Result<(Vec<Vec<u8>>, LineCounts), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut p = DeckParser::new(None, None);
        let settled = settle(input, &mut p, skip).map_err(|e| e.to_string())?;
        let tally = Tally {
            new: |_: &[u8], _| Vec::new(),
            observe: |decks: &mut Vec<Vec<u8>>, d: &[u8]| decks.push(d.to_vec()),
            append: |decks: &mut Vec<Vec<u8>>, later| decks.extend(later),
        };
        crate::parallel::count_in(sizes, settled, &mut p, &tally, &|_| {})
            .map(|(decks, counts, _)| (decks, counts))
            .map_err(|e| e.to_string())
    })
}

/// A file of `lines` lines of 6-card decks with bad lines among them (every
/// kind a reader meets), `\r\n` ends now and then, a byte-order mark, and
/// no final line end.
fn mixed_input(lines: usize, seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let mut text = b"\xEF\xBB\xBF".to_vec();
    let bad = [
        "",
        "x y z",
        "0 1 2 3 4",
        "0 1 2 3 4 4",
        "0 1 2\r3 4 5",
        "[0,1,2,3,4,5",
        "9 1 2 3 4 5",
    ];
    for i in 0..lines {
        let r = next();
        if r % 9 == 0 && i > 2 {
            text.extend_from_slice(bad[(r / 9) as usize % bad.len()].as_bytes());
        } else {
            let mut deck: Vec<u8> = (0..6).collect();
            for k in (1..6).rev() {
                deck.swap(k, (next() % (k as u64 + 1)) as usize);
            }
            let cards: Vec<String> = deck.iter().map(u8::to_string).collect();
            text.extend_from_slice(cards.join(if r % 5 == 0 { "," } else { " " }).as_bytes());
        }
        if i + 1 < lines {
            text.extend_from_slice(if r % 7 == 0 { b"\r\n" } else { b"\n" });
        }
    }
    text
}

#[test]
fn reading_in_parallel_gives_every_deck_and_line_of_one_pass_on_any_threads() {
    // Blocks of 64 bytes and pieces of 32: hundreds of seams, every line
    // shorter than a block.
    let sizes = crate::parallel::Sizes {
        block: 64,
        piece: 32,
    };
    for seed in 1..6 {
        let input = mixed_input(3000, seed);
        for skip in [true, false] {
            let want = sequential(&input, skip);
            if skip {
                let (decks, counts) = want.as_ref().unwrap();
                assert!(
                    decks.len() > 2000 && counts.invalid.len() >= 5,
                    "{counts:?}"
                );
            } else {
                assert!(want.as_ref().unwrap_err().starts_with("line "), "{want:?}");
            }
            for threads in [1, 2, 7] {
                assert_eq!(
                    in_parallel(&input, skip, threads, sizes),
                    want,
                    "seed {seed}, {threads} threads"
                );
            }
        }
    }
}

#[test]
fn a_line_longer_than_a_block_is_one_bad_line_in_parallel_too() {
    let sizes = crate::parallel::Sizes {
        block: MAX_LINE_BYTES + 4096,
        piece: 1 << 16,
    };
    let decks = "2 0 1\n".repeat(200_000);
    let long = "1 ".repeat(MAX_LINE_BYTES);
    let long_cr = format!(
        "{}\r{}",
        "0 ".repeat(MAX_LINE_BYTES / 2),
        "1 ".repeat(MAX_LINE_BYTES / 2)
    );
    // A \r past the block that holds the line's start.
    let long_far_cr = format!("{}\r0 1", " ".repeat(MAX_LINE_BYTES + 8192));
    let input = format!("{decks}{long}\n{decks}{long_cr}\r\n{decks}{long_far_cr}\n{long}");
    let want = sequential(input.as_bytes(), true).unwrap();
    assert_eq!(want.0.len(), 600_000);
    let kinds: Vec<_> = want
        .1
        .invalid
        .iter()
        .map(|l| (l.kind, l.count, l.first_line))
        .collect();
    assert_eq!(
        kinds,
        [
            (LineKind::LineTooLong, 2, 200_001),
            (LineKind::CarriageReturn, 2, 400_002)
        ]
    );
    for threads in [1, 2, 7] {
        assert_eq!(
            in_parallel(input.as_bytes(), true, threads, sizes).unwrap(),
            want
        );
    }
    // The real sizes too.
    assert_eq!(
        in_parallel(input.as_bytes(), true, 2, crate::parallel::Sizes::READ).unwrap(),
        want
    );
}

/// A reader of `good` lines of 3-card decks, then zeros with no line end,
/// forever; it counts the bytes it gives.
struct Endless {
    good: std::io::Cursor<Vec<u8>>,
    given: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Endless {
    fn new(good: usize) -> (Self, std::sync::Arc<std::sync::atomic::AtomicU64>) {
        let given = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let input = Endless {
            good: std::io::Cursor::new("2 0 1\n".repeat(good).into_bytes()),
            given: given.clone(),
        };
        (input, given)
    }
}

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut k = self.good.read(buf)?;
        if k == 0 {
            buf.fill(0);
            k = buf.len();
        }
        self.given
            .fetch_add(k as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(k)
    }
}

#[test]
fn a_line_with_no_end_stops_the_read_at_once_or_after_its_bound_when_skipped() {
    use std::sync::atomic::Ordering::Relaxed;
    let tally = Tally {
        new: |_: &[u8], _| 0u64,
        observe: |n: &mut u64, _: &[u8]| *n += 1,
        append: |n: &mut u64, later| *n += later,
    };
    // Read one line after another; read ahead for the vote; and in
    // parallel blocks, on 1 and 2 workers.
    for how in ["sequential", "vote", "parallel 1", "parallel 2"] {
        for skip in [false, true] {
            let (input, given) = Endless::new(10);
            let input = std::io::BufReader::with_capacity(1 << 16, input);
            let known = how != "vote";
            let mut parser = DeckParser::new(known.then_some(3), known.then_some(Base::Zero));
            let e = match how {
                "sequential" | "vote" => read_decks(input, &mut parser, skip, |_| {})
                    .map(|_| ())
                    .unwrap_err(),
                _ => {
                    let threads = if how == "parallel 1" { 1 } else { 2 };
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    pool.install(|| {
                        let settled = settle(input, &mut parser, skip).unwrap();
                        crate::parallel::count_in(
                            crate::parallel::Sizes::READ,
                            settled,
                            &mut parser,
                            &tally,
                            &|_| {},
                        )
                        .map(|_| ())
                        .unwrap_err()
                    })
                }
            };
            let read = given.load(Relaxed);
            let e = e.to_string();
            if skip {
                assert_eq!(
                    e,
                    format!(
                        "line 11: no line end in {MAX_SKIPPED_LINE_BYTES} bytes: this is not lines of decks (a line longer than {MAX_LINE_BYTES} bytes is skipped up to that many)"
                    ),
                    "{how}"
                );
                assert!(read >= MAX_SKIPPED_LINE_BYTES, "{how}: {read}");
                assert!(read <= MAX_SKIPPED_LINE_BYTES + (8 << 20), "{how}: {read}");
            } else {
                assert!(e.starts_with("line 11: line longer than"), "{how}: {e}");
                // At most a block of the parallel reader past the line's
                // start, and a buffer.
                assert!(read <= (3 << 20), "{how}: {read} bytes read");
            }
        }
    }
}

#[test]
fn the_longest_line_is_read_whatever_its_line_end() {
    // The `\r` of a `\r\n` line end is not the line's: a line of
    // MAX_LINE_BYTES is read with either end, one byte longer with neither.
    let longest = format!("{}2 0 1", " ".repeat(MAX_LINE_BYTES - 5));
    let longer = format!(" {longest}");
    for end in ["\n", "\r\n"] {
        let text = format!("0 1 2\n{longest}{end}1 2 0{end}");
        let (decks, counts) = sequential(text.as_bytes(), false).unwrap();
        assert_eq!((counts.lines, counts.decks), (3, 3), "{end:?}");
        assert_eq!(decks[1], vec![2, 0, 1]);
        for threads in [1, 2] {
            let sizes = crate::parallel::Sizes::READ;
            let (decks, counts) = in_parallel(text.as_bytes(), false, threads, sizes).unwrap();
            assert_eq!((counts.lines, counts.decks), (3, 3), "{end:?} {threads}");
            assert_eq!(decks[1], vec![2, 0, 1]);
        }
        let text = format!("0 1 2\n{longer}{end}1 2 0{end}");
        let e = sequential(text.as_bytes(), false).unwrap_err();
        assert!(e.starts_with("line 2: line longer than"), "{end:?}: {e}");
        for threads in [1, 2] {
            let sizes = crate::parallel::Sizes::READ;
            let e = in_parallel(text.as_bytes(), false, threads, sizes).unwrap_err();
            assert!(
                e.starts_with("line 2: line longer than"),
                "{end:?} {threads}: {e}"
            );
        }
    }
}
