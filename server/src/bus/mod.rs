//! The event bus: where what the domain raised goes after its commit (`domain::events::Publisher`),
//! on this process and on every replica.
//!
//! Every message is delivered to this process's sockets at once (`Hub::dispatch`). With Redis
//! (`REDIS_URL`), it is also published on one channel that every replica subscribes to, so a
//! socket on any replica gets it; a replica skips its own messages (it delivered them already).
//! Presence (who has a socket open) is kept the same way: in this process, and in Redis as one
//! sorted set per tenant whose members expire unless the replica holding the socket refreshes them,
//! so a crashed replica's users drop out by themselves.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use chrono::{DateTime, Utc};
use futures::StreamExt;
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::{
    bus::hub::{Delivery, Hub, PresenceChange, Registration, Subscriber},
    cache::Caches,
    domain::events::{Audience, Publisher, Raised, SubscriberCache},
    redis_link::{LinkError, RedisLink},
    tenancy::TenantName,
};

pub mod announce;
pub mod hub;
pub mod wire;

/// Operations waiting for the Redis writer; beyond this, publishing drops messages (and logs).
const OUTBOX: usize = 16_384;
/// A replica refreshes its users' presence this often...
const PRESENCE_REFRESH: Duration = Duration::from_secs(30);
/// ...and presence it stops refreshing (it crashed) expires after this long.
const PRESENCE_TTL_SECONDS: u64 = 90;
/// How long subscribing may take before Redis counts as unreachable.
const SUBSCRIBE_TIMEOUT: Duration = Duration::from_secs(2);
/// Wait before re-subscribing after the Redis subscription broke.
const RESUBSCRIBE_DELAY: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct EventBus {
    inner: Arc<Inner>,
}

struct Inner {
    hub: Hub,
    remote: Option<Remote>,
    revoked: Revoked,
    /// The worker of this process, told when a tenant has a job to run.
    worker: std::sync::Mutex<Option<mpsc::UnboundedSender<JobWake>>>,
    /// The worker's campaign progress reporter, told when a campaign moved.
    campaigns: std::sync::Mutex<Option<mpsc::UnboundedSender<(TenantName, i32)>>>,
    /// What requests read on every call, dropped when the bus says it changed.
    caches: Caches,
}

/// A tenant has a job due at `run_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobWake {
    pub tenant: TenantName,
    pub run_at: DateTime<Utc>,
}

/// Sessions logged out before their access tokens expire, by session id, with that expiry.
#[derive(Default)]
struct Revoked(std::sync::RwLock<HashMap<String, DateTime<Utc>>>);

impl Revoked {
    fn insert(&self, sid: String, until: DateTime<Utc>) {
        let mut map = self.0.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Utc::now();
        if map.len() > 1024 {
            // Entries past their expiry protect nothing any more.
            map.retain(|_, until| *until > now);
        }
        map.insert(sid, until);
    }

    fn contains(&self, sid: &str) -> bool {
        let map = self.0.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.get(sid).is_some_and(|until| *until > Utc::now())
    }
}

