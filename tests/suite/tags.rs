//! Tags and the kanban board's columns (docs/tags.md) through the real HTTP and WebSocket surface:
//! administrators keep the tags (the `tags` route) and choose the board; whoever sees a ticket tags
//! it — the change rides in every view of the ticket (the queue's page, the ticket, the next
//! message's event) and reaches the ticket's people live; the queue filters by tag and by "none
//! of the board's"; a card dragged between columns is one change; two agents tagging at once both
//! land; someone who does not see the ticket, or another tenant, finds nothing.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{customer_message, push},
    socket::open,
    team::{HOST, Team, drain, named},
};

/// A tag the administrator creates.
async fn new_tag(team: &Team, name: &str, color: &str) -> i64 {
    let body = json!({ "name": name, "color": color });
    let (status, created) = team.call(&team.admin_token, Method::POST, "/api/tags", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    created["id"].as_i64().unwrap()
}

/// The ids of the tickets a queue query lists.
async fn listed(team: &Team, token: &str, query: &str) -> Vec<i64> {
    let (status, page) = team.call(token, Method::GET, &format!("/api/tickets?{query}"), None).await;
    assert_eq!(status, 200, "{page}");
    page["data"].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect()
}

fn tag_names(ticket: &Value) -> Vec<String> {
    ticket["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn administrators_keep_tags_and_whoever_sees_a_ticket_tags_it_live() {
    let (team, _provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let (carlos_user, carlos) = team.agent("Carlos", &[]).await;

    // The administrator keeps the tenant's tags; names are unique whatever the accents and case.
    let quote = new_tag(&team, "Orçamento", "#FA5252").await;
    let after_sale = new_tag(&team, "Pós-venda", "#40c057").await;
    let urgent = new_tag(&team, "Urgente", "#fd7e14").await;
    let (status, refused) =
        team.call(&team.admin_token, Method::POST, "/api/tags", Some(json!({ "name": " orcamento " }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("tag_name_taken")), "{refused}");
    let (status, refused) = team
        .call(&team.admin_token, Method::POST, "/api/tags", Some(json!({ "name": "Frete", "color": "azul" })))
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_tag_color")), "{refused}");
    // An attendant reads them (pickers, filters) but keeps none of them.
    let (status, _) = team.call(&ana, Method::POST, "/api/tags", Some(json!({ "name": "Minha" }))).await;
    assert_eq!(status, 403);
    let (status, _) = team.call(&ana, Method::PUT, "/api/tags/board", Some(json!({ "tagIds": [quote] }))).await;
    assert_eq!(status, 403);
    let (_, all) = team.call(&ana, Method::GET, "/api/tags", None).await;
    let names: Vec<&str> = all.as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Orçamento", "Pós-venda", "Urgente"]);
    assert_eq!(all[0]["color"], "#fa5252");

    // The board: two columns, in the administrator's order.
    let (status, board) = team
        .call(&team.admin_token, Method::PUT, "/api/tags/board", Some(json!({ "tagIds": [after_sale, quote] })))
        .await;
    assert_eq!(status, 200, "{board}");
    let columns: Vec<i64> = board.as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect();
    assert_eq!(columns, [after_sale, quote]);
    let (status, refused) =
        team.call(&team.admin_token, Method::PUT, "/api/tags/board", Some(json!({ "tagIds": [quote, quote] }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("duplicate_column")));

    // A customer writes: a waiting ticket on Ana's number, none of Carlos's business.
    let message = customer_message("tg-1", "+55 11 97777-4321", "Dora Lima", "Quanto custa o frete?");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-tg-1", &message).await.status(), 200);
    let ticket = listed(&team, &ana, "status=pending").await[0];
    let tags_path = format!("/api/tickets/{ticket}/tags");
    assert_eq!(listed(&team, &ana, "withoutBoardTag=true&active=true").await, [ticket]);

    let mut ana_socket = open(&team.app, &ana_user, &ana, None).await.unwrap();
    let mut admin_socket = open(&team.app, &team.admin, &team.admin_token, None).await.unwrap();
    let mut carlos_socket = open(&team.app, &carlos_user, &carlos, None).await.unwrap();

    // Ana tags the waiting ticket (she need not own it): the answer, the queue's page and the
    // ticket carry the tag, and the ticket's people hear of it.
    let (status, tagged) = team.call(&ana, Method::POST, &tags_path, Some(json!({ "add": [quote, urgent] }))).await;
    assert_eq!(status, 200, "{tagged}");
    assert_eq!(tag_names(&tagged), ["Orçamento", "Urgente"]);
    assert_eq!(tagged["tags"][0], json!({ "id": quote, "name": "Orçamento", "color": "#fa5252" }));
    let (_, page) = team.call(&ana, Method::GET, "/api/tickets?status=pending", None).await;
    assert_eq!(tag_names(&page["data"][0]), ["Orçamento", "Urgente"]);
    let (_, one) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(tag_names(&one), ["Orçamento", "Urgente"]);
    for socket in [&mut ana_socket, &mut admin_socket] {
        let events = drain(socket, Duration::from_millis(800)).await;
        let changed = named(&events, "TicketTagsChanged");
        assert_eq!(changed.len(), 1, "{events:?}");
        assert_eq!(tag_names(&changed[0]["ticket"]), ["Orçamento", "Urgente"]);
    }
    // Adding what is there changes nothing and says nothing.
    let (status, same) = team.call(&ana, Method::POST, &tags_path, Some(json!({ "add": [quote] }))).await;
    assert_eq!((status, tag_names(&same)), (200, vec!["Orçamento".to_owned(), "Urgente".to_owned()]));
    assert!(named(&drain(&mut ana_socket, Duration::from_millis(400)).await, "TicketTagsChanged").is_empty());

    // Carlos does not see the ticket: tagging it answers as missing, and he hears nothing.
    let (status, _) = team.call(&carlos, Method::POST, &tags_path, Some(json!({ "add": [after_sale] }))).await;
    assert_eq!(status, 404);
    assert!(named(&drain(&mut carlos_socket, Duration::from_millis(400)).await, "TicketTagsChanged").is_empty());

    // Bad changes are refused and leave the tags as they were.
    let (status, refused) =
        team.call(&ana, Method::POST, &tags_path, Some(json!({ "add": [quote], "remove": [quote] }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_tag_change")));
    let (status, refused) = team.call(&ana, Method::POST, &tags_path, Some(json!({ "add": [999_999] }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("tag_not_found")));
    let (status, _) = team.call(&ana, Method::POST, &tags_path, Some(json!({ "add": "Orçamento" }))).await;
    assert_eq!(status, 400, "a tag is named by its id");

    // The queue filters by tag; "none of the board's" no longer lists it.
    assert_eq!(listed(&team, &ana, &format!("tagId={quote}")).await, [ticket]);
    assert!(listed(&team, &ana, &format!("tagId={after_sale}")).await.is_empty());
    assert!(listed(&team, &ana, "withoutBoardTag=true&active=true").await.is_empty());

    // A card dragged from "Orçamento" to "Pós-venda": one change.
    let (status, moved) =
        team.call(&ana, Method::POST, &tags_path, Some(json!({ "add": [after_sale], "remove": [quote] }))).await;
    assert_eq!((status, tag_names(&moved)), (200, vec!["Pós-venda".to_owned(), "Urgente".to_owned()]));
    assert_eq!(listed(&team, &ana, &format!("tagId={after_sale}&active=true")).await, [ticket]);
    assert!(listed(&team, &ana, &format!("tagId={quote}&active=true")).await.is_empty());
    drain(&mut ana_socket, Duration::from_millis(300)).await;

    // The customer writes again: the message's event carries the ticket with its tags.
    let message = customer_message("tg-2", "+55 11 97777-4321", "Dora Lima", "Alguém aí?");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-tg-2", &message).await.status(), 200);
    let events = drain(&mut ana_socket, Duration::from_millis(800)).await;
    let notified = named(&events, "ChatNotification");
    assert_eq!(notified.len(), 1, "{events:?}");
    assert_eq!(tag_names(&notified[0]["ticket"]), ["Pós-venda", "Urgente"]);

    // Renaming shows everywhere at the next read; deleting takes the tag off every ticket.
    let (status, renamed) = team
        .call(&team.admin_token, Method::PUT, &format!("/api/tags/{urgent}"), Some(json!({ "name": "Prioridade" })))
        .await;
    assert_eq!((status, renamed["name"].as_str()), (200, Some("Prioridade")));
    let (_, one) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(tag_names(&one), ["Pós-venda", "Prioridade"]);
    drain(&mut ana_socket, Duration::from_millis(200)).await;
    let (status, _) = team.call(&team.admin_token, Method::DELETE, &format!("/api/tags/{after_sale}"), None).await;
    assert_eq!(status, 204);
    let (_, one) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(tag_names(&one), ["Prioridade"]);
    let events = drain(&mut ana_socket, Duration::from_millis(600)).await;
    let changed = named(&events, "TagsChanged");
    assert_eq!(changed.len(), 1, "{events:?}");
    assert_eq!(changed[0]["tags"].as_array().unwrap().len(), 2);
    let (_, all) = team.call(&ana, Method::GET, "/api/tags", None).await;
    let board: Vec<&Value> = all.as_array().unwrap().iter().filter(|t| !t["boardPosition"].is_null()).collect();
    assert_eq!(board.len(), 1, "the deleted column left the board: {all}");

    // Customers carry tags too: whoever serves them, or a manager — not Carlos.
    let customer = one["customer"]["id"].as_i64().unwrap();
    let path = format!("/api/customers/{customer}/tags");
    let (status, tags) = team.call(&ana, Method::POST, &path, Some(json!({ "add": [quote] }))).await;
    assert_eq!((status, tags["tags"][0]["name"].as_str()), (200, Some("Orçamento")), "{tags}");
    let (status, refused) = team.call(&carlos, Method::POST, &path, Some(json!({ "remove": [quote] }))).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("customer_tags_forbidden")));
    let (_, detail) = team.call(&team.admin_token, Method::GET, &format!("/api/customers/{customer}"), None).await;
    assert_eq!(detail["tags"][0]["name"], "Orçamento");
    // The customers list shows them and filters by them.
    let (_, listed) = team.call(&team.admin_token, Method::GET, &format!("/api/customers?tagId={quote}"), None).await;
    let ids: Vec<i64> = listed["data"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [customer], "{listed}");
    assert_eq!(listed["data"][0]["tags"][0]["name"], "Orçamento");
    let (_, none) =
        team.call(&team.admin_token, Method::GET, &format!("/api/customers?tagId={after_sale}"), None).await;
    assert_eq!(none["data"], json!([]));
    let events = drain(&mut admin_socket, Duration::from_millis(600)).await;
    let changed = named(&events, "CustomerTagsChanged");
    assert_eq!(changed.len(), 1, "{events:?}");
    assert_eq!(changed[0]["customer_id"].as_i64(), Some(customer));

    // Another tenant finds none of it.
    let beta = team.app.tenant_with_admin("beta").await;
    let beta_token = team.app.login(&beta).await;
    let beta_call = |method: Method, path: String, body: Option<Value>| {
        let (app, token) = (&team.app, &beta_token);
        async move {
            let response = app.call(method, "beta.localhost", &path, Some(token), body).await;
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let (_, listed) = beta_call(Method::GET, "/api/tags".into(), None).await;
    assert_eq!(listed, json!([]));
    let (status, _) = beta_call(Method::PUT, format!("/api/tags/{quote}"), Some(json!({ "name": "Meu" }))).await;
    assert_eq!(status, 404);
    let (status, _) = beta_call(Method::DELETE, format!("/api/tags/{quote}"), None).await;
    assert_eq!(status, 404);
    let (status, _) = beta_call(Method::POST, tags_path.clone(), Some(json!({ "remove": [quote] }))).await;
    assert_eq!(status, 404);
    let (status, _) = beta_call(Method::POST, path.clone(), Some(json!({ "remove": [quote] }))).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn two_agents_tagging_a_ticket_at_once_both_land() {
    let (team, _provider) = Team::start().await;
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let (_, bia) = team.agent("Bia", &[team.instance]).await;
    let mut tags = Vec::new();
    for (name, color) in [("Frete", "#228be6"), ("Troca", "#be4bdb"), ("VIP", "#fab005"), ("Boleto", "#12b886")] {
        tags.push(new_tag(&team, name, color).await);
    }
    let message = customer_message("tg-9", "+55 21 98888-1111", "Enzo Prado", "Oi");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-tg-9", &message).await.status(), 200);
    let ticket = listed(&team, &ana, "status=pending").await[0];
    let path = format!("/api/tickets/{ticket}/tags");

    // Each adds two tags, and both add the same one, at the same moment.
    let (first, second) = tokio::join!(
        team.call(&ana, Method::POST, &path, Some(json!({ "add": [tags[0], tags[1], tags[3]] }))),
        team.call(&bia, Method::POST, &path, Some(json!({ "add": [tags[2], tags[3]] }))),
    );
    assert_eq!((first.0, second.0), (200, 200), "{first:?} {second:?}");
    let (_, one) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}"), None).await;
    assert_eq!(tag_names(&one), ["Boleto", "Frete", "Troca", "VIP"]);
}
