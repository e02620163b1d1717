//! Small decisions at the edges, each as a user meets it: a refusal with
//! one line that names the value and what is allowed, or a figure that
//! says what it rests on.

use crate::common::{cmd, fails_with, fails_with_input};

#[test]
fn a_sampled_guessing_score_rests_on_enough_decks_for_its_interval() {
    // One deck gives a standard deviation of 0: a 99 % interval of zero
    // width. Refused before any work.
    fails_with(
        &["guess", "-a", "naive-swap", "-n", "1"],
        "--shuffles 1 is not allowed: use 1000 or more (the 99 % confidence interval of a sampled score rests on them)",
    );
}

#[test]
fn a_power_at_or_below_the_level_is_refused() {
    // A test that ignores the shuffles detects with probability alpha:
    // such a power needs no shuffles at all ("0" beside the figures).
    for args in [
        &["scaling", "--bits", "15", "--power", "1e-10"][..],
        &[
            "power",
            "-a",
            "naive-swap",
            "-d",
            "5",
            "--alpha",
            "0.01",
            "--power",
            "0.005",
        ],
    ] {
        let level = if args[0] == "scaling" { "1e-6" } else { "0.01" };
        fails_with(
            args,
            &format!("is not allowed: use a probability above the level {level} and below 1"),
        );
    }
}

#[test]
fn a_negative_level_is_named_as_a_level() {
    fails_with(
        &["scaling", "--bits", "15", "--alpha", "-0.5"],
        "--alpha -0.5 is not allowed: use a level from 1e-300 up to 1, 1 excluded",
    );
    fails_with(
        &["power", "-a", "naive-swap", "-d", "5", "--power", "-1"],
        "--power -1 is not allowed",
    );
}

#[cfg(unix)]
#[test]
fn a_loop_of_links_is_called_a_loop() {
    let tmp = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(tmp.path().join("b"), tmp.path().join("a")).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("a"), tmp.path().join("b")).unwrap();
    let a = tmp.path().join("a");
    fails_with_input(
        &["audit", "-", "--out", a.to_str().unwrap()],
        b"",
        "Too many levels of symbolic links",
    );
    fails_with(
        &["audit", a.to_str().unwrap()],
        "Too many levels of symbolic links",
    );
}

#[test]
fn a_system_error_is_said_once() {
    let tmp = tempfile::tempdir().unwrap();
    let table = tmp.path().join("no/such/folder/t.csv");
    let out = cmd()
        .args(["exact", "-a", "naive-swap", "-d", "3", "--table"])
        .arg(&table)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

#[test]
fn follow_says_which_lines_it_skipped() {
    let mut input = b"0 1 2 3\n\n0 1 1 3\n".to_vec();
    for _ in 0..50 {
        input.extend_from_slice(b"3 1 0 2\n0 2 3 1\n");
    }
    let out = cmd()
        .args([
            "audit",
            "-",
            "--follow",
            "--skip-invalid",
            "--monitor",
            "test",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("skipped 1 empty-line line(s); the first, line 2")
            && text.contains(
                "skipped 1 duplicate-card line(s); the first, line 3: card 1 appears twice"
            ),
        "{text}"
    );
}

#[test]
fn a_partial_run_never_replaces_the_full_report_unasked() {
    // Without --out, only the standard suite writes reports/: a quick or
    // partial run is refused before any work, saying how to write it.
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["--quick"][..],
        &["--algorithms", "naive-swap", "--seed", "1"],
        &["suite", "--decks", "3", "--large-decks", "none"],
        &["--seed", "2"],
    ] {
        let out = cmd().args(args).current_dir(tmp.path()).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("makes this run other than the standard suite")
                && err.contains("--out reports to replace the full report"),
            "{err}"
        );
        assert!(!tmp.path().join("reports").exists(), "{args:?}");
    }
    // With --out it runs.
    cmd()
        .args([
            "--quick",
            "--algorithms",
            "fisher-yates",
            "--large-decks",
            "none",
            "--out",
            "q",
        ])
        .current_dir(tmp.path())
        .assert()
        .success();
    assert!(tmp.path().join("q/report.json").is_file());
}

