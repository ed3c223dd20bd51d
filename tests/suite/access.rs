//! The server enforces every route's rule: a walk over the whole route table proves each
//! protected endpoint answers 403 to a user lacking its permission, and 401 without a token.

use backoffice::{
    context::tenant,
    http::{
        access::{self, Access, ApiRoutes, RouteRule},
        api_routes,
    },
};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::TestApp;

/// Routes anyone may call. Adding a public route means adding it here, on purpose.
const PUBLIC: &[(&str, &str)] = &[
    ("GET", "/ip"),
    ("POST", "/auth/login"),
    ("POST", "/auth/login/two-factor"),
    ("POST", "/auth/refresh"),
    ("POST", "/auth/logout"),
    ("GET", "/openapi.json"),
    ("GET", "/docs"),
    ("GET", "/docs.js"),
    ("POST", "/instance/{id}/events"),
    // Meta's webhook: the verify token and the signature are its authentication (docs/providers.md#cloud).
    ("GET", "/instance/{id}/cloud"),
    ("POST", "/instance/{id}/cloud"),
    // An Evolution API gateway's events: the token in the path (docs/providers.md#evolution).
    ("POST", "/instance/{id}/evolution/{token}"),
    // The link is the authentication (docs/media.md#downloads).
    ("GET", "/media/{token}"),
];

fn concrete(path: &str) -> String {
    // Path parameters become an id that exists in no tenant.
    let mut out = String::new();
    let mut in_param = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push_str("999999");
            }
            '}' => in_param = false,
            _ if in_param => {}
            _ => out.push(c),
        }
    }
    format!("/api{out}")
}

fn method(rule: &RouteRule) -> Method {
    Method::from_bytes(rule.method.as_str().as_bytes()).unwrap()
}

#[tokio::test]
async fn only_the_listed_routes_are_public() {
    let (_, rules) = api_routes().into_parts();
    let public: Vec<(&str, &str)> = rules
        .all()
        .iter()
        .filter(|r| r.access == Access::Public)
        .map(|r| (r.method.as_str(), r.path.as_str()))
        .collect();
    assert_eq!(public.len(), PUBLIC.len(), "public routes: {public:?}");
    for key in PUBLIC {
        assert!(public.contains(key), "{key:?} should be public");
    }
}

/// A documented route for the test below.
#[utoipa::path(get, path = "/known", responses((status = 200, description = "ok")))]
async fn known() -> &'static str {
    "ok"
}

#[tokio::test]
async fn a_route_mounted_without_a_rule_is_refused_to_everyone() {
    // A route added to the API router behind the table's back (a plain axum `.route`) matches,
    // but the access middleware finds no rule for it and must fail closed: 403, handler not run.
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let (router, rules) = ApiRoutes::default().route(Access::Authenticated, utoipa_axum::routes!(known)).into_parts();
    let ran = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = ran.clone();
    let router = router
        .route(
            "/sneaky",
            axum::routing::get(move || async move {
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
                "secret"
            }),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            (app.state.clone(), std::sync::Arc::new(rules)),
            access::enforce,
        ))
        .route_layer(axum::middleware::from_fn_with_state(app.state.clone(), tenant::resolve));
    let served = axum::Router::new().nest("/api", router).with_state(app.state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, served).await });
    let client = reqwest::Client::new();
    let call = |path: &'static str| {
        client
            .get(format!("http://{address}/api{path}"))
            .header(reqwest::header::HOST, "acme.localhost")
            .bearer_auth(&token)
            .send()
    };

    assert_eq!(call("/known").await.unwrap().status(), 200, "the harness itself works");
    let refused = call("/sneaky").await.unwrap();
    assert_eq!(refused.status(), 403);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "route_without_rule");
    assert!(!ran.load(std::sync::atomic::Ordering::SeqCst), "the handler never ran");
}