struct Remote {
    /// This process's id on the shared channel.
    replica: String,
    prefix: String,
    link: RedisLink,
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
    Event {
        audience: Audience,
        frame: String,
        /// `Event::moves_tickets`: the receiving replica drops the tenant's cached queue counts.
        #[serde(default)]
        moves_tickets: bool,
    },
    SessionsEnded {
        user_id: i32,
    },
    SessionRevoked {
        sid: String,
        until: DateTime<Utc>,
    },
    JobQueued {
        run_at: DateTime<Utc>,
    },
    AuthChanged {
        user_id: Option<i32>,
        entitlement: bool,
    },
    TenantChanged,
    TenantClosed,
    CampaignChanged {
        campaign_id: i32,
    },
    BotsChanged,
    InstancesChanged,
    AnalyticsChanged,
    WebhooksChanged,
    SettingsChanged,
    TicketShared {
        user_id: i32,
        ticket_id: i32,
        shared: bool,
    },
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
        Self {
            inner: Arc::new(Inner {
                hub: Hub::default(),
                remote: None,
                revoked: Revoked::default(),
                worker: std::sync::Mutex::new(None),
                campaigns: std::sync::Mutex::new(None),
                caches: Caches::default(),
            }),
        }
    }

    /// A bus shared with every replica using the same Redis and key prefix. Starts the subscriber
    /// and the writer tasks; fails when Redis cannot be reached now (later outages are survived:
    /// events raised meanwhile reach only this replica's sockets).
    pub async fn redis(client: redis::Client, link: RedisLink, prefix: &str) -> redis::RedisResult<Self> {
        let (outbox, ops) = mpsc::channel(OUTBOX);
        let remote = Remote { replica: crate::random::random_token(12), prefix: prefix.to_owned(), link, outbox };
        let bus = Self {
            inner: Arc::new(Inner {
                hub: Hub::default(),
                remote: Some(remote),
                revoked: Revoked::default(),
                worker: std::sync::Mutex::new(None),
                campaigns: std::sync::Mutex::new(None),
                caches: Caches::default(),
            }),
        };
        // The first subscription is made before returning, so nothing published after `redis()`
        // returns is missed by this replica.
        let pubsub = subscribe(&client, &bus.channel()).await?;
        tokio::spawn(bus.clone().receive(client, pubsub));
        tokio::spawn(bus.clone().write(ops));
        Ok(bus)
    }

    /// Whether a session was logged out (its access tokens no longer count).
    pub fn is_revoked(&self, sid: &str) -> bool {
        self.inner.revoked.contains(sid)
    }

    /// Sessions logged out while this process was not running (read from the database at start).
    pub fn remember_revoked(&self, revoked: impl IntoIterator<Item = (String, DateTime<Utc>)>) {
        for (sid, until) in revoked {
            self.inner.revoked.insert(sid, until);
        }
    }

    /// Registers this process's worker: it hears of every job queued on any replica.
    pub fn wake_worker_with(&self, worker: mpsc::UnboundedSender<JobWake>) {
        *self.inner.worker.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(worker);
    }

    /// Registers this process's campaign progress reporter: it hears of every campaign that moved
    /// on any replica.
    pub fn watch_campaigns_with(&self, reporter: mpsc::UnboundedSender<(TenantName, i32)>) {
        *self.inner.campaigns.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(reporter);
    }

    fn campaign_changed(&self, tenant: &TenantName, campaign_id: i32) {
        if let Some(reporter) = self.inner.campaigns.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref()
        {
            let _ = reporter.send((tenant.clone(), campaign_id));
        }
    }

    fn wake_worker(&self, tenant: &TenantName, run_at: DateTime<Utc>) {
        if let Some(worker) = self.inner.worker.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref() {
            let _ = worker.send(JobWake { tenant: tenant.clone(), run_at });
        }
    }

    /// The caches of this process.
    pub fn caches(&self) -> &Caches {
        &self.inner.caches
    }

    /// A deleted tenant: its cached record goes and its sockets close.
    fn tenant_closed(&self, tenant: &TenantName) {
        self.inner.caches.tenant_changed(tenant);
        self.inner.hub.close_tenant(tenant);
    }

    fn auth_changed(&self, tenant: &TenantName, user_id: Option<i32>, entitlement: bool) {
        self.inner.caches.auth_changed(tenant, user_id);
        if entitlement {
            self.inner.hub.refresh_entitlement(tenant, user_id);
        }
    }

    /// A ticket shared with a user (or no longer): their sockets here hear of it from now on (a
    /// share must not cost them their socket, as a changed entitlement does: the mention that
    /// comes with it would be lost), and their cached entitlement goes.
    fn ticket_shared(&self, tenant: &TenantName, user_id: i32, ticket_id: i32, shared: bool) {
        self.inner.caches.auth_changed(tenant, Some(user_id));
        self.inner.hub.share_ticket(tenant, user_id, ticket_id, shared);
    }

    /// Adds a socket of this process; `true` beside it when it is its user's first here.
    pub fn register(&self, subscriber: Subscriber) -> (Registration, bool) {
        let (registration, arrived) = self.inner.hub.register(subscriber);
        let first = arrived.is_some();
        if let Some(change) = arrived {
            self.send_presence(change);
        }
        (registration, first)
    }

    /// Removes a socket whose task ended; `true` when it was its user's last here.
    pub fn unregister(&self, subscriber: &Subscriber, id: u64) -> bool {
        match self.inner.hub.unregister(subscriber, id) {
            Some(change) => {
                self.send_presence(change);
                true
            }
            None => false,
        }
    }

    /// Users of `tenant` with a socket open on any replica.
    pub async fn online(&self, tenant: &TenantName) -> HashSet<i32> {
        let Some(remote) = &self.inner.remote else { return self.inner.hub.online(tenant) };
        let key = remote.presence_key(tenant);
        let members = remote
            .link
            .call(
                |mut conn| async move { conn.zrangebyscore::<_, _, _, Vec<String>>(key, now_seconds(), "+inf").await },
            )
            .await;
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

    /// Open sockets of a user, and of their tenant, on this process.
    pub fn socket_counts(&self, tenant: &TenantName, user_id: i32) -> (usize, usize) {
        self.inner.hub.socket_counts(tenant, user_id)
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
                // Whatever was said while the subscription was down is lost: forget what it
                // might have invalidated.
                None => subscribe(&client, &channel).await.inspect(|_| self.inner.caches.clear()),
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
                Err(err) => {
                    remote.link.mark_down();
                    tracing::warn!(error = %err, "Redis subscription failed; retrying");
                }
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
            Body::Event { audience, frame, moves_tickets } => {
                if moves_tickets {
                    self.inner.caches.tickets_changed(&tenant);
                }
                self.inner.hub.dispatch(&Delivery { tenant, audience, frame: frame.into() })
            }
            Body::SessionsEnded { user_id } => {
                self.inner.caches.auth_changed(&tenant, Some(user_id));
                self.inner.hub.end_sessions(&tenant, user_id);
            }
            Body::AuthChanged { user_id, entitlement } => self.auth_changed(&tenant, user_id, entitlement),
            Body::TenantChanged => self.inner.caches.tenant_changed(&tenant),
            Body::TenantClosed => self.tenant_closed(&tenant),
            Body::BotsChanged => self.inner.caches.bots_changed(&tenant),
            Body::InstancesChanged => self.inner.caches.instances_changed(&tenant),
            Body::AnalyticsChanged => self.inner.caches.analytics_changed(&tenant),
            Body::WebhooksChanged => self.inner.caches.webhooks_changed(&tenant),
            Body::SettingsChanged => self.inner.caches.settings_changed(&tenant),
            Body::TicketShared { user_id, ticket_id, shared } => {
                self.ticket_shared(&tenant, user_id, ticket_id, shared)
            }
            Body::SessionRevoked { sid, until } => {
                self.inner.revoked.insert(sid.clone(), until);
                self.inner.hub.end_session(&tenant, &sid);
            }
            Body::JobQueued { run_at } => self.wake_worker(&tenant, run_at),
            Body::CampaignChanged { campaign_id } => self.campaign_changed(&tenant, campaign_id),
        }
    }

    /// Publishes and records presence in order; refreshes this replica's presence periodically.
    async fn write(self, mut ops: mpsc::Receiver<RemoteOp>) {
        let Some(remote) = &self.inner.remote else { return };
        let channel = self.channel();
        let mut refresh = tokio::time::interval(PRESENCE_REFRESH);
        // While Redis is away, writes fail at once (the link's breaker); what they announced is
        // re-announced by the first refresh after it answers again.
        let mut missed = false;
        loop {
            let result = tokio::select! {
                op = ops.recv() => match op {
                    None => return,
                    Some(RemoteOp::Publish(payload)) => {
                        let channel = channel.clone();
                        remote.link.call(|mut conn| async move { conn.publish::<_, _, ()>(channel, payload).await }).await
                    }
                    Some(RemoteOp::Presence(PresenceChange::Arrived(tenant, user_id))) => {
                        let (key, member) = (remote.presence_key(&tenant), remote.member(user_id));
                        remote.link.call(|mut conn| async move { conn.zadd::<_, _, _, ()>(key, member, expiry()).await }).await
                    }
                    Some(RemoteOp::Presence(PresenceChange::Left(tenant, user_id))) => {
                        let (key, member) = (remote.presence_key(&tenant), remote.member(user_id));
                        remote.link.call(|mut conn| async move { conn.zrem::<_, _, ()>(key, member).await }).await
                    }
                },
                _ = refresh.tick() => self.refresh_presence(remote).await,
            };
            match result {
                Err(err) => {
                    missed = true;
                    tracing::debug!(error = %err, "Redis write for realtime skipped");
                }
                Ok(()) if missed => missed = self.refresh_presence(remote).await.is_err(),
                Ok(()) => {}
            }
        }
    }

    /// Re-announces every user with a socket here and forgets expired members.
    async fn refresh_presence(&self, remote: &Remote) -> Result<(), LinkError> {
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
        remote.link.call(|mut conn| async move { pipe.query_async::<()>(&mut conn).await }).await
    }

    /// Whether Redis answers a ping now (`None`: no Redis, the bus is in-process).
    pub async fn redis_up(&self) -> Option<bool> {
        let remote = self.inner.remote.as_ref()?;
        let ping =
            remote.link.call(|mut conn| async move { redis::cmd("PING").query_async::<String>(&mut conn).await });
        Some(ping.await.is_ok())
    }
}

