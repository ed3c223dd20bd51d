//! Analytics sync, dashboards, reports and sheets through the real HTTP surface
//! (docs/analytics.md), on whichever backend the run uses.

use std::io::Cursor;

use backoffice::{
    demo::{self as seed, DemoOptions},
    domain::{
        analytics::{Period, local_day, sync},
        tenants,
    },
    tenancy::TenantName,
};
use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use chrono::{Duration, Utc};
use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::support::{TestApp, TestUser};

const ARGON: &str = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";

struct Demo {
    app: TestApp,
    admin: TestUser,
    token: String,
}

/// `acme` with seven days of demo data, `analytics` and `reports` on, and its administrator.
async fn demo() -> Demo {
    demo_on(TestApp::spawn().await).await
}

async fn demo_on(app: TestApp) -> Demo {
    let admin = app.tenant_with_admin("acme").await;
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse("acme").unwrap()).await.unwrap();
    for feature in ["analytics", "reports"] {
        tenants::set_feature(app.dbs().control(), &record, feature, true, &app.state.bus).await.unwrap();
    }
    let db = app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let options = DemoOptions {
        customers: 60,
        days: 7,
        agents: 4,
        messages_per_ticket: 4,
        password_hash: ARGON.into(),
        rng_seed: 11,
    };
    seed::seed_demo(&tx, &options, &|_| {}).await.unwrap();
    tx.commit().await.unwrap();
    let token = app.login(&admin).await;
    Demo { app, admin, token }
}

impl Demo {
    async fn get(&self, path: &str) -> (u16, Value) {
        let response = self.app.call(Method::GET, &self.admin.host(), path, Some(&self.token), None).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn bytes(&self, path: &str) -> (u16, Option<String>, Vec<u8>) {
        let response = self.app.call(Method::GET, &self.admin.host(), path, Some(&self.token), None).await;
        let status = response.status().as_u16();
        let disposition = response
            .headers()
            .get(reqwest::header::CONTENT_DISPOSITION)
            .map(|v| v.to_str().unwrap_or_default().to_owned());
        (status, disposition, response.bytes().await.unwrap().to_vec())
    }

    async fn scalar(&self, sql: &str) -> i64 {
        self.app.scalar("acme", sql).await
    }

    async fn execute(&self, sql: &str) {
        let db = self.app.tenant_db("acme").await;
        let tx = db.begin().await.unwrap();
        tx.execute_unprepared(sql).await.unwrap();
        tx.commit().await.unwrap();
    }
}

fn week() -> (String, String) {
    let today = local_day(Utc::now());
    ((today - Duration::days(6)).to_string(), today.to_string())
}

#[tokio::test]
async fn synced_totals_equal_counts_from_the_tickets_and_an_incremental_rerun_changes_nothing() {
    let demo = demo().await;
    let (from, to) = week();
    // Some of the conversation carries photos, voice notes, videos, documents and a location.
    demo.execute(
        "UPDATE messages SET message_type = CASE id % 6 WHEN 1 THEN 'image' WHEN 2 THEN 'audio' \
         WHEN 3 THEN 'document' WHEN 4 THEN 'location' ELSE message_type END WHERE id % 5 = 0",
    )
    .await;
    demo.execute(
        "UPDATE messages SET message_type = 'video' WHERE id = (SELECT MAX(id) FROM messages WHERE kind = 'text')",
    )
    .await;

    let (status, forced) = demo.get("/api/tenant/syncAnalytics?forceUpdate=true").await;
    assert_eq!(status, 200, "{forced}");
    assert_eq!(forced["forced"], true);
    assert_eq!(forced["tenantName"], "acme");
    assert!(forced["rows"].as_u64().unwrap() > 0);

    let (status, view) = demo.get(&format!("/api/dashboard/analytics?from={from}&to={to}")).await;
    assert_eq!(status, 200, "{view}");
    let opened = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets").await;
    let closed = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE closed_at IS NOT NULL").await;
    let inbound = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM messages WHERE direction = 'in'").await;
    let outbound =
        demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM messages WHERE direction = 'out' AND kind NOT IN ('note', 'internal')").await;
    let answered =
        demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE first_response_at IS NOT NULL").await;
    assert_eq!(view["totals"]["ticketsOpened"], opened);
    assert_eq!(view["totals"]["ticketsClosed"], closed);
    assert_eq!(view["totals"]["messagesIn"], inbound);
    assert_eq!(view["totals"]["messagesOut"], outbound);
    for (field, types) in [
        ("messagesImage", "'image'"),
        ("messagesAudio", "'audio'"),
        ("messagesVideo", "'video'"),
        ("messagesDocument", "'document'"),
        ("messagesOther", "'sticker', 'location', 'contacts', 'unsupported'"),
    ] {
        let sql = format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM messages WHERE kind NOT IN ('note', 'internal') AND message_type IN ({types})"
        );
        let counted = demo.scalar(&sql).await;
        assert!(counted > 0, "{field}: the test changed some messages");
        assert_eq!(view["totals"][field], counted, "{field}");
    }
    assert_eq!(view["firstResponse"]["count"], answered);
    assert!(view["firstResponse"]["medianSecs"].as_i64().unwrap() > 0);
    assert_eq!(view["days"].as_array().unwrap().len(), 7);
    let heat: i64 = view["heatmap"].as_array().unwrap().iter().map(|c| c["tickets"].as_i64().unwrap()).sum();
    assert_eq!(heat, opened, "every opened ticket is in one hour of the week");
    let reasons: i64 = view["closingReasons"].as_array().unwrap().iter().map(|r| r["tickets"].as_i64().unwrap()).sum();
    assert!(reasons > 0 && reasons <= closed);
    assert!(view["syncedAt"].is_string());

