//! The connector of an instance: a generic HTTPS provider (docs/providers.md has the contract).
//!
//! `GET {base}/messages?since=RFC3339&cursor=C&limit=N` with `Authorization: Bearer {secret}`
//! answers `{"messages":[{id, phone, name, direction, body, ack, sentAt}], "next_cursor": C|null}`.
//!
//! URLs must be `https://` and must not point at loopback, private or link-local addresses
//! (checked when configured and again on every call, after DNS resolution, against DNS
//! rebinding), unless `ALLOW_PRIVATE_PROVIDERS` is on (tests and trusted on-premise set-ups).

use std::{net::IpAddr, time::Duration};

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::domain::error::{Error, Result};

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
        if !allow_private && (host == "localhost" || host.ends_with(".localhost")) {
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

/// Whether an address is on the public internet (not loopback, private, link-local, ...).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.octets()[0] == 100 && (v4.octets()[1] & 0xC0) == 64 // 100.64/10 carrier-grade NAT
                || v4.octets()[0] == 0)
        }
        IpAddr::V6(v6) => {
            let segments = v6.segments();
            !(v6.is_loopback()
                || v6.is_unspecified()
                || (segments[0] & 0xfe00) == 0xfc00 // unique local
                || (segments[0] & 0xffc0) == 0xfe80 // link local
                || v6.to_ipv4_mapped().is_some_and(|v4| !is_public(IpAddr::V4(v4))))
        }
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
    allow_private: bool,
    http: reqwest::Client,
}

impl Provider {
    pub fn new(config: ProviderConfig, allow_private: bool) -> Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| Error::invalid("provider_client", format!("Cliente HTTP indisponível: {e}")))?;
        Ok(Self { config, allow_private, http })
    }

    /// Refuses a host that resolves to a non-public address (DNS rebinding).
    async fn check_resolution(&self) -> Result<()> {
        if self.allow_private {
            return Ok(());
        }
        let url = url::Url::parse(&self.config.base_url).map_err(|_| provider_error("endereço inválido"))?;
        let host = url.host_str().unwrap_or_default().to_owned();
        let port = url.port_or_known_default().unwrap_or(443);
        let addrs = tokio::net::lookup_host((host.as_str(), port))
            .await
            .map_err(|_| provider_error("não foi possível resolver o endereço do provedor"))?;
        for addr in addrs {
            if !is_public(addr.ip()) {
                return Err(provider_error("o provedor resolve para uma rede privada"));
            }
        }
        Ok(())
    }

    /// One page of messages sent since `since`.
    pub async fn messages(&self, since: Option<DateTime<Utc>>, cursor: Option<&str>) -> Result<RemotePage> {
        self.check_resolution().await?;
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
            .map_err(|e| provider_error(&format!("falha de conexão ({})", e.without_url())))?;
        if !response.status().is_success() {
            return Err(provider_error(&format!("o provedor respondeu {}", response.status().as_u16())));
        }
        response.json::<RemotePage>().await.map_err(|_| provider_error("resposta do provedor em formato inesperado"))
    }
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
        self.check_resolution().await.map_err(|e| CallError::Permanent(e.to_string()))?;
        let mut request =
            self.http.request(method, format!("{}{path}", self.config.base_url)).bearer_auth(&self.config.secret);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request
            .send()
            .await
            .map_err(|e| CallError::Retryable(format!("falha de conexão com o provedor ({})", e.without_url())))?;
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
        response.json().await.map_err(|_| CallError::Permanent("resposta do provedor em formato inesperado".into()))
    }

    /// `POST {base}/messages {"phone","body","clientId"}` → the provider's id of the message.
    /// `clientId` makes a repeated send (after a lost answer) the same message at the provider.
    pub async fn send_message(
        &self,
        phone: &str,
        body: &str,
        client_id: &str,
    ) -> std::result::Result<String, CallError> {
        let answer = self
            .post_json(
                "/messages",
                Some(serde_json::json!({ "phone": phone, "body": body, "clientId": client_id })),
                reqwest::Method::POST,
            )
            .await?;
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

fn provider_error(detail: &str) -> Error {
    Error::invalid("provider_error", format!("Erro no provedor da instância: {detail}."))
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
