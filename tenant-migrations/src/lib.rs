//! Migrations of a tenant database (docs/tenancy.md, `docs/data-model.md`).
//!
//! The same migrations run on SQLite (one file per tenant) and on PostgreSQL (one schema per tenant,
//! bound by the caller with `SET LOCAL search_path` inside its transaction). They therefore never
//! qualify a table with a schema and use only portable DDL; every statement is `IF NOT EXISTS`, so a
//! provisioning that failed half-way can simply be run again.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_directory;
mod m20261121_000002_create_chat;
mod m20261121_000003_create_commerce_and_campaigns;
mod m20261121_000004_create_logs_and_security;
mod m20261121_000005_add_role_two_factor_requirement;
mod m20261121_000006_create_sync_jobs;
mod m20261121_000007_index_users_by_name;
mod m20261123_000008_harden_logins;
mod m20261124_000009_create_inbox;
mod m20261125_000010_cover_user_listing;
mod m20261126_000011_index_ticket_counts;
mod m20261127_000012_create_analytics;
mod m20261128_000013_create_analytics_rollups;
mod m20261129_000014_create_bot;
mod m20261130_000015_extend_campaigns_and_webhooks;
mod m20261201_000016_account_self_service;
mod m20261202_000017_search_columns;
mod m20261202_000018_count_live_users;
mod m20261203_000019_early_acks;
mod m20261204_000020_count_user_changes;
mod m20261205_000021_drop_chat_activity;
mod m20261206_000022_lighter_message_writes;
mod m20261207_000023_lighter_ticket_writes;
mod m20261208_000024_pin_counter_triggers;
mod m20261209_000025_resumable_sync;
mod m20261210_000026_conversation_media;
mod m20261211_000027_analytics_message_types;
mod m20261212_000028_media_holders;
mod m20261213_000029_count_media_bytes;
mod m20261214_000030_provider_kinds;
mod m20261215_000031_cloud_window_and_templates;
mod m20261216_000032_template_campaigns;
mod m20261217_000033_customer_identities;
mod m20261218_000034_quick_replies;
mod m20261219_000035_notes_and_mentions;
mod m20261220_000036_scheduled_messages;
mod m20261221_000037_tags;
mod m20261222_000038_analytics_tags;
mod m20261223_000039_message_search;
mod m20261224_000040_customer_search_index;
mod m20261225_000041_reply_attachments_and_uses;
mod m20261226_000042_stored_search_document;
mod m20261227_000043_message_search_prefixes;
mod m20261228_000044_ticket_activity_customer;
mod m20261229_000045_ticket_customer_search;
mod m20261230_000046_agent_status;
mod m20261231_000047_distribution;
mod m20270101_000048_service_levels;
mod m20270102_000049_sla_attainment;
mod m20270103_000050_satisfaction_survey;
mod m20270104_000051_waiting_by_due;
mod m20270105_000052_api_tokens;
mod m20270106_000053_orders_from_outside;
mod m20270107_000054_people_only_in_user_list;
mod m20270108_000055_audit_log;
mod m20270109_000056_privacy;
mod m20270110_000057_recent_search;
mod m20270111_000058_search_pending_list;
mod support;

pub use m20261127_000012_create_analytics::DURATION_BUCKETS;
pub use m20261202_000018_count_live_users::LIVE_USERS;
pub use m20261204_000020_count_user_changes::USER_CHANGES;
pub use m20261211_000027_analytics_message_types::MESSAGE_TYPE_COUNTS;
pub use m20261213_000029_count_media_bytes::MEDIA_BYTES;
pub use m20261231_000047_distribution::DEFAULT_CAPACITY as DEFAULT_AGENT_CAPACITY;

