//! A customer is an identity set (docs/inbox.md#identities): a person Meta names only by a
//! username's business-scoped id is a customer, reached by that id; the phone they show later
//! joins them; a person written to by two addresses can be merged by an administrator, with a
//! merge log, and their next message finds the merged customer. Through the real HTTP surface,
//! with the fake Graph API speaking Meta's documented format.

use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    cloud::{HOST, Official, official},
    support::{
        graph::{customer_message, number_change, username_message},
        socket,
    },
};

const BSUID: &str = "BR.1502576394655843";
const PHONE: &str = "5511987654321";

impl Official {
    async fn pending(&self) -> Vec<Value> {
        let (status, page) = self.call(Method::GET, "/api/tickets?status=pending", None).await;
        assert_eq!(status, 200, "{page}");
        page["data"].as_array().unwrap().clone()
    }

    async fn customer(&self, id: i64) -> (u16, Value) {
        self.call(Method::GET, &format!("/api/customers/{id}"), None).await
    }

    async fn close(&self, ticket: i64) {
        let (_, reasons) = self.call(Method::GET, "/api/closing-reasons?active=true", None).await;
        let body = json!({ "closingReasonId": reasons[0]["id"] });
        let (status, closed) = self.call(Method::POST, &format!("/api/tickets/{ticket}/close"), Some(body)).await;
        assert_eq!(status, 200, "{closed}");
    }
}

