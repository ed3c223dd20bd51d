//! What Meta's WhatsApp Business Cloud API pushes to an official number's webhook
//! (docs/providers.md#cloud-webhook), read into the same provider events the generic contract
//! carries ([`ProviderEvent`]), so the inbox never knows which kind of connection spoke.
//!
//! One delivery may hold several changes, each with messages and statuses; each becomes one event
//! with an id of its own (`cloud:{wamid}` for a message or reaction, `cloud:{wamid}:{status}` for a
//! status), recorded with its effects: Meta delivers at least once, and a delivery it repeats — or
//! an attacker replays, signature and all — changes nothing. A change for another phone number
//! (a webhook shared by several numbers of one app) is left to that number's endpoint.

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

use super::{
    changes::InboundReaction,
    inbound::{InboundAck, InboundIdentity, InboundMessage, ProviderEvent},
};
use crate::domain::{
    conversations::content::{InboundContact, InboundMedia},
    instances::cloud::errors,
    media::payload::Location,
};

/// One event read from a delivery, with the id that makes it happen once.
#[derive(Debug, Clone)]
pub struct Translated {
    pub event_id: String,
    pub event: ProviderEvent,
}

/// Meta changed the status of one of the number's templates (`message_template_status_update`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateStatus {
    pub name: String,
    pub language: String,
    /// `APPROVED`, `REJECTED`, `PAUSED`, `DISABLED`…
    pub status: String,
}

/// Everything a delivery said.
#[derive(Debug, Clone, Default)]
pub struct Read {
    pub events: Vec<Translated>,
    pub templates: Vec<TemplateStatus>,
    pub skipped: Skipped,
}

/// What was left out of a delivery, and why (logged; Meta is answered 200 all the same, or it
/// would deliver the same thing for days).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Skipped {
    /// Changes for another phone number id.
    pub other_numbers: usize,
    /// Fields this product does not read (`account_update`, `phone_number_quality_update`…).
    pub other_fields: usize,
    /// Messages of kinds with nothing to show (`system`, `request_welcome`) or without a phone.
    pub messages: usize,
}

#[derive(Deserialize)]
struct Delivery {
    #[serde(default)]
    object: String,
    #[serde(default)]
    entry: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default)]
    changes: Vec<Change>,
}

#[derive(Deserialize)]
struct Change {
    #[serde(default)]
    field: String,
    #[serde(default)]
    value: Value,
}

#[derive(Deserialize, Default)]
struct MessagesValue {
    #[serde(default)]
    metadata: Option<Metadata>,
    #[serde(default)]
    contacts: Vec<WaContact>,
    #[serde(default)]
    messages: Vec<WaMessage>,
    #[serde(default)]
    statuses: Vec<WaStatus>,
}

#[derive(Deserialize)]
struct Metadata {
    #[serde(default)]
    phone_number_id: String,
}

#[derive(Deserialize)]
struct WaContact {
    #[serde(default)]
    profile: Option<Profile>,
    /// The phone (digits); absent when a username hides it.
    #[serde(default)]
    wa_id: Option<String>,
    /// The business-scoped user id (BSUID), sent with every message since April 2026.
    #[serde(default)]
    user_id: Option<String>,
}

#[derive(Deserialize)]
struct Profile {
    #[serde(default)]
    name: Option<String>,
    /// The WhatsApp username, when the person adopted one.
    #[serde(default)]
    username: Option<String>,
}

#[derive(Deserialize)]
struct WaMessage {
    /// The customer's WhatsApp number (digits); absent when only a business-scoped id is shared.
    #[serde(default)]
    from: Option<String>,
    /// The customer's business-scoped user id.
    #[serde(default)]
    from_user_id: Option<String>,
    id: String,
    #[serde(default)]
    timestamp: Option<String>,
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    context: Option<Context>,
    /// The type's own object (`text`, `image`, `location`…), read by kind.
    #[serde(flatten)]
    rest: serde_json::Map<String, Value>,
}

