//! The comparator sorts against the runtimes they model: replayed from
//! their recorded sorts, and run against the runtimes themselves when
//! installed (those tests `#[ignore]`d: the README's test command skips
//! them, `.ci/run` runs them, each skipping with one line when its runtime
//! is absent).

use algorithms::{
    CPythonSort, JavaComparator, JavaRandom, JavaRandomSource, JavaTimSort, Scripted, Shuffle,
    SpiderMonkey102Sort, Throwing,
};
use std::process::Command;

/// Whether `program` runs here; says so on stderr when it does not.
fn installed(program: &str, version_flag: &str) -> bool {
    let ok = Command::new(program)
        .arg(version_flag)
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: `{program}` is not installed");
    }
    ok
}

/// Replays each line `comparator n seed | order | ok or throws | next
/// nextInt()` that `tests/runtimes/JavaSortVectors.java` prints: the port
/// fed the same `new Random(seed)` must leave Java's order, throw where
/// Java threw, and draw as many answers (the `Random`'s next `nextInt()`
/// agrees). Returns the sorts and the throws.
fn replay_java(text: &str) -> (usize, usize) {
    let (mut cases, mut throws) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [head, order, outcome, next] = fields[..] else {
            panic!("bad line {line}")
        };
        let head: Vec<&str> = head.split(' ').collect();
        let [comparator, n, seed] = head[..] else {
            panic!("bad line {line}")
        };
        let comparator = match comparator {
            "nextBoolean" => JavaComparator::NextBoolean,
            "nextInt3" => JavaComparator::NextInt3,
            other => panic!("comparator {other}"),
        };
        let n: u32 = n.parse().unwrap();
        let mut src = JavaRandomSource(JavaRandom::new(seed.parse().unwrap()));
        let mut deck: Vec<u32> = (0..n).collect();
        let result = JavaTimSort { comparator }.try_shuffle(&mut deck, &mut src);
        let want: Vec<u32> = order.split(' ').map(|t| t.parse().unwrap()).collect();
        assert_eq!(deck, want, "{line}");
        assert_eq!(result.is_err(), outcome == "throws", "{line}");
        assert_eq!(src.0.next_int(), next.parse::<i32>().unwrap(), "{line}");
        cases += 1;
        throws += usize::from(outcome == "throws");
    }
    (cases, throws)
}

/// The sorts OpenJDK 17.0.15 made, committed (`tests/data/java-timsort.txt`).
#[test]
fn java_timsort_replays_the_recorded_java_sorts() {
    let (cases, throws) = replay_java(include_str!("data/java-timsort.txt"));
    assert_eq!(cases, 2 * (11 * 30 + 4));
    assert_eq!(throws, 15);
}

/// OpenJDK's `Collections.sort` with both comparators, on seeds the
/// committed vectors do not hold, at sizes on both sides of every
/// switch-over (32, the first merge; 64, runs of 32; 1000).
#[test]
#[ignore = "runs java"]
fn java_timsort_matches_the_installed_java() {
    if !installed("java", "-version") {
        return;
    }
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/runtimes/JavaSortVectors.java"
    );
    let out = Command::new("java")
        .args([
            program, "1000", "40", "3", "31", "32", "33", "63", "64", "65", "100", "1000",
        ])
        .output()
        .expect("java runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (cases, throws) = replay_java(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(cases, 2 * 9 * 40);
    assert!(throws > 0, "no throw among {cases} sorts");
}

/// The comparator answers of `tests/runtimes/spidermonkey_sort_vectors.js`:
/// xorshift32 from `seed`, "greater" (1) when its top 3 bits are below
/// `p`.
fn scripted_answers(seed: u32, p: u32, count: usize) -> Vec<u64> {
    let mut s = seed;
    (0..count)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            u64::from((s >> 29) < p)
        })
        .collect()
}

/// Replays each line `n seed p calls | order` that
/// `tests/runtimes/spidermonkey_sort_vectors.js` prints: the port fed the
/// answers SpiderMonkey's sort got from the scripted `Math.random` makes
/// as many calls and leaves the same order. Returns the sorts and the
/// sizes seen.
fn replay_spidermonkey(text: &str) -> (usize, Vec<u32>) {
    replay_scripted(text, SpiderMonkey102Sort)
}

