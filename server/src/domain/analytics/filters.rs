//! What the dashboards and reports let a user filter by: the tenant's instances, active
//! departments and people, readable with a dashboard or report route alone (the users, instances
//! and departments screens need routes a supervisor may not have).

use sea_orm::{ConnectionTrait, Statement};
use serde::Serialize;

use crate::domain::error::Result;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Named {
    pub id: i32,
    pub name: String,
}

/// `GET /api/dashboard/filters`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FilterOptions {
    pub instances: Vec<Named>,
    pub departments: Vec<Named>,
    /// Users who are not deleted, by name.
    pub agents: Vec<Named>,
}

async fn named(db: &impl ConnectionTrait, sql: &str) -> Result<Vec<Named>> {
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await?;
    rows.iter().map(|row| Ok(Named { id: row.try_get("", "id")?, name: row.try_get("", "name")? })).collect()
}

pub async fn options(db: &impl ConnectionTrait) -> Result<FilterOptions> {
    Ok(FilterOptions {
        instances: named(db, "SELECT id, name FROM instances ORDER BY name").await?,
        departments: named(db, "SELECT id, name FROM departments WHERE activated ORDER BY name").await?,
        agents: named(db, "SELECT id, name FROM users WHERE deleted_at IS NULL ORDER BY name, id").await?,
    })
}

/// A person the login failures report can be filtered by.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReportUser {
    pub id: i32,
    pub name: String,
    pub email: String,
}

/// `GET /api/dashboard-report/users`: every user, deleted ones too (their failures stay).
pub async fn report_users(db: &impl ConnectionTrait) -> Result<Vec<ReportUser>> {
    let sql = "SELECT id, name, email FROM users ORDER BY name, id";
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await?;
    rows.iter()
        .map(|row| {
            Ok(ReportUser {
                id: row.try_get("", "id")?,
                name: row.try_get("", "name")?,
                email: row.try_get("", "email")?,
            })
        })
        .collect()
}
