//! Changes to messages already in the conversation (docs/media.md): reactions — the customer's,
//! through the provider, and an agent's, from the inbox — and the sender's edits and deletions.
//! Each raises its event to the ticket's people; a customer's reaction also counts as the
//! customer answering a campaign.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Deserialize;

use crate::{
    domain::{
        campaigns,
        conversations::{
            Viewer, attachments, customers,
            events::{ChatMessageReaction, ChatMessageUpdated},
            messages, tickets,
            views::MessageView,
        },
        error::{Error, Result},
        events::{Audience, DomainEvent},
        outbox::{self, ProviderReact},
        unit::Unit,
    },
    entities::tenant::{chat, instance, message, message_reaction, ticket},
};

/// A reaction the provider reports.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboundReaction {
    /// The provider's id of the reaction itself.
    pub id: String,
    /// Who reacted; empty when the provider hides the phone (the reaction is found by the
    /// message it is on, not by who made it).
    #[serde(default)]
    pub phone: String,
    /// `in`: the customer reacted; `out`: someone reacted on the instance's phone.
    #[serde(default = "inbound")]
    pub direction: String,
    /// The provider's id of the message reacted to.
    pub message_id: String,
    /// The emoji; `""` takes the reaction back.
    #[serde(default)]
    pub emoji: String,
}

fn inbound() -> String {
    "in".into()
}

/// The sender changed a message's text.
#[derive(Debug, Clone, Deserialize)]
pub struct InboundEdit {
    /// The provider's id of the message edited.
    pub id: String,
    pub body: String,
    #[serde(default, rename = "editedAt")]
    pub edited_at: Option<DateTime<Utc>>,
}

/// The sender deleted a message for everyone.
#[derive(Debug, Clone, Deserialize)]
pub struct InboundRevoke {
    /// The provider's id of the message deleted.
    pub id: String,
}

/// A provider's message id (of a message, an ack, a reaction): 1 to 200 characters.
pub fn check_provider_id(id: &str) -> Result<()> {
    if id.trim().is_empty() || id.len() > 200 {
        return Err(Error::invalid_field(
            "invalid_event",
            "data.id",
            "Informe o id da mensagem no provedor (até 200 caracteres).",
        ));
    }
    Ok(())
}

/// The longest emoji accepted (a flag, a family with skin tones: several code points).
const MAX_EMOJI_BYTES: usize = 32;

fn check_emoji(emoji: &str, field: &str) -> Result<()> {
    if emoji.len() > MAX_EMOJI_BYTES || emoji.chars().any(|c| c.is_ascii_alphanumeric() || c.is_control()) {
        return Err(Error::invalid_field(
            "invalid_emoji",
            field,
            "Reação inválida: envie um emoji (ou \"\" para tirar).",
        ));
    }
    Ok(())
}

pub fn check_reaction(reaction: &InboundReaction) -> Result<()> {
    check_provider_id(&reaction.id)?;
    check_provider_id(&reaction.message_id)?;
    if !reaction.phone.is_empty() {
        customers::normalize_phone(&reaction.phone).map_err(|_| {
            Error::invalid_field("invalid_phone", "data.phone", "Telefone inválido: de 8 a 15 dígitos.")
        })?;
    }
    if !matches!(reaction.direction.as_str(), "in" | "out") {
        return Err(Error::invalid_field("invalid_event", "data.direction", "direction deve ser \"in\" ou \"out\"."));
    }
    check_emoji(&reaction.emoji, "data.emoji")
}

pub fn check_edit(edit: &InboundEdit) -> Result<()> {
    check_provider_id(&edit.id)?;
    if edit.body.chars().count() > 65_536 {
        return Err(Error::invalid_field("invalid_event", "data.body", "Mensagem longa demais."));
    }
    Ok(())
}

/// The quoted message by the provider's id: (ours, when stored; the provider's id otherwise).
pub async fn quoted(unit: &Unit, instance_id: i32, quoted_id: &str) -> Result<(Option<i32>, Option<String>)> {
    let found = by_provider_id(unit, instance_id, quoted_id).await?;
    Ok(match found {
        Some(m) => (Some(m.id), None),
        None => (None, Some(quoted_id.chars().take(200).collect())),
    })
}

async fn by_provider_id(unit: &Unit, instance_id: i32, id: &str) -> Result<Option<message::Model>> {
    Ok(message::Entity::find()
        .filter(message::Column::InstanceId.eq(instance_id))
        .filter(message::Column::ExternalId.eq(id))
        .one(unit)
        .await?)
}

/// Who hears about a message's change: its ticket's people, or managers for a message without one.
async fn audience(unit: &Unit, found: &message::Model) -> Result<Audience> {
    Ok(match found.ticket_id {
        Some(id) => match ticket::Entity::find_by_id(id).one(unit).await? {
            Some(t) => Audience::of_ticket(&t, &[]),
            None => Audience::managers(),
        },
        None => Audience::managers(),
    })
}

