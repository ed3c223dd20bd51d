//! The monthly ticket limit, also under concurrency (the user limit is in `users_api`).

use backoffice::{
    domain::conversations::tickets::{self, NewTicket},
    entities::tenant::{chat, customer},
};
use sea_orm::{ActiveModelTrait, Set};

use crate::support::TestApp;

#[tokio::test]
async fn tickets_beyond_the_monthly_limit_are_refused_even_when_opened_at_once() {
    let app = TestApp::spawn().await;
    app.create_tenant("acme").await;
    let instance_id = app.create_instance("acme", "WhatsApp").await;
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let now = chrono::Utc::now();
    let mut customers = Vec::new();
    for i in 0..8 {
        let c = customer::ActiveModel {
            name: Set(format!("Cliente {i}")),
            phone: Set(format!("+55119999900{i:02}")),
            blacklisted: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&tx)
        .await
        .unwrap();
        let chat = chat::ActiveModel {
            customer_id: Set(c.id),
            instance_id: Set(instance_id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&tx)
        .await
        .unwrap();
        customers.push((c.id, chat.id));
    }
    tx.commit().await.unwrap();

    let limit = 3;
    let attempts = customers.iter().map(|&(customer_id, chat_id)| {
        let db = db.clone();
        async move {
            let tx = db.begin().await.unwrap();
            let result =
                tickets::open(&tx, NewTicket { customer_id, instance_id, chat_id, ..NewTicket::default() }, limit)
                    .await;
            tx.commit().await.unwrap();
            result
        }
    });
    let results = futures::future::join_all(attempts).await;
    let opened = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(opened, 3);
    for result in results.into_iter().filter(|r| r.is_err()) {
        match result.unwrap_err() {
            backoffice::domain::Error::Invalid { code, .. } => assert_eq!(code, "ticket_limit_reached"),
            other => panic!("{other:?}"),
        }
    }
    let tx = db.begin().await.unwrap();
    assert_eq!(tickets::opened_this_month(&tx).await.unwrap(), 3);
    let (customer_id, chat_id) = customers[7];
    let unlimited =
        tickets::open(&tx, NewTicket { customer_id, instance_id, chat_id, ..NewTicket::default() }, 0).await;
    assert!(unlimited.is_ok(), "0 means unlimited");
}
