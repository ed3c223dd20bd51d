//! Creating a tenant's storage whole or not at all: a transaction on PostgreSQL (DDL is
//! transactional there), a staged file renamed into place on SQLite.

use std::path::PathBuf;

use sea_orm::{ConnectionTrait, DatabaseConnection, DatabaseTransaction};

use super::StorageError;

/// A tenant's storage being created: everything done through [`Provisioning::tx`] becomes visible
/// at once on [`Provisioning::commit`], or not at all.
pub struct Provisioning {
    pub(super) tx: DatabaseTransaction,
    pub(super) sqlite: Option<SqliteStaging>,
}

/// On SQLite the tenant is built in `NAME.db.provisioning` and renamed into place when complete.
pub(super) struct SqliteStaging {
    pub(super) conn: DatabaseConnection,
    pub(super) staging: PathBuf,
    pub(super) target: PathBuf,
}

impl Provisioning {
    pub fn tx(&self) -> &DatabaseTransaction {
        &self.tx
    }

    /// Makes the tenant's storage exist, complete.
    pub async fn commit(self) -> Result<(), StorageError> {
        self.tx.commit().await?;
        if let Some(staging) = self.sqlite {
            // A control database is created in place; a tenant's is staged and renamed into place.
            let staged = staging.staging != staging.target;
            if staged {
                // WAL mode is kept in the file's header: switched here, before the file is renamed
                // into place, no opener of the tenant has to switch it — a switch takes the file's
                // exclusive lock, and a second opener meeting it was refused with `SQLITE_BUSY` at
                // connect (a CI flake). Nothing is written in WAL mode, and closing the only
                // connection removes the empty `-wal` and `-shm` files.
                staging.conn.execute_unprepared("PRAGMA journal_mode = WAL").await?;
            }
            staging.conn.close().await?;
            if staged {
                std::fs::rename(&staging.staging, &staging.target)
                    .map_err(|source| StorageError::Io { path: staging.target.clone(), source })?;
            }
        }
        Ok(())
    }

    /// Leaves no trace of the attempt.
    pub async fn abort(self) {
        let _ = self.tx.rollback().await;
        if let Some(staging) = self.sqlite {
            let _ = staging.conn.close().await;
            if staging.staging != staging.target {
                let _ = std::fs::remove_file(&staging.staging);
            }
        }
    }
}
