//! `GET /api/openapi.json` documents every REST route (compared with the access table, so a route
//! cannot be undocumented), `GET /api/docs` shows it, and a walk over the document throws hostile
//! input at every operation: the server never answers 5xx, never drops the connection, and every
//! error is JSON.

use std::collections::{BTreeMap, BTreeSet};

use backoffice::http::api_routes;
use reqwest::{
    Method, StatusCode,
    header::{CONTENT_TYPE, HOST},
};
use serde_json::{Value, json};

use crate::support::TestApp;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

async fn fetch_document(app: &TestApp, host: &str) -> Value {
    let response = app.call(Method::GET, host, "/api/openapi.json", None, None).await;
    assert_eq!(response.status(), 200);
    let content_type =
        response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(content_type.starts_with("application/json"), "{content_type}");
    response.json().await.expect("the document is JSON")
}

/// (METHOD, path, operation) of every operation in the document.
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                out.push((method.to_uppercase(), path.clone(), operation.clone()));
            }
        }
    }
    out
}

/// Follows `$ref`s inside the document.
fn resolve<'a>(doc: &'a Value, mut value: &'a Value) -> &'a Value {
    for _ in 0..20 {
        let Some(reference) = value.get("$ref").and_then(Value::as_str) else { return value };
        let pointer = reference.strip_prefix('#').unwrap_or_else(|| panic!("external $ref {reference}"));
        value = doc.pointer(pointer).unwrap_or_else(|| panic!("dangling $ref {reference}"));
    }
    panic!("$ref cycle")
}

