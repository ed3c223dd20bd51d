//! An unofficial number through an Evolution API gateway, v2 (docs/providers.md#evolution): the
//! gateway (open source, Baileys) pairs the number by QR code and speaks WhatsApp Web for it. What
//! the gateway pushes (its webhook) is read by `domain::inbox::evolution_webhook`.
//!
//! Every call carries the gateway's `apikey` header. Pairing creates the gateway's instance when it
//! does not exist (`POST /instance/create`), points its webhook at this instance's endpoint (with a
//! token of its own in the path) and asks for the QR code (`GET /instance/connect/{name}`). Sends go
//! to `/message/sendText|sendMedia|sendWhatsAppAudio|sendReaction/{name}`; a customer's medium is
//! asked for by message id (`POST /chat/getBase64FromMediaMessage/{name}`).

use base64::{Engine, engine::general_purpose::STANDARD};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{
    connector::{Connector, MediaLocation, PhoneHealth, Reach},
    provider::{ANSWER_BYTES, CallError, Outgoing, ProviderConfig, provider_error, read_json, unreachable},
};
use crate::domain::{
    error::{Error, FieldError, Result},
    media::{MAX_BYTES, fetch::FetchError, payload::Source},
    outbound,
};

/// The most a medium handed over in base64 may weigh here (WhatsApp's own limit for most files).
const MEDIA_ANSWER_BYTES: usize = 48 << 20;

/// The events the gateway is asked to send.
pub const EVENTS: &[&str] =
    &["MESSAGES_UPSERT", "MESSAGES_UPDATE", "MESSAGES_DELETE", "CONNECTION_UPDATE", "QRCODE_UPDATED"];

/// A gateway number's settings with its secrets opened.
#[derive(Clone)]
pub struct EvolutionConfig {
    pub account: EvolutionAccount,
    pub secrets: EvolutionSecrets,
    /// Where the gateway posts this instance's events (set when pairing).
    pub webhook_url: Option<String>,
}

impl std::fmt::Debug for EvolutionConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvolutionConfig").field("account", &self.account).field("secrets", &"<redacted>").finish()
    }
}

/// Where the gateway is and the number's name there; not secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvolutionAccount {
    /// The gateway's address (`https://evolution.example.com`).
    pub base_url: String,
    /// The gateway's instance (its `instanceName`).
    pub instance_name: String,
    /// Group chats reach the inbox, each as a customer (off: left out, as most teams want).
    #[serde(default)]
    pub keep_groups: bool,
}

/// Sealed together in `instances.provider_secret`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EvolutionSecrets {
    /// The gateway's API key (`AUTHENTICATION_API_KEY`).
    pub api_key: String,
    /// The token in this instance's webhook path, generated here: the gateway proves with it
    /// that an event is its own.
    pub webhook_token: String,
}

/// A gateway number as a client gives it; on a change, a left-out API key keeps the stored one.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvolutionInput {
    #[serde(default)]
    pub base_url: String,
    #[serde(default)]
    pub instance_name: String,
    #[serde(default)]
    pub api_key: Option<String>,
    /// Absent keeps what is stored (off for a new instance).
    #[serde(default)]
    pub keep_groups: Option<bool>,
}

impl EvolutionInput {
    /// The settings to store (every field error at once); the webhook token is kept, or made.
    pub fn settle(
        self,
        stored: Option<(&EvolutionAccount, &EvolutionSecrets)>,
        allow_private: bool,
    ) -> Result<EvolutionConfig> {
        let keep_groups = self.keep_groups.or(stored.map(|(account, _)| account.keep_groups)).unwrap_or(false);
        let stored = stored.map(|(_, secrets)| secrets);
        let mut problems = Vec::new();
        let base_url = match ProviderConfig::parse(&self.base_url, "-", allow_private) {
            Ok(parsed) => parsed.base_url,
            Err(Error::Invalid { message, .. }) => {
                problems.push(FieldError::new("evolution.baseUrl", message));
                String::new()
            }
            Err(other) => return Err(other),
        };
        let instance_name = self.instance_name.trim().to_owned();
        let fits = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if instance_name.is_empty() || instance_name.len() > 64 || !instance_name.chars().all(fits) {
            problems.push(FieldError::new(
                "evolution.instanceName",
                "Informe o nome da instância no gateway: letras, números, - e _ (até 64).",
            ));
        }
        let api_key = match self.api_key.map(|k| k.trim().to_owned()).filter(|k| !k.is_empty()) {
            Some(key) if key.len() > 512 => {
                problems.push(FieldError::new("evolution.apiKey", "A chave de API tem no máximo 512 caracteres."));
                String::new()
            }
            Some(key) => key,
            None => match stored {
                Some(stored) => stored.api_key.clone(),
                None => {
                    problems.push(FieldError::new("evolution.apiKey", "Informe a chave de API do gateway."));
                    String::new()
                }
            },
        };
        if !problems.is_empty() {
            let message = if problems.len() == 1 {
                problems[0].message.clone()
            } else {
                "Verifique os dados do gateway Evolution.".to_owned()
            };
            return Err(Error::Invalid { code: "invalid_evolution", message, fields: problems });
        }
        let webhook_token = stored.map(|s| s.webhook_token.clone()).unwrap_or_else(|| crate::random::random_token(32));
        Ok(EvolutionConfig {
            account: EvolutionAccount { base_url, instance_name, keep_groups },
            secrets: EvolutionSecrets { api_key, webhook_token },
            webhook_url: None,
        })
    }
}

