//! The comparator sorts against the runtimes they model: replayed from
//! their recorded sorts, and run against the runtimes themselves when
//! installed (those tests `#[ignore]`d: the README's test command skips
//! them, `.ci/run` runs them, each skipping with one line when its runtime
//! is absent).

use algorithms::{
    CPythonSort, DotNetIntroSort, GoPdqSort, JavaComparator, JavaRandom, JavaRandomSource,
    JavaTimSort, LibStdCxxSort, Scripted, Shuffle, SpiderMonkey102Sort, Throwing,
};
use std::cmp::Ordering;
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
        .map(|_| u64::from(top_bits(&mut s) < p))
        .collect()
}

/// The next xorshift32 state's top 3 bits: the scripted streams of every
/// vector program.
fn top_bits(s: &mut u32) -> u32 {
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    *s >> 29
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

/// McIlroy's adversary ("A killer adversary for quicksort", 1999), as
/// `tests/runtimes/DotNetSortVectors.cs` writes it: every item starts as
/// "gas"; when two gas items meet, one of them is frozen to the next
/// solid value, the one that is not the current pivot candidate.
struct Adversary {
    val: Vec<u32>,
    gas: u32,
    solid: u32,
    candidate: u32,
}

impl Adversary {
    fn new(n: u32) -> Self {
        Adversary {
            val: vec![n; n as usize],
            gas: n,
            solid: 0,
            candidate: 0,
        }
    }

    fn compare(&mut self, x: u32, y: u32) -> Ordering {
        let (xi, yi) = (x as usize, y as usize);
        if self.val[xi] == self.gas && self.val[yi] == self.gas {
            let frozen = if x == self.candidate { xi } else { yi };
            self.val[frozen] = self.solid;
            self.solid += 1;
        }
        if self.val[xi] == self.gas {
            self.candidate = x;
        } else if self.val[yi] == self.gas {
            self.candidate = y;
        }
        self.val[xi].cmp(&self.val[yi])
    }
}

/// One line `n seed p calls outcome | order` that
/// `tests/runtimes/DotNetSortVectors.cs` prints, as recorded and as `sort`
/// replays it.
struct DotNetSort {
    n: u32,
    recorded: (u64, bool, Vec<u32>),
    replayed: (u64, bool, Vec<u32>),
}

/// Runs `sort` on each line's answers (xorshift32 from `seed * 7919 + n`:
/// 1 when the top 3 bits are below `p`, 0 when equal to it, -1 above;
/// McIlroy's adversary for `p = 8`): the calls made, whether it threw, and
/// the list it left, beside the runtime's.
fn replay_dotnet(text: &str, sort: DotNetIntroSort) -> Vec<DotNetSort> {
    let mut sorts = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (head, order) = line.split_once(" | ").expect("a line `head | order`");
        let head: Vec<&str> = head.split(' ').collect();
        let [n, seed, p, calls, outcome] = head[..] else {
            panic!("bad line {line}")
        };
        let [n, seed, p]: [u32; 3] = [n, seed, p].map(|t| t.parse().unwrap());
        let threw = match outcome {
            "ok" => false,
            "ArgumentException" => true,
            other => panic!("{line}: outcome {other}"),
        };
        let want: Vec<u32> = order.split(' ').map(|t| t.parse().unwrap()).collect();
        let mut s = seed * 7919 + n;
        let mut adversary = Adversary::new(n);
        let mut made = 0u64;
        let mut deck: Vec<u32> = (0..n).collect();
        let result = sort.sort(&mut deck, |&x, &y| {
            made += 1;
            if p == 8 {
                return adversary.compare(x, y);
            }
            top_bits(&mut s).cmp(&p).reverse()
        });
        sorts.push(DotNetSort {
            n,
            recorded: (calls.parse().unwrap(), threw, want),
            replayed: (made, result.is_err(), deck),
        });
    }
    sorts
}

/// Every sort replays the runtime's calls, throw and list; the sorts, the
/// throws and the sizes seen.
fn check_dotnet(sorts: &[DotNetSort]) -> (usize, usize, Vec<u32>) {
    let mut sizes = Vec::new();
    for (i, s) in sorts.iter().enumerate() {
        assert_eq!(s.replayed, s.recorded, "sort {i} of {} elements", s.n);
        if sizes.last() != Some(&s.n) {
            sizes.push(s.n);
        }
    }
    let throws = sorts.iter().filter(|s| s.recorded.1).count();
    (sorts.len(), throws, sizes)
}

