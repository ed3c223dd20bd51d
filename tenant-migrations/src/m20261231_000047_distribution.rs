//! Automatic distribution (issue 46, docs/service-levels.md#distribution): who receives a waiting
//! ticket, and how many each person may hold.
//!
//! - `distribution_policies`: per department (and one row with no department, for the tickets
//!   without one) the strategy — `manual` (the queue, as before), `round_robin`, `balanced` — and
//!   the default capacity of its people, and `offer_seconds`: when set, a ticket is offered to the
//!   chosen person as a transfer request they accept or let expire in that time before it goes to
//!   the next (`NULL`: given directly). No row: manual, capacity [`DEFAULT_CAPACITY`].
//! - `users.capacity`: a person's own capacity, over their department's (`NULL`: the
//!   department's).
//! - `users.open_tickets`: how many tickets the person holds (`open` or `transferring`, assigned
//!   to them). A counter, kept by triggers on `tickets` in the same statement as every accept,
//!   transfer, close, merge or deletion — never a `COUNT` per assignment (Chatwoot's bottleneck).
//!   The distribution claims a slot with a conditional `UPDATE users … WHERE open_tickets <
//!   capacity` before it assigns, so two assignments racing for the last slot cannot both pass.
//! - `users.last_assigned_at`: when the person last received a ticket from the distribution;
//!   round robin gives the next one to whoever waited longest.
//!
//! Not in the `users` entity: nothing but the distribution reads them.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::{add_column, drop_column, execute_all, tz_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A person's capacity when neither they nor their department chose one.
pub const DEFAULT_CAPACITY: i32 = 5;

/// The statuses in which a ticket is held by its assignee.
const HELD: &str = "('open', 'transferring')";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        add_column(manager, "users", ColumnDef::new(Alias::new("capacity")).integer().null().to_owned()).await?;
        add_column(
            manager,
            "users",
            ColumnDef::new(Alias::new("open_tickets")).integer().not_null().default(0).to_owned(),
        )
        .await?;
        add_column(manager, "users", tz_null(Alias::new("last_assigned_at"))).await?;
        let id =
            if backend == DbBackend::Postgres { "SERIAL PRIMARY KEY" } else { "INTEGER PRIMARY KEY AUTOINCREMENT" };
        let department_key = if backend == DbBackend::Postgres {
            "((COALESCE(department_id, 0)))"
        } else {
            "(COALESCE(department_id, 0))"
        };
        let mut sql = vec![
            format!(
                "CREATE TABLE IF NOT EXISTS distribution_policies (id {id}, \
                 department_id INTEGER NULL REFERENCES departments (id) ON DELETE CASCADE, \
                 strategy VARCHAR(16) NOT NULL DEFAULT 'manual', \
                 capacity INTEGER NOT NULL DEFAULT {DEFAULT_CAPACITY}, \
                 offer_seconds INTEGER NULL)"
            ),
            format!(
                "CREATE UNIQUE INDEX IF NOT EXISTS ux_distribution_policies_department \
                 ON distribution_policies {department_key}"
            ),
            // The distribution's walk: the oldest waiting ticket first, without sorting the queue.
            "CREATE INDEX IF NOT EXISTS ix_tickets_waiting ON tickets (status, opened_at, id)".to_owned(),
            format!(
                "UPDATE users SET open_tickets = (SELECT COUNT(*) FROM tickets \
                 WHERE tickets.assigned_user_id = users.id AND tickets.status IN {HELD})"
            ),
        ];
        match backend {
            DbBackend::Postgres => sql.extend([
                // Nested IFs: `NEW` is not touched on a DELETE, nor `OLD` on an INSERT.
                format!(
                    "CREATE OR REPLACE FUNCTION tickets_held() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                     IF TG_OP <> 'INSERT' THEN IF OLD.assigned_user_id IS NOT NULL AND OLD.status IN {HELD} THEN \
                       IF TG_OP = 'DELETE' THEN \
                         UPDATE users SET open_tickets = open_tickets - 1 WHERE id = OLD.assigned_user_id; \
                       ELSIF NEW.assigned_user_id IS DISTINCT FROM OLD.assigned_user_id OR NEW.status NOT IN {HELD} THEN \
                         UPDATE users SET open_tickets = open_tickets - 1 WHERE id = OLD.assigned_user_id; \
                       END IF; END IF; END IF; \
                     IF TG_OP <> 'DELETE' THEN IF NEW.assigned_user_id IS NOT NULL AND NEW.status IN {HELD} THEN \
                       IF TG_OP = 'INSERT' THEN \
                         UPDATE users SET open_tickets = open_tickets + 1 WHERE id = NEW.assigned_user_id; \
                       ELSIF OLD.assigned_user_id IS DISTINCT FROM NEW.assigned_user_id OR OLD.status NOT IN {HELD} THEN \
                         UPDATE users SET open_tickets = open_tickets + 1 WHERE id = NEW.assigned_user_id; \
                       END IF; END IF; END IF; \
                     RETURN NULL; END $$"
                ),
                "DROP TRIGGER IF EXISTS tickets_held ON tickets".to_owned(),
                "CREATE TRIGGER tickets_held AFTER INSERT OR DELETE OR UPDATE OF status, assigned_user_id ON tickets \
                 FOR EACH ROW EXECUTE FUNCTION tickets_held()"
                    .to_owned(),
            ]),
            _ => sql.extend([
                format!(
                    "CREATE TRIGGER IF NOT EXISTS tickets_held_insert AFTER INSERT ON tickets \
                     WHEN NEW.assigned_user_id IS NOT NULL AND NEW.status IN {HELD} \
                     BEGIN UPDATE users SET open_tickets = open_tickets + 1 WHERE id = NEW.assigned_user_id; END"
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS tickets_held_update AFTER UPDATE OF status, assigned_user_id ON tickets \
                     WHEN OLD.assigned_user_id IS NOT NEW.assigned_user_id \
                       OR (OLD.status IN {HELD}) <> (NEW.status IN {HELD}) \
                     BEGIN \
                       UPDATE users SET open_tickets = open_tickets - 1 \
                         WHERE id = OLD.assigned_user_id AND OLD.status IN {HELD}; \
                       UPDATE users SET open_tickets = open_tickets + 1 \
                         WHERE id = NEW.assigned_user_id AND NEW.status IN {HELD}; \
                     END"
                ),
                format!(
                    "CREATE TRIGGER IF NOT EXISTS tickets_held_delete AFTER DELETE ON tickets \
                     WHEN OLD.assigned_user_id IS NOT NULL AND OLD.status IN {HELD} \
                     BEGIN UPDATE users SET open_tickets = open_tickets - 1 WHERE id = OLD.assigned_user_id; END"
                ),
            ]),
        }
        execute_all(manager, &sql).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql: Vec<&str> = match manager.get_database_backend() {
            DbBackend::Postgres => {
                vec!["DROP TRIGGER IF EXISTS tickets_held ON tickets", "DROP FUNCTION IF EXISTS tickets_held()"]
            }
            _ => vec![
                "DROP TRIGGER IF EXISTS tickets_held_delete",
                "DROP TRIGGER IF EXISTS tickets_held_update",
                "DROP TRIGGER IF EXISTS tickets_held_insert",
            ],
        };
        execute_all(manager, &sql).await?;
        execute_all(
            manager,
            &["DROP INDEX IF EXISTS ix_tickets_waiting", "DROP TABLE IF EXISTS distribution_policies"],
        )
        .await?;
        drop_column(manager, "users", "last_assigned_at").await?;
        drop_column(manager, "users", "open_tickets").await?;
        drop_column(manager, "users", "capacity").await
    }
}
