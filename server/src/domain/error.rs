//! `domain::Error`: what can go wrong in a domain operation, with a stable `code` and a pt_BR
//! message for client errors. The HTTP layer maps variants to statuses; the CLI prints messages.
//!
//! Unique-constraint violations are turned into `Conflict` here, once, instead of in each caller.

use sea_orm::{DbErr, SqlErr};

use crate::tenancy::StorageError;

/// One invalid field of a request.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        Self { field: field.to_owned(), message: message.into() }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request is well formed but breaks a rule (422).
    #[error("{message}")]
    Invalid { code: &'static str, message: String, fields: Vec<FieldError> },
    /// The thing does not exist, or is not visible to the caller (404).
    #[error("{message}")]
    NotFound { code: &'static str, message: String },
    /// It already exists or collides with existing data (409).
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// The caller may not do this (403).
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    /// A tenant's storage could not be reached.
    #[error(transparent)]
    Storage(StorageError),
    /// Anything else from the database: logged, never shown.
    #[error(transparent)]
    Db(DbErr),
}

impl Error {
    pub fn invalid(code: &'static str, message: impl Into<String>) -> Self {
        Self::Invalid { code, message: message.into(), fields: Vec::new() }
    }

    /// A 422 for one field: `message` is both the summary and the field's error.
    pub fn invalid_field(code: &'static str, field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Invalid { code, fields: vec![FieldError::new(field, message.clone())], message }
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::NotFound { code, message: message.into() }
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::Conflict { code, message: message.into() }
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::Forbidden { code, message: message.into() }
    }
}

impl From<DbErr> for Error {
    fn from(err: DbErr) -> Self {
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => {
                Self::conflict("already_exists", "Já existe um registro com estes dados.")
            }
            Some(SqlErr::ForeignKeyConstraintViolation(_)) => {
                Self::conflict("in_use", "O registro está em uso por outros dados e não pode ser alterado assim.")
            }
            _ => Self::Db(err),
        }
    }
}

impl From<StorageError> for Error {
    fn from(err: StorageError) -> Self {
        match err {
            StorageError::Db(db) => db.into(),
            other => Self::Storage(other),
        }
    }
}

/// The domain's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;
