//! `AppState`: what every handler can reach. Cheap to clone (shared pointers).

use std::sync::Arc;

use crate::{
    bus::EventBus, config::Config, domain::auth::tokens::TokenKeys, ratelimit::RateLimiter, redis_link::RedisLink,
    secrets::Secrets, tenancy::Databases,
};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub dbs: Arc<Databases>,
    /// Shared, not copied: axum clones the state for every extractor of every request.
    pub keys: Arc<TokenKeys>,
    pub limiter: Arc<RateLimiter>,
    /// Realtime events to the sockets, and what every replica must learn.
    pub bus: EventBus,
    /// The keys of secrets at rest.
    pub secrets: Arc<Secrets>,
    /// Wakes the task that keeps spare schemas ready (PostgreSQL) after one was claimed.
    pub spares: Arc<tokio::sync::Notify>,
    /// Provider events waiting to be written, grouped per tenant (group commit).
    pub intake: Arc<crate::domain::inbox::intake::Intake>,
    /// Where the media of conversations is kept.
    pub media: crate::domain::media::MediaStore,
}

impl AppState {
    /// A worker over this state's databases and bus.
    pub fn worker(&self) -> crate::jobs::Worker {
        crate::jobs::Worker {
            dbs: self.dbs.clone(),
            bus: self.bus.clone(),
            secrets: self.secrets.clone(),
            allow_private_providers: self.config.allow_private_providers,
            reach: self.config.reach(),
            sync_max_pages: self.config.sync_max_pages,
            analytics_refresh: (self.config.analytics_refresh_seconds > 0)
                .then(|| chrono::Duration::seconds(self.config.analytics_refresh_seconds as i64)),
            allow_private_webhooks: self.config.allow_private_webhooks,
            media: self.media.clone(),
            public_url: self.config.public_origin("{tenant}"),
        }
    }

    /// State over opened databases; connects to Redis when configured.
    pub async fn new(config: Config, dbs: Databases) -> anyhow::Result<Self> {
        // Counts recorded before the recorder exists would be lost. Without a token nothing can
        // scrape, so nothing is recorded (no series grows from what clients send).
        if config.metrics_token.is_some() {
            crate::metrics::handle();
        }
        let (limiter, bus) = match &config.redis_url {
            Some(url) => {
                use secrecy::ExposeSecret;
                let client = redis::Client::open(url.0.expose_secret())?;
                let timeout = std::time::Duration::from_millis(config.backend_timeout_ms);
                // One connection (and one breaker) for everything this replica asks Redis.
                let link = RedisLink::connect(client.clone(), timeout).await?;
                (
                    RateLimiter::redis(link.clone(), &config.redis_prefix),
                    EventBus::redis(client, link, &config.redis_prefix).await?,
                )
            }
            None => (RateLimiter::local(), EventBus::local()),
        };
        let secrets = config.secrets();
        // Media links are signed with a key of the secrets key's: the same on every replica.
        crate::domain::media::links::install(secrets.derive("media-links"));
        let media = config.media_store().map_err(|err| anyhow::anyhow!("MEDIA_STORAGE: {err}"))?;
        Ok(Self {
            keys: Arc::new(TokenKeys::new(config.jwt_secret(), config.access_token_ttl_seconds)),
            secrets: Arc::new(secrets),
            media,
            config: Arc::new(config),
            dbs: Arc::new(dbs),
            limiter: Arc::new(limiter),
            bus,
            spares: Arc::new(tokio::sync::Notify::new()),
            intake: Default::default(),
        })
    }
}