fn collect_refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.push(r.clone());
            }
            map.values().for_each(|v| collect_refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

#[tokio::test]
async fn the_document_covers_every_route_with_its_access_rule() {
    let app = TestApp::spawn().await;
    let doc = fetch_document(&app, "backoffice.localhost").await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));

    let (_, rules) = api_routes().into_parts();
    let registered: BTreeSet<(String, String)> =
        rules.all().iter().map(|r| (r.method.to_string(), format!("/api{}", r.path))).collect();
    let documented: BTreeSet<(String, String)> = operations(&doc).into_iter().map(|(m, p, _)| (m, p)).collect();
    assert_eq!(documented, registered, "documented operations = registered routes");

    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    for reference in &refs {
        resolve(&doc, &json!({ "$ref": reference }));
    }
    let error = &doc["components"]["schemas"]["ErrorBody"];
    let required: BTreeSet<&str> = error["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(required, BTreeSet::from(["code", "message", "errors"]));
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");

    let mut operation_ids = BTreeSet::new();
    for (method, path, operation) in operations(&doc) {
        let key = format!("{method} {path}");
        let tags = operation["tags"].as_array().unwrap_or_else(|| panic!("{key} has a tag"));
        assert_eq!(tags.len(), 1, "{key}: one tag, the screen's section: {tags:?}");
        assert!(
            doc["tags"].as_array().unwrap().iter().any(|t| t["name"] == tags[0]),
            "{key}: {} is a declared tag",
            tags[0]
        );
        assert!(operation["summary"].as_str().is_some_and(|s| !s.is_empty()), "{key} has a summary");
        assert!(
            operation_ids.insert(operation["operationId"].as_str().unwrap().to_owned()),
            "{key}: unique operationId"
        );
        let responses = operation["responses"].as_object().unwrap();
        assert!(responses.keys().any(|s| s.starts_with('2')), "{key} documents its success");
        for (status, response) in responses {
            if status.starts_with('2') {
                continue;
            }
            let response = resolve(&doc, response);
            let schema = &response["content"]["application/json"]["schema"];
            assert!(!schema.is_null(), "{key} {status} has a JSON body");
        }
        let rule =
            rules.all().iter().find(|r| r.method.as_str() == method && format!("/api{}", r.path) == path).unwrap();
        let public = rule.access == backoffice::context::Access::Public;
        assert_eq!(operation["security"] == json!([]), public, "{key}: only public routes waive the bearer token");
        assert!(public || responses.contains_key("401"), "{key}: 401 documented");
        for param in operation["parameters"].as_array().into_iter().flatten() {
            if param["in"] == "path" {
                assert!(path.contains(&format!("{{{}}}", param["name"].as_str().unwrap())), "{key}: path parameter");
            }
        }
        let placeholders = path.matches('{').count();
        let path_params =
            operation["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "path").count();
        assert_eq!(placeholders, path_params, "{key}: every path parameter is documented");
    }
    // The 401 answer carries the token contract's exact bodies.
    let unauthorized = serde_json::to_string(&doc["components"]["responses"]["Unauthorized"]).unwrap();
    assert!(unauthorized.contains("TokenStatus") && unauthorized.contains("TokenExpired"));
}

#[tokio::test]
async fn the_docs_page_is_self_contained_and_loads_the_document() {
    let app = TestApp::spawn().await;
    let response = app.call(Method::GET, "backoffice.localhost", "/api/docs", None, None).await;
    assert_eq!(response.status(), 200);
    let content_type = response.headers().get(CONTENT_TYPE).unwrap().to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/html"), "{content_type}");
    let html = response.text().await.unwrap();
    assert!(html.contains("<script src=\"docs.js\"></script>"), "the script is a file (no inline script: CSP)");
    assert!(!html.contains("<script>"), "no inline script");
    let script = app.call(Method::GET, "backoffice.localhost", "/api/docs.js", None, None).await;
    assert_eq!(script.status(), 200);
    let js = script.text().await.unwrap();
    assert!(js.contains("fetch(\"openapi.json\""), "the page loads the document next to it");
    for external in ["src=\"http", "src=\"//", "href=\"http", "@import", "cdn"] {
        assert!(
            !html.contains(external) && !js.contains(external),
            "the page loads nothing from elsewhere ({external})"
        );
    }
}

/// What a fuzz request sends as its body.
#[derive(Clone)]
enum Body {
    None,
    Raw(&'static str),
    Json(Value),
}

/// How to fill a body from its schema.
#[derive(Clone, Copy)]
enum Fill<'a> {
    /// Every string field this string (enums too), numbers 1.
    Strings(&'a str),
    /// Every number field this number, strings plain, enums their first value.
    Numbers(&'a Value),
    /// A request that could pass: optional fields null, strings plain, numbers 1.
    Plausible,
}

fn fill(doc: &Value, schema: &Value, how: Fill<'_>, depth: usize) -> Value {
    let schema = resolve(doc, schema);
    if depth > 6 {
        return Value::Null;
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(items) = schema[key].as_array() {
            let item = items.iter().find(|i| resolve(doc, i)["type"] != "null").unwrap_or(&items[0]);
            return fill(doc, item, how, depth + 1);
        }
    }
    if let Some(all) = schema["allOf"].as_array() {
        let mut merged = serde_json::Map::new();
        for part in all {
            if let Value::Object(map) = fill(doc, part, how, depth + 1) {
                merged.extend(map);
            }
        }
        return Value::Object(merged);
    }
    if matches!(how, Fill::Plausible) && schema["type"].as_array().is_some_and(|t| t.contains(&json!("null"))) {
        return Value::Null;
    }
    let kind = match &schema["type"] {
        Value::String(t) => t.clone(),
        Value::Array(types) => {
            types.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("null").to_owned()
        }
        _ if schema.get("properties").is_some() => "object".into(),
        _ => String::new(),
    };
    if let Some(values) = schema["enum"].as_array() {
        return match how {
            Fill::Strings(s) => json!(s),
            Fill::Numbers(_) | Fill::Plausible => values.first().cloned().unwrap_or(Value::Null),
        };
    }
    match (kind.as_str(), how) {
        ("object", _) => {
            let mut out = serde_json::Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                out.insert(name.clone(), fill(doc, property, how, depth + 1));
            }
            Value::Object(out)
        }
        ("array", _) => json!([fill(doc, &schema["items"], how, depth + 1)]),
        ("string", Fill::Strings(s)) => json!(s),
        ("string", _) => json!("texto"),
        ("integer" | "number", Fill::Numbers(n)) => n.clone(),
        ("integer" | "number", _) => json!(1),
        ("boolean", _) => json!(true),
        _ => Value::Null,
    }
}

/// Every hostile body for an operation: malformed, mistyped, empty, its schema filled with huge
/// strings, unicode, and negative or overflowing numbers, and a plausible body with one field at
/// a time made hostile (so the others do not stop the request before that field is used).
fn bodies(doc: &Value, operation: &Value, huge: &str) -> Vec<(String, Body)> {
    let mut out = vec![
        ("no body".to_owned(), Body::None),
        ("malformed".to_owned(), Body::Raw("{not json")),
        ("wrong types".to_owned(), Body::Json(json!({ "name": 5, "email": [], "id": "x" }))),
        ("empty object".to_owned(), Body::Json(json!({}))),
        ("array".to_owned(), Body::Json(json!([1, "a", null]))),
        ("null".to_owned(), Body::Json(Value::Null)),
    ];
    let Some(schema) = operation.pointer("/requestBody/content/application~1json/schema") else { return out };
    let unicode = "名前 😀 \u{0000} ação";
    let numbers = [
        json!(-1),
        json!(9_999_999_999_999_i64),
        json!(u64::MAX),
        json!(-9_223_372_036_854_775_808_i64),
        json!(1.5e300),
    ];
    out.push(("huge strings".into(), Body::Json(fill(doc, schema, Fill::Strings(huge), 0))));
    out.push(("unicode".into(), Body::Json(fill(doc, schema, Fill::Strings(unicode), 0))));
    for n in &numbers {
        out.push((format!("numbers {n}"), Body::Json(fill(doc, schema, Fill::Numbers(n), 0))));
    }
    let base = fill(doc, schema, Fill::Plausible, 0);
    let hostile: Vec<(String, Fill<'_>)> =
        [("huge".to_owned(), Fill::Strings(huge)), ("unicode".to_owned(), Fill::Strings(unicode))]
            .into_iter()
            .chain(numbers.iter().map(|n| (n.to_string(), Fill::Numbers(n))))
            .collect();
    for (field, property) in resolve(doc, schema)["properties"].as_object().into_iter().flatten() {
        let plausible = fill(doc, property, Fill::Plausible, 1);
        let mut seen = vec![plausible];
        for (label, how) in &hostile {
            let value = fill(doc, property, *how, 1);
            if seen.contains(&value) {
                continue;
            }
            seen.push(value.clone());
            let mut body = base.clone();
            body[field] = value;
            out.push((format!("{field} {label}"), Body::Json(body)));
        }
    }
    out
}

/// Query strings for an operation's query parameters: every parameter set to each hostile value.
fn queries(operation: &Value) -> Vec<String> {
    let names: Vec<&str> = operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["in"] == "query")
        .filter_map(|p| p["name"].as_str())
        .collect();
    if names.is_empty() {
        return vec![String::new()];
    }
    // Long values, but the whole query stays under the 64 KiB an HTTP client can send in a URI.
    let long = "x".repeat((48 * 1024 / names.len()).min(8 * 1024));
    let values = [
        "abc",
        "-1",
        "99999999999",
        "18446744073709551615",
        "%00",
        "%FF%FE",
        "%E5%90%8D%20%F0%9F%98%80%20a%C3%A7%C3%A3o",
        long.as_str(),
    ];
    let mut out = vec![String::new()];
    for value in values {
        out.push(format!("?{}", names.iter().map(|n| format!("{n}={value}")).collect::<Vec<_>>().join("&")));
    }
    // A parameter given twice.
    out.push(format!("?{0}=a&{0}=b", names[0]));
    out
}

fn concrete(path: &str, value: &str) -> String {
    let mut out = String::new();
    let mut in_param = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push_str(value);
            }
            '}' => in_param = false,
            _ if in_param => {}
            _ => out.push(c),
        }
    }
    out
}