/// A client of one gateway number.
pub struct EvolutionClient {
    config: EvolutionConfig,
    http: reqwest::Client,
    allow_private: bool,
}

impl EvolutionClient {
    pub fn new(config: EvolutionConfig, reach: &Reach) -> Result<Self> {
        Ok(Self { config, http: super::provider::client(reach.allow_private)?, allow_private: reach.allow_private })
    }

    fn url(&self, path: &str) -> String {
        format!("{}/{path}/{}", self.config.account.base_url, self.config.account.instance_name)
    }

    async fn call(
        &self,
        method: reqwest::Method,
        url: String,
        body: Option<Value>,
        cap: usize,
    ) -> std::result::Result<Value, CallError> {
        // A literal address is checked on every call (the resolver only sees names).
        if !self.allow_private
            && let Ok(parsed) = url::Url::parse(&url)
            && let Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) = parsed.host()
            && outbound::resolve(parsed.host_str().unwrap_or_default(), 443, false).await.is_err()
        {
            return Err(CallError::Permanent("o endereço do gateway não é público".into()));
        }
        let mut request = self.http.request(method, url).header("apikey", &self.config.secrets.api_key);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.map_err(|e| {
            if outbound::refusal(&e).is_some() {
                CallError::Permanent(unreachable(e))
            } else {
                CallError::Retryable(unreachable(e))
            }
        })?;
        let status = response.status();
        if status.is_server_error() || status.as_u16() == 408 || status.as_u16() == 429 {
            return Err(CallError::Retryable(format!("o gateway respondeu {}", status.as_u16())));
        }
        if !status.is_success() {
            let said: Value = read_json(response, ANSWER_BYTES).await.unwrap_or(Value::Null);
            let detail = said["response"]["message"]
                .as_array()
                .and_then(|m| m.first())
                .and_then(Value::as_str)
                .or_else(|| said["message"].as_str())
                .map(|m| format!(": {}", m.chars().take(200).collect::<String>()))
                .unwrap_or_default();
            return Err(CallError::Permanent(format!("o gateway recusou ({}){detail}", status.as_u16())));
        }
        read_json(response, cap).await
    }

    /// The gateway's message for `outgoing`: its endpoint and body.
    pub fn message_call(outgoing: &Outgoing) -> (&'static str, Value) {
        let number = outgoing.phone.trim_start_matches('+');
        let quoted = outgoing.quoted_id.as_ref().map(|id| json!({"key": {"id": id}}));
        let with_quote = |mut body: Value| {
            if let Some(quoted) = &quoted {
                body["quoted"] = quoted.clone();
            }
            body
        };
        if let Some(reaction) = &outgoing.reaction {
            let key =
                json!({"remoteJid": format!("{number}@s.whatsapp.net"), "fromMe": false, "id": reaction.message_id});
            return ("message/sendReaction", json!({"key": key, "reaction": reaction.emoji}));
        }
        if let Some(place) = &outgoing.location {
            let body = json!({"number": number, "name": place.name.clone().unwrap_or_default(),
                              "address": place.address.clone().unwrap_or_default(),
                              "latitude": place.latitude, "longitude": place.longitude});
            return ("message/sendLocation", with_quote(body));
        }
        if let Some(cards) = &outgoing.contacts {
            // The gateway's card holds one phone: a card with two is sent as two, named alike.
            let contact: Vec<Value> = cards
                .iter()
                .flat_map(|card| {
                    card.phones.iter().map(|phone| {
                        json!({"fullName": card.name, "wuid": phone.trim_start_matches('+'), "phoneNumber": phone})
                    })
                })
                .collect();
            return ("message/sendContact", with_quote(json!({"number": number, "contact": contact})));
        }
        match (&outgoing.media, outgoing.message_type.as_deref()) {
            (Some(media), Some("audio")) if media.voice => {
                ("message/sendWhatsAppAudio", with_quote(json!({"number": number, "audio": media.url})))
            }
            (Some(media), Some(kind @ ("image" | "video" | "document" | "audio" | "sticker"))) => {
                let mediatype = if matches!(kind, "audio" | "sticker") { "document" } else { kind };
                (
                    "message/sendMedia",
                    with_quote(json!({"number": number, "mediatype": mediatype, "mimetype": media.mime_type,
                                      "caption": outgoing.body, "media": media.url, "fileName": media.file_name})),
                )
            }
            _ => ("message/sendText", with_quote(json!({"number": number, "text": outgoing.body}))),
        }
    }

    /// Makes sure the gateway has the instance and sends its events here.
    async fn prepare(&self) -> Result<()> {
        let state = self.call(reqwest::Method::GET, self.url("instance/connectionState"), None, ANSWER_BYTES).await;
        let webhook = self.config.webhook_url.clone().ok_or_else(|| provider_error("endereço do webhook ausente"))?;
        let hook = json!({"enabled": true, "url": webhook, "byEvents": false, "base64": false, "events": EVENTS});
        if state.is_err() {
            // Not there yet (or gone): created with its webhook.
            let body = json!({"instanceName": self.config.account.instance_name, "qrcode": true,
                              "integration": "WHATSAPP-BAILEYS",
                              "groupsIgnore": !self.config.account.keep_groups, "webhook": hook});
            let url = format!("{}/instance/create", self.config.account.base_url);
            self.call(reqwest::Method::POST, url, Some(body), ANSWER_BYTES)
                .await
                .map_err(|e| provider_error(e.reason()))?;
            return Ok(());
        }
        self.call(reqwest::Method::POST, self.url("webhook/set"), Some(json!({"webhook": hook})), ANSWER_BYTES)
            .await
            .map_err(|e| provider_error(e.reason()))?;
        Ok(())
    }
}

