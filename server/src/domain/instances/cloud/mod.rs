//! Meta's WhatsApp Business Cloud API (docs/providers.md#cloud): an official number, reached through
//! the Graph API (`GRAPH_API_URL`, `https://graph.facebook.com/v23.0` by default) with the
//! number's access token. What Meta pushes (its webhook) is read by `domain::inbox::cloud_webhook`.
//!
//! - sends: `POST {graph}/{phone-number-id}/messages` → `{"messages":[{"id":"wamid…"}]}`;
//! - media: `GET {graph}/{media-id}` → a URL good for five minutes, fetched with the same token;
//! - the number's state: `GET {graph}/{phone-number-id}?fields=…`.
//!
//! A failed call is explained from Meta's error code (`errors`): retried with the worker's
//! back-off when Meta says the failure passes (throttling, outages), a clear failure otherwise.

pub mod errors;
pub mod signature;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{
    connector::{Connector, MediaLocation, PhoneHealth, Reach},
    message_templates::RemoteTemplate,
    provider::{ANSWER_BYTES, CallError, Outgoing, provider_error, read_json, unreachable},
};
use crate::domain::{
    error::{Error, FieldError, Result},
    media::{
        fetch::FetchError,
        payload::{Contact, Source},
    },
    outbound,
};

/// The Graph API release calls go to when `GRAPH_API_URL` is not set.
pub const DEFAULT_GRAPH_API_URL: &str = "https://graph.facebook.com/v23.0";

/// An official number's settings with its secrets opened.
#[derive(Clone)]
pub struct CloudConfig {
    pub account: CloudAccount,
    pub secrets: CloudSecrets,
}

/// Without the secrets: a config printed in a log or a panic must not carry them.
impl std::fmt::Debug for CloudConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CloudConfig").field("account", &self.account).field("secrets", &"<redacted>").finish()
    }
}

/// What identifies the number at Meta; not secret (stored in `instances.provider_account`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloudAccount {
    /// The phone number id (Meta for Developers → WhatsApp → API Setup).
    pub phone_number_id: String,
    /// The WhatsApp Business Account id.
    pub waba_id: String,
}

/// The number's secrets, sealed together in `instances.provider_secret`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CloudSecrets {
    /// A System User's permanent token (`whatsapp_business_messaging`, `…_management`).
    pub access_token: String,
    /// The app's secret: Meta signs its webhook deliveries with it (`X-Hub-Signature-256`).
    pub app_secret: String,
    /// What Meta echoes when it subscribes the webhook (`hub.verify_token`).
    pub verify_token: String,
}

/// An official number as a client gives it: on a change, a secret left out keeps the stored one.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloudInput {
    #[serde(default)]
    pub phone_number_id: String,
    #[serde(default)]
    pub waba_id: String,
    #[serde(default)]
    pub access_token: Option<String>,
    #[serde(default)]
    pub app_secret: Option<String>,
    #[serde(default)]
    pub verify_token: Option<String>,
}

impl std::fmt::Debug for CloudSecrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CloudSecrets(<redacted>)")
    }
}

