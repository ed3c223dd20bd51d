//! Orders from the outside world (issue 47, docs/orders.md, decision 211): an integration
//! registers them idempotently by its own id (`external_id`, unique), and an agent from the
//! customer's panel. What an order carries beyond its value: its items (JSON `[{name, quantity,
//! unitCents}]`, optional), how it is paid, where it came from (`source`: `atendimento` for a
//! person, `api` or the integration's own word for a token) and a note.

use sea_orm_migration::prelude::*;

use crate::support::execute_all;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(
            manager,
            &[
                "ALTER TABLE orders ADD COLUMN external_id VARCHAR(120) NULL",
                "ALTER TABLE orders ADD COLUMN items TEXT NULL",
                "ALTER TABLE orders ADD COLUMN payment_method VARCHAR(16) NULL",
                "ALTER TABLE orders ADD COLUMN source VARCHAR(40) NOT NULL DEFAULT 'atendimento'",
                "ALTER TABLE orders ADD COLUMN note TEXT NULL",
                // The caller's id makes a retried request the same order.
                "CREATE UNIQUE INDEX IF NOT EXISTS ux_orders_external_id ON orders (external_id)",
                // A customer's orders, newest first.
                "CREATE INDEX IF NOT EXISTS ix_orders_customer_newest ON orders (customer_id, id)",
            ],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        execute_all(
            manager,
            &[
                "DROP INDEX IF EXISTS ix_orders_customer_newest",
                "DROP INDEX IF EXISTS ux_orders_external_id",
                "ALTER TABLE orders DROP COLUMN note",
                "ALTER TABLE orders DROP COLUMN source",
                "ALTER TABLE orders DROP COLUMN payment_method",
                "ALTER TABLE orders DROP COLUMN items",
                "ALTER TABLE orders DROP COLUMN external_id",
            ],
        )
        .await
    }
}