    // Nothing changed: an incremental run changes no figure.
    let (_, again) = demo.get("/api/tenant/syncAnalytics").await;
    assert_eq!(again["forced"], false, "{again}");
    let (_, same) = demo.get(&format!("/api/dashboard/analytics?from={from}&to={to}")).await;
    assert_eq!(same["totals"], view["totals"]);
    assert_eq!(same["days"], view["days"]);

    // A ticket closes now: the incremental run picks its days up and the dashboard follows.
    demo.execute(&format!(
        "UPDATE tickets SET status = 'closed', closed_at = '{now}', updated_at = '{now}' \
         WHERE id = (SELECT MIN(id) FROM tickets WHERE closed_at IS NULL)",
        now = Utc::now().to_rfc3339()
    ))
    .await;
    let (_, incremental) = demo.get("/api/tenant/syncAnalytics").await;
    assert!(incremental["days"].as_i64().unwrap() >= 1, "{incremental}");
    let (_, after) = demo.get(&format!("/api/dashboard/analytics?from={from}&to={to}")).await;
    assert_eq!(after["totals"]["ticketsClosed"], closed + 1);

    // And a fresh recomputation finds no drift.
    let db = demo.app.tenant_db("acme").await;
    let tx = db.begin().await.unwrap();
    let today = local_day(Utc::now());
    let drifts = sync::verify(&tx, Period::new(today - Duration::days(6), today).unwrap()).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(drifts.is_empty(), "{drifts:?}");

    // A change the sync has not seen yet is drift.
    demo.execute("UPDATE analytics_daily SET tickets_opened = tickets_opened + 5 WHERE id = (SELECT MIN(id) FROM analytics_daily)").await;
    let tx = db.begin().await.unwrap();
    let drifts = sync::verify(&tx, Period::new(today - Duration::days(6), today).unwrap()).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(drifts.iter().any(|d| d.column == "tickets_opened" && d.stored == d.computed + 5), "{drifts:?}");
}

