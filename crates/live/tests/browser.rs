//! The live page in a real browser: headless Chromium driven over the
//! DevTools protocol. The naive swap is flagged, Fisher–Yates runs 10^6
//! decks without an alarm, a syntax error is shown as an error and not as
//! a verdict, and the page logs no error to its console.
//!
//! These need Chromium, so `cargo test --workspace` skips them
//! (`#[ignore]`); `.ci/run` installs Chromium when it is missing and runs
//! them with the other ignored tests (`cargo test --workspace -- --ignored`).
//! `CHROMIUM` names the browser's binary; by default the first of
//! `chromium`, `chromium-browser` and `google-chrome` on the `PATH`.
//! `LIVE_SCREENSHOTS=DIR` writes the page at 1280 and 390 px wide there.

use chromiumoxide::browser::{Browser, BrowserConfig};
use chromiumoxide::cdp::browser_protocol::log::{EnableParams, EventEntryAdded, LogEntryLevel};
use chromiumoxide::cdp::js_protocol::runtime::{
    ConsoleApiCalledType, EventConsoleApiCalled, EventExceptionThrown,
};
use chromiumoxide::handler::viewport::Viewport;
use chromiumoxide::page::{Page, ScreenshotParams};
use futures::StreamExt;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("CHROMIUM") {
        return PathBuf::from(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return p;
            }
        }
    }
    panic!("no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM");
}

/// The page's server on a free loopback port: its address.
fn serve() -> String {
    let server = live::Server::bind(
        "127.0.0.1:0".parse().unwrap(),
        1e-3,
        live::Limits::default(),
    )
    .unwrap();
    let url = server.url();
    std::thread::spawn(move || server.run(std::future::pending(), std::future::pending()));
    url
}

/// A headless Chromium `width` pixels wide, in a profile of its own, with
/// every console error, uncaught exception and failed load of its pages
/// collected.
struct Chrome {
    browser: Browser,
    problems: Arc<Mutex<Vec<String>>>,
    _profile: tempdir::Dir,
}