#[tokio::test]
async fn hostile_input_never_gets_a_5xx_and_errors_are_always_json() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let admin_token = app.login(&admin).await;
    let operator = app.create_user("backoffice", "ops@backoffice.example", "administrador").await;
    let operator_token = app.login(&operator).await;
    // Path parameters point at this user, not at the administrator: a fuzzed body may well change
    // the user it targets (a unicode password is a strong one), and the walk goes on as the admin.
    let target = app.create_user("acme", "alvo@acme.example", "atendente").await;
    let target_id = target.id.to_string();
    let doc = fetch_document(&app, "acme.localhost").await;
    let huge = "x".repeat(100 * 1024);
    let callers: [(&str, &str, Option<&str>); 3] = [
        ("tenant administrator", "acme.localhost", Some(&admin_token)),
        ("back-office operator", "backoffice.localhost", Some(&operator_token)),
        ("anonymous", "acme.localhost", None),
    ];

    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut sent = 0;
    for (method, path, operation) in operations(&doc) {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let path_values: &[&str] = if path.contains('{') {
            &[target_id.as_str(), "abc", "-1", "99999999999", "%00", "1.5", "%F0%9F%98%80", "%FF"]
        } else {
            &["1"]
        };
        let bodies = bodies(&doc, &operation, &huge);
        let queries = queries(&operation);
        for (who, host, token) in callers {
            for (i, value) in path_values.iter().enumerate() {
                let concrete_path = concrete(&path, value);
                let mut cases: Vec<(String, String, Body)> = Vec::new();
                // Every body with the first path value; the shortest ones with the others.
                for (label, body) in
                    bodies.iter().filter(|_| i == 0).chain(bodies.iter().skip(2).take(2).filter(|_| i > 0))
                {
                    cases.push((label.clone(), concrete_path.clone(), body.clone()));
                }
                if i == 0 {
                    for query in queries.iter().skip(1) {
                        cases.push((
                            format!("query {}", query.chars().take(60).collect::<String>()),
                            format!("{concrete_path}{query}"),
                            Body::Json(json!({})),
                        ));
                    }
                }
                for (label, url_path, body) in cases {
                    let case = format!("{method} {url_path} ({label}) as {who}");
                    let mut request = app.client.request(method.clone(), app.url(&url_path)).header(HOST, host);
                    if let Some(token) = token {
                        request = request.bearer_auth(token);
                    }
                    request = match body {
                        Body::None => request,
                        Body::Raw(raw) => request.header(CONTENT_TYPE, "application/json").body(raw),
                        Body::Json(value) => request.json(&value),
                    };
                    sent += 1;
                    let response = match request.send().await {
                        Ok(response) => response,
                        Err(err) => {
                            failures.push(format!("{case}: no answer ({err})"));
                            continue;
                        }
                    };
                    let status = response.status();
                    *statuses.entry(status.as_u16()).or_default() += 1;
                    let content_type = response
                        .headers()
                        .get(CONTENT_TYPE)
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_owned();
                    let text = match response.text().await {
                        Ok(text) => text,
                        Err(err) => {
                            failures.push(format!("{case}: {status}, body cut ({err})"));
                            continue;
                        }
                    };
                    if status.is_server_error() {
                        failures.push(format!("{case}: {status} {}", text.chars().take(200).collect::<String>()));
                    } else if !status.is_success() && status != StatusCode::NOT_MODIFIED {
                        let is_json = content_type.starts_with("application/json")
                            && serde_json::from_str::<Value>(&text).is_ok();
                        if !is_json {
                            failures.push(format!(
                                "{case}: {status} without a JSON body ({content_type}: {})",
                                text.chars().take(200).collect::<String>()
                            ));
                        }
                    }
                }
            }
        }
    }
    eprintln!("fuzz: {sent} requests, statuses {statuses:?}");
    assert!(failures.is_empty(), "{} bad answers:\n{}", failures.len(), failures.join("\n"));
    assert!(sent > 1000, "the walk covered the API ({sent} requests)");
    // The server is still healthy: a new session works (the walk logged the first one out, and its
    // wrong passwords put this address over the login rate limit).
    let acme = backoffice::tenancy::TenantName::parse("acme").unwrap();
    let fresh = app.state.keys.issue_access(admin.id, &acme, "after-the-walk").token;
    let me = app.call(Method::GET, "acme.localhost", "/api/auth/userInfo", Some(&fresh), None).await;
    assert_eq!(me.status(), 200);
}

