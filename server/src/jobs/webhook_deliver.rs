//! `webhook.deliver`: one attempt to deliver a webhook (docs/campaigns.md#webhooks) — signed
//! per Standard Webhooks with the endpoint's secret(s), sent through the outbound client
//! (`domain::outbound`: the address checked again now by its resolver and connected to as
//! checked, against DNS rebinding; no proxy; redirects not followed), a timeout per attempt, and
//! of a failed answer only its first bytes read. 2xx is done; 410 disables the endpoint; anything else is retried on
//! the Standard Webhooks schedule (`outbox::WEBHOOK_SCHEDULE`).
//!
//! At-least-once: the attempt is recorded after the answer (by the worker, with its batch), so a
//! process killed in between sends again when the job's lease ends — with the same `webhook-id`,
//! which receivers deduplicate on.

use std::{sync::LazyLock, time::Duration};

use chrono::Utc;
use sea_orm::EntityTrait;

use crate::{
    domain::{
        outbound,
        outbox::{self, JobKind, WebhookDeliver},
        standard_webhooks,
        unit::Unit,
        webhooks::{self, Outcome, ssrf},
    },
    entities::tenant::{states::DeliveryStatus, webhook_delivery, webhook_endpoint},
    jobs::{ATTEMPT_DEADLINE, Attempt, Followup, Ran, Worker},
    tenancy::TenantDb,
};

/// How long one attempt may take.
const TIMEOUT: Duration = Duration::from_secs(15);
/// Answer bytes kept in the log.
const KEPT_ERROR: usize = 300;

/// Answer bytes read of a failed attempt, for its log: enough for [`KEPT_ERROR`] characters
/// of any UTF-8; the rest of the answer is never read.
const READ_ERROR: usize = 4 * KEPT_ERROR;

/// The two webhook clients (public addresses only; any address, `ALLOW_PRIVATE_WEBHOOKS`),
/// built once and reused.
static CLIENTS: LazyLock<[Result<reqwest::Client, String>; 2]> = LazyLock::new(|| {
    [false, true].map(|allow_private| {
        outbound::client(allow_private, TIMEOUT, "backoffice-webhooks/1").map_err(|e| e.to_string())
    })
});

/// An attempt's outcome, for the worker to record with its batch.
pub struct Attempted {
    delivery: webhook_delivery::Model,
    outcome: Outcome,
    duration_ms: i32,
}

/// Records an attempt (`domain::webhooks::record`).
pub async fn record(unit: &Unit, attempted: &Attempted) -> crate::domain::error::Result<()> {
    webhooks::record(unit, &attempted.delivery, &attempted.outcome, attempted.duration_ms).await
}

pub async fn run(worker: &Worker, db: &TenantDb, payload: &WebhookDeliver, attempts: i32) -> Ran {
    let loaded = async {
        let tx = db.read().await?;
        let delivery = webhook_delivery::Entity::find_by_id(payload.delivery_id).one(&tx).await?;
        let endpoint = match &delivery {
            Some(d) => webhook_endpoint::Entity::find_by_id(d.endpoint_id).one(&tx).await?,
            None => None,
        };
        tx.end();
        Ok::<_, crate::domain::Error>((delivery, endpoint))
    }
    .await;
    let (delivery, endpoint) = match loaded {
        Ok(found) => found,
        Err(err) => return Attempt::Retry(err.to_string()).into(),
    };
    // Deleted with its endpoint, or delivered by an attempt whose job was not closed.
    let Some(delivery) = delivery.filter(|d| d.status == DeliveryStatus::Pending) else { return Attempt::Done.into() };
    let last = attempts >= WebhookDeliver::MAX_ATTEMPTS;
    let started = std::time::Instant::now();
    let outcome = match endpoint.filter(|e| e.enabled || delivery.event_type == webhooks::TEST_EVENT) {
        None => Outcome::Skipped,
        Some(endpoint) => {
            // Bounded whatever the client's timeout does not cover (a resolver that does not
            // answer), so the delivery still gets its outcome before the worker's own deadline.
            let attempted = attempt(worker, db, &delivery, &endpoint, attempts, last);
            tokio::time::timeout(ATTEMPT_DEADLINE, attempted).await.unwrap_or_else(|_| {
                unanswered(attempts, last, format!("sem resposta em {} s", ATTEMPT_DEADLINE.as_secs()))
            })
        }
    };
    let duration_ms = i32::try_from(started.elapsed().as_millis()).unwrap_or(i32::MAX);
    let attempt = match &outcome {
        Outcome::Delivered { .. } | Outcome::Gone | Outcome::Skipped => Attempt::Done,
        Outcome::Failed { error, last: true, .. } => Attempt::Fail(error.clone()),
        Outcome::Failed { error, .. } => Attempt::Retry(error.clone()),
    };
    Ran { attempt, followup: Some(Followup::Webhook(Box::new(Attempted { delivery, outcome, duration_ms }))) }
}

