//! What the domain raises when something happens that people or other replicas must learn: the
//! realtime events of docs/realtime.md#events, to whom they go ([`Audience`]), and the facts that
//! end sessions, drop cached copies or wake the worker ([`Raised`]).
//!
//! Domain functions raise them on the unit of work (`domain::unit`) they run in; the unit
//! hands them to its [`Publisher`] only after its transaction commits, so nobody is told about a
//! change that rolled back.
//!
//! **One catalogue, owned where it happens.** Each realtime event is a struct named after the
//! event (the spec's name), defined by the module that owns what it is about — tickets, messages,
//! transfers and customers in `conversations::events`, `InstanceUpdated` in `instances`,
//! `CampaignUpdated` in `campaigns` — and implements [`DomainEvent`]. Raising one writes its JSON
//! once ([`Event`]); the kernel carries it to the bus without knowing its shape, so no lower
//! module imports the features its events are about.

use std::sync::Arc;

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;

use crate::{
    entities::tenant::{ticket, ticket_transfer, webhook_endpoint},
    tenancy::TenantName,
};

/// A realtime event's payload: a struct whose fields are the event's JSON beside `"event"`.
pub trait DomainEvent: Serialize {
    /// The event's name on the wire (docs/realtime.md#events).
    const NAME: &'static str;

    /// Whether it may move a ticket between the queue's tabs (status, owner, department, or a new
    /// ticket): the queue counts cached for the tenant's users go.
    fn moves_tickets(&self) -> bool {
        false
    }

    /// The event as it travels: `{"event": "<NAME>", ...payload}`, written now.
    fn event(&self) -> Event {
        #[derive(Serialize)]
        struct Tagged<'a, T: ?Sized> {
            event: &'static str,
            #[serde(flatten)]
            payload: &'a T,
        }
        let json = serde_json::to_string(&Tagged { event: Self::NAME, payload: self })
            // A payload is plain data (no map with non-string keys): this cannot fail, but a
            // frame with the name alone is better than none.
            .unwrap_or_else(|_| format!("{{\"event\":\"{}\"}}", Self::NAME));
        Event { name: Self::NAME, json, moves_tickets: self.moves_tickets() }
    }

    /// The event for an audience.
    fn to(&self, audience: Audience) -> Raised {
        Raised::Event { event: Box::new(self.event()), audience }
    }
}

/// A realtime event as raised: its name and its JSON, written once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    name: &'static str,
    json: String,
    moves_tickets: bool,
}

impl Event {
    /// The event's name (`ChatNotification`, ...).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// `{"event": "<name>", ...payload}`.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// [`DomainEvent::moves_tickets`].
    pub fn moves_tickets(&self) -> bool {
        self.moves_tickets
    }
}

/// Whom an event is about: the socket hub delivers it to the viewers entitled to it
/// (`conversations::Viewer::receives`).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Audience {
    /// The ticket's instance: its agents may see it.
    pub instance_id: Option<i32>,
    /// The ticket's department: the instance's agents of other departments may not.
    pub department_id: Option<i32>,
    /// People who see it whatever their instances (the owner, a transfer's target).
    pub users: Vec<i32>,
    /// A department whose members see it whatever their instances (a transfer's target).
    pub to_department_id: Option<i32>,
    /// Only those who see everything (notices for administrators).
    pub managers_only: bool,
    /// The ticket it is about: people it was shared with see it too (`Viewer::shared_tickets`).
    #[serde(default)]
    pub ticket_id: Option<i32>,
    /// Only the people in `users`, whoever else sees everything (a mention is one person's).
    #[serde(default)]
    pub personal: bool,
}

impl Audience {
    /// The audience of a ticket: its instance's agents (of its department), its owner, and anyone
    /// named in `also`.
    pub fn of_ticket(ticket: &ticket::Model, also: &[i32]) -> Self {
        let mut users: Vec<i32> = ticket.assigned_user_id.into_iter().collect();
        users.extend_from_slice(also);
        Self {
            instance_id: Some(ticket.instance_id),
            department_id: ticket.department_id,
            users,
            ticket_id: Some(ticket.id),
            ..Self::default()
        }
    }

    /// One person only (their mentions, their unread count).
    pub fn person(user_id: i32) -> Self {
        Self { users: vec![user_id], personal: true, ..Self::default() }
    }

    /// The audience of a transfer's target: the person, or the department's members (and whoever
    /// sees the ticket already).
    pub fn of_transfer(ticket: &ticket::Model, transfer: &ticket_transfer::Model) -> Self {
        let mut audience = Self::of_ticket(ticket, &transfer.to_user_id.into_iter().collect::<Vec<_>>());
        audience.to_department_id = transfer.to_department_id;
        audience
    }

