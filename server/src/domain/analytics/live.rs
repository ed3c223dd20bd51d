//! The control panel (docs/analytics.md#get-apidashboardcontrol-panel): live operations read from
//! the tickets themselves, and the tenant's waiting threshold kept in `tenant_settings`.

use std::collections::HashSet;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, Statement};
use serde::Serialize;

use crate::domain::sql::Binder;
use crate::domain::{Error, error::Result, users::status::AgentStatus};

/// The `tenant_settings` key of the waiting threshold.
const THRESHOLD_KEY: &str = "control_panel.waiting_threshold_minutes";
/// The threshold until an administrator sets one.
pub const DEFAULT_THRESHOLD_MINUTES: i64 = 15;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentLoad {
    pub user_id: i32,
    pub name: String,
    pub online: bool,
    /// Online, ausente or offline (docs/service-levels.md#agent-status); `online` above is
    /// "connected": true for ausente too.
    pub status: AgentStatus,
    /// Why they are away, when they said.
    pub away_reason: Option<String>,
    /// When the status they chose began.
    pub status_since: Option<DateTime<Utc>>,
    /// Tickets the agent holds (`open` or `transferring`).
    pub open: i64,
    /// Transfers waiting for the agent's answer.
    pub transfers_pending: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstanceLoad {
    pub instance_id: i32,
    pub name: String,
    pub waiting: i64,
    pub open: i64,
}

/// `GET /api/dashboard/control-panel`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ControlPanel {
    pub generated_at: DateTime<Utc>,
    pub waiting: i64,
    pub oldest_waiting_since: Option<DateTime<Utc>>,
    pub threshold_minutes: i64,
    pub over_threshold: i64,
    pub transfers_pending: i64,
    pub open: i64,
    pub agents: Vec<AgentLoad>,
    pub by_instance: Vec<InstanceLoad>,
}

/// The control panel now. `with_socket`: users with a realtime socket open (the bus's presence);
/// online means a socket and available (`is_connected`), as everywhere else.
pub async fn control_panel(db: &impl ConnectionTrait, with_socket: &HashSet<i32>) -> Result<ControlPanel> {
    let now = Utc::now();
    let threshold = threshold_minutes(db).await?;
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "SELECT CAST(COUNT(CASE WHEN status = 'pending' THEN 1 END) AS BIGINT) AS waiting, \
         MIN(CASE WHEN status = 'pending' THEN opened_at END) AS oldest, \
         CAST(COUNT(CASE WHEN status = 'pending' AND opened_at < {} THEN 1 END) AS BIGINT) AS over, \
         CAST(COUNT(CASE WHEN status IN ('open', 'transferring') THEN 1 END) AS BIGINT) AS open \
         FROM tickets WHERE status IN ('pending', 'open', 'transferring')",
        b.p(now - Duration::minutes(threshold))
    );
    let row = db.query_one_raw(b.statement(sql)).await?;
    let (waiting, oldest, over, open) = match row {
        Some(row) => (
            row.try_get::<i64>("", "waiting")?,
            row.try_get::<Option<DateTime<Utc>>>("", "oldest")?,
            row.try_get::<i64>("", "over")?,
            row.try_get::<i64>("", "open")?,
        ),
        None => (0, None, 0, 0),
    };
    let backend = db.get_database_backend();
    let transfers = db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM ticket_transfers WHERE status = 'pending'",
        ))
        .await?
        .map(|r| r.try_get::<i64>("", "n"))
        .transpose()?
        .unwrap_or(0);
    Ok(ControlPanel {
        generated_at: now,
        waiting,
        oldest_waiting_since: oldest,
        threshold_minutes: threshold,
        over_threshold: over,
        transfers_pending: transfers,
        open,
        agents: agents(db, with_socket).await?,
        by_instance: by_instance(db).await?,
    })
}

