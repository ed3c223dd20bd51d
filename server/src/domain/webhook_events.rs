//! The events an integrator's endpoint may subscribe to (docs/webhooks.md), and how one that
//! happened becomes deliveries: [`emit`] writes, in the transaction of the change itself, one
//! `webhook_deliveries` row and one outbox job per enabled endpoint subscribed to it, so an event
//! is delivered exactly when its change committed — never for a change that rolled back, never
//! lost to a crash after the commit. The worker signs and sends (`jobs::webhook_deliver`).
//!
//! This is the kernel's part, so that every floor can emit where its fact happens (a ticket
//! accepted in `conversations`, an order in `orders`, a campaign recipient in `campaigns`); the
//! endpoints themselves (their secrets, tests, retries, replays) are `domain::webhooks`.
//!
//! **No query when nobody listens.** Which endpoint subscribes to what is read once per tenant
//! and kept by the server ([`SubscriberCache`], `cache::Caches`), dropped on every replica when an
//! endpoint changes (`Raised::WebhooksChanged`) and after `cache::TTL` in any case (a change made
//! by the CLI with no bus). A commit racing an endpoint's change may queue to an endpoint just
//! switched off (its job finds it off and records "não enviada") or miss one just subscribed —
//! the same as if the change had committed a moment earlier or later.

use std::sync::Arc;

use chrono::{DateTime, SecondsFormat, Utc};
use sea_orm::{ActiveModelTrait, Set};
use serde::Serialize;

use crate::{
    domain::{
        error::Result,
        events::Subscribers,
        outbox::{self, WebhookDeliver},
        unit::Unit,
    },
    entities::tenant::{states::DeliveryStatus, webhook_delivery},
    random::random_token,
};

pub const TICKET_OPENED: &str = "ticket.opened";
pub const TICKET_ACCEPTED: &str = "ticket.accepted";
pub const TICKET_TRANSFERRED: &str = "ticket.transferred";
pub const TICKET_CLOSED: &str = "ticket.closed";
pub const MESSAGE_RECEIVED: &str = "message.received";
pub const MESSAGE_SENT: &str = "message.sent";
pub const MESSAGE_ACK: &str = "message.ack";
pub const CUSTOMER_CREATED: &str = "customer.created";
pub const CUSTOMER_UPDATED: &str = "customer.updated";
pub const CUSTOMER_BLACKLISTED: &str = "customer.blacklisted";
pub const INSTANCE_STATUS: &str = "instance.status";
pub const ORDER_CREATED: &str = "order.created";
pub const CAMPAIGN_STATUS: &str = "campaign.status";

/// Every event type an endpoint may subscribe to, in the order the documentation lists them.
pub const EVENT_TYPES: [&str; 13] = [
    TICKET_OPENED,
    TICKET_ACCEPTED,
    TICKET_TRANSFERRED,
    TICKET_CLOSED,
    MESSAGE_RECEIVED,
    MESSAGE_SENT,
    MESSAGE_ACK,
    CUSTOMER_CREATED,
    CUSTOMER_UPDATED,
    CUSTOMER_BLACKLISTED,
    INSTANCE_STATUS,
    ORDER_CREATED,
    CAMPAIGN_STATUS,
];

/// The tenant's subscribers: the kept copy, else read in the unit's transaction (and kept).
pub async fn subscribers(unit: &Unit) -> Result<Arc<Subscribers>> {
    let Some(cache) = unit.subscriber_cache() else { return Ok(Arc::new(Subscribers::load(unit).await?)) };
    if let Some(kept) = cache.subscribers(unit.tenant()) {
        return Ok(kept);
    }
    let ticket = cache.subscribers_ticket();
    let loaded = Arc::new(Subscribers::load(unit).await?);
    cache.store_subscribers(ticket, unit.tenant().clone(), loaded.clone());
    Ok(loaded)
}

/// The body of a delivery: Standard Webhooks' `{type, timestamp, data}`.
pub fn payload(event_type: &str, at: DateTime<Utc>, data: &impl Serialize) -> String {
    #[derive(Serialize)]
    struct Body<'a, T> {
        #[serde(rename = "type")]
        event_type: &'a str,
        timestamp: String,
        data: &'a T,
    }
    serde_json::to_string(&Body { event_type, timestamp: at.to_rfc3339_opts(SecondsFormat::Millis, true), data })
        // Views are plain data (string keys only): this cannot fail, and an event with its type
        // alone still tells the receiver something happened.
        .unwrap_or_else(|_| format!("{{\"type\":\"{event_type}\",\"data\":null}}"))
}

/// Whether any enabled endpoint of the tenant subscribes to `event_type` (what an emitter that
/// must read more to say it asks first).
pub async fn listens(unit: &Unit, event_type: &str) -> Result<bool> {
    Ok(!subscribers(unit).await?.of(event_type).is_empty())
}

/// `event_type` happened now, saying what `data` makes (the REST view of what it is about):
/// queued, in the unit's transaction, to every enabled endpoint subscribed to it. When none is,
/// nothing is written and `data` is never called.
pub async fn emit<T: Serialize>(unit: &Unit, event_type: &'static str, data: impl FnOnce() -> T) -> Result<()> {
    debug_assert!(EVENT_TYPES.contains(&event_type), "{event_type} is not in the catalogue");
    let endpoints = subscribers(unit).await?.of(event_type);
    if endpoints.is_empty() {
        return Ok(());
    }
    let body = payload(event_type, Utc::now(), &data());
    for endpoint_id in endpoints {
        queue(unit, endpoint_id, event_type, body.clone()).await?;
    }
    Ok(())
}

/// Queues a delivery of `payload` to one endpoint, in the unit's transaction: its row (with a
/// fresh `webhook-id`, kept across retries) and the outbox job that sends it.
pub async fn queue(
    unit: &Unit,
    endpoint_id: i32,
    event_type: &str,
    payload: String,
) -> Result<webhook_delivery::Model> {
    let now = Utc::now();
    let delivery = webhook_delivery::ActiveModel {
        webhook_id: Set(format!("msg_{}", random_token(24))),
        endpoint_id: Set(endpoint_id),
        event_type: Set(event_type.to_owned()),
        payload: Set(payload),
        status: Set(DeliveryStatus::Pending),
        attempts: Set(0),
        next_attempt_at: Set(Some(now)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    outbox::enqueue(unit, &WebhookDeliver { delivery_id: delivery.id }, now).await?;
    Ok(delivery)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subscribers_are_found_by_event_type() {
        let subscribers = Subscribers::new(vec![
            (1, vec![TICKET_OPENED.into(), ORDER_CREATED.into()]),
            (2, vec![ORDER_CREATED.into()]),
            (3, vec![CAMPAIGN_STATUS.into()]),
        ]);
        assert_eq!(subscribers.of(ORDER_CREATED), vec![1, 2]);
        assert_eq!(subscribers.of(TICKET_OPENED), vec![1]);
        assert!(subscribers.of(MESSAGE_ACK).is_empty());
    }

    #[test]
    fn a_payload_is_type_timestamp_and_data() {
        let at = DateTime::parse_from_rfc3339("2026-12-06T13:00:00Z").unwrap().with_timezone(&Utc);
        let body: serde_json::Value =
            serde_json::from_str(&payload(ORDER_CREATED, at, &serde_json::json!({"order": {"id": 7}}))).unwrap();
        assert_eq!(
            body,
            serde_json::json!({"type": "order.created", "timestamp": "2026-12-06T13:00:00.000Z", "data": {"order": {"id": 7}}})
        );
    }
}
