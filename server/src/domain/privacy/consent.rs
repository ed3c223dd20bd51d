//! Consent (docs/privacy.md#consent): the company's consent text, versioned, and each customer's
//! answers to it. The bot asks on a customer's first contact when the company switched the step
//! on (`bot::live`); an answer is a new row, never an edit, so the report shows what the person
//! agreed to and when, text and version included.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        error::{Error, FieldError, Result},
        settings,
    },
    entities::tenant::consent,
};

/// Where the setting is kept (`tenant_settings`).
const KEY: &str = "consent";
/// The longest consent text (it goes out as one WhatsApp message, whose limit is 4,096).
pub const MAX_TEXT: usize = 1_500;

/// The company's consent step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentSetting {
    /// O bot pede o consentimento no primeiro contato.
    pub enabled: bool,
    /// O texto enviado ao cliente (termina pedindo "1 para aceitar, 2 para recusar").
    pub text: String,
    /// Sobe a cada mudança do texto: quem respondeu a uma versão anterior é perguntado de novo.
    pub version: i32,
    #[schema(value_type = Option<String>)]
    pub updated_at: Option<DateTime<Utc>>,
}

/// A change to the setting.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentChange {
    pub enabled: bool,
    pub text: String,
}

/// A customer's answer, as the report and the customer panel show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentView {
    pub version: i32,
    pub text: String,
    pub granted: bool,
    /// `bot` ou `agent`.
    pub source: String,
    pub ticket_id: Option<i32>,
    #[schema(value_type = String)]
    pub answered_at: DateTime<Utc>,
}

impl From<consent::Model> for ConsentView {
    fn from(c: consent::Model) -> Self {
        Self {
            version: c.version,
            text: c.text,
            granted: c.granted,
            source: c.source,
            ticket_id: c.ticket_id,
            answered_at: c.answered_at,
        }
    }
}

/// The setting (off, with no text, until an administrator writes one).
pub async fn setting(db: &impl ConnectionTrait) -> Result<ConsentSetting> {
    Ok(settings::read(db, KEY).await?.unwrap_or_default())
}

/// Saves the setting; a changed text is a new version.
pub async fn save(db: &impl ConnectionTrait, change: ConsentChange) -> Result<ConsentSetting> {
    let text = change.text.trim().to_owned();
    let mut problems = Vec::new();
    if change.enabled && text.is_empty() {
        problems.push(FieldError::new("text", "Escreva o texto do consentimento para ligar a etapa."));
    }
    if text.chars().count() > MAX_TEXT {
        problems.push(FieldError::new("text", format!("O texto tem no máximo {MAX_TEXT} caracteres.")));
    }
    if !problems.is_empty() {
        return Err(Error::Invalid { code: "invalid_consent", message: problems[0].message.clone(), fields: problems });
    }
    let current = setting(db).await?;
    let version = if text != current.text && !text.is_empty() { current.version + 1 } else { current.version };
    let mut saved = ConsentSetting { enabled: change.enabled, text, version, updated_at: None };
    saved.updated_at = Some(settings::write(db, KEY, &saved).await?);
    Ok(saved)
}

/// A customer's answers, oldest first.
pub async fn of_customer(db: &impl ConnectionTrait, customer_id: i32) -> Result<Vec<ConsentView>> {
    Ok(consent::Entity::find()
        .filter(consent::Column::CustomerId.eq(customer_id))
        .order_by_asc(consent::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ConsentView::from)
        .collect())
}

/// Whether the customer answered this version already (either way).
pub async fn answered(db: &impl ConnectionTrait, customer_id: i32, version: i32) -> Result<bool> {
    Ok(consent::Entity::find()
        .filter(consent::Column::CustomerId.eq(customer_id))
        .filter(consent::Column::Version.eq(version))
        .one(db)
        .await?
        .is_some())
}

/// Records an answer to the current text.
pub async fn record(
    db: &impl ConnectionTrait,
    customer_id: i32,
    current: &ConsentSetting,
    granted: bool,
    source: &str,
    ticket_id: Option<i32>,
) -> Result<ConsentView> {
    let saved = consent::ActiveModel {
        customer_id: Set(customer_id),
        version: Set(current.version),
        text: Set(current.text.clone()),
        granted: Set(granted),
        source: Set(source.to_owned()),
        ticket_id: Set(ticket_id),
        answered_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(saved.into())
}

/// The answer in a customer's reply to the consent question: `1`/"sim"/"aceito" grants, `2`/
/// "não"/"recuso" refuses; anything else is not an answer (the bot asks again).
pub fn parse_answer(text: &str) -> Option<bool> {
    let folded = crate::domain::text::fold(text.trim());
    let first = folded.split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty())?;
    match first {
        "1" | "sim" | "aceito" | "aceita" | "concordo" | "s" => Some(true),
        "2" | "nao" | "recuso" | "n" | "discordo" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_as_people_write_them() {
        for yes in ["1", "Sim", "sim!", "ACEITO", "1 - aceito", "concordo"] {
            assert_eq!(parse_answer(yes), Some(true), "{yes}");
        }
        for no in ["2", "Não", "nao obrigado", "recuso"] {
            assert_eq!(parse_answer(no), Some(false), "{no}");
        }
        for other in ["", "oi", "quero falar com alguém", "3"] {
            assert_eq!(parse_answer(other), None, "{other}");
        }
    }
}
