//! `domain::Error`: what can go wrong in a domain operation, with a stable `code` and a pt_BR
//! message for client errors. The HTTP layer maps variants to statuses; the CLI prints messages.
//!
//! Unique-constraint violations are mapped here, once, per constraint ([`UNIQUE_FACTS`]): the
//! constraint is the only judge of "this email is taken" (a SELECT before the INSERT would race),
//! so the answer is the same whether two requests collided or one came after the other.

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
    /// Too many attempts: try again after `retry_after` (429).
    #[error("too many attempts")]
    Throttled { retry_after: std::time::Duration },
    /// The database does not answer (down, unreachable, out of connections): 503, retry later.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// A tenant's storage could not be reached.
    #[error(transparent)]
    Storage(StorageError),
    /// Anything else from the database: logged, never shown.
    #[error(transparent)]
    Db(DbErr),
    /// Something of ours besides the database failed (media storage, a temporary file): logged,
    /// never shown.
    #[error("{0:#}")]
    Internal(anyhow::Error),
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

    pub fn throttled(retry_after: std::time::Duration) -> Self {
        Self::Throttled { retry_after }
    }
}

/// What a unique constraint means to people: the table and column it guards, and the error.
pub struct UniqueFact {
    pub table: &'static str,
    pub column: &'static str,
    pub code: &'static str,
    /// The request field the error belongs to.
    pub field: &'static str,
    pub message: &'static str,
}

/// Every unique constraint a request can run into, with its one answer (422 on the field).
pub const UNIQUE_FACTS: &[UniqueFact] = &[
    UniqueFact {
        table: "users",
        column: "email",
        code: "email_taken",
        field: "email",
        message: "Este email já está em uso.",
    },
    UniqueFact {
        table: "users",
        column: "username",
        code: "username_taken",
        field: "username",
        message: "Este usuário já está em uso.",
    },
    UniqueFact {
        table: "instances",
        column: "name",
        code: "name_taken",
        field: "name",
        message: "Já existe uma instância com este nome.",
    },
    UniqueFact {
        table: "departments",
        column: "name",
        code: "name_taken",
        field: "name",
        message: "Já existe um departamento com este nome.",
    },
    UniqueFact {
        table: "closing_reasons",
        column: "name",
        code: "name_taken",
        field: "name",
        message: "Já existe um motivo de encerramento com este nome.",
    },
    UniqueFact {
        table: "customer_groups",
        column: "name",
        code: "name_taken",
        field: "name",
        message: "Já existe um grupo de clientes com este nome.",
    },
];

impl UniqueFact {
    /// Whether the database's message is about this constraint: PostgreSQL names the constraint
    /// (`users_email_key`), SQLite the column (`UNIQUE constraint failed: users.email`).
    fn matches(&self, message: &str) -> bool {
        message.contains(&format!("\"{}_{}_key\"", self.table, self.column))
            || message.contains(&format!("{}.{}", self.table, self.column))
    }
}

/// The error a unique-constraint violation stands for.
pub fn unique_violation(message: &str) -> Error {
    match UNIQUE_FACTS.iter().find(|fact| fact.matches(message)) {
        Some(fact) => Error::invalid_field(fact.code, fact.field, fact.message),
        None => Error::conflict("already_exists", "Já existe um registro com estes dados."),
    }
}

/// Whether an error means the database is out of reach, rather than that a statement failed.
fn is_unavailable(err: &DbErr) -> bool {
    use sea_orm::{RuntimeErr, sqlx};
    match err {
        DbErr::ConnectionAcquire(_) => true,
        DbErr::Conn(RuntimeErr::SqlxError(inner))
        | DbErr::Exec(RuntimeErr::SqlxError(inner))
        | DbErr::Query(RuntimeErr::SqlxError(inner)) => {
            matches!(
                **inner,
                sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed
            )
        }
        DbErr::Conn(_) => true,
        _ => false,
    }
}

impl From<DbErr> for Error {
    fn from(err: DbErr) -> Self {
        if is_unavailable(&err) {
            return Self::Unavailable(err.to_string());
        }
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(message)) => unique_violation(&message),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_backend_names_the_violated_constraint_its_own_way() {
        let pg = unique_violation("duplicate key value violates unique constraint \"users_email_key\"");
        let sqlite = unique_violation("UNIQUE constraint failed: users.email");
        for err in [pg, sqlite] {
            assert!(
                matches!(err, Error::Invalid { code: "email_taken", ref fields, .. } if fields[0].field == "email")
            );
        }
        let other = unique_violation("UNIQUE constraint failed: tickets.protocol");
        assert!(matches!(other, Error::Conflict { code: "already_exists", .. }));
        // `users.email` must not be read as `users.emailx` or the reverse.
        let username = unique_violation("duplicate key value violates unique constraint \"users_username_key\"");
        assert!(matches!(username, Error::Invalid { code: "username_taken", .. }));
    }
}
