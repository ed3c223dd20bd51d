//! What an Evolution API gateway (v2) posts for a number it pairs (docs/providers.md#evolution),
//! read into the inbox's provider events: `messages.upsert` (a message, a reaction, a deletion),
//! `messages.update` (acks of ours), `messages.delete`, `connection.update` and `qrcode.updated`.
//!
//! Each event gets an id of its own (`evo:{message id}`, `evo:{message id}:{status}`…), recorded
//! with its effects, so a repeated post changes nothing. Group chats and status broadcasts are
//! left out; a person WhatsApp names by a LID alone is a customer known by that LID until their
//! phone shows (docs/inbox.md#identities).

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

use super::{
    changes::{InboundReaction, InboundRevoke},
    cloud_webhook::{Translated, Unreadable},
    inbound::{InboundAck, InboundMessage, InboundStatus, ProviderEvent},
};
use crate::domain::{
    conversations::content::{InboundContact, InboundMedia},
    instances::evolution::EvolutionAccount,
    media::payload::Location,
};

#[derive(Deserialize)]
struct Envelope {
    #[serde(default)]
    event: String,
    #[serde(default)]
    instance: String,
    #[serde(default)]
    data: Value,
    #[serde(default)]
    date_time: Option<String>,
}

/// What a post said: its events, and how many it left out.
#[derive(Debug, Clone, Default)]
pub struct Read {
    pub events: Vec<Translated>,
    pub skipped: usize,
}

/// The events of `body`, posted for the gateway instance of `account` (its name; whether group
/// chats are kept).
pub fn translate(body: &[u8], account: &EvolutionAccount) -> Result<Read, Unreadable> {
    let instance_name = account.instance_name.as_str();
    let envelope: Envelope =
        serde_json::from_slice(body).map_err(|err| Unreadable(format!("Evento do gateway inválido: {err}")))?;
    let mut read = Read::default();
    if envelope.instance != instance_name {
        read.skipped += 1;
        return Ok(read);
    }
    let stamp = envelope.date_time.clone().unwrap_or_default();
    let event = envelope.event.to_ascii_lowercase().replace('_', ".");
    let items: Vec<Value> = match envelope.data {
        Value::Array(items) => items,
        other => vec![other],
    };
    for data in items {
        let translated = match event.as_str() {
            "messages.upsert" => upsert(&data, account.keep_groups),
            "messages.update" => update(&data),
            "messages.delete" => deleted(&data),
            "connection.update" => connection(&data, &stamp),
            // `{"qrcode": {"code": "2@…", "base64": "data:image/png;base64,…", "pairingCode"}}`:
            // the code is what the dialog draws (the PNG would be 10 kB more per event).
            "qrcode.updated" => Some(Translated {
                event_id: format!("evo:qr:{stamp}"),
                event: ProviderEvent::Status(InboundStatus {
                    status: "qrcode".into(),
                    qrcode: data["qrcode"]["code"].as_str().map(str::to_owned),
                }),
            }),
            _ => None,
        };
        match translated {
            Some(translated) => read.events.push(translated),
            None => read.skipped += 1,
        }
    }
    Ok(read)
}

/// The phone of a one-to-one chat's JID (`5511987654321@s.whatsapp.net`); `None` for groups,
/// broadcasts and LIDs.
fn phone_of(jid: &str) -> Option<String> {
    let number = jid.strip_suffix("@s.whatsapp.net")?;
    let number = number.split(':').next().unwrap_or(number);
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then(|| format!("+{number}"))
}

/// A person's LID (`123456789012345@lid`), as written.
fn lid_of(jid: &str) -> Option<String> {
    let number = jid.strip_suffix("@lid")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then(|| jid.to_owned())
}

/// Who a one-to-one message is with: the phone and the LID the key names. WhatsApp may address a
/// person by LID alone (`remoteJid` `…@lid`); gateways from 2.3 add the phone's JID beside it, as
/// `remoteJidAlt` (2.3.6) or `senderPn` (2.3.0). `None` for groups and broadcasts.
fn sender_of(key: &Value, keep_groups: bool) -> Option<(Option<String>, Option<String>)> {
    let jids: Vec<&str> =
        ["remoteJid", "remoteJidAlt", "senderPn"].iter().filter_map(|k| key.get(*k).and_then(Value::as_str)).collect();
    let remote = *jids.first()?;
    // A kept group is a customer of its own, known by the group's JID.
    if keep_groups && group_of(remote).is_some() {
        return Some((None, group_of(remote)));
    }
    if !(remote.ends_with("@s.whatsapp.net") || remote.ends_with("@lid")) {
        return None;
    }
    let phone = jids.iter().find_map(|jid| phone_of(jid));
    let lid = jids.iter().find_map(|jid| lid_of(jid));
    (phone.is_some() || lid.is_some()).then_some((phone, lid))
}

