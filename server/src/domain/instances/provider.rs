//! The connector of an instance: a generic HTTPS provider (docs/providers.md has the contract).
//!
//! `GET {base}/messages?since=RFC3339&cursor=C&limit=N` with `Authorization: Bearer {secret}`
//! answers `{"messages":[{id, phone, name, direction, body, ack, sentAt}], "next_cursor": C|null}`.
//!
//! URLs must be `https://` and must not point at non-public addresses (checked when configured
//! and again on every call by the outbound client's resolver, on the very addresses it then
//! connects to, against DNS rebinding), unless `ALLOW_PRIVATE_PROVIDERS` is on (tests and
//! trusted on-premise set-ups). Answers are read up to a cap ([`PAGE_BYTES`], [`ANSWER_BYTES`]).

use std::{net::IpAddr, sync::LazyLock, time::Duration};

use chrono::{DateTime, Utc};
use serde::{Deserialize, de::DeserializeOwned};

use super::connector::{Connector, MediaLocation, PhoneHealth};
use crate::domain::{
    error::{Error, Result},
    media::{fetch::FetchError, payload::Source},
    outbound::{self, BodyError, is_public},
};

/// The most a page of history may weigh: 500 messages of up to 10,000 characters each fit with
/// room (most pages are far smaller); past it the page is refused, not buffered.
pub const PAGE_BYTES: usize = 16 << 20;
/// The most any other answer may weigh (a send's id, a pairing code, even as an image).
pub const ANSWER_BYTES: usize = 1 << 20;
/// How long one call may take, its answer read included.
const TIMEOUT: Duration = Duration::from_secs(30);

/// The two provider clients (public addresses only; any address), built once: each pools its
/// connections, which were checked when opened.
static CLIENTS: LazyLock<[std::result::Result<reqwest::Client, String>; 2]> = LazyLock::new(|| {
    [false, true].map(|allow_private| {
        outbound::client(allow_private, TIMEOUT, "backoffice-providers/1").map_err(|e| e.to_string())
    })
});

/// The shared provider client (public addresses only unless `allow_private`).
pub fn client(allow_private: bool) -> Result<reqwest::Client> {
    CLIENTS[usize::from(allow_private)]
        .clone()
        .map_err(|e| Error::invalid("provider_client", format!("Cliente HTTP indisponível: {e}")))
}

/// Where an instance's provider is and how to authenticate.
#[derive(Clone)]
pub struct ProviderConfig {
    pub base_url: String,
    pub secret: String,
}

/// Without the secret: a config printed in a log or a panic must not carry it.
impl std::fmt::Debug for ProviderConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderConfig").field("base_url", &self.base_url).field("secret", &"<redacted>").finish()
    }
}

impl ProviderConfig {
    /// Checks the URL's form (scheme, literal addresses); DNS is checked on each call.
    pub fn parse(base_url: &str, secret: &str, allow_private: bool) -> Result<Self> {
        let invalid = |msg: &str| Error::invalid_field("invalid_provider", "providerBaseUrl", msg);
        let url = url::Url::parse(base_url.trim()).map_err(|_| invalid("Endereço do provedor inválido."))?;
        let secure = url.scheme() == "https" || (allow_private && url.scheme() == "http");
        if !secure {
            return Err(invalid("O provedor precisa de um endereço https://."));
        }
        let host = url.host_str().ok_or_else(|| invalid("O endereço do provedor não tem host."))?;
        let name = host.trim_end_matches('.');
        if !allow_private && (name == "localhost" || name.ends_with(".localhost")) {
            return Err(invalid("Endereços locais não são permitidos para provedores."));
        }
        if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>()
            && !allow_private
            && !is_public(ip)
        {
            return Err(invalid("Endereços de rede privada não são permitidos para provedores."));
        }
        if secret.trim().is_empty() || secret.len() > 512 {
            return Err(Error::invalid_field("invalid_provider", "providerSecret", "Informe o segredo do provedor."));
        }
        Ok(Self { base_url: url.as_str().trim_end_matches('/').to_owned(), secret: secret.to_owned() })
    }
}

/// One message as the provider reports it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoteMessage {
    pub id: String,
    pub phone: String,
    #[serde(default)]
    pub name: Option<String>,
    pub direction: String,
    #[serde(default)]
    pub body: String,
    #[serde(default)]
    pub ack: Option<String>,
    pub sent_at: DateTime<Utc>,
}

/// One page of history.
#[derive(Debug, Clone, Deserialize)]
pub struct RemotePage {
    pub messages: Vec<RemoteMessage>,
    #[serde(default)]
    pub next_cursor: Option<String>,
}