impl CloudInput {
    /// The settings to store: ids checked (digits, as Meta issues them), secrets taken from the
    /// input or, when left out, from `stored` (every field error at once).
    pub fn settle(self, stored: Option<&CloudSecrets>) -> Result<CloudConfig> {
        let mut problems = Vec::new();
        let id = |value: &str, field: &'static str, what: &str, problems: &mut Vec<FieldError>| {
            let value = value.trim();
            if value.is_empty() || value.len() > 40 || !value.bytes().all(|b| b.is_ascii_digit()) {
                problems.push(FieldError::new(
                    field,
                    format!("Informe o {what}: só dígitos, como aparece no painel da Meta."),
                ));
            }
            value.to_owned()
        };
        let phone_number_id =
            id(&self.phone_number_id, "cloud.phoneNumberId", "ID do número de telefone", &mut problems);
        let waba_id = id(&self.waba_id, "cloud.wabaId", "ID da conta do WhatsApp Business", &mut problems);
        let secret = |given: Option<String>,
                      kept: Option<&str>,
                      field: &'static str,
                      what: &str,
                      problems: &mut Vec<FieldError>| {
            match given.map(|g| g.trim().to_owned()).filter(|g| !g.is_empty()) {
                Some(given) if given.len() > 1024 => {
                    problems.push(FieldError::new(field, format!("{what}: no máximo 1024 caracteres.")));
                    String::new()
                }
                Some(given) => given,
                None => match kept {
                    Some(kept) => kept.to_owned(),
                    None => {
                        problems.push(FieldError::new(field, format!("Informe {what}.")));
                        String::new()
                    }
                },
            }
        };
        let secrets = CloudSecrets {
            access_token: secret(
                self.access_token,
                stored.map(|s| s.access_token.as_str()),
                "cloud.accessToken",
                "o token de acesso",
                &mut problems,
            ),
            app_secret: secret(
                self.app_secret,
                stored.map(|s| s.app_secret.as_str()),
                "cloud.appSecret",
                "a chave secreta do app",
                &mut problems,
            ),
            verify_token: secret(
                self.verify_token,
                stored.map(|s| s.verify_token.as_str()),
                "cloud.verifyToken",
                "o token de verificação do webhook",
                &mut problems,
            ),
        };
        if !problems.is_empty() {
            let message = if problems.len() == 1 {
                problems[0].message.clone()
            } else {
                "Verifique os dados da conexão oficial.".to_owned()
            };
            return Err(Error::Invalid { code: "invalid_cloud", message, fields: problems });
        }
        Ok(CloudConfig { account: CloudAccount { phone_number_id, waba_id }, secrets })
    }
}

/// A client of one official number.
pub struct CloudClient {
    config: CloudConfig,
    graph: String,
    http: reqwest::Client,
}

impl CloudClient {
    pub fn new(config: CloudConfig, reach: &Reach) -> Result<Self> {
        Ok(Self {
            config,
            graph: reach.graph_api_url.trim_end_matches('/').to_owned(),
            http: super::provider::client(reach.allow_private)?,
        })
    }

    fn url(&self, path: &str) -> String {
        format!("{}/{path}", self.graph)
    }

    /// A Graph API call; a failure is explained from Meta's error code.
    async fn call(&self, request: reqwest::RequestBuilder) -> std::result::Result<Value, CallError> {
        let response = request.bearer_auth(&self.config.secrets.access_token).send().await.map_err(|e| {
            if outbound::refusal(&e).is_some() {
                CallError::Permanent(unreachable(e))
            } else {
                CallError::Retryable(unreachable(e))
            }
        })?;
        let status = response.status();
        if status.is_success() {
            return read_json(response, ANSWER_BYTES).await;
        }
        let passing = status.is_server_error() || status.as_u16() == 429 || status.as_u16() == 408;
        let answer: std::result::Result<GraphError, CallError> = read_json(response, ANSWER_BYTES).await;
        match answer {
            Ok(GraphError { error }) => {
                let explained =
                    errors::explain(error.code, error.error_data.as_ref().and_then(|d| d.details.as_deref()));
                if explained.retryable || passing {
                    Err(CallError::Retryable(explained.reason))
                } else {
                    Err(CallError::Permanent(explained.reason))
                }
            }
            Err(_) if passing => Err(CallError::Retryable(format!("a Meta respondeu {}", status.as_u16()))),
            Err(_) => Err(CallError::Permanent(format!("a Meta respondeu {}", status.as_u16()))),
        }
    }