/// Nobody runs a sync: the worker refreshes the aggregates every `ANALYTICS_REFRESH_SECONDS`, and
/// the dashboard's kept answer goes with each refresh — a ticket closed now is counted within it.
#[tokio::test]
async fn the_worker_refreshes_todays_figures_and_the_dashboard_follows_without_a_manual_sync() {
    let app = TestApp::spawn_with(|config| {
        config.run_worker = false;
        config.analytics_refresh_seconds = 1;
    })
    .await;
    let demo = demo_on(app).await;
    let (from, to) = week();
    let path = format!("/api/dashboard/analytics?from={from}&to={to}");
    let closed = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE closed_at IS NOT NULL").await;
    // The worker starts (a restart): its scan queues the tenant's refresh.
    let _worker = demo.app.state.worker().start();
    let counted = |view: &Value| view["totals"]["ticketsClosed"].as_i64();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (_, view) = demo.get(&path).await;
        if counted(&view) == Some(closed) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the first refresh never came: {view}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    demo.execute(&format!(
        "UPDATE tickets SET status = 'closed', closed_at = '{now}', updated_at = '{now}' \
         WHERE id = (SELECT MIN(id) FROM tickets WHERE closed_at IS NULL)",
        now = Utc::now().to_rfc3339()
    ))
    .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (_, view) = demo.get(&path).await;
        if counted(&view) == Some(closed + 1) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the close was never counted: {view}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn dashboards_follow_the_route_permission_and_the_tenant_feature() {
    let demo = demo().await;
    let supervisor = demo.app.create_user("acme", "sup@acme.example", "supervisor").await;
    let attendant = demo.app.create_user("acme", "att@acme.example", "atendente").await;
    let (sup_token, att_token) = (demo.app.login(&supervisor).await, demo.app.login(&attendant).await);
    let host = demo.admin.host();
    for path in [
        "/api/dashboard/analytics",
        "/api/dashboard/control-panel",
        "/api/dashboard/maria",
        "/api/dashboard/productivity",
        "/api/tenant/sheets/orders",
    ] {
        let ok = demo.app.call(Method::GET, &host, path, Some(&sup_token), None).await;
        assert_eq!(ok.status(), 200, "supervisor on {path}");
        let refused = demo.app.call(Method::GET, &host, path, Some(&att_token), None).await;
        assert_eq!(refused.status(), 403, "attendant on {path}");
    }
    let report = demo.app.call(Method::POST, &host, "/api/dashboard-report", Some(&att_token), Some(json!({}))).await;
    assert_eq!(report.status(), 403);

    let record = tenants::find_by_name(demo.app.dbs().control(), &TenantName::parse("acme").unwrap()).await.unwrap();
    tenants::set_feature(demo.app.dbs().control(), &record, "analytics", false, &demo.app.state.bus).await.unwrap();
    tenants::set_feature(demo.app.dbs().control(), &record, "reports", false, &demo.app.state.bus).await.unwrap();
    for path in ["/api/dashboard/analytics", "/api/tenant/sheets/orders", "/api/tenant/syncAnalytics"] {
        let (status, body) = demo.get(path).await;
        assert_eq!(status, 403, "{path}");
        assert_eq!(body["code"], "feature_disabled", "{path}");
    }
    let report = demo.app.call(Method::POST, &host, "/api/dashboard-report", Some(&demo.token), Some(json!({}))).await;
    assert_eq!(report.status(), 403);
}

#[tokio::test]
async fn another_tenants_figures_and_sheets_answer_as_missing() {
    let demo = demo().await;
    let other = demo.app.tenant_with_admin("globex").await;
    let record = tenants::find_by_name(demo.app.dbs().control(), &TenantName::parse("globex").unwrap()).await.unwrap();
    for path in [
        "/api/dashboard/analytics?tenantName=globex".to_owned(),
        "/api/tenant/syncAnalytics?tenantName=globex".to_owned(),
        format!("/api/tenant/sheets/orders?tenancyId={}", record.id),
        "/api/tenant/sheets/orders?tenantName=globex".to_owned(),
    ] {
        let (status, body) = demo.get(&path).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert_eq!(body["code"], "tenant_not_found");
    }
    // Its own id is fine.
    let own = tenants::find_by_name(demo.app.dbs().control(), &TenantName::parse("acme").unwrap()).await.unwrap();
    let (status, _, _) = demo.bytes(&format!("/api/tenant/sheets/orders?tenancyId={}", own.id)).await;
    assert_eq!(status, 200);
    drop(other);
}

#[tokio::test]
async fn bad_periods_and_filters_get_a_clear_422() {
    let demo = demo().await;
    for (path, field) in [
        ("/api/tenant/sheets/orders?startAt=2026-02-01&finishAt=2026-01-01", None),
        ("/api/tenant/sheets/orders?startAt=2020-01-01&finishAt=2026-01-01", None),
        ("/api/tenant/sheets/orders?startAt=01/02/2026", Some("startAt")),
        ("/api/tenant/sheets/attendances?websiteId=abc", Some("websiteId")),
        ("/api/dashboard/analytics?from=2026-13-01", Some("from")),
        ("/api/dashboard/tickets?metric=nope", Some("metric")),
    ] {
        let (status, body) = demo.get(path).await;
        assert_eq!(status, 422, "{path}: {body}");
        assert!(body["message"].as_str().unwrap().len() > 10, "{body}");
        if let Some(field) = field {
            assert_eq!(body["errors"][0]["field"], field, "{path}: {body}");
        }
    }
    let (status, body) = demo.get("/api/tenant/sheets/invoices").await;
    assert_eq!(status, 404, "{body}");
}

fn workbook(bytes: Vec<u8>) -> Xlsx<Cursor<Vec<u8>>> {
    assert!(bytes.starts_with(b"PK"), "an xlsx is a zip file");
    open_workbook_from_rs(Cursor::new(bytes)).expect("the sheet opens")
}

#[tokio::test]
async fn the_orders_sheet_has_every_order_with_money_and_dates_as_real_cells_and_no_formula() {
    let demo = demo().await;
    demo.execute(&format!(
        "INSERT INTO customers (name, phone, blacklisted, created_at, updated_at) \
         VALUES ('=HYPERLINK(\"http://x\")', '+5511900000001', false, '{now}', '{now}')",
        now = Utc::now().to_rfc3339()
    ))
    .await;
    demo.execute(&format!(
        "INSERT INTO orders (customer_id, value_cents, status, ordered_at, created_at, updated_at) \
         SELECT id, 123456, 'paid', '{now}', '{now}', '{now}' FROM customers WHERE phone = '+5511900000001'",
        now = Utc::now().to_rfc3339()
    ))
    .await;
    let (from, to) = week();
    let (status, disposition, bytes) =
        demo.bytes(&format!("/api/tenant/sheets/orders?startAt={from}&finishAt={to}")).await;
    assert_eq!(status, 200);
    assert_eq!(disposition.unwrap(), format!("attachment; filename=\"pedidos_{from}_a_{to}.xlsx\""));
    let mut book = workbook(bytes);
    assert_eq!(book.sheet_names(), vec!["Pedidos", "Sobre"]);
    let range = book.worksheet_range("Pedidos").unwrap();
    let headers: Vec<String> = range.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
    assert_eq!(
        headers,
        ["Pedido", "Data", "Cliente", "Telefone", "Instância", "Atendente", "Protocolo", "Situação", "Valor"]
    );
    let orders = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await;
    assert_eq!(range.height() as i64 - 1, orders, "one row per order of the period");

    let row = range.rows().find(|r| r[3] == Data::String("+5511900000001".into())).expect("the new order's row");
    assert_eq!(row[2], Data::String("=HYPERLINK(\"http://x\")".into()), "a formula-looking name stays text");
    assert_eq!(row[8], Data::Float(1234.56));
    assert!(matches!(row[1], Data::DateTime(_)), "dates are date cells: {:?}", row[1]);
    let styles = book.worksheet_style("Pedidos").unwrap();
    let last = range.height() as u32 - 1;
    let money = styles.get((last, 8)).and_then(|s| s.number_format.clone()).expect("a money format");
    assert_eq!(money.format_code, "\"R$ \"#,##0.00");
    let about = book.worksheet_range("Sobre").unwrap();
    assert!(about.rows().any(|r| r[0] == Data::String("Fuso horário".into())));
    assert!(about.rows().any(|r| r[1].to_string().contains("admin@acme.example")));
}

#[tokio::test]
async fn attendances_reasons_and_instance_logs_sheets_follow_their_filters() {
    let demo = demo().await;
    let (from, to) = week();
    let tickets = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets").await;
    let open = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE closed_at IS NULL").await;
    let (_, _, bytes) =
        demo.bytes(&format!("/api/tenant/sheets/attendances?startAt={from}&finishAt={to}&estimation=true")).await;
    let mut book = workbook(bytes);
    let range = book.worksheet_range("Atendimentos").unwrap();
    assert_eq!(range.height() as i64 - 1, tickets);
    let estimated = range.rows().skip(1).filter(|r| r[13] == Data::String("Sim".into())).count() as i64;
    assert_eq!(estimated, open, "open tickets are marked estimated");
    assert!(range.rows().skip(1).all(|r| !matches!(r[12], Data::Empty)), "every row has a resolution with estimation");

    let instance = demo.scalar("SELECT CAST(MIN(instance_id) AS BIGINT) FROM tickets").await;
    let of_instance =
        demo.scalar(&format!("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE instance_id = {instance}")).await;
    let (_, _, bytes) =
        demo.bytes(&format!("/api/tenant/sheets/attendances?startAt={from}&finishAt={to}&websiteId={instance}")).await;
    let range = workbook(bytes).worksheet_range("Atendimentos").unwrap();
    assert_eq!(range.height() as i64 - 1, of_instance);

    let reason = demo
        .scalar("SELECT CAST(MIN(closing_reason_id) AS BIGINT) FROM tickets WHERE closing_reason_id IS NOT NULL")
        .await;
    let with_reason =
        demo.scalar(&format!("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE closing_reason_id = {reason}")).await;
    let (_, _, bytes) =
        demo.bytes(&format!("/api/tenant/sheets/reasons?startAt={from}&finishAt={to}&reasonId={reason}")).await;
    let range = workbook(bytes).worksheet_range("Motivos").unwrap();
    assert_eq!(range.height() as i64 - 1, with_reason);

    let logs = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM instance_logs").await;
    let (status, disposition, bytes) =
        demo.bytes(&format!("/api/tenant/sheets/instance_logs?startAt={from}&finishAt={to}")).await;
    assert_eq!(status, 200);
    assert!(disposition.unwrap().contains("logs_de_instancias_"));
    let range = workbook(bytes).worksheet_range("Logs").unwrap();
    assert!(range.height() as i64 - 1 <= logs);
    assert_eq!(range.rows().next().unwrap()[2], Data::String("Situação".into()));
}

#[tokio::test]
async fn the_login_failures_report_groups_and_filters_by_user_from_a_body_or_the_query() {
    let demo = demo().await;
    let ana = demo.app.create_user("acme", "ana@acme.example", "atendente").await;
    let bia = demo.app.create_user("acme", "bia@acme.example", "atendente").await;
    demo.execute("DELETE FROM login_failures").await;
    for user in [&ana, &ana, &bia] {
        let response = demo.app.login_response(user, "errada-123").await;
        assert_eq!(response.status(), 401);
    }
    let ghost = TestUser { id: 0, tenant: "acme".into(), email: "ninguem@acme.example".into(), password: "x".into() };
    demo.app.login_response(&ghost, "x").await;
    let (from, to) = week();
    let host = demo.admin.host();

    let body = json!({ "start_at": from, "finish_at": to, "selectedUsers": [] });
    let response = demo.app.call(Method::POST, &host, "/api/dashboard-report", Some(&demo.token), Some(body)).await;
    assert_eq!(response.status(), 200);
    let all: Value = response.json().await.unwrap();
    assert_eq!(all["total"], 4, "{all}");
    assert_eq!(
        all["byReason"].as_array().unwrap().iter().find(|r| r["reason"] == "wrong_password").unwrap()["count"],
        3
    );
    let unknown = all["byUser"].as_array().unwrap().iter().find(|u| u["email"] == "ninguem@acme.example").unwrap();
    assert!(unknown["userId"].is_null());
    assert_eq!(all["byAddress"][0]["bodyIp"], "203.0.113.5");
    assert_eq!(all["recent"].as_array().unwrap().len(), 4);

    let body = json!({ "start_at": from, "finish_at": to, "selectedUsers": [ana.id] });
    let response = demo.app.call(Method::POST, &host, "/api/dashboard-report", Some(&demo.token), Some(body)).await;
    let only_ana: Value = response.json().await.unwrap();
    assert_eq!(only_ana["total"], 2);
    assert_eq!(only_ana["byUser"][0]["userId"], ana.id);

    let path = format!("/api/dashboard-report?start_at={from}&finish_at={to}&selectedUsers={},{}", ana.id, bia.id);
    let response = demo.app.call(Method::POST, &host, &path, Some(&demo.token), None).await;
    let both: Value = response.json().await.unwrap();
    assert_eq!(both["total"], 3, "{both}");

    let (status, _, bytes) = demo
        .bytes(&format!("/api/dashboard-report/sheet?start_at={from}&finish_at={to}&selectedUsers={}", bia.id))
        .await;
    assert_eq!(status, 200);
    let range = workbook(bytes).worksheet_range("Falhas de login").unwrap();
    assert_eq!(range.height(), 2, "header and bia's one failure");
    assert_eq!(range.rows().nth(1).unwrap()[3], Data::String("Senha incorreta".into()));
}

#[tokio::test]
async fn the_control_panel_counts_what_waits_now_and_keeps_the_threshold_an_administrator_sets() {
    let demo = demo().await;
    let pending = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE status = 'pending'").await;
    let (status, panel) = demo.get("/api/dashboard/control-panel").await;
    assert_eq!(status, 200, "{panel}");
    assert_eq!(panel["waiting"], pending);
    assert_eq!(panel["thresholdMinutes"], 15);
    let per_instance: i64 =
        panel["byInstance"].as_array().unwrap().iter().map(|i| i["waiting"].as_i64().unwrap()).sum();
    assert_eq!(per_instance, pending);

    let host = demo.admin.host();
    let set = |minutes: i64| {
        demo.app.call(
            Method::PUT,
            &host,
            "/api/dashboard/control-panel/settings",
            Some(&demo.token),
            Some(json!({ "thresholdMinutes": minutes })),
        )
    };
    assert_eq!(set(0).await.status(), 422);
    assert_eq!(set(45).await.status(), 200);
    let (_, panel) = demo.get("/api/dashboard/control-panel").await;
    assert_eq!(panel["thresholdMinutes"], 45);
}

#[tokio::test]
async fn productivity_lists_agents_and_the_tickets_behind_a_figure_page_to_its_count() {
    let demo = demo().await;
    let (from, to) = week();
    let (status, view) = demo.get(&format!("/api/dashboard/productivity?from={from}&to={to}")).await;
    assert_eq!(status, 200, "{view}");
    let agents = view["agents"].as_array().unwrap();
    assert!(!agents.is_empty());
    let closed_by_agents: i64 = agents.iter().map(|a| a["ticketsClosed"].as_i64().unwrap()).sum();
    let closed_assigned = demo
        .scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE closed_at IS NOT NULL AND assigned_user_id IS NOT NULL",
        )
        .await;
    assert_eq!(closed_by_agents, closed_assigned);

    let (status, _, bytes) = demo.bytes(&format!("/api/dashboard/productivity/sheet?from={from}&to={to}")).await;
    assert_eq!(status, 200);
    let range = workbook(bytes).worksheet_range("Produtividade").unwrap();
    assert_eq!(range.height() - 1, agents.len());

    let closed = demo.scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE closed_at IS NOT NULL").await;
    let mut seen = 0;
    let mut cursor = String::new();
    loop {
        let (status, page) =
            demo.get(&format!("/api/dashboard/tickets?metric=closed&from={from}&to={to}&cursor={cursor}")).await;
        assert_eq!(status, 200, "{page}");
        seen += page["data"].as_array().unwrap().len() as i64;
        match page["nextCursor"].as_str() {
            Some(next) => cursor = next.to_owned(),
            None => break,
        }
    }
    assert_eq!(seen, closed);
}

