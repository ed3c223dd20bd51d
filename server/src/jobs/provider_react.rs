//! `provider.react`: an agent's reaction goes to the provider as a message of type `reaction`
//! (docs/providers.md#sending). A reaction changed or taken back since it was queued is sent as it
//! was queued, then again by its own job: the provider ends with the last one.

use sea_orm::EntityTrait;

use crate::{
    domain::{
        instances::{
            self,
            provider::{CallError, Outgoing, OutgoingReaction},
        },
        outbox::ProviderReact,
    },
    entities::tenant::{chat, customer, instance, message},
    jobs::{ATTEMPT_DEADLINE, Attempt, Ran, Worker},
    tenancy::TenantDb,
};

pub async fn run(worker: &Worker, db: &TenantDb, payload: &ProviderReact, last_attempt: bool) -> Ran {
    let sent = tokio::time::timeout(ATTEMPT_DEADLINE, attempt(worker, db, payload))
        .await
        .unwrap_or_else(|_| Err(CallError::Retryable("o provedor não respondeu a tempo".into())));
    match sent {
        Ok(()) => Attempt::Done.into(),
        Err(CallError::Retryable(reason)) if !last_attempt => Attempt::Retry(reason).into(),
        // A reaction that never reached the customer is not worth more than the log.
        Err(err) => Attempt::Fail(err.reason().to_owned()).into(),
    }
}

async fn attempt(worker: &Worker, db: &TenantDb, payload: &ProviderReact) -> Result<(), CallError> {
    let internal = |err: sea_orm::DbErr| CallError::Retryable(format!("banco de dados: {err}"));
    let tx = db.read().await.map_err(internal)?;
    let found = message::Entity::find_by_id(payload.message_id)
        .one(&tx)
        .await
        .map_err(internal)?
        .ok_or_else(|| CallError::Permanent("mensagem não encontrada".into()))?;
    let Some(external_id) = found.external_id.clone() else {
        return Err(CallError::Permanent("a mensagem não tem id no provedor".into()));
    };
    let chat = chat::Entity::find_by_id(found.chat_id).one(&tx).await.map_err(internal)?;
    let customer = match chat {
        Some(chat) => customer::Entity::find_by_id(chat.customer_id).one(&tx).await.map_err(internal)?,
        None => None,
    };
    let instance = instance::Entity::find_by_id(found.instance_id).one(&tx).await.map_err(internal)?;
    tx.end();
    let (Some(customer), Some(instance)) = (customer, instance) else {
        return Err(CallError::Permanent("conversa sem cliente ou instância".into()));
    };
    let config = instances::connection_of(&instance, &worker.secrets, db.name())
        .map_err(|e| CallError::Permanent(e.to_string()))?
        .ok_or_else(|| CallError::Permanent("a instância não tem provedor configurado".into()))?;
    let client = instances::open(config, &worker.reach).map_err(|e| CallError::Permanent(e.to_string()))?;
    let outgoing = Outgoing {
        phone: customer.phone,
        client_id: format!("bo-react-{}-{}-{}", payload.reaction_id, payload.user_id, payload.emoji.len()),
        message_type: Some("reaction".into()),
        reaction: Some(OutgoingReaction { message_id: external_id, emoji: payload.emoji.clone() }),
        ..Default::default()
    };
    client.send(&outgoing).await.map(drop)
}
