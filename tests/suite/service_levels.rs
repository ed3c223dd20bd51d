//! The company's calendar and the SLA policies (docs/service-levels.md) through the real HTTP and
//! WebSocket surface: one calendar for the tenant, checked field by field; policies per department
//! over a default; each ticket entering the queue carries its clock, goes at risk and breaches live
//! to its audience, settles at the answer and the close; "pausar enquanto espera o cliente" stops
//! the resolution clock between the team's answer and the customer's next message.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{
    provider::{customer_message, push},
    socket::{Socket, next_event, open},
    team::{HOST, Team},
};

/// The control panel (and its "prestes a estourar") is part of the `analytics` feature.
async fn with_analytics(team: &Team) {
    use backoffice::{domain::tenants, tenancy::TenantName};
    let control = team.app.dbs().control();
    let record = tenants::find_by_name(control, &TenantName::parse("acme").unwrap()).await.unwrap();
    tenants::set_feature(control, &record, "analytics", true, &team.app.state.bus).await.unwrap();
}

async fn customer_writes(team: &Team, id: &str, phone: &str, text: &str) {
    let message = customer_message(id, phone, "Carla Dias", text);
    let response = push(&team.app, HOST, team.instance, &format!("evt-{id}"), &message).await;
    assert_eq!(response.status().as_u16(), 200);
}

async fn ticket_of(team: &Team, digits: &str) -> Value {
    let (status, page) =
        team.call(&team.admin_token, Method::GET, &format!("/api/tickets?search={digits}"), None).await;
    assert_eq!(status, 200, "{page}");
    page["data"][0].clone()
}

async fn ticket(team: &Team, id: i64) -> Value {
    let (status, ticket) = team.call(&team.admin_token, Method::GET, &format!("/api/tickets/{id}"), None).await;
    assert_eq!(status, 200, "{ticket}");
    ticket
}

fn at(value: &Value) -> DateTime<Utc> {
    value.as_str().unwrap_or_else(|| panic!("a time: {value}")).parse().unwrap()
}

/// The next `TicketSlaChanged` on `socket` for `ticket`, within `wait`.
async fn sla_changed(socket: &mut Socket, ticket: i64, wait: Duration) -> Value {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = next_event(socket, left).await.unwrap_or_else(|| panic!("no TicketSlaChanged within {wait:?}"));
        if event["event"] == "TicketSlaChanged" && event["ticket"]["id"] == ticket {
            return event;
        }
    }
}

#[tokio::test]
async fn the_calendar_is_one_for_the_company_and_checked_field_by_field() {
    let (team, _provider) = Team::start().await;
    let (_, attendant) = team.agent("Ana", &[team.instance]).await;

    let (status, empty) = team.call(&attendant, Method::GET, "/api/calendar", None).await;
    assert_eq!(status, 200, "anyone signed in reads the company's hours");
    assert_eq!((empty["businessHours"].as_array().map(Vec::len), empty["updatedAt"].is_null()), (Some(0), true));

    let bad = json!({
        "businessHours": [{ "weekday": 1, "start": "08:00", "end": "12:00" },
                          { "weekday": 7, "start": "18:00", "end": "08:00" }],
        "holidays": ["25/12/2026"]
    });
    let (status, refused) = team.call(&team.admin_token, Method::PUT, "/api/calendar", Some(bad)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_calendar")), "{refused}");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["businessHours[1].weekday", "businessHours[1].end", "holidays[0]"]);
    assert_eq!(refused["errors"][2]["message"], "Use datas no formato AAAA-MM-DD.");

    let good = json!({
        "businessHours": [{ "weekday": 2, "start": "13:00", "end": "18:00" },
                          { "weekday": 1, "start": "08:00", "end": "12:00" }],
        "holidays": ["2026-12-25", "2026-11-20", "2026-12-25"]
    });
    let (status, _) = team.call(&attendant, Method::PUT, "/api/calendar", Some(good.clone())).await;
    assert_eq!(status, 403, "only who keeps the users sets it");
    let (status, saved) = team.call(&team.admin_token, Method::PUT, "/api/calendar", Some(good)).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["businessHours"][0]["weekday"], 1, "in weekday order");
    assert_eq!(saved["holidays"], json!(["2026-11-20", "2026-12-25"]), "sorted, without repeats");
    let (_, read) = team.call(&attendant, Method::GET, "/api/calendar", None).await;
    assert_eq!((read["holidays"].clone(), read["updatedAt"].is_string()), (saved["holidays"].clone(), true));
}

