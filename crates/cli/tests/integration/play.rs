//! `shuffle-audit play`: the live page's server, started as a user starts
//! it, reached at the address it prints, stopped by Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::common::fails_with as fails;

#[test]
fn play_prints_its_address_serves_the_page_and_stops_on_ctrl_c() {
    let (mut child, host) = start_play();
    let port = host
        .strip_prefix("127.0.0.1:")
        .unwrap_or_else(|| panic!("loopback by default: {host}"));
    assert!(port.parse::<u16>().is_ok_and(|p| p > 0), "{host}");
    let mut s = TcpStream::connect(&host).unwrap();
    write!(
        s,
        "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page:.200}");
    assert!(page.contains("Is this shuffle fair? Run it and watch."));
    // Ctrl-C: a clean stop, exit 0.
    signal(&child, "-INT");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status:?}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "", "no warning on loopback");
}

#[test]
fn bad_play_flags_are_one_line() {
    fails(&["play", "--alpha", "2"], "--alpha");
    fails(&["play", "--listen", "localhost"], "--listen");
    fails(&["play", "--port", "70000"], "--port");
}

/// `play` started as a user starts it: the child (its standard error
/// piped) and its `host:port`, read from the line it prints.
fn start_play() -> (Child, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("shuffle-audit"))
        .args(["play"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let host = line
        .strip_prefix("shuffle-audit play: open http://")
        .and_then(|l| l.strip_suffix("/ (Ctrl-C stops it)\n"))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("{line:?}"));
    (child, host)
}

fn signal(child: &Child, name: &str) {
    let sent = Command::new("kill")
        .args([name, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Waits for `child` at most `most`: its status and how long it took, or
/// `None` (and the child killed) if it was still running.
fn wait_at_most(child: &mut Child, most: Duration) -> Option<(ExitStatus, Duration)> {
    let start = Instant::now();
    while start.elapsed() < most {
        if let Some(status) = child.try_wait().unwrap() {
            return Some((status, start.elapsed()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// A request sent up to the middle of its headers, its socket left open.
fn half_sent(host: &str) -> TcpStream {
    let mut s = TcpStream::connect(host).unwrap();
    write!(s, "GET /state HTTP/1.1\r\nHost: {host}\r\n").unwrap();
    // The server has accepted it before the signal comes.
    std::thread::sleep(Duration::from_millis(200));
    s
}

#[test]
fn a_half_sent_request_delays_a_stop_by_the_grace_at_most() {
    let grace = live::Limits::default().shutdown_grace;
    for stop in ["-INT", "-TERM"] {
        let (mut child, host) = start_play();
        let _held = half_sent(&host);
        signal(&child, stop);
        let (status, took) = wait_at_most(&mut child, grace + Duration::from_secs(5))
            .unwrap_or_else(|| panic!("{stop}: still serving past the grace"));
        assert_eq!(status.code(), Some(0), "{stop}");
        assert!(took < grace + Duration::from_secs(2), "{stop}: {took:?}");
    }
}

#[test]
fn a_second_signal_stops_at_once() {
    for (first, second) in [("-INT", "-INT"), ("-INT", "-TERM"), ("-TERM", "-INT")] {
        let (mut child, host) = start_play();
        let _held = half_sent(&host);
        signal(&child, first);
        std::thread::sleep(Duration::from_millis(200));
        let start = Instant::now();
        signal(&child, second);
        let (status, _) = wait_at_most(&mut child, Duration::from_secs(10))
            .unwrap_or_else(|| panic!("{first} {second}: still serving"));
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{first} {second}: {:?}",
            start.elapsed()
        );
        assert_eq!(status.code(), Some(0), "{first} {second}");
    }
}

#[test]
fn play_that_cannot_print_its_address_stops_with_exit_2() {
    let mut child = Command::new("bash")
        .arg("-c")
        .arg("exec \"$0\" play >/dev/full")
        .arg(assert_cmd::cargo::cargo_bin!("shuffle-audit"))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (status, _) = wait_at_most(&mut child, Duration::from_secs(10))
        .expect("play with an address nobody can read must not serve on");
    assert_eq!(status.code(), Some(2));
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot print the page's address to standard output")
            && err.contains("No space left on device"),
        "{err}"
    );
}