#[tokio::test]
async fn a_selected_users_list_past_its_limit_or_with_what_is_not_an_id_gets_a_clear_422() {
    let demo = demo().await;
    let (from, to) = week();
    let host = demo.admin.host();
    let report = |body: Value| {
        let (app, host, token) = (&demo.app, &host, &demo.token);
        async move {
            let response = app.call(Method::POST, host, "/api/dashboard-report", Some(token), Some(body)).await;
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    // Past every database's limit on bound parameters: once a 500.
    let many: Vec<i32> = (1..=70_000).collect();
    let (status, body) = report(json!({ "start_at": from, "finish_at": to, "selectedUsers": many })).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("too_many_selected_users")), "{body}");
    assert_eq!(body["errors"][0]["field"], "selectedUsers");
    assert!(body["message"].as_str().unwrap().contains("no máximo 500"), "{body}");

    let limit: Vec<i32> = (1..=500).collect();
    let (status, body) = report(json!({ "start_at": from, "finish_at": to, "selectedUsers": limit })).await;
    assert_eq!(status, 200, "500 people is within the limit: {body}");
    let (status, _) =
        report(json!({ "start_at": from, "finish_at": to, "selectedUsers": (1..=501).collect::<Vec<i32>>() })).await;
    assert_eq!(status, 422);
    let (status, body) = report(json!({ "start_at": from, "finish_at": to, "selectedUsers": [3, -1] })).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("invalid_selected_users")), "{body}");

    // The query string is held to the same rule (ids were silently dropped).
    let ids: Vec<String> = (1..=501).map(|id| id.to_string()).collect();
    for query in [format!("selectedUsers={}", ids.join(",")), "selectedUsers=1,ana".to_owned()] {
        let path = format!("/api/dashboard-report?start_at={from}&finish_at={to}&{query}");
        let response = demo.app.call(Method::POST, &host, &path, Some(&demo.token), None).await;
        assert_eq!(response.status(), 422, "{query}");
        let (status, body) =
            demo.get(&format!("/api/dashboard-report/sheet?start_at={from}&finish_at={to}&{query}")).await;
        assert_eq!((status, body["errors"][0]["field"].as_str()), (422, Some("selectedUsers")), "{body}");
    }
}

