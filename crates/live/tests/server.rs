//! The live page's server over HTTP: runs, batches, the state, and every
//! request it must refuse.

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

/// A server on a free loopback port, serving on a thread of its own until
/// the test ends.
fn server(limits: live::Limits) -> SocketAddr {
    let server = live::Server::bind("127.0.0.1:0".parse().unwrap(), 1e-3, limits).unwrap();
    let addr = server.local_addr();
    std::thread::spawn(move || server.run(std::future::pending()));
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

fn send(addr: SocketAddr, session: u64, batch: &[u8]) -> (u16, Value) {
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
    let id = started["session"].as_u64().unwrap();
    // 2,000 fair decks: counted, no alarm.
    let (status, added) = send(addr, id, &fair(6, 2_000, 7));
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
    let (_, added) = send(addr, id, &same);
    assert_eq!(added["stop"], true);
    assert_eq!(added["verdict"], "biased");
    let stopped_at = added["decks"].as_u64().unwrap();
    assert!(stopped_at < 7_000, "{added}");
    let s = state(addr, "?heatmap=0");
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
    let (status, refused) = send(addr, id, &[0, 1, 2, 3, 4, 5]);
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
        .as_u64()
        .unwrap();
    let (_, ok) = send(addr, id, &fair(4, 10, 3));
    assert_eq!(ok["decks"], 10);
    let mut bad = fair(4, 10, 5);
    bad[22] = bad[21];
    let (status, refused) = send(addr, id, &bad);
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        format!(
            "deck 6 of the batch holds card {} twice: a deck holds each card 0 to 3 once",
            bad[21]
        )
    );
    let (status, refused) = send(addr, id, &[0, 1, 2]);
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
    let (status, refused) = send(addr, 99, &[0, 1, 2, 3]);
    assert_eq!(status, 404);
    assert!(refused["error"].as_str().unwrap().starts_with("no run 99"));
}

#[test]
fn every_request_is_bounded() {
    let addr = server(live::Limits {
        batch_bytes: 4_000,
        decks_per_session: 1_500,
        sessions: 2,
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
        .as_u64()
        .unwrap();
    let (status, e) = send(addr, id, &fair(4, 1_001, 1));
    assert_eq!(status, 413);
    assert_eq!(
        e["error"],
        "a batch holds at most 4000 bytes: send fewer decks at a time"
    );
    assert_eq!(send(addr, id, &fair(4, 1_000, 1)).0, 200);
    let (status, e) = send(addr, id, &fair(4, 600, 2));
    assert_eq!(status, 409);
    assert_eq!(
        e["error"],
        "the run has reached its 1500 decks: start a new run"
    );
    // Two runs kept: a third replaces the least recently used.
    let second = start(addr, json!({"deck": 4})).1["session"]
        .as_u64()
        .unwrap();
    let third = start(addr, json!({"deck": 4})).1["session"]
        .as_u64()
        .unwrap();
    assert_eq!(send(addr, id, &fair(4, 1, 1)).0, 404);
    assert_eq!(send(addr, second, &fair(4, 1, 1)).0, 200);
    assert_eq!(send(addr, third, &fair(4, 1, 1)).0, 200);
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