/// An attempt that ended without an answer, retried on the webhook schedule unless it was the last.
fn unanswered(attempts: i32, last: bool, error: String) -> Outcome {
    Outcome::Failed {
        status_code: None,
        error,
        last,
        next_attempt_at: (!last)
            .then(|| Utc::now() + chrono::Duration::milliseconds(outbox::backoff_ms(WebhookDeliver::KIND, attempts))),
    }
}

async fn attempt(
    worker: &Worker,
    db: &TenantDb,
    delivery: &webhook_delivery::Model,
    endpoint: &webhook_endpoint::Model,
    attempts: i32,
    last: bool,
) -> Outcome {
    let failed = |status_code: Option<i32>, error: String| Outcome::Failed {
        status_code,
        error,
        last,
        next_attempt_at: (!last)
            .then(|| Utc::now() + chrono::Duration::milliseconds(outbox::backoff_ms(WebhookDeliver::KIND, attempts))),
    };
    let allow_private = worker.allow_private_webhooks;
    let target = match ssrf::parse(&endpoint.url, allow_private) {
        Ok(target) => target,
        Err(refused) => return failed(None, refused.0),
    };
    let http = match &CLIENTS[usize::from(allow_private)] {
        Ok(http) => http.clone(),
        Err(err) => return failed(None, format!("cliente HTTP indisponível: {err}")),
    };
    let now = Utc::now();
    let secrets = match webhooks::signing_secrets(&worker.secrets, db.name(), endpoint, now) {
        Ok(secrets) => secrets,
        Err(err) => return failed(None, err.to_string()),
    };
    let timestamp = now.timestamp();
    let body = delivery.payload.as_bytes();
    let signature = secrets
        .iter()
        .map(|secret| standard_webhooks::sign(secret, &delivery.webhook_id, timestamp, body))
        .collect::<Vec<_>>()
        .join(" ");
    let sent = http
        .post(target.url.clone())
        .header("content-type", "application/json")
        .header("webhook-id", &delivery.webhook_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(delivery.payload.clone())
        .send()
        .await;
    match sent {
        Ok(answer) => {
            let status = answer.status();
            let code = i32::from(status.as_u16());
            if status.is_success() {
                Outcome::Delivered { status_code: code }
            } else if code == 410 {
                Outcome::Gone
            } else {
                let read = outbound::read_prefix(answer, READ_ERROR).await.unwrap_or_default();
                let detail: String = String::from_utf8_lossy(&read).chars().take(KEPT_ERROR).collect();
                let error = if status.is_redirection() {
                    format!("HTTP {code}: redirecionamentos não são seguidos")
                } else if detail.trim().is_empty() {
                    format!("HTTP {code}")
                } else {
                    format!("HTTP {code}: {}", detail.trim())
                };
                failed(Some(code), error)
            }
        }
        // The resolver refused the name: it resolves (now) to an address that is not public.
        Err(err) => match outbound::refusal(&err) {
            Some(refused) => failed(None, refused.0.clone()),
            None if err.is_timeout() => failed(None, format!("sem resposta em {} s", TIMEOUT.as_secs())),
            None if err.is_connect() => failed(None, "não foi possível conectar".into()),
            None => failed(None, "falha de rede".into()),
        },
    }
}