#[derive(Deserialize)]
struct Context {
    #[serde(default)]
    id: Option<String>,
}

#[derive(Deserialize)]
struct WaStatus {
    id: String,
    status: String,
    #[serde(default)]
    errors: Vec<WaError>,
}

#[derive(Deserialize)]
struct WaError {
    code: i64,
    #[serde(default)]
    error_data: Option<WaErrorData>,
}

#[derive(Deserialize)]
struct WaErrorData {
    #[serde(default)]
    details: Option<String>,
}

/// Why a delivery could not be read at all (a 400: it is not Meta's format).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub String);

/// The events of `body` for the number `phone_number_id`, in the order Meta wrote them.
pub fn translate(body: &[u8], phone_number_id: &str) -> Result<Read, Unreadable> {
    let delivery: Delivery =
        serde_json::from_slice(body).map_err(|err| Unreadable(format!("Entrega da Meta inválida: {err}")))?;
    if delivery.object != "whatsapp_business_account" {
        return Err(Unreadable(format!("Objeto \"{}\" não é whatsapp_business_account.", delivery.object)));
    }
    let mut read = Read::default();
    let (events, skipped) = (&mut read.events, &mut read.skipped);
    for change in delivery.entry.into_iter().flat_map(|entry| entry.changes) {
        if change.field == "message_template_status_update" {
            let text = |key: &str| change.value.get(key).and_then(Value::as_str).map(str::to_owned);
            if let (Some(name), Some(language), Some(status)) =
                (text("message_template_name"), text("message_template_language"), text("event"))
            {
                read.templates.push(TemplateStatus { name, language, status });
            }
            continue;
        }
        if change.field != "messages" {
            skipped.other_fields += 1;
            continue;
        }
        let value: MessagesValue = serde_json::from_value(change.value)
            .map_err(|err| Unreadable(format!("Mudança \"messages\" inválida: {err}")))?;
        if value.metadata.as_ref().is_some_and(|m| m.phone_number_id != phone_number_id) {
            skipped.other_numbers += 1;
            continue;
        }
        for message in &value.messages {
            match read_message(message, &value.contacts) {
                Some(event) => events.push(event),
                None => skipped.messages += 1,
            }
        }
        for status in value.statuses {
            if let Some(event) = read_status(status) {
                events.push(event);
            }
        }
    }
    Ok(read)
}