/// Messages asked for per page.
pub const PAGE_SIZE: usize = 500;

/// A client of one provider.
pub struct Provider {
    config: ProviderConfig,
    http: reqwest::Client,
}

/// What goes to `POST {base}/messages`.
#[derive(Debug, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outgoing {
    pub phone: String,
    /// The text, or a medium's caption.
    pub body: String,
    pub client_id: String,
    /// `image`, `audio`, `video`, `document`, `sticker`, `location`, `contacts`, `reaction`;
    /// absent for a text.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub message_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<OutgoingMedia>,
    /// The provider's id of the message this one replies to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quoted_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reaction: Option<OutgoingReaction>,
    /// An official number's approved template (`body` is its filled text, for providers that
    /// send text only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<crate::domain::media::payload::TemplateUse>,
    /// A place (type `location`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<crate::domain::media::payload::Location>,
    /// Contact cards (type `contacts`): a name and phones written `+` and digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contacts: Option<Vec<crate::domain::media::payload::Contact>>,
}

/// A medium the provider fetches from us.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutgoingMedia {
    /// A link good for 24 hours, on the tenant's host.
    pub url: String,
    pub mime_type: String,
    pub file_name: String,
    pub size: i64,
    /// Send as a voice note (Ogg/Opus).
    pub voice: bool,
}

/// A reaction to one of the conversation's messages.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutgoingReaction {
    /// The provider's id of the message reacted to.
    pub message_id: String,
    /// `""` takes the reaction back.
    pub emoji: String,
}

impl Provider {
    /// The provider's client. A literal IP host is checked here, on every use (a resolver never
    /// sees it); names are checked by the client's resolver when it connects.
    pub fn new(config: ProviderConfig, allow_private: bool) -> Result<Self> {
        if !allow_private {
            let url = url::Url::parse(&config.base_url).map_err(|_| provider_error("endereço inválido"))?;
            if let Some(Ok(ip)) = url.host_str().map(|h| h.trim_matches(['[', ']']).parse::<IpAddr>())
                && !is_public(ip)
            {
                return Err(provider_error("o endereço do provedor não é público"));
            }
        }
        Ok(Self { config, http: client(allow_private)? })
    }

    /// The secret calls and media fetches authenticate with.
    pub fn secret(&self) -> &str {
        &self.config.secret
    }

    /// One page of messages sent since `since`.
    pub async fn messages(&self, since: Option<DateTime<Utc>>, cursor: Option<&str>) -> Result<RemotePage> {
        let mut query: Vec<(&str, String)> = vec![("limit", PAGE_SIZE.to_string())];
        if let Some(since) = since {
            query.push(("since", since.to_rfc3339()));
        }
        if let Some(cursor) = cursor {
            query.push(("cursor", cursor.to_owned()));
        }
        let response = self
            .http
            .get(format!("{}/messages", self.config.base_url))
            .bearer_auth(&self.config.secret)
            .query(&query)
            .send()
            .await
            .map_err(|e| provider_error(&unreachable(e)))?;
        if !response.status().is_success() {
            return Err(provider_error(&format!("o provedor respondeu {}", response.status().as_u16())));
        }
        read_json(response, PAGE_BYTES).await.map_err(|e| provider_error(e.reason()))
    }
}

/// Why a request got no answer, in pt_BR: the resolver's refusal when it refused.
pub(super) fn unreachable(err: reqwest::Error) -> String {
    match outbound::refusal(&err) {
        Some(refused) => refused.0.trim_end_matches('.').to_owned(),
        None => format!("falha de conexão com o provedor ({})", err.without_url()),
    }
}

/// An answer's JSON, read up to `cap` bytes.
pub(super) async fn read_json<T: DeserializeOwned>(
    response: reqwest::Response,
    cap: usize,
) -> std::result::Result<T, CallError> {
    let body = outbound::read_capped(response, cap).await.map_err(|e| match e {
        BodyError::TooLarge(_) => {
            CallError::Permanent(format!("a resposta do provedor passou de {}", outbound::size(cap)))
        }
        // Cut off mid-answer: the network, worth another attempt (a send repeats its clientId).
        BodyError::Network(_) => CallError::Retryable("a resposta do provedor foi interrompida".into()),
    })?;
    serde_json::from_slice(&body).map_err(|_| CallError::Permanent("resposta do provedor em formato inesperado".into()))
}

/// Why a provider call failed: worth another attempt later, or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// The network, a timeout, 5xx, 408 or 429: try again later.
    Retryable(String),
    /// The provider refused the request itself (4xx), or answered something unreadable.
    Permanent(String),
}