/// Every ticket of a drill-down, page after page, as `token` reads it.
async fn drilled(demo: &Demo, token: &str, query: &str) -> Vec<Value> {
    let mut rows = Vec::new();
    let mut cursor = String::new();
    loop {
        let path = format!("/api/dashboard/tickets?{query}&cursor={cursor}");
        let response = demo.app.call(Method::GET, &demo.admin.host(), &path, Some(token), None).await;
        assert_eq!(response.status(), 200, "{path}");
        let page: Value = response.json().await.unwrap();
        rows.extend(page["data"].as_array().unwrap().iter().cloned());
        match page["nextCursor"].as_str() {
            Some(next) => cursor = next.to_owned(),
            None => return rows,
        }
    }
}

#[tokio::test]
async fn the_drill_down_lists_only_tickets_of_the_instances_the_caller_may_see() {
    let demo = demo().await;
    let (from, to) = week();
    // Agents whose role was given the analytics dashboard: one linked to the smallest instance,
    // one linked to none.
    let roles: Value = demo
        .app
        .call(Method::GET, &demo.admin.host(), "/api/permission", Some(&demo.token), None)
        .await
        .json()
        .await
        .unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
    let update = json!({ "roleId": atendente, "permissions": ["home", "dashboard-analytics"] });
    let updated = demo
        .app
        .call(Method::POST, &demo.admin.host(), "/api/permission/update", Some(&demo.token), Some(update))
        .await;
    assert_eq!(updated.status(), 200);
    let linked = demo.app.create_user("acme", "instagram@acme.example", "atendente").await;
    let unlinked = demo.app.create_user("acme", "sem-instancia@acme.example", "atendente").await;
    let instagram = demo.scalar("SELECT CAST(id AS BIGINT) FROM instances WHERE name = 'Instagram'").await;
    demo.execute(&format!(
        "INSERT INTO user_instances (user_id, instance_id, created_at, updated_at) VALUES ({}, {instagram}, '{now}', '{now}')",
        linked.id,
        now = Utc::now().to_rfc3339()
    ))
    .await;
    let query = format!("metric=opened&from={from}&to={to}");

    let everything = drilled(&demo, &demo.token, &query).await;
    let on_instagram =
        demo.scalar(&format!("SELECT CAST(COUNT(*) AS BIGINT) FROM tickets WHERE instance_id = {instagram}")).await;
    assert!(on_instagram > 0 && (everything.len() as i64) > on_instagram, "the seed spreads tickets over instances");

    let token = demo.app.login(&linked).await;
    let seen = drilled(&demo, &token, &query).await;
    assert_eq!(seen.len() as i64, on_instagram, "every ticket of the linked instance, no other");
    assert!(seen.iter().all(|t| t["instanceName"] == "Instagram"), "{seen:?}");
    // Naming another instance does not widen it.
    let other = demo.scalar("SELECT CAST(id AS BIGINT) FROM instances WHERE name = 'WhatsApp Vendas'").await;
    assert!(drilled(&demo, &token, &format!("{query}&instanceId={other}")).await.is_empty());

    let token = demo.app.login(&unlinked).await;
    assert!(drilled(&demo, &token, &query).await.is_empty(), "no instance, no ticket");
}

