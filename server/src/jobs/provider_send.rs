//! `provider.send`: an outbound message goes out through its instance's provider
//! (docs/providers.md#sending). The provider's id is stored (later acks find the message by it)
//! and the message moves to `sent`; a message that finally cannot be sent is `failed`, with the
//! reason, and the agent sees it and may retry.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};

use crate::{
    domain::{
        campaigns,
        inbox::messages,
        instances::{
            self,
            provider::{CallError, Provider},
        },
        outbox::ProviderSend,
    },
    entities::tenant::{chat, customer, instance, message},
    jobs::{Attempt, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &ProviderSend, last_attempt: bool) -> Attempt {
    match attempt(worker, db, payload).await {
        Ok(()) => Attempt::Done,
        Err(CallError::Retryable(reason)) if !last_attempt => Attempt::Retry(reason),
        Err(error) => {
            // Given up: the agent sees why.
            let code = campaigns::sending::send_failure_reason(matches!(error, CallError::Permanent(_)));
            let reason = error.reason().to_owned();
            if let Err(err) = mark_failed(worker, db, payload.message_id, &reason, code).await {
                tracing::warn!(message = payload.message_id, error = %err, "could not mark a message failed");
            }
            Attempt::Fail(reason)
        }
    }
}

async fn attempt(worker: &Worker, db: &TenantDb, payload: &ProviderSend) -> Result<(), CallError> {
    let internal = |err: crate::domain::Error| CallError::Retryable(format!("banco de dados: {err}"));
    let (found, phone, provider) = {
        // Only reads: on SQLite a reader, beside the tenant's one writer (inbound messages).
        let tx = db.read().await.map_err(|e| internal(e.into()))?;
        let Some(found) =
            message::Entity::find_by_id(payload.message_id).one(&tx).await.map_err(|e| internal(e.into()))?
        else {
            return Err(CallError::Permanent("mensagem não encontrada".into()));
        };
        if found.external_id.is_some() {
            // Sent by an earlier attempt whose answer was recorded: nothing left to do.
            return Ok(());
        }
        if campaigns::sending::is_campaign(&found)
            && campaigns::sending::withdrawn(&tx, found.id).await.map_err(internal)?
        {
            // Its campaign was paused or cancelled while it waited for its slot: taken back.
            tx.commit().await.map_err(|e| internal(e.into()))?;
            let unit = worker.unit(db).await.map_err(internal)?;
            let taken_back = campaigns::sending::take_back(&unit, found.id).await.map_err(internal)?;
            unit.commit().await.map_err(|e| internal(e.into()))?;
            if taken_back {
                return Ok(());
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
        let provider = instances::provider_of(&instance, &worker.secrets, db.name())
            .map_err(|e| CallError::Permanent(e.to_string()))?
            .ok_or_else(|| CallError::Permanent("a instância não tem provedor configurado".into()))?;
        tx.commit().await.map_err(|e| internal(e.into()))?;
        (found, customer.phone, provider)
    };
    deliver(worker, db, payload, found, phone, provider).await
}

/// Calls the provider and records its id, moving the message to `sent`.
async fn deliver(
    worker: &Worker,
    db: &TenantDb,
    payload: &ProviderSend,
    found: message::Model,
    phone: String,
    provider: crate::domain::instances::provider::ProviderConfig,
) -> Result<(), CallError> {
    let internal = |err: crate::domain::Error| CallError::Retryable(format!("banco de dados: {err}"));
    let client =
        Provider::new(provider, worker.allow_private_providers).map_err(|e| CallError::Retryable(e.to_string()))?;
    let client_id = found.client_id.clone().unwrap_or_else(|| format!("bo-msg-{}", found.id));
    let client_id = match &payload.resend {
        Some(resend) => format!("{client_id}~{resend}"),
        None => client_id,
    };
    let provider_id = client.send_message(&phone, &found.body, &client_id).await?;
    let unit = worker.unit(db).await.map_err(internal)?;
    let current = message::Entity::find_by_id(found.id).one(&unit).await.map_err(|e| internal(e.into()))?;
    if let Some(current) = current {
        let mut active: message::ActiveModel = current.clone().into();
        active.external_id = Set(Some(provider_id));
        active.updated_at = Set(Utc::now());
        let updated = active.update(&unit).await.map_err(|e| internal(e.into()))?;
        messages::set_ack(&unit, updated, "sent", None).await.map_err(internal)?;
    }
    unit.commit().await.map_err(|e| internal(e.into()))?;
    Ok(())
}

async fn mark_failed(
    worker: &Worker,
    db: &TenantDb,
    message_id: i32,
    reason: &str,
    code: &str,
) -> crate::domain::error::Result<()> {
    let unit = worker.unit(db).await?;
    if let Some(found) = message::Entity::find_by_id(message_id).one(&unit).await? {
        let error = Some(format!("Não enviada: {reason}."));
        messages::set_ack_because(&unit, found, messages::FAILED, error, Some(code)).await?;
    }
    unit.commit().await?;
    Ok(())
}
