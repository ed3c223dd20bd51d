//! Automatic distribution (docs/service-levels.md#distribution) through the real HTTP and
//! WebSocket surface: waiting tickets go to people online, linked to the number, in the ticket's
//! department and below capacity — never above it, even with customers writing and agents closing
//! all at once; an ausente or offline person receives nothing; room freeing is filled at once,
//! oldest ticket first; the ticket says why it went where it went; what each person holds is a
//! counter that always equals the tickets they hold.

use std::time::{Duration, Instant};

use futures::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{customer_message, push},
    socket::{Socket, open},
    team::{HOST, Team, drain, named},
};

/// The distribution screen's people, by name: (open tickets, effective capacity, status).
async fn holdings(team: &Team) -> Vec<(String, i64, i64, String)> {
    let (status, overview) = team.call(&team.admin_token, Method::GET, "/api/distribution", None).await;
    assert_eq!(status, 200, "{overview}");
    overview["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["name"].as_str().unwrap().to_owned(),
                a["openTickets"].as_i64().unwrap(),
                a["effectiveCapacity"].as_i64().unwrap(),
                a["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Waits until `done` holds of the distribution screen (the worker assigns after the commit).
async fn settle(team: &Team, done: impl Fn(&[(String, i64, i64, String)]) -> bool) -> Vec<(String, i64, i64, String)> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let now = holdings(team).await;
        if done(&now) {
            return now;
        }
        assert!(Instant::now() < deadline, "the distribution did not settle: {now:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn held(rows: &[(String, i64, i64, String)], name: &str) -> i64 {
    rows.iter().find(|r| r.0 == name).map_or(-1, |r| r.1)
}

async fn waiting(team: &Team) -> Vec<Value> {
    let (_, page) = team.call(&team.admin_token, Method::GET, "/api/tickets?status=pending&limit=100", None).await;
    page["data"].as_array().unwrap().clone()
}

/// Tickets' ids, oldest opened first.
fn oldest_first(tickets: &[Value]) -> Vec<i64> {
    let mut opened: Vec<(String, i64)> =
        tickets.iter().map(|t| (t["openedAt"].as_str().unwrap().to_owned(), t["id"].as_i64().unwrap())).collect();
    opened.sort();
    opened.into_iter().map(|(_, id)| id).collect()
}

/// Each person's counter against the tickets they really hold.
async fn counters_match(team: &Team) {
    let drift = team
        .app
        .scalar(
            "acme",
            "SELECT COUNT(*) FROM users WHERE open_tickets <> (SELECT COUNT(*) FROM tickets \
             WHERE tickets.assigned_user_id = users.id AND tickets.status IN ('open', 'transferring'))",
        )
        .await;
    assert_eq!(drift, 0, "every counter equals what its person holds");
}

async fn customers_write(team: &Team, from: usize, count: usize) {
    let pushes = (from..from + count).map(|i| {
        let message =
            customer_message(&format!("d-{i}"), &format!("+55 11 98000-{i:04}"), &format!("Cliente {i}"), "Olá");
        async move { push(&team.app, HOST, team.instance, &format!("evt-d-{i}"), &message).await.status().as_u16() }
    });
    assert!(join_all(pushes).await.iter().all(|s| *s == 200));
}

#[tokio::test]
async fn balanced_distribution_never_passes_capacity_and_fills_freed_room_at_once() {
    let (team, _provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let (bia_user, bia) = team.agent("Bia", &[team.instance]).await;
    let (caio_user, caio) = team.agent("Caio", &[team.instance]).await;
    let (dora_user, dora) = team.agent("Dora", &[team.instance]).await;
    let mut sockets: Vec<Socket> = Vec::new();
    for (user, token) in [(&ana_user, &ana), (&bia_user, &bia), (&caio_user, &caio), (&dora_user, &dora)] {
        sockets.push(open(&team.app, user, token, None).await.unwrap());
    }
    let (status, _) = team
        .call(&dora, Method::PUT, "/api/auth/status", Some(json!({ "status": "ausente", "reason": "almoço" })))
        .await;
    assert_eq!(status, 200);

    // Manual (the default): customers wait in the queue as before.
    customers_write(&team, 0, 2).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(waiting(&team).await.len(), 2, "manual: nobody is given anything");

    let (status, policy) = team
        .call(
            &team.admin_token,
            Method::PUT,
            "/api/distribution/policies",
            Some(json!({ "departmentId": null, "strategy": "balanced", "capacity": 2 })),
        )
        .await;
    assert_eq!((status, policy["strategy"].as_str(), policy["capacity"].as_i64()), (200, Some("balanced"), Some(2)));
    // Switching on offers what waits; then ten customers write at once.
    customers_write(&team, 2, 10).await;
    let settled = settle(&team, |rows| ["Ana", "Bia", "Caio"].iter().all(|n| held(rows, n) == 2)).await;
    assert_eq!(held(&settled, "Dora"), 0, "ausente receives nothing");
    let status_of = |name: &str| settled.iter().find(|r| r.0 == name).unwrap().3.clone();
    assert_eq!((status_of("Dora"), status_of("Ana")), ("ausente".into(), "online".into()));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(held(&holdings(&team).await, "Ana"), 2, "never above capacity");
    assert_eq!(waiting(&team).await.len(), 6, "12 tickets, 3 people with room for 2");
    counters_match(&team).await;

    // Ana is told, with why; the conversation says it too.
    let events = drain(&mut sockets[0], Duration::from_millis(300)).await;
    let assigned = named(&events, "TicketAssigned");
    assert_eq!(assigned.len(), 2, "{events:?}");
    let reason = assigned[0]["reason"].as_str().unwrap();
    assert!(reason.starts_with("Atribuído a Ana (menos atendimentos): "), "{reason}");
    assert!(reason.contains("/2 atendimentos, online há"), "{reason}");
    let ticket = assigned[0]["ticket"]["id"].as_i64().unwrap();
    assert_eq!(assigned[0]["ticket"]["assignedUser"]["name"], "Ana");
    let (_, page) = team.call(&ana, Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
    assert!(
        page["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["body"].as_str().is_some_and(|b| b.starts_with("Atribuído a Ana"))),
        "{page}"
    );
    assert!(named(&drain(&mut sockets[3], Duration::from_millis(100)).await, "TicketAssigned").is_empty());

    // Three more write while everyone is full; then everyone closes everything at once: the room
    // freed goes to the six oldest of the nine waiting, and still nobody passes two.
    customers_write(&team, 12, 3).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, reasons) = team.call(&ana, Method::GET, "/api/closing-reasons?active=true", None).await;
    let reason_id = reasons[0]["id"].clone();
    let oldest_waiting = oldest_first(&waiting(&team).await);
    assert_eq!(oldest_waiting.len(), 9);
    let team_ref = &team;
    let mine = |token: String| async move {
        let team = team_ref;
        let (_, page) = team.call(&token, Method::GET, "/api/tickets?mine=true", None).await;
        (token, page["data"].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect::<Vec<_>>())
    };
    let held_now = join_all([ana.clone(), bia.clone(), caio.clone()].map(mine)).await;
    let mut closes = Vec::new();
    for (token, ids) in &held_now {
        for id in ids {
            let body = json!({ "closingReasonId": reason_id });
            let path = format!("/api/tickets/{id}/close");
            closes.push(async move { team_ref.call(token, Method::POST, &path, Some(body)).await.0 });
        }
    }
    assert!(join_all(closes).await.iter().all(|s| *s == 200));
    let settled = settle(&team, |rows| ["Ana", "Bia", "Caio"].iter().all(|n| held(rows, n) == 2)).await;
    assert!(settled.iter().all(|r| r.1 <= r.2), "{settled:?}");
    let left = oldest_first(&waiting(&team).await);
    assert_eq!(left, oldest_waiting[6..].to_vec(), "the oldest were given first: {oldest_waiting:?}");
    counters_match(&team).await;

    // Dora comes back: she receives at once, up to her capacity.
    team.call(&dora, Method::PUT, "/api/auth/status", Some(json!({ "status": "online" }))).await;
    let settled = settle(&team, |rows| held(rows, "Dora") == 2).await;
    assert_eq!(waiting(&team).await.len(), 1, "{settled:?}");
    counters_match(&team).await;
}

#[tokio::test]
async fn round_robin_takes_turns_a_persons_own_capacity_wins_and_only_administrators_set_them() {
    let (team, _provider) = Team::start().await;
    let (status, financeiro) =
        team.call(&team.admin_token, Method::POST, "/api/departments", Some(json!({ "name": "Cobrança" }))).await;
    assert_eq!(status, 201, "{financeiro}");
    let department = financeiro["id"].as_i64().unwrap();
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let (bia_user, bia) = team.agent("Bia", &[team.instance]).await;
    // Caio attends another number; Eva is logged in with no socket open (she closed the browser).
    let (caio_user, caio) = team.agent("Caio", &[]).await;
    let (_, _eva) = team.agent("Eva", &[team.instance]).await;
    let _sockets = [
        open(&team.app, &ana_user, &ana, None).await.unwrap(),
        open(&team.app, &bia_user, &bia, None).await.unwrap(),
        open(&team.app, &caio_user, &caio, None).await.unwrap(),
    ];

    // Refused in pt_BR, and only to whoever keeps the users.
    let put = |token: &str, body: Value| {
        let token = token.to_owned();
        let team = &team;
        async move { team.call(&token, Method::PUT, "/api/distribution/policies", Some(body)).await }
    };
    let (status, refused) =
        put(&team.admin_token, json!({ "departmentId": department, "strategy": "aleatória", "capacity": 3 })).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_strategy")), "{refused}");
    let (status, refused) =
        put(&team.admin_token, json!({ "departmentId": department, "strategy": "round_robin", "capacity": 0 })).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_capacity")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("de 1 a 50"), "{refused}");
    let (status, refused) =
        put(&team.admin_token, json!({ "departmentId": 9999, "strategy": "round_robin", "capacity": 3 })).await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("department_not_found")));
    let (status, _) = put(&ana, json!({ "departmentId": null, "strategy": "round_robin", "capacity": 3 })).await;
    assert_eq!(status, 403, "an attendant does not keep the distribution");
    let (status, _) = team.call(&ana, Method::GET, "/api/distribution", None).await;
    assert_eq!(status, 403);
    let (status, _) = team
        .call(&ana, Method::PUT, &format!("/api/distribution/agents/{}", ana_user.id), Some(json!({ "capacity": 9 })))
        .await;
    assert_eq!(status, 403, "nor their own capacity");

    let (status, saved) =
        put(&team.admin_token, json!({ "departmentId": department, "strategy": "balanced", "capacity": 4 })).await;
    assert_eq!((status, saved["departmentName"].as_str()), (200, Some("Cobrança")), "{saved}");
    let (status, _) =
        put(&team.admin_token, json!({ "departmentId": null, "strategy": "round_robin", "capacity": 3 })).await;
    assert_eq!(status, 200);
    // Bia may hold only one, whatever the default.
    let bia_path = format!("/api/distribution/agents/{}", bia_user.id);
    let (status, bia_capacity) =
        team.call(&team.admin_token, Method::PUT, &bia_path, Some(json!({ "capacity": 1 }))).await;
    assert_eq!((status, bia_capacity["effectiveCapacity"].as_i64()), (200, Some(1)), "{bia_capacity}");
    let (status, refused) = team
        .call(&team.admin_token, Method::PUT, "/api/distribution/agents/9999", Some(json!({ "capacity": 2 })))
        .await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("user_not_found")));
    let (status, refused) = team.call(&team.admin_token, Method::PUT, &bia_path, Some(json!({ "capacity": 51 }))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_capacity")));
    let (_, overview) = team.call(&team.admin_token, Method::GET, "/api/distribution", None).await;
    let policies: Vec<(Value, Value, Value)> = overview["policies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["departmentName"].clone(), p["strategy"].clone(), p["capacity"].clone()))
        .collect();
    assert_eq!(policies[0], (Value::Null, json!("round_robin"), json!(3)), "the tickets without a department first");
    for (name, strategy, capacity) in &policies[1..] {
        let expected = if name == "Cobrança" { (json!("balanced"), json!(4)) } else { (json!("manual"), json!(5)) };
        assert_eq!((strategy.clone(), capacity.clone()), expected, "{name}: its own, or the default");
    }

    // One after the other: Ana, Bia, then Ana twice (Bia is full); Caio is not on this number.
    customers_write(&team, 200, 1).await;
    settle(&team, |rows| held(rows, "Ana") == 1).await;
    for i in 201..204 {
        customers_write(&team, i, 1).await;
    }
    let settled = settle(&team, |rows| held(rows, "Ana") == 3 && held(rows, "Bia") == 1).await;
    assert_eq!((held(&settled, "Caio"), held(&settled, "Eva")), (0, 0));
    assert_eq!(settled.iter().find(|r| r.0 == "Eva").unwrap().3, "offline");
    let (_, page) = team.call(&team.admin_token, Method::GET, "/api/tickets?status=open", None).await;
    let mut owners: Vec<(String, String)> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (t["customer"]["name"].as_str().unwrap().to_owned(), t["assignedUser"]["name"].as_str().unwrap().to_owned())
        })
        .collect();
    owners.sort();
    let expected: Vec<(String, String)> =
        [("Cliente 200", "Ana"), ("Cliente 201", "Bia"), ("Cliente 202", "Ana"), ("Cliente 203", "Ana")]
            .iter()
            .map(|(c, a)| (c.to_string(), a.to_string()))
            .collect();
    assert_eq!(owners, expected);
    counters_match(&team).await;

    // Back to the default: Bia takes the next one.
    let (_, back) = team.call(&team.admin_token, Method::PUT, &bia_path, Some(json!({ "capacity": null }))).await;
    assert_eq!((back["capacity"].clone(), back["effectiveCapacity"].as_i64()), (Value::Null, Some(3)));
    customers_write(&team, 204, 1).await;
    settle(&team, |rows| held(rows, "Bia") == 2).await;
}

#[tokio::test]
async fn an_offer_waits_for_its_person_goes_to_the_next_when_declined_or_expired_and_never_back() {
    let (team, _provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let (bia_user, bia) = team.agent("Bia", &[team.instance]).await;
    let mut ana_socket = open(&team.app, &ana_user, &ana, None).await.unwrap();
    let mut bia_socket = open(&team.app, &bia_user, &bia, None).await.unwrap();
    let policy = |seconds: Value| json!({ "departmentId": null, "strategy": "round_robin", "capacity": 2, "offerSeconds": seconds });
    let (status, refused) =
        team.call(&team.admin_token, Method::PUT, "/api/distribution/policies", Some(policy(json!(3)))).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_offer_seconds")), "{refused}");
    let (status, saved) =
        team.call(&team.admin_token, Method::PUT, "/api/distribution/policies", Some(policy(json!(5)))).await;
    assert_eq!((status, saved["offerSeconds"].as_i64()), (200, Some(5)), "{saved}");

    // Offered to Ana: a transfer request from nobody; the ticket holds her slot meanwhile.
    customers_write(&team, 300, 1).await;
    let offer = offered(&mut ana_socket, "Ana").await;
    assert_eq!(
        (offer["transfer"]["toUser"]["name"].as_str(), &offer["transfer"]["fromUser"]),
        (Some("Ana"), &Value::Null)
    );
    assert_eq!(offer["ticket"]["status"], "transferring");
    let ticket = offer["ticket"]["id"].as_i64().unwrap();
    assert_eq!(held(&holdings(&team).await, "Ana"), 1);
    let (status, _) = team.call(&team.admin_token, Method::POST, &format!("/api/tickets/{ticket}/accept"), None).await;
    assert_eq!(status, 409, "an offered ticket is not in the queue");

    // She declines: offered to Bia.
    let (status, _) =
        team.call(&ana, Method::POST, &format!("/api/transfers/{}/reject", offer["transfer"]["id"]), None).await;
    assert_eq!(status, 200);
    let offer = offered(&mut bia_socket, "Bia").await;
    assert_eq!(
        (offer["ticket"]["id"].as_i64(), offer["transfer"]["toUser"]["name"].as_str()),
        (Some(ticket), Some("Bia"))
    );
    let settled = settle(&team, |rows| held(rows, "Ana") == 0 && held(rows, "Bia") == 1).await;
    assert_eq!(settled.len(), 3, "{settled:?}");

    // Bia lets it expire: nobody who has not passed on it is left, so it waits in the queue.
    let deadline = Instant::now() + Duration::from_secs(20);
    while waiting(&team).await.is_empty() {
        assert!(Instant::now() < deadline, "the offer never expired");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(waiting(&team).await[0]["id"].as_i64(), Some(ticket));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(waiting(&team).await.len(), 1, "not offered to Ana or Bia again");
    let (_, lines) = team.call(&team.admin_token, Method::GET, &format!("/api/tickets/{ticket}/messages"), None).await;
    let lines: Vec<&str> = lines["data"].as_array().unwrap().iter().filter_map(|m| m["body"].as_str()).collect();
    for expected in [
        "Oferecido a Ana (rodízio)",
        "Ana recusou o atendimento oferecido",
        "Oferecido a Bia",
        "A oferta a Bia expirou sem resposta",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(expected)), "{expected}: {lines:?}");
    }
    counters_match(&team).await;

    // The next customer's ticket: offered, accepted, hers; her slot stays counted once.
    customers_write(&team, 301, 1).await;
    // Round robin: Ana's turn again (her last offer is older than Bia's).
    let offer = offered(&mut ana_socket, "Ana").await;
    assert_ne!(offer["ticket"]["id"].as_i64(), Some(ticket), "the new one");
    let (status, accepted) =
        team.call(&ana, Method::POST, &format!("/api/transfers/{}/accept", offer["transfer"]["id"]), None).await;
    assert_eq!((status, accepted["status"].as_str()), (200, Some("open")), "{accepted}");
    assert_eq!(accepted["assignedUser"]["name"], "Ana");
    assert_eq!(held(&holdings(&team).await, "Ana"), 1);
    counters_match(&team).await;
}

/// The next offer to `name` a socket receives (`ChatTicketTransfer` from the distribution; the
/// people of the number hear of the others' too).
async fn offered(socket: &mut Socket, name: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(Instant::now() < deadline, "no offer arrived");
        if let Some(event) = crate::support::socket::next_event(socket, Duration::from_millis(500)).await
            && event["event"] == "ChatTicketTransfer"
            && event["transfer"]["toUser"]["name"] == name
        {
            return event;
        }
    }
}
