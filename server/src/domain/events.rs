//! What the domain raises when something happens that people or other replicas must learn: the
//! realtime events of docs/realtime.md#events and the end of a user's sessions.
//!
//! Domain functions raise them on the unit of work (`domain::unit`) they run in; the unit
//! hands them to its [`Publisher`] only after its transaction commits, so nobody is told about a
//! change that rolled back. The wire form (base64 of the JSON) is `realtime::wire`'s business;
//! here an event is its typed payload, and its serialization is the JSON of the wire.

use serde::Serialize;

use crate::{
    domain::{
        inbox::{
            Audience,
            views::{CustomerRef, MessageView, TicketView, TransferView},
        },
        instances::summary::InstanceSummary,
    },
    tenancy::TenantName,
};

/// A server → client event (docs/realtime.md#events), serialized as `{"event": "<Name>", ...payload}`.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(tag = "event")]
pub enum Event {
    /// A campaign's status or figures moved (at most a few a second per campaign).
    CampaignUpdated {
        campaign_id: i32,
        status: String,
        total: u64,
        counts: crate::domain::campaigns::Counts,
    },
    /// A customer wrote (`ticket` and `message`), or a notice for the staff (`notice`).
    ChatNotification {
        ticket: Option<TicketView>,
        message: Option<MessageView>,
        notice: Option<String>,
    },
    ChatTicketClosed {
        ticket: TicketView,
    },
    /// A ticket has a new owner: a transfer was accepted, or an agent took it from the queue
    /// (`transfer_id` empty).
    ChatTicketTransferred {
        ticket: TicketView,
        transfer_id: Option<i32>,
    },
    /// A ticket is being transferred (to everyone who sees it).
    ChatTicketTransferring {
        ticket: TicketView,
        transfer: TransferView,
    },
    CustomerBlacklisted {
        customer_id: i32,
        blacklisted: bool,
    },
    /// A customer's message opened a ticket.
    CustomerChatCreated {
        ticket: TicketView,
    },
    /// A message's delivery state moved (`queued` → `sent` → `delivered` → `read`, or `failed`).
    CustomerChatAckChanged {
        ticket_id: Option<i32>,
        message_id: i32,
        ack: String,
        error: Option<String>,
    },
    /// A transfer was requested (to its target).
    ChatTicketTransfer {
        ticket: TicketView,
        transfer: TransferView,
    },
    /// A customer wrote for the first time.
    CustomerCreatedToChat {
        customer: CustomerRef,
        instance_id: i32,
    },
    GroupOfCustomersUpdated {
        group_id: i32,
        name: Option<String>,
        members: u64,
    },
    InstanceUpdated {
        instance: InstanceSummary,
    },
    /// A transfer ended without changing the owner: rejected or cancelled.
    DeleteChatTicketTransfer {
        ticket: TicketView,
        transfer: TransferView,
    },
}

/// Something a unit of work raised, published after its commit.
#[derive(Debug, Clone, PartialEq)]
pub enum Raised {
    /// A realtime event for the sockets of its audience, on every replica.
    Event { event: Box<Event>, audience: Audience },
    /// A user's sessions ended (blocked, deleted, new password): their open sockets close, on
    /// every replica.
    SessionsEnded { user_id: i32 },
    /// One session was logged out: its access tokens stop working before `until` (when they would
    /// expire anyway) and its sockets close, on every replica.
    SessionRevoked { sid: String, until: chrono::DateTime<chrono::Utc> },
    /// A job was queued in the tenant's outbox, due at `run_at`: a worker should look.
    JobQueued { run_at: chrono::DateTime<chrono::Utc> },
    /// What authenticates a user changed (role, routes, instances, department, block, two-factor,
    /// profile); `None`: possibly every user of the tenant. Cached copies go, on every replica;
    /// when `entitlement` (what they may see: role, instances, department), their open sockets
    /// also close with 1012 to reconnect with it.
    AuthChanged { user_id: Option<i32>, entitlement: bool },
    /// A campaign's recipients or status moved: its watchers get a `CampaignUpdated` with fresh
    /// counts, throttled (`jobs::campaign_progress`), from the worker of any replica.
    CampaignChanged { campaign_id: i32 },
    /// The tenant's control record or features changed (plan, limits, features, deleted,
    /// restored): cached copies go, on every replica.
    TenantChanged,
    /// The tenant was deleted: as `TenantChanged`, and every open socket of it closes (1008) on
    /// every replica — a token of a deleted tenant is refused, so must be what it already holds.
    TenantClosed,
    /// A bot configuration or a department (the names bots route to) changed: the cached bots of
    /// the tenant go, on every replica.
    BotsChanged,
    /// An instance was created or changed (name, status, provider address or secret): the
    /// copies the provider endpoint authenticates with go, on every replica.
    InstancesChanged,
}

impl Event {
    /// Whether a ticket may have moved between the queue's tabs (status, owner, department, or a
    /// new ticket): the queue counts cached for the tenant's users go. A `ChatNotification` counts,
    /// since the bot's hand-over raises one; an ordinary message costs only a needless refill.
    pub fn moves_tickets(&self) -> bool {
        match self {
            Self::ChatNotification { ticket, .. } => ticket.is_some(),
            Self::ChatTicketClosed { .. }
            | Self::ChatTicketTransferred { .. }
            | Self::ChatTicketTransferring { .. }
            | Self::CustomerChatCreated { .. }
            | Self::ChatTicketTransfer { .. }
            | Self::DeleteChatTicketTransfer { .. } => true,
            Self::CampaignUpdated { .. }
            | Self::CustomerBlacklisted { .. }
            | Self::CustomerChatAckChanged { .. }
            | Self::CustomerCreatedToChat { .. }
            | Self::GroupOfCustomersUpdated { .. }
            | Self::InstanceUpdated { .. } => false,
        }
    }

    /// The event for an audience.
    pub fn to(self, audience: Audience) -> Raised {
        Raised::Event { event: Box::new(self), audience }
    }
}

/// Where raised facts go once their transaction committed: the event bus in the server; the CLI
/// without a bus discards them ([`Discard`]).
pub trait Publisher: Send + Sync {
    fn publish(&self, tenant: &TenantName, raised: Raised);
}

/// A publisher that tells nobody (a process with no sockets and no other replicas to reach).
#[derive(Debug, Default, Clone, Copy)]
pub struct Discard;

impl Publisher for Discard {
    fn publish(&self, _: &TenantName, _: Raised) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_serializes_as_its_name_beside_its_payload() {
        let json = serde_json::to_value(Event::CustomerBlacklisted { customer_id: 3, blacklisted: true }).unwrap();
        assert_eq!(json, serde_json::json!({ "event": "CustomerBlacklisted", "customer_id": 3, "blacklisted": true }));
    }
}
