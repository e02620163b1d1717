//! The HTTP side: the server, its connections and their bounds; the
//! routes, with the `Host` and `Origin` guard, are [`routes`].

use crate::state::State;
use crate::{DECKS, EXACT_UP_TO, Limits, Session, example};
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, JsonRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OnceCell, Semaphore};
use tower::ServiceExt;

mod routes;

use engine::live::exact_matrix;
use routes::{refuse, router};

/// A bound server, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: std::net::TcpListener,
    addr: SocketAddr,
    app: Arc<App>,
}

#[derive(Debug)]
struct App {
    alpha: f64,
    limits: Limits,
    addr: SocketAddr,
    runs: Mutex<Runs>,
    exact: ExactLaws,
}

/// A run's id: 128 bits from the operating system's generator, as 32
/// lowercase hex digits. Nobody who did not start a run can name it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RunId(String);

impl RunId {
    fn new() -> std::io::Result<RunId> {
        use rand::TryRng;
        let mut bits = [0u8; 16];
        rand::rngs::SysRng
            .try_fill_bytes(&mut bits)
            .map_err(|e| std::io::Error::other(format!("no random bits for a run id: {e}")))?;
        Ok(RunId(bits.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// The id named in a request, if it is one: 32 lowercase hex digits.
    fn parse(id: &str) -> Option<RunId> {
        (id.len() == 32 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .then(|| RunId(id.to_string()))
    }
}

/// The runs kept, least recently used first.
#[derive(Debug, Default)]
struct Runs {
    kept: Vec<(RunId, Arc<Mutex<Session>>)>,
}

impl Runs {
    fn get(&mut self, id: &RunId) -> Option<Arc<Mutex<Session>>> {
        let i = self.kept.iter().position(|(k, _)| k == id)?;
        let run = self.kept.remove(i);
        let session = run.1.clone();
        self.kept.push(run);
        Some(session)
    }

    fn add(&mut self, id: RunId, session: Session, most: usize) {
        if self.kept.len() >= most {
            self.kept.remove(0);
        }
        self.kept.push((id, Arc::new(Mutex::new(session))));
    }
}

/// The examples' exact position matrices, each computed once, by the
/// fastest exact method, on a pool of one thread of its own: a flood of
/// new runs waits for it, and the runs under way do not.
#[derive(Debug)]
struct ExactLaws {
    laws: Mutex<HashMap<(&'static str, usize), Arc<Computed>>>,
    pool: Semaphore,
}

type Matrix = Arc<Vec<Vec<f64>>>;

/// A matrix computed once: `None` when the law cannot be counted.
type Computed = OnceCell<Option<Matrix>>;

impl ExactLaws {
    fn new() -> Self {
        ExactLaws {
            laws: Mutex::new(HashMap::new()),
            pool: Semaphore::new(1),
        }
    }

    async fn get(&self, algorithm: &'static str, deck: usize) -> Option<Matrix> {
        let cell = self
            .laws
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry((algorithm, deck))
            .or_default()
            .clone();
        cell.get_or_init(|| async {
            let _turn = self.pool.acquire().await.ok()?;
            tokio::task::spawn_blocking(move || exact_matrix(algorithm, deck))
                .await
                .ok()
                .flatten()
                .map(Arc::new)
        })
        .await
        .clone()
    }
}

impl Server {
    /// Binds `addr` (port 0: a free port), judging runs at `alpha`.
    ///
    /// # Errors
    /// When the address cannot be bound.
    pub fn bind(addr: SocketAddr, alpha: f64, limits: Limits) -> std::io::Result<Server> {
        let listener = std::net::TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            addr,
            app: Arc::new(App {
                alpha,
                limits,
                addr,
                runs: Mutex::new(Runs::default()),
                exact: ExactLaws::new(),
            }),
        })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address.
    pub fn url(&self) -> String {
        let host = if self.addr.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            match self.addr.ip() {
                IpAddr::V6(ip) => format!("[{ip}]"),
                IpAddr::V4(ip) => ip.to_string(),
            }
        };
        format!("http://{host}:{}/", self.addr.port())
    }

    /// Serves on a runtime of its own until `stop` completes, then waits
    /// for the requests under way until they end, the grace of its
    /// [`Limits`] runs out or `now` completes, whichever comes first.
    ///
    /// # Errors
    /// When the runtime cannot start or the listener fails.
    pub fn run(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
        now: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()?;
        let served = runtime.block_on(serve(self, stop, now));
        // An exact law still being computed is not waited for.
        runtime.shutdown_background();
        served
    }
}

/// Serves `server` on the current runtime until `stop` completes, then
/// waits for the requests under way until they end, the grace of its
/// [`Limits`] runs out or `now` completes, whichever comes first.
///
/// Each connection is bounded in time: its headers, and the idle time
/// between two requests, by `header_timeout`; a request once its headers
/// are in, by `request_timeout`; an answer its client does not take, by
/// `write_timeout`. Past `connections` open at once, or `per_address`
/// from one address, a new one is answered `503` and closed.
///
/// # Errors
/// When the listener cannot be handed to the runtime.
pub async fn serve(
    server: Server,
    stop: impl Future<Output = ()> + Send + 'static,
    now: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = server.app.limits.clone();
    let listener = tokio::net::TcpListener::from_std(server.listener)?;
    let router = router(server.app);
    let open = Arc::new(Semaphore::new(limits.connections));
    let addresses = Arc::new(Mutex::new(HashMap::new()));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors, or a connection reset before it was
                // accepted: the timeouts free descriptors; try again soon.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Some(held) = AddressSlot::take(&addresses, peer.ip(), limits.per_address) else {
            busy(
                &stream,
                format!(
                    "this address holds its most connections ({}) open: try again in a moment",
                    limits.per_address
                ),
            );
            continue;
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            busy(
                &stream,
                format!(
                    "the server holds its most connections ({}) open: try again in a moment",
                    limits.connections
                ),
            );
            continue;
        };
        let router = router.clone();
        let request_timeout = limits.request_timeout;
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let answer = router.clone().oneshot(request.map(axum::body::Body::new));
            async move {
                Ok::<_, std::convert::Infallible>(
                    match tokio::time::timeout(request_timeout, answer).await {
                        Ok(Ok(response)) => response,
                        Ok(Err(never)) => match never {},
                        Err(_) => {
                            let mut r = refuse(
                                StatusCode::REQUEST_TIMEOUT,
                                format!(
                                    "a request is answered within {} s of its headers: send it whole, sooner",
                                    request_timeout.as_secs_f64()
                                ),
                            );
                            r.headers_mut()
                                .insert(header::CONNECTION, HeaderValue::from_static("close"));
                            r
                        }
                    },
                )
            }
        });
        let stream = WriteBounded {
            inner: stream,
            limit: limits.write_timeout,
            stalled: None,
        };
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
            drop(held);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {}
        () = now => {}
    }
    Ok(())
}