/// The tenant migrator: applies the migrations below in order and records them in `seaql_migrations`.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_create_directory::Migration),
            Box::new(m20261121_000002_create_chat::Migration),
            Box::new(m20261121_000003_create_commerce_and_campaigns::Migration),
            Box::new(m20261121_000004_create_logs_and_security::Migration),
            Box::new(m20261121_000005_add_role_two_factor_requirement::Migration),
            Box::new(m20261121_000006_create_sync_jobs::Migration),
            Box::new(m20261121_000007_index_users_by_name::Migration),
            Box::new(m20261123_000008_harden_logins::Migration),
            Box::new(m20261124_000009_create_inbox::Migration),
            Box::new(m20261125_000010_cover_user_listing::Migration),
            Box::new(m20261126_000011_index_ticket_counts::Migration),
            Box::new(m20261127_000012_create_analytics::Migration),
            Box::new(m20261128_000013_create_analytics_rollups::Migration),
            Box::new(m20261129_000014_create_bot::Migration),
            Box::new(m20261130_000015_extend_campaigns_and_webhooks::Migration),
            Box::new(m20261201_000016_account_self_service::Migration),
            Box::new(m20261202_000017_search_columns::Migration),
            Box::new(m20261202_000018_count_live_users::Migration),
            Box::new(m20261203_000019_early_acks::Migration),
            Box::new(m20261204_000020_count_user_changes::Migration),
            Box::new(m20261205_000021_drop_chat_activity::Migration),
            Box::new(m20261206_000022_lighter_message_writes::Migration),
            Box::new(m20261207_000023_lighter_ticket_writes::Migration),
            Box::new(m20261208_000024_pin_counter_triggers::Migration),
            Box::new(m20261209_000025_resumable_sync::Migration),
            Box::new(m20261210_000026_conversation_media::Migration),
            Box::new(m20261211_000027_analytics_message_types::Migration),
            Box::new(m20261212_000028_media_holders::Migration),
            Box::new(m20261213_000029_count_media_bytes::Migration),
            Box::new(m20261214_000030_provider_kinds::Migration),
            Box::new(m20261215_000031_cloud_window_and_templates::Migration),
            Box::new(m20261216_000032_template_campaigns::Migration),
            Box::new(m20261217_000033_customer_identities::Migration),
            Box::new(m20261218_000034_quick_replies::Migration),
            Box::new(m20261219_000035_notes_and_mentions::Migration),
            Box::new(m20261220_000036_scheduled_messages::Migration),
            Box::new(m20261221_000037_tags::Migration),
            Box::new(m20261222_000038_analytics_tags::Migration),
            Box::new(m20261223_000039_message_search::Migration),
            Box::new(m20261224_000040_customer_search_index::Migration),
            Box::new(m20261225_000041_reply_attachments_and_uses::Migration),
            Box::new(m20261226_000042_stored_search_document::Migration),
            Box::new(m20261227_000043_message_search_prefixes::Migration),
            Box::new(m20261228_000044_ticket_activity_customer::Migration),
            Box::new(m20261229_000045_ticket_customer_search::Migration),
            Box::new(m20261230_000046_agent_status::Migration),
            Box::new(m20261231_000047_distribution::Migration),
            Box::new(m20270101_000048_service_levels::Migration),
            Box::new(m20270102_000049_sla_attainment::Migration),
            Box::new(m20270103_000050_satisfaction_survey::Migration),
            Box::new(m20270104_000051_waiting_by_due::Migration),
            Box::new(m20270105_000052_api_tokens::Migration),
            Box::new(m20270106_000053_orders_from_outside::Migration),
            Box::new(m20270107_000054_people_only_in_user_list::Migration),
            Box::new(m20270108_000055_audit_log::Migration),
            Box::new(m20270109_000056_privacy::Migration),
            Box::new(m20270110_000057_recent_search::Migration),
            Box::new(m20270111_000058_search_pending_list::Migration),
        ]
    }
}

/// The names of every tenant migration this build knows, oldest first (a tenant export records
/// the ones its data went through; an import refuses names it does not know).
pub fn migration_names() -> Vec<String> {
    Migrator::migrations().iter().map(|migration| migration.name().to_owned()).collect()
}