fn kinds(detail: &Value) -> Vec<(String, String)> {
    detail["identities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["kind"].as_str().unwrap().to_owned(), i["value"].as_str().unwrap().to_owned()))
        .collect()
}

fn pair(kind: &str, value: &str) -> (String, String) {
    (kind.to_owned(), value.to_owned())
}

#[tokio::test]
async fn a_person_behind_a_username_is_a_customer_reached_by_their_id_until_their_phone_shows() {
    let o = official().await;

    // A message with no phone at all: a customer known by the business-scoped id.
    o.deliver(&username_message("wamid.U1", BSUID, "@marina", None, "Oi, quero saber do meu pedido")).await;
    let ticket = o.ticket().await;
    let (_, view) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    let customer_id = view["customer"]["id"].as_i64().unwrap();
    assert_eq!(view["customer"]["name"], "@marina", "named by the username when the profile has no name");
    assert_eq!(view["customer"]["phone"], BSUID, "the address replies go to");

    // The reply goes to Meta by `recipient`, the id, with no phone in `to`.
    o.reply(ticket, json!({ "body": "Claro! Qual o número do pedido?" })).await;
    let sent = o.graph.wait_sent(1).await;
    assert_eq!(sent[0]["recipient"], BSUID, "{}", sent[0]);
    assert!(sent[0].get("to").is_none(), "{}", sent[0]);

    // Meta shares the phone later: same customer, same ticket; the phone becomes the address.
    o.deliver(&username_message("wamid.U2", BSUID, "@marina", Some(PHONE), "É o 4512")).await;
    let messages = o.messages(ticket).await;
    assert!(messages.iter().any(|m| m["body"] == "É o 4512"), "the second message is in the same ticket");
    let (_, detail) = o.customer(customer_id).await;
    assert_eq!(detail["phone"], format!("+{PHONE}"));
    assert_eq!(kinds(&detail), vec![pair("bsuid", BSUID), pair("phone", &format!("+{PHONE}"))]);
    o.reply(ticket, json!({ "body": "Achei, sai amanhã." })).await;
    let sent = o.graph.wait_sent(2).await;
    assert_eq!(sent[1]["to"], PHONE, "{}", sent[1]);

    // Without the phone again (the username hides it): still found, by the id.
    o.deliver(&username_message("wamid.U3", BSUID, "@marina", None, "Obrigada!")).await;
    assert!(o.messages(ticket).await.iter().any(|m| m["body"] == "Obrigada!"));
    assert!(o.pending().await.is_empty(), "no second customer, no second ticket");
}

#[tokio::test]
async fn an_id_that_arrives_beside_a_known_phone_joins_that_customer() {
    let o = official().await;
    o.deliver(&customer_message("wamid.P1", PHONE, "Marina Alves", "text", json!({ "body": "Bom dia" }))).await;
    let ticket = o.ticket().await;
    o.deliver(&username_message("wamid.P2", BSUID, "@marina", Some(PHONE), "Tudo bem?")).await;
    o.deliver(&username_message("wamid.P3", BSUID, "@marina", None, "Agora sem número")).await;

    let bodies: Vec<Value> = o.messages(ticket).await.iter().map(|m| m["body"].clone()).collect();
    assert!(bodies.contains(&json!("Agora sem número")), "{bodies:?}");
    let (_, view) = o.call(Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    let (_, detail) = o.customer(view["customer"]["id"].as_i64().unwrap()).await;
    assert_eq!(detail["name"], "Marina Alves", "the name stays the one they had");
    assert_eq!(kinds(&detail), vec![pair("phone", &format!("+{PHONE}")), pair("bsuid", BSUID)]);

    // An id that is nothing Meta writes is refused with a clear reason, over the generic contract
    // too: nothing is stored for it.
    let bad = username_message("wamid.P4", "not-an-id", "@x", None, "?");
    let response = crate::support::graph::post_delivery(
        &o.app.client,
        &o.webhook(),
        HOST,
        &bad,
        crate::support::graph::APP_SECRET,
    )
    .await;
    assert_eq!(response.status(), 200, "Meta is never asked to retry what it cannot fix");
    assert!(o.pending().await.is_empty());

    // The customer moves to a new number (Meta's system message): it joins them, replies go there,
    // and a message from it lands in the same ticket.
    const NEW: &str = "5511912345678";
    o.deliver(&number_change("wamid.P5", PHONE, NEW)).await;
    let (_, detail) = o.customer(view["customer"]["id"].as_i64().unwrap()).await;
    assert_eq!(detail["phone"], format!("+{NEW}"));
    assert!(kinds(&detail).contains(&pair("phone", &format!("+{NEW}"))), "{detail}");
    o.deliver(&customer_message("wamid.P6", NEW, "Marina Alves", "text", json!({ "body": "Número novo" }))).await;
    assert!(o.messages(ticket).await.iter().any(|m| m["body"] == "Número novo"));
    assert!(o.pending().await.is_empty(), "no new customer for the new number");
}

#[tokio::test]
async fn an_administrator_merges_two_customers_who_are_one_person_and_the_log_says_so() {
    let o = official().await;
    // The same person writes from their phone, and (before Meta links them) as a username.
    o.deliver(&customer_message("wamid.M1", PHONE, "Marina Alves", "text", json!({ "body": "Pelo telefone" }))).await;
    o.deliver(&username_message("wamid.M2", BSUID, "@marina", None, "Pelo usuário")).await;
    let pending = o.pending().await;
    assert_eq!(pending.len(), 2, "two customers, two tickets");
    let by_name = |name: &str| pending.iter().find(|t| t["customer"]["name"] == name).unwrap().clone();
    let (kept, absorbed) = (by_name("Marina Alves"), by_name("@marina"));
    let kept_id = kept["customer"]["id"].as_i64().unwrap();
    let absorbed_id = absorbed["customer"]["id"].as_i64().unwrap();
    let merge = |target: i64, other: i64| {
        let o = &o;
        async move {
            o.call(Method::POST, &format!("/api/customers/{target}/merge"), Some(json!({ "customerId": other }))).await
        }
    };

    // Both have a live ticket on the number: which one the next message belongs to would be a guess.
    let (status, refused) = merge(kept_id, absorbed_id).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("merge_conflict")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("Oficial"), "{refused}");
    let (status, refused) = merge(kept_id, kept_id).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("same_customer")), "{refused}");
    let (status, _) = merge(kept_id, 999_999).await;
    assert_eq!(status, 404);

    // An agent may not merge: it is the customers screen's (administrators).
    let agent = o.app.create_user("acme", "agente@acme.example", "atendente").await;
    let agent_token = o.app.login(&agent).await;
    let response = o
        .app
        .call(
            Method::POST,
            HOST,
            &format!("/api/customers/{kept_id}/merge"),
            Some(&agent_token),
            Some(json!({ "customerId": absorbed_id })),
        )
        .await;
    assert_eq!(response.status(), 403);

    // The username's ticket is closed; the merge goes through, and open screens are told.
    let absorbed_ticket = absorbed["id"].as_i64().unwrap();
    let (status, _) = o.call(Method::POST, &format!("/api/tickets/{absorbed_ticket}/accept"), None).await;
    assert_eq!(status, 200);
    o.close(absorbed_ticket).await;
    let mut agent_socket = socket::open(&o.app, &agent, &agent_token, None).await.unwrap();
    let (status, merged) = merge(kept_id, absorbed_id).await;
    assert_eq!(status, 200, "{merged}");
    let told = loop {
        let event = socket::next_event(&mut agent_socket, std::time::Duration::from_secs(5)).await.expect("an event");
        if event["event"] == "CustomersMerged" {
            break event;
        }
    };
    assert_eq!((told["customer_id"].as_i64(), told["merged_customer_id"].as_i64()), (Some(kept_id), Some(absorbed_id)));
    assert_eq!(merged["phone"], format!("+{PHONE}"), "replies keep going to the phone");
    assert_eq!(kinds(&merged), vec![pair("phone", &format!("+{PHONE}")), pair("bsuid", BSUID)]);
    let log = &merged["merges"][0];
    assert_eq!(log["mergedCustomerId"], absorbed_id);
    assert_eq!(log["mergedName"], "@marina");
    assert_eq!(log["mergedPhone"], BSUID);
    assert_eq!(log["tickets"], 1);
    assert_eq!(log["identities"], json!([{ "kind": "bsuid", "value": BSUID }]));
    assert!(log["by"].as_str().is_some_and(|by| !by.is_empty()), "{log}");
    let ticket_ids: Vec<i64> =
        merged["tickets"].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect();
    assert!(ticket_ids.contains(&absorbed_ticket), "the closed ticket is in the kept customer's history");
    let (status, _) = o.customer(absorbed_id).await;
    assert_eq!(status, 404, "the absorbed customer is gone");

    // The conversation is one: the username's message sits in the kept customer's chat, and the
    // next message by the id alone lands in the kept customer's open ticket.
    let kept_ticket = kept["id"].as_i64().unwrap();
    let (status, _) = o.call(Method::POST, &format!("/api/tickets/{kept_ticket}/accept"), None).await;
    assert_eq!(status, 200);
    o.deliver(&username_message("wamid.M3", BSUID, "@marina", None, "Depois da união")).await;
    let bodies: Vec<Value> = o.messages(kept_ticket).await.iter().map(|m| m["body"].clone()).collect();
    assert!(bodies.contains(&json!("Depois da união")), "{bodies:?}");
    let (_, history) = o.call(Method::GET, &format!("/api/tickets/{absorbed_ticket}/messages"), None).await;
    assert_eq!(history["data"][0]["body"], "Pelo usuário", "the closed ticket keeps its messages");
}