#[tokio::test]
async fn a_socket_session_is_time_online_in_the_productivity_report_and_the_control_panel_sees_the_agent() {
    use crate::support::socket;
    let demo = demo().await;
    let agent = demo.app.create_user("acme", "online@acme.example", "atendente").await;
    let token = demo.app.login(&agent).await;
    let mut sock = socket::open(&demo.app, &agent, &token, None).await.expect("socket opens");
    assert_eq!(sessions(&demo, agent.id, "ended_at IS NULL", 1).await, 1, "one open session while the socket is open");
    let (_, panel) = demo.get("/api/dashboard/control-panel").await;
    let listed = panel["agents"].as_array().unwrap().iter().find(|a| a["userId"] == agent.id).cloned();
    assert_eq!(listed.map(|a| a["online"].clone()), Some(Value::Bool(true)), "{panel}");

    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    sock.close(None).await.unwrap();
    let ended = sessions(&demo, agent.id, "ended_at IS NOT NULL", 1).await;
    assert_eq!(ended, 1, "the session ends when the last socket closes");

    // A closed ticket gives the agent a productivity row; their second online counts beside it.
    demo.execute(&format!(
        "UPDATE tickets SET assigned_user_id = {}, updated_at = '{now}' WHERE id = (SELECT MIN(id) FROM tickets WHERE closed_at IS NOT NULL)",
        agent.id,
        now = Utc::now().to_rfc3339()
    ))
    .await;
    demo.get("/api/tenant/syncAnalytics").await;
    let (from, to) = week();
    let (_, view) = demo.get(&format!("/api/dashboard/productivity?from={from}&to={to}")).await;
    let row = view["agents"].as_array().unwrap().iter().find(|a| a["userId"] == agent.id).cloned().expect("listed");
    assert!(row["onlineSecs"].as_i64().unwrap() >= 1, "{row}");
    assert_eq!(row["ticketsClosed"], 1);
}