impl CallError {
    pub fn reason(&self) -> &str {
        match self {
            Self::Retryable(reason) | Self::Permanent(reason) => reason,
        }
    }
}

impl Provider {
    async fn post_json(
        &self,
        path: &str,
        body: Option<serde_json::Value>,
        method: reqwest::Method,
    ) -> std::result::Result<serde_json::Value, CallError> {
        let mut request =
            self.http.request(method, format!("{}{path}", self.config.base_url)).bearer_auth(&self.config.secret);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.map_err(|e| {
            // An address that is not public stays so: retrying will not help.
            if outbound::refusal(&e).is_some() {
                CallError::Permanent(unreachable(e))
            } else {
                CallError::Retryable(unreachable(e))
            }
        })?;
        let status = response.status();
        if status.is_server_error() || status.as_u16() == 408 || status.as_u16() == 429 {
            return Err(CallError::Retryable(format!("o provedor respondeu {}", status.as_u16())));
        }
        if !status.is_success() {
            return Err(CallError::Permanent(format!("o provedor recusou a mensagem ({})", status.as_u16())));
        }
        if status.as_u16() == 204 {
            return Ok(serde_json::Value::Null);
        }
        read_json(response, ANSWER_BYTES).await
    }

    /// `POST {base}/messages` → the provider's id of the message (docs/providers.md#sending): a
    /// text is `{"phone","body","clientId"}` as in contract 1; a medium, a quote or a reaction adds
    /// its fields (contract 2). `clientId` makes a repeated send (after a lost answer) the same
    /// message at the provider.
    pub async fn send_message(&self, outgoing: &Outgoing) -> std::result::Result<String, CallError> {
        let body = serde_json::to_value(outgoing).map_err(|e| CallError::Permanent(e.to_string()))?;
        let answer = self.post_json("/messages", Some(body), reqwest::Method::POST).await?;
        match answer.get("id") {
            Some(serde_json::Value::String(id)) if !id.is_empty() => Ok(id.clone()),
            Some(serde_json::Value::Number(id)) => Ok(id.to_string()),
            _ => Err(CallError::Permanent("o provedor não informou o id da mensagem".into())),
        }
    }

    /// `POST {base}/session` → a pairing code to show as a QR code.
    pub async fn start_session(&self) -> Result<String> {
        let answer =
            self.post_json("/session", None, reqwest::Method::POST).await.map_err(|e| provider_error(e.reason()))?;
        answer
            .get("qrcode")
            .and_then(|q| q.as_str())
            .filter(|q| !q.is_empty())
            .map(str::to_owned)
            .ok_or_else(|| provider_error("o provedor não enviou o código de pareamento"))
    }

    /// `DELETE {base}/session`: disconnects the number.
    pub async fn end_session(&self) -> Result<()> {
        self.post_json("/session", None, reqwest::Method::DELETE)
            .await
            .map(drop)
            .map_err(|e| provider_error(e.reason()))
    }
}

pub(super) fn provider_error(detail: &str) -> Error {
    Error::invalid("provider_error", format!("Erro no provedor da instância: {detail}."))
}

#[async_trait::async_trait]
impl Connector for Provider {
    async fn send(&self, outgoing: &Outgoing) -> std::result::Result<String, CallError> {
        self.send_message(outgoing).await
    }

    async fn start_session(&self) -> Result<String> {
        Provider::start_session(self).await
    }

    async fn end_session(&self) -> Result<()> {
        Provider::end_session(self).await
    }

    async fn locate_media(&self, source: &Source) -> std::result::Result<MediaLocation, FetchError> {
        // The generic contract names a URL (or inline bytes): fetched with the instance's secret.
        Ok(MediaLocation::Fetch { source: source.clone(), bearer: Some(self.secret().to_owned()) })
    }

    async fn check(&self) -> Result<PhoneHealth> {
        Err(Error::invalid(
            "check_unsupported",
            "O teste de conexão está disponível para a API oficial; no provedor genérico, conecte o número.",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_plain_http_providers_are_refused_by_default() {
        assert!(ProviderConfig::parse("https://api.provedor.com.br", "s3cr3t", false).is_ok());
        for url in [
            "http://api.provedor.com.br",
            "https://127.0.0.1/x",
            "https://10.0.0.5",
            "https://192.168.1.1",
            "https://169.254.169.254/latest",
            "https://[::1]/",
            "https://localhost:8080",
            "ftp://x.example",
            "not a url",
        ] {
            assert!(ProviderConfig::parse(url, "s3cr3t", false).is_err(), "{url}");
        }
        assert!(ProviderConfig::parse("http://127.0.0.1:9999", "s3cr3t", true).is_ok());
    }
}
