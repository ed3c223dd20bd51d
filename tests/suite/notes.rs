//! Internal notes, @mentions and ticket shares (docs/notes.md) through the real HTTP and
//! WebSocket surface: a note never reaches the provider nor can be quoted or reacted to for the
//! customer; anyone who sees the ticket may write one; a mention reaches its person only (not
//! even an administrator's socket); mentioning someone who does not see the ticket is refused
//! unless it is shared, which lets them see it live until they decline; another tenant's ticket,
//! mention or share answers as missing.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{customer_message, push},
    socket::open,
    team::{HOST, Team, drain, named},
};

#[tokio::test]
async fn notes_stay_with_the_staff_and_mentions_reach_their_person_who_is_asked_in_when_needed() {
    let (team, provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let (bia_user, bia) = team.agent("Bia", &[team.instance]).await;
    // Carlos attends another number: this ticket is none of his business until he is asked in.
    let (carlos_user, carlos) = team.agent("Carlos", &[]).await;

    let message = customer_message("n-1", "+55 11 97777-1234", "Dora Lima", "Meu pedido não chegou");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-n-1", &message).await.status(), 200);
    let (_, tickets) = team.call(&ana, Method::GET, "/api/tickets?status=pending", None).await;
    let ticket = tickets["data"][0]["id"].as_i64().unwrap();
    let notes = format!("/api/tickets/{ticket}/notes");

    // A note on a waiting ticket, by someone who does not own it: the staff's business only.
    let (status, written) = team
        .call(&bia, Method::POST, &notes, Some(json!({ "body": "Cliente VIP, prioridade", "clientId": "n1" })))
        .await;
    assert_eq!(status, 201, "{written}");
    let note = &written["message"];
    assert_eq!((note["kind"].as_str(), note["user"]["name"].as_str()), (Some("internal"), Some("Bia")));
    let note_id = note["id"].as_i64().unwrap();
    // Retried with its key: the same note.
    let (_, again) = team
        .call(&bia, Method::POST, &notes, Some(json!({ "body": "Cliente VIP, prioridade", "clientId": "n1" })))
        .await;
    assert_eq!(again["message"]["id"].as_i64(), Some(note_id));
    let (status, refused) = team.call(&bia, Method::POST, &notes, Some(json!({ "body": "   " }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("empty_message")), "{refused}");

    // A note may carry a file (the customer's receipt, a screenshot): uploaded by whoever sees the
    // ticket, kept with the note, never sent. Someone who does not see the ticket cannot upload.
    let pdf = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    let note_media = format!("/api/tickets/{ticket}/notes/media?fileName=comprovante.pdf");
    let (status, _) = team.app.upload(HOST, &carlos, &note_media, pdf.clone()).await;
    assert_eq!(status, 404, "Carlos does not see the ticket");
    let (status, uploaded) = team.app.upload(HOST, &bia, &note_media, pdf).await;
    assert_eq!((status, uploaded["type"].as_str()), (201, Some("document")), "{uploaded}");
    let (status, refused) = team
        .call(&bia, Method::POST, &notes, Some(json!({ "body": "", "mediaId": 999_999, "fileName": "x.pdf" })))
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("media_not_found")), "{refused}");
    let (status, written) = team
        .call(
            &bia,
            Method::POST,
            &notes,
            Some(json!({ "body": "Comprovante que ele mandou por e-mail", "mediaId": uploaded["id"], "fileName": "comprovante.pdf" })),
        )
        .await;
    assert_eq!(status, 201, "{written}");
    let filed = &written["message"];
    assert_eq!(
        (filed["kind"].as_str(), filed["type"].as_str(), filed["body"].as_str()),
        (Some("internal"), Some("document"), Some("Comprovante que ele mandou por e-mail")),
        "{filed}"
    );
    assert_eq!(filed["media"]["fileName"], "comprovante.pdf", "{filed}");

    // Ana takes the ticket and replies; the provider gets the reply and never the note.
    team.call(&ana, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    let messages = format!("/api/tickets/{ticket}/messages");
    let (status, _) = team.call(&ana, Method::POST, &messages, Some(json!({ "body": "Vou verificar, Dora." }))).await;
    assert_eq!(status, 201);
    let sent = provider.wait_sent(1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let sent_now = provider.sent();
    assert_eq!(sent_now.len(), 1, "only the reply went out: {sent_now:?}");
    assert_eq!(sent[0].body, "Vou verificar, Dora.");
    // Nor can the customer get it quoted or reacted to.
    let (status, refused) =
        team.call(&ana, Method::POST, &messages, Some(json!({ "body": "Veja", "quotedMessageId": note_id }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("quoted_internal")), "{refused}");
    let (status, refused) = team
        .call(
            &ana,
            Method::PUT,
            &format!("/api/tickets/{ticket}/messages/{note_id}/reaction"),
            Some(json!({ "emoji": "👍" })),
        )
        .await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("not_reactable")), "{refused}");
    // The conversation shows it in order, to everyone who sees the ticket.
    let (_, page) = team.call(&ana, Method::GET, &messages, None).await;
    let kinds: Vec<&str> = page["data"].as_array().unwrap().iter().map(|m| m["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "internal").count(), 2, "{kinds:?}");

    // Who can be mentioned, and who does not see the ticket.
    let (status, people) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}/mention-targets"), None).await;
    assert_eq!(status, 200, "{people}");
    let person = |name: &str| people.as_array().unwrap().iter().find(|p| p["name"] == name).cloned().unwrap();
    assert_eq!(person("Bia")["canSee"], true);
    assert_eq!(person("Carlos")["canSee"], false);
    assert!(people.as_array().unwrap().iter().all(|p| p["name"] != "Ana"), "not oneself");

    let mut carlos_socket = open(&team.app, &carlos_user, &carlos, None).await.unwrap();
    let mut bia_socket = open(&team.app, &bia_user, &bia, None).await.unwrap();
    let mut admin_socket = open(&team.app, &team.admin, &team.admin_token, None).await.unwrap();

    // Carlos cannot be named without sharing the ticket with him.
    let ask_carlos = json!({ "body": "@Carlos pode confirmar o estoque?", "mentionedUserIds": [carlos_user.id] });
    let (status, refused) = team.call(&ana, Method::POST, &notes, Some(ask_carlos.clone())).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("mention_cannot_see")), "{refused}");
    assert!(refused["message"].as_str().unwrap().starts_with("Carlos não vê este atendimento"), "{refused}");
    let (status, _) = team.call(&carlos, Method::GET, &messages, None).await;
    assert_eq!(status, 404, "still not his");
    let mut shared = ask_carlos.clone();
    shared["shareWithMentioned"] = json!(true);
    let (status, written) = team.call(&ana, Method::POST, &notes, Some(shared.clone())).await;
    assert_eq!(status, 201, "{written}");
    assert_eq!(written["sharedWith"][0]["name"], "Carlos");

    // Carlos hears of it live, and only he gets the mention: not Bia, not the administrator.
    let carlos_events = drain(&mut carlos_socket, Duration::from_millis(800)).await;
    let mention = named(&carlos_events, "UserMentioned");
    assert_eq!(mention.len(), 1, "{carlos_events:?}");
    let mention = &mention[0]["mention"];
    assert_eq!(
        (mention["author"]["name"].as_str(), mention["customerName"].as_str(), mention["share"]["status"].as_str()),
        (Some("Ana"), Some("Dora Lima"), Some("pending"))
    );
    assert_eq!(named(&carlos_events, "ChatNoteAdded").len(), 1, "the shared ticket's note reaches him");
    let bia_events = drain(&mut bia_socket, Duration::from_millis(300)).await;
    assert!(named(&bia_events, "UserMentioned").is_empty(), "{bia_events:?}");
    assert_eq!(named(&bia_events, "ChatNoteAdded").len(), 1, "Bia sees the ticket: she sees the note");
    let admin_events = drain(&mut admin_socket, Duration::from_millis(300)).await;
    assert!(named(&admin_events, "UserMentioned").is_empty(), "a mention is its person's: {admin_events:?}");

    // While asked, he sees the ticket to decide; his list counts it unread.
    let (status, _) = team.call(&carlos, Method::GET, &messages, None).await;
    assert_eq!(status, 200);
    let (_, page) = team.call(&carlos, Method::GET, "/api/mentions", None).await;
    assert_eq!((page["unread"].as_u64(), page["data"].as_array().unwrap().len()), (Some(1), 1), "{page}");
    let share = page["data"][0]["share"]["id"].as_i64().unwrap();
    // Nobody else answers for him.
    let (status, _) = team.call(&bia, Method::POST, &format!("/api/ticket-shares/{share}/accept"), None).await;
    assert_eq!(status, 404);

    // He declines: the ticket and its mention leave his sight.
    let (status, declined) =
        team.call(&carlos, Method::POST, &format!("/api/ticket-shares/{share}/decline"), None).await;
    assert_eq!((status, declined["status"].as_str()), (200, Some("declined")), "{declined}");
    let (status, _) = team.call(&carlos, Method::GET, &messages, None).await;
    assert_eq!(status, 404);
    let (_, unread) = team.call(&carlos, Method::GET, "/api/mentions/unread", None).await;
    assert_eq!(unread["unread"], 0);
    let (status, refused) = team.call(&carlos, Method::POST, &format!("/api/ticket-shares/{share}/accept"), None).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("share_decided")), "{refused}");

    // Asked again, he accepts: he reads the ticket and writes notes, but the reply stays Ana's.
    let (status, _) = team.call(&ana, Method::POST, &notes, Some(shared)).await;
    assert_eq!(status, 201);
    let (status, accepted) =
        team.call(&carlos, Method::POST, &format!("/api/ticket-shares/{share}/accept"), None).await;
    assert_eq!((status, accepted["status"].as_str()), (200, Some("accepted")), "{accepted}");
    let (_, page) = team.call(&carlos, Method::GET, &messages, None).await;
    let lines: Vec<&str> = page["data"].as_array().unwrap().iter().map(|m| m["body"].as_str().unwrap()).collect();
    assert!(lines.iter().any(|l| l.starts_with("Carlos entrou no atendimento")), "{lines:?}");
    let (status, _) = team.call(&carlos, Method::POST, &notes, Some(json!({ "body": "Estoque confirmado." }))).await;
    assert_eq!(status, 201);
    let (status, refused) = team.call(&carlos, Method::POST, &messages, Some(json!({ "body": "Oi" }))).await;
    assert_eq!((status, refused["code"].as_str()), (403, Some("not_ticket_owner")), "{refused}");

    // Read everywhere at once: his other tabs hear the count.
    let _ = drain(&mut carlos_socket, Duration::from_millis(300)).await;
    let (status, left) = team.call(&carlos, Method::POST, "/api/mentions/read", Some(json!({ "all": true }))).await;
    assert_eq!((status, left["unread"].as_u64()), (200, Some(0)), "{left}");
    let carlos_events = drain(&mut carlos_socket, Duration::from_millis(500)).await;
    assert_eq!(named(&carlos_events, "MentionsRead")[0]["unread"], 0, "{carlos_events:?}");
    let (status, refused) = team.call(&carlos, Method::POST, "/api/mentions/read", Some(json!({}))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("nothing_to_read")));

    // Bia's mention of Ana: Ana's list, newest first, a page at a time.
    for n in 0..3 {
        let body = json!({ "body": format!("@Ana olha isso {n}"), "mentionedUserIds": [ana_user.id] });
        assert_eq!(team.call(&bia, Method::POST, &notes, Some(body)).await.0, 201);
    }
    let (_, first) = team.call(&ana, Method::GET, "/api/mentions?limit=2", None).await;
    assert_eq!(first["data"][0]["body"], "@Ana olha isso 2", "{first}");
    let cursor = first["next_cursor"].as_str().unwrap().to_owned();
    let (_, second) = team.call(&ana, Method::GET, &format!("/api/mentions?limit=2&cursor={cursor}"), None).await;
    assert_eq!((second["data"][0]["body"].as_str(), second["next_cursor"].as_str()), (Some("@Ana olha isso 0"), None));
    let (status, refused) =
        team.call(&ana, Method::POST, &notes, Some(json!({ "body": "x", "mentionedUserIds": [999_999] }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("mention_not_found")), "{refused}");

    // Another tenant's staff: the ticket, its mentions and its shares are missing.
    let beta = team.app.tenant_with_admin("beta").await;
    let beta_token = team.app.login(&beta).await;
    for (method, path) in [
        (Method::POST, notes.clone()),
        (Method::GET, format!("/api/tickets/{ticket}/mention-targets")),
        (Method::POST, format!("/api/ticket-shares/{share}/accept")),
    ] {
        let response =
            team.app.call(method, "beta.localhost", &path, Some(&beta_token), Some(json!({ "body": "x" }))).await;
        assert_eq!(response.status(), 404, "{path}");
    }
    let response = team.app.call(Method::GET, "beta.localhost", "/api/mentions", Some(&beta_token), None).await;
    let page: Value = response.json().await.unwrap();
    assert_eq!(page["unread"], 0);
}