    /// The agents of an instance (and those who see everything).
    pub fn of_instance(instance_id: i32) -> Self {
        Self { instance_id: Some(instance_id), ..Self::default() }
    }

    /// Every entitled viewer of the tenant, not bound to a ticket (customers, groups).
    pub fn everyone() -> Self {
        Self::default()
    }

    /// Administrators and supervisors only.
    pub fn managers() -> Self {
        Self { managers_only: true, ..Self::default() }
    }
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
    /// The daily aggregates were rebuilt (an analytics sync committed): the dashboards' answers
    /// kept for the tenant go, on every replica.
    AnalyticsChanged,
    /// A webhook endpoint was created, changed, switched off or deleted: the subscribers kept for
    /// the tenant go, on every replica.
    WebhooksChanged,
    /// A company setting kept in `tenant_settings` changed (today the audit settings, read by
    /// every opening of a conversation): the copies kept for the tenant go, on every replica.
    SettingsChanged,
    /// A ticket was shared with a person (`shared`) or they declined it: their open sockets, on
    /// every replica, start or stop hearing of it, and their cached entitlement goes.
    TicketShared { user_id: i32, ticket_id: i32, shared: bool },
}

/// Where raised facts go once their transaction committed: the event bus in the server; the CLI
/// without a bus discards them ([`Discard`]).
pub trait Publisher: Send + Sync {
    fn publish(&self, tenant: &TenantName, raised: Raised);

    /// Where this process keeps the tenants' webhook subscribers, if it does (the server; the
    /// CLI reads them afresh).
    fn subscriber_cache(&self) -> Option<&dyn SubscriberCache> {
        None
    }
}

/// A publisher that tells nobody (a process with no sockets and no other replicas to reach).
#[derive(Debug, Default, Clone, Copy)]
pub struct Discard;

impl Publisher for Discard {
    fn publish(&self, _: &TenantName, _: Raised) {}
}

/// Who listens outside the product: the enabled webhook endpoints of a tenant and the event
/// types each subscribed to (`domain::webhook_events`).
#[derive(Debug, Clone, Default)]
pub struct Subscribers {
    endpoints: Vec<(i32, Vec<String>)>,
}

impl Subscribers {
    pub fn new(endpoints: Vec<(i32, Vec<String>)>) -> Self {
        Self { endpoints }
    }

    /// Read from the tenant's database (a handful of rows: at most `webhooks::MAX_ENDPOINTS`).
    pub async fn load(db: &impl ConnectionTrait) -> crate::domain::error::Result<Self> {
        let enabled: Vec<(i32, serde_json::Value)> = webhook_endpoint::Entity::find()
            .select_only()
            .column(webhook_endpoint::Column::Id)
            .column(webhook_endpoint::Column::EventTypes)
            .filter(webhook_endpoint::Column::Enabled.eq(true))
            .into_tuple()
            .all(db)
            .await?;
        let endpoints = enabled
            .into_iter()
            .map(|(id, types)| (id, serde_json::from_value::<Vec<String>>(types).unwrap_or_default()))
            .collect();
        Ok(Self { endpoints })
    }

    /// The endpoints subscribed to `event_type`.
    pub fn of(&self, event_type: &str) -> Vec<i32> {
        self.endpoints.iter().filter(|(_, types)| types.iter().any(|t| t == event_type)).map(|(id, _)| *id).collect()
    }
}

/// Where the server keeps each tenant's [`Subscribers`] (`cache::Caches`); a fill that raced an
/// invalidation is not kept (the ticket says when the fill started).
pub trait SubscriberCache: Send + Sync {
    fn subscribers(&self, tenant: &TenantName) -> Option<Arc<Subscribers>>;
    fn subscribers_ticket(&self) -> u64;
    fn store_subscribers(&self, ticket: u64, tenant: TenantName, subscribers: Arc<Subscribers>);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct CustomerBlacklisted {
        customer_id: i32,
        blacklisted: bool,
    }

    impl DomainEvent for CustomerBlacklisted {
        const NAME: &'static str = "CustomerBlacklisted";
    }

    #[test]
    fn an_event_serializes_as_its_name_beside_its_payload() {
        let event = CustomerBlacklisted { customer_id: 3, blacklisted: true }.event();
        let json: serde_json::Value = serde_json::from_str(event.json()).unwrap();
        assert_eq!(json, serde_json::json!({ "event": "CustomerBlacklisted", "customer_id": 3, "blacklisted": true }));
        assert_eq!(event.name(), "CustomerBlacklisted");
        assert!(!event.moves_tickets());
    }
}
