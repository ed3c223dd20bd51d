//! An agent's status (issue 46, docs/service-levels.md#agent-status): online, ausente with an
//! optional reason, or offline — one model with the specification's `isConnected` (offline is
//! `isConnected = false`, what the `disconnected` mutation sets) and with presence (a realtime
//! socket open somewhere, `bus::online`): a person with no socket is offline whatever they chose.
//!
//! Ausente keeps the person connected: transfers addressed to them still reach them and the
//! supervisors see where they are, but they are not offered as a transfer target nor, with the
//! distribution, given new tickets; the tickets they hold stay theirs.

use chrono::{DateTime, SubsecRound, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Expr};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{UserConnected, UserDisconnected};
use crate::{
    domain::{
        error::{Error, Result},
        events::{Audience, DomainEvent, Raised},
        unit::Unit,
    },
    entities::tenant::user,
};

/// The longest reason for being away.
pub const MAX_REASON: usize = 60;

/// What a person chose, as the API spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AgentStatus {
    Online,
    Ausente,
    Offline,
}

impl AgentStatus {
    /// The status a user row and their presence say.
    pub fn of(user: &user::Model, with_socket: bool) -> Self {
        Self::from_parts(user.is_connected && with_socket, user.away)
    }

    /// From "connected with a socket open" and `users.away`.
    pub fn from_parts(connected: bool, away: bool) -> Self {
        match (connected, away) {
            (false, _) => Self::Offline,
            (true, true) => Self::Ausente,
            (true, false) => Self::Online,
        }
    }

    /// `online`, `ausente` or `offline`.
    pub fn parse(text: &str) -> Result<Self> {
        match text {
            "online" => Ok(Self::Online),
            "ausente" => Ok(Self::Ausente),
            "offline" => Ok(Self::Offline),
            _ => Err(Error::invalid_field(
                "invalid_status",
                "status",
                "Situação inválida: use online, ausente ou offline.",
            )),
        }
    }
}

/// A person's status as they and their supervisors see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusView {
    pub user_id: i32,
    pub status: AgentStatus,
    /// Why they are away (only with `ausente`, when they said).
    pub reason: Option<String>,
    /// When the status they chose began.
    pub since: Option<DateTime<Utc>>,
}

impl StatusView {
    pub fn of(user: &user::Model, with_socket: bool) -> Self {
        let status = AgentStatus::of(user, with_socket);
        Self {
            user_id: user.id,
            status,
            reason: user.away_reason.clone().filter(|_| status == AgentStatus::Ausente),
            since: user.status_since,
        }
    }
}

/// A person's status changed: to them (their other tabs) and to the managers. Its fields are
/// snake_case as every event's own (docs/realtime.md#events).
#[derive(Debug, Clone, Serialize)]
pub struct UserStatusChanged {
    pub user_id: i32,
    pub status: AgentStatus,
    pub reason: Option<String>,
    pub since: Option<DateTime<Utc>>,
}

impl DomainEvent for UserStatusChanged {
    const NAME: &'static str = "UserStatusChanged";
}

/// The reason as stored: trimmed, on one line, at most [`MAX_REASON`] characters; blank is none.
fn check_reason(reason: Option<&str>) -> Result<Option<String>> {
    let Some(reason) = reason.map(str::trim).filter(|r| !r.is_empty()) else { return Ok(None) };
    if reason.chars().count() > MAX_REASON || reason.chars().any(char::is_control) {
        return Err(Error::invalid_field(
            "invalid_reason",
            "reason",
            format!("Motivo inválido: até {MAX_REASON} caracteres, em uma linha."),
        ));
    }
    Ok(Some(reason.to_owned()))
}

/// Sets user `id`'s status (their own choice, or a supervisor's `disconnectUser`), raising
/// `UserStatusChanged` and the specification's `UserConnected` / `UserDisconnected`. A reason is
/// kept only with `ausente`. `since` moves only when the status changes: choosing another reason
/// for the same absence keeps its start.
pub async fn set(unit: &Unit, id: i32, status: AgentStatus, reason: Option<&str>) -> Result<StatusView> {
    let reason = if status == AgentStatus::Ausente { check_reason(reason)? } else { None };
    let found = user::Entity::find_by_id(id)
        .filter(user::Column::DeletedAt.is_null())
        .one(unit)
        .await?
        .ok_or_else(|| Error::not_found("user_not_found", "Usuário não encontrado."))?;
    let before = AgentStatus::of(&found, true);
    // To the microsecond, as PostgreSQL keeps it: the answer is what a later read says.
    let now = Utc::now().trunc_subsecs(6);
    let since = if before == status { found.status_since.unwrap_or(now) } else { now };
    user::Entity::update_many()
        .col_expr(user::Column::IsConnected, Expr::value(status != AgentStatus::Offline))
        .col_expr(user::Column::Away, Expr::value(status == AgentStatus::Ausente))
        .col_expr(user::Column::AwayReason, Expr::value(reason.clone()))
        .col_expr(user::Column::StatusSince, Expr::value(since))
        .filter(user::Column::Id.eq(id))
        .exec(unit)
        .await?;
    unit.raise(Raised::AuthChanged { user_id: Some(id), entitlement: false });
    let audience = Audience { users: vec![id], ..Audience::managers() };
    // The specification's events keep their meaning: available for chats, or not connected.
    match status {
        AgentStatus::Online => unit.raise(UserConnected { user_id: id }.to(audience.clone())),
        AgentStatus::Offline => unit.raise(UserDisconnected { user_id: id }.to(audience.clone())),
        AgentStatus::Ausente => {}
    }
    let view = StatusView { user_id: id, status, reason, since: Some(since) };
    unit.raise(UserStatusChanged { user_id: id, status, reason: view.reason.clone(), since: view.since }.to(audience));
    Ok(view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_reasons_are_checked() {
        assert_eq!(AgentStatus::parse("ausente").unwrap(), AgentStatus::Ausente);
        assert!(matches!(AgentStatus::parse("away"), Err(Error::Invalid { code: "invalid_status", .. })));
        assert_eq!(check_reason(Some("  almoço ")).unwrap().as_deref(), Some("almoço"));
        assert_eq!(check_reason(Some("   ")).unwrap(), None);
        assert!(check_reason(Some("linha\nquebrada")).is_err());
        assert!(check_reason(Some(&"a".repeat(MAX_REASON + 1))).is_err());
        assert!(check_reason(Some(&"ç".repeat(MAX_REASON))).is_ok(), "characters, not bytes");
    }
}