#[test]
fn a_heatmap_depends_only_on_the_counts_it_shows() {
    // The guide's promise (docs/report.md): the naive swap's heatmap from a run of it and
    // the fair control is the full run's, byte for byte, whatever else
    // the full run holds.
    let tmp = tempfile::tempdir().unwrap();
    let run = |algorithms: &str, out: &str| {
        cmd()
            .args(crate::common::TINY_SUITE)
            .args(["--algorithms", algorithms, "--out", out])
            .current_dir(tmp.path())
            .assert()
            .success();
        std::fs::read(
            tmp.path()
                .join(out)
                .join("figures/naive-swap/positions-n3.svg"),
        )
        .unwrap()
    };
    let two = run("naive-swap,fisher-yates", "two");
    let more = run(
        "blog-fisher-yates,naive-swap,fisher-yates,coin-merge-sort",
        "more",
    );
    assert!(
        two == more,
        "the heatmap changed with the algorithms beside it"
    );
}

#[test]
fn a_rerun_on_one_or_two_threads_is_the_same_bytes_but_for_run_json() {
    // Regenerating the committed report changes a file only when what it
    // shows changed: the same command on any thread count (set outside the
    // command line, which the pages quote) writes every file, pages and
    // report.json included, as the same bytes; only run.json (date,
    // threads, wall time) differs, and it is the only file that records
    // them.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("reports");
    let run = |threads: &str| {
        cmd()
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "--algorithms",
                "alt-naive-shuffle,blog-fisher-yates,fisher-yates,coin-merge-sort",
                "--decks",
                "3,4",
                "--exact-up-to",
                "4",
                "--large-decks",
                "none",
                "--shuffles",
                "2000",
                "--out",
            ])
            .arg(&out)
            .assert()
            .success();
        let kept = tmp.path().join(format!("t{threads}"));
        copy_tree(&out, &kept);
        kept
    };
    let (one, two) = (run("1"), run("2"));
    let mut compared = 0;
    for entry in walk(&one) {
        let rel = entry.strip_prefix(&one).unwrap();
        let (a, b) = (
            std::fs::read(&entry).unwrap(),
            std::fs::read(two.join(rel)).unwrap(),
        );
        let name = rel.to_string_lossy();
        if name == "run.json" {
            let threads = |bytes: &[u8]| {
                serde_json::from_slice::<serde_json::Value>(bytes).unwrap()["threads"].clone()
            };
            assert_eq!((threads(&a), threads(&b)), (1.into(), 2.into()));
            continue;
        }
        let text = String::from_utf8_lossy(&a);
        for varying in ["wall time:", "\"date\"", "\"wall_seconds\""] {
            assert!(!text.contains(varying), "{name} records {varying}");
        }
        assert!(a == b, "{name} differs between one and two threads");
        compared += 1;
    }
    assert!(compared >= 40, "only {compared} files compared");
}

/// Copies a folder's files, as a snapshot of a run.
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    for entry in walk(from) {
        let target = to.join(entry.strip_prefix(from).unwrap());
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(&entry, target).unwrap();
    }
}

/// Every file under `dir`, recursively.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The ids a page carries after `key` (`<!-- quote: ` or `data-quotes="`),
/// up to `end`, each occurrence in order.
fn marks(text: &str, key: &str, end: &str) -> Vec<Vec<String>> {
    text.split(key)
        .skip(1)
        .map(|rest| {
            rest.split(end)
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(String::from)
                .collect()
        })
        .collect()
}