/// A group chat's JID (`120363025246125486@g.us`), as written.
fn group_of(jid: &str) -> Option<String> {
    let number = jid.strip_suffix("@g.us")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit() || b == b'-')).then(|| jid.to_owned())
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn upsert(data: &Value, keep_groups: bool) -> Option<Translated> {
    let key = data.get("key")?;
    let id = text(key, "id")?;
    let (phone, lid) = sender_of(key, keep_groups)?;
    let group = lid.as_deref().is_some_and(|jid| jid.ends_with("@g.us"));
    let phone = phone.unwrap_or_default();
    let from_me = key.get("fromMe").and_then(Value::as_bool).unwrap_or(false);
    let direction = if from_me { "out" } else { "in" };
    let message = data.get("message").cloned().unwrap_or(Value::Null);
    let message_type = text(data, "messageType").unwrap_or_default();
    let sent_at = data
        .get("messageTimestamp")
        .and_then(|t| t.as_i64().or_else(|| t.as_str().and_then(|s| s.parse().ok())))
        .and_then(|t| DateTime::from_timestamp(t, 0))
        .unwrap_or_else(Utc::now);
    // A document with a caption is wrapped once more.
    let (message_type, object) = match message_type.as_str() {
        "documentWithCaptionMessage" => {
            ("documentMessage".to_owned(), message["documentWithCaptionMessage"]["message"]["documentMessage"].clone())
        }
        other => (other.to_owned(), message.get(other).cloned().unwrap_or(Value::Null)),
    };
    let quoted_id = object.get("contextInfo").and_then(|c| text(c, "stanzaId"));
    let mut inbound = InboundMessage {
        id: id.clone(),
        phone: phone.clone(),
        user_id: lid,
        name: match (from_me, group) {
            (true, _) => None,
            // The gateway's post names the member who wrote, not the group.
            (false, true) => Some("Grupo do WhatsApp".to_owned()),
            (false, false) => text(data, "pushName").filter(|n| !n.is_empty()),
        },
        direction: direction.into(),
        body: String::new(),
        sent_at,
        content_type: None,
        media: None,
        location: None,
        contacts: None,
        quoted_id,
    };
    let event_id = format!("evo:{id}");
    match message_type.as_str() {
        "conversation" => inbound.body = message.get("conversation").and_then(Value::as_str).unwrap_or_default().into(),
        "extendedTextMessage" => inbound.body = text(&object, "text").unwrap_or_default(),
        kind @ ("imageMessage" | "videoMessage" | "audioMessage" | "documentMessage" | "stickerMessage") => {
            inbound.content_type = Some(kind.trim_end_matches("Message").to_owned());
            inbound.body = text(&object, "caption").unwrap_or_default();
            inbound.media = Some(InboundMedia {
                // The gateway hands the bytes over by the message's id (`locate_media`).
                id: Some(id.clone()),
                mime_type: text(&object, "mimetype"),
                file_name: text(&object, "fileName"),
                voice: object.get("ptt").and_then(Value::as_bool).unwrap_or(false),
                ..Default::default()
            });
        }
        "locationMessage" | "liveLocationMessage" => {
            inbound.content_type = Some("location".into());
            inbound.location = Some(Location {
                latitude: object.get("degreesLatitude").and_then(Value::as_f64).unwrap_or(f64::NAN),
                longitude: object.get("degreesLongitude").and_then(Value::as_f64).unwrap_or(f64::NAN),
                name: text(&object, "name"),
                address: text(&object, "address"),
            });
        }
        "contactMessage" | "contactsArrayMessage" => {
            inbound.content_type = Some("contacts".into());
            let cards = match object.get("contacts").and_then(Value::as_array) {
                Some(cards) => cards.clone(),
                None => vec![object.clone()],
            };
            inbound.contacts = Some(
                cards
                    .iter()
                    .map(|card| InboundContact {
                        name: text(card, "displayName"),
                        phones: Vec::new(),
                        vcard: text(card, "vcard"),
                    })
                    .collect(),
            );
        }
        "reactionMessage" => {
            return Some(Translated {
                event_id,
                event: ProviderEvent::Reaction(InboundReaction {
                    id,
                    phone,
                    direction: direction.into(),
                    message_id: object.get("key").and_then(|k| text(k, "id"))?,
                    emoji: text(&object, "text").unwrap_or_default(),
                }),
            });
        }
        "protocolMessage" => {
            // A deletion for everyone; edits and the rest have nothing to show.
            if object.get("type").and_then(Value::as_str) == Some("REVOKE") {
                let revoked = object.get("key").and_then(|k| text(k, "id"))?;
                return Some(Translated { event_id, event: ProviderEvent::Revoke(InboundRevoke { id: revoked }) });
            }
            return None;
        }
        "" => return None,
        // Polls, lists, buttons and the like: kept as "tipo de mensagem não suportado".
        other => inbound.content_type = Some(other.trim_end_matches("Message").to_owned()),
    }
    // In a group, who of its members wrote, as WhatsApp shows it.
    if let (true, false, Some(member)) = (group, from_me, text(data, "pushName").filter(|n| !n.is_empty())) {
        inbound.body =
            if inbound.body.is_empty() { format!("{member}:") } else { format!("{member}: {}", inbound.body) };
    }
    Some(Translated { event_id, event: ProviderEvent::Message(Box::new(inbound)) })
}

