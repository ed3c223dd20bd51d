//! A tenant `acme` with its administrator, one instance on a fake provider, and attendants made
//! on demand: what the agent-tool suites (notes, tags) start from.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use super::{
    TestApp, TestUser,
    provider::FakeProvider,
    socket::{Socket, next_event},
};

pub const HOST: &str = "acme.localhost";

pub struct Team {
    pub app: TestApp,
    pub admin: TestUser,
    pub admin_token: String,
    pub instance: i32,
}

impl Team {
    /// `acme`, its administrator and "WhatsApp Vendas" on a fresh fake provider.
    pub async fn start() -> (Self, FakeProvider) {
        Self::start_with(|_| {}).await
    }

    /// The same, on a server whose configuration `adjust` changes too (private webhooks).
    pub async fn start_with(adjust: impl FnOnce(&mut backoffice::config::Config)) -> (Self, FakeProvider) {
        let app = TestApp::spawn_with(|config| {
            config.allow_private_providers = true;
            adjust(config);
        })
        .await;
        let admin = app.tenant_with_admin("acme").await;
        let admin_token = app.login(&admin).await;
        let provider = FakeProvider::start().await;
        let instance = app.instance_with_provider("acme", &admin_token, "WhatsApp Vendas", &provider).await;
        (Self { app, admin, admin_token, instance }, provider)
    }

    /// Switches one of acme's features on.
    pub async fn feature(&self, option: &str) {
        let control = self.app.dbs().control();
        let name = backoffice::tenancy::TenantName::parse("acme").unwrap();
        let record = backoffice::domain::tenants::find_by_name(control, &name).await.unwrap();
        let bus: &dyn backoffice::domain::events::Publisher = &self.app.state.bus;
        backoffice::domain::tenants::set_feature(control, &record, option, true, bus).await.unwrap();
    }

    /// A call on acme's host: the status and the JSON answer (`Null` when there is none).
    pub async fn call(&self, token: &str, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let response = self.app.call(method, HOST, path, Some(token), body).await;
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// An attendant linked to `instances`, with a token.
    pub async fn agent(&self, name: &str, instances: &[i32]) -> (TestUser, String) {
        let (_, roles) = self.call(&self.admin_token, Method::GET, "/api/permission", None).await;
        let role = roles.as_array().unwrap().iter().find(|r| r["name"] == "atendente").unwrap()["id"].clone();
        let email = format!("{}@acme.example", name.to_lowercase());
        let body = json!({ "name": name, "email": email, "password": "Senha#Forte!9", "role_id": role,
                           "chosen_instances": instances });
        let (status, created) = self.call(&self.admin_token, Method::POST, "/api/users", Some(body)).await;
        assert_eq!(status, 201, "{created}");
        let user = TestUser {
            id: created["id"].as_i64().unwrap() as i32,
            tenant: "acme".into(),
            email,
            password: "Senha#Forte!9".into(),
        };
        let token = self.app.login(&user).await;
        (user, token)
    }
}

/// The events a socket receives until `wait` passes without one.
pub async fn drain(socket: &mut Socket, wait: Duration) -> Vec<Value> {
    let mut events = Vec::new();
    while let Some(event) = next_event(socket, wait).await {
        events.push(event);
    }
    events
}

/// The events of one name.
pub fn named<'a>(events: &'a [Value], name: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == name).collect()
}
