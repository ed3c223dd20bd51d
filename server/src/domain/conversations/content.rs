//! What a message holds beyond its text (docs/media.md#message-types): its type, the payload kept
//! beside it (file name, voice flag, where the bytes are until fetched, a location, contact
//! cards), and the line the queue shows for it ("📷 Foto", "🎤 Áudio (0:42)", "📄 boleto.pdf").

use serde::Deserialize;

use super::identities::normalize_phone;
/// Kept with the payload it names; here too for the callers that build messages.
pub use crate::domain::media::payload::safe_file_name;
use crate::domain::{
    error::{Error, Result},
    media::{
        MAX_INLINE_BYTES, MediaType,
        payload::{Contact, Location, Payload, Source, read_vcard},
    },
};

/// A medium as a provider describes it in a `message` event.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboundMedia {
    /// Where to fetch the bytes (`https://`; the instance's bearer token is sent).
    #[serde(default)]
    pub url: Option<String>,
    /// Or the bytes themselves, base64 (at most 64 KiB decoded).
    #[serde(default)]
    pub data: Option<String>,
    #[serde(default)]
    pub mime_type: Option<String>,
    #[serde(default)]
    pub file_name: Option<String>,
    /// A voice note (push-to-talk).
    #[serde(default)]
    pub voice: bool,
    /// The provider's own id of the medium, resolved by its connector when fetched (the Cloud
    /// API's media id). Never read from the generic contract's JSON: only a connector sets it.
    #[serde(skip)]
    pub id: Option<String>,
}

/// A contact card as a provider sends it: a vCard, or its name and phones, or both.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboundContact {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub phones: Vec<String>,
    #[serde(default)]
    pub vcard: Option<String>,
}

/// What an inbound message holds, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    pub message_type: MediaType,
    pub payload: Payload,
    /// The bytes are still to be fetched (`media_status` = `pending`).
    pub media_pending: bool,
}

/// Reads what a provider's message holds. `type_name` absent is `text` (contract v1); an unknown
/// one is `unsupported` (kept, never refused).
pub fn of_inbound(
    type_name: Option<&str>,
    media: Option<&InboundMedia>,
    location: Option<&Location>,
    contacts: Option<&[InboundContact]>,
) -> Result<Content> {
    let message_type = match type_name {
        None | Some("") => MediaType::Text,
        Some(name) => MediaType::parse(name),
    };
    let mut payload = Payload::default();
    let mut media_pending = false;
    match message_type {
        t if t.has_file() => {
            let media = media.ok_or_else(|| {
                Error::invalid_field("invalid_event", "data.media", "Informe a mídia (media.url ou media.data).")
            })?;
            if media.url.is_none() && media.data.is_none() && media.id.is_none() {
                return Err(Error::invalid_field("invalid_event", "data.media", "Informe media.url ou media.data."));
            }
            if media.data.as_ref().is_some_and(|d| d.len() > MAX_INLINE_BYTES * 4 / 3 + 4) {
                return Err(Error::invalid_field(
                    "invalid_event",
                    "data.media.data",
                    "Mídia inline acima de 64 KiB: envie media.url.",
                ));
            }
            if media.url.as_ref().is_some_and(|u| u.len() > 2048) {
                return Err(Error::invalid_field("invalid_event", "data.media.url", "Endereço da mídia longo demais."));
            }
            payload.file_name = media.file_name.as_deref().map(safe_file_name).filter(|n| !n.is_empty());
            payload.voice = media.voice && t == MediaType::Audio;
            payload.source = Some(Source {
                url: media.url.clone(),
                data: media.data.clone(),
                mime_type: media.mime_type.clone(),
                id: media.id.clone(),
            });
            media_pending = true;
        }
        MediaType::Location => {
            let place = location.ok_or_else(|| {
                Error::invalid_field("invalid_event", "data.location", "Informe a localização (latitude, longitude).")
            })?;
            if !(-90.0..=90.0).contains(&place.latitude) || !(-180.0..=180.0).contains(&place.longitude) {
                return Err(Error::invalid_field(
                    "invalid_event",
                    "data.location",
                    "Latitude ou longitude fora do mapa.",
                ));
            }
            payload.location = Some(place.clone());
        }
        MediaType::Contacts => {
            let cards = contacts.filter(|c| !c.is_empty()).ok_or_else(|| {
                Error::invalid_field("invalid_event", "data.contacts", "Informe ao menos um contato.")
            })?;
            payload.contacts = Some(cards.iter().take(20).map(contact).collect());
        }
        MediaType::Unsupported => payload.original_type = type_name.map(|t| t.chars().take(40).collect()),
        _ => {}
    }
    Ok(Content { message_type, payload, media_pending })
}