/// What the domain raised reaches the sockets (and the other replicas) through the bus.
impl Publisher for EventBus {
    fn publish(&self, tenant: &TenantName, raised: Raised) {
        match &raised {
            Raised::Event { event, audience } => {
                // Dropped before the sockets hear of it: a client refetching the queue on the
                // event counts afresh.
                let moves_tickets = event.moves_tickets();
                if moves_tickets {
                    self.inner.caches.tickets_changed(tenant);
                }
                let frame = wire::encode_event(event);
                let delivery =
                    Delivery { tenant: tenant.clone(), audience: audience.clone(), frame: frame.clone().into() };
                self.inner.hub.dispatch(&delivery);
                self.send_remote(tenant, Body::Event { audience: audience.clone(), frame, moves_tickets });
                return;
            }
            Raised::SessionsEnded { user_id } => {
                self.inner.caches.auth_changed(tenant, Some(*user_id));
                self.inner.hub.end_sessions(tenant, *user_id);
            }
            Raised::SessionRevoked { sid, until } => {
                self.inner.revoked.insert(sid.clone(), *until);
                self.inner.hub.end_session(tenant, sid);
            }
            Raised::JobQueued { run_at } => self.wake_worker(tenant, *run_at),
            Raised::CampaignChanged { campaign_id } => self.campaign_changed(tenant, *campaign_id),
            Raised::AuthChanged { user_id, entitlement } => self.auth_changed(tenant, *user_id, *entitlement),
            Raised::TenantChanged => self.inner.caches.tenant_changed(tenant),
            Raised::TenantClosed => self.tenant_closed(tenant),
            Raised::BotsChanged => self.inner.caches.bots_changed(tenant),
            Raised::InstancesChanged => self.inner.caches.instances_changed(tenant),
            Raised::AnalyticsChanged => self.inner.caches.analytics_changed(tenant),
            Raised::WebhooksChanged => self.inner.caches.webhooks_changed(tenant),
            Raised::SettingsChanged => self.inner.caches.settings_changed(tenant),
            Raised::TicketShared { user_id, ticket_id, shared } => {
                self.ticket_shared(tenant, *user_id, *ticket_id, *shared)
            }
        }
        self.send_remote(tenant, Body::of(raised));
    }