/// What the walk found, pinned down: each answered plain text, a dropped connection, or (on
/// PostgreSQL) a 500 before.
#[tokio::test]
async fn what_the_walk_found_answers_as_the_api_does() {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let token = app.login(&admin).await;
    let call = |method: Method, path: &'static str, body: Option<Value>| {
        let token = token.clone();
        let app = &app;
        async move {
            let response = app.call(method, "acme.localhost", path, Some(&token), body).await;
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.expect("a JSON body"))
        }
    };

    // Path parameters that are not an i32: axum's plain-text 400 before.
    let (status, body) = call(Method::PUT, "/api/users/abc", Some(json!({}))).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("bad_request")));
    assert_eq!(body["message"], "O parâmetro id da URL deve ser um número inteiro válido.");
    assert_eq!(call(Method::DELETE, "/api/users/99999999999", None).await.0, 400);

    // A page past any list: `(page - 1) * limit` overflowed and the connection dropped before.
    let (status, body) = call(Method::GET, "/api/users?page=18446744073709551615", None).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("invalid_page")));
    assert_eq!(body["errors"][0]["field"], "page");

    // Query strings that do not deserialize: plain text before.
    let (status, body) = call(Method::GET, "/api/instance?tenantName=a&tenantName=b", None).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("bad_request")));
    assert_eq!(body["message"], "O parâmetro tenantName foi enviado mais de uma vez.");
    let (status, body) = call(Method::GET, "/api/permission/email", None).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Informe o parâmetro email.")));

    // NUL in text: PostgreSQL refused to store or compare it and the answer was 500.
    let (status, body) = call(Method::POST, "/api/departments", Some(json!({ "name": "Fi\u{0}nanceiro" }))).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("bad_request")));
    let (status, _) = call(Method::GET, "/api/permission/email?email=a%00b", None).await;
    assert_eq!(status, 400);
    let login = app
        .call(
            Method::POST,
            "acme.localhost",
            "/api/auth/login",
            None,
            Some(json!({ "email": "a\u{0}@acme.example", "password": "x" })),
        )
        .await;
    assert_eq!(login.status(), 400);
    // An escaped backslash followed by "u0000" is ordinary text.
    let (status, _) = call(Method::POST, "/api/departments", Some(json!({ "name": "Setor \\u0000" }))).await;
    assert_eq!(status, 201);

    // Optional JSON bodies (refresh, logout) that are not JSON: plain text before.
    let response = app
        .client
        .post(app.url("/api/auth/logout"))
        .header(HOST, "acme.localhost")
        .header(CONTENT_TYPE, "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(response.json::<Value>().await.unwrap()["code"], "bad_request");
}