/// The longest place name or address an agent sends, and the longest contact name.
const MAX_PLACE_TEXT: usize = 200;
const MAX_CONTACT_NAME: usize = 100;
/// Cards in one message (WhatsApp shows more as a list nobody reads), and phones on one card.
pub const MAX_CARDS: usize = 10;
const MAX_CARD_PHONES: usize = 5;

/// A place an agent sends, checked: on the map; its name and address trimmed (blank: none).
pub fn outbound_location(place: &Location) -> Result<Location> {
    let on_map = (-90.0..=90.0).contains(&place.latitude) && (-180.0..=180.0).contains(&place.longitude);
    if !on_map {
        return Err(Error::invalid_field(
            "invalid_location",
            "location",
            "Localização fora do mapa: latitude de -90 a 90 e longitude de -180 a 180.",
        ));
    }
    let text = |value: &Option<String>, field: &'static str, label: &str| -> Result<Option<String>> {
        let value = value.as_deref().map(str::trim).filter(|v| !v.is_empty());
        if value.is_some_and(|v| v.chars().count() > MAX_PLACE_TEXT) {
            return Err(Error::invalid_field(
                "invalid_location",
                field,
                format!("{label} pode ter até {MAX_PLACE_TEXT} caracteres."),
            ));
        }
        Ok(value.map(str::to_owned))
    };
    Ok(Location {
        latitude: place.latitude,
        longitude: place.longitude,
        name: text(&place.name, "location.name", "O nome do local")?,
        address: text(&place.address, "location.address", "O endereço")?,
    })
}