#[async_trait::async_trait]
impl Connector for EvolutionClient {
    async fn send(&self, outgoing: &Outgoing) -> std::result::Result<String, CallError> {
        let (path, body) = Self::message_call(outgoing);
        let answer = self.call(reqwest::Method::POST, self.url(path), Some(body), ANSWER_BYTES).await?;
        answer["key"]["id"]
            .as_str()
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .ok_or_else(|| CallError::Permanent("o gateway não informou o id da mensagem".into()))
    }

    async fn start_session(&self) -> Result<String> {
        self.prepare().await?;
        let answer = self
            .call(reqwest::Method::GET, self.url("instance/connect"), None, ANSWER_BYTES)
            .await
            .map_err(|e| provider_error(e.reason()))?;
        answer["code"]
            .as_str()
            .filter(|code| !code.is_empty())
            .map(str::to_owned)
            .ok_or_else(|| provider_error("o gateway não enviou o QR code (o número já está conectado?)"))
    }

    async fn end_session(&self) -> Result<()> {
        self.call(reqwest::Method::DELETE, self.url("instance/logout"), None, ANSWER_BYTES)
            .await
            .map(drop)
            .map_err(|e| provider_error(e.reason()))
    }

    async fn locate_media(&self, source: &Source) -> std::result::Result<MediaLocation, FetchError> {
        let Some(message_id) = source.id.as_deref() else {
            return Err(FetchError::Permanent("o gateway não indicou a mídia".into()));
        };
        let body = json!({"message": {"key": {"id": message_id}}, "convertToMp4": false});
        let answer = self
            .call(reqwest::Method::POST, self.url("chat/getBase64FromMediaMessage"), Some(body), MEDIA_ANSWER_BYTES)
            .await
            .map_err(|err| match err {
                CallError::Retryable(reason) => FetchError::Retryable(reason),
                CallError::Permanent(reason) => FetchError::Permanent(reason),
            })?;
        let encoded =
            answer["base64"].as_str().ok_or_else(|| FetchError::Permanent("o gateway não enviou a mídia".into()))?;
        let bytes = STANDARD
            .decode(encoded.trim())
            .map_err(|_| FetchError::Permanent("mídia do gateway em base64 inválido".into()))?;
        if bytes.len() as u64 > MAX_BYTES {
            return Err(FetchError::Permanent(format!("a mídia passou de {} MB", MAX_BYTES / (1 << 20))));
        }
        Ok(MediaLocation::Fetched(bytes))
    }

