//! The routes: the page and its assets, the configuration, new runs,
//! their decks and their state, each request refused in one line of JSON
//! when it is not the server's to answer.

use super::*;

/// The page, with the figures it states filled in from where they are
/// decided ([`index_html`]).
const INDEX_TEMPLATE: &str = include_str!("../../assets/index.html");
const APP_JS: &str = include_str!("../../assets/app.js");
const WORKER_JS: &str = include_str!("../../assets/worker.js");
const STYLE_CSS: &str = include_str!("../../assets/style.css");

/// The page as served: how often a fair shuffle stays in the pale part of
/// the colours is the judge's ([`judge::fair::runs_within`]).
pub(super) fn index_html() -> &'static str {
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

pub(super) fn router(app: Arc<App>) -> Router {
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

pub(super) fn refuse(status: StatusCode, error: String) -> Response {
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
pub(super) fn own_host(addr: SocketAddr, host: &str) -> bool {
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
    /// The step-by-step view's loops: the lesson's `altNaiveShuffle` and
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
        let added = s.add(&batch, limits.decks_per_session);
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
