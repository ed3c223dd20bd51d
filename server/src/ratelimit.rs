//! Fixed-window rate limits keyed by strings (e.g. a client address). In-process by default; in
//! Redis when `REDIS_URL` is set, so every replica counts the same attempts.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use redis::{AsyncCommands, aio::ConnectionManager};

/// At most `max` hits per `window`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

/// Where counts live.
pub enum RateLimiter {
    Local(Mutex<HashMap<String, u32>>),
    Redis { conn: ConnectionManager, prefix: String },
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default()
}

impl RateLimiter {
    pub fn local() -> Self {
        Self::Local(Mutex::new(HashMap::new()))
    }

    /// Connects to Redis.
    pub async fn redis(url: &str, prefix: &str) -> redis::RedisResult<Self> {
        let client = redis::Client::open(url)?;
        Ok(Self::Redis { conn: ConnectionManager::new(client).await?, prefix: prefix.to_owned() })
    }

    /// The current window's key and how long until it ends.
    fn window(&self, key: &str, limit: Limit) -> (String, Duration) {
        let window = limit.window.as_secs().max(1);
        let now = now_secs();
        let index = now / window;
        let prefix = match self {
            Self::Local(_) => "",
            Self::Redis { prefix, .. } => prefix.as_str(),
        };
        (format!("{prefix}:rl:{key}:{index}"), Duration::from_secs((index + 1) * window - now))
    }

    /// `Err(retry_after)` when the window is already full; does not count.
    pub async fn check(&self, key: &str, limit: Limit) -> Result<(), Duration> {
        let (window_key, remaining) = self.window(key, limit);
        let count = match self {
            Self::Local(map) => map.lock().map(|m| m.get(&window_key).copied().unwrap_or(0)).unwrap_or(0),
            Self::Redis { conn, .. } => {
                let mut conn = conn.clone();
                // A Redis outage must not lock everybody out: count as zero and log.
                conn.get::<_, Option<u32>>(&window_key).await.unwrap_or_else(|err| {
                    tracing::warn!(error = %err, "rate limit read failed");
                    None
                })
                .unwrap_or(0)
            }
        };
        if count >= limit.max { Err(remaining) } else { Ok(()) }
    }

    /// Counts one hit; `Err(retry_after)` when this hit is over the limit.
    pub async fn hit(&self, key: &str, limit: Limit) -> Result<(), Duration> {
        let (window_key, remaining) = self.window(key, limit);
        let count = match self {
            Self::Local(map) => {
                let mut map = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                if map.len() > 100_000 {
                    // Old windows pile up; keep only the current ones.
                    let suffix = window_key.rsplit(':').next().unwrap_or_default().to_owned();
                    map.retain(|k, _| k.ends_with(&suffix));
                }
                let count = map.entry(window_key).or_insert(0);
                *count += 1;
                *count
            }
            Self::Redis { conn, .. } => {
                let mut conn = conn.clone();
                let result: redis::RedisResult<(u32,)> = redis::pipe()
                    .atomic()
                    .incr(&window_key, 1u32)
                    .expire(&window_key, remaining.as_secs() as i64 + 1)
                    .ignore()
                    .query_async(&mut conn)
                    .await;
                match result {
                    Ok((count,)) => count,
                    Err(err) => {
                        tracing::warn!(error = %err, "rate limit write failed");
                        0
                    }
                }
            }
        };
        if count > limit.max { Err(remaining) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_local_limiter_refuses_past_the_limit_with_a_retry_after() {
        let limiter = RateLimiter::local();
        let limit = Limit { max: 3, window: Duration::from_secs(60) };
        for _ in 0..3 {
            assert!(limiter.hit("a", limit).await.is_ok());
        }
        let retry = limiter.hit("a", limit).await.unwrap_err();
        assert!(retry.as_secs() >= 1 && retry.as_secs() <= 60);
        assert!(limiter.check("a", limit).await.is_err());
        assert!(limiter.hit("b", limit).await.is_ok(), "other keys are independent");
    }
}
