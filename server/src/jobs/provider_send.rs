//! `provider.send`: an outbound message goes out through its instance's provider
//! (docs/providers.md#sending). The provider's id is stored (later acks find the message by it)
//! and the message moves to `sent`; a message that finally cannot be sent is `failed`, with the
//! reason, and the agent sees it and may retry.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};

use crate::{
    domain::{
        campaigns,
        conversations::messages::Ack,
        inbox::acks,
        instances::{
            self,
            provider::{CallError, Outgoing, OutgoingMedia},
        },
        media::{
            links::{self, Target, Variant},
            payload::Payload,
        },
        outbox::ProviderSend,
        unit::Unit,
    },
    entities::tenant::{chat, customer, instance, medium, message},
    jobs::{ATTEMPT_DEADLINE, Attempt, Followup, Ran, Worker},
    tenancy::TenantDb,
};

/// Sends the message; the provider's id (or why it failed for good) is recorded by the worker
/// with the batch ([`record_sent`], [`record_failed`]).
pub async fn run(worker: &Worker, db: &TenantDb, payload: &ProviderSend, last_attempt: bool) -> Ran {
    let message_id = payload.message_id;
    // Bounded whatever the client's timeout does not cover (a resolver that does not answer), so
    // the message still gets its outcome before the worker's own deadline gives up on the job.
    let attempted = tokio::time::timeout(ATTEMPT_DEADLINE, attempt(worker, db, payload)).await.unwrap_or_else(|_| {
        Err(CallError::Retryable(format!("o provedor não respondeu em {} s", ATTEMPT_DEADLINE.as_secs())))
    });
    match attempted {
        Ok(Some(provider_id)) => {
            Ran { attempt: Attempt::Done, followup: Some(Followup::Sent { message_id, provider_id }) }
        }
        Ok(None) => Attempt::Done.into(),
        Err(CallError::Retryable(reason)) if !last_attempt => Attempt::Retry(reason).into(),
        Err(error) => {
            // Given up: the agent sees why.
            let reason = campaigns::sending::send_failure_reason(matches!(error, CallError::Permanent(_)));
            let error = error.reason().to_owned();
            Ran {
                attempt: Attempt::Fail(error.clone()),
                followup: Some(Followup::SendFailed { message_id, error, reason }),
            }
        }
    }
}

/// The provider's id of what was sent now, or `None` when there was nothing to send.
async fn attempt(worker: &Worker, db: &TenantDb, payload: &ProviderSend) -> Result<Option<String>, CallError> {
    let internal = |err: crate::domain::Error| CallError::Retryable(format!("banco de dados: {err}"));
    let (found, mut outgoing, provider) = {
        // Only reads: on SQLite a reader, beside the tenant's one writer (inbound messages).
        let tx = db.read().await.map_err(|e| internal(e.into()))?;
        let Some(found) =
            message::Entity::find_by_id(payload.message_id).one(&tx).await.map_err(|e| internal(e.into()))?
        else {
            return Err(CallError::Permanent("mensagem não encontrada".into()));
        };
        if !crate::domain::conversations::messages::reaches_customer(&found.kind) {
            // A note is never queued; were one ever to be, it still does not leave.
            return Err(CallError::Permanent("uma anotação interna nunca é enviada ao cliente".into()));
        }
        if found.external_id.is_some() {
            // Sent by an earlier attempt whose answer was recorded: nothing left to do.
            return Ok(None);
        }
        if campaigns::sending::is_campaign(&found)
            && campaigns::sending::withdrawn(&tx, found.id).await.map_err(internal)?
        {
            // Its campaign was paused or cancelled while it waited for its slot: taken back.
            tx.end();
            let unit = worker.unit(db).await.map_err(internal)?;
            let taken_back = campaigns::sending::take_back(&unit, found.id).await.map_err(internal)?;
            unit.commit().await.map_err(|e| internal(e.into()))?;
            if taken_back {
                return Ok(None);
            }
            return Err(CallError::Retryable("campanha retomada enquanto a mensagem esperava".into()));
        }
        let chat = chat::Entity::find_by_id(found.chat_id).one(&tx).await.map_err(|e| internal(e.into()))?;
        let customer = match chat {
            Some(chat) => {
                customer::Entity::find_by_id(chat.customer_id).one(&tx).await.map_err(|e| internal(e.into()))?
            }
            None => None,
        };
        let instance =
            instance::Entity::find_by_id(found.instance_id).one(&tx).await.map_err(|e| internal(e.into()))?;
        let (Some(customer), Some(instance)) = (customer, instance) else {
            return Err(CallError::Permanent("conversa sem cliente ou instância".into()));
        };
        let provider = instances::connection_of(&instance, &worker.secrets, db.name())
            .map_err(|e| CallError::Permanent(e.to_string()))?
            .ok_or_else(|| CallError::Permanent("a instância não tem provedor configurado".into()))?;
        let outgoing = outgoing(&tx, worker, db, &found, &customer.phone).await.map_err(internal)?;
        tx.end();
        (found, outgoing, provider)
    };
    // Refused here only for a literal address that is not public: retrying will not change it.
    let client = instances::open(provider, &worker.reach).map_err(|e| CallError::Permanent(e.to_string()))?;
    let client_id = found.client_id.clone().unwrap_or_else(|| format!("bo-msg-{}", found.id));
    let client_id = match &payload.resend {
        Some(resend) => format!("{client_id}~{resend}"),
        None => client_id,
    };
    outgoing.client_id = client_id;
    Ok(Some(client.send(&outgoing).await?))
}