#[tokio::test]
async fn every_protected_route_refuses_a_user_without_its_permission() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    // `atendente` holds only the open routes (home, user-settings, two-factor).
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let agent_token = app.login(&agent).await;
    let tenant_admin = app.login(&app.create_user("acme", "chefe@acme.example", "administrador").await).await;
    // An administrator who logged in with a temporary password: every route but the account's own
    // answers `password_change_required` (docs/account.md).
    let temporary = app.create_user("acme", "temp@acme.example", "administrador").await;
    {
        let db = app.tenant_db("acme").await;
        let unit =
            backoffice::domain::unit::Unit::begin(&db, std::sync::Arc::new(app.state.bus.clone())).await.unwrap();
        backoffice::domain::users::account::set_temporary_password(&unit, temporary.id, &temporary.password, 0)
            .await
            .unwrap();
        unit.commit().await.unwrap();
    }
    let temporary_token = app.login(&temporary).await;

    let (_, rules) = api_routes().into_parts();
    let mut checked = 0;
    for rule in rules.all() {
        let path = concrete(&rule.path);
        let body = Some(json!({}));
        if !matches!(rule.access, Access::Public | Access::Account) {
            let response = app.call(method(rule), "acme.localhost", &path, Some(&temporary_token), body.clone()).await;
            assert_eq!(response.status(), 403, "{} {path} with a temporary password", rule.method);
            assert_eq!(response.json::<Value>().await.unwrap()["code"], "password_change_required");
        }
        match rule.access {
            Access::Public => continue,
            Access::Authenticated | Access::Account | Access::TwoFactorEnrollment => {}
            Access::Route(_) | Access::EitherRoute(..) => {
                let response = app.call(method(rule), "acme.localhost", &path, Some(&agent_token), body.clone()).await;
                assert_eq!(response.status(), 403, "{} {path} as atendente", rule.method);
                assert_eq!(response.json::<Value>().await.unwrap()["code"], "forbidden");
            }
            Access::Operator(_) => {
                let response = app.call(method(rule), "acme.localhost", &path, Some(&tenant_admin), body.clone()).await;
                assert_eq!(response.status(), 403, "{} {path} as a tenant's administrator", rule.method);
                assert_eq!(response.json::<Value>().await.unwrap()["code"], "backoffice_only");
            }
        }
        let anonymous = app.call(method(rule), "acme.localhost", &path, None, body).await;
        assert_eq!(anonymous.status(), 401, "{} {path} without a token", rule.method);
        assert_eq!(anonymous.json::<Value>().await.unwrap(), json!({ "status": "Authorization Token not found" }));
        checked += 1;
    }
    assert!(checked >= 5, "the walk covered the protected routes");
}

#[tokio::test]
async fn permissions_are_listed_by_category_and_updating_a_role_changes_its_routes() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&admin).await;

    let roles: Value =
        app.call(Method::GET, "acme.localhost", "/api/permission", Some(&token), None).await.json().await.unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap().clone();
    assert_eq!(
        atendente["has_permission_routes"],
        json!(["home", "user-settings", "quick-replies", "scheduled-messages", "kanban", "search", "two-factor"])
    );

    let categories: Value = app
        .call(Method::GET, "acme.localhost", "/api/permission/categories", Some(&token), None)
        .await
        .json()
        .await
        .unwrap();
    let ids: Vec<&str> = categories.as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["geral", "administracao", "dashboards", "relatorios"]);

    let update = json!({ "roleId": atendente["id"], "permissions": ["home", "users"] });
    let updated = app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&token), Some(update)).await;
    assert_eq!(updated.status(), 200);

    // The agent's next request sees the new permission: the server reads it per request.
    let agent_token = app.login(&agent).await;
    let by_email: Value = app
        .call(Method::GET, "acme.localhost", "/api/permission/email?email=bia@acme.example", Some(&agent_token), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(by_email["has_permission_routes"], json!(["home", "users"]));

    let unknown = json!({ "roleId": atendente["id"], "permissions": ["home", "teleport"] });
    let refused = app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&token), Some(unknown)).await;
    assert_eq!(refused.status(), 422);
    let admin_role = roles.as_array().unwrap().iter().find(|r| r["name"] == "administrador").unwrap()["id"].clone();
    let lockout = json!({ "roleId": admin_role, "permissions": ["home"] });
    let refused = app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&token), Some(lockout)).await;
    assert_eq!(refused.status(), 422, "administrators keep the role screens");
}

