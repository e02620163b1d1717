//! `shuffle-audit exact`: exact figures are exact, and real decks get their
//! exact position matrix. Every expected value is derived in a comment or
//! computed here by a brute force independent of the crate.

use crate::common::{cmd, fails_with, json, refusal};
use num_bigint::BigUint;

/// What a successful run of `args` prints.
fn stdout(args: &[&str]) -> String {
    let out = cmd()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

fn fraction(v: &serde_json::Value) -> String {
    v.as_str().expect("a fraction string").to_string()
}

#[test]
fn exact_figures_print_as_the_correctly_rounded_exact_value() {
    // Sattolo's algorithm deals each of the (n−1)! = 24 cyclic arrangements
    // of 5 cards with probability 1/24 and nothing else: TV = Σ over the 24
    // of (1/24 − 1/120) = 1 − 24/120 = 4/5.
    let sattolo = json(&["exact", "-a", "sattolo", "-d", "5", "--json"]);
    assert_eq!(sattolo["total_variation"], 0.8);
    assert_eq!(fraction(&sattolo["total_variation_exact"]), "4/5");
    assert_eq!(fraction(&sattolo["max_probability_exact"]), "1/24");
    assert_eq!(fraction(&sattolo["identity_probability_exact"]), "0/1");
    // The judge tells the law for what it is; the off-by-one of a seed
    // document is the same law, and the naive swap is not.
    assert_eq!(sattolo["resembles"], "sattolo");
    let off = json(&["exact", "-a", "blog-fisher-yates", "-d", "5", "--json"]);
    assert_eq!(off["resembles"], "sattolo");
    let naive = json(&["exact", "-a", "naive-swap", "-d", "5", "--json"]);
    assert!(naive.get("resembles").is_none(), "{naive}");

    // Random pairs on 4 cards: 4 steps, each swapping two positions drawn
    // uniformly from 0..4, 16^4 = 65,536 equally likely paths, walked here.
    let n = 4usize;
    let mut counts = std::collections::HashMap::<Vec<usize>, u128>::new();
    for path in 0..16u32.pow(4) {
        let mut deck: Vec<usize> = (0..n).collect();
        for step in 0..4 {
            let pair = (path >> (4 * step)) & 15;
            deck.swap((pair / 4) as usize, (pair % 4) as usize);
        }
        *counts.entry(deck).or_default() += 1;
    }
    // TV = Σ |c/65536 − 1/24| / 2 = Σ |24 c − 65536| / (2 · 24 · 65536),
    // over all 24 arrangements (those never dealt count c = 0).
    let mut sum: u128 = counts.values().map(|&c| (24 * c).abs_diff(65536)).sum();
    sum += (24 - counts.len() as u128) * 65536;
    let (mut num, mut den) = (sum, 2 * 24 * 65536u128);
    let g = gcd(num, den);
    (num, den) = (num / g, den / g);
    let pairs = json(&["exact", "-a", "random-pairs-swap", "-d", "4", "--json"]);
    assert_eq!(
        fraction(&pairs["total_variation_exact"]),
        format!("{num}/{den}")
    );
    assert_eq!(format!("{num}/{den}"), "39/512");
    assert_eq!(pairs["total_variation"], 0.076171875);

    // The text prints the fraction beside the decimal.
    let text = stdout(&["exact", "-a", "sattolo", "-d", "5"]);
    assert!(text.contains("TV distance: 0.800000 = 4/5"), "{text}");
    assert!(text.contains("largest:     0.041667 = 1/24"), "{text}");
}

#[test]
fn small_probabilities_print_in_scientific_notation() {
    // The naive swap on 8 cards: 8^8 = 16,777,216 paths; the most likely
    // arrangement has 1,931 (the brute force walks them), probability 1.151e-4, which six
    // decimals showed as 0.000115 and, on 11 cards, 0.000000.
    let text = stdout(&["exact", "-a", "naive-swap", "-d", "8"]);
    assert!(
        text.contains("largest:     1.151e-4 = 1931/16777216"),
        "{text}"
    );
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("most and 5 least likely"))
        .skip(2)
        .take(11)
        .collect();
    assert!(
        table[0].contains("1931") && table[0].contains("1.151e-4"),
        "{table:?}"
    );
    assert!(!text.contains("0.000"), "{text}");
}