    /// The Graph API's message for `outgoing` (docs/providers.md#cloud-sending).
    pub fn message_body(outgoing: &Outgoing) -> Value {
        let mut body = json!({"messaging_product": "whatsapp", "recipient_type": "individual"});
        // A customer known only by a username's business-scoped id is reached by it: Meta takes
        // it as `recipient` where a phone goes in `to` (docs/inbox.md#identities).
        match outgoing.phone.strip_prefix('+') {
            Some(digits) => body["to"] = json!(digits),
            None => body["recipient"] = json!(outgoing.phone),
        }
        if let Some(template) = &outgoing.template {
            let parameters: Vec<Value> =
                template.parameters.iter().map(|value| json!({"type": "text", "text": value})).collect();
            let mut object = json!({"name": template.name, "language": {"code": template.language}});
            if !parameters.is_empty() {
                object["components"] = json!([{"type": "body", "parameters": parameters}]);
            }
            body["type"] = json!("template");
            body["template"] = object;
            return body;
        }
        let kind = outgoing.message_type.as_deref().unwrap_or("text");
        match (kind, &outgoing.media, &outgoing.reaction) {
            ("location", _, _) if let Some(place) = &outgoing.location => {
                let mut object = json!({"latitude": place.latitude, "longitude": place.longitude});
                if let Some(name) = &place.name {
                    object["name"] = json!(name);
                }
                if let Some(address) = &place.address {
                    object["address"] = json!(address);
                }
                body["type"] = json!("location");
                body["location"] = object;
            }
            ("contacts", _, _) if let Some(cards) = &outgoing.contacts => {
                body["type"] = json!("contacts");
                body["contacts"] = cards.iter().map(contact_card).collect();
            }
            ("reaction", _, Some(reaction)) => {
                body["type"] = json!("reaction");
                body["reaction"] = json!({"message_id": reaction.message_id, "emoji": reaction.emoji});
                return body;
            }
            (kind @ ("image" | "video" | "audio" | "document" | "sticker"), Some(media), _) => {
                let mut object = json!({"link": media.url});
                // Audio and stickers carry no caption at Meta.
                if matches!(kind, "image" | "video" | "document") && !outgoing.body.is_empty() {
                    object["caption"] = json!(outgoing.body);
                }
                if kind == "document" {
                    object["filename"] = json!(media.file_name);
                }
                body["type"] = json!(kind);
                body[kind] = object;
            }
            _ => {
                body["type"] = json!("text");
                body["text"] = json!({"preview_url": false, "body": outgoing.body});
            }
        }
        if let Some(quoted) = &outgoing.quoted_id {
            body["context"] = json!({"message_id": quoted});
        }
        body
    }
}

/// A contact card as Meta takes it: `name.formatted_name` and at least one other name part (the
/// first word stands for the first name), each phone with its WhatsApp id so the customer's
/// phone offers "Conversar".
fn contact_card(card: &Contact) -> Value {
    let first_name = card.name.split_whitespace().next().unwrap_or(&card.name);
    let phones: Vec<Value> = card
        .phones
        .iter()
        .map(|phone| json!({"phone": phone, "type": "CELL", "wa_id": phone.trim_start_matches('+')}))
        .collect();
    json!({"name": {"formatted_name": card.name, "first_name": first_name}, "phones": phones})
}

/// Meta's error answer: `{"error": {"message", "type", "code", "error_data": {"details"}, "fbtrace_id"}}`.
#[derive(Deserialize)]
struct GraphError {
    error: GraphErrorBody,
}

#[derive(Deserialize)]
struct GraphErrorBody {
    code: i64,
    #[serde(default)]
    error_data: Option<GraphErrorData>,
}

#[derive(Deserialize)]
struct GraphErrorData {
    #[serde(default)]
    details: Option<String>,
}

#[async_trait::async_trait]
impl Connector for CloudClient {
    async fn send(&self, outgoing: &Outgoing) -> std::result::Result<String, CallError> {
        let url = self.url(&format!("{}/messages", self.config.account.phone_number_id));
        let answer = self.call(self.http.post(url).json(&Self::message_body(outgoing))).await?;
        answer["messages"][0]["id"]
            .as_str()
            .filter(|id| !id.is_empty())
            .map(str::to_owned)
            .ok_or_else(|| CallError::Permanent("a Meta não informou o id da mensagem".into()))
    }

    async fn start_session(&self) -> Result<String> {
        Err(not_paired())
    }