/// Every table the tenant migrations create, in creation order.
/// The tables SQLite's full-text indexes keep (migrations 39 and 40: the virtual tables and their
/// FTS5 shadows); the database fills them from `messages` and `customers`, so backups leave them
/// out. PostgreSQL's indexes are indexes, not tables.
pub const SQLITE_SEARCH_TABLES: [&str; 10] = [
    "messages_fts",
    "messages_fts_data",
    "messages_fts_idx",
    "messages_fts_docsize",
    "messages_fts_config",
    "customers_fts",
    "customers_fts_data",
    "customers_fts_idx",
    "customers_fts_docsize",
    "customers_fts_config",
];

pub const TABLES: &[&str] = &[
    "roles",
    "permissions",
    "role_permissions",
    "departments",
    "distribution_policies",
    "sla_policies",
    "closing_reasons",
    "instances",
    "users",
    "user_instances",
    "user_settings",
    "quick_replies",
    "customers",
    "customer_groups",
    "customer_group_members",
    "customer_identities",
    "customer_merges",
    "chats",
    "tickets",
    "messages",
    "ticket_transfers",
    "survey_responses",
    "api_tokens",
    "audit_log",
    "orders",
    "campaigns",
    "campaign_recipients",
    "webhook_endpoints",
    "webhook_deliveries",
    "instance_logs",
    "login_failures",
    "analytics_daily",
    "analytics_units",
    "analytics_agents",
    "analytics_hours",
    "analytics_reasons",
    "analytics_sync_state",
    "presence_sessions",
    "tenant_settings",
    "refresh_tokens",
    "sync_jobs",
    "jobs",
    "provider_events",
    "bot_configs",
    "bot_sessions",
    "bot_steps",
    "analytics_bot",
    "instance_send_rates",
    "webhook_attempts",
    "tenant_counters",
    "early_acks",
    "media",
    "message_reactions",
    "media_holds",
    "message_templates",
    "template_prices",
    "mentions",
    "ticket_shares",
    "scheduled_messages",
    "tags",
    "ticket_tags",
    "customer_tags",
    "analytics_tags",
    "analytics_tag_reasons",
    "quick_reply_uses",
    "consents",
];

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::{ConnectionTrait, Database, DbBackend, Statement};

    #[tokio::test]
    async fn migrating_twice_creates_every_table_once() {
        // Arrange
        let db = Database::connect("sqlite::memory:").await.expect("in-memory SQLite opens");

        // Act
        Migrator::up(&db, None).await.expect("first run migrates");
        Migrator::up(&db, None).await.expect("second run is a no-op");

        // Assert
        for table in TABLES {
            assert!(
                SchemaManager::new(&db).has_table(*table).await.expect("has_table answers"),
                "table {table} exists"
            );
        }
        let applied = Migrator::get_applied_migrations(&db).await.expect("applied migrations are listed");
        assert_eq!(applied.len(), Migrator::migrations().len());
        let rows = db
            .query_all_raw(Statement::from_string(
                DbBackend::Sqlite,
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name <> 'seaql_migrations'",
            ))
            .await
            .expect("tables are listed");
        assert_eq!(rows.len(), TABLES.len() + SQLITE_SEARCH_TABLES.len(), "no table beyond the documented ones");
    }

    #[tokio::test]
    async fn a_client_id_stays_unique_while_customers_messages_carry_none() {
        // Arrange: the partial index of m20261206_000022 on a tenant with one conversation.
        let db = Database::connect("sqlite::memory:").await.expect("in-memory SQLite opens");
        Migrator::up(&db, None).await.expect("migrates");
        for sql in [
            "INSERT INTO instances (id, name) VALUES (1, 'Loja')",
            "INSERT INTO customers (id, name, phone) VALUES (1, 'Ana', '+5511987654321')",
            "INSERT INTO chats (id, customer_id, instance_id) VALUES (1, 1, 1)",
        ] {
            db.execute_unprepared(sql).await.expect("the conversation is set up");
        }
        let message = |client_id: &str, external_id: &str| {
            format!(
                "INSERT INTO messages (chat_id, instance_id, direction, body, external_id, client_id, sent_at) \
                 VALUES (1, 1, 'in', 'oi', {external_id}, {client_id}, '2026-12-01 12:00:00+00:00')"
            )
        };

        // Act
        let customers = [message("NULL", "'p1'"), message("NULL", "'p2'")];
        let first_send = message("'bo-1'", "NULL");
        let same_key = message("'bo-1'", "NULL");
        for sql in customers.iter().chain([&first_send]) {
            db.execute_unprepared(sql).await.expect("messages without a key and a first send are stored");
        }
        let repeated = db.execute_unprepared(&same_key).await;
        let plan = db
            .query_all_raw(Statement::from_string(
                DbBackend::Sqlite,
                "EXPLAIN QUERY PLAN SELECT id FROM messages WHERE client_id = 'bo-1'",
            ))
            .await
            .expect("the plan is read");

        // Assert
        assert!(repeated.is_err(), "a second send with the same client_id is refused");
        let detail: Vec<String> = plan.iter().map(|row| row.try_get("", "detail").expect("detail")).collect();
        assert!(
            detail.iter().any(|step| step.contains("ux_messages_client_id")),
            "a lookup by client_id uses the partial index: {detail:?}"
        );
    }

    #[tokio::test]
    async fn every_customer_is_known_by_its_address_whichever_path_adds_it() {
        // Arrange
        let db = Database::connect("sqlite::memory:").await.expect("in-memory SQLite opens");
        Migrator::up(&db, None).await.expect("migrates");

        // Act: a customer with a phone, one known only by a username's id, one by a linked id;
        // then the second reveals a phone.
        for sql in [
            "INSERT INTO customers (id, name, phone) VALUES (1, 'Ana', '+5511987654321')",
            "INSERT INTO customers (id, name, phone) VALUES (2, 'Bia', 'BR.1502576394655843')",
            "INSERT INTO customers (id, name, phone) VALUES (3, 'Caio', '120363025246125486@lid')",
            "UPDATE customers SET phone = '+5521999990000' WHERE id = 2",
        ] {
            db.execute_unprepared(sql).await.expect("customers are written");
        }
        let rows = db
            .query_all_raw(Statement::from_string(
                DbBackend::Sqlite,
                "SELECT customer_id, kind, value FROM customer_identities ORDER BY customer_id, id",
            ))
            .await
            .expect("identities are read");

        // Assert
        let identities: Vec<(i32, String, String)> = rows
            .iter()
            .map(|row| {
                (
                    row.try_get("", "customer_id").expect("customer_id"),
                    row.try_get("", "kind").expect("kind"),
                    row.try_get("", "value").expect("value"),
                )
            })
            .collect();
        let expected = [
            (1, "phone", "+5511987654321"),
            (2, "bsuid", "BR.1502576394655843"),
            (2, "phone", "+5521999990000"),
            (3, "lid", "120363025246125486@lid"),
        ];
        let expected: Vec<(i32, String, String)> =
            expected.iter().map(|(id, kind, value)| (*id, (*kind).to_owned(), (*value).to_owned())).collect();
        assert_eq!(identities, expected);
    }

    #[tokio::test]
    async fn customers_from_before_identities_keep_their_phone_as_one() {
        // Arrange: a tenant at the migration before identities, with a customer.
        let db = Database::connect("sqlite::memory:").await.expect("in-memory SQLite opens");
        let before = <u32 as TryFrom<usize>>::try_from(Migrator::migrations().len() - 1).expect("a small count");
        Migrator::up(&db, Some(before)).await.expect("migrates to the one before");
        db.execute_unprepared("INSERT INTO customers (id, name, phone) VALUES (7, 'Ana', '+5511987654321')")
            .await
            .expect("a customer of before");

        // Act
        Migrator::up(&db, None).await.expect("migrates the rest");
        let row = db
            .query_one_raw(Statement::from_string(
                DbBackend::Sqlite,
                "SELECT customer_id, kind FROM customer_identities WHERE value = '+5511987654321'",
            ))
            .await
            .expect("identities are read")
            .expect("the phone became an identity");

        // Assert
        assert_eq!(row.try_get::<i32>("", "customer_id").expect("customer_id"), 7);
        assert_eq!(row.try_get::<String>("", "kind").expect("kind"), "phone");
    }

    #[tokio::test]
    async fn sqlite_default_times_are_written_like_bound_utc_times() {
        let db = Database::connect("sqlite::memory:").await.expect("in-memory SQLite opens");
        Migrator::up(&db, None).await.expect("migrates");

        db.execute_unprepared("INSERT INTO roles (name, display_name) VALUES ('x', 'X')")
            .await
            .expect("inserts with defaults");
        let row = db
            .query_one_raw(Statement::from_string(
                DbBackend::Sqlite,
                "SELECT created_at AS raw, created_at AS parsed FROM roles",
            ))
            .await
            .expect("reads")
            .expect("one row");

        let raw: String = row.try_get("", "raw").expect("text");
        assert_eq!(raw.len(), "2026-11-21T13:05:09+00:00".len(), "{raw}");
        assert_eq!((&raw[10..11], &raw[19..]), ("T", "+00:00"), "{raw}");
        let parsed: sea_orm::prelude::DateTimeUtc = row.try_get("", "parsed").expect("decodes");
        assert_eq!(parsed.to_rfc3339(), raw);
    }

    #[tokio::test]
    async fn every_migration_can_be_rolled_back_and_reapplied() {
        let db = Database::connect("sqlite::memory:").await.expect("in-memory SQLite opens");
        Migrator::up(&db, None).await.expect("migrates");

        Migrator::down(&db, None).await.expect("rolls back");
        for table in TABLES {
            assert!(
                !SchemaManager::new(&db).has_table(*table).await.expect("has_table answers"),
                "table {table} is gone"
            );
        }
        Migrator::up(&db, None).await.expect("migrates again");
    }

    /// The PostgreSQL layout of docs/tenancy.md: one schema per tenant, bound with `SET LOCAL search_path`
    /// inside the transaction the migrations run in. Runs only when `TEST_DATABASE_URL` is set.
    #[tokio::test]
    async fn migrations_run_inside_a_tenant_schema_on_postgres() {
        let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
            return;
        };
        let db = Database::connect(&url).await.expect("PostgreSQL connects");
        let schema = format!(
            "tenant_migrations_test_{}_{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or_default()
        );
        db.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await.expect("schema is created");

        for _ in 0..2 {
            let tx = sea_orm::TransactionTrait::begin(&db).await.expect("begins");
            tx.execute_unprepared(&format!("SET LOCAL search_path TO \"{schema}\"")).await.expect("binds the schema");
            Migrator::up(&tx, None).await.expect("migrates");
            tx.commit().await.expect("commits");
        }

        let rows = db
            .query_all_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT table_name::text AS name FROM information_schema.tables \
                 WHERE table_schema = $1 AND table_name <> 'seaql_migrations'",
                [schema.clone().into()],
            ))
            .await
            .expect("tables are listed");
        let mut found: Vec<String> = rows.iter().map(|row| row.try_get::<String>("", "name").expect("name")).collect();
        found.sort();
        let mut expected: Vec<String> = TABLES.iter().map(|t| (*t).to_owned()).collect();
        expected.sort();
        let public_leak = db
            .query_all_raw(Statement::from_string(
                DbBackend::Postgres,
                "SELECT 1 FROM information_schema.tables \
                 WHERE table_schema = 'public' AND table_name = 'analytics_daily'",
            ))
            .await
            .expect("public is listed");
        db.execute_unprepared(&format!("DROP SCHEMA \"{schema}\" CASCADE")).await.expect("schema is dropped");
        assert_eq!(found, expected);
        assert!(public_leak.is_empty(), "nothing was created outside the tenant schema");
    }
}
