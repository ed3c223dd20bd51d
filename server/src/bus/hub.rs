//! The sockets of this process, indexed by tenant, and the fan-out to them.
//!
//! Each socket has a bounded queue of frames. Dispatch never waits: a socket whose queue is full
//! is too slow to keep up and is dropped (closed with 1013 "try again later") instead of holding
//! back the others. A frame is serialized once per event, then shared by every socket (`Utf8Bytes`
//! is reference-counted).

use std::{
    collections::{HashMap, HashSet},
    sync::{
        RwLock,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, oneshot};

use crate::{
    domain::{conversations::Viewer, events::Audience},
    metrics::names,
    tenancy::TenantName,
};

/// Frames a socket may have waiting before it counts as too slow and is dropped.
pub const SOCKET_QUEUE: usize = 256;

/// Why the server closes a socket; each maps to a close code the client can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseReason {
    /// The user's sessions ended (logout, lockout, deletion, new password): 1008, do not reconnect
    /// with the same token.
    SessionEnded,
    /// The socket fell behind its queue: 1013, reconnecting later is fine.
    TooSlow,
    /// The server is stopping: 1001.
    ShuttingDown,
    /// No frame from the client within the ping interval: 1000.
    Idle,
    /// The client sent frames faster than allowed, or too many that are not pings: 1008.
    Flooding,
    /// What the user may see changed (role, instances, department): 1012, reconnect to get the
    /// new entitlement.
    EntitlementChanged,
}

impl CloseReason {
    pub fn code(self) -> u16 {
        match self {
            Self::SessionEnded => 1008,
            Self::TooSlow => 1013,
            Self::ShuttingDown => 1001,
            Self::Idle => 1000,
            Self::Flooding => 1008,
            Self::EntitlementChanged => 1012,
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Self::SessionEnded => "sessão encerrada",
            Self::TooSlow => "conexão lenta demais",
            Self::ShuttingDown => "servidor reiniciando",
            Self::Idle => "sem ping no intervalo",
            Self::Flooding => "mensagens demais",
            Self::EntitlementChanged => "permissões alteradas",
        }
    }
}

/// One event ready to go out: its tenant, whom it is for, and the frame.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub tenant: TenantName,
    pub audience: Audience,
    pub frame: Utf8Bytes,
}

/// Who is on the other end of a socket and what they may see.
#[derive(Debug, Clone)]
pub struct Subscriber {
    pub tenant: TenantName,
    pub user_id: i32,
    /// The session (login) whose token opened the socket.
    pub session: String,
    /// What the user may see (read at connect time: role, department, instance links).
    pub viewer: Viewer,
}

struct Handle {
    subscriber: Subscriber,
    frames: mpsc::Sender<Utf8Bytes>,
    close: oneshot::Sender<CloseReason>,
}

/// What a socket task receives when it registers.
pub struct Registration {
    pub id: u64,
    pub frames: mpsc::Receiver<Utf8Bytes>,
    pub close: oneshot::Receiver<CloseReason>,
}

/// A change in who is online, reported so that presence can be shared between replicas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PresenceChange {
    /// The user's first socket on this process opened.
    Arrived(TenantName, i32),
    /// The user's last socket on this process closed.
    Left(TenantName, i32),
}

#[derive(Default)]
struct Sockets {
    by_tenant: HashMap<TenantName, HashMap<u64, Handle>>,
    /// Open sockets per (tenant, user) on this process.
    per_user: HashMap<(TenantName, i32), usize>,
}

#[derive(Default)]
pub struct Hub {
    sockets: RwLock<Sockets>,
    next_id: AtomicU64,
}