#[tokio::test]
async fn a_user_reads_only_their_own_permissions_by_email_without_the_users_route() {
    let app = TestApp::spawn().await;
    app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&agent).await;
    let other = app
        .call(Method::GET, "acme.localhost", "/api/permission/email?email=admin@acme.example", Some(&token), None)
        .await;
    assert_eq!(other.status(), 403);
}

/// Every route a feature option covers (the `feature` of its screen in the route catalogue),
/// walked with the option off: 403 `feature_disabled` with a pt_BR message, for an administrator
/// who holds every route. Which API paths each option closes is the contract of
/// docs/contracts.md#plans-features-and-limits, checked here whole.
#[tokio::test]
async fn every_feature_gated_route_refuses_a_tenant_without_the_feature() {
    use backoffice::domain::{features::Feature, tenants};
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let record = tenants::find_by_name(app.dbs().control(), &backoffice::tenancy::TenantName::parse("acme").unwrap())
        .await
        .unwrap();
    for feature in Feature::ALL {
        tenants::set_feature(app.dbs().control(), &record, feature.option(), false, &app.state.bus).await.unwrap();
    }

    let (_, rules) = api_routes().into_parts();
    let mut gated: Vec<&str> = Vec::new();
    for rule in rules.all() {
        let Some(feature) = rule.feature else { continue };
        if !matches!(rule.access, Access::Route(_) | Access::Authenticated) {
            continue; // operators' routes answer `backoffice_only` to a tenant first
        }
        let path = concrete(&rule.path);
        let response = app.call(method(rule), "acme.localhost", &path, Some(&token), Some(json!({}))).await;
        assert_eq!(response.status(), 403, "{} {path} with {} off", rule.method, feature.option());
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "feature_disabled", "{} {path}: {body}", rule.method);
        assert!(body["message"].as_str().is_some_and(|m| m.contains("habilitad")), "{body}");
        gated.push(&rule.path);
    }
    for prefix in ["/dashboard", "/bot", "/campaigns", "/webhooks"] {
        assert!(gated.iter().any(|p| p.starts_with(prefix)), "{prefix} is gated and walked");
    }
    let covers = [
        ("/dashboard-report", Feature::Reports),
        ("/tenant/sheets", Feature::Reports),
        ("/dashboard", Feature::Analytics),
        ("/tenant/syncAnalytics", Feature::Analytics),
        ("/bot", Feature::Chatbot),
        ("/campaigns", Feature::Campaigns),
        ("/webhooks", Feature::Webhooks),
    ];
    for rule in rules.all() {
        let expected = covers
            .iter()
            .find(|(prefix, _)| rule.path == *prefix || rule.path.starts_with(&format!("{prefix}/")))
            .map(|(_, feature)| *feature);
        assert_eq!(rule.feature, expected, "{} {}", rule.method, rule.path);
    }
}