mod tempdir {
    /// A folder removed when dropped.
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new(name: &str) -> Dir {
            let p = std::env::temp_dir().join(format!(
                "live-browser-{name}-{}-{:?}",
                std::process::id(),
                std::time::SystemTime::now()
            ));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl Chrome {
    async fn launch(name: &str, width: u32, height: u32) -> Chrome {
        let profile = tempdir::Dir::new(name);
        let config = BrowserConfig::builder()
            .chrome_executable(chromium())
            .no_sandbox()
            .user_data_dir(&profile.0)
            .window_size(width, height)
            .viewport(Viewport {
                width,
                height,
                device_scale_factor: Some(1.0),
                ..Viewport::default()
            })
            .args([
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
            ])
            .build()
            .unwrap();
        let (browser, mut handler) = Browser::launch(config).await.expect("Chromium starts");
        tokio::spawn(async move { while handler.next().await.is_some() {} });
        Chrome {
            browser,
            problems: Arc::new(Mutex::new(Vec::new())),
            _profile: profile,
        }
    }

    /// Opens `url`, watching its console and its loads.
    async fn open(&self, url: &str) -> Page {
        let page = self.browser.new_page("about:blank").await.unwrap();
        page.execute(EnableParams::default()).await.unwrap();
        let mut console = page
            .event_listener::<EventConsoleApiCalled>()
            .await
            .unwrap();
        let mut thrown = page.event_listener::<EventExceptionThrown>().await.unwrap();
        let mut logged = page.event_listener::<EventEntryAdded>().await.unwrap();
        let problems = self.problems.clone();
        tokio::spawn(async move {
            while let Some(e) = console.next().await {
                if matches!(
                    e.r#type,
                    ConsoleApiCalledType::Error | ConsoleApiCalledType::Assert
                ) {
                    problems
                        .lock()
                        .unwrap()
                        .push(format!("console: {:?}", e.args));
                }
            }
        });
        let problems = self.problems.clone();
        tokio::spawn(async move {
            while let Some(e) = thrown.next().await {
                problems
                    .lock()
                    .unwrap()
                    .push(format!("exception: {:?}", e.exception_details));
            }
        });
        let problems = self.problems.clone();
        tokio::spawn(async move {
            while let Some(e) = logged.next().await {
                if e.entry.level == LogEntryLevel::Error {
                    problems
                        .lock()
                        .unwrap()
                        .push(format!("log: {}", e.entry.text));
                }
            }
        });
        page.goto(url).await.unwrap();
        page
    }

    fn problems(&self) -> Vec<String> {
        self.problems.lock().unwrap().clone()
    }
}

async fn eval(page: &Page, js: &str) -> Value {
    page.evaluate(js)
        .await
        .unwrap_or_else(|e| panic!("{js}: {e}"))
        .into_value()
        .unwrap_or(Value::Null)
}

/// Polls `js` every 100 ms until `done` holds of it, for at most `limit`.
async fn until(page: &Page, js: &str, limit: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let v = eval(page, js).await;
        if done(&v) {
            return v;
        }
        assert!(start.elapsed() < limit, "{js} after {limit:?}: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn screenshot(page: &Page, name: &str) {
    if let Some(dir) = std::env::var_os("LIVE_SCREENSHOTS") {
        let png = page
            .screenshot(ScreenshotParams::builder().full_page(true).build())
            .await
            .unwrap();
        std::fs::write(PathBuf::from(dir).join(name), png).unwrap();
    }
}

const STATE: &str = "window.shuffleAudit && window.shuffleAudit.state";

/// One browser at a time: the tests time the page (an alarm within
/// seconds, refreshes a second), and two Chromiums on the two cores CI has
/// would time each other.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium; run by .ci/run"]
async fn the_naive_swap_is_flagged_within_seconds() {
    let _one = ONE_AT_A_TIME.lock().await;
    let url = serve();
    for (name, width) in [("wide", 1280), ("phone", 390)] {
        let chrome = Chrome::launch(name, width, 900).await;
        let page = chrome
            .open(&format!("{url}?example=naive-swap&run=1"))
            .await;
        let start = Instant::now();
        let s = until(&page, STATE, Duration::from_secs(30), |s| {
            s["verdict"] == "biased"
        })
        .await;
        let took = start.elapsed();
        assert!(took < Duration::from_secs(10), "flagged after {took:?}");
        assert_eq!(s["example"], "naive-swap");
        assert_eq!(s["deck"], 8);
        assert!(s["evidence"].as_f64().unwrap() >= 3.0, "{s}");
        assert!(
            s["finding"].as_str().unwrap().starts_with("Biased: after "),
            "{s}"
        );
        // The exact law beside the counts, and the run stopped.
        assert!(s["heatmap"]["exact"].is_array());
        until(
            &page,
            "window.shuffleAudit.running",
            Duration::from_secs(5),
            |r| r == false,
        )
        .await;
        let shown = eval(&page, "document.getElementById('finding').textContent").await;
        assert_eq!(shown, s["finding"]);
        assert_eq!(
            eval(&page, "document.getElementById('exact-figure').hidden").await,
            false
        );
        // The server says the same, of the run the page named.
        let run = s["session"].as_str().expect("the page's run id");
        let server = ureq::get(format!("{url}state?session={run}&heatmap=0"))
            .call()
            .unwrap()
            .body_mut()
            .read_json::<Value>()
            .unwrap();
        assert_eq!(server["verdict"], "biased");
        assert_eq!(server["decks"], s["decks"]);
        // The step-by-step boards: two steps moved on each.
        eval(
            &page,
            "document.getElementById('step').click(); document.getElementById('step').click(); 0",
        )
        .await;
        let note = eval(&page, "document.getElementById('naive-note').textContent").await;
        assert!(note.as_str().unwrap().starts_with("Step 2 of 6"), "{note}");
        let note = eval(&page, "document.getElementById('fy-note').textContent").await;
        assert!(note.as_str().unwrap().starts_with("Step 2 of 6"), "{note}");
        screenshot(&page, &format!("naive-swap-{width}.png")).await;
        assert_eq!(eval(&page, "window.shuffleAudit.errors.length").await, 0);
        assert_eq!(chrome.problems(), Vec::<String>::new());
    }
}

/// Where the page's parts are: each of `ids` as `[left, top, right,
/// bottom]` in the viewport, and the viewport and page sizes.
const LAYOUT: &str = "(() => { const r = {}; \
    for (const id of ['code', 'observed', 'evidence', 'finding']) { \
      const b = document.getElementById(id).getBoundingClientRect(); \
      r[id] = [b.left, b.top, b.right, b.bottom]; } \
    r.view = [innerWidth, innerHeight, document.documentElement.scrollWidth, scrollY]; \
    return r; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium; run by .ci/run"]
async fn the_lesson_runs_on_a_classroom_screen_and_a_phone() {
    let _one = ONE_AT_A_TIME.lock().await;
    let url = serve();
    let config = ureq::get(format!("{url}config"))
        .call()
        .unwrap()
        .body_mut()
        .read_json::<Value>()
        .unwrap();
    for (name, width, height) in [("classroom", 1280, 720), ("phone", 390, 844)] {
        let chrome = Chrome::launch(name, width, height).await;
        // The lesson's altNaiveShuffle, going on to 50,000 decks after its
        // alarm so that its pattern shows.
        let page = chrome
            .open(&format!(
                "{url}?example=alt-naive-shuffle&deck=6&run=1&until=50000"
            ))
            .await;
        let s = until(&page, STATE, Duration::from_secs(60), |s| {
            s["decks"].as_u64() == Some(50_000)
        })
        .await;
        until(
            &page,
            "window.shuffleAudit.running",
            Duration::from_secs(10),
            |r| r == false,
        )
        .await;
        // The verdict is the alarm's, on the decks bet on.
        assert_eq!(s["verdict"], "biased", "{s}");
        let alarm = s["detail"]["alarm_deck"].as_u64().unwrap();
        assert!(alarm < 50_000, "{s}");
        assert_eq!(s["detail"]["decks"].as_u64(), Some(alarm));
        assert_eq!(s["curve"].as_array().unwrap().last().unwrap()[0], alarm);
        let finding = s["finding"].as_str().unwrap();
        assert!(finding.starts_with("Biased: after "), "{finding}");
        assert!(finding.contains("went on to 50,000 decks"), "{finding}");
        // 50,000 decks of 6: each cell expects 8,333 counts, so its change
        // from fair has a standard deviation under 1.1 %; every cell is
        // within 6 % of the exact law's (5.5 standard deviations: a
        // fair sample strays that far with probability under 10^-6).
        let h = &s["heatmap"];
        for card in 0..6 {
            for pos in 0..6 {
                let seen = h["observed"][card][pos].as_f64().unwrap();
                let exact = h["exact"][card][pos].as_f64().unwrap();
                assert!(
                    (seen - exact).abs() < 0.06,
                    "card {card} at {pos}: {seen} vs {exact}"
                );
            }
        }
        // Rows and columns labelled; each cell read out.
        assert_eq!(
            eval(&page, "document.getElementById('observed').dataset.n").await,
            "6"
        );
        let cell = eval(&page, "window.shuffleAudit.cell(0, 1)").await;
        let cell = cell.as_str().unwrap();
        for words in [
            "card 0 → position 1",
            "your shuffle +",
            "fair control ",
            "exact law +24%",
        ] {
            assert!(cell.contains(words), "{words:?} not in {cell:?}");
        }
        // The code, the heatmap and the evidence: whole and on screen
        // without scrolling at 1280 × 720; no sideways scrolling on a
        // phone.
        let l = eval(&page, LAYOUT).await;
        let view = &l["view"];
        let (w, h) = (view[0].as_f64().unwrap(), view[1].as_f64().unwrap());
        assert!(
            view[2].as_f64().unwrap() <= w,
            "{name}: the page scrolls sideways: {l}"
        );
        for id in ["code", "observed", "evidence", "finding"] {
            let r: Vec<f64> = l[id]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect();
            assert!(
                r[0] >= 0.0 && r[2] <= w,
                "{name}: #{id} runs off the side: {l}"
            );
            if width == 1280 {
                assert!(
                    r[1] >= 0.0 && r[3] <= h,
                    "{name}: #{id} is not all on screen: {l}"
                );
            }
        }
        // The step-by-step view runs the lesson's loops, quoted as the
        // report quotes them.
        let quoted = eval(
            &page,
            "document.getElementById('steps-code').dataset.quotes",
        )
        .await;
        assert_eq!(quoted, "alt-naive-shuffle fisher-yates");
        let code = eval(&page, "document.getElementById('steps-code').textContent").await;
        for line in config["lesson"].as_array().unwrap() {
            assert!(
                code.as_str()
                    .unwrap()
                    .contains(line["code"].as_str().unwrap()),
                "{code}"
            );
        }
        eval(
            &page,
            "document.getElementById('again').click(); document.getElementById('step').click(); \
             document.getElementById('step').click(); 0",
        )
        .await;
        for board in ["naive-note", "fy-note"] {
            let note = eval(
                &page,
                &format!("document.getElementById('{board}').textContent"),
            )
            .await;
            assert!(
                note.as_str()
                    .unwrap()
                    .starts_with("Step 2 of 6: position 4 swaps"),
                "{board}: {note}"
            );
        }
        screenshot(&page, &format!("lesson-{width}.png")).await;
        assert_eq!(eval(&page, "window.shuffleAudit.errors.length").await, 0);
        assert_eq!(chrome.problems(), Vec::<String>::new());
    }
}

/// The numbers along a heatmap's top (and, at the same steps, down its
/// side) stand apart and inside the canvas: each ends at least 2 pixels
/// before the next starts.
async fn numbers_stand_apart(page: &Page, canvas: &str, n: usize) {
    let js = format!("document.getElementById('{canvas}').dataset.labels");
    let labels: Vec<[f64; 2]> =
        serde_json::from_str(eval(page, &js).await.as_str().unwrap()).unwrap();
    let width = eval(
        page,
        &format!("document.getElementById('{canvas}').clientWidth"),
    )
    .await
    .as_f64()
    .unwrap();
    assert!(labels.len() >= 3, "{canvas}, {n} cards: {labels:?}");
    assert!(labels[0][0] >= 0.0 && labels.last().unwrap()[1] <= width);
    for pair in labels.windows(2) {
        assert!(
            pair[0][1] + 2.0 <= pair[1][0],
            "{canvas}, {n} cards, {width} px: numbers overlap: {labels:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium; run by .ci/run"]
async fn the_heatmaps_numbers_stand_apart_on_a_phone_at_every_deck_size() {
    let _one = ONE_AT_A_TIME.lock().await;
    let url = serve();
    let chrome = Chrome::launch("numbers", 390, 844).await;
    for n in [52, 60, 9, 3] {
        let page = chrome
            .open(&format!("{url}?example=fisher-yates&deck={n}&run=1"))
            .await;
        until(&page, STATE, Duration::from_secs(20), |s| {
            s["decks"].as_u64().unwrap_or(0) > 0
        })
        .await;
        for canvas in ["observed", "control"] {
            numbers_stand_apart(&page, canvas, n).await;
        }
        eval(&page, "document.getElementById('stop').click(); 0").await;
        if n == 52 {
            screenshot(&page, "numbers-390.png").await;
        }
    }
    assert_eq!(chrome.problems(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium; run by .ci/run"]
async fn fisher_yates_runs_a_million_decks_without_an_alarm() {
    let _one = ONE_AT_A_TIME.lock().await;
    let url = serve();
    let chrome = Chrome::launch("fy", 1280, 900).await;
    let page = chrome
        .open(&format!("{url}?example=fisher-yates&deck=52&run=1"))
        .await;
    let start = Instant::now();
    let first = until(&page, STATE, Duration::from_secs(20), |s| {
        s["decks"].as_u64().unwrap_or(0) > 0
    })
    .await;
    let refreshes0 = eval(&page, "window.shuffleAudit.refreshes")
        .await
        .as_u64()
        .unwrap();
    let t0 = Instant::now();
    let s = until(&page, STATE, Duration::from_secs(240), |s| {
        assert_ne!(s["verdict"], "biased", "a false alarm: {s}");
        s["decks"].as_u64().unwrap_or(0) >= 1_000_000
    })
    .await;
    let seconds = t0.elapsed().as_secs_f64();
    let refreshes = eval(&page, "window.shuffleAudit.refreshes")
        .await
        .as_u64()
        .unwrap()
        - refreshes0;
    eval(&page, "document.getElementById('stop').click(); 0").await;
    assert_eq!(s["verdict"], "watching");
    assert_eq!(first["deck"], 52);
    for canvas in ["observed", "control"] {
        numbers_stand_apart(&page, canvas, 52).await;
    }
    // Far below 1, the evidence is said in words.
    let evidence = s["evidence"].as_f64().unwrap();
    let finding = s["finding"].as_str().unwrap();
    if evidence < -1.0 {
        assert!(finding.starts_with("No evidence of bias in "), "{finding}");
    }
    // The display keeps up: at least twice a second.
    assert!(
        refreshes as f64 / seconds >= 2.0,
        "{refreshes} refreshes in {seconds:.1} s"
    );
    println!(
        "Fisher–Yates, 52 cards: 10^6 decks in {:.1} s from the first ({:.0} decks a second), {:.1} refreshes a second; evidence 10^{:.2}",
        start.elapsed().as_secs_f64(),
        s["decks"].as_f64().unwrap() / seconds,
        refreshes as f64 / seconds,
        s["evidence"].as_f64().unwrap()
    );
    screenshot(&page, "fisher-yates-1280.png").await;
    assert_eq!(eval(&page, "window.shuffleAudit.errors.length").await, 0);
    assert_eq!(chrome.problems(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium; run by .ci/run"]
async fn broken_code_is_an_error_and_not_a_verdict() {
    let _one = ONE_AT_A_TIME.lock().await;
    let url = serve();
    let chrome = Chrome::launch("broken", 1280, 900).await;
    let page = chrome.open(&url).await;
    until(
        &page,
        "document.getElementById('example').options.length",
        Duration::from_secs(10),
        |n| n.as_u64().unwrap_or(0) > 0,
    )
    .await;
    let set_and_run = |code: &str| {
        format!(
            "(() => {{ const c = document.getElementById('code'); c.value = {}; \
             c.dispatchEvent(new Event('input')); document.getElementById('run').click(); return 0; }})()",
            serde_json::to_string(code).unwrap()
        )
    };
    for (code, expected) in [
        ("function shuffle(deck) { return deck", "SyntaxError"),
        (
            "function shuffle(deck) { return [0, 0, 1]; }",
            "a deck of 8 cards was expected",
        ),
        (
            "function shuffle(deck) { deck[0] = 1; return deck; }",
            "not the cards 0 to 7 once each",
        ),
        (
            "function deal(deck) { return deck; }",
            "the code defines no function shuffle(deck)",
        ),
        (
            "function shuffle(deck) { throw new Error('boom'); }",
            "Error: boom",
        ),
    ] {
        eval(&page, &set_and_run(code)).await;
        let error = until(
            &page,
            "window.shuffleAudit.error",
            Duration::from_secs(10),
            |e| e.is_string(),
        )
        .await;
        assert!(
            error.as_str().unwrap().contains(expected),
            "{code}: {error}"
        );
        // No run was started, so no verdict is shown.
        let server = ureq::get(format!("{url}state?heatmap=0"))
            .call()
            .unwrap()
            .body_mut()
            .read_json::<Value>()
            .unwrap();
        assert_eq!(server["verdict"], "idle", "{code}: {server}");
        let finding = eval(&page, "document.getElementById('finding').textContent").await;
        assert!(!finding.as_str().unwrap().contains("Biased"), "{finding}");
        assert_eq!(
            eval(&page, "document.getElementById('run').disabled").await,
            false
        );
    }
    screenshot(&page, "syntax-error-1280.png").await;
    assert_eq!(eval(&page, "window.shuffleAudit.errors.length").await, 0);
    assert_eq!(chrome.problems(), Vec::<String>::new());
}
