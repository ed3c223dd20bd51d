//! The home board (docs/account.md#home-board): what needs someone's attention, from data the
//! server already has, in one answer. Each section is computed only for a caller who may act on
//! it (the handler decides which), with a few aggregate queries and lists of at most [`LIST`].

pub mod operator;

use std::collections::HashSet;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{Viewer, tickets},
        error::Result,
        reports::login_failures,
        sql::Binder,
    },
    entities::{
        control::tenant,
        tenant::{login_failure, user},
    },
};

pub use operator::{NearLimit, OperatorCard, RecentlyDeleted};

/// The longest list a card shows.
pub const LIST: u64 = 5;
/// A limit counts as near from this share of it on.
pub const NEAR_LIMIT_PERCENT: u64 = 80;

/// The board; a section is `null` when the caller may not see it.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub instances: Option<InstancesCard>,
    pub people: Option<PeopleCard>,
    pub usage: Option<Usage>,
    pub login_failures: Option<LoginFailuresCard>,
    pub inbox: Option<InboxCard>,
    pub operator: Option<OperatorCard>,
}

/// Instances that are not connected or whose last message sync failed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstancesCard {
    pub total: i64,
    pub attention_count: i64,
    pub attention: Vec<InstanceAttention>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstanceAttention {
    pub id: i32,
    pub name: String,
    pub status: String,
    /// The last sync's status (`failed`, `running`, `done`…), `null` when never synced.
    pub last_sync_status: Option<String>,
}

/// The tenant's people.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeopleCard {
    /// With a socket open now.
    pub online: i64,
    pub total: i64,
    pub blocked_count: i64,
    pub blocked: Vec<PersonRef>,
    /// Whose role requires two-factor and who have not turned it on (their menu is closed).
    pub missing_two_factor: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonRef {
    pub id: i32,
    pub name: String,
    pub email: String,
}

/// Used against the plan's limit (`limit` `null`: none).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Gauge {
    pub used: i64,
    pub limit: Option<i64>,
}

impl Gauge {
    /// A stored limit, where 0 means unlimited.
    pub fn of(used: i64, limit: i32) -> Self {
        Self { used, limit: (limit > 0).then_some(i64::from(limit)) }
    }

    /// Whether the use reached [`NEAR_LIMIT_PERCENT`] of the limit.
    pub fn is_near(&self) -> bool {
        self.limit.is_some_and(|limit| self.used * 100 >= limit * NEAR_LIMIT_PERCENT as i64)
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    pub users: Gauge,
    pub instances: Gauge,
    pub tickets_this_month: Gauge,
    /// Bytes of media kept, against the plan's megabytes.
    pub media_bytes: Gauge,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginFailuresCard {
    pub last24h: i64,
    pub recent: Vec<LoginFailureRef>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginFailureRef {
    pub email: String,
    pub at: DateTime<Utc>,
    /// The reason, in pt_BR.
    pub reason: String,
}

/// The caller's queue now.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxCard {
    pub pending: u64,
    pub open: u64,
    pub mine: u64,
    pub with_bot: u64,
}

/// Instances needing attention; `total` counts the activated ones.
pub async fn instances(db: &impl ConnectionTrait) -> Result<InstancesCard> {
    // The latest sync per instance, by its id (a handful of instances, each with a short history).
    let sql = "SELECT i.id, i.name, i.status, \
               (SELECT s.status FROM sync_jobs s WHERE s.instance_id = i.id ORDER BY s.id DESC LIMIT 1) AS last_sync \
               FROM instances i WHERE i.activated = TRUE ORDER BY i.name, i.id";
    let rows = db.query_all_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql)).await?;
    let total = rows.len() as i64;
    let mut attention = Vec::new();
    for row in rows {
        let status: String = row.try_get("", "status")?;
        let last_sync_status: Option<String> = row.try_get("", "last_sync")?;
        if status != "connected" || last_sync_status.as_deref() == Some("failed") {
            attention.push(InstanceAttention {
                id: row.try_get("", "id")?,
                name: row.try_get("", "name")?,
                status,
                last_sync_status,
            });
        }
    }
    let attention_count = attention.len() as i64;
    attention.truncate(LIST as usize);
    Ok(InstancesCard { total, attention_count, attention })
}