#[tokio::test]
async fn policies_are_per_department_over_the_companys_default() {
    let (team, _provider) = Team::start().await;
    with_analytics(&team).await;
    let (_, attendant) = team.agent("Ana", &[team.instance]).await;
    let (status, overview) = team.call(&team.admin_token, Method::GET, "/api/sla", None).await;
    assert_eq!(status, 200, "{overview}");
    let policies = overview["policies"].as_array().unwrap();
    assert!(policies[0]["departmentId"].is_null() && policies[0]["firstResponseMinutes"].is_null());
    let financeiro = policies.iter().find(|p| p["departmentName"] == "Financeiro").unwrap()["departmentId"].clone();

    let default = json!({ "departmentId": null, "firstResponseMinutes": 30, "resolutionMinutes": 480 });
    let (status, saved) = team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(default)).await;
    assert_eq!((status, saved["firstResponseMinutes"].as_i64(), saved["own"].as_bool()), (200, Some(30), Some(true)));
    let of = |overview: &Value| {
        overview["policies"].as_array().unwrap().iter().find(|p| p["departmentId"] == financeiro).unwrap().clone()
    };
    let (_, overview) = team.call(&team.admin_token, Method::GET, "/api/sla", None).await;
    let follows = of(&overview);
    assert_eq!((follows["own"].as_bool(), follows["resolutionMinutes"].as_i64()), (Some(false), Some(480)));

    let own = json!({ "departmentId": financeiro, "firstResponseMinutes": 10, "resolutionMinutes": null,
                      "pauseOnCustomer": true });
    let (status, saved) = team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(own)).await;
    assert_eq!(status, 200, "{saved}");
    let (_, overview) = team.call(&team.admin_token, Method::GET, "/api/sla", None).await;
    let own = of(&overview);
    assert_eq!(
        (own["own"].as_bool(), own["firstResponseMinutes"].as_i64(), own["resolutionMinutes"].is_null()),
        (Some(true), Some(10), true)
    );
    assert_eq!(own["pauseOnCustomer"], true);
    let (status, _) =
        team.call(&team.admin_token, Method::DELETE, &format!("/api/sla/policies/{financeiro}"), None).await;
    assert_eq!(status, 204);
    let (_, overview) = team.call(&team.admin_token, Method::GET, "/api/sla", None).await;
    assert_eq!(of(&overview)["firstResponseMinutes"], 30, "back to the default");

    for (minutes, field) in [(0, "firstResponseMinutes"), (43_201, "resolutionMinutes")] {
        let body = json!({ "departmentId": null, field: minutes });
        let (status, refused) = team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(body)).await;
        assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_sla_minutes")), "{refused}");
        assert_eq!(refused["errors"][0]["field"], field);
    }
    let (status, missing) =
        team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(json!({ "departmentId": 99_999 }))).await;
    assert_eq!((status, missing["code"].as_str()), (404, Some("department_not_found")));
    let (status, _) = team.call(&attendant, Method::GET, "/api/sla", None).await;
    assert_eq!(status, 403);
    let (status, _) = team.call(&attendant, Method::GET, "/api/dashboard/control-panel/at-risk", None).await;
    assert_eq!(status, 403, "the tickets about to breach are the control panel's");
}

