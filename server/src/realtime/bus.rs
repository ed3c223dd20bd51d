//! The event bus: every published message reaches every socket task of this process, which
//! filters by tenant and entitlement. In-process (a bounded broadcast channel); the Redis
//! transport for several replicas plugs in behind `publish` (issue: realtime).

use tokio::sync::broadcast;

use crate::{realtime::Event, tenancy::TenantName};

/// What travels on the bus.
#[derive(Debug, Clone)]
pub enum BusMessage {
    /// An event for the sockets of `tenant` entitled to it.
    Event { tenant: TenantName, event: Event },
    /// A user's sessions ended (blocked, deleted, logged out, new password): close their sockets.
    SessionEnded { tenant: TenantName, user_id: i32 },
}

/// Messages a slow socket may fall behind before it is dropped.
pub const CAPACITY: usize = 1024;

#[derive(Clone)]
pub struct EventBus {
    sender: broadcast::Sender<BusMessage>,
}

impl Default for EventBus {
    fn default() -> Self {
        Self { sender: broadcast::channel(CAPACITY).0 }
    }
}

impl EventBus {
    /// Sends an event to a tenant's sockets (nobody listening is fine).
    pub fn publish(&self, tenant: &TenantName, event: Event) {
        let _ = self.sender.send(BusMessage::Event { tenant: tenant.clone(), event });
    }

    /// Closes a user's sockets.
    pub fn end_sessions(&self, tenant: &TenantName, user_id: i32) {
        let _ = self.sender.send(BusMessage::SessionEnded { tenant: tenant.clone(), user_id });
    }

    pub fn subscribe(&self) -> broadcast::Receiver<BusMessage> {
        self.sender.subscribe()
    }
}
