//! The live page's server over HTTP: runs, batches, the state, and every
//! request it must refuse.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

mod connections;

/// A server on a free loopback port, serving on a thread of its own until
/// the test ends.
fn server(limits: live::Limits) -> SocketAddr {
    let server = live::Server::bind("127.0.0.1:0".parse().unwrap(), 1e-3, limits).unwrap();
    let addr = server.local_addr();
    std::thread::spawn(move || server.run(std::future::pending(), std::future::pending()));
    addr
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// `(status, JSON body)` of a request.
fn call(r: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> (u16, Value) {
    let mut r = r.unwrap();
    let status = r.status().as_u16();
    (status, r.body_mut().read_json().unwrap())
}

fn start(addr: SocketAddr, body: Value) -> (u16, Value) {
    call(
        agent()
            .post(format!("http://{addr}/sessions"))
            .send_json(body),
    )
}

fn send(addr: SocketAddr, session: &str, batch: &[u8]) -> (u16, Value) {
    call(
        agent()
            .post(format!("http://{addr}/sessions/{session}/decks"))
            .header("Content-Type", "application/octet-stream")
            .send(batch),
    )
}

fn state(addr: SocketAddr, query: &str) -> Value {
    call(agent().get(format!("http://{addr}/state{query}")).call()).1
}

/// A raw request, headers as given: its status line and body.
fn raw(addr: SocketAddr, request: &str) -> (String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out.lines().next().unwrap_or("").to_string();
    let body = out.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// `count` decks of `n` cards by Fisher–Yates on a small generator of the
/// test's own (xorshift, seeded).
fn fair(n: usize, count: usize, mut seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * count);
    for _ in 0..count {
        let mut deck: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            deck.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        out.extend_from_slice(&deck);
    }
    out
}

#[test]
fn a_run_counts_its_batches_and_stops_a_biased_shuffle() {
    let addr = server(live::Limits::default());
    assert_eq!(state(addr, "")["verdict"], "idle");
    let (status, started) = start(addr, json!({"deck": 6, "example": "naive-swap"}));
    assert_eq!(status, 200, "{started}");
    assert_eq!(started["exact"], true);
    let id = started["session"].as_str().unwrap().to_string();
    assert!(
        id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
        "128 bits in hex: {id}"
    );
    // 2,000 fair decks: counted, no alarm.
    let (status, added) = send(addr, &id, &fair(6, 2_000, 7));
    assert_eq!(status, 200, "{added}");
    assert_eq!(added["decks"], 2_000);
    assert_eq!(added["stop"], false);
    let s = state(addr, &format!("?session={id}"));
    assert_eq!(s["decks"], 2_000);
    assert_eq!(s["verdict"], "watching");
    assert_eq!(s["deck"], 6);
    assert_eq!(s["example"], "naive-swap");
    let h = &s["heatmap"];
    assert_eq!(h["observed"].as_array().unwrap().len(), 6);
    assert_eq!(h["control"][5].as_array().unwrap().len(), 6);
    // The naive swap's exact law: card 0 ends first with probability
    // 7,776 / 46,656 · 6 − 1 ... the exact matrix's rows each sum to 0
    // as deviations.
    let row0: f64 = h["exact"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!(row0.abs() < 1e-12, "{row0}");
    let finding = s["finding"].as_str().unwrap();
    assert!(
        finding.starts_with("No evidence of bias in 2,000 decks")
            || finding.starts_with("No bias shown yet in 2,000 decks"),
        "{finding}"
    );
    // Then the same deck over and over: stopped, the rest uncounted.
    let same: Vec<u8> = [5u8, 4, 3, 2, 1, 0].repeat(5_000);
    let (_, added) = send(addr, &id, &same);
    assert_eq!(added["stop"], true);
    assert_eq!(added["verdict"], "biased");
    let stopped_at = added["decks"].as_u64().unwrap();
    assert!(stopped_at < 7_000, "{added}");
    let s = state(addr, &format!("?session={id}&heatmap=0"));
    assert_eq!(s["verdict"], "biased");
    assert!(s["heatmap"].is_null());
    assert!(
        s["finding"].as_str().unwrap().starts_with(&format!(
            "Biased: after {} decks",
            report::fmt::fmt_count(stopped_at)
        )),
        "{s}"
    );
    assert!(s["evidence"].as_f64().unwrap() >= 3.0);
    assert_eq!(
        s["curve"].as_array().unwrap().last().unwrap()[0],
        stopped_at
    );
    let (status, refused) = send(addr, &id, &[0, 1, 2, 3, 4, 5]);
    assert_eq!(status, 409);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("the run stopped at deck")
    );
}

#[test]
fn a_malformed_batch_is_refused_whole_with_a_message() {
    let addr = server(live::Limits::default());
    let id = start(addr, json!({"deck": 4})).1["session"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, ok) = send(addr, &id, &fair(4, 10, 3));
    assert_eq!(ok["decks"], 10);
    let mut bad = fair(4, 10, 5);
    bad[22] = bad[21];
    let (status, refused) = send(addr, &id, &bad);
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        format!(
            "deck 6 of the batch holds card {} twice: a deck holds each card 0 to 3 once",
            bad[21]
        )
    );
    let (status, refused) = send(addr, &id, &[0, 1, 2]);
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        "a batch of 3 bytes is not whole decks of 4 cards (one byte a card)"
    );
    // Nothing of either batch was counted; the page sees why.
    let s = state(addr, &format!("?session={id}"));
    assert_eq!(s["decks"], 10);
    assert_eq!(
        s["refused"],
        "a batch of 3 bytes is not whole decks of 4 cards (one byte a card)"
    );
    let (status, refused) = send(addr, "99", &[0, 1, 2, 3]);
    assert_eq!(status, 404);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("no run '99': a run is named by the 32 hex digits"),
        "{refused}"
    );
}

