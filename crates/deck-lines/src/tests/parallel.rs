//! The readers against each other: the fast path, the parallel reader on
//! any number of workers and blocks, lines longer than a block or with no
//! end, as one sequential pass reads them.

use super::*;

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
        crate::parallel::count_in(sizes, settled, &mut p, &tally, &|_, _| {})
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
                            &|_, _| {},
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

/// A reader of `head`, then of `tail` over and over, forever; it counts
/// the bytes it gives.
struct Repeating {
    head: std::io::Cursor<Vec<u8>>,
    tail: Vec<u8>,
    at: usize,
    given: u64,
}

impl std::io::Read for Repeating {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut k = self.head.read(buf)?;
        while k < buf.len() {
            let n = (buf.len() - k).min(self.tail.len() - self.at);
            buf[k..k + n].copy_from_slice(&self.tail[self.at..self.at + n]);
            self.at = (self.at + n) % self.tail.len();
            k += n;
        }
        self.given += k as u64;
        Ok(k)
    }
}

#[test]
fn skipping_stops_at_the_same_line_of_an_endless_run_of_bad_lines_in_every_reader() {
    // `yes '' | audit --skip-invalid` once read forever and said nothing.
    // Each input: its first lines, the line repeated forever after them,
    // and the first and last line of the run that stops the read.
    let run = MAX_INVALID_RUN;
    let mut spaced = String::new();
    // Decks 9,999 bad lines apart never stop it; then only bad lines.
    for _ in 0..40 {
        spaced.push_str("2 0 1\n");
        spaced.push_str(&"0 0 0\n".repeat(run as usize - 1));
    }
    spaced.push_str("2 0 1\n");
    let cases = [
        (String::new(), "\n", 1),
        ("2 0 1\n".repeat(10), "0 0 0\n", 11),
        (spaced, "\n", 40 * run + 2),
    ];
    let tally = Tally {
        new: |_: &[u8], _| 0u64,
        observe: |n: &mut u64, _: &[u8]| *n += 1,
        append: |n: &mut u64, later| *n += later,
    };
    let small = crate::parallel::Sizes {
        block: 4096,
        piece: 700,
    };
    for (head, tail, first) in &cases {
        let want = format!(
            "skipped lines {first} to {}, {run} invalid lines in a row with no deck among them, and stopped: this does not look like decks, one per line",
            first + run - 1
        );
        for how in [
            "sequential",
            "vote",
            "parallel 1",
            "parallel 2",
            "small blocks",
        ] {
            let mut input = std::io::BufReader::with_capacity(
                1 << 16,
                Repeating {
                    head: std::io::Cursor::new(head.clone().into_bytes()),
                    tail: tail.as_bytes().to_vec(),
                    at: 0,
                    given: 0,
                },
            );
            let known = how != "vote";
            let mut parser = DeckParser::new(known.then_some(3), known.then_some(Base::Zero));
            let e = match how {
                "sequential" | "vote" => read_decks(&mut input, &mut parser, true, |_| {})
                    .map(|_| ())
                    .unwrap_err(),
                _ => {
                    let threads = if how == "parallel 1" { 1 } else { 2 };
                    let sizes = if how == "small blocks" {
                        small
                    } else {
                        crate::parallel::Sizes::READ
                    };
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    pool.install(|| {
                        let settled = settle(&mut input, &mut parser, true).unwrap();
                        crate::parallel::count_in(sizes, settled, &mut parser, &tally, &|_, _| {})
                            .map(|_| ())
                            .unwrap_err()
                    })
                }
            };
            assert_eq!(e.to_string(), want, "{how}, from line {first}");
            // Read no further than the run's end, a buffer and the
            // parallel reader's batches (three of 2 MiB times 8 at most).
            let read = input.into_inner().given;
            let through = (head.len() + run as usize * tail.len()) as u64;
            assert!(read >= through, "{how}: {read} bytes");
            assert!(
                read <= through + ((3 * 8) << 21) + (1 << 16),
                "{how}: {read} bytes"
            );
        }
    }
    // Draws are read as one sequence: the same bound.
    let e = read_draws(
        &mut "\n".repeat(2 * run as usize).as_bytes(),
        true,
        |_, _, _| {},
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "skipped lines 1 to {run}, {run} invalid lines in a row with no deck among them, and stopped: this does not look like decks, one per line"
        )
    );
    // One bad line fewer than the bound is skipped, as before.
    let mut text = "\n".repeat(run as usize - 1);
    text.push_str("2 0 1\n");
    text.push_str(&"\n".repeat(run as usize - 1));
    let counts = read_decks(
        text.as_bytes(),
        &mut DeckParser::new(None, None),
        true,
        |_| {},
    )
    .unwrap();
    assert_eq!((counts.decks, counts.invalid_total()), (1, 2 * (run - 1)));
}

#[test]
fn blank_lines_are_passed_over_by_every_reader_when_asked_and_invalid_otherwise() {
    let small = crate::parallel::Sizes {
        block: 4096,
        piece: 7,
    };
    // Every reader: one line after another, and in parallel blocks on 1
    // and 2 workers.
    let read = |text: &[u8], skipping: bool, how: usize| -> Result<(Vec<Vec<u8>>, u64), String> {
        let parser = || {
            let p = DeckParser::new(None, None);
            if skipping {
                p.skipping_blank_lines()
            } else {
                p
            }
        };
        if how == 0 {
            let mut decks = Vec::new();
            return read_decks(text, &mut parser(), false, |d| decks.push(d.to_vec()))
                .map(|c| (decks, c.lines))
                .map_err(|e| e.to_string());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(how)
            .build()
            .unwrap();
        pool.install(|| {
            let mut p = parser();
            let settled = settle(text, &mut p, false).map_err(|e| e.to_string())?;
            let tally = Tally {
                new: |_: &[u8], _| Vec::new(),
                observe: |decks: &mut Vec<Vec<u8>>, d: &[u8]| decks.push(d.to_vec()),
                append: |decks: &mut Vec<Vec<u8>>, later| decks.extend(later),
            };
            crate::parallel::count_in(small, settled, &mut p, &tally, &|_, _| {})
                .map(|(decks, counts, _)| (decks, counts.lines))
                .map_err(|e| e.to_string())
        })
    };
    let text = b"0 1 2\n\n \t \r\n2 1 0\n1 0 2\n\n";
    for how in 0..3 {
        let (decks, lines) = read(text, true, how).unwrap();
        assert_eq!(
            decks,
            [vec![0, 1, 2], vec![2, 1, 0], vec![1, 0, 2]],
            "{how}"
        );
        assert_eq!(lines, 6, "{how}");
        let e = read(text, false, how).unwrap_err();
        assert!(e.starts_with("line 2: "), "{how}: {e}");
        // A bad line after blank ones is named by its own number, and a
        // line of commas is not blank.
        let e = read(b"0 1 2\n\n0 1 1\n", true, how).unwrap_err();
        assert!(e.starts_with("line 3: "), "{how}: {e}");
        let e = read(b"0 1 2\n , \n", true, how).unwrap_err();
        assert!(e.starts_with("line 2: "), "{how}: {e}");
    }
}
