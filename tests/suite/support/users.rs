//! Builders for users and sessions.

use backoffice::domain::{
    tenants,
    users::{self, NewUser},
};
use reqwest::{Method, header::HOST};
use serde_json::{Value, json};

use super::TestApp;

/// A strong password every test user gets.
pub const PASSWORD: &str = "Senha#Forte!9";

/// A user's credentials on a tenant.
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: i32,
    pub tenant: String,
    pub email: String,
    pub password: String,
}

impl TestUser {
    pub fn host(&self) -> String {
        format!("{}.localhost", self.tenant)
    }
}

impl TestApp {
    /// Creates a user with `role` on `tenant` (which must exist).
    pub async fn create_user(&self, tenant: &str, email: &str, role: &str) -> TestUser {
        let db = self.tenant_db(tenant).await;
        let tx = db.begin().await.unwrap();
        let new = NewUser {
            name: "Pessoa de Teste".into(),
            email: email.into(),
            password: PASSWORD.into(),
            role: role.into(),
            ..Default::default()
        };
        let user = users::create(&tx, new, 0).await.expect("user created");
        tx.commit().await.unwrap();
        TestUser { id: user.id, tenant: tenant.into(), email: email.into(), password: PASSWORD.into() }
    }

    /// A tenant on plan `pro` (two-factor available) with an administrator.
    pub async fn tenant_with_admin(&self, tenant: &str) -> TestUser {
        let created = self.create_tenant(tenant).await;
        tenants::set_feature(self.dbs().control(), &created, "two_factor", true, &self.state.bus).await.unwrap();
        self.create_user(tenant, &format!("admin@{tenant}.example"), "administrador").await
    }

    /// Any request on a host, with an optional bearer token and JSON body.
    pub async fn call(
        &self,
        method: Method,
        host: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> reqwest::Response {
        let mut request = self.client.request(method, self.url(path)).header(HOST, host);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request sent")
    }

    /// `POST /api/auth/login` as `user`, answering the raw response.
    pub async fn login_response(&self, user: &TestUser, password: &str) -> reqwest::Response {
        let body = json!({ "email": user.email, "password": password, "ip": "203.0.113.5" });
        self.call(Method::POST, &user.host(), "/api/auth/login", None, Some(body)).await
    }

    /// Logs in and returns the access token.
    pub async fn login(&self, user: &TestUser) -> String {
        let response = self.login_response(user, &user.password).await;
        assert_eq!(response.status(), 200, "login of {}", user.email);
        let body: Value = response.json().await.unwrap();
        body["access_token"].as_str().expect("access_token").to_owned()
    }
}

/// The refresh cookie's value from a response.
pub fn refresh_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("bo_refresh="))
        .and_then(|v| v.trim_start_matches("bo_refresh=").split(';').next().map(str::to_owned))
        .filter(|v| !v.is_empty())
}

impl TestApp {
    /// An instance on `tenant`, created directly in its database (connected, no provider).
    pub async fn create_instance(&self, tenant: &str, name: &str) -> i32 {
        use backoffice::entities::tenant::instance;
        use sea_orm::{ActiveModelTrait, Set};
        let db = self.tenant_db(tenant).await;
        let tx = db.begin().await.unwrap();
        let created = instance::ActiveModel {
            name: Set(name.into()),
            activated: Set(true),
            is_official: Set(true),
            is_unlimited: Set(false),
            status: Set("connected".into()),
            ..Default::default()
        }
        .insert(&tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
        created.id
    }
}

impl TestApp {
    /// Turns two-factor on for `user` (logged in with a fresh `token`): enrolls, confirms with the
    /// code of this moment, and answers the secret.
    pub async fn enroll_two_factor(&self, user: &TestUser, token: &str) -> String {
        let settings = format!("/api/user-settings/{}", user.id);
        let host = user.host();
        let enrolled: Value = self
            .call(Method::PATCH, &host, &settings, Some(token), Some(json!({ "action": "enroll" })))
            .await
            .json()
            .await
            .unwrap();
        let secret = enrolled["secret"].as_str().expect("enrollment answers the secret").to_owned();
        let now = chrono::Utc::now().timestamp() as u64;
        let code = backoffice::domain::auth::two_factor::code_at(&secret, now).unwrap();
        let confirm = json!({ "action": "confirm", "code": code });
        let confirmed = self.call(Method::PATCH, &host, &settings, Some(token), Some(confirm)).await;
        assert_eq!(confirmed.status(), 200, "two-factor confirmed");
        secret
    }
}
