use super::*;

#[test]
fn the_dotnet_walk_gives_the_generators_own_outputs() {
    let check = |start: u32, seeds: u32| {
        let mut walk = DotNetOutputWalk::new(start, 60).unwrap();
        for s in start..start + seeds {
            let mut r = DotNetRandom::new(s as i32);
            let want: Vec<i32> = (0..60).map(|_| r.next_int()).collect();
            assert_eq!(walk.seed(), s);
            assert_eq!(walk.outputs(), want, "seed {s}");
            if !walk.advance() {
                assert_eq!(s, DotNetOutputWalk::LINEAR_UP_TO);
            }
        }
    };
    check(0, 3000);
    check(86_399_000, 2000);
    check(DotNetOutputWalk::LINEAR_UP_TO - 2000, 2001);
    let mut x = 12345u64;
    for _ in 0..50 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        check((x >> 33) as u32 % DotNetOutputWalk::LINEAR_UP_TO, 3);
    }
    assert!(DotNetOutputWalk::new(DotNetOutputWalk::LINEAR_UP_TO + 1, 5).is_none());
}

/// Above the walk's last seed `mj` is negative and C#'s `int`
/// arithmetic wraps: the outputs are no longer the linear ones for
/// every seed (here, for some seed of the next million).
#[test]
fn above_the_walk_the_outputs_are_not_all_linear() {
    let walk = DotNetOutputWalk::new(DotNetOutputWalk::LINEAR_UP_TO, 60).unwrap();
    let mut linear = walk.outputs().to_vec();
    let broken = (1..=1_000_000).find(|k| {
        for (o, &c) in linear.iter_mut().zip(&walk.step) {
            *o = sub_mod(*o, c);
        }
        let mut r = DotNetRandom::new((DotNetOutputWalk::LINEAR_UP_TO + k) as i32);
        linear.iter().any(|&o| o != r.next_int())
    });
    assert!(broken.is_some());
}

/// `scripts/random-shuffle-rand15.cpp`, compiled by g++ 12, runs
/// libstdc++'s own `random_shuffle` on 3,000,000 elements with
/// Microsoft's `rand()` from seed 1 and prints the sum of `|p[i] − i|`.
#[test]
fn libstdcxx_random_shuffle_matches_gcc_12() {
    let n = 3_000_000usize;
    let mut p: Vec<u32> = (0..n as u32).collect();
    let mut c = crate::seed_space::CRand::srand(1);
    libstdcxx_random_shuffle(&mut p, &mut || c.rand());
    let sum: u64 = p
        .iter()
        .enumerate()
        .map(|(i, &v)| (i as u64).abs_diff(u64::from(v)))
        .sum();
    assert_eq!(sum, 193_390_169_814);
    let mut q: Vec<u8> = (0..10).collect();
    let mut script = [3u32, 0, 7, 1, 9, 2, 2, 8, 4].into_iter();
    libstdcxx_random_shuffle(&mut q, &mut || script.next().unwrap());
    // i = 1: 3 % 2 = 1 stays; i = 2: 0; i = 3: 7 % 4 = 3 stays; ...
    let mut r: Vec<u8> = (0..10).collect();
    for (i, x) in [3u32, 0, 7, 1, 9, 2, 2, 8, 4].iter().enumerate() {
        r.swap(i + 1, *x as usize % (i + 2));
    }
    assert_eq!(q, r);
}

#[test]
fn delphi_random_is_the_published_recurrence() {
    // RandSeed := 0: the states are 1, $08088406, ... and Random(n) the
    // high half of n * RandSeed (computed here with 128-bit integers).
    let mut r = DelphiRandom::seeded(0);
    let mut state: u128 = 0;
    for _ in 0..1000 {
        state = (state * 0x0808_8405 + 1) % (1 << 32);
        let want = (51 * state) >> 32;
        assert_eq!(u128::from(r.random(51)), want);
        assert_eq!(u128::from(r.rand_seed), state);
    }
    // The first states after RandSeed := 0.
    let mut r = DelphiRandom::seeded(0);
    r.random(1);
    assert_eq!(r.rand_seed, 1);
    r.random(1);
    assert_eq!(r.rand_seed, 0x0808_8406);
}