/// The sorts Debian's mono 6.8.0.105 made, committed
/// (`tests/data/dotnet-sort-mono.txt`): 18 sizes, 3 seeds of 4 streams
/// and the adversary on each, 27 of them thrown.
#[test]
fn dotnet_replays_the_recorded_mono_sorts() {
    let text = include_str!("data/dotnet-sort-mono.txt");
    let (cases, throws, sizes) = check_dotnet(&replay_dotnet(text, DotNetIntroSort::MONO));
    assert_eq!(cases, 18 * 13);
    assert_eq!(sizes.len(), 18);
    assert_eq!(throws, 27);
}

/// .NET 5+ runs the same sort and differs only where a scan leaves its
/// partition: up to 16 elements (no partition) it leaves Mono's lists
/// every time; above, where Mono's scan ran on into a neighbour, .NET 5+
/// threw there, fewer calls in.
#[test]
fn dotnet_core_differs_from_mono_only_where_a_scan_leaves_its_partition() {
    let text = include_str!("data/dotnet-sort-mono.txt");
    let (mut same, mut differ) = (0, 0);
    for s in replay_dotnet(text, DotNetIntroSort::CORE) {
        if s.replayed == s.recorded {
            same += 1;
            continue;
        }
        assert!(
            s.n > 16,
            "{} elements: .NET 5+ differs with no partition",
            s.n
        );
        assert!(
            s.replayed.1,
            "{} elements: .NET 5+ differs without a throw",
            s.n
        );
        assert!(s.replayed.0 <= s.recorded.0, "{} elements: more calls", s.n);
        differ += 1;
    }
    assert!(same > 100 && differ > 10, "same {same}, differ {differ}");
}