#[test]
fn every_request_is_bounded() {
    let addr = server(live::Limits {
        batch_bytes: 4_000,
        decks_per_session: 1_500,
        sessions: 2,
        ..live::Limits::default()
    });
    let (status, e) = start(addr, json!({"deck": 61}));
    assert_eq!(status, 400);
    assert_eq!(
        e["error"],
        "a deck of 61 cards: the page deals 3 to 60 cards"
    );
    let (status, e) = start(addr, json!({"deck": 8, "example": "bogo"}));
    assert_eq!(status, 400);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("unknown example 'bogo': the examples are naive-swap, sattolo,"),
        "{e}"
    );
    let (status, e) = start(addr, json!({"deck": 8, "code": "alert(1)"}));
    assert_eq!(status, 400, "{e}");
    // Going on after the alarm stays within a run's decks.
    let (status, e) = start(addr, json!({"deck": 8, "until": 1_501}));
    assert_eq!(status, 400, "{e}");
    assert_eq!(
        e["error"],
        "going on to 1,501 decks after the alarm: a run holds at most 1,500 decks"
    );
    let id = start(addr, json!({"deck": 4})).1["session"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, e) = send(addr, &id, &fair(4, 1_001, 1));
    assert_eq!(status, 413);
    assert_eq!(
        e["error"],
        "a batch holds at most 4000 bytes: send fewer decks at a time"
    );
    assert_eq!(send(addr, &id, &fair(4, 1_000, 1)).0, 200);
    let (status, e) = send(addr, &id, &fair(4, 600, 2));
    assert_eq!(status, 409);
    assert_eq!(
        e["error"],
        "the run has reached its 1500 decks: start a new run"
    );
    // Two runs kept: a third replaces the least recently used.
    let second = start(addr, json!({"deck": 4})).1["session"]
        .as_str()
        .unwrap()
        .to_string();
    let third = start(addr, json!({"deck": 4})).1["session"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(send(addr, &id, &fair(4, 1, 1)).0, 404);
    assert_eq!(send(addr, &second, &fair(4, 1, 1)).0, 200);
    assert_eq!(send(addr, &third, &fair(4, 1, 1)).0, 200);
}