#[test]
fn glibc_rand_is_what_glibc_prints() {
    // Printed by glibc 2.36 (Debian 12), `srand(seed)` then `rand()`
    // in a loop: `printf("%d ", rand())`, compiled with gcc 12.
    let cases: [(u32, &[u32]); 5] = [
        (
            1,
            &[
                1804289383, 846930886, 1681692777, 1714636915, 1957747793, 424238335, 719885386,
                1649760492,
            ],
        ),
        (0, &[1804289383, 846930886, 1681692777]),
        (
            1349827200,
            &[1238217896, 60976004, 620463343, 1708024157, 810371295],
        ),
        (3000000000, &[2058147116, 854483408, 922419988, 286396165]),
        (4294967295, &[254925627, 1205188300, 366127624, 1401405153]),
    ];
    for (seed, want) in cases {
        let mut g = GlibcRand::srand(seed);
        let got: Vec<u32> = want.iter().map(|_| g.rand()).collect();
        assert_eq!(got, want, "srand({seed})");
    }
}

#[test]
fn mt19937_is_what_the_standard_and_libstdcxx_print() {
    // [rand.predef]: the 10,000th output of a default-constructed
    // std::mt19937 (seed 5489) is 4123659995.
    let mut g = Mt19937::new(5489);
    let last = (0..10_000).map(|_| g.next_u32()).last();
    assert_eq!(last, Some(4_123_659_995));
    // Printed by g++ 12.2 (libstdc++, Debian 12): std::mt19937 g(seed)
    // then g() four times.
    let cases: [(u32, [u32; 4]); 3] = [
        (1, [1791095845, 4282876139, 3093770124, 4005303368]),
        (5489, [3499211612, 581869302, 3890346734, 3586334585]),
        (1349827200, [3915812081, 3398251691, 2882921421, 1005037509]),
    ];
    for (seed, want) in cases {
        let mut g = Mt19937::new(seed);
        assert_eq!(want.map(|_| g.next_u32()), want, "seed {seed}");
    }
    // PHP 7.1+: mt_srand(1); mt_rand() is the first output shifted
    // right by one, 895547922 (the value PHP's documentation prints).
    assert_eq!(Mt19937::new(1).next_u32() >> 1, 895_547_922);
}

#[test]
fn libstdcxx_distribution_and_shuffle_are_what_gxx_prints() {
    // g++ 12.2: std::mt19937 g(7); std::uniform_int_distribution<unsigned
    // long> d(0, 2999999999); d(g) six times (a range that rejects).
    let mut g = Mt19937::new(7);
    let got: Vec<u64> = (0..6)
        .map(|_| libstdcxx_uniform_below(&mut g, 3_000_000_000))
        .collect();
    assert_eq!(
        got,
        [
            228924873, 682017224, 956916682, 1315227674, 2934668688, 2170395539
        ]
    );
    // g++ 12.2: std::mt19937 g(seed); std::shuffle(v.begin(), v.end(), g)
    // on v = 0..n.
    let cases: [(u32, &[u8]); 6] = [
        (1349827200, &[4, 1, 2, 3, 0]),
        (1349827200, &[8, 6, 9, 4, 1, 7, 3, 2, 0, 5]),
        (
            1349827200,
            &[
                30, 25, 41, 35, 43, 7, 19, 31, 0, 39, 37, 8, 2, 40, 12, 15, 27, 38, 26, 42, 11, 28,
                1, 10, 45, 44, 49, 21, 48, 20, 29, 34, 14, 23, 17, 18, 50, 16, 32, 5, 47, 36, 13,
                22, 51, 9, 24, 3, 4, 33, 46, 6,
            ],
        ),
        (
            1349827200,
            &[
                31, 7, 37, 26, 46, 50, 4, 32, 28, 6, 20, 34, 5, 41, 9, 42, 15, 39, 33, 43, 2, 29,
                30, 12, 44, 10, 45, 40, 16, 49, 52, 35, 8, 22, 17, 21, 36, 51, 1, 3, 11, 38, 13,
                27, 24, 19, 23, 25, 14, 18, 0, 47, 48,
            ],
        ),
        (1349870000, &[1, 0, 2]),
        (1349870000, &[3, 4, 7, 9, 2, 5, 0, 8, 6, 1]),
    ];
    for (seed, want) in cases {
        let mut deck: Vec<u8> = (0..want.len() as u8).collect();
        libstdcxx_shuffle(&mut deck, &mut Mt19937::new(seed));
        assert_eq!(deck, want, "seed {seed}, {} cards", want.len());
    }
}

