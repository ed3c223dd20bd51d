//! The event bus: what the rest of the server calls to raise an event or end a user's sockets.
//!
//! Every message is delivered to this process's sockets at once (`Hub::dispatch`). With Redis
//! (`REDIS_URL`), it is also published on one channel that every replica subscribes to, so a
//! socket on any replica gets it; a replica skips its own messages (it delivered them already).
//! Presence (who has a socket open) is kept the same way: in this process, and in Redis as one
//! sorted set per tenant whose members expire unless the replica holding the socket refreshes them,
//! so a crashed replica's users drop out by themselves.

use std::{
    collections::HashSet,
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use futures::StreamExt;
use redis::{AsyncCommands, aio::ConnectionManager};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::{
    domain::auth::sessions::SessionsEnded,
    realtime::{
        Event,
        hub::{Delivery, Hub, PresenceChange, Registration, Subscriber},
    },
    tenancy::TenantName,
};

/// Operations waiting for the Redis writer; beyond this, publishing drops messages (and logs).
const OUTBOX: usize = 16_384;
/// A replica refreshes its users' presence this often...
const PRESENCE_REFRESH: Duration = Duration::from_secs(30);
/// ...and presence it stops refreshing (it crashed) expires after this long.
const PRESENCE_TTL_SECONDS: u64 = 90;
/// Wait before re-subscribing after the Redis subscription broke.
const RESUBSCRIBE_DELAY: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct EventBus {
    inner: Arc<Inner>,
}

struct Inner {
    hub: Hub,
    remote: Option<Remote>,
}

struct Remote {
    /// This process's id on the shared channel.
    replica: String,
    prefix: String,
    conn: ConnectionManager,
    outbox: mpsc::Sender<RemoteOp>,
}

/// What one replica tells the others.
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    origin: String,
    tenant: String,
    #[serde(flatten)]
    body: Body,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Body {
    Event { instance_id: Option<i32>, frame: String },
    SessionsEnded { user_id: i32 },
}

/// Work for the Redis writer, in order (so a user's arrival is never applied after their leaving).
enum RemoteOp {
    Publish(String),
    Presence(PresenceChange),
}

impl Default for EventBus {
    fn default() -> Self {
        Self::local()
    }
}

impl EventBus {
    /// A bus for one process.
    pub fn local() -> Self {
        Self { inner: Arc::new(Inner { hub: Hub::default(), remote: None }) }
    }

    /// A bus shared with every replica using the same Redis and key prefix. Starts the subscriber
    /// and the writer tasks; fails when Redis cannot be reached now (later outages are survived:
    /// events raised meanwhile reach only this replica's sockets).
    pub async fn redis(url: &str, prefix: &str) -> redis::RedisResult<Self> {
        let client = redis::Client::open(url)?;
        let conn = ConnectionManager::new(client.clone()).await?;
        let (outbox, ops) = mpsc::channel(OUTBOX);
        let remote = Remote { replica: crate::config::random_token(12), prefix: prefix.to_owned(), conn, outbox };
        let bus = Self { inner: Arc::new(Inner { hub: Hub::default(), remote: Some(remote) }) };
        // The first subscription is made before returning, so nothing published after `redis()`
        // returns is missed by this replica.
        let pubsub = subscribe(&client, &bus.channel()).await?;
        tokio::spawn(bus.clone().receive(client, pubsub));
        tokio::spawn(bus.clone().write(ops));
        Ok(bus)
    }

    /// Raises an event for a tenant's entitled sockets, on every replica.
    pub fn publish(&self, tenant: &TenantName, event: Event) {
        let frame = event.to_frame();
        let instance_id = event.instance_id();
        self.inner.hub.dispatch(&Delivery { tenant: tenant.clone(), instance_id, frame: frame.clone().into() });
        self.send_remote(tenant, Body::Event { instance_id, frame });
    }

    /// Closes the sockets of a user whose sessions ended, on every replica. Call it after the
    /// transaction that ended them committed.
    pub fn sessions_ended(&self, tenant: &TenantName, ended: SessionsEnded) {
        self.end_sessions(tenant, ended.user_id);
    }

    /// Closes a user's sockets on every replica (e.g. they logged out).
    pub fn end_sessions(&self, tenant: &TenantName, user_id: i32) {
        self.inner.hub.end_sessions(tenant, user_id);
        self.send_remote(tenant, Body::SessionsEnded { user_id });
    }

    /// Adds a socket of this process.
    pub fn register(&self, subscriber: Subscriber) -> Registration {
        let (registration, arrived) = self.inner.hub.register(subscriber);
        if let Some(change) = arrived {
            self.send_presence(change);
        }
        registration
    }

    /// Removes a socket whose task ended.
    pub fn unregister(&self, subscriber: &Subscriber, id: u64) {
        if let Some(change) = self.inner.hub.unregister(subscriber, id) {
            self.send_presence(change);
        }
    }

    /// Users of `tenant` with a socket open on any replica.
    pub async fn online(&self, tenant: &TenantName) -> HashSet<i32> {
        let Some(remote) = &self.inner.remote else { return self.inner.hub.online(tenant) };
        let mut conn = remote.conn.clone();
        let members: Result<Vec<String>, _> = conn.zrangebyscore(remote.presence_key(tenant), now_seconds(), "+inf").await;
        match members {
            Ok(members) => members.iter().filter_map(|m| m.split(':').next()?.parse().ok()).collect(),
            Err(err) => {
                tracing::warn!(error = %err, "presence read from Redis failed; answering with this replica's sockets");
                self.inner.hub.online(tenant)
            }
        }
    }

    /// Closes every socket of this process with "going away" and waits (at most `limit`) until
    /// their tasks have sent the close frame.
    pub async fn shutdown(&self, limit: Duration) {
        self.inner.hub.close_all();
        if !self.inner.hub.drained(limit).await {
            tracing::warn!(open = self.inner.hub.socket_count(), "sockets still open at shutdown");
        }
    }

    /// Open sockets on this process.
    pub fn socket_count(&self) -> usize {
        self.inner.hub.socket_count()
    }

    fn channel(&self) -> String {
        self.inner.remote.as_ref().map(|r| format!("{}:realtime", r.prefix)).unwrap_or_default()
    }

    fn send_remote(&self, tenant: &TenantName, body: Body) {
        let Some(remote) = &self.inner.remote else { return };
        let envelope = Envelope { origin: remote.replica.clone(), tenant: tenant.to_string(), body };
        let Ok(payload) = serde_json::to_string(&envelope) else { return };
        if remote.outbox.try_send(RemoteOp::Publish(payload)).is_err() {
            tracing::warn!(tenant = %tenant, "Redis outbox full: event delivered on this replica only");
        }
    }

    fn send_presence(&self, change: PresenceChange) {
        if let Some(remote) = &self.inner.remote
            && remote.outbox.try_send(RemoteOp::Presence(change)).is_err()
        {
            tracing::warn!("Redis outbox full: presence change skipped (the periodic refresh repairs it)");
        }
    }

    /// Delivers the other replicas' messages to this process's sockets; re-subscribes after
    /// a broken connection.
    async fn receive(self, client: redis::Client, first: redis::aio::PubSub) {
        let Some(remote) = &self.inner.remote else { return };
        let channel = self.channel();
        let mut pubsub = Some(first);
        loop {
            let current = match pubsub.take() {
                Some(current) => Ok(current),
                None => subscribe(&client, &channel).await,
            };
            match current {
                Ok(current) => {
                    let mut messages = current.into_on_message();
                    while let Some(message) = messages.next().await {
                        let Ok(payload) = message.get_payload::<String>() else { continue };
                        self.deliver_remote(&remote.replica, &payload);
                    }
                    tracing::warn!("Redis subscription lost; re-subscribing");
                }
                Err(err) => tracing::warn!(error = %err, "Redis subscription failed; retrying"),
            }
            tokio::time::sleep(RESUBSCRIBE_DELAY).await;
        }
    }

    fn deliver_remote(&self, own_replica: &str, payload: &str) {
        let Ok(envelope) = serde_json::from_str::<Envelope>(payload) else {
            tracing::debug!("ignored a malformed message on the realtime channel");
            return;
        };
        if envelope.origin == own_replica {
            return;
        }
        let Ok(tenant) = TenantName::parse(&envelope.tenant) else { return };
        match envelope.body {
            Body::Event { instance_id, frame } => self.inner.hub.dispatch(&Delivery { tenant, instance_id, frame: frame.into() }),
            Body::SessionsEnded { user_id } => self.inner.hub.end_sessions(&tenant, user_id),
        }
    }

    /// Publishes and records presence in order; refreshes this replica's presence periodically.
    async fn write(self, mut ops: mpsc::Receiver<RemoteOp>) {
        let Some(remote) = &self.inner.remote else { return };
        let channel = self.channel();
        let mut conn = remote.conn.clone();
        let mut refresh = tokio::time::interval(PRESENCE_REFRESH);
        loop {
            let result = tokio::select! {
                op = ops.recv() => match op {
                    None => return,
                    Some(RemoteOp::Publish(payload)) => conn.publish::<_, _, ()>(&channel, payload).await,
                    Some(RemoteOp::Presence(PresenceChange::Arrived(tenant, user_id))) => {
                        conn.zadd::<_, _, _, ()>(remote.presence_key(&tenant), remote.member(user_id), expiry()).await
                    }
                    Some(RemoteOp::Presence(PresenceChange::Left(tenant, user_id))) => {
                        conn.zrem::<_, _, ()>(remote.presence_key(&tenant), remote.member(user_id)).await
                    }
                },
                _ = refresh.tick() => self.refresh_presence(remote, &mut conn).await,
            };
            if let Err(err) = result {
                tracing::warn!(error = %err, "Redis write for realtime failed");
            }
        }
    }

    /// Re-announces every user with a socket here and forgets expired members.
    async fn refresh_presence(&self, remote: &Remote, conn: &mut ConnectionManager) -> redis::RedisResult<()> {
        let present = self.inner.hub.local_presence();
        if present.is_empty() {
            return Ok(());
        }
        let mut pipe = redis::pipe();
        let mut tenants = HashSet::new();
        for (tenant, user_id) in &present {
            pipe.zadd(remote.presence_key(tenant), remote.member(*user_id), expiry()).ignore();
            tenants.insert(tenant.clone());
        }
        for tenant in &tenants {
            pipe.zrembyscore(remote.presence_key(tenant), "-inf", now_seconds()).ignore();
        }
        pipe.query_async(conn).await
    }
}

impl Remote {
    fn presence_key(&self, tenant: &TenantName) -> String {
        format!("{}:presence:{tenant}", self.prefix)
    }

    fn member(&self, user_id: i32) -> String {
        format!("{user_id}:{}", self.replica)
    }
}

async fn subscribe(client: &redis::Client, channel: &str) -> redis::RedisResult<redis::aio::PubSub> {
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.subscribe(channel).await?;
    Ok(pubsub)
}

fn now_seconds() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default()
}

fn expiry() -> u64 {
    now_seconds() + PRESENCE_TTL_SECONDS
}
