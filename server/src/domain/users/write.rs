//! Creating and changing users. Every rule is checked before anything is written, and all
//! problems of a request are reported together as field errors (pt_BR).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, Set,
};

use crate::{
    domain::{
        error::{Error, FieldError, Result},
        events::Raised,
        passwords,
        unit::Unit,
        users::{WEAK_PASSWORD, count_active, find_person, parse_email},
    },
    entities::tenant::{department, instance, role, user, user_instance, user_setting},
};

/// A user to create.
#[derive(Debug, Clone, Default)]
pub struct NewUser {
    pub name: String,
    pub email: String,
    /// Derived from the email when absent.
    pub username: Option<String>,
    pub password: String,
    /// Role name, e.g. `administrador` (used when `role_id` is absent).
    pub role: String,
    pub role_id: Option<i32>,
    /// Department name (used when `department_id` is absent).
    pub department: Option<String>,
    pub department_id: Option<i32>,
    /// Instances the user works on.
    pub instances: Vec<i32>,
    pub image: Option<String>,
    /// An integration account that cannot log into the UI (see docs/decisions.md).
    pub is_functional: bool,
}

/// Fields to change; `None` leaves a field as it is (the spec's "only email" / "only name" calls).
#[derive(Debug, Clone, Default)]
pub struct UserChanges {
    pub name: Option<String>,
    pub username: Option<String>,
    pub email: Option<String>,
    pub image: Option<Option<String>>,
    pub role_id: Option<i32>,
    pub department_id: Option<Option<i32>>,
    pub instances: Option<Vec<i32>>,
    pub password: Option<String>,
}

fn check_name(name: &str, fields: &mut Vec<FieldError>) -> String {
    let name = name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 120 {
        fields.push(FieldError::new("name", "Informe um nome de até 120 caracteres."));
    }
    name
}

fn check_username(username: &str, fields: &mut Vec<FieldError>) -> String {
    let username = username.trim().to_owned();
    let valid = (3..=60).contains(&username.chars().count())
        && username.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if !valid {
        fields.push(FieldError::new("username", "O usuário deve ter de 3 a 60 letras, números, ponto, _ ou -."));
    }
    username
}

fn check_image(image: &str, fields: &mut Vec<FieldError>) {
    if image.len() > 2048
        || !(image.starts_with("https://") || image.starts_with("http://") || image.starts_with("data:image/"))
    {
        fields.push(FieldError::new("image", "A imagem deve ser um endereço http(s) de até 2048 caracteres."));
    }
}

fn failed(fields: Vec<FieldError>) -> Error {
    Error::Invalid {
        code: "validation_failed",
        message: fields.first().map(|f| f.message.clone()).unwrap_or_default(),
        fields,
    }
}

/// Whether a username is in use (only to derive a free one from an email: a taken email or
/// username sent by the client is the unique constraint's to refuse, see `domain::error`).
async fn username_taken(db: &impl ConnectionTrait, username: &str) -> Result<bool> {
    Ok(user::Entity::find().filter(user::Column::Username.eq(username)).count(db).await? > 0)
}

async fn check_instances(db: &impl ConnectionTrait, ids: &[i32], fields: &mut Vec<FieldError>) -> Result<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let found = instance::Entity::find().filter(instance::Column::Id.is_in(ids.to_vec())).count(db).await?;
    let mut distinct = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if found != distinct.len() as u64 {
        fields.push(FieldError::new("chosen_instances", "Uma ou mais instâncias escolhidas não existem."));
    }
    Ok(())
}

async fn link_instances(db: &impl ConnectionTrait, user_id: i32, ids: &[i32]) -> Result<()> {
    user_instance::Entity::delete_many().filter(user_instance::Column::UserId.eq(user_id)).exec(db).await?;
    let mut distinct = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.is_empty() {
        return Ok(());
    }
    let rows = distinct.into_iter().map(|instance_id| user_instance::ActiveModel {
        user_id: Set(user_id),
        instance_id: Set(instance_id),
        ..Default::default()
    });
    user_instance::Entity::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}