    async fn end_session(&self) -> Result<()> {
        Err(not_paired())
    }

    async fn locate_media(&self, source: &Source) -> std::result::Result<MediaLocation, FetchError> {
        let Some(media_id) = source.id.as_deref() else {
            return Err(FetchError::Permanent("a Meta não indicou a mídia".into()));
        };
        if media_id.is_empty() || !media_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
            return Err(FetchError::Permanent("id de mídia inválido".into()));
        }
        let answer = self.call(self.http.get(self.url(media_id))).await.map_err(|err| match err {
            CallError::Retryable(reason) => FetchError::Retryable(reason),
            CallError::Permanent(reason) => FetchError::Permanent(reason),
        })?;
        let url = answer["url"]
            .as_str()
            .filter(|u| !u.is_empty())
            .ok_or_else(|| FetchError::Permanent("a Meta não informou o endereço da mídia".into()))?;
        let mime_type = answer["mime_type"].as_str().map(str::to_owned).or_else(|| source.mime_type.clone());
        Ok(MediaLocation::Fetch {
            source: Source { url: Some(url.to_owned()), data: None, mime_type, id: None },
            bearer: Some(self.config.secrets.access_token.clone()),
        })
    }

    async fn templates(&self) -> Result<Vec<RemoteTemplate>> {
        let url = self.url(&format!("{}/message_templates", self.config.account.waba_id));
        let mut found = Vec::new();
        let mut after: Option<String> = None;
        // Paged by Meta's `after` cursor on our own base URL (never by following the `next` URL
        // an answer names), at most 50 pages of 100.
        for _ in 0..50 {
            let mut query =
                vec![("fields", "id,name,language,category,status,components".to_owned()), ("limit", "100".into())];
            if let Some(cursor) = &after {
                query.push(("after", cursor.clone()));
            }
            let page = self.call(self.http.get(&url).query(&query)).await.map_err(|e| provider_error(e.reason()))?;
            found.extend(page["data"].as_array().into_iter().flatten().filter_map(remote_template));
            after = page["paging"]["cursors"]["after"]
                .as_str()
                .filter(|_| page["paging"]["next"].is_string())
                .map(str::to_owned);
            if after.is_none() {
                break;
            }
        }
        Ok(found)
    }

    async fn check(&self) -> Result<PhoneHealth> {
        let url = self.url(&self.config.account.phone_number_id);
        let query = [("fields", "display_phone_number,verified_name,quality_rating,messaging_limit_tier")];
        let answer = self.call(self.http.get(url).query(&query)).await.map_err(|e| provider_error(e.reason()))?;
        let text = |field: &str| answer[field].as_str().unwrap_or_default().to_owned();
        Ok(PhoneHealth {
            display_phone_number: text("display_phone_number"),
            verified_name: text("verified_name"),
            quality_rating: Some(text("quality_rating")).filter(|q| !q.is_empty()).unwrap_or_else(|| "UNKNOWN".into()),
            messaging_limit: answer["messaging_limit_tier"].as_str().map(str::to_owned),
        })
    }
}

