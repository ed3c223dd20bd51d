//! Reads of a conversation by someone who is not its owner (docs/audit.md#conversation-reads):
//! recorded when the company turns it on (`conversationReads`, off by default — a supervisor
//! opens many conversations a day), once per reader and ticket an hour, so the screen's live
//! refetches of the same conversation make one row, not dozens.

use chrono::{Duration, Utc};
use sea_orm::ConnectionTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::{
    audit::{Action, Actor},
    error::Result,
    events::Raised,
    settings,
    sql::Binder,
    unit::Unit,
};

/// The audit log's action for such a read.
pub const ACTION: &str = "tickets_conversation_read";

/// The `tenant_settings` key of the audit settings.
const KEY: &str = "audit";

/// How long one row stands for a reader's repeated opening of the same conversation.
const ONCE_PER: Duration = Duration::hours(1);

/// What the company chose to record beyond the changes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AuditSettings {
    /// Registrar quem abre a conversa de um atendimento de outra pessoa.
    #[serde(default)]
    pub conversation_reads: bool,
}

/// The action as the log and its filters name it.
pub fn action() -> Action {
    Action {
        action: ACTION.to_owned(),
        label: "Abre a conversa de um atendimento de outra pessoa".to_owned(),
        area: "atendimentos".to_owned(),
    }
}

/// The company's audit settings (never set: only changes are recorded).
pub async fn settings(db: &impl ConnectionTrait) -> Result<AuditSettings> {
    Ok(settings::read(db, KEY).await?.unwrap_or_default())
}

/// Stores the settings; the copies servers keep of them go once the unit commits.
pub async fn save(unit: &Unit, chosen: AuditSettings) -> Result<AuditSettings> {
    settings::write(unit, KEY, &chosen).await?;
    unit.raise(Raised::SettingsChanged);
    Ok(chosen)
}

/// Whether `reader` opening ticket `ticket_id`'s conversation (at `path`) is to be recorded: the
/// company records such reads (`chosen`: the settings, which the server keeps — every opening of
/// a conversation asks, and most companies leave them off), the ticket has an owner who is
/// someone else, and this reader has no row for it in the last hour. Asked on the reader's own
/// (read) transaction, so that a conversation opened without a row to write never takes the
/// tenant's writer.
pub async fn to_record(
    db: &impl ConnectionTrait,
    chosen: &AuditSettings,
    reader: &Actor,
    ticket_id: i32,
    path: &str,
) -> Result<bool> {
    if !chosen.conversation_reads {
        return Ok(false);
    }
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "SELECT CASE WHEN EXISTS (SELECT 1 FROM tickets WHERE id = {} AND assigned_user_id IS NOT NULL \
         AND assigned_user_id <> {}) AND NOT EXISTS (SELECT 1 FROM audit_log WHERE user_id = {} AND action = {} \
         AND path = {} AND at > {}) THEN 1 ELSE 0 END AS record",
        b.p(ticket_id),
        b.p(reader.user_id),
        b.p(reader.user_id),
        b.p(ACTION),
        b.p(path.to_owned()),
        b.p(Utc::now() - ONCE_PER)
    );
    let row = db.query_one_raw(b.statement(sql)).await?;
    Ok(row.map(|r| r.try_get::<i32>("", "record")).transpose()?.unwrap_or(0) == 1)
}