/// The people card; `with_socket` are the users with a socket open now (the event bus knows).
pub async fn people(db: &impl ConnectionTrait, with_socket: &HashSet<i32>) -> Result<PeopleCard> {
    let now = Utc::now();
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!(
        "SELECT CAST(COUNT(*) AS BIGINT) AS total, \
         CAST(COUNT(CASE WHEN u.blocked_at IS NOT NULL AND (u.locked_until IS NULL OR u.locked_until > {now}) THEN 1 END) AS BIGINT) AS blocked, \
         CAST(COUNT(CASE WHEN r.require_two_factor = {yes} AND (s.two_factor_enabled IS NULL OR s.two_factor_enabled = {no}) THEN 1 END) AS BIGINT) AS missing \
         FROM users u LEFT JOIN roles r ON r.id = u.role_id LEFT JOIN user_settings s ON s.user_id = u.id \
         WHERE u.deleted_at IS NULL AND u.kind = 'person'",
        now = b.p(now),
        yes = b.p(true),
        no = b.p(false),
    );
    let row = db.query_one_raw(b.statement(sql)).await?;
    let (total, blocked_count, missing_two_factor) = match row {
        Some(row) => (row.try_get("", "total")?, row.try_get("", "blocked")?, row.try_get("", "missing")?),
        None => (0, 0, 0),
    };
    let blocked = if blocked_count > 0 {
        user::Entity::find()
            .filter(user::Column::DeletedAt.is_null())
            .filter(user::Column::BlockedAt.is_not_null())
            .order_by_desc(user::Column::BlockedAt)
            .limit(LIST * 4)
            .all(db)
            .await?
            .into_iter()
            .filter(|u| crate::domain::users::is_blocked(u, now))
            .take(LIST as usize)
            .map(|u| PersonRef { id: u.id, name: u.name, email: u.email })
            .collect()
    } else {
        Vec::new()
    };
    Ok(PeopleCard { online: with_socket.len() as i64, total, blocked_count, blocked, missing_two_factor })
}

/// Users, activated instances and tickets opened this month, against the tenant's limits.
pub async fn usage(db: &impl ConnectionTrait, limits: &tenant::Model) -> Result<Usage> {
    // Seats: people only (an API token's principal holds none, as `users::count_active` counts).
    let sql = "SELECT CAST((SELECT COUNT(*) FROM users WHERE deleted_at IS NULL AND kind = 'person') AS BIGINT) AS users, \
               CAST((SELECT COUNT(*) FROM instances WHERE activated = TRUE) AS BIGINT) AS instances";
    let row = db.query_one_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql)).await?;
    let (users, instances) = match row {
        Some(row) => (row.try_get("", "users")?, row.try_get("", "instances")?),
        None => (0, 0),
    };
    let tickets = tickets::opened_this_month(db).await? as i64;
    let media = crate::domain::media::ingest::bytes_stored(db).await?;
    Ok(Usage {
        users: Gauge::of(users, limits.user_limit),
        instances: Gauge { used: instances, limit: None },
        tickets_this_month: Gauge::of(tickets, limits.ticket_limit),
        media_bytes: Gauge {
            used: media,
            limit: crate::domain::media::ingest::quota(limits.media_limit_mb).map(|bytes| bytes as i64),
        },
    })
}

/// Failed logins of the last 24 hours, and the latest few.
pub async fn login_failures(db: &impl ConnectionTrait) -> Result<LoginFailuresCard> {
    let since = Utc::now() - Duration::hours(24);
    let mut b = Binder::new(db.get_database_backend());
    let sql = format!("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM login_failures WHERE occurred_at >= {}", b.p(since));
    let last24h =
        db.query_one_raw(b.statement(sql)).await?.map(|r| r.try_get::<i64>("", "n")).transpose()?.unwrap_or(0);
    let recent = if last24h > 0 {
        login_failure::Entity::find()
            .filter(login_failure::Column::OccurredAt.gte(since))
            .order_by_desc(login_failure::Column::OccurredAt)
            .order_by_desc(login_failure::Column::Id)
            .limit(LIST)
            .all(db)
            .await?
            .into_iter()
            .map(|f| LoginFailureRef {
                email: f.email,
                at: f.occurred_at,
                reason: login_failures::label(&f.reason).into(),
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(LoginFailuresCard { last24h, recent })
}

/// The caller's queue (what the inbox's tabs count).
pub async fn inbox(db: &impl ConnectionTrait, viewer: &Viewer) -> Result<InboxCard> {
    let counts = tickets::counts(db, viewer).await?;
    Ok(InboxCard {
        pending: counts.pending,
        open: counts.open + counts.transferring,
        mine: counts.mine,
        with_bot: counts.bot,
    })
}
