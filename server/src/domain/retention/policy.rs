//! The company's retention policy (issue 47, docs/operations.md#retention-policy): how long the
//! records a person reads are kept — login failures, webhook deliveries and the audit log — each
//! a number of days the administrator sets, or kept for good (the default: nothing a person reads
//! goes unless the company decided so). Applied by the nightly prune beside the bookkeeping
//! rules; the last run is kept to show on the screen.

use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::{
    Error,
    error::{FieldError, Result},
    settings,
};

/// The `tenant_settings` keys of the policy and of its last run.
const KEY: &str = "retention";
const LAST_RUN_KEY: &str = "retention_last_run";

/// The longest period a record can be kept for before it must be "para sempre" (ten years).
pub const MAX_DAYS: u32 = 3650;

/// How long each kind of record is kept, in days; `null`: for good.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Policy {
    /// Falhas de login (o relatório de segurança): no mínimo 30 dias.
    #[serde(default)]
    pub login_failures_days: Option<u32>,
    /// Entregas de webhook e suas tentativas (o log de entregas): no mínimo 7 dias; uma entrega
    /// ainda pendente nunca sai.
    #[serde(default)]
    pub webhook_deliveries_days: Option<u32>,
    /// O registro de auditoria: no mínimo 180 dias (os seis meses do Marco Civil da Internet,
    /// art. 15, para registros de acesso).
    #[serde(default)]
    pub audit_log_days: Option<u32>,
    /// O conteúdo das mensagens (texto, arquivos, localização, contatos): no mínimo 30 dias. A
    /// mensagem fica, vazia: os painéis e as planilhas continuam fechando.
    #[serde(default)]
    pub messages_days: Option<u32>,
    /// Só os arquivos das mensagens (o texto fica): no mínimo 7 dias.
    #[serde(default)]
    pub media_days: Option<u32>,
}

/// Each kind's field name, its label in reports and the least it may be kept for.
pub const KINDS: [(&str, &str, u32); 5] = [
    ("loginFailuresDays", "falhas de login", 30),
    ("webhookDeliveriesDays", "entregas de webhook", 7),
    ("auditLogDays", "registros de auditoria", 180),
    ("messagesDays", MESSAGES, 30),
    ("mediaDays", MEDIA, 7),
];

/// How the report names messages emptied by age, and files removed from messages by age.
pub const MESSAGES: &str = "conteúdo de mensagens";
pub const MEDIA: &str = "arquivos de mensagens";

impl Policy {
    fn days(&self) -> [Option<u32>; 5] {
        [
            self.login_failures_days,
            self.webhook_deliveries_days,
            self.audit_log_days,
            self.messages_days,
            self.media_days,
        ]
    }

    /// The days of the kind labelled `label`, if it is kept for a limited time.
    pub fn days_of(&self, label: &str) -> Option<u32> {
        KINDS.iter().zip(self.days()).find(|((_, l, _), _)| *l == label).and_then(|(_, days)| days)
    }

    fn check(&self) -> Result<()> {
        let mut errors = Vec::new();
        for ((field, _, least), days) in KINDS.iter().zip(self.days()) {
            if let Some(days) = days
                && !(*least..=MAX_DAYS).contains(&days)
            {
                errors.push(FieldError::new(
                    field,
                    format!("Escolha de {least} a {MAX_DAYS} dias, ou guarde para sempre."),
                ));
            }
        }
        match errors.first() {
            Some(first) => {
                let message = first.message.clone();
                Err(Error::Invalid { code: "invalid_retention", message, fields: errors })
            }
            None => Ok(()),
        }
    }
}

/// What the last prune (not a dry run) removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastRun {
    pub at: DateTime<Utc>,
    pub removed: Vec<Removed>,
}

/// Rows of one kind a prune removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Removed {
    pub label: String,
    pub rows: u64,
}

/// The company's policy (never set: everything kept for good).
pub async fn policy(db: &impl ConnectionTrait) -> Result<Policy> {
    Ok(settings::read(db, KEY).await?.unwrap_or_default())
}

/// Checks and stores the policy.
pub async fn save(db: &impl ConnectionTrait, policy: Policy) -> Result<Policy> {
    policy.check()?;
    settings::write(db, KEY, &policy).await?;
    Ok(policy)
}

/// What the last prune removed, if one ran.
pub async fn last_run(db: &impl ConnectionTrait) -> Result<Option<LastRun>> {
    settings::read(db, LAST_RUN_KEY).await
}

pub(super) async fn remember(db: &impl ConnectionTrait, run: &LastRun) -> Result<()> {
    settings::write(db, LAST_RUN_KEY, run).await?;
    Ok(())
}
