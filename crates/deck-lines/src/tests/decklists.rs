//! Decklists: names and repeated numbers read with no option, compositions
//! voted or given, names with spaces, the list's order kept.

use super::*;

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
        "[x",
        "y]",
        "[",
    ] {
        let line = [name, "Forest"]
            .map(|n| crate::quote_name(n).into_owned())
            .join(", ");
        assert_eq!(names_of(&line).unwrap(), [name, "Forest"], "{line}");
    }
    // Control characters (only JSON can write them) are kept in the names
    // and shown escaped.
    let mut p = DeckParser::new(None, None);
    read("[\"a\\tb\", \"c\", \"c\"]\n", &mut p).unwrap();
    let names = p.decklist_read().unwrap().names();
    assert_eq!(names, ["a\tb", "c"]);
    assert_eq!(crate::shown_name(&names[0]), "\"a\\tb\"");
}

#[test]
fn no_two_names_show_alike() {
    let names = [
        "a\nb",
        "a\\nb",
        "\"a\\nb\"",
        "\"a\nb\"",
        "a b",
        "\"a b\"",
        "a,b",
        "x|y",
        "`z`",
        "Æther",
        "\\",
        "\"\\\\\"",
        "\u{85}",
        "\u{a0}",
        "",
        "\"\"",
    ];
    let shown: Vec<String> = names
        .iter()
        .map(|n| crate::shown_name(n).into_owned())
        .collect();
    for (i, a) in shown.iter().enumerate() {
        for (j, b) in shown.iter().enumerate().skip(i + 1) {
            assert_ne!(a, b, "{:?} and {:?}", names[i], names[j]);
        }
        // One line each, and read back by a JSON parser when quoted.
        assert!(!a.contains(['\n', '\r']), "{a}");
        if a.starts_with('"') {
            assert_eq!(serde_json::from_str::<String>(a).unwrap(), names[i]);
        } else {
            assert_eq!(a, names[i]);
        }
    }
    assert_eq!(crate::shown_name("Forest"), "Forest");
    assert_eq!(crate::shown_name("x|y"), "x|y");
}

#[test]
fn names_that_start_a_json_array_are_written_so_that_they_read_back() {
    let list = Decklist::parse("[x:3,y]:3").unwrap();
    assert_eq!(list.names(), ["[x", "y]"]);
    assert_eq!(list.separator(), ", ");
    let line = list
        .listed()
        .into_iter()
        .map(|v| crate::quote_name(&list.names()[v]).into_owned())
        .collect::<Vec<_>>()
        .join(list.separator());
    assert_eq!(line, "\"[x\", \"[x\", \"[x\", y], y], y]");
    let mut p = DeckParser::decklist(list.clone());
    let listed: Vec<u8> = list.listed().into_iter().map(|v| v as u8).collect();
    assert_eq!(read(&format!("{line}\n"), &mut p).unwrap(), [listed]);
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
