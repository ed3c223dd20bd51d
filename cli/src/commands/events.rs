//! `events tail --tenant T`: connects to the realtime socket as one of the tenant's users and prints
//! every event as one JSON line on stdout (for `jq`, `grep`, tests). Status goes to stderr.
//!
//! The CLI signs a short-lived access token itself with the server's `JWT_SECRET` (it reads the
//! same configuration), for the user given by `--email` or else the tenant's oldest active
//! administrator, who sees every event. The token travels as the `bearer.<token>` subprotocol,
//! never in the URL. Like the web client it pings at connect and every 300 000 ms, and reconnects
//! 1000 ms after the server closes (restart, too slow) with a fresh token, unless the user's
//! sessions ended (close 1008).

use std::{io::Write, time::Duration};

use anyhow::{Context, bail};
use backoffice::{
    bus::wire,
    config::Config,
    domain::{auth::tokens::TokenKeys, users},
    entities::tenant::user,
    tenancy::{Databases, TenantName},
};
use futures::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::{
    Message, client::IntoClientRequest, http::HeaderValue, protocol::frame::coding::CloseCode,
};

/// The web client's ping interval (docs/contracts.md#states-and-transitions).
const PING_INTERVAL: Duration = Duration::from_millis(300_000);
/// The web client's reconnect delay (docs/contracts.md#states-and-transitions).
const RECONNECT_DELAY: Duration = Duration::from_millis(1_000);

#[derive(clap::Subcommand)]
pub enum Command {
    /// Prints a tenant's realtime events, one JSON object per line, until Ctrl-C.
    Tail {
        #[arg(long)]
        tenant: String,
        /// Whose events to see (default: the tenant's oldest active administrator, who sees all).
        #[arg(long)]
        email: Option<String>,
        /// The server, e.g. http://127.0.0.1:8080 (default: BIND, with 0.0.0.0 read as 127.0.0.1).
        #[arg(long)]
        url: Option<String>,
        /// Stop after this many events (default: never).
        #[arg(long)]
        count: Option<u64>,
    },
}

pub async fn run(dbs: &Databases, config: &Config, command: Command) -> anyhow::Result<i32> {
    let Command::Tail { tenant, email, url, count } = command;
    let tenant = super::active_tenant(dbs, &tenant).await?;
    let tx = tenant.open(dbs).await?.begin().await?;
    let tenant = tenant.name;
    let found = match &email {
        Some(email) => users::find_by_email(&tx, email).await?,
        None => users::first_administrator(&tx).await?,
    };
    tx.commit().await?;
    let user = found.with_context(|| match &email {
        Some(email) => format!("usuário {email} não encontrado no tenant \"{tenant}\""),
        None => format!("o tenant \"{tenant}\" não tem administrador ativo: informe --email"),
    })?;
    let server = server_address(url.as_deref(), config)?;
    let keys = TokenKeys::new(config.jwt_secret(), config.access_token_ttl_seconds);
    let target = Target { server, host: format!("{tenant}.{}", config.base_domain.0), tenant, user };

    let mut printed = 0u64;
    loop {
        match target.follow(&keys, count, &mut printed).await {
            Ok(Ended::Enough) => return Ok(0),
            Ok(Ended::SessionOver) => {
                eprintln!("a sessão de {} terminou (bloqueio, exclusão ou nova senha)", target.user.email);
                return Ok(1);
            }
            Ok(Ended::Closed(why)) => eprintln!("conexão encerrada: {why}; reconectando"),
            Err(err) => eprintln!("sem conexão com {}: {err:#}; tentando de novo", target.server),
        }
        tokio::time::sleep(RECONNECT_DELAY).await;
    }
}

struct Target {
    server: String,
    host: String,
    tenant: TenantName,
    user: user::Model,
}

enum Ended {
    /// `--count` events printed.
    Enough,
    /// Close 1008: the user's sessions ended; reconnecting would be refused.
    SessionOver,
    /// Any other close or a broken connection.
    Closed(String),
}

impl Target {
    async fn follow(&self, keys: &TokenKeys, count: Option<u64>, printed: &mut u64) -> anyhow::Result<Ended> {
        // A session of its own: the CLI's tail is not a login anyone can log out of.
        let token = keys.issue_access(self.user.id, &self.tenant, "cli-events-tail").token;
        let url = format!("{}/ws?tenantName={}&userId={}", self.server, self.tenant, self.user.id);
        let mut request = url.into_client_request()?;
        let headers = request.headers_mut();
        headers.insert("host", HeaderValue::from_str(&self.host)?);
        headers.insert("sec-websocket-protocol", HeaderValue::from_str(&format!("bearer.{token}"))?);
        let (mut socket, _) = match tokio_tungstenite::connect_async(request).await {
            Ok(connected) => connected,
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                let body = response.body().as_deref().map(String::from_utf8_lossy).unwrap_or_default();
                bail!("o servidor recusou ({}): {body}", response.status());
            }
            Err(err) => return Err(err.into()),
        };
        eprintln!("conectado ao tenant \"{}\" como {}", self.tenant, self.user.email);
        let ping = wire::ping(self.tenant.as_str(), self.user.id);
        let mut pings = tokio::time::interval(PING_INTERVAL);
        loop {
            tokio::select! {
                _ = pings.tick() => socket.send(Message::Text(ping.clone().into())).await?,
                incoming = socket.next() => match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let Some(event) = wire::decode_frame(text.as_str()) else { continue };
                        if event["event"] == "pong" {
                            continue;
                        }
                        let mut stdout = std::io::stdout().lock();
                        writeln!(stdout, "{event}")?;
                        stdout.flush()?;
                        *printed += 1;
                        if count.is_some_and(|n| *printed >= n) {
                            let _ = socket.close(None).await;
                            return Ok(Ended::Enough);
                        }
                    }
                    Some(Ok(Message::Close(frame))) => {
                        return Ok(match frame {
                            Some(frame) if frame.code == CloseCode::Policy => Ended::SessionOver,
                            Some(frame) => Ended::Closed(format!("{} {}", u16::from(frame.code), frame.reason)),
                            None => Ended::Closed("sem motivo".into()),
                        });
                    }
                    Some(Ok(_)) => {}
                    Some(Err(err)) => return Ok(Ended::Closed(err.to_string())),
                    None => return Ok(Ended::Closed("conexão perdida".into())),
                },
            }
        }
    }
}

/// `ws://` form of `--url`, or of `BIND`.
fn server_address(url: Option<&str>, config: &Config) -> anyhow::Result<String> {
    let http = super::server_url(url, config)?;
    Ok(format!("ws://{}", http.trim_start_matches("http://")))
}