#[tokio::test]
async fn a_ticket_goes_at_risk_and_breaches_live_and_settles_when_answered_and_closed() {
    let (team, _provider) = Team::start().await;
    with_analytics(&team).await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    // No hours: the company is open now, whatever the time the suite runs.
    let policy = json!({ "departmentId": null, "firstResponseMinutes": 1, "resolutionMinutes": 600 });
    let (status, _) = team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(policy)).await;
    assert_eq!(status, 200);
    let mut supervisor = open(&team.app, &team.admin, &team.admin_token, None).await.unwrap();
    let mut agent = open(&team.app, &ana_user, &ana, None).await.unwrap();

    customer_writes(&team, "late-1", "+55 11 96666-0001", "Preciso de ajuda").await;
    let late = ticket_of(&team, "966660001").await;
    let id = late["id"].as_i64().unwrap();
    let opened = at(&late["openedAt"]);
    assert_eq!(late["sla"]["state"], "on_time", "{late}");
    assert_eq!((at(&late["sla"]["responseDueAt"]) - opened).num_seconds(), 60, "one open minute to answer");
    assert_eq!((at(&late["sla"]["resolutionDueAt"]) - opened).num_hours(), 10);
    assert_eq!(late["sla"]["responded"], false);

    // 80 % of the minute: at risk, told to the queue's agent and to the supervisor.
    let risk = sla_changed(&mut agent, id, Duration::from_secs(75)).await;
    assert_eq!((risk["state"].as_str(), risk["target"].as_str()), (Some("at_risk"), Some("response")));
    let elapsed = Utc::now() - opened;
    assert!(elapsed >= chrono::Duration::seconds(47), "at risk after 48 s, not {elapsed}");
    let breach = sla_changed(&mut supervisor, id, Duration::from_secs(30)).await;
    let breach = if breach["state"] == "at_risk" {
        sla_changed(&mut supervisor, id, Duration::from_secs(30)).await
    } else {
        breach
    };
    assert_eq!(
        (breach["state"].as_str(), breach["ticket"]["sla"]["state"].as_str()),
        (Some("breached"), Some("breached"))
    );
    assert!(Utc::now() - opened >= chrono::Duration::seconds(60));

    let (status, listed) =
        team.call(&team.admin_token, Method::GET, "/api/dashboard/control-panel/at-risk", None).await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed.as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect::<Vec<_>>(), [id]);

    // Answered late is still late; closed, it leaves the control panel.
    let (status, _) = team.call(&ana, Method::POST, &format!("/api/tickets/{id}/accept"), None).await;
    assert_eq!(status, 200);
    let (status, _) =
        team.call(&ana, Method::POST, &format!("/api/tickets/{id}/messages"), Some(json!({ "body": "Oi!" }))).await;
    assert_eq!(status, 201);
    let answered = ticket(&team, id).await;
    assert_eq!(
        (answered["sla"]["state"].as_str(), answered["sla"]["responded"].as_bool()),
        (Some("breached"), Some(true))
    );
    let (_, reasons) = team.call(&team.admin_token, Method::GET, "/api/closing-reasons", None).await;
    let reason = reasons.as_array().unwrap()[0]["id"].clone();
    let (status, closed) = team
        .call(&ana, Method::POST, &format!("/api/tickets/{id}/close"), Some(json!({ "closingReasonId": reason })))
        .await;
    assert_eq!((status, closed["sla"]["state"].as_str()), (200, Some("breached")), "{closed}");
    let (_, listed) = team.call(&team.admin_token, Method::GET, "/api/dashboard/control-panel/at-risk", None).await;
    assert_eq!(listed, json!([]));

    // Answered in time: on time, and no check changes it later.
    customer_writes(&team, "fast-1", "+55 11 96666-0002", "Oi").await;
    let fast = ticket_of(&team, "966660002").await["id"].as_i64().unwrap();
    team.call(&ana, Method::POST, &format!("/api/tickets/{fast}/accept"), None).await;
    let (status, _) =
        team.call(&ana, Method::POST, &format!("/api/tickets/{fast}/messages"), Some(json!({ "body": "Olá!" }))).await;
    assert_eq!(status, 201);
    let fast = ticket(&team, fast).await;
    assert_eq!((fast["sla"]["state"].as_str(), fast["sla"]["responded"].as_bool()), (Some("on_time"), Some(true)));
    assert_eq!(fast["sla"]["paused"], false, "this policy does not wait on the customer");
    let (status, _) = team
        .call(
            &ana,
            Method::POST,
            &format!("/api/tickets/{}/close", fast["id"]),
            Some(json!({ "closingReasonId": reason })),
        )
        .await;
    assert_eq!(status, 200);

    // Attainment, from the daily aggregates: two closed with both targets, one answered late.
    let (status, synced) = team.call(&team.admin_token, Method::GET, "/api/tenant/syncAnalytics", None).await;
    assert_eq!(status, 200, "{synced}");
    let today = backoffice::domain::analytics::local_day(Utc::now());
    let (status, analytics) = team
        .call(&team.admin_token, Method::GET, &format!("/api/dashboard/analytics?from={today}&to={today}"), None)
        .await;
    assert_eq!(status, 200, "{analytics}");
    let totals = &analytics["totals"];
    let attainment = |v: &Value| {
        ["slaResponseTickets", "slaResponseMet", "slaResolutionTickets", "slaResolutionMet"]
            .map(|k| v[k].as_i64().unwrap())
    };
    assert_eq!(attainment(totals), [2, 1, 2, 2], "{totals}");
    let (_, productivity) = team
        .call(&team.admin_token, Method::GET, &format!("/api/dashboard/productivity?from={today}&to={today}"), None)
        .await;
    let ana_row = productivity["agents"].as_array().unwrap().iter().find(|a| a["name"] == "Ana").unwrap().clone();
    assert_eq!(attainment(&ana_row), [2, 1, 2, 2], "the agent who closed them: {ana_row}");
    let db = team.app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let period = backoffice::domain::analytics::Period::new(today, today).unwrap();
    let drifts = backoffice::domain::analytics::sync::verify(&tx, period).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(drifts.is_empty(), "analytics verify reconciles: {drifts:?}");
}

