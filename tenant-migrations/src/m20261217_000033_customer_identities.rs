//! A customer is an identity set, not a unique phone (issue 44, docs/inbox.md#identities):
//! WhatsApp usernames hide the number, and Meta's webhooks then carry a business-scoped user id
//! (`BR.1502576394655843`); QR gateways may name a person by a linked id (`…@lid`).
//!
//! `customer_identities` holds every address a customer is known by (`kind` `phone`, `bsuid` or
//! `lid`, or `group` for a group chat a gateway number keeps; unique per kind and value): inbound messages find their customer there. `customers.phone`
//! stays the address replies go to — the phone when one is known, otherwise the id — and a
//! trigger records it as an identity whenever a customer is inserted or its address changes, so
//! every path that adds customers (inbound, imports, the seeder) keeps the invariant "at least one
//! identity", and today's customers get theirs here. `customer_merges` is the log of two customers
//! an administrator found to be one person.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{integer, integer_null, pk_auto, string_len, text};
use sea_orm_migration::sea_orm::DbBackend;

use crate::support::{create, execute_all, fk, index, now_default};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CustomerIdentities {
    Table,
    Id,
    CustomerId,
    Kind,
    Value,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CustomerMerges {
    Table,
    Id,
    CustomerId,
    MergedCustomerId,
    MergedName,
    MergedPhone,
    Identities,
    Tickets,
    Orders,
    UserId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Customers {
    Table,
    Id,
}

/// The kind of an address as `customers.phone` holds it (the domain's `identities::Kind::of`).
const KIND_OF_NEW_PHONE: &str = "CASE WHEN NEW.phone LIKE '+%' THEN 'phone' WHEN NEW.phone LIKE '%@lid' THEN 'lid' \
     WHEN NEW.phone LIKE '%@g.us' THEN 'group' ELSE 'bsuid' END";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(
                create(CustomerIdentities::Table)
                    .col(pk_auto(CustomerIdentities::Id))
                    .col(integer(CustomerIdentities::CustomerId))
                    .col(string_len(CustomerIdentities::Kind, 16))
                    .col(string_len(CustomerIdentities::Value, 160))
                    .col(now_default(backend, CustomerIdentities::CreatedAt))
                    .foreign_key(&mut fk(
                        CustomerIdentities::Table,
                        CustomerIdentities::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_customer_identities_kind_value",
                CustomerIdentities::Table,
                [CustomerIdentities::Kind, CustomerIdentities::Value],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_customer_identities_customer",
                CustomerIdentities::Table,
                [CustomerIdentities::CustomerId],
                false,
            ))
            .await?;
        manager
            .create_table(
                create(CustomerMerges::Table)
                    .col(pk_auto(CustomerMerges::Id))
                    .col(integer(CustomerMerges::CustomerId))
                    .col(integer(CustomerMerges::MergedCustomerId))
                    .col(string_len(CustomerMerges::MergedName, 255))
                    .col(string_len(CustomerMerges::MergedPhone, 160))
                    .col(text(CustomerMerges::Identities))
                    .col(integer(CustomerMerges::Tickets))
                    .col(integer(CustomerMerges::Orders))
                    .col(integer_null(CustomerMerges::UserId))
                    .col(now_default(backend, CustomerMerges::CreatedAt))
                    .foreign_key(&mut fk(
                        CustomerMerges::Table,
                        CustomerMerges::CustomerId,
                        Customers::Table,
                        Customers::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_customer_merges_customer",
                CustomerMerges::Table,
                [CustomerMerges::CustomerId],
                false,
            ))
            .await?;
        let backfill = "INSERT INTO customer_identities (customer_id, kind, value, created_at) \
             SELECT id, CASE WHEN phone LIKE '+%' THEN 'phone' WHEN phone LIKE '%@lid' THEN 'lid' ELSE 'bsuid' END, \
             phone, created_at FROM customers \
             WHERE NOT EXISTS (SELECT 1 FROM customer_identities ci WHERE ci.customer_id = customers.id)";
        let record = |now: &str, conflict: &str| {
            format!(
                "INSERT {conflict}INTO customer_identities (customer_id, kind, value, created_at) \
                 VALUES (NEW.id, {KIND_OF_NEW_PHONE}, NEW.phone, {now})"
            )
        };
        let statements = match backend {
            DbBackend::Postgres => vec![
                backfill.to_owned(),
                format!(
                    "CREATE OR REPLACE FUNCTION customers_identity() RETURNS trigger LANGUAGE plpgsql AS $$ \
                     BEGIN {} ON CONFLICT (kind, value) DO NOTHING; RETURN NEW; END $$",
                    record("now()", "")
                ),
                "DROP TRIGGER IF EXISTS customers_identity ON customers".to_owned(),
                "CREATE TRIGGER customers_identity AFTER INSERT OR UPDATE OF phone ON customers \
                 FOR EACH ROW EXECUTE FUNCTION customers_identity()"
                    .to_owned(),
            ],
            _ => {
                // SQLite takes no upsert clause inside a trigger: `OR IGNORE` is its form.
                let now = "strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')";
                vec![
                    backfill.to_owned(),
                    format!(
                        "CREATE TRIGGER IF NOT EXISTS customers_identity_insert AFTER INSERT ON customers \
                         FOR EACH ROW BEGIN {}; END",
                        record(now, "OR IGNORE ")
                    ),
                    format!(
                        "CREATE TRIGGER IF NOT EXISTS customers_identity_update AFTER UPDATE OF phone ON customers \
                         FOR EACH ROW WHEN NEW.phone <> OLD.phone BEGIN {}; END",
                        record(now, "OR IGNORE ")
                    ),
                ]
            }
        };
        execute_all(manager, &statements).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let statements: &[&str] = match manager.get_database_backend() {
            DbBackend::Postgres => &[
                "DROP TRIGGER IF EXISTS customers_identity ON customers",
                "DROP FUNCTION IF EXISTS customers_identity()",
            ],
            _ => &[
                "DROP TRIGGER IF EXISTS customers_identity_insert",
                "DROP TRIGGER IF EXISTS customers_identity_update",
            ],
        };
        execute_all(manager, statements).await?;
        manager.drop_table(Table::drop().table(CustomerMerges::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(CustomerIdentities::Table).if_exists().to_owned()).await
    }
}