#[tokio::test]
async fn the_unread_count_stops_at_a_hundred_as_the_badge_does() {
    let (team, _provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let message = customer_message("n-9", "+55 11 97777-9999", "Eva Souza", "Oi");
    assert_eq!(push(&team.app, HOST, team.instance, "evt-n-9", &message).await.status(), 200);
    let (_, tickets) = team.call(&ana, Method::GET, "/api/tickets?status=pending", None).await;
    let notes = format!("/api/tickets/{}/notes", tickets["data"][0]["id"]);
    for n in 0..101 {
        let body = json!({ "body": format!("@Ana caso {n}"), "mentionedUserIds": [ana_user.id] });
        assert_eq!(team.call(&team.admin_token, Method::POST, &notes, Some(body)).await.0, 201);
    }
    let (_, unread) = team.call(&ana, Method::GET, "/api/mentions/unread", None).await;
    assert_eq!(unread["unread"], 100, "a hundred or more");
    let (_, page) = team.call(&ana, Method::GET, "/api/mentions?unread=true&limit=100", None).await;
    assert_eq!((page["unread"].as_u64(), page["next_cursor"].is_string()), (Some(100), true), "the list pages on");
    let (_, left) = team.call(&ana, Method::POST, "/api/mentions/read", Some(json!({ "all": true }))).await;
    assert_eq!(left["unread"], 0);
}