impl Hub {
    /// Adds a socket; returns its queue and its close signal, and whether its user just arrived.
    pub fn register(&self, subscriber: Subscriber) -> (Registration, Option<PresenceChange>) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (frames_tx, frames_rx) = mpsc::channel(SOCKET_QUEUE);
        let (close_tx, close_rx) = oneshot::channel();
        let key = (subscriber.tenant.clone(), subscriber.user_id);
        let mut sockets = self.write();
        let count = sockets.per_user.entry(key.clone()).or_default();
        *count += 1;
        let arrived = (*count == 1).then(|| PresenceChange::Arrived(key.0.clone(), key.1));
        sockets
            .by_tenant
            .entry(subscriber.tenant.clone())
            .or_default()
            .insert(id, Handle { subscriber, frames: frames_tx, close: close_tx });
        (Registration { id, frames: frames_rx, close: close_rx }, arrived)
    }

    /// Removes a socket when its task ends; reports whether its user left this process.
    pub fn unregister(&self, subscriber: &Subscriber, id: u64) -> Option<PresenceChange> {
        let mut sockets = self.write();
        if let Some(tenant_sockets) = sockets.by_tenant.get_mut(&subscriber.tenant) {
            tenant_sockets.remove(&id);
            if tenant_sockets.is_empty() {
                sockets.by_tenant.remove(&subscriber.tenant);
            }
        }
        let key = (subscriber.tenant.clone(), subscriber.user_id);
        let count = sockets.per_user.get_mut(&key)?;
        *count -= 1;
        if *count > 0 {
            return None;
        }
        sockets.per_user.remove(&key);
        Some(PresenceChange::Left(key.0, key.1))
    }

    /// Sends a frame to every entitled socket of its tenant. Never waits.
    pub fn dispatch(&self, delivery: &Delivery) {
        let mut too_slow = Vec::new();
        let mut delivered = 0u64;
        {
            let sockets = self.read();
            let Some(tenant_sockets) = sockets.by_tenant.get(&delivery.tenant) else { return };
            for (id, handle) in tenant_sockets {
                if !handle.subscriber.viewer.receives(&delivery.audience) {
                    continue;
                }
                match handle.frames.try_send(delivery.frame.clone()) {
                    Ok(()) => delivered += 1,
                    Err(mpsc::error::TrySendError::Full(_)) => too_slow.push(*id),
                    Err(mpsc::error::TrySendError::Closed(_)) => {}
                }
            }
        }
        metrics::counter!(names::SOCKET_EVENTS_DELIVERED).increment(delivered);
        if !too_slow.is_empty() {
            metrics::counter!(names::SOCKET_EVENTS_DROPPED).increment(too_slow.len() as u64);
            tracing::info!(tenant = %delivery.tenant, sockets = too_slow.len(), "dropping sockets that fell behind");
            self.close_where(&delivery.tenant, CloseReason::TooSlow, |id, _| too_slow.contains(&id));
        }
    }

    /// Closes every socket of a user (their sessions ended).
    pub fn end_sessions(&self, tenant: &TenantName, user_id: i32) {
        self.close_where(tenant, CloseReason::SessionEnded, |_, s| s.user_id == user_id);
    }

    /// Closes every socket of a tenant (it was deleted).
    pub fn close_tenant(&self, tenant: &TenantName) {
        self.close_where(tenant, CloseReason::SessionEnded, |_, _| true);
    }

    /// Closes the sockets whose entitlement changed (one user, or every user of the tenant), so
    /// they reconnect with the new one.
    pub fn refresh_entitlement(&self, tenant: &TenantName, user_id: Option<i32>) {
        self.close_where(tenant, CloseReason::EntitlementChanged, |_, s| user_id.is_none_or(|id| id == s.user_id));
    }

    /// Makes a user's sockets hear (or stop hearing) of a ticket shared with them.
    pub fn share_ticket(&self, tenant: &TenantName, user_id: i32, ticket_id: i32, shared: bool) {
        let mut sockets = self.write();
        let Some(tenant_sockets) = sockets.by_tenant.get_mut(tenant) else { return };
        for handle in tenant_sockets.values_mut().filter(|h| h.subscriber.user_id == user_id) {
            let tickets = &mut handle.subscriber.viewer.shared_tickets;
            if shared {
                tickets.insert(ticket_id);
            } else {
                tickets.remove(&ticket_id);
            }
        }
    }

    /// Closes the sockets of one session (it was logged out).
    pub fn end_session(&self, tenant: &TenantName, session: &str) {
        self.close_where(tenant, CloseReason::SessionEnded, |_, s| s.session == session);
    }

    /// Closes every socket (the server is stopping).
    pub fn close_all(&self) {
        let tenants: Vec<TenantName> = self.read().by_tenant.keys().cloned().collect();
        for tenant in &tenants {
            self.close_where(tenant, CloseReason::ShuttingDown, |_, _| true);
        }
    }

    /// Users with at least one socket on this process.
    pub fn local_presence(&self) -> Vec<(TenantName, i32)> {
        self.read().per_user.keys().cloned().collect()
    }

    /// Users of `tenant` with at least one socket on this process.
    pub fn online(&self, tenant: &TenantName) -> HashSet<i32> {
        self.read().per_user.keys().filter(|(t, _)| t == tenant).map(|(_, user)| *user).collect()
    }

    /// Open sockets of a user, and of their tenant, on this process.
    pub fn socket_counts(&self, tenant: &TenantName, user_id: i32) -> (usize, usize) {
        let sockets = self.read();
        let of_user = sockets.per_user.get(&(tenant.clone(), user_id)).copied().unwrap_or_default();
        let of_tenant = sockets.by_tenant.get(tenant).map(HashMap::len).unwrap_or_default();
        (of_user, of_tenant)
    }

    /// Open sockets (tasks not yet finished).
    pub fn socket_count(&self) -> usize {
        self.read().per_user.values().sum()
    }

    /// Waits until every socket task has finished, at most `limit`.
    pub async fn drained(&self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        while self.socket_count() > 0 {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        true
    }

    /// Signals the picked sockets to close; their tasks send the close frame and unregister.
    fn close_where(&self, tenant: &TenantName, reason: CloseReason, pick: impl Fn(u64, &Subscriber) -> bool) {
        let mut sockets = self.write();
        let Some(tenant_sockets) = sockets.by_tenant.get_mut(tenant) else { return };
        let picked: Vec<u64> =
            tenant_sockets.iter().filter(|(id, h)| pick(**id, &h.subscriber)).map(|(id, _)| *id).collect();
        for id in picked {
            if let Some(handle) = tenant_sockets.remove(&id) {
                let _ = handle.close.send(reason);
            }
        }
        if tenant_sockets.is_empty() {
            sockets.by_tenant.remove(tenant);
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Sockets> {
        self.sockets.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Sockets> {
        self.sockets.write().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
