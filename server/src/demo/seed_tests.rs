//! The seed against real databases: a migrated in-memory SQLite tenant, and PostgreSQL when
//! `TEST_DATABASE_URL` is set. Speed is measured by `bench/seed.sh`, not here.

use std::sync::Mutex;

use sea_orm::{
    ColumnTrait, Database, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait,
};
use tenant_migrations::{Migrator, MigratorTrait};

use super::*;
use crate::entities::tenant::*;

async fn migrated_sqlite() -> DatabaseConnection {
    let db = Database::connect("sqlite::memory:").await.expect("SQLite opens");
    Migrator::up(&db, None).await.expect("tenant migrations run");
    db
}

fn small() -> DemoOptions {
    DemoOptions {
        customers: 60,
        days: 10,
        agents: 5,
        messages_per_ticket: 6,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        rng_seed: 42,
    }
}

/// Rows of a table.
macro_rules! count {
    ($db:expr, $entity:path) => {
        <$entity>::find().count($db).await.expect("count")
    };
}

#[tokio::test]
async fn the_seed_fills_every_table_but_refresh_tokens() {
    let db = migrated_sqlite().await;
    let stages = Mutex::new(Vec::new());
    let tx = db.begin().await.expect("begins");

    let summary = seed_demo(&tx, &small(), &|stage| stages.lock().expect("lock").push(stage)).await.expect("seeds");
    tx.commit().await.expect("commits");

    assert_eq!(summary.customers, 60);
    assert_eq!(summary.users, 5);
    assert_eq!(summary.tickets, 60 * 10 / 5);
    assert_eq!(summary.messages, summary.tickets * 6);
    // The notes are messages too, each naming someone.
    assert!(summary.notes > 0);
    assert_eq!(count!(&db, message::Entity), summary.messages + summary.notes);
    assert_eq!(count!(&db, mention::Entity), summary.notes);
    assert!(summary.scheduled > 0);
    assert_eq!(count!(&db, scheduled_message::Entity), summary.scheduled);
    // Tags on four of every five tickets (one board column each), a few customers VIP.
    assert_eq!(count!(&db, tag::Entity), summary.tags);
    assert!(count!(&db, ticket_tag::Entity) >= summary.tickets * 4 / 5 - 4);
    assert!(count!(&db, customer_tag::Entity) > 0);
    assert_eq!(count!(&db, ticket::Entity), summary.tickets);
    assert_eq!(count!(&db, order::Entity), summary.orders);
    assert_eq!(count!(&db, ticket_transfer::Entity), summary.transfers);
    assert_eq!(count!(&db, campaign::Entity), summary.campaigns);
    assert_eq!(count!(&db, instance_log::Entity), summary.instance_logs);
    assert_eq!(count!(&db, login_failure::Entity), summary.login_failures);
    let tables = [
        ("roles", count!(&db, role::Entity)),
        ("departments", count!(&db, department::Entity)),
        ("closing_reasons", count!(&db, closing_reason::Entity)),
        ("users", count!(&db, user::Entity)),
        ("instances", count!(&db, instance::Entity)),
        ("user_instances", count!(&db, user_instance::Entity)),
        ("user_settings", count!(&db, user_setting::Entity)),
        ("customers", count!(&db, customer::Entity)),
        ("customer_groups", count!(&db, customer_group::Entity)),
        ("customer_group_members", count!(&db, customer_group_member::Entity)),
        ("chats", count!(&db, chat::Entity)),
        ("tickets", count!(&db, ticket::Entity)),
        ("messages", count!(&db, message::Entity)),
        ("ticket_transfers", count!(&db, ticket_transfer::Entity)),
        ("orders", count!(&db, order::Entity)),
        ("campaigns", count!(&db, campaign::Entity)),
        ("campaign_recipients", count!(&db, campaign_recipient::Entity)),
        ("instance_logs", count!(&db, instance_log::Entity)),
        ("login_failures", count!(&db, login_failure::Entity)),
        ("webhook_endpoints", count!(&db, webhook_endpoint::Entity)),
        ("webhook_deliveries", count!(&db, webhook_delivery::Entity)),
    ];
    for (table, rows) in tables {
        assert!(rows > 0, "{table} is empty");
    }
    assert_eq!(count!(&db, refresh_token::Entity), 0);
    // The service levels: most closed tickets surveyed, about half of those answered, and their
    // SLA settled (the screens and reports have something to show).
    let closed = ticket::Entity::find().filter(ticket::Column::Status.eq("closed")).count(&db).await.expect("count");
    assert!(summary.surveys > 0 && summary.surveys <= closed, "{} of {closed}", summary.surveys);
    let settled =
        ticket::Entity::find().filter(ticket::Column::SlaState.is_not_null()).count(&db).await.expect("count");
    assert!(settled > 0 && settled <= closed);
    let calendar = crate::domain::calendar::setting::read(&db).await.expect("the calendar");
    assert_eq!(calendar.business_hours.len(), 5, "Monday to Friday");

    let stages = stages.into_inner().expect("lock");
    assert_eq!(stages.first(), Some(&SeedStage::Directory));
    assert_eq!(stages.last(), Some(&SeedStage::Analytics));
    assert!(stages.contains(&SeedStage::Tickets { done: summary.tickets, total: summary.tickets }));
}

