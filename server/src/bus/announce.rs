//! Telling the running servers from a process that has no sockets of its own (the CLI): what a
//! command's units raised is collected, then published once on the replicas' Redis channel after
//! the command committed. With no `REDIS_URL` there is nobody to reach (one server process, its
//! bus in memory): its caches let go of what changed within `cache::TTL`, and sockets keep
//! their entitlement until they reconnect (docs/operations.md#cli-and-running-servers).

use std::sync::Mutex;

use redis::AsyncCommands;

use super::{Body, Envelope};
use crate::{
    config::Config,
    domain::events::{Publisher, Raised},
    tenancy::TenantName,
};

pub struct Announcer {
    redis: Option<(redis::Client, String)>,
    pending: Mutex<Vec<(TenantName, Raised)>>,
}

impl Announcer {
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        let redis = match &config.redis_url {
            Some(url) => {
                use secrecy::ExposeSecret;
                Some((redis::Client::open(url.0.expose_secret())?, format!("{}:realtime", config.redis_prefix)))
            }
            None => None,
        };
        Ok(Self { redis, pending: Mutex::new(Vec::new()) })
    }

    /// Publishes what was raised; answers how many messages reached Redis (0 without Redis).
    pub async fn flush(&self) -> anyhow::Result<usize> {
        let pending = std::mem::take(&mut *self.pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        let Some((client, channel)) = &self.redis else { return Ok(0) };
        if pending.is_empty() {
            return Ok(0);
        }
        let mut conn = client.get_multiplexed_async_connection().await?;
        let origin = format!("cli-{}", crate::random::random_token(8));
        for (tenant, raised) in &pending {
            let envelope =
                Envelope { origin: origin.clone(), tenant: tenant.to_string(), body: Body::of(raised.clone()) };
            conn.publish::<_, _, ()>(channel, serde_json::to_string(&envelope)?).await?;
        }
        Ok(pending.len())
    }
}

impl Publisher for Announcer {
    fn publish(&self, tenant: &TenantName, raised: Raised) {
        self.pending.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((tenant.clone(), raised));
    }
}