/// Replays each line `n seed p calls | order` of a runtime's sorts fed
/// scripted answers ([`scripted_answers`]): `sort` fed the same answers
/// makes as many calls and leaves the same order. Returns the sorts and
/// the sizes seen.
fn replay_scripted(text: &str, sort: impl Shuffle) -> (usize, Vec<u32>) {
    let (mut cases, mut sizes) = (0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (head, order) = line.split_once(" | ").expect("a line `head | order`");
        let head: Vec<u32> = head.split(' ').map(|t| t.parse().unwrap()).collect();
        let [n, seed, p, calls] = head[..] else {
            panic!("bad line {line}")
        };
        let want: Vec<u32> = order.split(' ').map(|t| t.parse().unwrap()).collect();
        let mut src = Scripted::new(scripted_answers(seed * 7919 + n, p, calls as usize));
        let mut deck: Vec<u32> = (0..n).collect();
        sort.shuffle(&mut deck, &mut src);
        assert_eq!(src.remaining(), 0, "{line}: calls");
        assert_eq!(deck, want, "{line}");
        cases += 1;
        if sizes.last() != Some(&n) {
            sizes.push(n);
        }
    }
    (cases, sizes)
}

/// The sorts `js102` 102.15.1 made, committed
/// (`tests/data/spidermonkey-102-sort.txt`).
#[test]
fn spidermonkey_102_replays_the_recorded_js102_sorts() {
    let (cases, sizes) = replay_spidermonkey(include_str!("data/spidermonkey-102-sort.txt"));
    assert_eq!(cases, 22 * 9);
    assert_eq!(sizes.len(), 22);
}

/// The installed `js102`'s `Array.prototype.sort` on sizes the committed
/// vectors do not hold (so on other streams), on both sides of each
/// switch-over in `Sorting.js`: 24 (insertion sort alone below), windows
/// of 4, and merges of 4, 8, ..., 1024.
#[test]
#[ignore = "runs js102"]
fn spidermonkey_102_matches_the_installed_js102() {
    if !installed("js102", "--version") {
        return;
    }
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/runtimes/spidermonkey_sort_vectors.js"
    );
    let sizes = [
        "21", "22", "26", "27", "28", "29", "47", "48", "49", "95", "96", "97", "511", "513",
        "1023", "1024", "1025", "2000",
    ];
    let out = Command::new("js102")
        .arg(program)
        .args(sizes)
        .output()
        .expect("js102 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (cases, seen) = replay_spidermonkey(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(cases, sizes.len() * 9);
    assert_eq!(seen.len(), sizes.len());
}

/// The sorts Debian's python3 3.11.2 made, committed
/// (`tests/data/cpython-sort.txt`): below 128 elements the same calls and
/// orders as node's V8 (`tests/data/v8-sort-node.txt`), from 128 on
/// powersort's.
#[test]
fn cpython_replays_the_recorded_python3_sorts() {
    let (cases, sizes) = replay_scripted(include_str!("data/cpython-sort.txt"), CPythonSort);
    assert_eq!(cases, 23 * 9);
    assert_eq!(sizes.len(), 23);
    // Where V8 recorded the same streams: the same below 128, and not one
    // of its sorts of 200 to 1000 elements the same.
    let cpython = include_str!("data/cpython-sort.txt");
    let v8 = include_str!("data/v8-sort-node.txt");
    let lines = |text: &'static str, keep: fn(u32) -> bool| -> Vec<&'static str> {
        let mut l: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter(|l| keep(l.split(' ').next().unwrap().parse().unwrap()))
            .collect();
        l.sort_unstable();
        l
    };
    let (small, large) = (|n: u32| n < 128, |n: u32| n >= 128);
    assert_eq!(lines(cpython, small), lines(v8, small));
    let v8_large = lines(v8, large);
    assert_eq!(v8_large.len(), 4 * 9);
    assert!(lines(cpython, large).iter().all(|l| !v8_large.contains(l)));
}

/// The installed python3's `list.sort` on sizes the committed vectors do
/// not hold, on both sides of each switch-over in `listobject.c`: 64 (one
/// run extended by binary insertion below, runs of 32 and more above),
/// 128 (three runs and more: powersort's merges), 192, 256, and 2000.
#[test]
#[ignore = "runs python3"]
fn cpython_matches_the_installed_python3() {
    if !installed("python3", "--version") {
        return;
    }
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/runtimes/cpython_sort_vectors.py"
    );
    let sizes = [
        "62", "63", "66", "126", "130", "131", "191", "192", "193", "255", "257", "2000",
    ];
    let out = Command::new("python3")
        .arg(program)
        .args(sizes)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (cases, seen) = replay_scripted(&String::from_utf8(out.stdout).unwrap(), CPythonSort);
    assert_eq!(cases, sizes.len() * 9);
    assert_eq!(seen.len(), sizes.len());
}