#[tokio::test]
async fn seeded_rows_are_consistent() {
    let db = migrated_sqlite().await;
    let summary = seed_demo(&db, &small(), &|_| {}).await.expect("seeds");
    let now = Utc::now();

    // Phones are Brazilian mobiles in E.164; agents use the demo domain.
    for phone in customer::Entity::find().all(&db).await.expect("customers").iter().map(|c| &c.phone) {
        assert_eq!(phone.len(), 14, "{phone}");
        assert!(phone.starts_with("+55") && &phone[5..6] == "9", "{phone}");
    }
    let agents = user::Entity::find().all(&db).await.expect("users");
    assert!(agents.iter().all(|u| u.email.ends_with("@demo.example")));
    assert!(agents.iter().all(|u| u.username.contains('.') || u.username == super::directory::DEMO_ATTENDANT));
    assert!(agents.iter().any(|u| u.email == "atendente@demo.example"), "the attendant deploy/local.sh prints");

    // Tickets: closed ones have a reason and a close time after the first response.
    let tickets = ticket::Entity::find().all(&db).await.expect("tickets");
    let closed: Vec<_> = tickets.iter().filter(|t| t.status == states::TicketStatus::Closed).collect();
    assert!(closed.len() * 2 > tickets.len(), "most tickets are closed");
    // The inbox lists each ticket with its last activity and the start of its last message.
    assert!(tickets.iter().all(|t| t.last_activity_at.is_some() && t.last_message_preview.is_some()));
    for ticket in &tickets {
        assert!(ticket.opened_at <= now);
        if ticket.status == states::TicketStatus::Closed {
            assert!(ticket.closing_reason_id.is_some());
            let first = ticket.first_response_at.expect("answered");
            let closed_at = ticket.closed_at.expect("closed");
            assert!(ticket.opened_at < first && first < closed_at && closed_at <= now);
        }
        if ticket.status == states::TicketStatus::Pending {
            assert!(ticket.assigned_user_id.is_none() && ticket.first_response_at.is_none());
        }
    }

    // Messages alternate in/out within an answered ticket, and out ones carry their author.
    let first_ticket = closed.first().expect("a closed ticket");
    let messages = message::Entity::find()
        .filter(message::Column::TicketId.eq(first_ticket.id))
        .order_by_asc(message::Column::SentAt)
        .all(&db)
        .await
        .expect("messages");
    let directions: Vec<&str> = messages.iter().map(|m| m.direction.as_str()).collect();
    assert_eq!(directions, ["in", "out", "in", "out", "in", "out"]);
    assert!(messages.iter().all(|m| (m.direction == "out") == m.user_id.is_some()));

    // Orders are in centavos within the documented range.
    for order in order::Entity::find().all(&db).await.expect("orders") {
        assert!((1_990..=250_000).contains(&order.value_cents));
    }

    // The aggregates written by the analytics sync add up to what was generated.
    let today = crate::domain::analytics::local_day(chrono::Utc::now());
    let window = crate::domain::analytics::Period { from: today - chrono::Duration::days(9), to: today };
    let view = crate::domain::analytics::figures::analytics(&db, window, Default::default()).await.expect("analytics");
    assert_eq!(view.days.len(), 10, "one entry per day");
    assert_eq!(view.totals.tickets_opened as u64, summary.tickets);
    assert_eq!((view.totals.messages_in + view.totals.messages_out) as u64, summary.messages);
    assert_eq!(view.totals.tickets_closed as usize, closed.len());
    assert!(view.synced_at.is_some(), "the seed ran a sync");
}

#[tokio::test]
async fn the_same_rng_seed_gives_the_same_data() {
    let (a, b) = (migrated_sqlite().await, migrated_sqlite().await);
    seed_demo(&a, &small(), &|_| {}).await.expect("seeds a");
    seed_demo(&b, &small(), &|_| {}).await.expect("seeds b");

    async fn fingerprint(db: &DatabaseConnection) -> Vec<(String, String)> {
        customer::Entity::find()
            .select_only()
            .columns([customer::Column::Name, customer::Column::Phone])
            .order_by_asc(customer::Column::Id)
            .into_tuple()
            .all(db)
            .await
            .expect("customers")
    }
    async fn bodies(db: &DatabaseConnection) -> Vec<String> {
        message::Entity::find()
            .select_only()
            .column(message::Column::Body)
            .order_by_asc(message::Column::Id)
            .limit(500)
            .into_tuple()
            .all(db)
            .await
            .expect("messages")
    }
    assert_eq!(fingerprint(&a).await, fingerprint(&b).await);
    assert_eq!(bodies(&a).await, bodies(&b).await);
}

#[tokio::test]
async fn a_second_seed_of_the_same_tenant_still_succeeds() {
    let db = migrated_sqlite().await;
    seed_demo(&db, &small(), &|_| {}).await.expect("first seed");
    let again = seed_demo(&db, &DemoOptions { rng_seed: 43, ..small() }, &|_| {})
        .await
        .expect("second seed reuses instances and groups");
    assert_eq!(again.customers, 60);
    assert_eq!(count!(&db, instance::Entity), 3);
}

#[tokio::test]
async fn degenerate_options_do_not_fail() {
    for options in [
        DemoOptions { customers: 0, agents: 0, days: 0, messages_per_ticket: 0, ..small() },
        DemoOptions { customers: 3, agents: 0, days: 1, messages_per_ticket: 1, ..small() },
        DemoOptions { customers: 5, agents: 1, days: 1, messages_per_ticket: 2, ..small() },
    ] {
        let db = migrated_sqlite().await;
        let summary = seed_demo(&db, &options, &|_| {}).await.expect("seeds");
        assert_eq!(summary.customers, u64::from(options.customers));
        assert_eq!(summary.messages, count!(&db, message::Entity));
    }
}

/// Compiles only if the seed's future is `Send`, so servers can spawn it.
#[allow(dead_code)]
fn the_seed_future_is_send(db: &DatabaseConnection, opts: &DemoOptions) {
    fn is_send<T: Send>(_: &T) {}
    let future = seed_demo(db, opts, &|_| {});
    is_send(&future);
}
