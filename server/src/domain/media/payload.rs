//! What a message keeps beside its text in `messages.payload` (JSON): the file's name and the
//! voice flag, where the worker fetches the bytes from until it has them, a location, contact
//! cards, the type an unknown message said it was. One column instead of a dozen mostly empty
//! ones; read whenever a view is built, never queried by.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest file name kept.
const MAX_FILE_NAME: usize = 200;

/// A file name without a path, control characters or quotes, at most [`MAX_FILE_NAME`] characters.
pub fn safe_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    base.chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '<' | '>' | '|' | '*' | '?' | ':'))
        .take(MAX_FILE_NAME)
        .collect::<String>()
        .trim()
        .trim_start_matches('.')
        .to_owned()
}

/// The JSON of `messages.payload`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payload {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub voice: bool,
    /// Where the provider said the bytes are, until the worker has them (then removed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contacts: Option<Vec<Contact>>,
    /// The type an `unsupported` message said it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_type: Option<String>,
    /// An official number's template this message was sent as (its text is the filled body).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<TemplateUse>,
}

/// A template as sent: which one, in which language, with which values for `{{1}}`, `{{2}}`…
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateUse {
    pub name: String,
    pub language: String,
    pub parameters: Vec<String>,
}

/// Where a provider's medium is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    /// A URL the worker fetches (`https://`, the outbound rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Small bytes sent inline (base64, at most `MAX_INLINE_BYTES` decoded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// The type the provider said (only a hint: the bytes decide).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// The provider's id of the medium, resolved by the instance's connector (the Cloud API's
    /// media id: its URL lasts five minutes, so it is asked for when fetching).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub latitude: f64,
    pub longitude: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
}

/// A contact card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub name: String,
    #[serde(default)]
    pub phones: Vec<String>,
    /// The vCard as sent, when there was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vcard: Option<String>,
}

impl Payload {
    /// The stored JSON back; a payload that does not read is an empty one (a view must still show).
    pub fn read(stored: Option<&str>) -> Self {
        stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
    }

    /// The JSON to store; `None` for an empty payload.
    pub fn stored(&self) -> Option<String> {
        (self != &Self::default()).then(|| serde_json::to_string(self).unwrap_or_default())
    }
}

/// The name and phones of a vCard (`FN`, `TEL`), for a provider that sent only the card.
pub fn read_vcard(vcard: &str) -> Contact {
    let mut name = None;
    let mut phones = Vec::new();
    // Folded lines (RFC 6350 §3.2) are unfolded first.
    let unfolded = vcard.replace("\r\n ", "").replace("\n ", "");
    for line in unfolded.lines() {
        let Some((key, value)) = line.split_once(':') else { continue };
        let key = key.split(';').next().unwrap_or_default().to_ascii_uppercase();
        match key.as_str() {
            "FN" if name.is_none() => name = Some(value.trim().to_owned()),
            "TEL" => phones.push(value.trim().to_owned()),
            _ => {}
        }
    }
    Contact { name: name.unwrap_or_else(|| "Contato".into()), phones, vcard: Some(vcard.to_owned()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vcard_gives_its_name_and_phones() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Maria Souza\r\nTEL;type=CELL;waid=5511987654321:+55 11 98765-4321\r\nEND:VCARD";
        let contact = read_vcard(card);
        assert_eq!(contact.name, "Maria Souza");
        assert_eq!(contact.phones, vec!["+55 11 98765-4321"]);
    }

    #[test]
    fn an_empty_payload_is_not_stored_and_a_broken_one_reads_empty() {
        assert_eq!(Payload::default().stored(), None);
        assert_eq!(Payload::read(Some("{not json")), Payload::default());
        let voice = Payload { voice: true, file_name: Some("audio.ogg".into()), ..Default::default() };
        assert_eq!(Payload::read(voice.stored().as_deref()), voice);
    }
}
