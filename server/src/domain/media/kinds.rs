//! A file's type is read from its bytes (magic numbers, the `infer` crate), never taken from the
//! sender's word: a `.jpg` that is an HTML page is an HTML page, served as an attachment.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a message holds (`messages.message_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaType {
    Text,
    Image,
    Audio,
    Video,
    Document,
    Sticker,
    Location,
    Contacts,
    /// An inbound type we do not know: stored, shown as "tipo de mensagem não suportado".
    Unsupported,
}

impl MediaType {
    pub const ALL: [MediaType; 9] = [
        Self::Text,
        Self::Image,
        Self::Audio,
        Self::Video,
        Self::Document,
        Self::Sticker,
        Self::Location,
        Self::Contacts,
        Self::Unsupported,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Image => "image",
            Self::Audio => "audio",
            Self::Video => "video",
            Self::Document => "document",
            Self::Sticker => "sticker",
            Self::Location => "location",
            Self::Contacts => "contacts",
            Self::Unsupported => "unsupported",
        }
    }

    /// The stored text back (anything else: `unsupported`).
    pub fn parse(text: &str) -> Self {
        Self::ALL.into_iter().find(|t| t.as_str() == text).unwrap_or(Self::Unsupported)
    }

    /// Whether messages of this type carry a file.
    pub fn has_file(self) -> bool {
        matches!(self, Self::Image | Self::Audio | Self::Video | Self::Document | Self::Sticker)
    }

    /// The word for it in a refusal ("Vídeo acima de 16 MB.").
    pub fn word(self) -> &'static str {
        match self {
            Self::Image => "Imagem",
            Self::Audio => "Áudio",
            Self::Video => "Vídeo",
            Self::Sticker => "Figurinha",
            _ => "Documento",
        }
    }
}

/// The type of `head` (the file's first bytes), `application/octet-stream` when unknown — and
/// plain text when the head is valid UTF-8 without control characters (`.txt`, `.csv`).
pub fn sniff(head: &[u8]) -> String {
    if let Some(kind) = infer::get(head) {
        return normalize(kind.mime_type()).to_owned();
    }
    if looks_like_markup(head) {
        return "text/html".into();
    }
    let text = match std::str::from_utf8(head) {
        Ok(text) => Some(text),
        // The head may end inside a character.
        Err(err) if err.error_len().is_none() => std::str::from_utf8(&head[..err.valid_up_to()]).ok(),
        Err(_) => None,
    };
    match text {
        Some(text) if !text.is_empty() && !text.chars().any(|c| c.is_control() && !c.is_whitespace()) => {
            "text/plain".into()
        }
        _ => "application/octet-stream".into(),
    }
}

/// Names `infer` gives that are better known under another.
fn normalize(mime: &str) -> &str {
    match mime {
        "audio/x-wav" => "audio/wav",
        "audio/x-flac" => "audio/flac",
        "audio/m4a" | "audio/x-m4a" => "audio/mp4",
        // Ogg is the container, Opus the codec inside: a voice note is `audio/ogg`.
        "audio/opus" => "audio/ogg",
        "video/quicktime" => "video/quicktime",
        other => other,
    }
}

/// HTML and SVG that `infer` does not name (they are text): a browser would run them.
fn looks_like_markup(head: &[u8]) -> bool {
    let start = String::from_utf8_lossy(&head[..head.len().min(512)]).trim_start().to_ascii_lowercase();
    ["<!doctype html", "<html", "<svg", "<?xml", "<script", "<head", "<body", "<iframe"]
        .iter()
        .any(|m| start.starts_with(m))
}

/// Whether a browser may be handed the bytes to show in the page (`Content-Disposition: inline`
/// with their own type): pictures, sound and video it plays, and PDF. Everything else is an
/// attachment, and what a browser could run (HTML, SVG, XML, scripts) is served as
/// `application/octet-stream`.
pub fn inline_safe(mime: &str) -> bool {
    matches!(
        mime,
        "image/jpeg"
            | "image/png"
            | "image/webp"
            | "image/gif"
            | "audio/ogg"
            | "audio/mpeg"
            | "audio/mp4"
            | "audio/aac"
            | "audio/amr"
            | "audio/wav"
            | "audio/webm"
            | "video/mp4"
            | "video/webm"
            | "video/3gpp"
            | "application/pdf"
    )
}

/// The type a download is served as: its own, or `application/octet-stream` for what a browser
/// could run.
pub fn served_as(mime: &str) -> &str {
    let runnable = mime.contains("html") || mime.contains("xml") || mime.contains("svg") || mime.contains("javascript");
    if runnable { "application/octet-stream" } else { mime }
}

/// The message type a file of this (sniffed) type is sent as by an agent: JPEG and PNG are
/// photos, WebP a sticker, sound is audio, MP4 and 3GPP video; everything else a document.
pub fn type_of_upload(mime: &str) -> MediaType {
    match mime {
        "image/jpeg" | "image/png" => MediaType::Image,
        "image/webp" => MediaType::Sticker,
        "video/mp4" | "video/3gpp" => MediaType::Video,
        m if m.starts_with("audio/") => MediaType::Audio,
        _ => MediaType::Document,
    }
}

/// The extension a file of this type is named with when its sender gave no name.
pub fn extension(mime: &str) -> &'static str {
    match mime {
        "image/jpeg" => "jpg",
        "image/png" => "png",
        "image/webp" => "webp",
        "image/gif" => "gif",
        "audio/ogg" => "ogg",
        "audio/mpeg" => "mp3",
        "audio/mp4" => "m4a",
        "audio/aac" => "aac",
        "audio/amr" => "amr",
        "video/mp4" => "mp4",
        "video/3gpp" => "3gp",
        "video/webm" => "webm",
        "application/pdf" => "pdf",
        "text/plain" => "txt",
        "application/zip" => "zip",
        _ => "bin",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bytes_decide_not_the_name() {
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00"), "image/jpeg");
        assert_eq!(sniff(b"%PDF-1.7\n%\xE2\xE3"), "application/pdf");
        assert_eq!(sniff(b"OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00"), "audio/ogg");
        assert_eq!(sniff(b"  <!DOCTYPE html><html><script>alert(1)</script>"), "text/html");
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg' onload='x()'/>"), "text/html");
        assert_eq!(sniff("nome;valor\nJoão;10\n".as_bytes()), "text/plain");
        assert_eq!(sniff(b"\x00\x01\x02\x03garbage"), "application/octet-stream");
    }

    #[test]
    fn what_a_browser_could_run_is_never_served_as_itself() {
        for runnable in ["text/html", "image/svg+xml", "application/xml", "text/xml", "application/javascript"] {
            assert_eq!(served_as(runnable), "application/octet-stream", "{runnable}");
            assert!(!inline_safe(runnable), "{runnable}");
        }
        assert_eq!(served_as("image/png"), "image/png");
        assert!(inline_safe("image/png"));
    }

    #[test]
    fn uploads_are_typed_by_what_whatsapp_takes() {
        assert_eq!(type_of_upload("image/jpeg"), MediaType::Image);
        assert_eq!(type_of_upload("image/gif"), MediaType::Document);
        assert_eq!(type_of_upload("image/webp"), MediaType::Sticker);
        assert_eq!(type_of_upload("audio/ogg"), MediaType::Audio);
        assert_eq!(type_of_upload("video/quicktime"), MediaType::Document);
        assert_eq!(MediaType::parse("sticker"), MediaType::Sticker);
        assert_eq!(MediaType::parse("poll"), MediaType::Unsupported);
    }
}
