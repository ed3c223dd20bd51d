//! Operator set-up: migrating the control database and every tenant, and `init` (the back-office
//! tenant and its first operator).

use sea_orm_migration::MigratorTrait;

use crate::{
    domain::{
        error::{Error, Result},
        sealing, templates,
        tenants::{self, NewTenant},
        users::{self, NewUser},
    },
    secrets::Secrets,
    tenancy::{Databases, TenantName},
};

/// Applies pending control migrations.
pub async fn migrate_control(dbs: &Databases) -> Result<()> {
    control_migrations::Migrator::up(dbs.control(), None).await?;
    Ok(())
}

/// Whether the control database lacks migrations this build knows.
pub async fn control_pending(dbs: &Databases) -> Result<usize> {
    Ok(control_migrations::Migrator::get_pending_migrations(dbs.control()).await?.len())
}

/// Applies pending migrations to one tenant, in one transaction, and adds any route permission
/// the catalogue gained.
/// and seals secrets still stored in clear.
pub async fn migrate_tenant(dbs: &Databases, secrets: &Secrets, name: &TenantName, pool: &str) -> Result<()> {
    migrate_tenant_with::<tenant_migrations::Migrator>(dbs, secrets, name, pool).await
}

/// `migrate_tenant` with another migrator (benchmarks add a migration to measure `migrate`).
pub async fn migrate_tenant_with<M: MigratorTrait>(
    dbs: &Databases,
    secrets: &Secrets,
    name: &TenantName,
    pool: &str,
) -> Result<()> {
    let db = dbs.tenant(name, pool).await?;
    let tx = db.begin().await?;
    M::up(&tx, None).await?;
    templates::sync_permissions(&tx).await?;
    sealing::reseal(&tx, secrets, name).await?;
    tx.commit().await?;
    Ok(())
}

/// How one tenant's migration ended.
#[derive(Debug)]
pub struct TenantMigration {
    pub index: usize,
    pub total: usize,
    pub name: TenantName,
    pub result: Result<()>,
}

/// Migrates control, then every provisioned tenant (deleted ones too: their data is kept), at
/// most `jobs` at a time. Never stops at a failure; `on_done` hears of each tenant as it ends.
/// Returns the names that failed.
pub async fn migrate_all(
    dbs: &Databases,
    secrets: &Secrets,
    jobs: usize,
    on_done: &(dyn Fn(&TenantMigration) + Sync),
) -> Result<Vec<TenantName>> {
    migrate_all_with::<tenant_migrations::Migrator>(dbs, secrets, jobs, on_done).await
}

/// `migrate_all` with another tenant migrator.
pub async fn migrate_all_with<M: MigratorTrait>(
    dbs: &Databases,
    secrets: &Secrets,
    jobs: usize,
    on_done: &(dyn Fn(&TenantMigration) + Sync),
) -> Result<Vec<TenantName>> {
    use futures::StreamExt;
    migrate_control(dbs).await?;
    let all = crate::domain::tenants::all_names(dbs.control()).await?;
    let total = all.len();
    let mut outcomes = futures::stream::iter(all.into_iter().enumerate())
        .map(|(index, (name, pool))| async move {
            let result = migrate_tenant_with::<M>(dbs, secrets, &name, &pool).await;
            TenantMigration { index, total, name, result }
        })
        .buffer_unordered(jobs.max(1));
    let mut failed = Vec::new();
    while let Some(outcome) = outcomes.next().await {
        on_done(&outcome);
        if outcome.result.is_err() {
            failed.push(outcome.name);
        }
    }
    Ok(failed)
}

/// The first operator to create, if any.
#[derive(Debug, Clone, Default)]
pub struct InitOptions {
    pub operator_email: Option<String>,
    pub operator_password: Option<String>,
    pub operator_name: Option<String>,
}

/// What `init` did; re-running it changes nothing that exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitReport {
    pub backoffice_created: bool,
    pub operator: Operator,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operator {
    Created(String),
    AlreadyExists(String),
    NotRequested,
}

/// Migrates control, provisions the back-office tenant and creates its first operator.
pub async fn init(dbs: &Databases, backoffice: &TenantName, options: InitOptions) -> Result<InitReport> {
    migrate_control(dbs).await?;
    let backoffice_created = match tenants::find_by_name(dbs.control(), backoffice).await {
        Ok(_) => false,
        Err(Error::NotFound { .. }) => {
            let new = NewTenant {
                name: Some(backoffice.clone()),
                plan: Some("enterprise".into()),
                template: Some("default".into()),
                ..Default::default()
            };
            tenants::provision(dbs, new, None).await?;
            true
        }
        Err(other) => return Err(other),
    };
    let operator = match (options.operator_email, options.operator_password) {
        (Some(email), Some(password)) => {
            let tenant = tenants::find_by_name(dbs.control(), backoffice).await?;
            let db = dbs.tenant(backoffice, &tenant.pool).await?;
            let tx = db.begin().await?;
            let outcome = if users::find_by_email(&tx, &email).await?.is_some() {
                Operator::AlreadyExists(email)
            } else {
                let new = NewUser {
                    name: options.operator_name.unwrap_or_else(|| "Operador".into()),
                    email: email.clone(),
                    password,
                    role: templates::ADMIN_ROLE.into(),
                    ..Default::default()
                };
                let created = users::create(&tx, new, 0).await?;
                Operator::Created(created.email)
            };
            tx.commit().await?;
            outcome
        }
        (Some(_), None) | (None, Some(_)) => {
            return Err(Error::invalid(
                "operator_incomplete",
                "Informe --operator-email e --operator-password juntos.",
            ));
        }
        (None, None) => Operator::NotRequested,
    };
    Ok(InitReport { backoffice_created, operator })
}
