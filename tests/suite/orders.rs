//! Orders (docs/orders.md): an agent registers one from a ticket, an integration's token registers
//! them idempotently by its own id — racing retries make one order —, the customer's list shows
//! each person what their inbox lets them see, and the analytics count them.

use std::time::Duration;

use reqwest::Method;
use serde_json::json;

use crate::support::{
    provider::{customer_message, push},
    socket,
    team::{Team, drain, named},
};

const HOST: &str = "acme.localhost";

async fn token_of(team: &Team, role: &str) -> String {
    let (_, roles) = team.call(&team.admin_token, Method::GET, "/api/permission", None).await;
    let role = roles.as_array().unwrap().iter().find(|r| r["name"] == role).unwrap()["id"].clone();
    let (status, created) = team
        .call(&team.admin_token, Method::POST, "/api/tokens", Some(json!({ "name": "Loja Virtual", "roleId": role })))
        .await;
    assert_eq!(status, 201, "{created}");
    created["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn agents_and_integrations_register_orders_once_each_seen_as_the_inbox_allows() {
    let (team, _provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let (_, bia) = team.agent("Bia", &[]).await;
    let message = customer_message("o-1", "+55 11 96666-0001", "Carla Dias", "Quero duas pizzas");
    push(&team.app, HOST, team.instance, "evt-o-1", &message).await;
    let (_, page) = team.call(&ana, Method::GET, "/api/tickets?status=pending", None).await;
    let ticket = page["data"][0]["id"].as_i64().unwrap();
    let customer = page["data"][0]["customer"]["id"].as_i64().unwrap();
    team.call(&ana, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    let mut ana_socket = socket::open(&team.app, &ana_user, &ana, None).await.expect("Ana's socket");
    drain(&mut ana_socket, Duration::from_millis(300)).await;

    // From the ticket: the items make the value; checked field by field.
    let items = json!([{ "name": "Pizza grande", "quantity": 2, "unitCents": 5490 }, { "name": "Refrigerante", "quantity": 1, "unitCents": 990 }]);
    let (status, refused) = team
        .call(
            &ana,
            Method::POST,
            "/api/orders",
            Some(json!({ "ticketId": ticket, "items": items, "valueCents": 1, "status": "feito" })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_order")), "{refused}");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["valueCents", "status"]);
    let (status, order) = team
        .call(
            &ana,
            Method::POST,
            "/api/orders",
            Some(json!({ "ticketId": ticket, "items": items, "paymentMethod": "pix" })),
        )
        .await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(order["valueCents"], 11_970);
    assert_eq!((order["customerId"].as_i64(), order["status"].as_str()), (Some(customer), Some("pending")));
    assert_eq!((order["source"].as_str(), order["registeredBy"].as_str()), (Some("atendimento"), Some("Ana")));
    let events = drain(&mut ana_socket, Duration::from_millis(500)).await;
    assert_eq!(named(&events, "OrderChanged").len(), 1, "the panel learns of it: {events:?}");
    let (status, refused) =
        team.call(&ana, Method::POST, "/api/orders", Some(json!({ "customerId": customer, "valueCents": 100 }))).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("order_needs_ticket")));
    let (status, _) =
        team.call(&bia, Method::POST, "/api/orders", Some(json!({ "ticketId": ticket, "valueCents": 100 }))).await;
    assert_eq!(status, 404, "a ticket she does not see is not there");

    // An integration: its own id makes a retry the same order, even racing.
    let store = token_of(&team, "administrador").await;
    let body = json!({ "externalId": "PED-1001", "customerId": customer, "valueCents": 12_990, "status": "paid",
                       "paymentMethod": "cartao", "source": "loja_virtual", "note": "Entrega às 19h" });
    let (status, first) = team.call(&store, Method::POST, "/api/orders", Some(body.clone())).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(
        (first["source"].as_str(), first["registeredBy"].as_str()),
        (Some("loja_virtual"), Some("Loja Virtual"))
    );
    let (status, again) = team.call(&store, Method::POST, "/api/orders", Some(body)).await;
    assert_eq!((status, &again["id"]), (200, &first["id"]), "the same order");
    let racing = json!({ "externalId": "PED-1002", "customerId": customer, "valueCents": 500 });
    let answers =
        futures::future::join_all((0..6).map(|_| team.call(&store, Method::POST, "/api/orders", Some(racing.clone()))))
            .await;
    let created = answers.iter().filter(|(s, _)| *s == 201).count();
    let ids: std::collections::HashSet<i64> = answers.iter().map(|(_, o)| o["id"].as_i64().unwrap()).collect();
    assert_eq!((created, ids.len()), (1, 1), "{answers:?}");
    let stored = team.app.scalar("acme", "SELECT COUNT(*) FROM orders WHERE external_id = 'PED-1002'").await;
    assert_eq!(stored, 1);

    // The customer's orders: all for the administrator, the ticket's for Ana, none for Bia.
    let path = format!("/api/customers/{customer}/orders");
    let (_, all) = team.call(&team.admin_token, Method::GET, &path, None).await;
    let values: Vec<i64> = all["data"].as_array().unwrap().iter().map(|o| o["valueCents"].as_i64().unwrap()).collect();
    assert_eq!(values, [500, 12_990, 11_970], "newest first");
    assert_eq!(all["data"][1]["items"], json!([]));
    assert_eq!(all["data"][2]["items"][0]["name"], "Pizza grande");
    let (_, hers) = team.call(&ana, Method::GET, &path, None).await;
    assert_eq!(hers["data"].as_array().unwrap().len(), 1, "{hers}");
    let (_, none) = team.call(&bia, Method::GET, &path, None).await;
    assert_eq!(none["data"], json!([]));

    // Paid, then one cancelled: the analytics count what was not cancelled.
    let (status, paid) = team
        .call(&ana, Method::PATCH, &format!("/api/orders/{}", order["id"]), Some(json!({ "status": "paid" })))
        .await;
    assert_eq!((status, paid["status"].as_str()), (200, Some("paid")));
    let (status, _) = team
        .call(&bia, Method::PATCH, &format!("/api/orders/{}", order["id"]), Some(json!({ "status": "cancelled" })))
        .await;
    assert_eq!(status, 404);
    team.call(&store, Method::PATCH, &format!("/api/orders/{}", again["id"]), Some(json!({ "status": "cancelled" })))
        .await;
    {
        use backoffice::{domain::tenants, tenancy::TenantName};
        let control = team.app.dbs().control();
        let record = tenants::find_by_name(control, &TenantName::parse("acme").unwrap()).await.unwrap();
        tenants::set_feature(control, &record, "analytics", true, &team.app.state.bus).await.unwrap();
    }
    let (status, synced) =
        team.call(&team.admin_token, Method::GET, "/api/tenant/syncAnalytics?forceUpdate=true", None).await;
    assert_eq!(status, 200, "{synced}");
    let today = backoffice::domain::analytics::local_day(chrono::Utc::now());
    let (status, view) = team
        .call(&team.admin_token, Method::GET, &format!("/api/dashboard/analytics?from={today}&to={today}"), None)
        .await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        (view["totals"]["ordersCount"].as_i64(), view["totals"]["ordersValueCents"].as_i64()),
        (Some(2), Some(12_470))
    );
}
