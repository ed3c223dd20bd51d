//! What a message written by the staff carries — text, one of the tenant's files, a place, contact
//! cards, or an official number's approved template — checked once for every path that writes one:
//! an agent's reply (`inbox::messages`) and a scheduled message at its time
//! (`scheduled_messages::sending`). The answer is the message's columns.

use sea_orm::{ConnectionTrait, EntityTrait};

use super::{
    content,
    messages::{MAX_BODY, check_body},
};
use crate::{
    domain::{
        error::{Error, Result},
        instances::message_templates::{self, TemplateChoice},
        media::{
            MediaType, kinds,
            payload::{Contact, Location, Payload},
        },
    },
    entities::tenant::medium,
};

/// What the staff asked to send.
#[derive(Debug, Clone, Default)]
pub struct Outgoing {
    /// The text, or the caption of a file.
    pub body: String,
    /// One of the tenant's files; `body` is then its caption.
    pub media_id: Option<i32>,
    /// The file's name as the customer will see it (default: from its type).
    pub file_name: Option<String>,
    /// Send an audio file as a voice note (default: when it is Ogg/Opus).
    pub voice: Option<bool>,
    /// An official number's approved template, with its values (then `body` is not read).
    pub template: Option<TemplateChoice>,
    /// A place to send (then `body` is not read).
    pub location: Option<Location>,
    /// Contact cards to send (then `body` is not read).
    pub contacts: Option<Vec<Contact>>,
}

/// The message's content, checked: its text (a template's filled text), type, medium and payload.
#[derive(Debug, Clone)]
pub struct Composed {
    pub body: String,
    pub message_type: MediaType,
    pub media_id: Option<i32>,
    pub payload: Payload,
}

/// Checks what `out` carries for a message on `instance_id`. `free_text` says whether the number
/// takes anything but a template now: past an official number's 24-hour window Meta refuses the
/// rest, which is said here, before anyone waits for a failure.
pub async fn compose(db: &impl ConnectionTrait, instance_id: i32, free_text: bool, out: &Outgoing) -> Result<Composed> {
    let mut composed = attached(db, out).await?;
    composed.body = match &out.template {
        Some(choice) => {
            if composed.message_type != MediaType::Text {
                return Err(Error::invalid_field("template_with_media", "mediaId", "Um modelo é enviado sem anexo."));
            }
            let (text, used) = message_templates::prepare(db, instance_id, choice.id, &choice.parameters).await?;
            composed.payload.template = Some(used);
            check_body(&text)?
        }
        None => {
            if !free_text {
                return Err(Error::invalid("window_closed", "A janela de 24 horas fechou: envie um modelo aprovado."));
            }
            match composed.message_type {
                MediaType::Text => check_body(&out.body)?,
                // A place or a card has no text of its own: the queue's line is made from it.
                MediaType::Location | MediaType::Contacts => String::new(),
                _ => check_caption(&out.body)?,
            }
        }
    };
    Ok(composed)
}

/// What the message carries besides its text: one of the tenant's files, a place or contact
/// cards — one of them at most.
async fn attached(db: &impl ConnectionTrait, out: &Outgoing) -> Result<Composed> {
    let carried = [out.media_id.is_some(), out.location.is_some(), out.contacts.is_some()];
    if carried.iter().filter(|c| **c).count() > 1 {
        return Err(Error::invalid(
            "one_attachment",
            "Envie um arquivo, uma localização ou contatos: um por mensagem.",
        ));
    }
    let plain = |message_type, payload| Composed { body: String::new(), message_type, media_id: None, payload };
    if let Some(place) = &out.location {
        let payload = Payload { location: Some(content::outbound_location(place)?), ..Default::default() };
        return Ok(plain(MediaType::Location, payload));
    }
    if let Some(cards) = &out.contacts {
        let payload = Payload { contacts: Some(content::outbound_contacts(cards)?), ..Default::default() };
        return Ok(plain(MediaType::Contacts, payload));
    }
    let Some(media_id) = out.media_id else {
        return Ok(plain(MediaType::Text, Payload::default()));
    };
    let found = medium::Entity::find_by_id(media_id).one(db).await?.ok_or_else(|| {
        Error::invalid_field("media_not_found", "mediaId", "Arquivo não encontrado: envie-o de novo.")
    })?;
    let voice = out.voice.unwrap_or(found.mime_type == "audio/ogg") && found.mime_type == "audio/ogg";
    let message_type = if voice { MediaType::Audio } else { kinds::type_of_upload(&found.mime_type) };
    let file_name =
        out.file_name.as_deref().map(content::safe_file_name).filter(|n| !n.is_empty()).unwrap_or_else(|| {
            format!("{}.{}", message_type.word().to_lowercase(), kinds::extension(&found.mime_type))
        });
    let payload = Payload { file_name: Some(file_name), voice, ..Default::default() };
    Ok(Composed { body: String::new(), message_type, media_id: Some(found.id), payload })
}

/// A caption: may be empty, at most [`MAX_BODY`] characters.
fn check_caption(caption: &str) -> Result<String> {
    let caption = caption.trim();
    if caption.chars().count() > MAX_BODY {
        return Err(Error::invalid_field(
            "message_too_long",
            "body",
            format!("A legenda pode ter até {MAX_BODY} caracteres."),
        ));
    }
    Ok(caption.to_owned())
}
