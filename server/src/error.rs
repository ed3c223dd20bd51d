//! `AppError`: the transports' one error type, and the one table of how each error reads on the
//! wire (docs/contracts.md#api-conventions).
//!
//! [`AppError::describe`] gives every error its status, stable `code` and pt_BR message; REST
//! answers it as `{"code","message","errors":[{"field","message"}]}` and GraphQL as an error whose
//! extensions carry the same `code` (and field errors), so the two never drift. The four 401
//! answers keep their exact bodies (docs/auth.md#the-401-contract). Internal errors are logged
//! once, here, with their cause, and reach the client as an opaque 500 without details.

use std::time::Duration;

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header::RETRY_AFTER},
    response::{IntoResponse, Response},
};
use serde_json::{Value, json};

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
    /// The 401 contract.
    #[error("unauthorized: {0:?}")]
    Unauthorized(Unauthorized),
    /// Wrong email or password, whatever the cause — a blocked account included (no oracle).
    #[error("login failed")]
    LoginFailed,
    /// The body is larger than the API accepts.
    #[error("payload too large")]
    PayloadTooLarge,
    /// The body is not JSON (`Content-Type`): refused before it is read, which also keeps other
    /// sites' forms and "simple" cross-site requests out (CSRF).
    #[error("unsupported media type")]
    UnsupportedMediaType,
    /// The client took longer than allowed to send the body.
    #[error("request body timeout")]
    BodyTimeout,
    /// The server took longer than allowed to answer (`REQUEST_TIMEOUT_SECONDS`).
    #[error("request timeout")]
    RequestTimeout,
    /// A provider's event whose signature (or instance) does not check out.
    #[error("invalid provider signature")]
    ProviderSignature,
    /// Too many attempts; retry after the given time.
    #[error("rate limited")]
    RateLimited(Duration),
    /// A failure of the server itself (logged; the client sees only that it failed).
    #[error("internal error: {0}")]
    Internal(String),
}

/// The four 401 answers the web client reacts to (docs/auth.md#the-401-contract), with their exact bodies.
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

impl Unauthorized {
    /// The contract's text for this case.
    pub fn text(self) -> &'static str {
        match self {
            Self::NoToken => "Authorization Token not found",
            Self::Invalid => "Token is Invalid",
            Self::AccessExpired => "Token has expired",
            Self::RefreshExpired => "Token is Expired",
        }
    }

    /// The contract's exact JSON body.
    pub fn body(self) -> Value {
        match self {
            Self::AccessExpired => json!({ "errors": [{ "message": self.text() }] }),
            _ => json!({ "status": self.text() }),
        }
    }
}

/// The failed-login message (docs/contracts.md#error-messages), for every cause.
pub const LOGIN_FAILED: &str = "Email ou/e senha errado(s)";

/// Texts shared by REST and GraphQL.
pub mod messages {
    pub const TENANT_NOT_FOUND: &str = "Tenant não encontrado.";
    pub const NOT_FOUND: &str = "Recurso não encontrado.";
    pub const PAYLOAD_TOO_LARGE: &str =
        "O corpo da requisição é grande demais (máximo de 2 MB; 16 MB para campanhas e arquivos de contatos).";
    pub const INTERNAL: &str = "Erro interno. Tente novamente em instantes.";
    pub const NOT_JSON: &str = "Envie o corpo como JSON (Content-Type: application/json).";
    pub const BODY_TIMEOUT: &str = "O corpo da requisição demorou demais para chegar.";

    /// The rate-limit message for a wait of `seconds`.
    pub fn rate_limited(seconds: u64) -> String {
        format!("Muitas tentativas. Tente novamente em {seconds} segundos.")
    }
}

/// How an error reads on the wire, whatever the transport.
#[derive(Debug, Clone)]
pub struct Described {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub fields: Vec<FieldError>,
}