/// The most bytes of a request's head (its request line and headers).
const MAX_HEAD_BYTES: usize = 64 * 1024;

/// One connection counted against its address; dropped when it closes.
struct AddressSlot {
    addresses: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl AddressSlot {
    /// A slot for one more connection from `address`, unless it holds
    /// `most` already.
    fn take(
        addresses: &Arc<Mutex<HashMap<IpAddr, usize>>>,
        address: IpAddr,
        most: usize,
    ) -> Option<AddressSlot> {
        let mut held = addresses.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(address).or_insert(0);
        if *count >= most {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            addresses: addresses.clone(),
            address,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut held = self
            .addresses
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.address);
            }
        }
    }
}

/// A connection whose writes fail once one has waited `limit` for the
/// client to take its bytes: a client that does not read its answers is
/// closed, not held open.
struct WriteBounded {
    inner: tokio::net::TcpStream,
    limit: Duration,
    /// The wait of a write under way that the client has not taken.
    stalled: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl WriteBounded {
    /// `poll`'s answer, or an error once writes have waited `limit`.
    fn bounded<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        poll: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let limit = self.limit;
        let wait = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match wait.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client did not take its answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl tokio::io::AsyncRead for WriteBounded {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for WriteBounded {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let poll = std::pin::Pin::new(&mut this.inner).poll_write(cx, buf);
        this.bounded(cx, poll)
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let poll = std::pin::Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.bounded(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let poll = std::pin::Pin::new(&mut this.inner).poll_flush(cx);
        this.bounded(cx, poll)
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// Answers a connection past a bound `503` saying which (`message`),
/// without waiting for it.
fn busy(stream: &tokio::net::TcpStream, message: String) {
    let body = format!("{{\"error\":\"{message}\"}}");
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncache-control: no-store\r\nretry-after: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    // A fresh socket's send buffer takes these few bytes whole; if not,
    // the connection is closed all the same.
    let _ = stream.try_write(answer.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::routes::{index_html, own_host};
    use super::*;

    #[test]
    fn only_its_own_host_is_answered() {
        let local: SocketAddr = "127.0.0.1:8123".parse().unwrap();
        assert!(own_host(local, "127.0.0.1:8123"));
        assert!(own_host(local, "localhost:8123"));
        assert!(own_host(local, "LOCALHOST:8123"));
        assert!(!own_host(local, "127.0.0.1:8124"));
        assert!(!own_host(local, "evil.example:8123"), "DNS rebinding");
        assert!(!own_host(local, "127.0.0.1"));
        assert!(!own_host(local, "10.0.0.1:8123"));
        let v6: SocketAddr = "[::1]:9000".parse().unwrap();
        assert!(own_host(v6, "[::1]:9000"));
        assert!(own_host(v6, "localhost:9000"));
        let any: SocketAddr = "0.0.0.0:9000".parse().unwrap();
        assert!(own_host(any, "192.168.1.5:9000"));
        assert!(!own_host(any, "localhost:9000"), "not loopback alone");
        assert!(!own_host(any, "shuffle.example:9000"));
    }

    #[test]
    fn the_page_states_the_fair_band_the_judge_draws_it_at() {
        let (within, runs) = judge::fair::runs_within();
        assert!(index_html().contains(&format!("in {within} runs of {runs}.")));
        assert!(!index_html().contains("{{"), "a figure left unfilled");
    }
}
