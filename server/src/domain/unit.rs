//! `Unit`: one transaction on a tenant's database plus the facts it raised.
//!
//! Domain functions that change something other people must learn about take a `&Unit`, do their
//! writes through it (it is a [`ConnectionTrait`], so every `&impl ConnectionTrait` helper takes
//! it too) and [`raise`](Unit::raise) what happened. [`Unit::commit`] commits and only then
//! publishes; a unit dropped without a commit rolls back and publishes nothing. Handlers therefore
//! never publish events themselves: they begin a unit, call the domain, commit.

use std::sync::{Arc, Mutex};

use sea_orm::{ConnectionTrait, DbBackend, DbErr, ExecResult, QueryResult, Statement};

use crate::{
    domain::events::{Publisher, Raised, SubscriberCache},
    tenancy::{TenantDb, TenantName, Writing},
};

/// A transaction on one tenant's database and what it raised.
pub struct Unit {
    tx: Writing,
    tenant: TenantName,
    publisher: Arc<dyn Publisher>,
    raised: Mutex<Vec<Raised>>,
}

impl Unit {
    /// Begins a unit on `db`; what it raises goes to `publisher` after the commit.
    pub async fn begin(db: &TenantDb, publisher: Arc<dyn Publisher>) -> Result<Self, DbErr> {
        Ok(Self { tx: db.write().await?, tenant: db.name().clone(), publisher, raised: Mutex::new(Vec::new()) })
    }

    /// The tenant this unit writes to.
    pub fn tenant(&self) -> &TenantName {
        &self.tenant
    }

    /// Where the process keeps the tenants' webhook subscribers (`domain::webhook_events`).
    pub fn subscriber_cache(&self) -> Option<&dyn SubscriberCache> {
        self.publisher.subscriber_cache()
    }

    /// Records a fact to publish after the commit.
    pub fn raise(&self, raised: impl Into<Raised>) {
        self.lock().push(raised.into());
    }

    /// Commits, then publishes what was raised, in order.
    pub async fn commit(self) -> Result<(), DbErr> {
        let raised = std::mem::take(&mut *self.lock());
        self.tx.commit().await?;
        for fact in raised {
            self.publisher.publish(&self.tenant, fact);
        }
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Raised>> {
        self.raised.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for Unit {
    fn get_database_backend(&self) -> DbBackend {
        self.tx.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.tx.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.tx.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.tx.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.tx.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.tx.support_returning()
    }
}
