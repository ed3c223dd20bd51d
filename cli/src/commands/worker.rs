//! `worker`: runs the outbox's jobs (provider sends, webhook deliveries) as a process of its own,
//! for operators who split roles (servers then run with `RUN_WORKER=false`). With `REDIS_URL` it
//! hears of new jobs from every replica; it runs until Ctrl-C or SIGTERM.

use backoffice::{config::Config, state::AppState, tenancy::Databases};

pub async fn run(dbs: Databases, config: Config) -> anyhow::Result<i32> {
    let state = AppState::new(config, dbs).await?;
    let worker = state.worker().start();
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
