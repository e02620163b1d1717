//! The comparator sorts against the runtimes they model, run here when
//! installed: `#[ignore]`d (the README's test command skips them; `.ci/run`
//! runs them), each skipping with one line when its runtime is absent.

use algorithms::{JavaComparator, JavaRandom, JavaRandomSource, JavaTimSort};
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