#[test]
fn php_mt_rand_is_what_php_src_tests_expect() {
    // php-src ext/standard/tests/math/mt_rand_value.phpt, the
    // MT_RAND_MT19937 half: mt_srand(12345678), sixteen mt_rand(), then
    // the xor of the next 1024.
    let mut r = PhpMtRand::mt_srand(12_345_678);
    let first: Vec<u32> = (0..16).map(|_| r.mt_rand()).collect();
    assert_eq!(
        first,
        [
            527860569, 1711027313, 1280820687, 688176834, 770499160, 412773096, 813703253,
            898651287, 52508912, 757323740, 511765911, 274407457, 833082629, 1923803667,
            1461450755, 1301698200,
        ]
    );
    let x = (0..1024).fold(0, |x, _| x ^ r.mt_rand());
    assert_eq!(x, 1_612_214_270);
}

#[test]
fn php_range_masks_powers_of_two_and_rejects_the_rest() {
    // The raw outputs of seed 5489 are 3499211612, 581869302, ...
    let mut r = PhpMtRand::mt_srand(5489);
    assert_eq!(r.range(3), 3_499_211_612 & 3);
    assert_eq!(r.range(u32::MAX), 581_869_302);
    // 3890346734 is within the limit for a size of 3 (4294967293).
    assert_eq!(r.range(2), 3_890_346_734 % 3);
    // A size of 2^31 + 1 rejects every output above the limit
    // 4294967295 - 2147483646 - 1 = 2^31: 3586334585 is rejected and
    // the next output below the limit is used.
    let mut g = Mt19937::new(5489);
    let raw: Vec<u32> = (0..8).map(|_| g.next_u32()).collect();
    let size = (1u32 << 31) + 1;
    let limit = u32::MAX - (u32::MAX % size) - 1;
    let want = raw[4..].iter().find(|&&w| w <= limit).unwrap() % size;
    assert!(raw[3] > limit);
    assert_eq!(r.range(1 << 31), want);
}

#[test]
fn java_random_is_what_java_prints() {
    // Printed by OpenJDK 17.0.15: new Random(seed), nextInt() three
    // times, then nextInt(52), nextInt(64), nextInt(1000),
    // nextInt(1 << 30), nextInt(Integer.MAX_VALUE).
    let cases: [(i64, [i64; 8]); 5] = [
        (
            0,
            [
                -1155484576,
                -723955400,
                1033096058,
                47,
                40,
                53,
                591027245,
                251269761,
            ],
        ),
        (
            1,
            [
                -1155869325,
                431529176,
                1761283695,
                9,
                13,
                904,
                357252217,
                1414906606,
            ],
        ),
        (
            42,
            [
                -1170105035,
                234785527,
                -1360544799,
                12,
                19,
                525,
                297510752,
                1519796918,
            ],
        ),
        (
            1349870000123,
            [
                554415930,
                -1891065315,
                -397988946,
                22,
                60,
                723,
                57180534,
                1242151990,
            ],
        ),
        (
            -5,
            [
                1156638822, 1560933443, 1434915906, 4, 24, 385, 308505528, 497885393,
            ],
        ),
    ];
    for (seed, want) in cases {
        let mut r = JavaRandom::new(seed as u64);
        let mut got: Vec<i64> = (0..3).map(|_| i64::from(r.next_int())).collect();
        for bound in [52, 64, 1000, 1 << 30, i32::MAX as u32] {
            got.push(i64::from(r.next_int_below(bound)));
        }
        assert_eq!(got, want, "seed {seed}");
    }
}

#[test]
fn dotnet_random_is_what_the_runtime_tests_expect() {
    // dotnet/runtime, System.Runtime.Extensions tests, RandomTests.cs,
    // `Values()`: new Random(seed), Next() ten times, seeds 0 to 19
    // (here seeds 0, 1, 2 and 19).
    let cases: [(i32, [i32; 10]); 4] = [
        (
            0,
            [
                1559595546, 1755192844, 1649316166, 1198642031, 442452829, 1200195957, 1945678308,
                949569752, 2099272109, 587775847,
            ],
        ),
        (
            1,
            [
                534011718, 237820880, 1002897798, 1657007234, 1412011072, 929393559, 760389092,
                2026928803, 217468053, 1379662799,
            ],
        ),
        (
            2,
            [
                1655911537, 867932563, 356479430, 2115372437, 234085668, 658591161, 1722583523,
                956804207, 483147644, 24066104,
            ],
        ),
        (
            19,
            [
                1400855637, 842412939, 104785409, 1317646300, 1684190270, 349917689, 900019674,
                2092038898, 704733397, 601242406,
            ],
        ),
    ];
    for (seed, want) in cases {
        let mut r = DotNetRandom::new(seed);
        assert_eq!(want.map(|_| r.next_int()), want, "seed {seed}");
    }
    // A negative seed is its absolute value.
    assert_eq!(DotNetRandom::new(-1).next_int(), 534_011_718);
}