/// One template of Meta's list: its text components read (buttons and media headers are Meta's to
/// show; the picker shows the text).
fn remote_template(data: &Value) -> Option<RemoteTemplate> {
    let text = |field: &str| data[field].as_str().map(str::to_owned);
    let components = data["components"].as_array().cloned().unwrap_or_default();
    let component = |kind: &str| components.iter().find(|c| c["type"].as_str() == Some(kind));
    let body = component("BODY")?;
    Some(RemoteTemplate {
        meta_id: text("id"),
        name: text("name")?,
        language: text("language")?,
        category: text("category").unwrap_or_default(),
        status: text("status").unwrap_or_default(),
        header: component("HEADER")
            .filter(|h| h["format"].as_str().unwrap_or("TEXT") == "TEXT")
            .and_then(|h| h["text"].as_str().map(str::to_owned)),
        body: body["text"].as_str()?.to_owned(),
        footer: component("FOOTER").and_then(|f| f["text"].as_str().map(str::to_owned)),
        examples: body["example"]["body_text"][0]
            .as_array()
            .map(|values| values.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default(),
    })
}

fn not_paired() -> Error {
    Error::invalid(
        "not_paired_by_qr",
        "Números oficiais não se conectam por QR code: a conexão é feita no painel da Meta (use \"Testar conexão\").",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::instances::provider::{OutgoingMedia, OutgoingReaction};

    #[test]
    fn a_reply_with_a_document_becomes_metas_document_with_context() {
        let outgoing = Outgoing {
            phone: "+5511987654321".into(),
            body: "Segue o boleto".into(),
            message_type: Some("document".into()),
            media: Some(OutgoingMedia {
                url: "https://acme.example.com/api/media/t".into(),
                mime_type: "application/pdf".into(),
                file_name: "boleto.pdf".into(),
                size: 10,
                voice: false,
            }),
            quoted_id: Some("wamid.Q".into()),
            ..Default::default()
        };
        let body = CloudClient::message_body(&outgoing);
        assert_eq!(body["to"], "5511987654321");
        assert_eq!(body["type"], "document");
        assert_eq!(body["document"]["filename"], "boleto.pdf");
        assert_eq!(body["document"]["caption"], "Segue o boleto");
        assert_eq!(body["context"]["message_id"], "wamid.Q");
    }

    #[test]
    fn a_customer_known_only_by_a_username_id_is_reached_by_it() {
        let outgoing = Outgoing { phone: "BR.1502576394655843".into(), body: "Olá".into(), ..Default::default() };
        let body = CloudClient::message_body(&outgoing);
        assert_eq!(body["recipient"], "BR.1502576394655843");
        assert!(body.get("to").is_none(), "no phone to send to: {body}");
    }

    #[test]
    fn contact_cards_name_a_first_name_and_each_phones_whatsapp_id() {
        let outgoing = Outgoing {
            phone: "+5511987654321".into(),
            message_type: Some("contacts".into()),
            contacts: Some(vec![Contact {
                name: "Suporte Acme Ltda".into(),
                phones: vec!["+551130001000".into()],
                vcard: None,
            }]),
            ..Default::default()
        };
        let body = CloudClient::message_body(&outgoing);
        assert_eq!(body["type"], "contacts");
        let card = &body["contacts"][0];
        assert_eq!(card["name"], json!({"formatted_name": "Suporte Acme Ltda", "first_name": "Suporte"}));
        assert_eq!(card["phones"][0], json!({"phone": "+551130001000", "type": "CELL", "wa_id": "551130001000"}));
    }

    #[test]
    fn a_reaction_carries_no_context() {
        let outgoing = Outgoing {
            phone: "+5511987654321".into(),
            message_type: Some("reaction".into()),
            reaction: Some(OutgoingReaction { message_id: "wamid.X".into(), emoji: "👍".into() }),
            ..Default::default()
        };
        let body = CloudClient::message_body(&outgoing);
        assert_eq!(body["reaction"]["emoji"], "👍");
        assert!(body.get("context").is_none());
    }

    #[test]
    fn settling_keeps_stored_secrets_and_names_every_bad_field() {
        let stored = CloudSecrets { access_token: "t".into(), app_secret: "a".into(), verify_token: "v".into() };
        let input = CloudInput {
            phone_number_id: "106540352242922".into(),
            waba_id: "102290129340398".into(),
            ..Default::default()
        };
        let settled = input.settle(Some(&stored)).unwrap();
        assert_eq!(settled.secrets, stored);
        let bad = CloudInput { phone_number_id: "abc".into(), ..Default::default() };
        let Err(Error::Invalid { fields, .. }) = bad.settle(None) else { panic!("refused") };
        let named: Vec<&str> = fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(
            named,
            ["cloud.phoneNumberId", "cloud.wabaId", "cloud.accessToken", "cloud.appSecret", "cloud.verifyToken"]
        );
    }
}