fn update(data: &Value) -> Option<Translated> {
    let id = text(data, "keyId").or_else(|| data.get("key").and_then(|k| text(k, "id")))?;
    // Only our own messages have acks worth showing.
    if !data.get("fromMe").and_then(Value::as_bool).unwrap_or(false) {
        return None;
    }
    let status = text(data, "status")?;
    let ack = match status.as_str() {
        "SERVER_ACK" => "sent",
        "DELIVERY_ACK" => "delivered",
        "READ" | "PLAYED" => "read",
        "ERROR" => "failed",
        "DELETED" => {
            return Some(Translated {
                event_id: format!("evo:{id}:deleted"),
                event: ProviderEvent::Revoke(InboundRevoke { id }),
            });
        }
        _ => return None,
    };
    Some(Translated {
        event_id: format!("evo:{id}:{ack}"),
        event: ProviderEvent::Ack(InboundAck { id, ack: ack.into(), error: None }),
    })
}

fn deleted(data: &Value) -> Option<Translated> {
    let id = data.get("key").and_then(|k| text(k, "id")).or_else(|| text(data, "id"))?;
    Some(Translated { event_id: format!("evo:{id}:deleted"), event: ProviderEvent::Revoke(InboundRevoke { id }) })
}

fn connection(data: &Value, stamp: &str) -> Option<Translated> {
    let status = match data.get("state").and_then(Value::as_str)? {
        "open" => "connected",
        "connecting" => "connecting",
        "close" | "refused" => "disconnected",
        _ => return None,
    };
    Some(Translated {
        event_id: format!("evo:conn:{status}:{stamp}"),
        event: ProviderEvent::Status(InboundStatus { status: status.into(), qrcode: None }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_broadcasts_and_lids_are_left_out() {
        assert_eq!(phone_of("5511987654321@s.whatsapp.net").as_deref(), Some("+5511987654321"));
        assert_eq!(phone_of("5511987654321:12@s.whatsapp.net").as_deref(), Some("+5511987654321"));
        assert_eq!(phone_of("120363025246125486@g.us"), None);
        assert_eq!(phone_of("status@broadcast"), None);
        assert_eq!(phone_of("123456789012345@lid"), None);
        let key = |value: Value| sender_of(&value, false);
        assert_eq!(
            key(serde_json::json!({"remoteJid": "123456789012345@lid"})),
            Some((None, Some("123456789012345@lid".into())))
        );
        assert_eq!(
            key(
                serde_json::json!({"remoteJid": "123456789012345@lid", "remoteJidAlt": "5511987654321@s.whatsapp.net"})
            ),
            Some((Some("+5511987654321".into()), Some("123456789012345@lid".into())))
        );
        assert_eq!(
            key(serde_json::json!({"remoteJid": "123456789012345@lid", "senderPn": "5511987654321@s.whatsapp.net"})),
            Some((Some("+5511987654321".into()), Some("123456789012345@lid".into())))
        );
        assert_eq!(key(serde_json::json!({"remoteJid": "120363025246125486@g.us"})), None);
        assert_eq!(
            sender_of(
                &serde_json::json!({"remoteJid": "120363025246125486@g.us", "participant": "5511@s.whatsapp.net"}),
                true
            ),
            Some((None, Some("120363025246125486@g.us".into()))),
            "a kept group is known by its JID"
        );
    }
}