#[test]
fn only_requests_addressed_to_it_from_its_own_page_are_answered() {
    let addr = server(live::Limits::default());
    let port = addr.port();
    let (status, _) = raw(
        addr,
        &format!("GET /config HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"),
    );
    assert!(status.contains("200"), "{status}");
    let (status, _) = raw(
        addr,
        &format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n"),
    );
    assert!(status.contains("200"), "{status}");
    // DNS rebinding: a name that resolves here but is not this server's.
    let (status, body) = raw(
        addr,
        &format!(
            "GET /state HTTP/1.1\r\nHost: attacker.example:{port}\r\nConnection: close\r\n\r\n"
        ),
    );
    assert!(status.contains("421"), "{status}");
    assert!(
        body.contains("answers only requests addressed to it"),
        "{body}"
    );
    // Another site's page posting to it.
    let (status, body) = raw(
        addr,
        &format!(
            "POST /sessions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://attacker.example\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{{\"deck\": 8}}"
        ),
    );
    assert!(status.contains("403"), "{status}");
    assert!(body.contains("answers only its own page"), "{body}");
    // Its own page.
    let (status, _) = raw(
        addr,
        &format!(
            "POST /sessions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{{\"deck\": 8}}"
        ),
    );
    assert!(status.contains("200"), "{status}");
}

#[test]
fn the_page_and_its_scripts_carry_their_policies() {
    let addr = server(live::Limits::default());
    let port = addr.port();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let lower = out.to_ascii_lowercase();
    assert!(
        lower.contains("content-security-policy: default-src 'none'; script-src 'self';"),
        "{out}"
    );
    assert!(out.contains("<script src=\"/app.js\"></script>"));
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /worker.js HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    assert!(
        out.to_ascii_lowercase()
            .contains("content-security-policy: default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'"),
        "{out}"
    );
    let config = call(agent().get(format!("http://{addr}/config")).call()).1;
    assert_eq!(config["palette"].as_array().unwrap().len(), 257);
    assert_eq!(config["decks"], json!([3, 60]));
    assert_eq!(config["examples"][0]["id"], "naive-swap");
}

