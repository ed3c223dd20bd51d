//! `AppState`: what every handler can reach. Cheap to clone (shared pointers).

use std::sync::Arc;

use crate::{
    config::Config,
    graphql::AppSchema,
    realtime::EventBus, domain::auth::tokens::TokenKeys, http::access::RouteRules, ratelimit::RateLimiter,
    tenancy::Databases,
};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub dbs: Arc<Databases>,
    pub keys: TokenKeys,
    pub limiter: Arc<RateLimiter>,
    /// The access rule of every API route (filled by `http::app`).
    pub rules: Arc<RouteRules>,
    /// The GraphQL schema, built once.
    pub schema: AppSchema,
    /// Realtime events to the sockets.
    pub bus: EventBus,
}

impl AppState {
    /// State over opened databases; connects to Redis when configured.
    pub async fn new(config: Config, dbs: Databases) -> anyhow::Result<Self> {
        let (limiter, bus) = match &config.redis_url {
            Some(url) => {
                use secrecy::ExposeSecret;
                let url = url.0.expose_secret();
                (RateLimiter::redis(url, &config.redis_prefix).await?, EventBus::redis(url, &config.redis_prefix).await?)
            }
            None => (RateLimiter::local(), EventBus::local()),
        };
        Ok(Self {
            keys: TokenKeys::new(config.jwt_secret(), config.access_token_ttl_seconds),
            config: Arc::new(config),
            dbs: Arc::new(dbs),
            limiter: Arc::new(limiter),
            rules: Arc::new(RouteRules::default()),
            schema: crate::graphql::schema(),
            bus,
        })
    }
}
