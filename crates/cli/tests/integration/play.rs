//! `shuffle-audit play`: the live page's server, started as a user starts
//! it, reached at the address it prints, stopped by Ctrl-C.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use crate::common::fails_with as fails;

#[test]
fn play_prints_its_address_serves_the_page_and_stops_on_ctrl_c() {
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
    let url = line
        .strip_prefix("shuffle-audit play: open ")
        .and_then(|l| l.strip_suffix(" (Ctrl-C stops it)\n"))
        .unwrap_or_else(|| panic!("{line:?}"));
    let host = url
        .strip_prefix("http://127.0.0.1:")
        .and_then(|p| p.strip_suffix('/'))
        .map(|port| format!("127.0.0.1:{port}"))
        .unwrap_or_else(|| panic!("loopback by default: {url}"));
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
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
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