/// Creates a user. `user_limit` is the tenant's (0 = unlimited); the check and the insert are
/// serialized per tenant so two concurrent creations cannot both take the last seat.
pub async fn create(db: &impl ConnectionTrait, new: NewUser, user_limit: i32) -> Result<user::Model> {
    let mut fields = Vec::new();
    let name = check_name(&new.name, &mut fields);
    let email = parse_email(&new.email).map_err(|msg| fields.push(FieldError::new("email", msg))).ok();
    if passwords::strength(&new.password) < passwords::MIN_STRENGTH {
        fields.push(FieldError::new("password", WEAK_PASSWORD));
    }
    let username = new.username.as_deref().filter(|u| !u.trim().is_empty()).map(|u| check_username(u, &mut fields));
    if let Some(image) = &new.image {
        check_image(image, &mut fields);
    }
    let role = match new.role_id {
        Some(id) => role::Entity::find_by_id(id).one(db).await?,
        None => role::Entity::find().filter(role::Column::Name.eq(new.role.as_str())).one(db).await?,
    };
    if role.is_none() {
        fields.push(FieldError::new("role_id", "O perfil escolhido não existe."));
    }
    let department = match (new.department_id, new.department.as_deref()) {
        (Some(id), _) => Some(department::Entity::find_by_id(id).one(db).await?),
        (None, Some(name)) => Some(department::Entity::find().filter(department::Column::Name.eq(name)).one(db).await?),
        (None, None) => None,
    };
    if matches!(department, Some(None)) {
        fields.push(FieldError::new("user_department_id", "O departamento escolhido não existe."));
    }
    check_instances(db, &new.instances, &mut fields).await?;
    let (Some(email), Some(role), true) = (email, role, fields.is_empty()) else {
        return Err(failed(fields));
    };

    lock_user_seats(db).await?;
    if user_limit > 0 && count_active(db).await? >= user_limit as u64 {
        return Err(Error::invalid(
            "user_limit_reached",
            format!("Limite de {user_limit} usuários do plano atingido."),
        ));
    }
    let username = match username {
        Some(username) => username,
        None => free_username(db, &email).await?,
    };
    let now = Utc::now();
    let created = user::ActiveModel {
        name: Set(name),
        username: Set(username),
        email: Set(email),
        image: Set(new.image),
        // New accounts (the API, the CLI's import, the seeder) hash on a share of their own, so
        // creating many never delays a tenant's logins (decision 158).
        password_hash: Set(passwords::hash(passwords::NEW_ACCOUNTS, &new.password).await),
        role_id: Set(role.id),
        department_id: Set(department.flatten().map(|d| d.id)),
        is_connected: Set(false),
        is_functional: Set(new.is_functional),
        blocked_at: Set(None),
        failed_logins: Set(0),
        valid_after: Set(now),
        last_login_at: Set(None),
        deleted_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    user_setting::ActiveModel {
        user_id: Set(created.id),
        two_factor_enabled: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    link_instances(db, created.id, &new.instances).await?;
    Ok(created)
}

/// Changes the given fields of a user. A new password ends the user's sessions.
pub async fn update(unit: &Unit, id: i32, changes: UserChanges) -> Result<user::Model> {
    let db = unit;
    let entitlement = changes.role_id.is_some() || changes.department_id.is_some() || changes.instances.is_some();
    let found = find_person(db, id).await?;
    let mut fields = Vec::new();
    let name = changes.name.as_deref().map(|n| check_name(n, &mut fields));
    let email = match changes.email.as_deref() {
        Some(raw) => parse_email(raw).map_err(|msg| fields.push(FieldError::new("email", msg))).ok(),
        None => None,
    };
    let username = changes.username.as_deref().map(|u| check_username(u, &mut fields));
    if let Some(Some(image)) = &changes.image {
        check_image(image, &mut fields);
    }
    if let Some(password) = &changes.password
        && passwords::strength(password) < passwords::MIN_STRENGTH
    {
        fields.push(FieldError::new("password", WEAK_PASSWORD));
    }
    if let Some(role_id) = changes.role_id
        && role::Entity::find_by_id(role_id).one(db).await?.is_none()
    {
        fields.push(FieldError::new("role_id", "O perfil escolhido não existe."));
    }
    if let Some(Some(department_id)) = changes.department_id
        && department::Entity::find_by_id(department_id).one(db).await?.is_none()
    {
        fields.push(FieldError::new("user_department_id", "O departamento escolhido não existe."));
    }
    if let Some(instances) = &changes.instances {
        check_instances(db, instances, &mut fields).await?;
    }
    if !fields.is_empty() {
        return Err(failed(fields));
    }
    let mut active = found.into_active_model();
    if let Some(name) = name {
        active.name = Set(name);
    }
    if let Some(email) = email {
        active.email = Set(email);
    }
    if let Some(username) = username {
        active.username = Set(username);
    }
    if let Some(image) = changes.image {
        active.image = Set(image);
    }
    if let Some(role_id) = changes.role_id {
        active.role_id = Set(role_id);
    }
    if let Some(department_id) = changes.department_id {
        active.department_id = Set(department_id);
    }
    if let Some(password) = &changes.password {
        super::sessions::end_all(unit, id).await?;
        active.password_hash = Set(passwords::hash(unit.tenant().as_str(), password).await);
    }
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    if let Some(instances) = &changes.instances {
        link_instances(db, id, instances).await?;
    }
    // Role, department, instances, block or profile: cached copies and open sockets catch up.
    unit.raise(Raised::AuthChanged { user_id: Some(id), entitlement });
    Ok(updated)
}

/// Serializes seat-taking within one tenant. PostgreSQL: a transaction-scoped advisory lock keyed
/// by the tenant's schema. SQLite: a tenant has one connection, so writers are serialized already.
async fn lock_user_seats(db: &impl ConnectionTrait) -> Result<()> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':user_seats'))").await?;
    }
    Ok(())
}

async fn free_username(db: &impl ConnectionTrait, email: &str) -> Result<String> {
    let base: String = email
        .split('@')
        .next()
        .unwrap_or("usuario")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        .take(40)
        .collect();
    let base = if base.len() < 3 { format!("usuario{base}") } else { base };
    for suffix in 0..1000 {
        let candidate = if suffix == 0 { base.clone() } else { format!("{base}{suffix}") };
        if !username_taken(db, &candidate).await? {
            return Ok(candidate);
        }
    }
    Err(Error::conflict("username_taken", "Não foi possível gerar um nome de usuário livre."))
}