impl AppError {
    /// The one table: status, code and message of every error.
    pub fn describe(&self) -> Described {
        use domain::Error as D;
        let plain = |status, code, message: String| Described { status, code, message, fields: Vec::new() };
        match self {
            Self::TenantNotFound => plain(StatusCode::NOT_FOUND, "tenant_not_found", messages::TENANT_NOT_FOUND.into()),
            Self::NotFound => plain(StatusCode::NOT_FOUND, "not_found", messages::NOT_FOUND.into()),
            Self::BadRequest(message) => plain(StatusCode::BAD_REQUEST, "bad_request", message.clone()),
            Self::Unauthorized(kind) => plain(StatusCode::UNAUTHORIZED, "unauthorized", kind.text().into()),
            Self::LoginFailed => plain(StatusCode::UNAUTHORIZED, "invalid_credentials", LOGIN_FAILED.into()),
            Self::RateLimited(retry) | Self::Domain(D::Throttled { retry_after: retry }) => {
                plain(StatusCode::TOO_MANY_REQUESTS, "rate_limited", messages::rate_limited(retry.as_secs().max(1)))
            }
            Self::PayloadTooLarge => {
                plain(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", messages::PAYLOAD_TOO_LARGE.into())
            }
            Self::UnsupportedMediaType => {
                plain(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", messages::NOT_JSON.into())
            }
            Self::BodyTimeout => plain(StatusCode::REQUEST_TIMEOUT, "body_timeout", messages::BODY_TIMEOUT.into()),
            Self::RequestTimeout => plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "request_timeout",
                "A requisição demorou demais para ser atendida e foi interrompida. Tente novamente.".into(),
            ),
            Self::ProviderSignature => plain(
                StatusCode::UNAUTHORIZED,
                "invalid_signature",
                "Assinatura do provedor ausente, inválida ou expirada.".into(),
            ),
            Self::Domain(D::Invalid { code, message, fields }) => Described {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code,
                message: message.clone(),
                fields: fields.clone(),
            },
            Self::Domain(D::NotFound { code, message }) => plain(StatusCode::NOT_FOUND, code, message.clone()),
            Self::Domain(D::Conflict { code, message }) => plain(StatusCode::CONFLICT, code, message.clone()),
            Self::Domain(D::Forbidden { code, message }) => plain(StatusCode::FORBIDDEN, code, message.clone()),
            Self::Domain(D::Unavailable(_)) => plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "database_unavailable",
                "O banco de dados não está respondendo. Tente novamente em instantes.".into(),
            ),
            Self::Domain(D::Storage(_) | D::Db(_) | D::Internal(_)) | Self::Internal(_) => {
                plain(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", messages::INTERNAL.into())
            }
        }
    }

    /// How long a rate-limited caller should wait (the `Retry-After` of REST and of GraphQL).
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            Self::RateLimited(retry_after) | Self::Domain(domain::Error::Throttled { retry_after }) => {
                Some(Duration::from_secs(retry_after.as_secs().max(1)))
            }
            _ => None,
        }
    }

    /// Logs a server-side failure once, with its cause (never shown to the client). An outage is
    /// a warning: it is not a bug, and every request during it would repeat the same line.
    pub fn log_if_internal(&self, surface: &'static str) {
        match self {
            Self::Domain(domain::Error::Unavailable(cause)) => tracing::warn!(cause, surface, "database unavailable"),
            _ if self.describe().status.is_server_error() => tracing::error!(error = %self, surface, "request failed"),
            _ => {}
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Self::Unauthorized(kind) = self {
            return (StatusCode::UNAUTHORIZED, Json(kind.body())).into_response();
        }
        self.log_if_internal("rest");
        let described = self.describe();
        let body = json!({ "code": described.code, "message": described.message, "errors": described.fields });
        let mut response = (described.status, Json(body)).into_response();
        if let Some(retry_after) = self.retry_after() {
            response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(retry_after.as_secs()));
        }
        response
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(err: sea_orm::DbErr) -> Self {
        Self::Domain(err.into())
    }
}

/// Result of a handler.
pub type AppResult<T> = Result<T, AppError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_401_keeps_the_exact_body_of_the_contract() {
        assert_eq!(Unauthorized::NoToken.body(), json!({ "status": "Authorization Token not found" }));
        assert_eq!(Unauthorized::Invalid.body(), json!({ "status": "Token is Invalid" }));
        assert_eq!(Unauthorized::AccessExpired.body(), json!({ "errors": [{ "message": "Token has expired" }] }));
        assert_eq!(Unauthorized::RefreshExpired.body(), json!({ "status": "Token is Expired" }));
    }

    #[test]
    fn internal_causes_never_reach_the_message() {
        let described = AppError::Internal("secret detail".into()).describe();
        assert_eq!(described.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!described.message.contains("secret"));
    }
}
