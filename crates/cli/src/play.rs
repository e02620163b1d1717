//! `shuffle-audit play`: the live page, served on this computer until
//! Ctrl-C or SIGTERM; a second one stops it at once.

use crate::args::AlphaArg;
use crate::common::PASS;
use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

#[derive(Debug, Args)]
#[command(mut_arg("alpha", |a| a.help(format!(
    "The false-alarm probability of a run (default {}): the page stops a run when the evidence against a fair shuffle reaches 1/ALPHA, which a fair shuffle does with probability at most ALPHA however long it runs",
    report::fmt::fmt_level(judge::live::LIVE_ALPHA)
))))]
pub(crate) struct PlayArgs {
    /// The port to listen on; by default a free one.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets
    /// other computers reach the page: a warning says so.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    listen: IpAddr,
    #[command(flatten)]
    alpha: AlphaArg,
}

/// Serves the page until Ctrl-C or SIGTERM, then waits a few seconds for
/// the requests under way (a second signal: not at all); exit 0. The
/// page's address must reach standard output: if it cannot be printed
/// (a full disk, a closed pipe), nobody can open the page, and `play`
/// stops with exit 2.
pub(crate) fn run(args: &PlayArgs) -> Result<u8> {
    crate::range::strictly_between_0_and_1(
        "--alpha",
        args.alpha.or(judge::live::LIVE_ALPHA),
        "false-alarm probability",
    )?;
    let addr = SocketAddr::new(args.listen, args.port);
    let server = live::Server::bind(
        addr,
        args.alpha.or(judge::live::LIVE_ALPHA),
        live::Limits::default(),
    )
    .with_context(|| format!("cannot listen on {addr}"))?;
    if !args.listen.is_loopback() {
        crate::output::warn(&format!(
            "listening on {}: other computers that can reach this address can use the page",
            server.local_addr()
        ));
    }
    {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "shuffle-audit play: open {} (Ctrl-C stops it)",
            server.url()
        )
        .and_then(|()| out.flush())
        .context("cannot print the page's address to standard output, so nobody could open it")?;
    }
    server
        .run(stop_signal(), stop_signal())
        .context("the page's server stopped")?;
    Ok(PASS)
}

/// Ctrl-C (SIGINT) or SIGTERM, whichever comes first from now on.
async fn stop_signal() {
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = terminate => {}
    }
}