    async fn check(&self) -> Result<PhoneHealth> {
        let answer = self
            .call(reqwest::Method::GET, self.url("instance/connectionState"), None, ANSWER_BYTES)
            .await
            .map_err(|e| provider_error(e.reason()))?;
        let state = answer["instance"]["state"].as_str().unwrap_or("unknown").to_owned();
        Ok(PhoneHealth {
            display_phone_number: String::new(),
            verified_name: self.config.account.instance_name.clone(),
            quality_rating: "UNKNOWN".into(),
            messaging_limit: Some(state),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{
        instances::provider::{OutgoingMedia, OutgoingReaction},
        media::payload::{Contact, Location},
    };

    #[test]
    fn a_voice_note_a_document_and_a_reaction_go_to_their_endpoints() {
        let media = |voice: bool| OutgoingMedia {
            url: "https://acme.example.com/api/media/t".into(),
            mime_type: "audio/ogg; codecs=opus".into(),
            file_name: "audio.ogg".into(),
            size: 10,
            voice,
        };
        let voice = Outgoing {
            phone: "+5511987654321".into(),
            message_type: Some("audio".into()),
            media: Some(media(true)),
            ..Default::default()
        };
        let (path, body) = EvolutionClient::message_call(&voice);
        assert_eq!((path, body["number"].as_str()), ("message/sendWhatsAppAudio", Some("5511987654321")));
        let reaction = Outgoing {
            phone: "+5511987654321".into(),
            message_type: Some("reaction".into()),
            reaction: Some(OutgoingReaction { message_id: "3EB0A1".into(), emoji: "👍".into() }),
            ..Default::default()
        };
        let (path, body) = EvolutionClient::message_call(&reaction);
        assert_eq!(path, "message/sendReaction");
        assert_eq!(body["key"]["remoteJid"], "5511987654321@s.whatsapp.net");
        let text = Outgoing {
            phone: "+5511987654321".into(),
            body: "Oi".into(),
            quoted_id: Some("Q".into()),
            ..Default::default()
        };
        let (path, body) = EvolutionClient::message_call(&text);
        assert_eq!((path, body["quoted"]["key"]["id"].as_str()), ("message/sendText", Some("Q")));
    }

    #[test]
    fn a_place_and_contact_cards_go_to_their_endpoints_one_card_per_phone() {
        let place = Outgoing {
            phone: "+5511987654321".into(),
            message_type: Some("location".into()),
            location: Some(Location {
                latitude: -23.5614,
                longitude: -46.6559,
                name: Some("Loja Paulista".into()),
                address: None,
            }),
            ..Default::default()
        };
        let (path, body) = EvolutionClient::message_call(&place);
        assert_eq!(path, "message/sendLocation");
        assert_eq!((body["latitude"].as_f64(), body["name"].as_str()), (Some(-23.5614), Some("Loja Paulista")));
        assert_eq!(body["address"], "", "the gateway wants the field, empty when unknown");
        let cards = Outgoing {
            phone: "+5511987654321".into(),
            message_type: Some("contacts".into()),
            contacts: Some(vec![Contact {
                name: "Suporte Acme".into(),
                phones: vec!["+551130001000".into(), "+5511988887777".into()],
                vcard: None,
            }]),
            ..Default::default()
        };
        let (path, body) = EvolutionClient::message_call(&cards);
        assert_eq!(path, "message/sendContact");
        let sent = body["contact"].as_array().unwrap();
        assert_eq!(sent.len(), 2);
        assert_eq!(
            (sent[1]["fullName"].as_str(), sent[1]["wuid"].as_str(), sent[1]["phoneNumber"].as_str()),
            (Some("Suporte Acme"), Some("5511988887777"), Some("+5511988887777"))
        );
    }
}
