//! What each channel accepts (docs/media.md#sending): checked by the web app before an upload and
//! by the server on it. The table is per provider kind; today every instance speaks the WhatsApp
//! contract, so every instance gets WhatsApp's (its Cloud API's documented media limits).

use serde::Serialize;
use utoipa::ToSchema;

use super::MediaType;
use crate::domain::error::{Error, Result};

/// One row of a channel's table.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    #[serde(rename = "type")]
    pub media_type: MediaType,
    /// The types accepted (empty: any).
    pub mime_types: Vec<&'static str>,
    pub max_bytes: u64,
}

/// A channel's table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Limits {
    pub limits: Vec<Limit>,
}

const MB: u64 = 1024 * 1024;

/// WhatsApp's: images 5 MB JPEG/PNG, audio 16 MB, video 16 MB MP4/3GPP, documents 100 MB,
/// stickers WebP 500 KB.
pub fn whatsapp() -> Limits {
    Limits {
        limits: vec![
            Limit { media_type: MediaType::Image, mime_types: vec!["image/jpeg", "image/png"], max_bytes: 5 * MB },
            Limit {
                media_type: MediaType::Audio,
                mime_types: vec!["audio/aac", "audio/mp4", "audio/mpeg", "audio/amr", "audio/ogg"],
                max_bytes: 16 * MB,
            },
            Limit { media_type: MediaType::Video, mime_types: vec!["video/mp4", "video/3gpp"], max_bytes: 16 * MB },
            Limit { media_type: MediaType::Document, mime_types: vec![], max_bytes: 100 * MB },
            Limit { media_type: MediaType::Sticker, mime_types: vec!["image/webp"], max_bytes: 500 * 1024 },
        ],
    }
}

impl Limits {
    /// Refuses a file of `media_type` (as [`super::kinds::type_of_upload`] typed it) that the
    /// channel does not take or that is too large, in the words the web app shows.
    pub fn check(&self, media_type: MediaType, mime: &str, size: u64) -> Result<()> {
        let Some(limit) = self.limits.iter().find(|l| l.media_type == media_type) else {
            return Err(Error::invalid(
                "media_type_not_allowed",
                format!("Este tipo de arquivo não pode ser enviado por esta conexão ({mime})."),
            ));
        };
        if !limit.mime_types.is_empty() && !limit.mime_types.contains(&mime) {
            return Err(Error::invalid(
                "media_type_not_allowed",
                format!("Este tipo de arquivo não pode ser enviado por esta conexão ({mime})."),
            ));
        }
        if size > limit.max_bytes {
            return Err(Error::invalid(
                "media_too_large",
                format!("{} acima de {}.", limit.media_type.word(), words(limit.max_bytes)),
            ));
        }
        Ok(())
    }
}

/// "16 MB", "500 KB".
pub fn words(bytes: u64) -> String {
    if bytes >= MB && bytes.is_multiple_of(MB) { format!("{} MB", bytes / MB) } else { format!("{} KB", bytes / 1024) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whatsapp_refuses_in_the_words_the_agent_reads() {
        let table = whatsapp();
        let err = table.check(MediaType::Video, "video/mp4", 16 * MB + 1).unwrap_err();
        assert_eq!(err.to_string(), "Vídeo acima de 16 MB.");
        let err = table.check(MediaType::Sticker, "image/webp", 600 * 1024).unwrap_err();
        assert_eq!(err.to_string(), "Figurinha acima de 500 KB.");
        assert!(table.check(MediaType::Image, "image/png", 5 * MB).is_ok());
        assert!(table.check(MediaType::Document, "application/zip", 99 * MB).is_ok());
        let err = table.check(MediaType::Audio, "audio/flac", 10).unwrap_err();
        assert!(err.to_string().starts_with("Este tipo de arquivo não pode ser enviado"), "{err}");
    }
}
