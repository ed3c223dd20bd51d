//! `AppError`: the HTTP layer's one error type and its JSON form (DESIGN §6).
//!
//! Client errors answer `{"code":"snake_case","message":"texto em pt_BR","errors":[{"field","message"}]}`
//! with their status. Internal errors are logged once, here, with their cause, and reach the
//! client as an opaque 500 without details.

use std::time::Duration;

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header::RETRY_AFTER},
    response::{IntoResponse, Response},
};
use serde_json::json;

use crate::domain::{self, FieldError};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Domain(#[from] domain::Error),
    /// The host names no active tenant.
    #[error("tenant not found")]
    TenantNotFound,
    /// No route at this path.
    #[error("not found")]
    NotFound,
    /// A malformed request (bad JSON, wrong types).
    #[error("{0}")]
    BadRequest(String),
    /// The 401 contract (spec §8).
    #[error("unauthorized: {0:?}")]
    Unauthorized(Unauthorized),
    /// Wrong email or password, whatever the cause. `hint` only after a right password.
    #[error("login failed")]
    LoginFailed { hint: Option<&'static str> },
    /// The body is larger than the API accepts.
    #[error("payload too large")]
    PayloadTooLarge,
    /// Too many attempts; retry after the given time.
    #[error("rate limited")]
    RateLimited(Duration),
}

/// The four 401 answers the web client reacts to (spec §8), with their exact bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unauthorized {
    /// `{"status":"Authorization Token not found"}`: no bearer token.
    NoToken,
    /// `{"status":"Token is Invalid"}`: bad signature, other tenant, revoked user, malformed.
    Invalid,
    /// `{"errors":[{"message":"Token has expired"}]}`: the client refreshes and retries.
    AccessExpired,
    /// `{"status":"Token is Expired"}`: refreshing is impossible; log in again.
    RefreshExpired,
}

/// The failed-login message of spec §5/§8, for every cause.
pub const LOGIN_FAILED: &str = "Email ou/e senha errado(s)";

impl AppError {
    fn parts(&self) -> (StatusCode, &'static str, String, &[FieldError]) {
        use domain::Error as D;
        match self {
            Self::TenantNotFound => (StatusCode::NOT_FOUND, "tenant_not_found", "Tenant não encontrado.".into(), &[]),
            Self::NotFound => (StatusCode::NOT_FOUND, "not_found", "Recurso não encontrado.".into(), &[]),
            Self::BadRequest(message) => (StatusCode::BAD_REQUEST, "bad_request", message.clone(), &[]),
            Self::Unauthorized(_) | Self::LoginFailed { .. } => {
                (StatusCode::UNAUTHORIZED, "unauthorized", LOGIN_FAILED.into(), &[])
            }
            Self::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "rate_limited", String::new(), &[]),
            Self::PayloadTooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "O corpo da requisição é grande demais (máximo de 2 MB).".into(),
                &[],
            ),
            Self::Domain(D::Invalid { code, message, fields }) => {
                (StatusCode::UNPROCESSABLE_ENTITY, code, message.clone(), fields)
            }
            Self::Domain(D::NotFound { code, message }) => (StatusCode::NOT_FOUND, code, message.clone(), &[]),
            Self::Domain(D::Conflict { code, message }) => (StatusCode::CONFLICT, code, message.clone(), &[]),
            Self::Domain(D::Forbidden { code, message }) => (StatusCode::FORBIDDEN, code, message.clone(), &[]),
            Self::Domain(D::Storage(_) | D::Db(_)) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "Erro interno. Tente novamente em instantes.".into(),
                &[],
            ),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match self {
            Self::Unauthorized(kind) => {
                let body = match kind {
                    Unauthorized::NoToken => json!({ "status": "Authorization Token not found" }),
                    Unauthorized::Invalid => json!({ "status": "Token is Invalid" }),
                    Unauthorized::AccessExpired => json!({ "errors": [{ "message": "Token has expired" }] }),
                    Unauthorized::RefreshExpired => json!({ "status": "Token is Expired" }),
                };
                return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
            }
            Self::LoginFailed { hint } => {
                let mut body = json!({ "code": "invalid_credentials", "message": LOGIN_FAILED, "errors": [] });
                if let Some(hint) = hint {
                    body["hint"] = json!(hint);
                }
                return (StatusCode::UNAUTHORIZED, Json(body)).into_response();
            }
            Self::RateLimited(retry_after) => {
                let seconds = retry_after.as_secs().max(1);
                let body = json!({
                    "code": "rate_limited",
                    "message": format!("Muitas tentativas. Tente novamente em {seconds} segundos."),
                    "errors": [],
                });
                let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
                response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(seconds));
                return response;
            }
            _ => {}
        }
        let (status, code, message, fields) = self.parts();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let body = json!({ "code": code, "message": message, "errors": fields });
        (status, Json(body)).into_response()
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(err: sea_orm::DbErr) -> Self {
        Self::Domain(err.into())
    }
}

/// Result of a handler.
pub type AppResult<T> = Result<T, AppError>;
