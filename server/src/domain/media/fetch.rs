//! The worker fetches a provider's medium (docs/media.md#fetching): from the URL the provider gave,
//! through the outbound client (public addresses only, no redirects, no proxy), with the instance's
//! bearer token, refused as soon as it passes [`super::MAX_BYTES`] — or decoded from the small
//! inline bytes an event carried. Nothing of it rides the provider's request.

use std::time::Duration;

use base64::{Engine, engine::general_purpose::STANDARD};

use super::{
    MAX_BYTES, MAX_INLINE_BYTES,
    ingest::{Spool, SpoolError, Spooled},
    payload::Source,
};
use crate::domain::{error::Error, outbound};

/// How long one fetch may take: within the worker's deadline for an attempt (40 s), so a slow
/// provider's fetch ends with a reason and is tried again; 100 MB needs about 20 Mbit/s.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(38);

/// Why a fetch failed: worth another try, or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchError {
    Retryable(String),
    Permanent(String),
}

impl FetchError {
    pub fn reason(&self) -> &str {
        match self {
            Self::Retryable(reason) | Self::Permanent(reason) => reason,
        }
    }
}

/// Bytes a connector had handed over, spooled like a fetch's (refused past [`MAX_BYTES`]).
pub async fn spool(bytes: &[u8]) -> Result<Spooled, FetchError> {
    let spooled = |err: SpoolError| match err {
        SpoolError::TooLarge(too) => FetchError::Permanent(format!("a mídia passou de {} MB", too.0 / (1 << 20))),
        SpoolError::Io(reason) => FetchError::Retryable(reason),
    };
    let mut spool = Spool::new(MAX_BYTES).map_err(|err| FetchError::Retryable(err.to_string()))?;
    spool.write(bytes).await.map_err(spooled)?;
    spool.finish().await.map_err(spooled)
}

/// The client media is fetched with.
pub fn client(allow_private: bool) -> reqwest::Result<reqwest::Client> {
    outbound::client(allow_private, FETCH_TIMEOUT, "backoffice-media/1")
}

/// The bytes `source` points at, spooled. `bearer`: the instance's provider secret, sent as the
/// fetch's `Authorization` (a provider's media URL is usually its own, behind its token).
pub async fn fetch(
    client: &reqwest::Client,
    source: &Source,
    bearer: Option<&str>,
    allow_private: bool,
) -> Result<Spooled, FetchError> {
    let spooled = |err: SpoolError| match err {
        SpoolError::TooLarge(too) => FetchError::Permanent(format!("a mídia passou de {} MB", too.0 / (1 << 20))),
        SpoolError::Io(reason) => FetchError::Retryable(reason),
    };
    let internal = |err: Error| FetchError::Retryable(err.to_string());
    if let Some(data) = &source.data {
        let bytes = STANDARD.decode(data.trim()).map_err(|_| FetchError::Permanent("dados inline inválidos".into()))?;
        if bytes.len() > MAX_INLINE_BYTES {
            return Err(FetchError::Permanent("dados inline acima de 64 KiB".into()));
        }
        let mut spool = Spool::new(MAX_BYTES).map_err(internal)?;
        spool.write(&bytes).await.map_err(spooled)?;
        return spool.finish().await.map_err(spooled);
    }
    let url = source.url.as_deref().ok_or_else(|| FetchError::Permanent("o provedor não indicou a mídia".into()))?;
    let parsed = url::Url::parse(url).map_err(|_| FetchError::Permanent("endereço da mídia inválido".into()))?;
    match (parsed.scheme(), allow_private) {
        ("https", _) | ("http", true) => {}
        _ => return Err(FetchError::Permanent("o endereço da mídia deve ser https://".into())),
    }
    // A literal address never reaches the resolver that checks names.
    if let Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) = parsed.host() {
        let host = parsed.host_str().unwrap_or_default();
        outbound::resolve(host, parsed.port_or_known_default().unwrap_or(443), allow_private)
            .await
            .map_err(|refused| FetchError::Permanent(refused.0))?;
    }
    let mut request = client.get(parsed);
    if let Some(bearer) = bearer {
        request = request.bearer_auth(bearer);
    }
    let mut response = request.send().await.map_err(|err| match outbound::refusal(&err) {
        Some(refused) => FetchError::Permanent(refused.0.clone()),
        None if err.is_timeout() => FetchError::Retryable("o provedor não respondeu a tempo".into()),
        None => FetchError::Retryable("não foi possível conectar ao provedor".into()),
    })?;
    let status = response.status();
    if status.is_server_error() || status.as_u16() == 408 || status.as_u16() == 429 {
        return Err(FetchError::Retryable(format!("o provedor respondeu {}", status.as_u16())));
    }
    if !status.is_success() {
        return Err(FetchError::Permanent(format!("o provedor respondeu {}", status.as_u16())));
    }
    if response.content_length().is_some_and(|declared| declared > MAX_BYTES) {
        return Err(FetchError::Permanent(format!("a mídia passou de {} MB", MAX_BYTES / (1 << 20))));
    }
    let mut spool = Spool::new(MAX_BYTES).map_err(internal)?;
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => spool.write(&chunk).await.map_err(spooled)?,
            Ok(None) => break,
            Err(_) => return Err(FetchError::Retryable("a transferência da mídia foi interrompida".into())),
        }
    }
    spool.finish().await.map_err(spooled)
}