#[tokio::test]
async fn waiting_on_the_customer_pauses_the_resolution_clock() {
    let (team, _provider) = Team::start().await;
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let policy = json!({ "departmentId": null, "firstResponseMinutes": 30, "resolutionMinutes": 120,
                         "pauseOnCustomer": true });
    let (status, _) = team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(policy)).await;
    assert_eq!(status, 200);
    customer_writes(&team, "p-1", "+55 11 97777-0001", "Meu pedido atrasou").await;
    let opened = ticket_of(&team, "977770001").await;
    let id = opened["id"].as_i64().unwrap();
    let due = at(&opened["sla"]["resolutionDueAt"]);

    team.call(&ana, Method::POST, &format!("/api/tickets/{id}/accept"), None).await;
    team.call(&ana, Method::POST, &format!("/api/tickets/{id}/messages"), Some(json!({ "body": "Qual o número?" })))
        .await;
    let waiting = ticket(&team, id).await;
    assert_eq!((waiting["sla"]["paused"].as_bool(), waiting["sla"]["state"].as_str()), (Some(true), Some("on_time")));

    tokio::time::sleep(Duration::from_secs(2)).await;
    customer_writes(&team, "p-2", "+55 11 97777-0001", "É o 123").await;
    let resumed = ticket(&team, id).await;
    assert_eq!(resumed["sla"]["paused"], false);
    let moved = at(&resumed["sla"]["resolutionDueAt"]) - due;
    assert!(
        moved >= chrono::Duration::seconds(2) && moved < chrono::Duration::seconds(10),
        "the due time moves by the wait on the customer: {moved}"
    );
    assert_eq!(
        at(&resumed["sla"]["responseDueAt"]),
        at(&opened["sla"]["responseDueAt"]),
        "the response clock is not paused"
    );
}