/// Sets or takes back `reactor`'s reaction on `message_id`; answers the row when one is left.
async fn set_reaction(
    unit: &Unit,
    message_id: i32,
    reactor: &str,
    user_id: Option<i32>,
    emoji: &str,
    external_id: Option<String>,
) -> Result<Option<message_reaction::Model>> {
    let existing = message_reaction::Entity::find()
        .filter(message_reaction::Column::MessageId.eq(message_id))
        .filter(message_reaction::Column::Reactor.eq(reactor))
        .one(unit)
        .await?;
    let now = Utc::now();
    match (existing, emoji.is_empty()) {
        (Some(row), true) => {
            message_reaction::Entity::delete_by_id(row.id).exec(unit).await?;
            Ok(Some(row))
        }
        (None, true) => Ok(None),
        (Some(row), false) => {
            let mut active: message_reaction::ActiveModel = row.into();
            active.emoji = Set(emoji.to_owned());
            active.external_id = Set(external_id);
            active.updated_at = Set(now);
            Ok(Some(active.update(unit).await?))
        }
        (None, false) => Ok(Some(
            message_reaction::ActiveModel {
                message_id: Set(message_id),
                reactor: Set(reactor.to_owned()),
                user_id: Set(user_id),
                emoji: Set(emoji.to_owned()),
                external_id: Set(external_id),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(unit)
            .await?,
        )),
    }
}

async fn raise_reactions(unit: &Unit, found: &message::Model) -> Result<()> {
    let reactions = attachments::reactions_of(unit, &[found.id]).await?.remove(&found.id).unwrap_or_default();
    let audience = audience(unit, found).await?;
    unit.raise(ChatMessageReaction { ticket_id: found.ticket_id, message_id: found.id, reactions }.to(audience));
    Ok(())
}

/// The customer (or the instance's phone) reacted. A reaction to a message we do not have is
/// dropped: there is nothing to show it on.
pub async fn react(unit: &Unit, instance: &instance::Model, reaction: InboundReaction) -> Result<()> {
    let Some(found) = by_provider_id(unit, instance.id, &reaction.message_id).await? else {
        return Ok(());
    };
    let reactor = if reaction.direction == "in" { "customer" } else { "phone" };
    set_reaction(unit, found.id, reactor, None, &reaction.emoji, Some(reaction.id.clone())).await?;
    if reaction.direction == "in" && !reaction.emoji.is_empty() {
        // A reaction is the customer answering: their campaign sends there are `replied`.
        if let Some(chat) = chat::Entity::find_by_id(found.chat_id).one(unit).await? {
            campaigns::sending::customer_replied(unit, chat.customer_id, instance.id).await?;
        }
    }
    raise_reactions(unit, &found).await
}

async fn raise_updated(unit: &Unit, updated: &message::Model) -> Result<()> {
    let view = attachments::whole(unit, unit.tenant().as_str(), updated).await?;
    let audience = audience(unit, updated).await?;
    unit.raise(ChatMessageUpdated { ticket_id: updated.ticket_id, message: view }.to(audience));
    Ok(())
}

/// The sender edited a message's text.
pub async fn edit(unit: &Unit, instance: &instance::Model, edit: InboundEdit) -> Result<()> {
    let Some(found) = by_provider_id(unit, instance.id, &edit.id).await? else { return Ok(()) };
    if found.revoked_at.is_some() {
        return Ok(());
    }
    let mut active: message::ActiveModel = found.into();
    active.body = Set(edit.body.clone());
    active.edited_at = Set(Some(edit.edited_at.unwrap_or_else(Utc::now)));
    active.updated_at = Set(Utc::now());
    let updated = active.update(unit).await?;
    raise_updated(unit, &updated).await
}

/// The sender deleted a message for everyone: its content is emptied (its medium stays until
/// retention removes what no message holds).
pub async fn revoke(unit: &Unit, instance: &instance::Model, revoke: InboundRevoke) -> Result<()> {
    let Some(found) = by_provider_id(unit, instance.id, &revoke.id).await? else { return Ok(()) };
    if found.revoked_at.is_some() {
        return Ok(());
    }
    let mut active: message::ActiveModel = found.into();
    active.body = Set(String::new());
    active.payload = Set(None);
    active.media_id = Set(None);
    active.media_status = Set(None);
    active.revoked_at = Set(Some(Utc::now()));
    active.updated_at = Set(Utc::now());
    let updated = active.update(unit).await?;
    raise_updated(unit, &updated).await
}

/// An agent reacts to a message of a ticket they may reply on (`""` takes it back): stored at
/// once, sent to the provider by the worker.
pub async fn react_as_agent(
    unit: &Unit,
    viewer: &Viewer,
    ticket_id: i32,
    message_id: i32,
    emoji: &str,
) -> Result<MessageView> {
    let found_ticket = tickets::find_visible(unit, viewer, ticket_id).await?;
    tickets::ensure_owner(viewer, &found_ticket)?;
    check_emoji(emoji, "emoji")?;
    let found = message::Entity::find_by_id(message_id)
        .filter(message::Column::ChatId.eq(found_ticket.chat_id))
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("message_not_found", "Mensagem não encontrada."))?;
    if !messages::reaches_customer(&found.kind) {
        return Err(Error::invalid("not_reactable", "Não é possível reagir a uma anotação."));
    }
    let reactor = format!("user:{}", viewer.user_id);
    let row = set_reaction(unit, found.id, &reactor, Some(viewer.user_id), emoji, None).await?;
    if let Some(row) = row
        && found.external_id.is_some()
    {
        let job = ProviderReact { reaction_id: row.id, emoji: emoji.to_owned(), message_id, user_id: viewer.user_id };
        outbox::enqueue(unit, &job, Utc::now()).await?;
    }
    raise_reactions(unit, &found).await?;
    attachments::whole(unit, unit.tenant().as_str(), &found).await
}
