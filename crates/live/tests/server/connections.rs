//! Connections: idle, half-sent, slow and never-reading clients, and
//! the bound on connections, each closed or refused in time.

use super::*;

/// Short bounds, so that a test sees them at work.
fn short() -> live::Limits {
    live::Limits {
        connections: 4,
        header_timeout: Duration::from_secs(1),
        request_timeout: Duration::from_secs(1),
        shutdown_grace: Duration::from_secs(1),
        ..live::Limits::default()
    }
}

/// Reads what the server sends until it closes the connection, at most
/// `most`: the bytes and how long it took, or `None` if it is still open.
fn until_closed(s: &mut TcpStream, most: Duration) -> Option<(String, Duration)> {
    let start = Instant::now();
    s.set_read_timeout(Some(most)).unwrap();
    let mut out = Vec::new();
    match s.read_to_end(&mut out) {
        Ok(_) => Some((String::from_utf8_lossy(&out).into_owned(), start.elapsed())),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
            Some((String::from_utf8_lossy(&out).into_owned(), start.elapsed()))
        }
        Err(_) => None,
    }
}

#[test]
fn idle_half_sent_and_slow_connections_are_closed_in_time() {
    let limits = short();
    let addr = server(limits.clone());
    let port = addr.port();
    let most = Duration::from_secs(5);
    // Nothing sent; half a request's headers; headers and half a body;
    // one whole request, then idle on a kept-alive connection.
    let mut idle = TcpStream::connect(addr).unwrap();
    let mut half_head = TcpStream::connect(addr).unwrap();
    write!(
        half_head,
        "GET /state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    )
    .unwrap();
    let mut half_body = TcpStream::connect(addr).unwrap();
    write!(
        half_body,
        "POST /sessions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"deck\""
    )
    .unwrap();
    let mut kept = TcpStream::connect(addr).unwrap();
    write!(
        kept,
        "GET /config HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    for (name, s, answer) in [
        ("idle", &mut idle, ""),
        ("half the headers", &mut half_head, ""),
        ("half the body", &mut half_body, "HTTP/1.1 408"),
        ("kept alive, idle", &mut kept, "HTTP/1.1 200"),
    ] {
        let (out, took) =
            until_closed(s, most).unwrap_or_else(|| panic!("{name}: still open after {most:?}"));
        assert!(out.starts_with(answer), "{name}: {out:.300}");
        assert!(
            took < limits.header_timeout + Duration::from_secs(2),
            "{name}: {took:?}"
        );
        if name == "half the body" {
            assert!(
                out.contains("a request is answered within 1 s of its headers"),
                "{out}"
            );
        }
    }
}

#[test]
fn past_its_connections_a_new_one_is_answered_503_at_once_and_served_after() {
    let limits = short();
    let addr = server(limits.clone());
    let port = addr.port();
    let held: Vec<TcpStream> = (0..limits.connections)
        .map(|_| TcpStream::connect(addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let request =
        format!("GET /config HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    let mut extra = TcpStream::connect(addr).unwrap();
    let (out, took) = until_closed(&mut extra, Duration::from_secs(5)).expect("answered");
    assert!(out.starts_with("HTTP/1.1 503"), "{out}");
    assert!(
        out.contains("the server holds its most connections (4) open"),
        "{out}"
    );
    assert!(took < Duration::from_millis(500), "{took:?}");
    // The held ones time out; then a request is served.
    std::thread::sleep(limits.header_timeout + Duration::from_millis(500));
    let (status, _) = raw(addr, &request);
    assert!(status.contains("200"), "{status}");
    drop(held);
}

/// A server on a runtime of this thread's own, stopped by `stop` and at
/// once by `now`: it returns how long it took after `stop`.
fn stoppable(
    limits: live::Limits,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::sync::oneshot::Sender<()>,
    std::thread::JoinHandle<Instant>,
) {
    let server = live::Server::bind("127.0.0.1:0".parse().unwrap(), 1e-3, limits).unwrap();
    let addr = server.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (now, at_once) = tokio::sync::oneshot::channel::<()>();
    let handle = std::thread::spawn(move || {
        server
            .run(
                async {
                    let _ = stopped.await;
                },
                async {
                    let _ = at_once.await;
                },
            )
            .unwrap();
        Instant::now()
    });
    (addr, stop, now, handle)
}

#[test]
fn stopping_waits_for_a_half_sent_request_a_bounded_time_and_a_second_stop_not_at_all() {
    let limits = live::Limits {
        shutdown_grace: Duration::from_secs(2),
        ..live::Limits::default()
    };
    for second in [false, true] {
        let (addr, stop, now, handle) = stoppable(limits.clone());
        let mut half = TcpStream::connect(addr).unwrap();
        write!(half, "GET /state HTTP/1.1\r\nHost: {addr}\r\n").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let start = Instant::now();
        stop.send(()).unwrap();
        if second {
            std::thread::sleep(Duration::from_millis(100));
            now.send(()).unwrap();
        }
        let ended = handle.join().unwrap();
        let took = ended - start;
        if second {
            assert!(took < Duration::from_millis(700), "{took:?}");
        } else {
            assert!(took >= Duration::from_millis(1_900), "it waited: {took:?}");
            assert!(
                took < limits.shutdown_grace + Duration::from_secs(1),
                "{took:?}"
            );
        }
        drop(half);
    }
    // With nothing under way, it stops at once.
    let (addr, stop, _now, handle) = stoppable(limits.clone());
    let (status, _) = raw(
        addr,
        &format!("GET /config HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert!(status.contains("200"));
    let start = Instant::now();
    stop.send(()).unwrap();
    let took = handle.join().unwrap() - start;
    assert!(took < Duration::from_millis(500), "{took:?}");
}

/// A blocking connection to `addr` from the loopback address `from`
/// (127.0.0.2 is another address of this machine: another peer).
fn connect_from(from: &str, addr: SocketAddr) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        let stream = socket.connect(addr).await.unwrap();
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
    })
}

/// A client that pipelines requests for the page's script and never reads
/// an answer, from `from`: a thread writes them, waiting whenever the
/// server stops taking them, and returns when the server closes the
/// connection.
fn hog(from: &str, addr: SocketAddr) -> std::thread::JoinHandle<()> {
    let mut s = connect_from(from, addr);
    let port = addr.port();
    std::thread::spawn(move || {
        s.set_write_timeout(Some(Duration::from_secs(20))).unwrap();
        let request = format!("GET /app.js HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
        // Until the server closes the connection (a write then fails), or
        // a minute has passed.
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            if s.write_all(request.as_bytes()).is_err() {
                return;
            }
        }
    })
}

#[test]
fn clients_that_never_read_are_closed_and_cannot_lock_out_the_rest() {
    let limits = live::Limits {
        connections: 8,
        per_address: 4,
        write_timeout: Duration::from_secs(1),
        ..short()
    };
    let addr = server(limits.clone());
    let port = addr.port();
    let page =
        format!("GET /config HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    // As many non-readers as the server holds connections, from one
    // address: it takes per_address of them and refuses the rest.
    let hogs: Vec<_> = (0..limits.connections)
        .map(|_| hog("127.0.0.2", addr))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // Another address is served at once while they are connected.
    let start = Instant::now();
    let mut fresh = connect_from("127.0.0.1", addr);
    fresh.write_all(page.as_bytes()).unwrap();
    let (out, _) = until_closed(&mut fresh, Duration::from_secs(5)).expect("answered");
    assert!(out.starts_with("HTTP/1.1 200"), "{out:.300}");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    // One more from the hogs' address is refused, naming the bound.
    let mut more = connect_from("127.0.0.2", addr);
    let (out, _) = until_closed(&mut more, Duration::from_secs(5)).expect("answered");
    assert!(out.starts_with("HTTP/1.1 503"), "{out:.300}");
    assert!(
        out.contains("this address holds its most connections (4) open"),
        "{out}"
    );
    // The non-readers stall the server's writes, which give up after the
    // write timeout: every hog's connection is closed, and its address is
    // served again.
    let start = Instant::now();
    for h in hogs {
        h.join().unwrap();
    }
    assert!(
        start.elapsed() < limits.write_timeout + Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let mut again = connect_from("127.0.0.2", addr);
    again.write_all(page.as_bytes()).unwrap();
    let (out, _) = until_closed(&mut again, Duration::from_secs(5)).expect("answered");
    assert!(out.starts_with("HTTP/1.1 200"), "{out:.300}");
}
