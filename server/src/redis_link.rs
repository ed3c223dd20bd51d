//! The replica's link to Redis (docs/operations.md#when-redis-or-postgresql-go-away): one
//! connection manager with short timeouts, and a breaker that lets the rest of the server stop
//! waiting on a Redis that is down.
//!
//! Every Redis call goes through [`RedisLink::call`]: it answers within the timeout or fails, and
//! after a failure the link is marked down for [`DOWN_FOR`], during which calls fail at once
//! without touching the network. Callers fall back to this replica's own view (local rate limits,
//! local presence, local delivery) — the server keeps serving while Redis is away and is back to
//! normal within a few seconds after it returns. `/readyz` reports the link as degraded.

use std::{
    future::Future,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

/// How long calls skip a Redis that just failed.
pub const DOWN_FOR: Duration = Duration::from_secs(2);

/// Redis, or the knowledge that it is down.
#[derive(Clone)]
pub struct RedisLink {
    conn: ConnectionManager,
    timeout: Duration,
    /// Milliseconds since the epoch until which Redis counts as down (0: up).
    down_until_ms: Arc<AtomicU64>,
}

/// Why a call did not reach Redis.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("Redis is down (skipping it for a moment)")]
    Down,
    #[error("Redis did not answer in time")]
    Timeout,
    #[error(transparent)]
    Redis(#[from] redis::RedisError),
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or_default()
}

impl RedisLink {
    /// Connects (the server does not start without its Redis: a replica that cannot reach the
    /// others must not pretend to be one of them).
    pub async fn connect(client: redis::Client, timeout: Duration) -> redis::RedisResult<Self> {
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(timeout)
            .set_response_timeout(timeout)
            .set_number_of_retries(1)
            .set_max_delay(timeout.as_millis() as u64);
        let conn = ConnectionManager::new_with_config(client, config).await?;
        Ok(Self { conn, timeout, down_until_ms: Arc::new(AtomicU64::new(0)) })
    }

    /// Whether Redis answered the last time it was asked.
    pub fn is_up(&self) -> bool {
        self.down_until_ms.load(Ordering::Relaxed) <= now_ms()
    }

    /// Runs a call on the connection, within the timeout; marks Redis down when it fails.
    pub async fn call<T, F, Fut>(&self, call: F) -> Result<T, LinkError>
    where
        F: FnOnce(ConnectionManager) -> Fut,
        Fut: Future<Output = redis::RedisResult<T>>,
    {
        if !self.is_up() {
            return Err(LinkError::Down);
        }
        let result = match tokio::time::timeout(self.timeout, call(self.conn.clone())).await {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(err)) => LinkError::Redis(err),
            Err(_) => LinkError::Timeout,
        };
        self.mark_down();
        Err(result)
    }

    /// Records a failure seen elsewhere (the subscriber's connection).
    pub fn mark_down(&self) {
        let until = now_ms() + DOWN_FOR.as_millis() as u64;
        if self.down_until_ms.swap(until, Ordering::Relaxed) <= now_ms() {
            tracing::warn!("Redis unreachable: serving from this replica's own view until it answers again");
        }
    }
}
