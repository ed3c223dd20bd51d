//! Building and running the server: open the databases, check the control schema, bind (port 0
//! in tests), serve until Ctrl-C / SIGTERM, then close connections.

use std::{net::SocketAddr, time::Duration};

use anyhow::Context;
use tokio::net::TcpListener;

use crate::{
    app,
    config::Config,
    domain::setup,
    listener::{self, ConnectionLimits},
    state::AppState,
    tenancy::Databases,
};

/// How long shutdown waits for sockets to take their close frame.
const SOCKET_CLOSE_GRACE: Duration = Duration::from_secs(5);

/// A bound, ready-to-run server.
pub struct Application {
    listener: TcpListener,
    state: AppState,
}

impl Application {
    /// Opens the databases and binds. Refuses to start on a control database that lacks
    /// migrations (run `backoffice-cli init` or `migrate`).
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let dbs =
            Databases::connect(&config.database_settings()).await.context("não foi possível abrir o banco de dados")?;
        let pending = setup::control_pending(&dbs).await.context("não foi possível ler as migrações do controle")?;
        if pending > 0 {
            anyhow::bail!(
                "o banco de controle tem {pending} migração(ões) pendente(s): execute `backoffice-cli init` (primeira vez) ou `backoffice-cli migrate`"
            );
        }
        let listener = TcpListener::bind(config.bind)
            .await
            .with_context(|| format!("não foi possível escutar em {}", config.bind))?;
        let state = AppState::new(config, dbs).await.context("não foi possível conectar ao Redis (REDIS_URL)")?;
        // Sessions logged out while this process was down stay refused.
        let revoked = crate::domain::auth::sessions::active_revocations(state.dbs.control())
            .await
            .context("não foi possível ler as sessões encerradas")?;
        state.bus.remember_revoked(revoked);
        Ok(Self { listener, state })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until the future `shutdown` completes; then open sockets get a "going away" close
    /// frame (upgraded connections are not waited for by the listener), requests in flight finish,
    /// and the databases close.
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let config = &self.state.config;
        let limits = ConnectionLimits {
            header_read_timeout: Duration::from_secs(config.header_read_timeout_seconds),
            idle_timeout: Duration::from_secs(config.idle_timeout_seconds),
            per_address: config.max_connections_per_address,
            exempt: config.trusted_proxies.0.clone(),
        };
        let app = app::app(self.state.clone());
        if config.run_worker {
            self.state.worker().start();
        }
        if config.spare_schemas > 0 && self.state.dbs.backend() == sea_orm::DbBackend::Postgres {
            tokio::spawn(keep_spares_ready(self.state.dbs.clone(), self.state.spares.clone()));
        }
        let bus = self.state.bus.clone();
        let stopping = async move {
            shutdown.await;
            bus.shutdown(SOCKET_CLOSE_GRACE).await;
        };
        listener::serve(self.listener, app, limits, stopping).await;
        self.state.dbs.close().await;
        Ok(())
    }

    /// Serves until Ctrl-C or SIGTERM.
    pub async fn run(self) -> anyhow::Result<()> {
        self.run_until(shutdown_signal()).await
    }
}

/// Refills the spare schemas at start, after each claim, and every few minutes (another replica
/// or the CLI may have claimed some). Spares are a speed-up: failing here only logs.
async fn keep_spares_ready(dbs: std::sync::Arc<crate::tenancy::Databases>, wake: std::sync::Arc<tokio::sync::Notify>) {
    loop {
        match dbs.refill_spares().await {
            Ok(0) => {}
            Ok(created) => tracing::info!(created, "spare schemas created"),
            Err(err) => tracing::warn!(error = %err, "could not refill the spare schemas"),
        }
        let _ = tokio::time::timeout(Duration::from_secs(300), wake.notified()).await;
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
