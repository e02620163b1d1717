//! `shuffle-audit predict`: the seeds behind the cards seen, for the
//! registered shuffles reseeded from a small seed for every deal.

use serde_json::Value;

use crate::common::{cmd, fails_with as fails};

/// The first deck `deal` gives for `algorithm` with `seed`, as numbers.
fn dealt(algorithm: &str, seed: u64) -> Vec<u64> {
    let out = cmd()
        .args([
            "deal",
            "-a",
            algorithm,
            "-d",
            "52",
            "-n",
            "1",
            "-s",
            &seed.to_string(),
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out)
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

fn predict(args: &[&str], code: i32) -> Value {
    let out = cmd()
        .arg("predict")
        .args(args)
        .arg("--json")
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    // The document names the conclusion the exit code follows.
    let conclusion = v["conclusion"].as_str().unwrap();
    let of = match conclusion {
        "known" => 0,
        "several" => 1,
        "no_seed" => 2,
        other => panic!("{other:?} is not a conclusion"),
    };
    assert_eq!(of, code, "{conclusion}");
    v
}

fn seen(deck: &[u64], k: usize) -> String {
    deck[..k]
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn five_cards_give_away_a_deck_dealt_from_the_seconds_of_a_day() {
    for algorithm in ["poker-fixed-time", "fisher-yates-seed-seconds"] {
        let deck = dealt(algorithm, 3);
        // Five cards: one second of the day fits, and its deck is the deck
        // dealt, all 52 cards of it.
        let doc = predict(&["-a", algorithm, "--seen", &seen(&deck, 5)], 0);
        assert_eq!(doc["search"]["matches"], 1, "{algorithm}");
        let found: Vec<u64> = doc["search"]["found"][0]["deck"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(found, deck, "{algorithm}");
        assert_eq!(doc["unix_seconds"], true);
        let second = doc["search"]["found"][0]["seed"].as_u64().unwrap();
        assert!((1_349_827_200..1_349_913_600).contains(&second));
        // One card: many seconds fit (exit 1), the first 20 listed.
        let doc = predict(&["-a", algorithm, "--seen", &seen(&deck, 1)], 1);
        let matches = doc["search"]["matches"].as_u64().unwrap();
        assert!((1_400..1_950).contains(&matches), "{matches}");
        assert_eq!(doc["search"]["found"].as_array().unwrap().len(), 20);
        // The same cards outside the day: no second fits (exit 2).
        predict(
            &[
                "-a",
                algorithm,
                "--seen",
                &seen(&deck, 5),
                "--seeds",
                "0..100000",
            ],
            2,
        );
    }
}

#[test]
fn one_based_cards_and_a_narrowed_range_of_seeds() {
    let deck = dealt("fisher-yates-seed-ms", 8);
    let one_based: Vec<u64> = deck.iter().map(|c| c + 1).collect();
    let doc = predict(
        &[
            "-a",
            "fisher-yates-seed-ms",
            "--base",
            "1",
            "--seen",
            &seen(&one_based, 6),
        ],
        0,
    );
    let ms = doc["search"]["found"][0]["seed"].as_u64().unwrap();
    assert!(ms < 86_400_000);
    assert_eq!(doc["search"]["found"][0]["deck"][0], one_based[0]);
    // Narrowed to a second around it: still found, 1,000 seeds searched.
    let range = format!(
        "{}..{}",
        ms.saturating_sub(500),
        ms.saturating_sub(500) + 1000
    );
    let doc = predict(
        &[
            "-a",
            "fisher-yates-seed-ms",
            "--base",
            "1",
            "--seen",
            &seen(&one_based, 6),
            "--seeds",
            &range,
        ],
        0,
    );
    assert_eq!(
        doc["search"]["seeds"]["end"].as_u64().unwrap()
            - doc["search"]["seeds"]["start"].as_u64().unwrap(),
        1000
    );
    let text = String::from_utf8(
        cmd()
            .args([
                "predict",
                "-a",
                "fisher-yates-seed-ms",
                "--base",
                "1",
                "--seen",
                &seen(&one_based, 6),
                "--seeds",
                &range,
            ])
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(
        text.ends_with("exit 0: one seed fits: the rest of the deck is known\n"),
        "{text}"
    );
}

#[test]
fn bad_values_are_named() {
    fails(
        &["predict", "-a", "fisher-yates", "--seen", "1 2"],
        "fisher-yates draws more than one seed, so its decks cannot be predicted from a seed: use one of poker-fixed-time",
    );
    fails(
        &["predict", "-a", "poker-fixed-time", "--seen", "1 52"],
        "--seen: card 52 is out of range: a 0-based deck of 52 cards holds 0..=51",
    );
    fails(
        &["predict", "-a", "poker-fixed-time", "--seen", "1 x"],
        "--seen: \"x\" is not a card number",
    );
    fails(
        &["predict", "-a", "poker-fixed-time", "--seen", "4,4"],
        "--seen: card 4 appears twice",
    );
    fails(
        &["predict", "-a", "poker-fixed-time", "--seen", " "],
        "--seen lists no card",
    );
    for bad in ["5..5", "9..3", "0..4294967297", "a..b", "7"] {
        fails(
            &[
                "predict",
                "-a",
                "poker-fixed-time",
                "--seen",
                "1",
                "--seeds",
                bad,
            ],
            "is not a range of seeds: use A..B (B excluded) with 0 <= A < B <= 4294967296",
        );
    }
}

/// The Planet Poker deal of `seed` (the millisecond of the day), cards
/// 1..52, computed here from the published Pascal procedure and Delphi's
/// `Random`, independently of the registered port.
fn planet_poker(seed: u32) -> Vec<u64> {
    let mut card: Vec<u64> = (1..=52).collect();
    let mut rand_seed = seed;
    for ctr in 0..52 {
        rand_seed = rand_seed.wrapping_mul(0x0808_8405).wrapping_add(1);
        let r = ((51 * u64::from(rand_seed)) >> 32) as usize;
        card.swap(r, ctr);
    }
    card
}

/// `predict` of planet-poker on the first five cards of the deal of
/// `seed`, over `seeds` (the whole day when `None`): the one seed found,
/// with its deck, and the document.
fn planet_poker_recovered(seed: u32, seeds: Option<&str>) -> Value {
    let deck = planet_poker(seed);
    let seen = seen(&deck, 5);
    let mut args = vec!["-a", "planet-poker", "--base", "1", "--seen", &seen];
    if let Some(range) = seeds {
        args.extend(["--seeds", range]);
    }
    let doc = predict(&args, 0);
    assert_eq!(doc["search"]["matches"], 1);
    let found = &doc["search"]["found"][0];
    assert_eq!(found["seed"], seed);
    let got: Vec<u64> = serde_json::from_value(found["deck"].clone()).unwrap();
    assert_eq!(got, deck);
    assert_eq!(doc["base"], 1);
    // Card 52 never ends last.
    assert_ne!(deck[51], 52);
    doc
}

#[test]
fn five_cards_give_away_a_planet_poker_deal() {
    // A deal at 12:34:56.789, its first five cards (two hole cards and the
    // flop), searched over ten minutes of the day around it (the whole day
    // is the ignored test below, in release).
    planet_poker_recovered(45_296_789, Some("45000000..45600000"));
}

#[test]
#[ignore = "the whole day, 86.4 million seeds: run in release by scripts/test-heavy.sh"]
fn five_cards_give_away_a_planet_poker_deal_among_the_whole_day() {
    let doc = planet_poker_recovered(81_234_567, None);
    assert_eq!(doc["search"]["seeds"]["end"], 86_400_000);
}

#[test]
fn a_freecell_deal_is_named_by_its_first_cards() {
    // Deal #617's first cards, by name: only deal 617 starts so.
    let doc = predict(&["-a", "freecell", "--seen", "7D AD 5C 3S 5S 8C"], 0);
    assert_eq!(doc["search"]["matches"], 1);
    assert_eq!(doc["search"]["found"][0]["seed"], 617);
    assert_eq!(doc["card_names"], true);
    // The deck in numbers (Ace of Clubs 0): 7D is 25, AD is 1.
    let deck: Vec<u64> = serde_json::from_value(doc["search"]["found"][0]["deck"].clone()).unwrap();
    assert_eq!(deck[..2], [25, 1]);
    // Deal #1 from its first five cards as numbers: JD 41, 2D 5, 9H 34.
    let doc = predict(&["-a", "freecell", "--seen", "41 5 34 40 17"], 0);
    assert_eq!(doc["search"]["found"][0]["seed"], 1);
    // Three cards are not enough among a million deals.
    let doc = predict(&["-a", "freecell", "--seen", "jd 2d 9h"], 1);
    assert!(doc["search"]["matches"].as_u64().unwrap() > 1);
}

#[test]
fn a_cpp_mt19937_deal_is_recovered_from_three_cards() {
    // Printed by g++ 12.2: std::mt19937 g(1349870000); std::shuffle on
    // 0..52 starts 31 45 28 9 30. That second of the day is the only one
    // whose deck starts 31 45 28.
    let doc = predict(&["-a", "cpp-shuffle-mt19937-time", "--seen", "31 45 28"], 0);
    assert_eq!(doc["search"]["matches"], 1);
    assert_eq!(doc["search"]["found"][0]["seed"], 1_349_870_000u64);
    let deck: Vec<u64> = serde_json::from_value(doc["search"]["found"][0]["deck"].clone()).unwrap();
    assert_eq!(deck[..5], [31, 45, 28, 9, 30]);
    assert_eq!(deck[51], 24);
}

#[test]
fn a_java_deal_is_recovered_from_its_first_cards_and_millisecond() {
    // Printed by OpenJDK 17: Collections.shuffle(0..52, new
    // Random(1349870000123L)) starts 19 23 48 2 17 11. Among the two
    // million milliseconds around it, six cards leave that one.
    let doc = predict(
        &[
            "-a",
            "java-shuffle-millis",
            "--seen",
            "19 23 48 2 17 11",
            "--seeds",
            "1349869000000..1349871000000",
        ],
        0,
    );
    assert_eq!(doc["search"]["matches"], 1);
    assert_eq!(doc["search"]["found"][0]["seed"], 1_349_870_000_123u64);
    assert_eq!(doc["unix_milliseconds"], true);
    assert_eq!(doc["unix_seconds"], false);
    let deck: Vec<u64> = serde_json::from_value(doc["search"]["found"][0]["deck"].clone()).unwrap();
    assert_eq!(deck[51], 21);
    // Java's seeds are longs: a window past 2^32 is accepted, past 2^63
    // refused; the C shuffles' seeds stop at 2^32.
    fails(
        &[
            "predict",
            "-a",
            "java-shuffle-millis",
            "--seen",
            "1",
            "--seeds",
            "0..9223372036854775809",
        ],
        "0 <= A < B <= 9223372036854775808",
    );
    fails(
        &[
            "predict",
            "-a",
            "c-shuffle-glibc-time",
            "--seen",
            "1",
            "--seeds",
            "0..4294967297",
        ],
        "0 <= A < B <= 4294967296",
    );
}

#[test]
fn a_dotnet_deal_is_recovered_from_its_tick_count() {
    // The deal of tick count 12,345,678 (3 h 25 min after the machine
    // started) starts 44 10 7 37 17 2. Among the million tick counts
    // around it, six cards leave that one; the default search is the first
    // day after the machine started.
    let doc = predict(
        &[
            "-a",
            "dotnet-shuffle-tickcount",
            "--seen",
            "44 10 7 37 17 2",
            "--seeds",
            "12000000..13000000",
        ],
        0,
    );
    assert_eq!(doc["search"]["matches"], 1);
    assert_eq!(doc["search"]["found"][0]["seed"], 12_345_678);
    assert_eq!(doc["unix_seconds"], false);
    let deck: Vec<u64> = serde_json::from_value(doc["search"]["found"][0]["deck"].clone()).unwrap();
    assert_eq!(deck[51], 22);
}

#[test]
fn card_names_are_refused_where_the_cards_have_none() {
    fails(
        &["predict", "-a", "freecell", "--seen", "JD ZZ"],
        "--seen: \"ZZ\" is not a card",
    );
    // A suit or rank written outside ASCII is refused in one line, not a
    // panic inside a character.
    for word in ["♦3", "3♦", "é", "10♥", "Ǆ"] {
        fails(
            &["predict", "-a", "freecell", "--seen", &format!("JD {word}")],
            &format!("--seen: {word:?} is not a card"),
        );
    }
    fails(
        &["predict", "-a", "poker-fixed-time", "--seen", "JD"],
        "--seen: \"JD\" is not a card number",
    );
}

/// Java's millisecond-seeded shuffle and six cards: a search whose range
/// the tests make huge.
const HUGE_SEARCH: [&str; 5] = [
    "predict",
    "-a",
    "java-shuffle-millis",
    "--seen",
    "19 23 48 2 17 11",
];

#[test]
fn a_search_estimated_over_an_hour_is_refused_before_it_starts() {
    for seeds in ["0..9223372036854775808", "0..1125899906842624"] {
        let start = std::time::Instant::now();
        let mut command = cmd();
        command
            .args(HUGE_SEARCH)
            .args(["--seeds", seeds, "--threads", "2"])
            .timeout(std::time::Duration::from_secs(60));
        let err = crate::common::refusal(command);
        assert!(
            err.starts_with(&format!("error: --seeds {seeds}: "))
                && err.contains(" seeds would take about ")
                && err.contains(" years on 2 threads (")
                && err.contains("a search over an hour needs --force"),
            "{err}"
        );
        assert!(start.elapsed() < std::time::Duration::from_secs(20));
    }
}

#[test]
fn a_forced_search_of_a_huge_range_holds_no_memory_for_it() {
    // Before, the search allocated a slot per chunk of the range: 2^50
    // seeds asked for 2^40 bytes and aborted.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("shuffle-audit"))
        .args(HUGE_SEARCH)
        .args([
            "--seeds",
            "0..1125899906842624",
            "--force",
            "--threads",
            "2",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1_500));
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(running, "it searches on");
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().strip_suffix("kB"))
        .and_then(|v| v.trim().parse().ok())
        .expect("the peak memory in /proc");
    assert!(peak_kb < 64 * 1024, "{peak_kb} kB");
}
