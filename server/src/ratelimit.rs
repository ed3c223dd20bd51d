//! Fixed-window rate limits keyed by strings (e.g. a client address). In-process by default; in
//! Redis when `REDIS_URL` is set, so every replica counts the same attempts. While Redis is down
//! (`redis_link`), each replica counts on its own: limits stay in force, per replica, instead of
//! failing open or hanging.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use redis::AsyncCommands;

use crate::redis_link::RedisLink;

/// At most `max` hits per `window`.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

/// Where counts live.
pub struct RateLimiter {
    local: Mutex<Local>,
    shared: Option<(RedisLink, String)>,
}

/// The in-process counts: each window's count and the second its window ends.
#[derive(Default)]
struct Local {
    counts: HashMap<String, (u32, u64)>,
    /// When ended windows were last swept out.
    swept_at: u64,
}

/// Counts kept before ended windows are swept out.
const SWEEP_ABOVE: usize = 100_000;

impl Local {
    fn count(&self, key: &str, now: u64) -> u32 {
        self.counts.get(key).filter(|(_, ends)| *ends > now).map(|(count, _)| *count).unwrap_or(0)
    }

    fn hit(&mut self, key: String, ends: u64, now: u64) -> u32 {
        if self.counts.len() > SWEEP_ABOVE && self.swept_at != now {
            // Only ended windows go, whatever their length: a live count of a 15-minute window
            // is never dropped for a 1-minute window's sake (keys of every length share the map).
            // At most one sweep a second, however many live keys there are.
            self.counts.retain(|_, (_, window_ends)| *window_ends > now);
            self.swept_at = now;
        }
        let entry = self.counts.entry(key).or_insert((0, ends));
        entry.0 += 1;
        entry.0
    }
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default()
}

impl RateLimiter {
    pub fn local() -> Self {
        Self { local: Mutex::new(Local::default()), shared: None }
    }

    /// Counts in Redis (keys under `prefix`), and locally while it is down.
    pub fn redis(link: RedisLink, prefix: &str) -> Self {
        Self { local: Mutex::new(Local::default()), shared: Some((link, prefix.to_owned())) }
    }

    /// The current window's key and how long until it ends.
    fn window(&self, key: &str, limit: Limit) -> (String, Duration) {
        let window = limit.window.as_secs().max(1);
        let now = now_secs();
        let index = now / window;
        let prefix = self.shared.as_ref().map(|(_, prefix)| prefix.as_str()).unwrap_or_default();
        (format!("{prefix}:rl:{key}:{index}"), Duration::from_secs((index + 1) * window - now))
    }

    fn local_map(&self) -> std::sync::MutexGuard<'_, Local> {
        self.local.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `Err(retry_after)` when the window is already full; does not count.
    pub async fn check(&self, key: &str, limit: Limit) -> Result<(), Duration> {
        let (window_key, remaining) = self.window(key, limit);
        let shared = match &self.shared {
            Some((link, _)) => {
                link.call(|mut conn| async move { conn.get::<_, Option<u32>>(&window_key).await }).await.ok()
            }
            None => None,
        };
        let count = match shared {
            Some(count) => count.unwrap_or(0),
            None => {
                let (local_key, _) = self.window(key, limit);
                self.local_map().count(&local_key, now_secs())
            }
        };
        if count >= limit.max { Err(remaining) } else { Ok(()) }
    }

    /// Counts one hit; `Err(retry_after)` when this hit is over the limit.
    pub async fn hit(&self, key: &str, limit: Limit) -> Result<(), Duration> {
        let (window_key, remaining) = self.window(key, limit);
        let shared = match &self.shared {
            Some((link, _)) => {
                let (redis_key, ttl) = (window_key.clone(), remaining.as_secs() as i64 + 1);
                link.call(|mut conn| async move {
                    let (count,): (u32,) = redis::pipe()
                        .atomic()
                        .incr(&redis_key, 1u32)
                        .expire(&redis_key, ttl)
                        .ignore()
                        .query_async(&mut conn)
                        .await?;
                    Ok(count)
                })
                .await
                .ok()
            }
            None => None,
        };
        let count = match shared {
            Some(count) => count,
            None => {
                let now = now_secs();
                self.local_map().hit(window_key, now + remaining.as_secs(), now)
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

    #[tokio::test]
    async fn a_sweep_keeps_every_live_window_whatever_its_length() {
        let limiter = RateLimiter::local();
        let long = Limit { max: 2, window: Duration::from_secs(900) };
        let short = Limit { max: 1_000_000, window: Duration::from_secs(60) };
        limiter.hit("login-fail:a", long).await.unwrap();
        limiter.hit("login-fail:a", long).await.unwrap();
        // Enough other keys of a shorter window to sweep (each hit past the threshold may sweep).
        for n in 0..=SWEEP_ABOVE + 1 {
            let _ = limiter.hit(&format!("login:{n}"), short).await;
        }
        assert!(limiter.check("login-fail:a", long).await.is_err(), "the 15-minute count survived the sweep");
        // An ended window is swept out.
        let ended = {
            let mut local = limiter.local_map();
            local.counts.insert("old".into(), (5, 1));
            local.swept_at = 0;
            local.hit("x".into(), u64::MAX, now_secs());
            local.counts.contains_key("old")
        };
        assert!(!ended, "ended windows are swept");
    }
}