#[tokio::test]
async fn the_distribution_gives_the_ticket_nearest_to_breach_first() {
    let (team, _provider) = Team::start().await;
    let (ana_user, ana) = team.agent("Ana", &[team.instance]).await;
    let mut socket = open(&team.app, &ana_user, &ana, None).await.unwrap();
    let target = |minutes: i64| json!({ "departmentId": null, "firstResponseMinutes": minutes });
    team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(target(60))).await;
    customer_writes(&team, "old-1", "+55 11 95555-0001", "Escrevi primeiro").await;
    // A stricter promise for what comes next: the newer ticket is due first.
    team.call(&team.admin_token, Method::PUT, "/api/sla/policies", Some(target(5))).await;
    customer_writes(&team, "new-1", "+55 11 95555-0002", "Escrevi depois").await;
    let (older, newer) = (ticket_of(&team, "955550001").await, ticket_of(&team, "955550002").await);
    assert!(at(&newer["sla"]["responseDueAt"]) < at(&older["sla"]["responseDueAt"]));

    let policy = json!({ "departmentId": null, "strategy": "balanced", "capacity": 1 });
    let (status, _) = team.call(&team.admin_token, Method::PUT, "/api/distribution/policies", Some(policy)).await;
    assert_eq!(status, 200);
    assert_eq!(assigned(&mut socket).await, newer["id"].as_i64().unwrap(), "nearest to breach, not oldest");
    let (_, reasons) = team.call(&team.admin_token, Method::GET, "/api/closing-reasons", None).await;
    let close = json!({ "closingReasonId": reasons[0]["id"] });
    let (status, _) = team.call(&ana, Method::POST, &format!("/api/tickets/{}/close", newer["id"]), Some(close)).await;
    assert_eq!(status, 200);
    assert_eq!(assigned(&mut socket).await, older["id"].as_i64().unwrap(), "then the other, as room frees");
}

/// The ticket of the next `TicketAssigned` on `socket`.
async fn assigned(socket: &mut Socket) -> i64 {
    loop {
        let event = next_event(socket, Duration::from_secs(10)).await.expect("a TicketAssigned");
        if event["event"] == "TicketAssigned" {
            return event["ticket"]["id"].as_i64().unwrap();
        }
    }
}

