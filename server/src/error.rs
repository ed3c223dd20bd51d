//! `AppError`: the HTTP layer's one error type and its JSON form (DESIGN §6).
//!
//! Client errors answer `{"code":"snake_case","message":"texto em pt_BR","errors":[{"field","message"}]}`
//! with their status. Internal errors are logged once, here, with their cause, and reach the
//! client as an opaque 500 without details.

use axum::{
    Json,
    http::StatusCode,
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
}

impl AppError {
    fn parts(&self) -> (StatusCode, &'static str, String, &[FieldError]) {
        use domain::Error as D;
        match self {
            Self::TenantNotFound => (StatusCode::NOT_FOUND, "tenant_not_found", "Tenant não encontrado.".into(), &[]),
            Self::NotFound => (StatusCode::NOT_FOUND, "not_found", "Recurso não encontrado.".into(), &[]),
            Self::BadRequest(message) => (StatusCode::BAD_REQUEST, "bad_request", message.clone(), &[]),
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
        let (status, code, message, fields) = self.parts();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let body = json!({ "code": code, "message": message, "errors": fields });
        (status, Json(body)).into_response()
    }
}

/// Result of a handler.
pub type AppResult<T> = Result<T, AppError>;