    fn subscriber_cache(&self) -> Option<&dyn SubscriberCache> {
        Some(&self.inner.caches)
    }
}

impl Body {
    /// How a raised fact travels to the other replicas.
    fn of(raised: Raised) -> Self {
        match raised {
            Raised::Event { event, audience } => {
                Self::Event { audience, frame: wire::encode_event(&event), moves_tickets: event.moves_tickets() }
            }
            Raised::SessionsEnded { user_id } => Self::SessionsEnded { user_id },
            Raised::SessionRevoked { sid, until } => Self::SessionRevoked { sid, until },
            Raised::JobQueued { run_at } => Self::JobQueued { run_at },
            Raised::CampaignChanged { campaign_id } => Self::CampaignChanged { campaign_id },
            Raised::AuthChanged { user_id, entitlement } => Self::AuthChanged { user_id, entitlement },
            Raised::TenantChanged => Self::TenantChanged,
            Raised::TenantClosed => Self::TenantClosed,
            Raised::BotsChanged => Self::BotsChanged,
            Raised::InstancesChanged => Self::InstancesChanged,
            Raised::AnalyticsChanged => Self::AnalyticsChanged,
            Raised::WebhooksChanged => Self::WebhooksChanged,
            Raised::SettingsChanged => Self::SettingsChanged,
            Raised::TicketShared { user_id, ticket_id, shared } => Self::TicketShared { user_id, ticket_id, shared },
        }
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
    let connect = async {
        let mut pubsub = client.get_async_pubsub().await?;
        pubsub.subscribe(channel).await?;
        Ok(pubsub)
    };
    match tokio::time::timeout(SUBSCRIBE_TIMEOUT, connect).await {
        Ok(result) => result,
        Err(_) => Err(redis::RedisError::from((redis::ErrorKind::IoError, "subscribing to Redis timed out"))),
    }
}

fn now_seconds() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default()
}

fn expiry() -> u64 {
    now_seconds() + PRESENCE_TTL_SECONDS
}