fn read_message(message: &WaMessage, contacts: &[WaContact]) -> Option<Translated> {
    let present = |value: &Option<String>| value.clone().filter(|v| !v.is_empty());
    // The contact this message is from: by its id, by its phone, or the only one.
    let contact = contacts
        .iter()
        .find(|c| c.user_id.is_some() && c.user_id == message.from_user_id)
        .or_else(|| contacts.iter().find(|c| c.wa_id.is_some() && c.wa_id == message.from))
        .or(contacts.first());
    let digits = present(&message.from).or_else(|| contact.and_then(|c| present(&c.wa_id)));
    let user_id = present(&message.from_user_id).or_else(|| contact.and_then(|c| present(&c.user_id)));
    if digits.is_none() && user_id.is_none() {
        return None;
    }
    let phone = digits.map(|d| format!("+{}", d.trim_start_matches('+'))).unwrap_or_default();
    let profile = contact.and_then(|c| c.profile.as_ref());
    let name = profile.and_then(|p| present(&p.name).or_else(|| present(&p.username)));
    let sent_at = message
        .timestamp
        .as_deref()
        .and_then(|t| t.parse::<i64>().ok())
        .and_then(|t| DateTime::from_timestamp(t, 0))
        .unwrap_or_else(Utc::now);
    let object = message.rest.get(&message.kind).cloned().unwrap_or(Value::Null);
    let text = |value: &Value, key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    let mut inbound = InboundMessage {
        id: message.id.clone(),
        phone: phone.clone(),
        user_id,
        name,
        direction: "in".into(),
        body: String::new(),
        sent_at,
        content_type: None,
        media: None,
        location: None,
        contacts: None,
        quoted_id: message.context.as_ref().and_then(|c| c.id.clone()),
    };
    match message.kind.as_str() {
        "text" => inbound.body = text(&object, "body").unwrap_or_default(),
        kind @ ("image" | "video" | "audio" | "document" | "sticker") => {
            inbound.content_type = Some(kind.to_owned());
            inbound.body = text(&object, "caption").unwrap_or_default();
            inbound.media = Some(InboundMedia {
                id: text(&object, "id"),
                mime_type: text(&object, "mime_type"),
                file_name: text(&object, "filename"),
                voice: object.get("voice").and_then(Value::as_bool).unwrap_or(false),
                ..Default::default()
            });
        }
        "location" => {
            inbound.content_type = Some("location".into());
            inbound.location = Some(Location {
                latitude: object.get("latitude").and_then(Value::as_f64).unwrap_or(f64::NAN),
                longitude: object.get("longitude").and_then(Value::as_f64).unwrap_or(f64::NAN),
                name: text(&object, "name"),
                address: text(&object, "address"),
            });
        }
        "contacts" => {
            inbound.content_type = Some("contacts".into());
            let cards = object.as_array().cloned().unwrap_or_default();
            inbound.contacts = Some(
                cards
                    .iter()
                    .map(|card| InboundContact {
                        name: card.get("name").and_then(|n| text(n, "formatted_name")),
                        phones: card
                            .get("phones")
                            .and_then(Value::as_array)
                            .map(|phones| phones.iter().filter_map(|p| text(p, "phone")).collect())
                            .unwrap_or_default(),
                        vcard: text(card, "vcard"),
                    })
                    .collect(),
            );
        }
        "reaction" => {
            return Some(Translated {
                event_id: format!("cloud:{}", message.id),
                event: ProviderEvent::Reaction(InboundReaction {
                    id: message.id.clone(),
                    phone,
                    direction: "in".into(),
                    message_id: text(&object, "message_id")?,
                    emoji: text(&object, "emoji").unwrap_or_default(),
                }),
            });
        }
        // A tap on a reply button or a list row: what the customer chose, as text.
        "interactive" => {
            inbound.body = ["button_reply", "list_reply"]
                .iter()
                .find_map(|kind| object.get(*kind).and_then(|reply| text(reply, "title")))
                .unwrap_or_default();
        }
        // A template's quick-reply button.
        "button" => inbound.body = text(&object, "text").unwrap_or_default(),
        // The customer moved to a new number: an identity change, not a message.
        "system" if text(&object, "type").as_deref() == Some("user_changed_number") => {
            return Some(Translated {
                event_id: format!("cloud:{}", message.id),
                event: ProviderEvent::Identity(InboundIdentity {
                    phone,
                    user_id: inbound.user_id,
                    new_phone: text(&object, "wa_id")?,
                }),
            });
        }
        // Other system notices, and the first open of the chat with nothing written: nothing to
        // show an agent.
        "system" | "request_welcome" => return None,
        // Kept as "tipo de mensagem não suportado", never dropped.
        other => inbound.content_type = Some(if other.is_empty() { "unsupported".into() } else { other.to_owned() }),
    }
    Some(Translated { event_id: format!("cloud:{}", message.id), event: ProviderEvent::Message(Box::new(inbound)) })
}

fn read_status(status: WaStatus) -> Option<Translated> {
    if !matches!(status.status.as_str(), "sent" | "delivered" | "read" | "failed") {
        // `deleted`, `warning`, `played`: nothing the inbox shows.
        return None;
    }
    let error = status
        .errors
        .first()
        .map(|e| errors::explain(e.code, e.error_data.as_ref().and_then(|d| d.details.as_deref())).reason);
    Some(Translated {
        event_id: format!("cloud:{}:{}", status.id, status.status),
        event: ProviderEvent::Ack(InboundAck { id: status.id, ack: status.status, error }),
    })
}