#[test]
fn runs_are_named_by_128_random_bits_and_only_by_them() {
    let addr = server(live::Limits::default());
    let ids: Vec<String> = (0..4)
        .map(|_| {
            start(addr, json!({"deck": 4})).1["session"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    for id in &ids {
        assert!(
            id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
            "{id}"
        );
    }
    let mut distinct = ids.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{ids:?}");
    // No two ids of a server share a prefix of 8 hex digits: not a counter.
    assert!(
        distinct.windows(2).all(|w| w[0][..8] != w[1][..8]),
        "{ids:?}"
    );
    assert_eq!(send(addr, &ids[0], &fair(4, 5, 1)).0, 200);
    // Without its id, nobody sees or feeds a run: `/state` alone is the
    // idle page, and a guessed id is no run.
    let s = state(addr, "");
    assert_eq!(s["verdict"], "idle");
    assert!(s["session"].is_null());
    for guess in ["1", "2", "0", &"0".repeat(32), &ids[0].to_uppercase()] {
        let (status, body) = send(addr, guess, &fair(4, 5, 1));
        assert_eq!(status, 404, "{guess}: {body}");
        let (status, body) = call(
            agent()
                .get(format!("http://{addr}/state?session={guess}"))
                .call(),
        );
        assert_eq!(status, 404, "{guess}: {body}");
    }
    assert_eq!(state(addr, &format!("?session={}", ids[0]))["decks"], 5);
    // A malformed run path is answered in JSON like every other refusal.
    let port = addr.port();
    for path in ["/sessions/%FF%FE/decks", "/sessions/abc/decks"] {
        let (status, body) = raw(
            addr,
            &format!(
                "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 4\r\nConnection: close\r\n\r\n\x00\x01\x02\x03"
            ),
        );
        assert!(status.contains("404"), "{path}: {status}");
        let body: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
        assert!(
            body["error"].as_str().unwrap().contains("32 hex digits"),
            "{body}"
        );
    }
}
#[test]
fn a_flood_of_new_runs_with_exact_laws_does_not_hold_up_a_run_under_way() {
    // Room for all 50 at once: what is measured is the exact laws' work,
    // not the bound on connections.
    let addr = server(live::Limits {
        sessions: 64,
        connections: 64,
        per_address: 64,
        ..live::Limits::default()
    });
    let id = start(addr, json!({"deck": 8})).1["session"]
        .as_str()
        .unwrap()
        .to_string();
    let flooding = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let started = Instant::now();
    let flood: Vec<_> = (0..50)
        .map(|_| {
            std::thread::spawn(move || {
                let (status, body) = start(addr, json!({"deck": 8, "example": "naive-swap"}));
                assert_eq!(status, 200, "{body}");
                assert_eq!(body["exact"], true, "{body}");
            })
        })
        .collect();
    let watcher = {
        let flooding = flooding.clone();
        let id = id.clone();
        std::thread::spawn(move || {
            let mut latencies = Vec::new();
            let mut seed = 1;
            while flooding.load(std::sync::atomic::Ordering::Relaxed) || latencies.len() < 5 {
                seed += 1;
                let batch = fair(8, 1_000, seed);
                let t = Instant::now();
                let (status, body) = send(addr, &id, &batch);
                assert_eq!(status, 200, "{body}");
                latencies.push(t.elapsed());
            }
            latencies
        })
    };
    for f in flood {
        f.join().unwrap();
    }
    let flood_took = started.elapsed();
    flooding.store(false, std::sync::atomic::Ordering::Relaxed);
    let latencies = watcher.join().unwrap();
    let worst = latencies.iter().max().unwrap();
    eprintln!(
        "50 new runs of naive-swap on 8 cards with exact laws: {flood_took:?}; \
         the other run's {} batches of 1,000 decks meanwhile: worst {worst:?}",
        latencies.len()
    );
    assert!(flood_took < Duration::from_secs(20), "{flood_took:?}");
    assert!(*worst < Duration::from_secs(2), "{latencies:?}");
    // Each run carries the exact law, computed once.
    let s = state(addr, &format!("?session={id}"));
    assert_eq!(
        s["decks"].as_u64().unwrap() as usize,
        latencies.len() * 1_000
    );
}

#[test]
fn a_run_fed_one_deck_at_a_time_keeps_its_state_small() {
    let addr = server(live::Limits::default());
    let id = start(addr, json!({"deck": 3})).1["session"]
        .as_str()
        .unwrap()
        .to_string();
    let batches = 3_000;
    let decks = fair(3, batches, 11);
    let agent = agent();
    for deck in decks.chunks(3) {
        let (status, body) = call(
            agent
                .post(format!("http://{addr}/sessions/{id}/decks"))
                .send(deck),
        );
        assert_eq!(status, 200, "{body}");
    }
    let mut r = agent
        .get(format!("http://{addr}/state?session={id}"))
        .call()
        .unwrap();
    let body = r.body_mut().read_to_string().unwrap();
    assert!(body.len() <= live::STATE_BYTES, "{}", body.len());
    let s: Value = serde_json::from_str(&body).unwrap();
    let curve = s["curve"].as_array().unwrap();
    assert!(
        curve.len() <= live::curve_points(batches as u64),
        "{} points after {batches} batches of one deck",
        curve.len()
    );
    assert_eq!(curve.last().unwrap()[0], batches);
}

#[test]
fn the_guide_states_the_bounds_the_server_keeps() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/live.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let l = live::Limits::default();
    for fact in [
        format!("at most {} points", live::curve_points(l.decks_per_session)),
        format!("under {} KiB", live::STATE_BYTES / 1024),
        format!("over {} s to send its headers", l.header_timeout.as_secs()),
        format!(
            "not done {} s after its headers",
            l.request_timeout.as_secs()
        ),
        format!("holds {} connections at most", l.connections),
        format!("and {} from one address", l.per_address),
        format!(
            "leaves an answer untaken for {} s",
            l.write_timeout.as_secs()
        ),
        format!("waiting {} s at most", l.shutdown_grace.as_secs()),
        format!("keeps {} runs", l.sessions),
        "128 random bits".to_string(),
    ] {
        assert!(guide.contains(&fact), "docs/live.md does not say '{fact}'");
    }
}
