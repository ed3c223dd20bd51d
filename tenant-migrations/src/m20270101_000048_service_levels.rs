//! SLA policies on the company's calendar (issue 46, docs/service-levels.md#sla-policies).
//!
//! - The calendar (opening hours and holidays) leaves the bots' configurations for one tenant
//!   setting, `tenant_settings` key `calendar` (a JSON document `{businessHours, holidays}`),
//!   which every bot and every SLA clock read (decision 205). The tenant's default bot lends its
//!   hours and holidays to the setting; an instance's own bot's hours are not kept (the company
//!   has one calendar).
//! - `sla_policies`: per department (and one row with no department, for the tickets without
//!   one) the first-response and resolution targets in open minutes (`NULL`: no such target) and
//!   whether the resolution clock pauses while the conversation waits on the customer.
//! - On `tickets`, the clock of each ticket under a policy: `sla_state` (`on_time`, `at_risk`,
//!   `breached`; `NULL`: no policy), the due and at-risk instants of each target, when the
//!   resolution clock paused (waiting on the customer), and `sla_next_at`, the next instant the
//!   state may change — the worker's `sla.check` for that instant ignores an older one.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::{add_column, drop_column, execute_all, tz_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The ticket columns of the clock, in the order they are added.
const TIMES: [&str; 6] = [
    "sla_response_due_at",
    "sla_response_risk_at",
    "sla_resolution_due_at",
    "sla_resolution_risk_at",
    "sla_paused_at",
    "sla_next_at",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        add_column(manager, "tickets", ColumnDef::new(Alias::new("sla_state")).string_len(16).null().to_owned())
            .await?;
        for column in TIMES {
            add_column(manager, "tickets", tz_null(Alias::new(column))).await?;
        }
        let (id, department_key, calendar) = match backend {
            DbBackend::Postgres => (
                "SERIAL PRIMARY KEY",
                "((COALESCE(department_id, 0)))",
                "json_build_object('businessHours', COALESCE(document::json -> 'businessHours', '[]'::json), \
                 'holidays', COALESCE(document::json -> 'holidays', '[]'::json))::text",
            ),
            _ => (
                "INTEGER PRIMARY KEY AUTOINCREMENT",
                "(COALESCE(department_id, 0))",
                "json_object('businessHours', json(COALESCE(json_extract(document, '$.businessHours'), '[]')), \
                 'holidays', json(COALESCE(json_extract(document, '$.holidays'), '[]')))",
            ),
        };
        let sql = [
            format!(
                "CREATE TABLE IF NOT EXISTS sla_policies (id {id}, \
                 department_id INTEGER NULL REFERENCES departments (id) ON DELETE CASCADE, \
                 first_response_minutes INTEGER NULL, \
                 resolution_minutes INTEGER NULL, \
                 pause_on_customer BOOLEAN NOT NULL DEFAULT FALSE)"
            ),
            format!("CREATE UNIQUE INDEX IF NOT EXISTS ux_sla_policies_department ON sla_policies {department_key}"),
            // The control panel's "prestes a estourar": the open tickets at risk or breached.
            "CREATE INDEX IF NOT EXISTS ix_tickets_sla_state ON tickets (sla_state, status)".to_owned(),
            format!(
                "INSERT INTO tenant_settings (key, value, updated_at) \
                 SELECT 'calendar', {calendar}, updated_at FROM bot_configs WHERE instance_id = 0 \
                 ON CONFLICT (key) DO NOTHING"
            ),
        ];
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(
            manager,
            &[
                "DROP INDEX IF EXISTS ix_tickets_sla_state",
                "DROP TABLE IF EXISTS sla_policies",
                "DELETE FROM tenant_settings WHERE key = 'calendar'",
            ],
        )
        .await?;
        for column in TIMES.iter().rev() {
            drop_column(manager, "tickets", column).await?;
        }
        drop_column(manager, "tickets", "sla_state").await
    }
}