/// `shuffle-audit exact -a ID -d N --json`, as the handout prints it.
fn exact_json(command: &str) -> serde_json::Value {
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    assert_eq!(args.first(), Some(&"exact"), "{command}");
    let out = cmd().args(&args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{command}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn every_lesson_page_quotes_the_algorithms_whose_numbers_it_shows_and_prints_their_commands() {
    // The lecture's three algorithms, counted exactly on 3 to 6 cards.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("lecture");
    let lesson = judge::lesson::LESSON;
    cmd()
        .args([
            "--algorithms",
            &lesson.join(","),
            "--decks",
            "3,4,5,6",
            "--large-decks",
            "none",
            "--shuffles",
            "20000",
            "--seed",
            "7",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("report.json")).unwrap()).unwrap();
    let command = json["provenance"]["command"].as_str().unwrap().to_string();
    // The page's text, its entities decoded.
    let read = |name: &str| {
        std::fs::read_to_string(out.join(name))
            .unwrap()
            .replace("&#x2f;", "/")
            .replace("&#x27;", "'")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
    };
    // Every page that quotes code: the first block it quotes is the
    // lesson's, and every number or figure it shows is of an algorithm
    // that block quotes (by the ids the page carries, not by its prose).
    for page in [
        "README.md",
        "README.zh.md",
        "index.html",
        "handout.html",
        "handout.zh.html",
    ] {
        let text = read(page);
        let quotes = [
            marks(&text, "<!-- quote: ", "-->"),
            marks(&text, "data-quotes=\"", "\""),
        ]
        .concat();
        let numbers = [
            marks(&text, "<!-- numbers: ", "-->"),
            marks(&text, "data-numbers=\"", "\""),
        ]
        .concat();
        assert!(
            !quotes.is_empty() && !numbers.is_empty(),
            "{page}: no marks"
        );
        assert_eq!(quotes[0], lesson, "{page}: the lesson's quotes");
        for id in numbers.iter().flatten() {
            assert!(
                quotes[0].contains(id),
                "{page}: numbers of {id}, which it does not quote"
            );
        }
    }
    // Each of the handout's numbers beside the command that gives it, and
    // equal to what that command prints.
    let en = read("handout.html");
    let facts: Vec<(&str, &str)> = en
        .split("<li>")
        .skip(1)
        .map(|li| {
            let li = li.split("</li>").next().unwrap();
            let (fact, command) = li
                .split_once("<code class=\"command\">")
                .expect("a command");
            (fact, command.trim_end_matches("</code>"))
        })
        .collect();
    assert_eq!(facts.len(), 6, "{facts:?}");
    for (fact, command) in facts {
        let e = exact_json(command);
        assert!(command.contains(&format!("-a {} ", e["algorithm"].as_str().unwrap())));
        let paths = e["paths"].as_u64().unwrap();
        if e["deck"] == 3 {
            let favoured: Vec<String> = e["largest_arrangements"]["first"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_str().unwrap().to_string())
                .collect();
            let most = e["max_probability_exact"].as_str().unwrap();
            let each = most.split('/').next().unwrap();
            assert!(
                fact.contains(&format!(
                    "{} are dealt by {each} paths each",
                    favoured.join(", ")
                )),
                "{fact} / {command}"
            );
            assert!(
                fact.contains(&format!("{paths} equally likely paths")),
                "{fact}"
            );
            continue;
        }
        // A fraction as the handout writes it: 0, not 0/1.
        let tv = match e["total_variation_exact"].as_str().unwrap() {
            "0/1" => "0",
            tv => tv,
        };
        if fact.contains("TV = ") {
            assert!(
                fact.contains(&format!("TV = {tv}")),
                "{fact} / {command}: TV {tv}"
            );
        }
        if fact.contains("ends at position") {
            // card c ends at position p with probability w/d: the position
            // matrix's cell.
            let words: Vec<&str> = fact.split_whitespace().collect();
            let at = |w: &str| words.iter().position(|x| *x == w).unwrap();
            let card: usize = words[at("card") + 1].parse().unwrap();
            let position: usize = words[at("position") + 1].parse().unwrap();
            let weight = e["position_weights"][card][position].as_str().unwrap();
            let d = e["denominator"].as_str().unwrap();
            let (w, d): (u128, u128) = (weight.parse().unwrap(), d.parse().unwrap());
            let g = gcd(w, d);
            assert!(
                fact.contains(&format!("probability {}/{}", w / g, d / g)),
                "{fact} / {command}"
            );
        }
        if fact.contains("the least likely by") {
            let of = |key: &str| {
                let f = e[key].as_str().unwrap();
                let (n, d) = f.split_once('/').unwrap();
                n.parse::<u64>().unwrap() * paths / d.parse::<u64>().unwrap()
            };
            let (most, least) = (of("max_probability_exact"), of("min_probability_exact"));
            assert!(
                fact.contains(&format!(
                    "dealt by {most} paths, the least likely by {least}"
                )),
                "{fact} / {command}"
            );
        }
    }
    // The handout's heatmap: each cell of each table is the exact law the
    // command printed beside it gives (the cell's fraction, and its change
    // from fair to one decimal).
    for page in ["handout.html", "handout.zh.html"] {
        let text = read(page);
        let figure = text
            .split("<figure class=\"heatmap\"")
            .nth(1)
            .unwrap_or_else(|| panic!("{page}: no heatmap"));
        let figure = figure.split("</figure>").next().unwrap();
        let commands: Vec<&str> = figure
            .split("<code class=\"command\">")
            .skip(1)
            .map(|c| c.split("</code>").next().unwrap())
            .collect();
        let tables: Vec<&str> = figure.split("<table>").skip(1).collect();
        assert_eq!(commands.len(), 2, "{page}: {commands:?}");
        assert_eq!(tables.len(), commands.len(), "{page}");
        for (table, command) in tables.iter().zip(&commands) {
            let e = exact_json(command);
            let n = e["deck"].as_u64().unwrap() as usize;
            let d: u128 = e["denominator"].as_str().unwrap().parse().unwrap();
            let cells: Vec<(&str, &str)> = table
                .split("<td ")
                .skip(1)
                .map(|td| {
                    let title = td
                        .split("title=\"")
                        .nth(1)
                        .unwrap()
                        .split('"')
                        .next()
                        .unwrap();
                    let text = td.split('>').nth(1).unwrap().split('<').next().unwrap();
                    (title, text)
                })
                .collect();
            assert_eq!(cells.len(), n * n, "{page}: {command}");
            for (i, (title, text)) in cells.iter().enumerate() {
                let w: u128 = e["position_weights"][i / n][i % n]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert_eq!(*title, format!("{w}/{d}"), "{page}: {command} cell {i}");
                let change = 100.0 * (w as f64 * n as f64 / d as f64 - 1.0);
                let shown: f64 = text
                    .trim_end_matches('%')
                    .replace('−', "-")
                    .parse()
                    .unwrap();
                assert!(
                    (shown - change).abs() <= 0.05 + 1e-9,
                    "{page}: {command} cell {i}: {text} for {change:.3}%"
                );
            }
        }
    }
    // Print sizes: every label of the handout at least 7 pt on A4. The
    // tree is drawn 1,600 units wide for the 186 mm of text a page holds
    // (`main { max-width: 186mm }`), so a font-size of f units prints at
    // f × 186 / 1600 mm; the page's own text is set in points.
    for page in ["handout.html", "handout.zh.html"] {
        let text = read(page);
        assert!(text.contains("max-width: 186mm"), "{page}");
        let svg = text.split("<svg").nth(1).expect("the tree, inline");
        let svg = svg.split("</svg>").next().unwrap();
        assert!(svg.contains("viewBox=\"0 0 1600 "), "{page}");
        let sizes: Vec<f64> = svg
            .split("font-size=\"")
            .skip(1)
            .map(|f| f.split('"').next().unwrap().parse().unwrap())
            .collect();
        assert!(sizes.len() > 30, "{page}: {} labels", sizes.len());
        let smallest =
            sizes.iter().copied().fold(f64::MAX, f64::min) * 186.0 / 1600.0 / 25.4 * 72.0;
        assert!(smallest >= 7.0, "{page}: a tree label at {smallest:.2} pt");
        for size in text.split("font-size: ").skip(1) {
            let size = size.split(';').next().unwrap();
            if let Some(pt) = size.strip_suffix("pt") {
                let pt: f64 = pt.parse().unwrap();
                assert!(pt >= 7.0, "{page}: text at {pt} pt");
            }
        }
        assert!(!text.contains("<img"), "{page}: a raster figure");
    }
    let zh = read("handout.zh.html");
    for words in [
        "第 1 步选",
        "路径数",
        "altNaiveShuffle（精确），6 张牌",
        "最终位置",
        "牌 0",
    ] {
        assert!(zh.contains(words), "the Chinese handout lacks {words}");
    }
    assert!(en.contains(&command), "no {command}");
    assert!(!en.contains("cargo"), "build instructions in the handout");
    assert!(
        zh.contains("--seed 7"),
        "the Chinese handout lacks its command"
    );
    // The slides and the tree are drawn, and the pages link them.
    for (png, width) in [
        ("headline.png", 1600),
        ("off-by-one.png", 1600),
        ("paths.png", 1600),
        ("paths-bars.png", 1000),
    ] {
        let image = image::open(out.join(png)).unwrap();
        assert!(image.width() >= width, "{png}");
    }
    // The off-by-one's slide stands beside the fair control on its scale
    // and gives the reason the judge found (one cycle), not "a card is
    // never swapped with itself", which alone would not keep it away.
    let slide = std::fs::read_to_string(out.join("off-by-one.svg")).unwrap();
    assert!(
        slide.contains("Fisher–Yates: no bias shown")
            && slide.contains("the deck ends as one 6-card cycle (Sattolo&apos;s algorithm)")
            && slide.contains("a card ends in each other place 1 time in 5, 20% more than 1 in 6")
            && !slide.contains("never swapped with itself"),
        "the off-by-one slide"
    );
    let headline = image::open(out.join("headline.png")).unwrap();
    assert_eq!(
        (headline.width(), headline.height()),
        (1920, 1080),
        "a 16:9 slide"
    );
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    for link in [
        "](headline.png)".to_string(),
        "](off-by-one.png)".to_string(),
        "](paths.png)".to_string(),
        "](paths-bars.png)".to_string(),
        "](handout.html)".to_string(),
        format!("?example={}&run=1", lesson[0]),
    ] {
        assert!(md.contains(&link), "README.md lacks {link}");
    }
    // The live page's example the teacher's page links is the quoted
    // algorithm.
    assert_eq!(
        live::example(lesson[0]).map(|e| e.algorithm),
        Some(lesson[0])
    );
}

/// Greatest common divisor.
fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn the_closing_table_says_when_a_bias_is_proved_exactly_but_beyond_the_sample() {
    // Fisher–Yates drawing with `rand() % (i + 1)` on 15 bits: biased by
    // its exact law (TV 5.0e-5 on 6 cards), which 20,000 shuffles cannot
    // see. Its row must not read "biased … worst p" with a passing p.
    let tmp = tempfile::tempdir().unwrap();
    let out = cmd()
        .args([
            "--algorithms",
            "fisher-yates-mod15,naive-swap",
            "--decks",
            "6",
            "--exact-up-to",
            "6",
            "--large-decks",
            "none",
            "--shuffles",
            "20000",
            "--out",
        ])
        .arg(tmp.path().join("r"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let row = |id: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("no row {id}: {text}"))
            .to_string()
    };
    let mod15 = row("fisher-yates-mod15");
    assert!(
        mod15.contains("biased") && mod15.contains("not seen †"),
        "{mod15}"
    );
    // A bias the sample shows keeps its p-value.
    let naive = row("naive-swap");
    assert!(naive.contains("e-") && !naive.contains('†'), "{naive}");
    let note = text
        .lines()
        .find(|l| l.starts_with("† "))
        .unwrap_or_else(|| panic!("no footnote: {text}"));
    assert!(
        note.contains("fisher-yates-mod15: about ")
            && note.contains("shuffles of 6 cards to see it, 20,000 dealt"),
        "{note}"
    );
}