/// `dashboard-report-smart` is the report screen with highlights: a role holding only it gets the
/// report's calls, not a screen where every call is refused.
#[tokio::test]
async fn the_smart_report_route_alone_opens_the_report_calls() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&admin).await;
    let roles: Value =
        app.call(Method::GET, "acme.localhost", "/api/permission", Some(&token), None).await.json().await.unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap().clone();
    let update = json!({ "roleId": atendente["id"], "permissions": ["home", "dashboard-report-smart"] });
    let updated = app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&token), Some(update)).await;
    assert_eq!(updated.status(), 200);

    let agent_token = app.login(&agent).await;
    for path in ["/api/dashboard-report/users", "/api/tenant/sheets/reasons"] {
        let response = app.call(Method::GET, "acme.localhost", path, Some(&agent_token), None).await;
        assert_eq!(response.status(), 200, "{path}");
    }
    let report =
        app.call(Method::POST, "acme.localhost", "/api/dashboard-report", Some(&agent_token), Some(json!({}))).await;
    assert_eq!(report.status(), 200);
    assert_eq!(
        app.call(Method::GET, "acme.localhost", "/api/users", Some(&agent_token), None).await.status(),
        403,
        "nothing else"
    );
}

/// The role nested in a user carries its routes, as the spec's `Role` does: in the users list
/// and in `userInfo`.
#[tokio::test]
async fn the_role_nested_in_a_user_lists_its_routes() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    app.create_user("acme", "bia@acme.example", "atendente").await;
    let token = app.login(&admin).await;
    let users: Value =
        app.call(Method::GET, "acme.localhost", "/api/users", Some(&token), None).await.json().await.unwrap();
    let bia = users["data"].as_array().unwrap().iter().find(|u| u["email"] == "bia@acme.example").unwrap();
    assert_eq!(
        bia["role"]["has_permission_routes"],
        json!(["home", "user-settings", "quick-replies", "scheduled-messages", "kanban", "search", "two-factor"])
    );
    let info: Value =
        app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&token), None).await.json().await.unwrap();
    let routes = info["user"]["role"]["has_permission_routes"].as_array().unwrap();
    assert!(routes.iter().any(|r| r == "users") && routes.iter().any(|r| r == "roles-edit"), "{info}");
}

/// Customer groups and closing reasons are managed from their own screens: the routes
/// `customers` and `closing-reasons` open their writes (the administrator holds both); `users`
/// no longer does. Reading them stays open to every logged-in user (the inbox needs them).
#[tokio::test]
async fn groups_and_closing_reasons_are_managed_with_their_screens_routes() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let roles: Value =
        app.call(Method::GET, "acme.localhost", "/api/permission", Some(&token), None).await.json().await.unwrap();
    let atendente = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap().clone();
    let agent = app.create_user("acme", "bia@acme.example", "atendente").await;
    let grant = |routes: &[&str]| json!({ "roleId": atendente["id"], "permissions": routes });

    let update = grant(&["home", "users"]);
    app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&token), Some(update)).await;
    let with_users = app.login(&agent).await;
    let group = json!({ "name": "VIP" });
    let reason = json!({ "name": "Resolvido por telefone" });
    let refused =
        app.call(Method::POST, "acme.localhost", "/api/customer-groups", Some(&with_users), Some(group.clone()));
    assert_eq!(refused.await.status(), 403, "users alone does not manage groups");
    let refused =
        app.call(Method::POST, "acme.localhost", "/api/closing-reasons", Some(&with_users), Some(reason.clone()));
    assert_eq!(refused.await.status(), 403, "nor closing reasons");
    for path in ["/api/customer-groups", "/api/closing-reasons", "/api/customers"] {
        let read = app.call(Method::GET, "acme.localhost", path, Some(&with_users), None).await;
        assert_eq!(read.status(), 200, "{path} is read by every logged-in user");
    }

    let update = grant(&["home", "customers", "closing-reasons"]);
    app.call(Method::POST, "acme.localhost", "/api/permission/update", Some(&token), Some(update)).await;
    let with_screens = app.login(&agent).await;
    let created = app.call(Method::POST, "acme.localhost", "/api/customer-groups", Some(&with_screens), Some(group));
    assert_eq!(created.await.status(), 201);
    let created = app.call(Method::POST, "acme.localhost", "/api/closing-reasons", Some(&with_screens), Some(reason));
    assert_eq!(created.await.status(), 201);
}
