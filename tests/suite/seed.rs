//! The demo seed fills every table of a tenant.

use backoffice::{
    demo::{self as seed, DemoOptions},
    entities::tenant::*,
};
use sea_orm::{EntityTrait, PaginatorTrait};

use crate::support::TestApp;

#[tokio::test]
async fn the_demo_seed_fills_every_table_with_data() {
    let app = TestApp::spawn().await;
    app.create_tenant("demo").await;
    let db = app.tenant_db("demo").await;
    let tx = db.begin().await.unwrap();
    let options = DemoOptions {
        customers: 40,
        days: 7,
        agents: 4,
        messages_per_ticket: 4,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA".into(),
        rng_seed: 7,
    };
    let summary = seed::seed_demo(&tx, &options, &|_| {}).await.unwrap();
    tx.commit().await.unwrap();
    assert!(summary.messages > 0 && summary.tickets > 0 && summary.customers == 40);

    let tx = db.begin().await.unwrap();
    let counts = [
        ("users", user::Entity::find().count(&tx).await.unwrap()),
        ("instances", instance::Entity::find().count(&tx).await.unwrap()),
        ("user_instances", user_instance::Entity::find().count(&tx).await.unwrap()),
        ("user_settings", user_setting::Entity::find().count(&tx).await.unwrap()),
        ("customers", customer::Entity::find().count(&tx).await.unwrap()),
        ("customer_groups", customer_group::Entity::find().count(&tx).await.unwrap()),
        ("customer_group_members", customer_group_member::Entity::find().count(&tx).await.unwrap()),
        ("chats", chat::Entity::find().count(&tx).await.unwrap()),
        ("tickets", ticket::Entity::find().count(&tx).await.unwrap()),
        ("messages", message::Entity::find().count(&tx).await.unwrap()),
        ("ticket_transfers", ticket_transfer::Entity::find().count(&tx).await.unwrap()),
        ("orders", order::Entity::find().count(&tx).await.unwrap()),
        ("campaigns", campaign::Entity::find().count(&tx).await.unwrap()),
        ("campaign_recipients", campaign_recipient::Entity::find().count(&tx).await.unwrap()),
        ("instance_logs", instance_log::Entity::find().count(&tx).await.unwrap()),
        ("login_failures", login_failure::Entity::find().count(&tx).await.unwrap()),
        ("webhook_endpoints", webhook_endpoint::Entity::find().count(&tx).await.unwrap()),
        ("webhook_deliveries", webhook_delivery::Entity::find().count(&tx).await.unwrap()),
        ("mentions", mention::Entity::find().count(&tx).await.unwrap()),
    ];
    for (table, count) in counts {
        assert!(count > 0, "{table} is empty");
    }
    // The notes are messages too, each naming someone.
    assert_eq!(summary.messages + summary.notes, counts[9].1);
    assert_eq!(summary.notes, counts[counts.len() - 1].1);
}