/// Presence sessions of `user_id` matching `condition`, waiting up to a second for `expected`
/// (they are written in the background).
async fn sessions(demo: &Demo, user_id: i32, condition: &str, expected: i64) -> i64 {
    let sql =
        format!("SELECT CAST(COUNT(*) AS BIGINT) FROM presence_sessions WHERE user_id = {user_id} AND {condition}");
    let mut found = 0;
    for _ in 0..50 {
        found = demo.scalar(&sql).await;
        if found == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    found
}

/// Tags are a dimension of the aggregates (docs/analytics.md#by-tag): under a tag filter the
/// dashboard counts exactly the tagged tickets and their messages, the breakdown groups the period
/// by tag, the drill-down and the attendances sheet follow the filter, a ticket tagged later is
/// picked up by the incremental sync, and `analytics verify` checks the by-tag table too.
#[tokio::test]
async fn figures_by_tag_count_the_tagged_tickets_and_follow_a_later_tag() {
    let demo = demo().await;
    let (from, to) = week();
    demo.get("/api/tenant/syncAnalytics?forceUpdate=true").await;
    let urgent = demo.scalar("SELECT CAST(id AS BIGINT) FROM tags WHERE name = 'Urgente'").await;
    let tagged = |column: &str| {
        format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM {column} WHERE EXISTS \
             (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = {} AND tt.tag_id = {urgent})",
            if column.starts_with("tickets") { "tickets.id" } else { "messages.ticket_id" }
        )
    };
    let opened = demo.scalar(&tagged("tickets")).await;
    let inbound = demo.scalar(&format!("{} AND direction = 'in'", tagged("messages"))).await;
    assert!(opened > 0, "the demo tags one ticket in seven as urgent");

    let (status, view) = demo.get(&format!("/api/dashboard/analytics?from={from}&to={to}&tagId={urgent}")).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["totals"]["ticketsOpened"], opened);
    assert_eq!(view["totals"]["messagesIn"], inbound);
    let heat: i64 = view["heatmap"].as_array().unwrap().iter().map(|c| c["tickets"].as_i64().unwrap()).sum();
    assert_eq!(heat, opened, "the heatmap follows the tag");
    let closed = demo.scalar(&format!("{} AND closed_at IS NOT NULL", tagged("tickets"))).await;
    let reasons: i64 = view["closingReasons"].as_array().unwrap().iter().map(|r| r["tickets"].as_i64().unwrap()).sum();
    assert_eq!(reasons, closed);
    // The breakdown names every tag with its own count; the filter does not narrow it.
    let (_, all) = demo.get(&format!("/api/dashboard/analytics?from={from}&to={to}")).await;
    assert!(all["totals"]["ticketsOpened"].as_i64().unwrap() > opened);
    let by_tag = |view: &Value, id: i64| view["tags"].as_array().unwrap().iter().find(|t| t["id"] == id).cloned();
    let row = by_tag(&all, urgent).expect("Urgente is in the breakdown");
    assert_eq!((row["name"].as_str(), row["ticketsOpened"].as_i64()), (Some("Urgente"), Some(opened)));
    assert_eq!(all["tags"].as_array().unwrap().len(), 5, "five tags are on tickets: {}", all["tags"]);
    assert_eq!(view["tags"], all["tags"]);

    // The tickets behind the figure, and the sheet, follow the tag too.
    let token = demo.token.clone();
    let rows = drilled(&demo, &token, &format!("metric=opened&from={from}&to={to}&tagId={urgent}")).await;
    assert_eq!(rows.len() as i64, opened);
    let (_, _, bytes) =
        demo.bytes(&format!("/api/tenant/sheets/attendances?startAt={from}&finishAt={to}&tagId={urgent}")).await;
    let range = workbook(bytes).worksheet_range("Atendimentos").unwrap();
    assert_eq!(range.height() as i64 - 1, opened);
    assert_eq!(range.rows().next().unwrap()[14], Data::String("Etiquetas".into()));
    assert!(range.rows().skip(1).all(|r| r[14].to_string().contains("Urgente")), "each row names its tags");

    // An agent tags one more ticket as urgent: the next incremental run counts it.
    let untagged = demo
        .scalar(&format!(
            "SELECT CAST(MIN(id) AS BIGINT) FROM tickets WHERE NOT EXISTS \
             (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = tickets.id AND tt.tag_id = {urgent})"
        ))
        .await;
    let response = demo
        .app
        .call(
            Method::POST,
            &demo.admin.host(),
            &format!("/api/tickets/{untagged}/tags"),
            Some(&demo.token),
            Some(json!({ "add": [urgent] })),
        )
        .await;
    assert_eq!(response.status(), 200);
    let (_, incremental) = demo.get("/api/tenant/syncAnalytics").await;
    assert!(incremental["days"].as_i64().unwrap() >= 1, "{incremental}");
    let (_, after) = demo.get(&format!("/api/dashboard/analytics?from={from}&to={to}&tagId={urgent}")).await;
    assert_eq!(after["totals"]["ticketsOpened"], opened + 1);
    assert_eq!(after["totals"]["ticketsOpened"], demo.scalar(&tagged("tickets")).await);

    // A fresh recomputation agrees, by-tag table included; a by-tag row off by one is drift.
    let db = demo.app.tenant_db("acme").await;
    let today = local_day(Utc::now());
    let week = Period::new(today - Duration::days(6), today).unwrap();
    let tx = db.begin().await.unwrap();
    let drifts = sync::verify(&tx, week).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(drifts.is_empty(), "{drifts:?}");
    demo.execute(
        "UPDATE analytics_tags SET tickets_opened = tickets_opened + 1 WHERE id = (SELECT MIN(id) FROM analytics_tags)",
    )
    .await;
    let tx = db.begin().await.unwrap();
    let drifts = sync::verify(&tx, week).await.unwrap();
    tx.rollback().await.unwrap();
    assert!(drifts.iter().any(|d| d.column == "analytics_tags.tickets_opened"), "{drifts:?}");
}