/// Contact cards an agent sends, checked: 1 to [`MAX_CARDS`], each with a name and 1 to 5 phones,
/// written `+` and digits. The provider builds each card's vCard from them.
pub fn outbound_contacts(cards: &[Contact]) -> Result<Vec<Contact>> {
    if cards.is_empty() || cards.len() > MAX_CARDS {
        return Err(Error::invalid_field(
            "invalid_contacts",
            "contacts",
            format!("Envie de 1 a {MAX_CARDS} contatos por mensagem."),
        ));
    }
    cards
        .iter()
        .enumerate()
        .map(|(i, card)| {
            let name = card.name.trim();
            if name.is_empty() || name.chars().count() > MAX_CONTACT_NAME {
                return Err(Error::invalid_field(
                    "invalid_contacts",
                    &format!("contacts[{i}].name"),
                    format!("Informe o nome do contato (até {MAX_CONTACT_NAME} caracteres)."),
                ));
            }
            if card.phones.is_empty() || card.phones.len() > MAX_CARD_PHONES {
                return Err(Error::invalid_field(
                    "invalid_contacts",
                    &format!("contacts[{i}].phones"),
                    format!("Informe de 1 a {MAX_CARD_PHONES} telefones do contato."),
                ));
            }
            let phones = card
                .phones
                .iter()
                .map(|phone| {
                    normalize_phone(phone).map_err(|_| {
                        Error::invalid_field(
                            "invalid_contacts",
                            &format!("contacts[{i}].phones"),
                            format!("Telefone inválido em {name}: de 8 a 15 dígitos."),
                        )
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(Contact { name: name.to_owned(), phones, vcard: None })
        })
        .collect()
}

fn contact(card: &InboundContact) -> Contact {
    let from_card = card.vcard.as_deref().map(read_vcard);
    let name = card
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .or_else(|| from_card.as_ref().map(|c| c.name.clone()))
        .unwrap_or_else(|| "Contato".into());
    let mut phones = card.phones.clone();
    if phones.is_empty() {
        phones = from_card.map(|c| c.phones).unwrap_or_default();
    }
    Contact { name, phones, vcard: card.vcard.clone().filter(|v| v.len() <= 16 * 1024) }
}

/// The queue's line for a message: its text, or what it holds.
pub fn preview(message_type: MediaType, body: &str, payload: &Payload, duration_ms: Option<i32>) -> String {
    let caption = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let or_caption = |icon: &str, word: &str| {
        if caption.is_empty() { format!("{icon} {word}") } else { format!("{icon} {caption}") }
    };
    match message_type {
        MediaType::Text => body.to_owned(),
        MediaType::Image => or_caption("📷", "Foto"),
        MediaType::Video => or_caption("🎥", "Vídeo"),
        MediaType::Audio => {
            let icon = if payload.voice { "🎤" } else { "🎵" };
            match duration_ms {
                Some(ms) => format!("{icon} Áudio ({})", clock(ms)),
                None => format!("{icon} Áudio"),
            }
        }
        MediaType::Document => {
            format!(
                "📄 {}",
                payload.file_name.clone().unwrap_or_else(|| if caption.is_empty() {
                    "Documento".into()
                } else {
                    caption.clone()
                })
            )
        }
        MediaType::Sticker => "💟 Figurinha".into(),
        MediaType::Location => {
            let name = payload.location.as_ref().and_then(|l| l.name.clone()).filter(|n| !n.is_empty());
            name.map_or_else(|| "📍 Localização".into(), |n| format!("📍 {n}"))
        }
        MediaType::Contacts => match payload.contacts.as_deref() {
            Some([one]) => format!("👤 Contato: {}", one.name),
            Some(many) => format!("👤 {} contatos", many.len()),
            None => "👤 Contato".into(),
        },
        MediaType::Unsupported => "Tipo de mensagem não suportado".into(),
    }
}

/// "0:42", "12:05".
pub fn clock(ms: i32) -> String {
    let seconds = (ms.max(0) + 500) / 1000;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_says_what_a_message_holds() {
        let voice = Payload { voice: true, ..Default::default() };
        assert_eq!(preview(MediaType::Audio, "", &voice, Some(42_300)), "🎤 Áudio (0:42)");
        assert_eq!(preview(MediaType::Audio, "", &Payload::default(), None), "🎵 Áudio");
        assert_eq!(preview(MediaType::Image, "", &Payload::default(), None), "📷 Foto");
        assert_eq!(
            preview(MediaType::Image, " Comprovante  do Pix ", &Payload::default(), None),
            "📷 Comprovante do Pix"
        );
        let boleto = Payload { file_name: Some("boleto.pdf".into()), ..Default::default() };
        assert_eq!(preview(MediaType::Document, "segue", &boleto, None), "📄 boleto.pdf");
        let maria = Payload {
            contacts: Some(vec![Contact { name: "Maria".into(), phones: vec![], vcard: None }]),
            ..Default::default()
        };
        assert_eq!(preview(MediaType::Contacts, "", &maria, None), "👤 Contato: Maria");
        assert_eq!(preview(MediaType::Unsupported, "", &Payload::default(), None), "Tipo de mensagem não suportado");
    }

    #[test]
    fn an_unknown_type_is_kept_and_a_medium_needs_its_bytes() {
        let poll = of_inbound(Some("poll"), None, None, None).unwrap();
        assert_eq!(poll.message_type, MediaType::Unsupported);
        assert_eq!(poll.payload.original_type.as_deref(), Some("poll"));
        let err = of_inbound(Some("image"), Some(&InboundMedia::default()), None, None).unwrap_err();
        assert_eq!(err.to_string(), "Informe media.url ou media.data.");
        let media = InboundMedia {
            url: Some("https://cdn.example/a".into()),
            file_name: Some("../../etc/passwd".into()),
            voice: true,
            ..Default::default()
        };
        let doc = of_inbound(Some("document"), Some(&media), None, None).unwrap();
        assert!(doc.media_pending);
        assert_eq!(doc.payload.file_name.as_deref(), Some("passwd"));
        assert!(!doc.payload.voice, "only audio is a voice note");
    }

    #[test]
    fn file_names_lose_paths_and_what_a_header_would_choke_on() {
        assert_eq!(safe_file_name("C:\\Users\\ana\\nota \"fiscal\".pdf"), "nota fiscal.pdf");
        assert_eq!(safe_file_name("..\\..\\x\n.pdf"), "x.pdf");
        assert_eq!(clock(61_000), "1:01");
    }
}
