//! The HTTP side: routes, the `Host` and `Origin` guard, the bounds.

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

/// The page, with the figures it states filled in from where they are
/// decided ([`index_html`]).
const INDEX_TEMPLATE: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const WORKER_JS: &str = include_str!("../assets/worker.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The page as served: how often a fair shuffle stays in the pale part of
/// the colours is the judge's ([`judge::fair::runs_within`]).
fn index_html() -> &'static str {
    static PAGE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let (within, runs) = judge::fair::runs_within();
        INDEX_TEMPLATE.replace("{{fair_runs}}", &format!("{within} runs of {runs}"))
    });
    &PAGE
}

/// The page's policy: its own scripts, styles and requests only.
const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                        img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
                        base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/// The worker's policy: it compiles the reader's code (`new Function`),
/// in the reader's browser, and may only talk to this server.
const WORKER_CSP: &str = "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'";

/// The most bytes of a request to start a run.
const NEW_RUN_BYTES: usize = 4096;

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
/// are in, by `request_timeout`. Past `connections` open at once, a new
/// one is answered `503` and closed.
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
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    tokio::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors, or a connection reset before it was
                // accepted: the timeouts free descriptors; try again soon.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            busy(&stream, limits.connections);
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
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
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

/// Answers a connection past the bound `503`, without waiting for it.
fn busy(stream: &tokio::net::TcpStream, most: usize) {
    let body = format!(
        "{{\"error\":\"the server holds its most connections ({most}) open: try again in a moment\"}}"
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncache-control: no-store\r\nretry-after: 1\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    // A fresh socket's send buffer takes these few bytes whole; if not,
    // the connection is closed all the same.
    let _ = stream.try_write(answer.as_bytes());
}

fn router(app: Arc<App>) -> Router {
    let batch_bytes = app.limits.batch_bytes;
    Router::new()
        .route(
            "/",
            get(|| async { page(index_html(), "text/html; charset=utf-8", PAGE_CSP) }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8", PAGE_CSP) }),
        )
        .route(
            "/worker.js",
            get(|| async { page(WORKER_JS, "text/javascript; charset=utf-8", WORKER_CSP) }),
        )
        .route(
            "/base.css",
            get(|| async { page(report::html::BASE_CSS, "text/css; charset=utf-8", PAGE_CSP) }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE_CSS, "text/css; charset=utf-8", PAGE_CSP) }),
        )
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/config", get(config))
        .route(
            "/sessions",
            post(new_run).layer(DefaultBodyLimit::max(NEW_RUN_BYTES)),
        )
        .route(
            "/sessions/{id}/decks",
            post(add_decks).layer(DefaultBodyLimit::max(batch_bytes)),
        )
        .route("/state", get(state))
        .fallback(|| async { refuse(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// A page or script, with its policy, never cached (the binary is the
/// page: a rebuilt one serves a new page at the same address).
fn page(body: &'static str, kind: &'static str, csp: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, csp),
            (header::CACHE_CONTROL, "no-store"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

#[derive(Serialize)]
struct Refusal {
    error: String,
}

fn refuse(status: StatusCode, error: String) -> Response {
    (
        status,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(Refusal { error }),
    )
        .into_response()
}

fn json<T: Serialize>(value: &T) -> Response {
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(value)).into_response()
}

/// Whether `host` (a `Host` header) names this server: its own address
/// and port, `localhost` when it listens on loopback, and, when it listens
/// on every address, any address literal with its port. A name that only
/// resolves here (DNS rebinding) is refused.
fn own_host(addr: SocketAddr, host: &str) -> bool {
    let Some((name, port)) = host.rsplit_once(':') else {
        return false;
    };
    if port.parse() != Ok(addr.port()) {
        return false;
    }
    let ip = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(name)
        .parse::<IpAddr>();
    match ip {
        Ok(ip) => ip == addr.ip() || addr.ip().is_unspecified(),
        Err(_) => name.eq_ignore_ascii_case("localhost") && addr.ip().is_loopback(),
    }
}

/// Refuses a request whose `Host` is not this server's, or whose `Origin`
/// (sent by browsers) is not the page's own.
async fn guard(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    request: Request,
    next: Next,
) -> Response {
    let headers: &HeaderMap = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let Some(host) = host.filter(|h| own_host(app.addr, h)) else {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "this server answers only requests addressed to it".into(),
        );
    };
    if let Some(origin) = headers.get(header::ORIGIN)
        && origin
            != HeaderValue::from_str(&format!("http://{host}"))
                .unwrap_or(HeaderValue::from_static("-"))
    {
        return refuse(
            StatusCode::FORBIDDEN,
            "this server answers only its own page".into(),
        );
    }
    next.run(request).await
}

#[derive(Serialize)]
struct Config {
    examples: &'static [crate::Example],
    /// The step-by-step view's loops: the lesson's naive swap and
    /// Fisher–Yates, quoted from the registry as the report quotes them.
    lesson: Vec<LessonLine>,
    palette: Vec<[u8; 3]>,
    alpha: f64,
    decks: [usize; 2],
    exact_up_to: usize,
    batch_bytes: usize,
    decks_per_run: u64,
}

/// One quoted line of the lesson, as the step-by-step view shows and
/// runs it.
#[derive(Serialize)]
struct LessonLine {
    algorithm: &'static str,
    name: &'static str,
    code: &'static str,
    /// The document and function it is quoted from.
    source: String,
    /// `"backward"` or `"forward"`: which way its loop walks the deck.
    walk: &'static str,
}

fn lesson() -> Vec<LessonLine> {
    let quotes = judge::lesson::lesson_quotes();
    [quotes[0], quotes[2]]
        .into_iter()
        .map(|q| LessonLine {
            algorithm: q.algorithm,
            name: algorithms::registry::find(q.algorithm).map_or(q.algorithm, |e| e.name),
            code: q.code,
            source: report::markdown::quote_origin(q),
            walk: match q.walk {
                algorithms::registry::Walk::Backward => "backward",
                algorithms::registry::Walk::Forward => "forward",
            },
        })
        .collect()
}

async fn config(axum::extract::State(app): axum::extract::State<Arc<App>>) -> Response {
    json(&Config {
        examples: &crate::EXAMPLES,
        lesson: lesson(),
        palette: report::figures::palette()
            .iter()
            .map(|c| [c.0, c.1, c.2])
            .collect(),
        alpha: app.alpha,
        decks: [*DECKS.start(), *DECKS.end()],
        exact_up_to: EXACT_UP_TO,
        batch_bytes: app.limits.batch_bytes,
        decks_per_run: app.limits.decks_per_session,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRun {
    deck: usize,
    #[serde(default)]
    example: Option<String>,
    /// After the alarm, go on counting until the run holds this many
    /// decks.
    #[serde(default)]
    until: Option<u64>,
}

#[derive(Serialize)]
struct Started {
    session: String,
    deck: usize,
    exact: bool,
}

async fn new_run(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    body: Result<axum::Json<NewRun>, JsonRejection>,
) -> Response {
    let run = match body {
        Ok(axum::Json(run)) => run,
        Err(e) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                format!(
                    "a run starts from {{\"deck\": n, \"example\": \"id\", \"until\": decks}}: {}",
                    e.body_text()
                ),
            );
        }
    };
    if !DECKS.contains(&run.deck) {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!(
                "a deck of {} cards: the page deals {} to {} cards",
                run.deck,
                DECKS.start(),
                DECKS.end()
            ),
        );
    }
    let example = match run.example.as_deref().map(|id| (id, example(id))) {
        None => None,
        Some((_, Some(e))) => Some(e),
        Some((id, None)) => {
            let ids: Vec<&str> = crate::EXAMPLES.iter().map(|e| e.id).collect();
            return refuse(
                StatusCode::BAD_REQUEST,
                format!(
                    "unknown example '{id}': the examples are {}",
                    ids.join(", ")
                ),
            );
        }
    };
    let until = run.until.unwrap_or(0);
    if until > app.limits.decks_per_session {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!(
                "going on to {} decks after the alarm: a run holds at most {} decks",
                report::fmt::fmt_count(until),
                report::fmt::fmt_count(app.limits.decks_per_session)
            ),
        );
    }
    let deck = run.deck;
    let exact = match example {
        Some(e) if deck <= EXACT_UP_TO => app.exact.get(e.algorithm, deck).await,
        _ => None,
    };
    let has_exact = exact.is_some();
    let Ok(id) = RunId::new() else {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the operating system gave no random bits for a run id: try again".into(),
        );
    };
    let session = Session::going_on(
        deck,
        example.map(|e| e.id),
        exact.map(|m| m.to_vec()),
        app.alpha,
        until,
    );
    app.runs.lock().unwrap_or_else(PoisonError::into_inner).add(
        id.clone(),
        session,
        app.limits.sessions,
    );
    json(&Started {
        session: id.0,
        deck,
        exact: has_exact,
    })
}

/// The exact position matrix of `algorithm` on `deck` cards, by the
/// fastest exact method the judge has for it: the one-card Markov chain
/// for a swap-based shuffle, else the cheaper of state merging and the
/// walk of every path ([`judge::method::exact_plan`]).
fn exact_matrix(algorithm: &str, deck: usize) -> Option<Vec<Vec<f64>>> {
    use judge::method::{ExactPlan, Requested, exact_plan};
    let entry = algorithms::registry::find(algorithm).ok()?;
    if let Ok(ExactPlan::Chain(swaps)) = exact_plan(entry, deck, Requested::MarkovChain) {
        let law = stats::law::markov::exact_position_law(&swaps)
            .ok()?
            .rounded();
        return Some(law.matrix.chunks(deck).map(<[f64]>::to_vec).collect());
    }
    let law = match exact_plan(entry, deck, Requested::Auto).ok()? {
        ExactPlan::Merge(swaps) => stats::law::merge::merged_distribution(&swaps).ok()?,
        _ => stats::exact_distribution(&entry.algorithm, deck, &stats::Limits::default()).ok()?,
    };
    law.is_complete().then(|| law.position_matrix())
}

#[derive(Serialize)]
struct Added {
    counted: u64,
    decks: u64,
    verdict: &'static str,
    evidence: Option<f64>,
    stop: bool,
}

async fn add_decks(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let Ok(Path(id)) = id else {
        return refuse(
            StatusCode::NOT_FOUND,
            "a run's path is /sessions/ID/decks, ID the 32 hex digits its start returned".into(),
        );
    };
    let batch = match body {
        Ok(b) => b,
        Err(_) => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "a batch holds at most {} bytes: send fewer decks at a time",
                    app.limits.batch_bytes
                ),
            );
        }
    };
    let Some(session) = find_run(&app, &id) else {
        return no_run(&app, &id);
    };
    let limits = app.limits.clone();
    let done = tokio::task::spawn_blocking(move || {
        let mut s = session.lock().unwrap_or_else(PoisonError::into_inner);
        let added = s.add(&batch, &limits);
        let f = s.finding();
        added.map(|counted| Added {
            counted,
            decks: s.decks(),
            verdict: match f.verdict {
                judge::live::LiveVerdict::Watching => "watching",
                judge::live::LiveVerdict::Biased => "biased",
            },
            evidence: f.log10_evidence.is_finite().then_some(f.log10_evidence),
            stop: s.stopped(),
        })
    })
    .await;
    match done {
        Ok(Ok(added)) => json(&added),
        Ok(Err(e @ (crate::BatchError::Stopped(_) | crate::BatchError::TooManyDecks(_)))) => {
            refuse(StatusCode::CONFLICT, e.to_string())
        }
        Ok(Err(e)) => refuse(StatusCode::BAD_REQUEST, e.to_string()),
        Err(_) => refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the batch could not be counted".into(),
        ),
    }
}

/// Run `id`, if it is kept.
fn find_run(app: &App, id: &str) -> Option<Arc<Mutex<Session>>> {
    let id = RunId::parse(id)?;
    app.runs
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&id)
}

fn no_run(app: &App, id: &str) -> Response {
    let shown: String = id.chars().take(40).collect();
    refuse(
        StatusCode::NOT_FOUND,
        format!(
            "no run '{shown}'{}: a run is named by the 32 hex digits its start returned, and is kept until {} newer runs replace it; start a new run",
            if shown.len() < id.len() { "…" } else { "" },
            app.limits.sessions
        ),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Which {
    session: Option<String>,
    heatmap: Option<u8>,
}

async fn state(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    query: Result<Query<Which>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(which)) = query else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the state takes ?session=ID and ?heatmap=0 or 1".into(),
        );
    };
    let Some(id) = which.session else {
        return json(&State::idle(app.alpha));
    };
    let Some(s) = find_run(&app, &id) else {
        return no_run(&app, &id);
    };
    let s = s.lock().unwrap_or_else(PoisonError::into_inner);
    json(&State::of(id, &s, which.heatmap != Some(0)))
}

#[cfg(test)]
mod tests {
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
