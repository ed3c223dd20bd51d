//! One interface to every kind of connection an instance may have (docs/providers.md#kinds): the
//! rest of the product sends, pairs and fetches media through a [`Connector`] and never asks which
//! kind is behind it. A kind is one module implementing the trait (`provider` for our generic
//! contract, `cloud` for Meta's WhatsApp Business Cloud API), one arm of `instances::open`, and, for
//! what it pushes to us, the reading of its webhooks into the inbox's provider events
//! (`domain::inbox::cloud_webhook`).

use crate::domain::{
    error::{Error, Result},
    media::{fetch::FetchError, payload::Source},
};

use super::{
    message_templates::RemoteTemplate,
    provider::{CallError, Outgoing},
};

/// The kinds of connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Our own contract (docs/providers.md#contract): a bridge someone runs.
    Generic,
    /// Meta's WhatsApp Business Cloud API: an official number.
    Cloud,
    /// An Evolution API gateway (v2): an unofficial number paired by QR code.
    Evolution,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Generic, Kind::Cloud, Kind::Evolution];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Generic => "generic",
            Kind::Cloud => "cloud",
            Kind::Evolution => "evolution",
        }
    }

    /// The kind a client named, or a 422 naming the known ones.
    pub fn parse(text: &str) -> Result<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == text).ok_or_else(|| {
            Error::invalid_field(
                "invalid_provider_kind",
                "providerKind",
                format!("Tipo de conexão \"{text}\" inválido: use generic, cloud ou evolution."),
            )
        })
    }

    /// The kind stored for an instance; a value this build does not know reads as generic.
    pub fn stored(text: &str) -> Kind {
        Kind::parse(text).unwrap_or(Kind::Generic)
    }
}

/// How this process reaches providers: the address rule (`ALLOW_PRIVATE_PROVIDERS`) and where
/// Meta's Graph API is (`GRAPH_API_URL`, a fake of it in tests).
#[derive(Debug, Clone)]
pub struct Reach {
    pub allow_private: bool,
    pub graph_api_url: String,
}

/// Where a provider's medium is.
#[derive(Debug, Clone)]
pub enum MediaLocation {
    /// Fetched from `source` (a URL, or inline bytes) with `bearer` as the token.
    Fetch { source: Source, bearer: Option<String> },
    /// The connector had the bytes handed over already (a gateway that answers them in base64).
    Fetched(Vec<u8>),
}

/// The number's state at its provider (the instances screen's "Testar conexão").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneHealth {
    /// As WhatsApp shows it (`+55 11 4002-8922`).
    pub display_phone_number: String,
    /// The business name Meta approved.
    pub verified_name: String,
    /// `GREEN`, `YELLOW`, `RED` or `UNKNOWN`.
    pub quality_rating: String,
    /// How many customers a day the number may start conversations with (`TIER_1K`…), when Meta says.
    pub messaging_limit: Option<String>,
}

/// What the product asks of a connection.
#[async_trait::async_trait]
pub trait Connector: Send + Sync {
    /// Sends one message (text, medium, reaction, quote, template); answers the provider's id of it.
    async fn send(&self, outgoing: &Outgoing) -> std::result::Result<String, CallError>;
    /// Starts pairing the number; answers the code to show as a QR code.
    async fn start_session(&self) -> Result<String>;
    /// Ends the number's session.
    async fn end_session(&self) -> Result<()>;
    /// Where the medium an event named is fetched from.
    async fn locate_media(&self, source: &Source) -> std::result::Result<MediaLocation, FetchError>;
    /// Reads the number's state at the provider (the instances screen's "Testar conexão").
    async fn check(&self) -> Result<PhoneHealth>;
    /// The number's message templates as the provider keeps them (official numbers only).
    async fn templates(&self) -> Result<Vec<RemoteTemplate>> {
        Err(Error::invalid(
            "templates_unsupported",
            "Modelos de mensagem existem só em números oficiais (API oficial do WhatsApp).",
        ))
    }
}