/// `node --random-seed=S -e 'for (…) a.push(Math.random())'`, node 20.20.2
/// (V8 11.3.244.8): the numbers at 0, 1, 63 (the end of the first refill,
/// its first number made), 64, 65 (the second refill) and 129 (the third).
#[test]
fn math_random_gives_nodes_numbers_across_its_refills() {
    let mut r = V8MathRandom::random_seed(42).unwrap();
    let numbers: Vec<f64> = (0..130).map(|_| r.math_random()).collect();
    let want = [
        (0, 0.7939112874678715),
        (1, 0.5254990606499601),
        (63, 0.08156904043271651),
        (64, 0.4706713645501157),
        (65, 0.2603201442309373),
        (129, 0.22660586183432097),
    ];
    for (i, x) in want {
        assert_eq!(numbers[i], x, "number {i}");
    }
    // A negative seed is sign-extended: node --random-seed=-5.
    let mut r = V8MathRandom::random_seed(-5).unwrap();
    assert_eq!(r.math_random(), 0.51453384651197);
    assert_eq!(r.math_random(), 0.27201102536773725);
    assert!(V8MathRandom::random_seed(0).is_none());
}

/// A Fisher–Yates deal in node: `for (let i = a.length - 1; i > 0; i--) {
/// const j = Math.floor(Math.random() * (i + 1)); [a[i], a[j]] = [a[j],
/// a[i]]; }` on `[0, …, 51]`.
fn node_deal(r: &mut V8MathRandom) -> Vec<u8> {
    let mut a: Vec<u8> = (0..52).collect();
    for i in (1..a.len()).rev() {
        let j = r.floor_times(i as u32 + 1) as usize;
        a.swap(i, j);
    }
    a
}

/// `node --random-seed=7`, three such deals in a row: the first and the
/// third (51 numbers each, so the third crosses the first refill).
#[test]
fn fisher_yates_deals_as_node_deals() {
    let mut r = V8MathRandom::random_seed(7).unwrap();
    let first = node_deal(&mut r);
    node_deal(&mut r);
    let third = node_deal(&mut r);
    let text = |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    assert_eq!(
        text(&first),
        "39,43,42,25,10,27,32,40,0,15,14,8,30,31,6,36,45,11,1,19,22,34,46,35,13,29,17,50,49,7,47,24,21,20,18,3,28,41,16,51,9,23,38,2,33,37,4,12,5,48,26,44"
    );
    assert_eq!(
        text(&third),
        "20,10,25,6,14,30,17,5,22,43,13,7,48,2,23,36,24,39,49,18,29,45,15,16,32,27,47,44,31,46,51,11,38,41,21,28,26,42,19,35,4,0,50,37,12,33,40,3,34,1,9,8"
    );
}

/// The same deals from node itself, for seeds this test draws: node 20 on
/// PATH (`.ci/run` runs the ignored tests).
#[test]
#[ignore = "runs node"]
fn deals_match_node_for_many_seeds() {
    let program = "const out = []; for (let d = 0; d < 4; d++) { const a = [...Array(52).keys()]; \
         for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); \
         [a[i], a[j]] = [a[j], a[i]]; } out.push(a.join(',')); } console.log(out.join('\\n'));";
    for seed in [1, -1, 2026, i32::MAX, i32::MIN, 123_456_789] {
        let out = std::process::Command::new("node")
            .arg(format!("--random-seed={seed}"))
            .args(["-e", program])
            .output()
            .expect("node on PATH");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut r = V8MathRandom::random_seed(seed).unwrap();
        let ours: Vec<String> = (0..4)
            .map(|_| {
                node_deal(&mut r)
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap().trim_end(),
            ours.join("\n"),
            "seed {seed}"
        );
    }
}