#[test]
fn one_gsr_riffle_of_four_cards_is_half_way_and_no_distance_exceeds_one() {
    // One riffle of 4 cards: of 2^4 cut-and-drop sequences, 5 give the
    // identity and each of the 11 arrangements with two rising sequences
    // gets 1; the excess over 1/24 is (5/16 − 1/24) + 11 (1/16 − 1/24) = 1/2.
    let r = json(&["riffle", "-d", "4", "--max", "1", "-n", "100", "--json"]);
    let gsr = &r["models"][0];
    assert_eq!(gsr["algorithm"], "gsr-riffle", "{gsr}");
    assert_eq!(gsr["rows"][0]["exact_total_variation"], 0.5);
    // 52 cards, one riffle: 53 of the 2^52 sequences give the identity, so
    // the distance is 1 minus a tiny amount, and rounds to at most 1.
    let r = json(&["riffle", "-d", "52", "--max", "1", "-n", "300", "--json"]);
    let tv = r["models"][0]["rows"][0]["exact_total_variation"]
        .as_f64()
        .unwrap();
    assert!(tv <= 1.0 && tv > 0.99, "{tv}");
}

#[test]
fn the_naive_swap_on_52_cards_has_its_exact_position_matrix() {
    let r = json(&["exact", "-a", "naive-swap", "-d", "52", "--json"]);
    assert_eq!(r["method"], "markov-chain");
    assert_eq!(r["verdict"], "biased");
    assert_eq!(r["steps"], 52);
    let den: BigUint = r["denominator"].as_str().unwrap().parse().unwrap();
    let w: Vec<Vec<BigUint>> = r["position_weights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap().parse().unwrap())
                .collect()
        })
        .collect();
    let n = 52usize;
    // Each row and each column holds one card / one position: sums are 1.
    for (i, row) in w.iter().enumerate() {
        assert_eq!(row.iter().sum::<BigUint>(), den, "row {i}");
        assert_eq!(w.iter().map(|r| &r[i]).sum::<BigUint>(), den, "column {i}");
    }
    // Derived: the first swap sends card 0 to a uniform position, and a
    // swap of position i with a uniform j keeps a uniform card uniform, so
    // card 0's row is exactly 1/52. The last swap sends whatever is at
    // position 51 to a uniform place and brings each card there with
    // probability 1/52, so column 51 is exactly 1/52.
    for (j, row) in w.iter().enumerate() {
        assert_eq!(&w[0][j] * n, den, "card 0 at {j}");
        assert_eq!(&row[n - 1] * n, den, "card {j} at 51");
    }
    // Elsewhere the matrix is biased: the largest is card 1 at
    // position 0, above 1/52.
    assert_eq!(r["largest_cell"]["card"], 1);
    assert_eq!(r["largest_cell"]["position"], 0);
    assert!(&w[1][0] * n > den);
    // The rounded matrix is the exact one rounded.
    let p = r["position_matrix"][1][0].as_f64().unwrap();
    assert_eq!(p, r["largest_cell"]["probability"].as_f64().unwrap());

    // Fisher–Yates is proved uniform as a whole at 52 cards.
    let fy = json(&["exact", "-a", "fisher-yates", "-d", "52", "--json"]);
    assert_eq!(fy["verdict"], "uniform");
    assert_eq!(fraction(&fy["largest_cell"]["probability_exact"]), "1/52");
}