/// What the provider is asked to send for `found`: its text, its medium as a link the provider
/// fetches from the tenant's host (good for a day: the provider may queue the send), the
/// provider's id of the message it quotes.
async fn outgoing(
    db: &impl sea_orm::ConnectionTrait,
    worker: &Worker,
    tenant: &TenantDb,
    found: &message::Model,
    phone: &str,
) -> crate::domain::error::Result<Outgoing> {
    let payload = Payload::read(found.payload.as_deref());
    let mut outgoing = Outgoing {
        phone: phone.to_owned(),
        body: found.body.clone(),
        template: payload.template.clone(),
        ..Default::default()
    };
    // A place or contact cards: what the payload holds is the message.
    match found.message_type.as_str() {
        "location" if payload.location.is_some() => {
            outgoing.message_type = Some(found.message_type.clone());
            outgoing.location = payload.location.clone();
        }
        "contacts" if payload.contacts.is_some() => {
            outgoing.message_type = Some(found.message_type.clone());
            outgoing.contacts = payload.contacts.clone();
        }
        _ => {}
    }
    if let Some(quoted) = found.quoted_message_id {
        outgoing.quoted_id = message::Entity::find_by_id(quoted).one(db).await?.and_then(|q| q.external_id);
    }
    if let Some(media_id) = found.media_id
        && let Some(kept) = medium::Entity::find_by_id(media_id).one(db).await?
    {
        let tenant = tenant.name().as_str();
        let token = links::token(
            tenant,
            Target { message_id: found.id, variant: Variant::Original },
            Utc::now() + links::PROVIDER_TTL,
        );
        let origin = worker.public_url.replace("{tenant}", tenant);
        outgoing.message_type = Some(found.message_type.clone());
        outgoing.media = Some(OutgoingMedia {
            url: format!("{origin}/api/media/{token}"),
            mime_type: if payload.voice { "audio/ogg; codecs=opus".into() } else { kept.mime_type.clone() },
            file_name: payload.file_name.unwrap_or_else(|| "arquivo".into()),
            size: kept.size,
            voice: payload.voice,
        });
    }
    Ok(outgoing)
}

/// The provider took the message: its id is stored (later acks find the message by it) and the
/// message moves to `sent`.
pub async fn record_sent(unit: &Unit, message_id: i32, provider_id: &str) -> crate::domain::error::Result<()> {
    if let Some(current) = message::Entity::find_by_id(message_id).one(unit).await? {
        let mut active: message::ActiveModel = current.into();
        active.external_id = Set(Some(provider_id.to_owned()));
        active.updated_at = Set(Utc::now());
        let updated = active.update(unit).await?;
        let updated = campaigns::sending::show_in_open_ticket(unit, updated).await?;
        acks::apply(unit, updated.clone(), Ack::Sent, None, None).await?;
        acks::apply_early(unit, &updated).await?;
    }
    Ok(())
}

/// The message could not be sent, for good: `failed`, with why (and the normalized `reason` a
/// campaign's recipient keeps).
pub async fn record_failed(
    unit: &Unit,
    message_id: i32,
    error: &str,
    reason: &str,
) -> crate::domain::error::Result<()> {
    if let Some(found) = message::Entity::find_by_id(message_id).one(unit).await? {
        let error = Some(format!("Não enviada: {error}."));
        acks::apply(unit, found, Ack::Failed, error, Some(reason)).await?;
    }
    Ok(())
}