/// The installed mono's `List<int>.Sort` on sizes the committed vectors do
/// not hold, on both sides of the switch-over at 16 (insertion sort) and
/// where the depth limit sends partitions to the heapsort.
#[test]
#[ignore = "runs mono"]
fn dotnet_matches_the_installed_mono() {
    if !installed("mcs", "--version") || !installed("mono", "--version") {
        return;
    }
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/runtimes/DotNetSortVectors.cs"
    );
    let dir = std::env::temp_dir().join(format!("dotnet-sort-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("vectors.exe");
    let built = Command::new("mcs")
        .arg(format!("-out:{}", exe.display()))
        .arg(program)
        .output()
        .expect("mcs runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stdout)
    );
    let sizes = [
        "6", "14", "19", "24", "40", "63", "65", "256", "513", "3000",
    ];
    let out = Command::new("mono")
        .arg(&exe)
        .args(sizes)
        .output()
        .expect("mono runs");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (cases, throws, seen) = check_dotnet(&replay_dotnet(
        &String::from_utf8(out.stdout).unwrap(),
        DotNetIntroSort::MONO,
    ));
    assert_eq!(cases, sizes.len() * 13);
    assert_eq!(seen.len(), sizes.len());
    assert!(throws > 0, "no throw among {cases} sorts");
}

/// Replays each line `n seed p calls [outcome] | order` that a vector
/// program of a "less" comparator prints (`StdSortVectors.cpp`, with an
/// outcome `ok` or `out-of-bounds`; `slice_vectors.go`, always ok): `sort`
/// fed the same answers (xorshift32 from `seed * 7919 + n`: "less" when
/// the top 3 bits are below `p`; McIlroy's adversary for `p = 8`) makes as
/// many calls, stops where the runtime stopped, and leaves the same array.
/// `sort` returns whether it finished. Returns the sorts, the stopped ones
/// and the sizes seen.
fn replay_less(
    text: &str,
    sort: impl Fn(&mut [u32], &mut dyn FnMut(&u32, &u32) -> bool) -> bool,
) -> (usize, usize, Vec<u32>) {
    let (mut cases, mut stopped, mut sizes) = (0, 0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (head, order) = line.split_once(" |").expect("a line `head | order`");
        let head: Vec<&str> = head.split(' ').collect();
        let (numbers, outcome) = match head[..] {
            [n, seed, p, calls] => ([n, seed, p, calls], "ok"),
            [n, seed, p, calls, outcome] => ([n, seed, p, calls], outcome),
            _ => panic!("bad line {line}"),
        };
        let [n, seed, p, calls]: [u32; 4] = numbers.map(|t| t.parse().unwrap());
        let finished = match outcome {
            "ok" => true,
            "out-of-bounds" => false,
            other => panic!("{line}: outcome {other}"),
        };
        let want: Vec<u32> = order
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let mut s = seed * 7919 + n;
        let mut adversary = Adversary::new(n);
        let mut made = 0u32;
        let mut deck: Vec<u32> = (0..n).collect();
        let done = sort(&mut deck, &mut |&x, &y| {
            made += 1;
            if p == 8 {
                return adversary.compare(x, y) == Ordering::Less;
            }
            top_bits(&mut s) < p
        });
        assert_eq!((made, done, &deck), (calls, finished, &want), "{line}");
        cases += 1;
        stopped += usize::from(!finished);
        if sizes.last() != Some(&n) {
            sizes.push(n);
        }
    }
    (cases, stopped, sizes)
}

/// libstdc++'s sort through [`replay_less`].
fn replay_std_sort(text: &str) -> (usize, usize, Vec<u32>) {
    replay_less(text, |deck, less| LibStdCxxSort.sort(deck, less).is_ok())
}

/// Go's sort through [`replay_less`]: the sorts and the sizes seen.
fn check_go_sort(text: &str) -> (usize, Vec<u32>) {
    let (cases, stopped, sizes) = replay_less(text, |deck, less| {
        GoPdqSort.sort(deck, less);
        true
    });
    assert_eq!(stopped, 0);
    (cases, sizes)
}

/// The sorts g++ 12.2.0's `std::sort` made, committed
/// (`tests/data/libstdcxx-sort.txt`): 18 sizes, 3 seeds of 3 streams and
/// the adversary on each, 68 of them stopped at a read outside the array.
#[test]
fn libstdcxx_replays_the_recorded_sorts() {
    let text = include_str!("data/libstdcxx-sort.txt");
    let (cases, outside, sizes) = replay_std_sort(text);
    assert_eq!(cases, 18 * 10);
    assert_eq!(sizes.len(), 18);
    assert_eq!(outside, 68);
}

/// The installed g++'s `std::sort` on sizes the committed vectors do not
/// hold, on both sides of the switch-over at 16 and where the depth limit
/// sends ranges to the heapsort.
#[test]
#[ignore = "runs g++"]
fn libstdcxx_matches_the_installed_gxx() {
    if !installed("g++", "--version") {
        return;
    }
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/runtimes/StdSortVectors.cpp"
    );
    let dir = std::env::temp_dir().join(format!("std-sort-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("vectors");
    let built = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&exe)
        .arg(program)
        .output()
        .expect("g++ runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let sizes = [
        "6", "14", "19", "24", "40", "63", "65", "256", "513", "3000",
    ];
    let out = Command::new(&exe)
        .args(sizes)
        .output()
        .expect("the vectors run");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (cases, outside, seen) = replay_std_sort(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(cases, sizes.len() * 10);
    assert_eq!(seen.len(), sizes.len());
    assert!(outside > 0, "no read out of bounds among {cases} sorts");
}

/// The sorts Go 1.19.8's `sort.Slice` made, committed
/// (`tests/data/go-sort-slice.txt`): 18 sizes, 3 seeds of 3 streams and
/// the adversary on each.
#[test]
fn go_replays_the_recorded_sorts() {
    let (cases, sizes) = check_go_sort(include_str!("data/go-sort-slice.txt"));
    assert_eq!(cases, 18 * 10);
    assert_eq!(sizes.len(), 18);
}

/// The installed Go's `sort.Slice` on sizes the committed vectors do not
/// hold: both sides of 12 (insertion sort), of 50 (the ninther), and
/// large ones where bad pivots run out and the heapsort sorts.
#[test]
#[ignore = "runs go"]
fn go_matches_the_installed_go() {
    if !installed("go", "version") {
        return;
    }
    let program = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/runtimes/slice_vectors.go"
    );
    let dir = std::env::temp_dir().join(format!("go-sort-vectors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new("go")
        .args(["run", program])
        .args([
            "6", "11", "15", "24", "48", "53", "65", "256", "513", "3000",
        ])
        .env("GOCACHE", dir.join("cache"))
        .env("GOPATH", dir.join("path"))
        .output()
        .expect("go runs");
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (cases, seen) = check_go_sort(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(cases, 10 * 10);
    assert_eq!(seen.len(), 10);
}
