//! `worker`: runs the outbox's jobs (provider sends, webhook deliveries) as a process of its own,
//! for operators who split roles (servers then run with `RUN_WORKER=false`). With `REDIS_URL` it
//! hears of new jobs from every replica; it runs until Ctrl-C or SIGTERM. With `--metrics-bind` it
//! answers `GET /metrics` (Prometheus text: outbox depth and age, jobs by outcome) on that address,
//! without a token: bind it to loopback or a private network.

use std::net::SocketAddr;

use axum::{Router, routing::get};
use backoffice::{config::Config, metrics, state::AppState, tenancy::Databases};

#[derive(clap::Args)]
pub struct Args {
    /// Address for the worker's own `GET /metrics` (for example 127.0.0.1:9101).
    #[arg(long, value_name = "ADDR")]
    metrics_bind: Option<SocketAddr>,
}

pub async fn run(dbs: Databases, config: Config, args: Args) -> anyhow::Result<i32> {
    if args.metrics_bind.is_some() {
        // Recording starts with the worker, before its first job is counted.
        metrics::handle();
    }
    let state = AppState::new(config, dbs).await?;
    let worker = state.worker().start();
    if let Some(bind) = args.metrics_bind {
        let listener = tokio::net::TcpListener::bind(bind).await?;
        let app = Router::new().route("/metrics", get(|| async { metrics::text_response(metrics::render_text()) }));
        tokio::spawn(async move { axum::serve(listener, app).await });
        eprintln!("métricas em http://{bind}/metrics");
    }
    eprintln!("worker em execução (Ctrl-C para parar)");
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
        _ = worker => {}
    }
    // A job cut off mid-attempt is claimed again after its lease: at-least-once (docs/jobs.md).
    Ok(0)
}