async fn agents(db: &impl ConnectionTrait, with_socket: &HashSet<i32>) -> Result<Vec<AgentLoad>> {
    let backend = db.get_database_backend();
    let sql = "SELECT u.id, u.name, u.is_connected, u.away, u.away_reason, u.status_since, \
               CAST((SELECT COUNT(*) FROM tickets t WHERE t.assigned_user_id = u.id \
                 AND t.status IN ('open', 'transferring')) AS BIGINT) AS open, \
               CAST((SELECT COUNT(*) FROM ticket_transfers tr WHERE tr.to_user_id = u.id \
                 AND tr.status = 'pending') AS BIGINT) AS transfers \
               FROM users u WHERE u.deleted_at IS NULL AND u.blocked_at IS NULL AND u.kind = 'person'";
    let mut agents = Vec::new();
    for row in db.query_all_raw(Statement::from_string(backend, sql)).await? {
        let user_id: i32 = row.try_get("", "id")?;
        let online = row.try_get::<bool>("", "is_connected")? && with_socket.contains(&user_id);
        let open: i64 = row.try_get("", "open")?;
        let transfers_pending: i64 = row.try_get("", "transfers")?;
        if online || open > 0 || transfers_pending > 0 {
            let status = AgentStatus::from_parts(online, row.try_get("", "away")?);
            agents.push(AgentLoad {
                user_id,
                name: row.try_get("", "name")?,
                online,
                status,
                away_reason: row
                    .try_get::<Option<String>>("", "away_reason")?
                    .filter(|_| status == AgentStatus::Ausente),
                status_since: row.try_get("", "status_since")?,
                open,
                transfers_pending,
            });
        }
    }
    agents.sort_by(|a, b| b.online.cmp(&a.online).then(b.open.cmp(&a.open)).then(a.name.cmp(&b.name)));
    Ok(agents)
}

async fn by_instance(db: &impl ConnectionTrait) -> Result<Vec<InstanceLoad>> {
    // The active tickets are counted first (the status index), then joined to the instances: a
    // join on `instance_id` would walk every ticket the instance ever had.
    let sql = "SELECT i.id, i.name, CAST(COALESCE(t.waiting, 0) AS BIGINT) AS waiting, \
               CAST(COALESCE(t.open, 0) AS BIGINT) AS open FROM instances i LEFT JOIN (\
                 SELECT instance_id, COUNT(CASE WHEN status = 'pending' THEN 1 END) AS waiting, \
                 COUNT(CASE WHEN status IN ('open', 'transferring') THEN 1 END) AS open FROM tickets \
                 WHERE status IN ('pending', 'open', 'transferring') GROUP BY instance_id) t ON t.instance_id = i.id \
               ORDER BY i.name";
    let mut out = Vec::new();
    for row in db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await? {
        out.push(InstanceLoad {
            instance_id: row.try_get("", "id")?,
            name: row.try_get("", "name")?,
            waiting: row.try_get("", "waiting")?,
            open: row.try_get("", "open")?,
        });
    }
    Ok(out)
}

/// The waiting threshold in minutes.
pub async fn threshold_minutes(db: &impl ConnectionTrait) -> Result<i64> {
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!("SELECT value FROM tenant_settings WHERE key = {}", b.p(THRESHOLD_KEY));
    let value = match db.query_one_raw(b.statement(sql)).await? {
        Some(row) => row.try_get::<String>("", "value")?.parse().ok(),
        None => None,
    };
    Ok(value.unwrap_or(DEFAULT_THRESHOLD_MINUTES))
}

/// Sets the waiting threshold (1 to 1440 minutes).
pub async fn set_threshold_minutes(db: &impl ConnectionTrait, minutes: i64) -> Result<i64> {
    if !(1..=1440).contains(&minutes) {
        return Err(Error::invalid_field(
            "invalid_threshold",
            "thresholdMinutes",
            "O limite de espera deve ficar entre 1 e 1440 minutos.",
        ));
    }
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "INSERT INTO tenant_settings (key, value, updated_at) VALUES ({}, {}, {}) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        b.p(THRESHOLD_KEY),
        b.p(minutes.to_string()),
        b.p(Utc::now())
    );
    db.execute_raw(b.statement(sql)).await?;
    Ok(minutes)
}