#[test]
fn sizes_with_no_exact_method_are_refused_naming_the_methods() {
    fails_with(
        &["exact", "-a", "coin-merge-sort", "-d", "52"],
        "coin-merge-sort has no exact method at 52 cards: brute force walks it up to 10 cards; state merging and the Markov chain need a swap-based shuffle",
    );
    fails_with(
        &["exact", "-a", "naive-swap", "-d", "300"],
        "the Markov chain (position matrix) up to 256 cards",
    );
    fails_with(
        &[
            "exact",
            "-a",
            "coin-merge-sort",
            "-d",
            "5",
            "--method",
            "markov-chain",
        ],
        "--method markov-chain needs a swap-based shuffle",
    );
    fails_with(
        &["exact", "-a", "naive-swap", "-d", "0"],
        "deck size 0 is not allowed",
    );
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[test]
fn the_whole_law_goes_to_a_new_table_file_and_never_over_one() {
    // The naive swap on 6 cards by state merging: the table's weights are
    // the law's, in lexicographic order, and they sum to the denominator.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("law.csv");
    let bin = dir.path().join("law.bin");
    let args = |table: &std::path::Path| {
        let mut v = vec!["exact", "-a", "naive-swap", "-d", "6", "--json"];
        v.extend(["--table", table.to_str().unwrap()]);
        v.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let doc: serde_json::Value = serde_json::from_str(&stdout(
        &args(&csv).iter().map(String::as_str).collect::<Vec<_>>(),
    ))
    .unwrap();
    assert_eq!(doc["method"], "state-merging");
    assert_eq!(doc["table"]["format"], "csv");
    assert_eq!(doc["table"]["arrangements"], 720);
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("rank,arrangement,weight"));
    let weights: Vec<&str> = lines.map(|l| l.rsplit(',').next().unwrap()).collect();
    let listed: Vec<&str> = doc["permutation_weights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(weights, listed);
    assert!(text.contains("\n1,0 1 2 3 5 4,"), "ranks and arrangements");

    let doc: serde_json::Value = serde_json::from_str(&stdout(
        &args(&bin).iter().map(String::as_str).collect::<Vec<_>>(),
    ))
    .unwrap();
    assert_eq!(doc["table"]["format"], "binary");
    assert_eq!(doc["table"]["width_bytes"], 8);
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes.len(), 720 * 8);
    let binary: Vec<String> = bytes
        .chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()).to_string())
        .collect();
    assert_eq!(binary, listed);
    let total: u64 = binary.iter().map(|w| w.parse::<u64>().unwrap()).sum();
    assert_eq!(total.to_string(), doc["denominator"].as_str().unwrap());

    // A second run refuses the taken name before computing, and leaves the
    // file as it was; an unknown extension is refused too.
    let before = std::fs::read(&bin).unwrap();
    fails_with(
        &args(&bin).iter().map(String::as_str).collect::<Vec<_>>(),
        "exists: shuffle-audit does not replace files",
    );
    assert_eq!(std::fs::read(&bin).unwrap(), before);
    fails_with(
        &["exact", "-a", "naive-swap", "-d", "6", "--table", "law.txt"],
        "law.txt: name it *.csv (one line per arrangement) or *.bin (little-endian weights)",
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[test]
fn above_ten_cards_the_document_is_a_summary_with_its_recount() {
    // 11 cards: 39,916,800 arrangements, so no table in the document; the
    // naive swap's counts of paths: the identity's are the involutions of
    // 11 (OEIS A000085: 35,696), recounted by meeting in the middle.
    let doc = json(&["exact", "-a", "naive-swap", "-d", "11", "--json"]);
    assert!(doc.get("permutations").is_none());
    assert!(doc.get("permutation_weights").is_none());
    assert_eq!(doc["path_counts"]["total"], "285311670611");
    assert_eq!(doc["path_counts"]["identity"], "35696");
    assert_eq!(doc["recounted"]["method"], "meeting-in-the-middle");
    assert_eq!(
        doc["recounted"]["arrangements"][0],
        "0 1 2 3 4 5 6 7 8 9 10"
    );
    // Every path is equally likely, so the largest count over 11^11 is the
    // largest probability.
    assert_eq!(
        doc["max_probability_exact"],
        format!(
            "{}/285311670611",
            doc["path_counts"]["largest"].as_str().unwrap()
        )
    );
    assert_eq!(doc["most_likely"].as_array().unwrap().len(), 5);
    assert_eq!(
        doc["most_likely"][0]["arrangement"],
        doc["largest_arrangements"]["first"][0]
    );
}

#[cfg(unix)]
#[test]
fn a_law_too_large_for_the_memory_allowed_is_refused_not_aborted() {
    // 12 cards need about 11.5 GB; under a 3 GB limit the estimate is
    // refused before any table: exit 2, one line with the size needed, the
    // limit and the largest deck that fits, no abort (SIGABRT, exit 134,
    // once).
    let o = std::process::Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 3000000; exec \"$0\" exact -a naive-swap -d 12 --method state-merging")
        .arg(assert_cmd::cargo::cargo_bin!("shuffle-audit"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("state merging on 12 cards needs about 11.5 GB of memory, over the")
            && err.contains("ulimit -v")
            && err.contains("the largest deck that fits by state merging is 11 cards"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn a_table_killed_mid_write_is_cleaned_up_by_the_next_run_at_once() {
    // `timeout -s KILL` kills its process group and returns before the
    // killed run has closed its files: the next run, started at once,
    // must still find its temporary file's writer gone and remove it.
    let tmp = tempfile::tempdir().unwrap();
    let script = "timeout -s KILL 0.4 \"$0\" exact -a naive-swap -d 10 --table t.csv >/dev/null 2>&1\n\
                  ls -a | grep -c '^\\.t\\.csv\\.shuffle-audit-.*\\.tmp$'\n\
                  \"$0\" exact -a naive-swap -d 4 --table t.csv >/dev/null || exit 9\n\
                  ls -a | grep '\\.tmp$'\n\
                  rm t.csv\n";
    let mut left_by_the_kill = 0;
    for round in 0..20 {
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(script)
            .arg(assert_cmd::cargo::cargo_bin!("shuffle-audit"))
            .current_dir(tmp.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut lines = text.lines();
        left_by_the_kill += lines.next().unwrap_or("0").parse::<u32>().unwrap_or(0);
        let left: Vec<&str> = lines.collect();
        assert!(
            left.is_empty(),
            "round {round}: left behind {left:?} ({out:?})"
        );
    }
    assert!(
        left_by_the_kill >= 10,
        "the kill left {left_by_the_kill} temporary files in 20 rounds: the race was not run"
    );
}

#[test]
fn a_power_plan_whose_law_does_not_fit_is_refused_before_it_starts_naming_what_fits() {
    // The naive swap's float chain holds its n² position floats and, for
    // each of its n steps, the n probabilities of the drawn position:
    // 16 n² bytes, with the program's 32 MiB. At 4096 cards 301,989,888
    // bytes; under 200 MB, 16 n² ≤ 200,000,000 − 33,554,432 holds up to
    // n = 3225 (16 · 3225² = 166,410,000; 16 · 3226² = 166,513,216).
    let err = refusal({
        let mut c = cmd();
        c.args([
            "power",
            "-a",
            "naive-swap",
            "-d",
            "4096",
            "--max-memory",
            "200M",
        ]);
        c
    });
    assert_eq!(
        err,
        "error: the Markov chain on 4096 cards needs about 302 MB of memory, over the 200 MB of the --max-memory given: the largest deck that fits by the Markov chain is 3225 cards; free memory or ask for fewer cards\n"
    );
    // The limit is the estimate itself: one byte below is refused, the
    // estimate runs. The chain on 300 cards; the walk of 10 cards on one
    // thread: its table (16 bytes an arrangement) and one buffer of paths
    // (768 KiB).
    let chain = 16 * 300 * 300 + (32 << 20);
    let walk = 16 * 3_628_800 + 786_432 + (32 << 20);
    for (args, need) in [
        (["power", "-a", "naive-swap", "-d", "300"], chain),
        (["power", "-a", "coin-merge-sort", "-d", "10"], walk),
    ] {
        let err = refusal({
            let mut c = cmd();
            c.args(args).args(["--threads", "1", "--max-memory"]);
            c.arg((need - 1).to_string());
            c
        });
        assert!(
            err.contains(&format!(
                " cards needs about {} MB of memory",
                (need as f64 / 1e6).round()
            )),
            "{args:?}: {err}"
        );
        if args[2] == "naive-swap" {
            cmd()
                .args(args)
                .args(["--threads", "1", "--max-memory", &need.to_string()])
                .assert()
                .success();
        }
    }
}

#[test]
fn a_law_over_the_memory_limit_is_refused_before_it_starts_naming_what_fits() {
    // State merging on 12 cards holds two tables of 12! 64-bit weights and
    // then one beside the 128-bit law: 12! · 24 bytes = 11.5 GB, and 11
    // cards 11! · 24 = 958 MB, both over 500 MB; 10 cards 87 MB of tables
    // and the document's 10! · 80 bytes (290 MB) fit.
    let err = refusal({
        let mut c = cmd();
        c.args([
            "exact",
            "-a",
            "naive-swap",
            "-d",
            "12",
            "--method",
            "state-merging",
            "--max-memory",
            "500M",
        ]);
        c
    });
    assert!(
        err.starts_with("error: state merging on 12 cards needs about 11.5 GB of memory, over the 500 MB of the --max-memory given: the largest deck that fits by state merging is 10 cards"),
        "{err}"
    );
    // The estimate itself, of the walk at 10 cards on one thread: its table
    // (16 bytes an arrangement), one buffer of paths (768 KiB), the
    // document (80 bytes an arrangement) and the program (32 MiB).
    let walk = 3_628_800 * (16 + 80) + 786_432 + (32 << 20);
    let err = refusal({
        let mut c = cmd();
        c.args(["exact", "-a", "fisher-yates", "-d", "10", "--threads", "1"]);
        c.args(["--max-memory", &(walk - 1).to_string()]);
        c
    });
    assert!(err.contains("needs about 383 MB"), "{err}");
    cmd()
        .args(["exact", "-a", "fisher-yates", "-d", "3", "--threads", "1"])
        .args(["--max-memory", &walk.to_string()])
        .assert()
        .success();
    for bad in ["0", "5x", "-1G", "1e3"] {
        fails_with(
            &[
                "exact",
                "-a",
                "fisher-yates",
                "-d",
                "3",
                &format!("--max-memory={bad}"),
            ],
            &format!("invalid value '{bad}' for '--max-memory <SIZE>'"),
        );
    }
}

#[test]
fn under_an_address_space_limit_a_law_ends_in_a_result_or_one_line_never_an_abort() {
    // glibc once reserved 64 MB of address space per thread's arena: under
    // `ulimit -v` the walk of 10 cards on 8 threads aborted (exit 134) at
    // limits from 420,000 to 800,000 kB.
    // Eight workers whatever the cores: `--threads` is capped at the cores,
    // `RAYON_NUM_THREADS` is not.
    for (limit, threads, args) in [
        ("400000", "2", "exact -a naive-swap -d 11"),
        ("420000", "8", "exact -a coin-merge-sort -d 10"),
        ("700000", "8", "exact -a coin-merge-sort -d 10"),
        ("800000", "8", "exact -a fisher-yates -d 10 --json"),
    ] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {limit} && RAYON_NUM_THREADS={threads} exec \"$0\" {args}"
            ))
            .arg(crate::common::bin())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => assert!(!out.stdout.is_empty(), "{args}"),
            Some(2) => {
                assert!(out.stdout.is_empty(), "{args}: {err}");
                assert_eq!(err.lines().count(), 1, "{args}: {err}");
                assert!(err.contains("memory"), "{args}: {err}");
            }
            code => panic!("ulimit -v {limit}, {args}: exit {code:?}: {err}"),
        }
    }
    // naive-swap on 11 cards needs about 992 MB: refused before it starts.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 400000 && exec \"$0\" exact -a naive-swap -d 11")
        .arg(crate::common::bin())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("needs about 992 MB of memory, over the") && err.contains("ulimit -v"),
        "{err}"
    );
}

/// Java's sorts say how likely they are to throw: exactly 0 below 32
/// cards (nothing merges, nothing checks the contract), in the JSON and the
/// text; a sort that cannot throw says nothing of it.
#[test]
fn java_sorts_say_exactly_how_likely_they_are_to_throw() {
    for id in ["sort-random-java", "sort-random-java-3way"] {
        for deck in ["3", "6"] {
            let doc = json(&["exact", "-a", id, "-d", deck, "--json"]);
            assert_eq!(fraction(&doc["throws"]["exact"]), "0/1", "{id} on {deck}");
            assert_eq!(doc["throws"]["probability"], 0.0);
        }
        let text = stdout(&["exact", "-a", id, "-d", "4"]);
        assert!(
            text.contains("throws:      0 = 0/1, exactly: IllegalArgumentException: Comparison method violates its general contract! instead of a deck"),
            "{text}"
        );
    }
    let fair = json(&["exact", "-a", "fisher-yates", "-d", "4", "--json"]);
    assert!(fair.get("throws").is_none(), "{fair}");
}