#[tokio::test]
async fn the_customer_rates_the_service_after_the_close_without_reopening_it() {
    let (team, provider) = Team::start().await;
    with_analytics(&team).await;
    let (_, ana) = team.agent("Ana", &[team.instance]).await;
    let (status, defaults) = team.call(&team.admin_token, Method::GET, "/api/survey", None).await;
    assert_eq!((status, defaults["enabled"].as_bool()), (200, Some(false)), "off until the company turns it on");
    let mut settings = defaults.clone();
    settings["question"] = json!(" ");
    settings["answerMinutes"] = json!(1);
    let (status, refused) = team.call(&team.admin_token, Method::PUT, "/api/survey", Some(settings)).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("invalid_survey")), "{refused}");
    let fields: Vec<&str> =
        refused["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["question", "answerMinutes"]);
    let mut settings = defaults;
    settings["enabled"] = json!(true);
    let (status, _) = team.call(&ana, Method::PUT, "/api/survey", Some(settings.clone())).await;
    assert_eq!(status, 403);
    let (status, saved) = team.call(&team.admin_token, Method::PUT, "/api/survey", Some(settings)).await;
    assert_eq!((status, saved["enabled"].as_bool()), (200, Some(true)));
    let (_, reasons) = team.call(&team.admin_token, Method::GET, "/api/closing-reasons", None).await;
    let reason = reasons[0]["id"].clone();

    // Served and closed: the question goes out through the instance, naming both.
    customer_writes(&team, "s-1", "+55 11 94444-0001", "Meu boleto venceu").await;
    let first = ticket_of(&team, "944440001").await["id"].as_i64().unwrap();
    team.call(&ana, Method::POST, &format!("/api/tickets/{first}/accept"), None).await;
    team.call(&ana, Method::POST, &format!("/api/tickets/{first}/messages"), Some(json!({ "body": "Segue o novo." })))
        .await;
    let (status, _) = team
        .call(&ana, Method::POST, &format!("/api/tickets/{first}/close"), Some(json!({ "closingReasonId": reason })))
        .await;
    assert_eq!(status, 200);
    let sent = provider.wait_sent(2).await;
    assert!(sent[1].body.starts_with("Olá, Carla! Como você avalia o atendimento de Ana?"), "{}", sent[1].body);

    // "5, …": recorded with its comment, thanked, and no ticket opens.
    customer_writes(&team, "s-2", "+55 11 94444-0001", "5, resolveu rapidinho!").await;
    let sent = provider.wait_sent(3).await;
    assert_eq!(sent[2].body, "Obrigado pela avaliação! Se precisar de algo mais, é só escrever.");
    let (_, waiting) = team.call(&team.admin_token, Method::GET, "/api/tickets?status=pending", None).await;
    assert_eq!(waiting["data"].as_array().unwrap().len(), 0, "the answer opens nothing: {waiting}");
    let closed = ticket(&team, first).await;
    assert_eq!(closed["status"], "closed", "never reopened");
    let (_, messages) =
        team.call(&team.admin_token, Method::GET, &format!("/api/tickets/{first}/messages"), None).await;
    let bodies: Vec<&str> = messages["data"].as_array().unwrap().iter().filter_map(|m| m["body"].as_str()).collect();
    assert!(bodies.contains(&"5, resolveu rapidinho!"), "the answer joins the closed conversation: {bodies:?}");

    // A second ticket: the customer writes something else, which opens a ticket as before.
    customer_writes(&team, "s-3", "+55 11 94444-0002", "Oi").await;
    let second = ticket_of(&team, "944440002").await["id"].as_i64().unwrap();
    team.call(&ana, Method::POST, &format!("/api/tickets/{second}/accept"), None).await;
    team.call(&ana, Method::POST, &format!("/api/tickets/{second}/close"), Some(json!({ "closingReasonId": reason })))
        .await;
    provider.wait_sent(4).await;
    customer_writes(&team, "s-4", "+55 11 94444-0002", "Quero outra coisa agora").await;
    let reopened = ticket_of(&team, "944440002").await;
    assert_ne!(reopened["id"].as_i64(), Some(second), "a new ticket, as before");
    assert_eq!(reopened["status"], "pending");

    let today = backoffice::domain::analytics::local_day(Utc::now());
    let (status, report) = team
        .call(&team.admin_token, Method::GET, &format!("/api/dashboard/satisfaction?from={today}&to={today}"), None)
        .await;
    assert_eq!(status, 200, "{report}");
    let overall = &report["overall"];
    assert_eq!((overall["sent"].as_i64(), overall["answered"].as_i64()), (Some(2), Some(1)), "{report}");
    assert_eq!((overall["average"].as_f64(), overall["csatPercent"].as_f64()), (Some(5.0), Some(100.0)));
    assert_eq!(overall["responseRatePercent"].as_f64(), Some(50.0));
    assert_eq!(report["ratings"], json!([0, 0, 0, 0, 1]));
    assert_eq!(report["byAgent"][0]["name"], "Ana");
    assert_eq!(report["byAgent"][0]["answered"], 1);
    assert_eq!(report["byReason"][0]["sent"], 2);
    assert_eq!(report["comments"][0]["comment"], "resolveu rapidinho!");
    let sheet = team
        .app
        .call(
            Method::GET,
            HOST,
            &format!("/api/dashboard/satisfaction/sheet?from={today}&to={today}"),
            Some(&team.admin_token),
            None,
        )
        .await;
    assert_eq!(sheet.status(), 200);
    assert!(sheet.bytes().await.unwrap().starts_with(b"PK"), "an xlsx");
    let (status, _) =
        team.call(&ana, Method::GET, &format!("/api/dashboard/satisfaction?from={today}&to={today}"), None).await;
    assert_eq!(status, 403, "the report is the productivity screen's");
}
